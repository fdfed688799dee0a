// RUN: ttg-opt %s -split-input-file --tritongpu-accelerate-matmul 2>&1 | FileCheck %s

// sm90 falls back to MMA v2 when v3 cannot take the dot (here K = 16 < 256 / 8 bits for fp8), with a remark
// (reported twice: once by the MMA v5 probe, once by BlockedToMMA). fp8 operands of an MMA v2 dot are then
// promoted to f16 (sm90 has no native fp8 mma.sync).
// CHECK-COUNT-2: remark: MMA version 3 acceleration not applied due to unsupported shapes or data types.
// CHECK: #[[$MMA:.+]] = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#acc = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: @small_k_fp8
  // CHECK: %[[A:.*]] = ttg.convert_layout %arg0 {{.*}} -> tensor<64x16xf8E5M2, #ttg.dot_op<{opIdx = 0, parent = #[[$MMA]], kWidth = 4}>>
  // CHECK: %[[B:.*]] = ttg.convert_layout %arg1 {{.*}} -> tensor<16x64xf8E5M2, #ttg.dot_op<{opIdx = 1, parent = #[[$MMA]], kWidth = 4}>>
  // CHECK-NEXT: %[[PA:.*]] = tt.fp_to_fp %[[A]] : {{.*}} -> tensor<64x16xf16, #ttg.dot_op<{opIdx = 0, parent = #[[$MMA]], kWidth = 4}>>
  // CHECK-NEXT: %[[PB:.*]] = tt.fp_to_fp %[[B]] : {{.*}} -> tensor<16x64xf16, #ttg.dot_op<{opIdx = 1, parent = #[[$MMA]], kWidth = 4}>>
  // CHECK-NEXT: tt.dot %[[PA]], %[[PB]]
  tt.func @small_k_fp8(%a: tensor<64x16xf8E5M2, #ttg.dot_op<{opIdx = 0, parent = #acc}>>, %b: tensor<16x64xf8E5M2, #ttg.dot_op<{opIdx = 1, parent = #acc}>>) -> tensor<64x64xf32, #acc> {
    %cst = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #acc>
    %d = tt.dot %a, %b, %cst : tensor<64x16xf8E5M2, #ttg.dot_op<{opIdx = 0, parent = #acc}>> * tensor<16x64xf8E5M2, #ttg.dot_op<{opIdx = 1, parent = #acc}>> -> tensor<64x64xf32, #acc>
    tt.return %d : tensor<64x64xf32, #acc>
  }
}

// -----

// sm89 has native fp8 MMA v2: no promotion.
// CHECK-LABEL: @native_fp8
// CHECK-NOT: tt.fp_to_fp
// CHECK: tt.dot {{.*}} : tensor<64x32xf8E4M3FN, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> * tensor<32x64xf8E4M3FN, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>> -> tensor<64x64xf32, #mma>
#acc = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:89", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @native_fp8(%a: tensor<64x32xf8E4M3FN, #ttg.dot_op<{opIdx = 0, parent = #acc}>>, %b: tensor<32x64xf8E4M3FN, #ttg.dot_op<{opIdx = 1, parent = #acc}>>) -> tensor<64x64xf32, #acc> {
    %cst = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #acc>
    %d = tt.dot %a, %b, %cst : tensor<64x32xf8E4M3FN, #ttg.dot_op<{opIdx = 0, parent = #acc}>> * tensor<32x64xf8E4M3FN, #ttg.dot_op<{opIdx = 1, parent = #acc}>> -> tensor<64x64xf32, #acc>
    tt.return %d : tensor<64x64xf32, #acc>
  }
}

// -----

// Before sm80 the MMA path is deprecated (remark): the dot stays FMA and its operands are extended to the
// accumulator type.
// CHECK: remark: Dot op using MMA for compute capability 75 has been deprecated. It falls back to the FMA path.
// CHECK-LABEL: @fma_sm75
// CHECK-NOT: #mma
// CHECK: %[[A:.*]] = arith.extf %arg0 : tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> to tensor<32x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
// CHECK-NEXT: %[[B:.*]] = arith.extf %arg1
// CHECK-NEXT: tt.dot %[[A]], %[[B]], %{{.*}} : tensor<32x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x32xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<32x32xf32, #blocked>
#acc = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [4, 8], warpsPerCTA = [2, 2], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:75", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @fma_sm75(%a: tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #acc}>>, %b: tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #acc}>>) -> tensor<32x32xf32, #acc> {
    %cst = arith.constant dense<0.000000e+00> : tensor<32x32xf32, #acc>
    %d = tt.dot %a, %b, %cst : tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #acc}>> * tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #acc}>> -> tensor<32x32xf32, #acc>
    tt.return %d : tensor<32x32xf32, #acc>
  }
}

// -----

// f64 uses the tensor cores only on sm80 and sm90 (kWidth 1); elsewhere it stays FMA.
// CHECK-LABEL: @f64_sm86
// CHECK-NOT: #mma
// CHECK: tt.dot %arg0, %arg1
#acc = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [4, 8], warpsPerCTA = [2, 2], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:86", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @f64_sm86(%a: tensor<32x32xf64, #ttg.dot_op<{opIdx = 0, parent = #acc}>>, %b: tensor<32x32xf64, #ttg.dot_op<{opIdx = 1, parent = #acc}>>) -> tensor<32x32xf64, #acc> {
    %cst = arith.constant dense<0.000000e+00> : tensor<32x32xf64, #acc>
    %d = tt.dot %a, %b, %cst : tensor<32x32xf64, #ttg.dot_op<{opIdx = 0, parent = #acc}>> * tensor<32x32xf64, #ttg.dot_op<{opIdx = 1, parent = #acc}>> -> tensor<32x32xf64, #acc>
    tt.return %d : tensor<32x32xf64, #acc>
  }
}

// -----

// CHECK-LABEL: @f64_sm80
// CHECK: tt.dot {{.*}} : tensor<32x32xf64, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>> * tensor<32x32xf64, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>> -> tensor<32x32xf64, #mma>
#acc = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [4, 8], warpsPerCTA = [2, 2], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @f64_sm80(%a: tensor<32x32xf64, #ttg.dot_op<{opIdx = 0, parent = #acc}>>, %b: tensor<32x32xf64, #ttg.dot_op<{opIdx = 1, parent = #acc}>>) -> tensor<32x32xf64, #acc> {
    %cst = arith.constant dense<0.000000e+00> : tensor<32x32xf64, #acc>
    %d = tt.dot %a, %b, %cst : tensor<32x32xf64, #ttg.dot_op<{opIdx = 0, parent = #acc}>> * tensor<32x32xf64, #ttg.dot_op<{opIdx = 1, parent = #acc}>> -> tensor<32x32xf64, #acc>
    tt.return %d : tensor<32x32xf64, #acc>
  }
}
