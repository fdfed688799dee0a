// RUN: ttg-opt %s -split-input-file --allocate-shared-memory-nv=compute-capability=80 --convert-triton-gpu-to-llvm=compute-capability=80 | FileCheck %s

// Warp-local gather (corpus): each row lives in one warp, one element per lane. Every index register needs
// one shfl.idx from the lane that holds the wanted column; no shared memory.
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func internal @warp_local
  // CHECK-COUNT-8: nvvm.shfl.sync  idx
  // CHECK-NOT: nvvm.shfl.sync
  // CHECK-NOT: nvvm.barrier0
  // CHECK-NOT: llvm.store
  // CHECK: llvm.return
  tt.func private @warp_local(%arg0: tensor<32x32xf32, #blocked>, %arg1: tensor<32x32xi32, #blocked>) -> tensor<32x32xf32, #blocked> {
    %0 = tt.gather %arg0[%arg1] {axis = 1 : i32} : (tensor<32x32xf32, #blocked>, tensor<32x32xi32, #blocked>) -> tensor<32x32xf32, #blocked>
    tt.return %0 : tensor<32x32xf32, #blocked>
  }
}

// -----

// Two source registers per column: two shuffles per index register and a select on the register number.
#blocked = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func internal @two_regs
  // CHECK: nvvm.shfl.sync  idx
  // CHECK: llvm.select
  // CHECK: nvvm.shfl.sync  idx
  // CHECK: llvm.select
  // CHECK-COUNT-6: nvvm.shfl.sync  idx
  // CHECK-NOT: nvvm.shfl.sync
  // CHECK-NOT: nvvm.barrier0
  tt.func private @two_regs(%arg0: tensor<16x32xi16, #blocked>, %arg1: tensor<16x32xi64, #blocked>) -> tensor<16x32xi16, #blocked> {
    %0 = tt.gather %arg0[%arg1] {axis = 1 : i32} : (tensor<16x32xi16, #blocked>, tensor<16x32xi64, #blocked>) -> tensor<16x32xi16, #blocked>
    tt.return %0 : tensor<16x32xi16, #blocked>
  }
}

// -----

// The gather axis spans warps: the source goes to shared memory (row-major), a barrier, and each output
// register loads src[row, index].
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [0, 1]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func internal @through_shared
  // CHECK-NOT: nvvm.shfl.sync
  // CHECK-COUNT-8: llvm.store %{{.*}}, %{{.*}} : f32, !llvm.ptr<3>
  // CHECK: nvvm.barrier0
  // CHECK-COUNT-8: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
  tt.func private @through_shared(%arg0: tensor<32x32xf32, #blocked>, %arg1: tensor<32x32xi32, #blocked1>) -> tensor<32x32xf32, #blocked1> {
    %0 = tt.gather %arg0[%arg1] {axis = 1 : i32} : (tensor<32x32xf32, #blocked>, tensor<32x32xi32, #blocked1>) -> tensor<32x32xf32, #blocked1>
    tt.return %0 : tensor<32x32xf32, #blocked1>
  }
}
