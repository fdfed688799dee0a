// RUN: ttg-opt %s -split-input-file --tritongpu-accelerate-matmul | FileCheck %s

// MMA v2 (sm80): warps balance repM = M/16 against repN = N/8, ties going to M.
// 64x128 with 4 warps: reps (4, 16) -> warps [1, 4].
// CHECK: #[[$MMA:.+]] = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 4], instrShape = [16, 8]}>
#acc = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: @balance_n
  // CHECK: %[[ACC:.*]] = ttg.convert_layout %{{.*}} -> tensor<64x128xf32, #[[$MMA]]>
  // CHECK-NEXT: %[[A:.*]] = ttg.convert_layout %arg0 {{.*}} -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #[[$MMA]], kWidth = 2}>>
  // CHECK-NEXT: %[[B:.*]] = ttg.convert_layout %arg1 {{.*}} -> tensor<32x128xf16, #ttg.dot_op<{opIdx = 1, parent = #[[$MMA]], kWidth = 2}>>
  // CHECK-NEXT: %[[D:.*]] = tt.dot %[[A]], %[[B]], %[[ACC]] {{.*}} -> tensor<64x128xf32, #[[$MMA]]>
  // CHECK-NEXT: ttg.convert_layout %[[D]] : tensor<64x128xf32, #[[$MMA]]> -> tensor<64x128xf32, #blocked>
  tt.func @balance_n(%a: tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #acc}>>, %b: tensor<32x128xf16, #ttg.dot_op<{opIdx = 1, parent = #acc}>>) -> tensor<64x128xf32, #acc> {
    %cst = arith.constant dense<0.000000e+00> : tensor<64x128xf32, #acc>
    %d = tt.dot %a, %b, %cst : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #acc}>> * tensor<32x128xf16, #ttg.dot_op<{opIdx = 1, parent = #acc}>> -> tensor<64x128xf32, #acc>
    tt.return %d : tensor<64x128xf32, #acc>
  }
}

// -----

// 128x64 with 8 warps: reps (8, 8) -> M, (4, 8) -> N, (4, 4) -> M: warps [4, 2].
// CHECK: #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 2], instrShape = [16, 8]}>
#acc = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [2, 16], warpsPerCTA = [8, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:86", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: @balance_m
  tt.func @balance_m(%a: tensor<128x32xbf16, #ttg.dot_op<{opIdx = 0, parent = #acc}>>, %b: tensor<32x64xbf16, #ttg.dot_op<{opIdx = 1, parent = #acc}>>) -> tensor<128x64xf32, #acc> {
    %cst = arith.constant dense<0.000000e+00> : tensor<128x64xf32, #acc>
    %d = tt.dot %a, %b, %cst : tensor<128x32xbf16, #ttg.dot_op<{opIdx = 0, parent = #acc}>> * tensor<32x64xbf16, #ttg.dot_op<{opIdx = 1, parent = #acc}>> -> tensor<128x64xf32, #acc>
    tt.return %d : tensor<128x64xf32, #acc>
  }
}

// -----

// A tile smaller than the warps: the extra warps go to M (16x8 with 4 warps -> [4, 1]).
// CHECK: #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
#acc = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: @tiny
  tt.func @tiny(%a: tensor<16x16xf16, #ttg.dot_op<{opIdx = 0, parent = #acc}>>, %b: tensor<16x8xf16, #ttg.dot_op<{opIdx = 1, parent = #acc}>>) -> tensor<16x8xf32, #acc> {
    %cst = arith.constant dense<0.000000e+00> : tensor<16x8xf32, #acc>
    %d = tt.dot %a, %b, %cst : tensor<16x16xf16, #ttg.dot_op<{opIdx = 0, parent = #acc}>> * tensor<16x8xf16, #ttg.dot_op<{opIdx = 1, parent = #acc}>> -> tensor<16x8xf32, #acc>
    tt.return %d : tensor<16x8xf32, #acc>
  }
}

// -----

// A batched (3-D) dot puts every warp on the batch dim, with instruction shape [1, 16, 8].
// CHECK: #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1, 1], instrShape = [1, 16, 8]}>
#acc = #ttg.blocked<{sizePerThread = [1, 2, 2], threadsPerWarp = [1, 4, 8], warpsPerCTA = [2, 2, 1], order = [2, 1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: @batched
  // CHECK: tt.dot {{.*}} -> tensor<4x32x32xf32, #mma>
  tt.func @batched(%a: tensor<4x32x16xf16, #ttg.dot_op<{opIdx = 0, parent = #acc}>>, %b: tensor<4x16x32xf16, #ttg.dot_op<{opIdx = 1, parent = #acc}>>) -> tensor<4x32x32xf32, #acc> {
    %cst = arith.constant dense<0.000000e+00> : tensor<4x32x32xf32, #acc>
    %d = tt.dot %a, %b, %cst : tensor<4x32x16xf16, #ttg.dot_op<{opIdx = 0, parent = #acc}>> * tensor<4x16x32xf16, #ttg.dot_op<{opIdx = 1, parent = #acc}>> -> tensor<4x32x32xf32, #acc>
    tt.return %d : tensor<4x32x32xf32, #acc>
  }
}

// -----

// Chained dots (connected through operands and results in the same region, transposes excluded): the dot
// rewritten first (the last in the block; the greedy driver works bottom-up) stacks all warps on its longer dim
// (64x256 -> [1, 4]); the other dot reuses those warps instead of balancing its own tile (64x32 alone would get
// [2, 2]).
// CHECK: #[[$MMA:.+]] = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 4], instrShape = [16, 8]}>
// CHECK-NOT: #ttg.nvidia_mma
#acc = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: @chained
  // CHECK: tt.dot {{.*}} -> tensor<64x32xf32, #[[$MMA]]>
  // CHECK: tt.dot {{.*}} -> tensor<64x256xf32, #[[$MMA]]>
  tt.func @chained(%a: tensor<64x16xf16, #ttg.dot_op<{opIdx = 0, parent = #acc}>>, %b: tensor<16x32xf16, #ttg.dot_op<{opIdx = 1, parent = #acc}>>, %c: tensor<32x256xf16, #ttg.dot_op<{opIdx = 1, parent = #acc}>>) -> tensor<64x256xf32, #acc> {
    %cst = arith.constant dense<0.000000e+00> : tensor<64x32xf32, #acc>
    %cst1 = arith.constant dense<0.000000e+00> : tensor<64x256xf32, #acc>
    %d = tt.dot %a, %b, %cst : tensor<64x16xf16, #ttg.dot_op<{opIdx = 0, parent = #acc}>> * tensor<16x32xf16, #ttg.dot_op<{opIdx = 1, parent = #acc}>> -> tensor<64x32xf32, #acc>
    %t = arith.truncf %d : tensor<64x32xf32, #acc> to tensor<64x32xf16, #acc>
    %x = ttg.convert_layout %t : tensor<64x32xf16, #acc> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #acc}>>
    %e = tt.dot %x, %c, %cst1 : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #acc}>> * tensor<32x256xf16, #ttg.dot_op<{opIdx = 1, parent = #acc}>> -> tensor<64x256xf32, #acc>
    tt.return %e : tensor<64x256xf32, #acc>
  }
}
