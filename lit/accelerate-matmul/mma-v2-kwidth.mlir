// RUN: ttg-opt %s -split-input-file --tritongpu-accelerate-matmul | FileCheck %s

// kWidth = 32 / (the smallest element width among the loads feeding either operand through elementwise and
// view ops): a tf32 dot whose A operand was loaded as f16 and extended gets kWidth 2 on both operands.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#acc = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: @tf32_loaded_as_f16
  // CHECK: ttg.convert_layout {{.*}} -> tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
  // CHECK: ttg.convert_layout {{.*}} -> tensor<32x128xf32, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
  // CHECK: tt.dot {{.*}}, inputPrecision = tf32 :
  tt.func @tf32_loaded_as_f16(%pa: tensor<64x32x!tt.ptr<f16>, #blocked>, %b: tensor<32x128xf32, #ttg.dot_op<{opIdx = 1, parent = #acc}>>) -> tensor<64x128xf32, #acc> {
    %cst = arith.constant dense<0.000000e+00> : tensor<64x128xf32, #acc>
    %a = tt.load %pa : tensor<64x32x!tt.ptr<f16>, #blocked>
    %ae = arith.extf %a : tensor<64x32xf16, #blocked> to tensor<64x32xf32, #blocked>
    %ad = ttg.convert_layout %ae : tensor<64x32xf32, #blocked> -> tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #acc}>>
    %d = tt.dot %ad, %b, %cst, inputPrecision = tf32 : tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #acc}>> * tensor<32x128xf32, #ttg.dot_op<{opIdx = 1, parent = #acc}>> -> tensor<64x128xf32, #acc>
    tt.return %d : tensor<64x128xf32, #acc>
  }

  // Without narrower loads, a tf32 dot has kWidth 1 and an int8 dot kWidth 4.
  // CHECK-LABEL: @tf32
  // CHECK: #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>
  tt.func @tf32(%a: tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #acc}>>, %b: tensor<32x128xf32, #ttg.dot_op<{opIdx = 1, parent = #acc}>>) -> tensor<64x128xf32, #acc> {
    %cst = arith.constant dense<0.000000e+00> : tensor<64x128xf32, #acc>
    %d = tt.dot %a, %b, %cst, inputPrecision = tf32 : tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #acc}>> * tensor<32x128xf32, #ttg.dot_op<{opIdx = 1, parent = #acc}>> -> tensor<64x128xf32, #acc>
    tt.return %d : tensor<64x128xf32, #acc>
  }

  // CHECK-LABEL: @int8
  // CHECK: #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>
  // CHECK: -> tensor<64x128xi32, #mma>
  tt.func @int8(%a: tensor<64x32xi8, #ttg.dot_op<{opIdx = 0, parent = #acc}>>, %b: tensor<32x128xi8, #ttg.dot_op<{opIdx = 1, parent = #acc}>>) -> tensor<64x128xi32, #acc> {
    %cst = arith.constant dense<0> : tensor<64x128xi32, #acc>
    %d = tt.dot %a, %b, %cst : tensor<64x32xi8, #ttg.dot_op<{opIdx = 0, parent = #acc}>> * tensor<32x128xi8, #ttg.dot_op<{opIdx = 1, parent = #acc}>> -> tensor<64x128xi32, #acc>
    tt.return %d : tensor<64x128xi32, #acc>
  }

  // An IEEE f32 dot has no MMA form: it stays on the FMA path, unchanged.
  // CHECK-LABEL: @ieee_f32
  // CHECK-NOT: #mma
  // CHECK: tt.dot {{.*}} -> tensor<64x128xf32, #blocked1>
  tt.func @ieee_f32(%a: tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #acc}>>, %b: tensor<32x128xf32, #ttg.dot_op<{opIdx = 1, parent = #acc}>>) -> tensor<64x128xf32, #acc> {
    %cst = arith.constant dense<0.000000e+00> : tensor<64x128xf32, #acc>
    %d = tt.dot %a, %b, %cst : tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #acc}>> * tensor<32x128xf32, #ttg.dot_op<{opIdx = 1, parent = #acc}>> -> tensor<64x128xf32, #acc>
    tt.return %d : tensor<64x128xf32, #acc>
  }
}
