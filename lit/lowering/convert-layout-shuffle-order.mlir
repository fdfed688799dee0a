// RUN: ttg-opt %s --allocate-shared-memory-nv=compute-capability=80 --convert-triton-gpu-to-llvm=compute-capability=80 | FileCheck %s

// One register bit swapped with one lane bit, by warp shuffles in the order of Triton's transferWithinWarp: every
// register is packed, every value to send is selected, all shuffles are issued, then the received values are
// selected into place.
#src = #ttg.blocked<{sizePerThread = [16, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 1], order = [1, 0]}>
#dst = #ttg.blocked<{sizePerThread = [8, 2], threadsPerWarp = [2, 16], warpsPerCTA = [1, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func internal @swap_one_bit
  // CHECK-COUNT-16: llvm.bitcast %{{.*}} : f32 to i32
  // CHECK-COUNT-16: llvm.select %{{.*}} : i1, i32
  // CHECK-NOT: llvm.bitcast
  // CHECK-COUNT-16: nvvm.shfl.sync  idx
  // CHECK-NOT: nvvm.shfl.sync
  // CHECK-COUNT-16: llvm.select %{{.*}} : i1, i32
  // CHECK: llvm.return
  tt.func private @swap_one_bit(%arg0: tensor<16x32xf32, #src>) -> tensor<16x32xf32, #dst> {
    %0 = ttg.convert_layout %arg0 : tensor<16x32xf32, #src> -> tensor<16x32xf32, #dst>
    tt.return %0 : tensor<16x32xf32, #dst>
  }
}
