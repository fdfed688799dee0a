// RUN: ttg-opt %s -split-input-file --allocate-shared-memory-nv=compute-capability=90 --convert-triton-gpu-to-llvm=compute-capability=90 | FileCheck %s
// RUN: ttg-opt %s -split-input-file --allocate-shared-memory-nv=compute-capability=90 --convert-triton-gpu-to-llvm=compute-capability=90 --convert-nv-gpu-to-llvm | FileCheck %s --check-prefix=PTX

// A scalar atomic add of 0 with acquire/relaxed semantics is a load (Triton's ld.acquire promotion): nvg.ld_acquire
// predicated on the one thread that holds the scalar, then `mov` + `ld.global.<scope>.<sem>` PTX; the result reaches
// every thread through shared memory.
// CHECK-LABEL: llvm.func @ld_acquire
// CHECK: nvg.ld_acquire acquire, cta, %{{.*}}, %{{.*}} : (!llvm.ptr<1>) -> f32
// CHECK: st.shared.b32
// CHECK: nvvm.barrier0
// CHECK: nvg.ld_acquire relaxed, gpu
// CHECK-NOT: atom.global
// PTX-LABEL: llvm.func @ld_acquire
// PTX: "mov.u32 $0, 0x0;\0A\09@$2 ld.global.cta.acquire.b32 $0, [ $1 + 0 ];", "=r,l,b"
// PTX: ld.global.gpu.relaxed.b32
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @ld_acquire(%p: !tt.ptr<f32>, %q: !tt.ptr<i32>) {
    %zero = arith.constant 0.000000e+00 : f32
    %izero = arith.constant 0 : i32
    %true = arith.constant true
    %0 = tt.atomic_rmw fadd, acquire, cta, %p, %zero, %true : (!tt.ptr<f32>, f32, i1) -> f32
    tt.store %p, %0 : !tt.ptr<f32>
    %1 = tt.atomic_rmw add, relaxed, gpu, %q, %izero, %true : (!tt.ptr<i32>, i32, i1) -> i32
    tt.store %q, %1 : !tt.ptr<i32>
    tt.return
  }
}

// -----

// A non-zero addend, or acq_rel semantics, keeps the atomic.
// CHECK-LABEL: llvm.func @keeps_atom
// CHECK-NOT: nvg.ld_acquire
// CHECK: atom.global.gpu.acquire.add.f32
// CHECK: atom.global.gpu.acq_rel.add.f32
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @keeps_atom(%p: !tt.ptr<f32>, %v: f32) {
    %zero = arith.constant 0.000000e+00 : f32
    %true = arith.constant true
    %0 = tt.atomic_rmw fadd, acquire, gpu, %p, %v, %true : (!tt.ptr<f32>, f32, i1) -> f32
    tt.store %p, %0 : !tt.ptr<f32>
    %1 = tt.atomic_rmw fadd, acq_rel, gpu, %p, %zero, %true : (!tt.ptr<f32>, f32, i1) -> f32
    tt.store %p, %1 : !tt.ptr<f32>
    tt.return
  }
}

// -----

// With one CTA the CTA id of the redundant-thread predicate is folded to 0 after the conversion (the dead
// nvg.cluster_id stays for canonicalize, as in Triton); with several, nvg.cluster_id stays and becomes
// %cluster_ctarank, and the kernel asks for that many CTAs per cluster.
// CHECK-LABEL: llvm.func @cluster
// CHECK: nvvm.cluster_dim = array<i32: 2>
// CHECK: %[[ID:.*]] = nvg.cluster_id
// CHECK: llvm.and %[[ID]]
// PTX-LABEL: llvm.func @cluster
// PTX: nvvm.read.ptx.sreg.cluster.ctarank
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0], CGALayout = [[0]]}>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @cluster(%p: tensor<128x!tt.ptr<f32>, #blocked>, %v: tensor<128xf32, #blocked>) {
    tt.store %p, %v : tensor<128x!tt.ptr<f32>, #blocked>
    tt.return
  }
}
