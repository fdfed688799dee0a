// RUN: ttg-opt %s --triton-reorder-broadcast | FileCheck %s
// Splats and broadcasts moved after elementwise ops.
// The CHECK lines are Triton 3.6.0's output for this input (its wheel, printed without locations).

// CHECK:      module {
// CHECK-NEXT:   tt.func @k(%arg0: f32, %arg1: tensor<64x1xf32>, %arg2: tensor<64x1xi32>) -> (tensor<64x32xf32>, tensor<64x32xf32>, tensor<64x32xi1>) {
// CHECK-NEXT:     %cst = arith.constant dense<7> : tensor<64x1xi32>
// CHECK-NEXT:     %cst_0 = arith.constant dense<2.000000e+00> : tensor<64x1xf32>
// CHECK-NEXT:     %cst_1 = arith.constant 2.000000e+00 : f32
// CHECK-NEXT:     %0 = arith.mulf %arg0, %cst_1 : f32
// CHECK-NEXT:     %1 = math.exp %0 : f32
// CHECK-NEXT:     %2 = tt.splat %1 : f32 -> tensor<64x32xf32>
// CHECK-NEXT:     %3 = arith.addf %arg1, %cst_0 : tensor<64x1xf32>
// CHECK-NEXT:     %4 = tt.splat %arg0 : f32 -> tensor<64x1xf32>
// CHECK-NEXT:     %5 = arith.addf %3, %4 : tensor<64x1xf32>
// CHECK-NEXT:     %6 = tt.broadcast %5 : tensor<64x1xf32> -> tensor<64x32xf32>
// CHECK-NEXT:     %7 = arith.cmpi slt, %arg2, %cst : tensor<64x1xi32>
// CHECK-NEXT:     %8 = tt.broadcast %7 : tensor<64x1xi1> -> tensor<64x32xi1>
// CHECK-NEXT:     tt.return %2, %6, %8 : tensor<64x32xf32>, tensor<64x32xf32>, tensor<64x32xi1>
// CHECK-NEXT:   }
// CHECK-NEXT: }
tt.func @k(%x: f32, %y: tensor<64x1xf32>, %z: tensor<64x1xi32>) -> (tensor<64x32xf32>, tensor<64x32xf32>, tensor<64x32xi1>) {
  %0 = tt.splat %x : f32 -> tensor<64x32xf32>
  %c = arith.constant dense<2.000000e+00> : tensor<64x32xf32>
  %1 = arith.mulf %0, %c : tensor<64x32xf32>
  %2 = math.exp %1 : tensor<64x32xf32>
  %3 = tt.broadcast %y : tensor<64x1xf32> -> tensor<64x32xf32>
  %4 = arith.addf %3, %c : tensor<64x32xf32>
  %5 = arith.addf %4, %0 : tensor<64x32xf32>
  %6 = tt.broadcast %z : tensor<64x1xi32> -> tensor<64x32xi32>
  %ci = arith.constant dense<7> : tensor<64x32xi32>
  %7 = arith.cmpi slt, %6, %ci : tensor<64x32xi32>
  tt.return %2, %5, %7 : tensor<64x32xf32>, tensor<64x32xf32>, tensor<64x32xi1>
}
