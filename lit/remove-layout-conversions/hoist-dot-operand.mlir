// RUN: ttg-opt %s -split-input-file -tritongpu-remove-layout-conversions | FileCheck %s

// In a loop whose dot post-dominates the convert, a convert to a dot operand is moved up to the load through
// data-movement-free ops (elementwise, broadcast, views), which are recomputed in the dot operand layout.

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @hoist_to_load
  // CHECK: %[[L:.*]] = tt.load
  // CHECK-NEXT: %[[C:.*]] = ttg.convert_layout %[[L]] : tensor<128x32xf16, #blocked> -> tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
  // CHECK-NEXT: %[[M:.*]] = arith.mulf %[[C]], %{{.*}} : tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
  // CHECK-NEXT: tt.dot %[[M]]
  tt.func @hoist_to_load(%p: tensor<128x32x!tt.ptr<f16>, #blocked>, %b: tensor<32x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %acc0: tensor<128x128xf32, #mma>, %lb: i32, %ub: i32, %st: i32) -> tensor<128x128xf32, #mma> {
    %scale = arith.constant dense<2.000000e+00> : tensor<128x32xf16, #blocked>
    %r = scf.for %i = %lb to %ub step %st iter_args(%acc = %acc0) -> (tensor<128x128xf32, #mma>) : i32 {
      %0 = tt.load %p : tensor<128x32x!tt.ptr<f16>, #blocked>
      %1 = arith.mulf %0, %scale : tensor<128x32xf16, #blocked>
      %2 = ttg.convert_layout %1 : tensor<128x32xf16, #blocked> -> tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %3 = tt.dot %2, %b, %acc : tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<128x128xf32, #mma>
      scf.yield %3 : tensor<128x128xf32, #mma>
    }
    tt.return %r : tensor<128x128xf32, #mma>
  }
}
