// RUN: ttg-opt %s --allocate-shared-memory --convert-triton-gpu-to-llvm | FileCheck %s

// Modules nested in the top one are allocated and converted too (Triton walks the whole module): the top module's
// ttg.shared covers the nested functions' scratch (2 bytes: the bf16 result broadcast through shared memory), and
// each nested module's own `ttg.target` decides how a bf16 atomic is lowered (Triton's
// getNVIDIAComputeCapability of the enclosing module): an LLVM atomicrmw before sm90, PTX atom.add.bf16 from sm90.
// CHECK: module attributes {ttg.shared = 2 : i32}
// CHECK-NEXT: llvm.mlir.global external @global_smem
// CHECK: ttg.target = "cuda:80"
// CHECK: llvm.func @add_bf16
// CHECK: llvm.atomicrmw fadd %{{.*}}, %{{.*}} syncscope("device") acq_rel : !llvm.ptr<1>, bf16
// CHECK: ttg.target = "cuda:90"
// CHECK: llvm.func @add_bf16
// CHECK-NOT: llvm.atomicrmw
// CHECK: atom.global.gpu.acq_rel.add.noftz.bf16
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @add_bf16(%p: !tt.ptr<bf16>, %v: bf16, %out: !tt.ptr<bf16>) {
    %true = arith.constant true
    %0 = tt.atomic_rmw fadd, acq_rel, gpu, %p, %v, %true : (!tt.ptr<bf16>, bf16, i1) -> bf16
    tt.store %out, %0 : !tt.ptr<bf16>
    tt.return
  }
}
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @add_bf16(%p: !tt.ptr<bf16>, %v: bf16, %out: !tt.ptr<bf16>) {
    %true = arith.constant true
    %0 = tt.atomic_rmw fadd, acq_rel, gpu, %p, %v, %true : (!tt.ptr<bf16>, bf16, i1) -> bf16
    tt.store %out, %0 : !tt.ptr<bf16>
    tt.return
  }
}
