// RUN: ttg-opt %s -split-input-file --tritongpu-reduce-data-duplication | FileCheck %s

// Conversions that need no shared memory are kept: register permutations (an MMA v2 accumulator reused as
// the A operand of the same MMA layout), warp shuffles (a blocked layout to its own FMA dot operand), and
// conversions to other layouts than dot operands.
#blocked = #ttg.blocked<{sizePerThread = [1, 64], threadsPerWarp = [16, 2], warpsPerCTA = [2, 2], order = [0, 1]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: @mma_to_own_operand
  // CHECK-NOT: ttg.local_alloc
  // CHECK: ttg.convert_layout
  tt.func @mma_to_own_operand(%arg0: tensor<64x32xf16, #mma>) -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> {
    %0 = ttg.convert_layout %arg0 : tensor<64x32xf16, #mma> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    tt.return %0 : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
  }

  // CHECK-LABEL: @blocked_to_fma_operand
  // CHECK-NOT: ttg.local_alloc
  // CHECK: ttg.convert_layout
  tt.func @blocked_to_fma_operand(%arg0: tensor<64x64xf16, #blocked>) -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> {
    %0 = ttg.convert_layout %arg0 : tensor<64x64xf16, #blocked> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
    tt.return %0 : tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
  }

  // CHECK-LABEL: @not_a_dot_operand
  // CHECK-NOT: ttg.local_alloc
  // CHECK: ttg.convert_layout
  tt.func @not_a_dot_operand(%arg0: tensor<64x64xf16, #blocked>) -> tensor<64x64xf16, #blocked1> {
    %0 = ttg.convert_layout %arg0 : tensor<64x64xf16, #blocked> -> tensor<64x64xf16, #blocked1>
    tt.return %0 : tensor<64x64xf16, #blocked1>
  }
}

// -----

// An 8-bit MMA v3 accumulator read back as the register A operand of the same layout (kWidth 4, one warp column)
// needs no shared memory either.
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 32]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: @mmav3_fp8_operand_a
  // CHECK-NOT: ttg.local_alloc
  // CHECK: ttg.convert_layout
  tt.func @mmav3_fp8_operand_a(%arg0: tensor<128x64xf8E5M2, #mma>) -> tensor<128x64xf8E5M2, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> {
    %0 = ttg.convert_layout %arg0 : tensor<128x64xf8E5M2, #mma> -> tensor<128x64xf8E5M2, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>
    tt.return %0 : tensor<128x64xf8E5M2, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>
  }
}
