// RUN: ttg-opt %s -split-input-file --allocate-shared-memory-nv --convert-triton-gpu-to-llvm | FileCheck %s

// Before sm90 PTX has no bf16 atom.add: each element is an LLVM atomicrmw (a CAS loop once compiled) behind a
// branch on its predicate, as Triton 3.6 lowers it. A used scalar result goes through shared memory.
// CHECK-LABEL: llvm.func @scalar
// CHECK: llvm.cond_br %{{.*}}, ^bb1, ^bb2(%{{.*}} : bf16)
// CHECK: ^bb1:
// CHECK-NEXT: %[[OLD:.*]] = llvm.atomicrmw fadd %{{.*}}, %{{.*}} syncscope("device") acq_rel : !llvm.ptr<1>, bf16
// CHECK-NEXT: llvm.store %[[OLD]], %{{.*}} : bf16, !llvm.ptr<3>
// CHECK-NEXT: llvm.br ^bb2(%[[OLD]] : bf16)
// CHECK: ^bb2(%{{.*}}: bf16):
// CHECK-NEXT: nvvm.barrier0
// CHECK-NEXT: llvm.load %{{.*}} : !llvm.ptr<3> -> bf16
// CHECK-NOT: atom.global
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @scalar(%p: !tt.ptr<bf16>, %v: bf16, %out: !tt.ptr<bf16>) {
    %true = arith.constant true
    %0 = tt.atomic_rmw fadd, acq_rel, gpu, %p, %v, %true : (!tt.ptr<bf16>, bf16, i1) -> bf16
    tt.store %out, %0 : !tt.ptr<bf16>
    tt.return
  }
}

// -----

// A tensor: one guarded atomic per element, the old value from the block argument.
// CHECK-LABEL: llvm.func @tensor
// CHECK-COUNT-2: llvm.atomicrmw fadd %{{.*}}, %{{.*}} syncscope("device") monotonic
// CHECK-NOT: llvm.atomicrmw
#blocked = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @tensor(%p: tensor<64x!tt.ptr<bf16>, #blocked>, %v: tensor<64xbf16, #blocked>) {
    %0 = tt.atomic_rmw fadd, relaxed, gpu, %p, %v : (tensor<64x!tt.ptr<bf16>, #blocked>, tensor<64xbf16, #blocked>) -> tensor<64xbf16, #blocked>
    tt.return
  }
}
