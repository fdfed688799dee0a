// RUN: ttg-opt %s -split-input-file --tritongpu-optimize-dot-operands | FileCheck %s

// The pass first canonicalizes, and applies the convert_layout canonicalizations itself: a convert of a
// constant becomes a constant of the converted type.
#blocked = #ttg.blocked<{sizePerThread = [2, 2], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: @convert_of_constant
  // CHECK-NEXT: %[[C:.*]] = arith.constant dense<1.000000e+00> : tensor<32x32xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>>
  // CHECK-NEXT: tt.return %[[C]]
  tt.func @convert_of_constant() -> tensor<32x32xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>> {
    %cst = arith.constant dense<1.000000e+00> : tensor<32x32xf32, #blocked>
    %0 = ttg.convert_layout %cst : tensor<32x32xf32, #blocked> -> tensor<32x32xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>>
    tt.return %0 : tensor<32x32xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>>
  }
}
