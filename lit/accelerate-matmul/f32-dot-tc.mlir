// RUN: ttg-opt %s -split-input-file --tritongpu-F32DotTC | FileCheck %s
// RUN: ttg-opt %s -split-input-file '--tritongpu-F32DotTC=emu-tf32=true' | FileCheck %s --check-prefix=EMU

// The pass that runs before accelerate-matmul: bf16x3 splits each f32 operand into bf16 hi/lo parts and sums
// lo*hi + hi*lo (NaNs zeroed) + hi*hi into a zero accumulator, then adds the original accumulator.
#blocked = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:80"} {
  // CHECK-LABEL: @bf16x3
  // CHECK: %[[Z:.*]] = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #blocked>
  // CHECK: %[[AH:.*]] = arith.truncf %arg0 {{.*}} to tensor<64x32xbf16
  // CHECK: %[[AE:.*]] = arith.extf %[[AH]]
  // CHECK: %[[AR:.*]] = arith.subf %arg0, %[[AE]]
  // CHECK: %[[AL:.*]] = arith.truncf %[[AR]]
  // CHECK: %[[BH:.*]] = arith.truncf %arg1
  // CHECK: %[[BL:.*]] = arith.truncf
  // CHECK: %[[D1:.*]] = tt.dot %[[AL]], %[[BH]], %[[Z]] :
  // CHECK: %[[D2:.*]] = tt.dot %[[AH]], %[[BL]], %[[D1]] :
  // CHECK: %[[NAN:.*]] = arith.cmpf uno, %[[D2]], %[[D2]]
  // CHECK: %[[M:.*]] = arith.select %[[NAN]], %[[Z]], %[[D2]]
  // CHECK: %[[D3:.*]] = tt.dot %[[AH]], %[[BH]], %[[M]] :
  // CHECK: arith.addf %[[D3]], %arg2
  tt.func @bf16x3(%a: tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<64x64xf32, #blocked>) -> tensor<64x64xf32, #blocked> {
    %d = tt.dot %a, %b, %c, inputPrecision = bf16x3 : tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xf32, #blocked>
    tt.return %d : tensor<64x64xf32, #blocked>
  }

  // bf16x6 uses three parts and six products: mid*mid, lo*hi, hi*lo, mid*hi, hi*mid, then hi*hi.
  // CHECK-LABEL: @bf16x6
  // CHECK-COUNT-6: tt.dot
  // CHECK-NOT: tt.dot
  tt.func @bf16x6(%a: tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<64x64xf32, #blocked>) -> tensor<64x64xf32, #blocked> {
    %d = tt.dot %a, %b, %c, inputPrecision = bf16x6 : tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xf32, #blocked>
    tt.return %d : tensor<64x64xf32, #blocked>
  }

  // tf32x3 is only decomposed with emu-tf32: big = cvt.rna.tf32 rounding, small = remainder.
  // CHECK-LABEL: @tf32x3
  // CHECK: tt.dot %arg0, %arg1, %arg2, inputPrecision = tf32x3
  // EMU-LABEL: @tf32x3
  // EMU: %[[AB:.*]] = tt.elementwise_inline_asm "cvt.rna.tf32.f32 $0, $1;" {constraints = "=r,r", packed_element = 1 : i32, pure = true} %arg0
  // EMU: %[[AS:.*]] = arith.subf %arg0, %[[AB]]
  // EMU: %[[BB:.*]] = tt.elementwise_inline_asm
  // EMU: %[[BS:.*]] = arith.subf %arg1, %[[BB]]
  // EMU: %[[D1:.*]] = tt.dot %[[AS]], %[[BB]], %{{.*}}, inputPrecision = tf32
  // EMU: %[[D2:.*]] = tt.dot %[[AB]], %[[BS]], %[[D1]], inputPrecision = tf32
  // EMU: arith.cmpf uno, %[[D2]], %[[D2]]
  // EMU: %[[D3:.*]] = tt.dot %[[AB]], %[[BB]], %{{.*}}, inputPrecision = tf32
  // EMU: arith.addf %[[D3]], %arg2
  tt.func @tf32x3(%a: tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<64x64xf32, #blocked>) -> tensor<64x64xf32, #blocked> {
    %d = tt.dot %a, %b, %c, inputPrecision = tf32x3 : tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xf32, #blocked>
    tt.return %d : tensor<64x64xf32, #blocked>
  }
}
