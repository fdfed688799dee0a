// RUN: ttg-opt %s --triton-combine | FileCheck %s
// dot + add, select of a masked load, addptr chains (constant offsets, hint kept).
// The CHECK lines are Triton 3.6.0's output for this input (its wheel, printed without locations).

// CHECK:      module {
// CHECK-NEXT:   tt.func @k(%arg0: tensor<64x!tt.ptr<f32>>, %arg1: i1, %arg2: tensor<32x32xf32>, %arg3: tensor<32x32xf32>, %arg4: tensor<32x32xf32>, %arg5: !tt.ptr<f32>, %arg6: i32) -> (tensor<64xf32>, tensor<32x32xf32>, tensor<64x!tt.ptr<f32>>, !tt.ptr<f32>) {
// CHECK-NEXT:     %cst = arith.constant dense<12> : tensor<64xi32>
// CHECK-NEXT:     %c3_i32 = arith.constant 3 : i32
// CHECK-NEXT:     %cst_0 = arith.constant dense<1.000000e+00> : tensor<64xf32>
// CHECK-NEXT:     %0 = tt.dot %arg2, %arg3, %arg4 : tensor<32x32xf32> * tensor<32x32xf32> -> tensor<32x32xf32>
// CHECK-NEXT:     %1 = tt.splat %arg1 : i1 -> tensor<64xi1>
// CHECK-NEXT:     %2 = tt.load %arg0, %1, %cst_0 : tensor<64x!tt.ptr<f32>>
// CHECK-NEXT:     %3 = tt.addptr %arg0, %cst {tt.divisibility = dense<16> : tensor<64xi32>} : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
// CHECK-NEXT:     %4 = tt.addptr %arg5, %arg6 : !tt.ptr<f32>, i32
// CHECK-NEXT:     %5 = tt.addptr %4, %c3_i32 : !tt.ptr<f32>, i32
// CHECK-NEXT:     tt.return %2, %0, %3, %5 : tensor<64xf32>, tensor<32x32xf32>, tensor<64x!tt.ptr<f32>>, !tt.ptr<f32>
// CHECK-NEXT:   }
// CHECK-NEXT: }
tt.func @k(%p: tensor<64x!tt.ptr<f32>>, %c: i1, %a: tensor<32x32xf32>, %b: tensor<32x32xf32>, %d: tensor<32x32xf32>, %q: !tt.ptr<f32>, %i: i32) -> (tensor<64xf32>, tensor<32x32xf32>, tensor<64x!tt.ptr<f32>>, !tt.ptr<f32>) {
  %zero = arith.constant dense<0.000000e+00> : tensor<32x32xf32>
  %0 = tt.dot %a, %b, %zero : tensor<32x32xf32> * tensor<32x32xf32> -> tensor<32x32xf32>
  %1 = arith.addf %d, %0 : tensor<32x32xf32>
  %m = tt.splat %c : i1 -> tensor<64xi1>
  %other = arith.constant dense<1.000000e+00> : tensor<64xf32>
  %l = tt.load %p, %m : tensor<64x!tt.ptr<f32>>
  %s = arith.select %c, %l, %other : tensor<64xf32>
  %c4 = arith.constant dense<4> : tensor<64xi32>
  %c8 = arith.constant dense<8> : tensor<64xi32>
  %p1 = tt.addptr %p, %c4 : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
  %p2 = tt.addptr %p1, %c8 {tt.divisibility = dense<16> : tensor<64xi32>} : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
  %ci = arith.constant 3 : i32
  %q1 = tt.addptr %q, %i : !tt.ptr<f32>, i32
  %q2 = tt.addptr %q1, %ci : !tt.ptr<f32>, i32
  tt.return %s, %1, %p2, %q2 : tensor<64xf32>, tensor<32x32xf32>, tensor<64x!tt.ptr<f32>>, !tt.ptr<f32>
}
