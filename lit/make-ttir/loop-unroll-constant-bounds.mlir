// RUN: ttg-opt %s --triton-loop-unroll | FileCheck %s
// Constant bounds: 10/3 -> 4 iterations unrolled by 2, 4 and 3 (remainder loops of one iteration are promoted).
// The CHECK lines are Triton 3.6.0's output for this input (its wheel, printed without locations).

// CHECK:      module {
// CHECK-NEXT:   tt.func @k(%arg0: tensor<256x!tt.ptr<f32>>) -> tensor<256xf32> {
// CHECK-NEXT:     %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT:     %c10_i32 = arith.constant 10 : i32
// CHECK-NEXT:     %c3_i32 = arith.constant 3 : i32
// CHECK-NEXT:     %cst = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:     %0 = tt.splat %cst : f32 -> tensor<256xf32>
// CHECK-NEXT:     %c6_i32 = arith.constant 6 : i32
// CHECK-NEXT:     %1 = scf.for %arg1 = %c0_i32 to %c10_i32 step %c6_i32 iter_args(%arg2 = %0) -> (tensor<256xf32>)  : i32 {
// CHECK-NEXT:       %36 = arith.sitofp %arg1 : i32 to f32
// CHECK-NEXT:       %37 = tt.splat %36 : f32 -> tensor<256xf32>
// CHECK-NEXT:       %38 = arith.addf %arg2, %37 : tensor<256xf32>
// CHECK-NEXT:       %c1_i32_4 = arith.constant 1 : i32
// CHECK-NEXT:       %39 = arith.muli %c3_i32, %c1_i32_4 : i32
// CHECK-NEXT:       %40 = arith.addi %arg1, %39 : i32
// CHECK-NEXT:       %41 = arith.sitofp %40 : i32 to f32
// CHECK-NEXT:       %42 = tt.splat %41 : f32 -> tensor<256xf32>
// CHECK-NEXT:       %43 = arith.addf %38, %42 : tensor<256xf32>
// CHECK-NEXT:       scf.yield %43 : tensor<256xf32>
// CHECK-NEXT:     }
// CHECK-NEXT:     %c12_i32 = arith.constant 12 : i32
// CHECK-NEXT:     %2 = arith.sitofp %c0_i32 : i32 to f32
// CHECK-NEXT:     %3 = tt.splat %2 : f32 -> tensor<256xf32>
// CHECK-NEXT:     %4 = arith.addf %1, %3 : tensor<256xf32>
// CHECK-NEXT:     %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:     %5 = arith.muli %c3_i32, %c1_i32 : i32
// CHECK-NEXT:     %6 = arith.addi %c0_i32, %5 : i32
// CHECK-NEXT:     %7 = arith.sitofp %6 : i32 to f32
// CHECK-NEXT:     %8 = tt.splat %7 : f32 -> tensor<256xf32>
// CHECK-NEXT:     %9 = arith.addf %4, %8 : tensor<256xf32>
// CHECK-NEXT:     %c2_i32 = arith.constant 2 : i32
// CHECK-NEXT:     %10 = arith.muli %c3_i32, %c2_i32 : i32
// CHECK-NEXT:     %11 = arith.addi %c0_i32, %10 : i32
// CHECK-NEXT:     %12 = arith.sitofp %11 : i32 to f32
// CHECK-NEXT:     %13 = tt.splat %12 : f32 -> tensor<256xf32>
// CHECK-NEXT:     %14 = arith.addf %9, %13 : tensor<256xf32>
// CHECK-NEXT:     %c3_i32_0 = arith.constant 3 : i32
// CHECK-NEXT:     %15 = arith.muli %c3_i32, %c3_i32_0 : i32
// CHECK-NEXT:     %16 = arith.addi %c0_i32, %15 : i32
// CHECK-NEXT:     %17 = arith.sitofp %16 : i32 to f32
// CHECK-NEXT:     %18 = tt.splat %17 : f32 -> tensor<256xf32>
// CHECK-NEXT:     %19 = arith.addf %14, %18 : tensor<256xf32>
// CHECK-NEXT:     %c9_i32 = arith.constant 9 : i32
// CHECK-NEXT:     %c9_i32_1 = arith.constant 9 : i32
// CHECK-NEXT:     %20 = arith.sitofp %c0_i32 : i32 to f32
// CHECK-NEXT:     %21 = tt.splat %20 : f32 -> tensor<256xf32>
// CHECK-NEXT:     %22 = arith.addf %19, %21 : tensor<256xf32>
// CHECK-NEXT:     %c1_i32_2 = arith.constant 1 : i32
// CHECK-NEXT:     %23 = arith.muli %c3_i32, %c1_i32_2 : i32
// CHECK-NEXT:     %24 = arith.addi %c0_i32, %23 : i32
// CHECK-NEXT:     %25 = arith.sitofp %24 : i32 to f32
// CHECK-NEXT:     %26 = tt.splat %25 : f32 -> tensor<256xf32>
// CHECK-NEXT:     %27 = arith.addf %22, %26 : tensor<256xf32>
// CHECK-NEXT:     %c2_i32_3 = arith.constant 2 : i32
// CHECK-NEXT:     %28 = arith.muli %c3_i32, %c2_i32_3 : i32
// CHECK-NEXT:     %29 = arith.addi %c0_i32, %28 : i32
// CHECK-NEXT:     %30 = arith.sitofp %29 : i32 to f32
// CHECK-NEXT:     %31 = tt.splat %30 : f32 -> tensor<256xf32>
// CHECK-NEXT:     %32 = arith.addf %27, %31 : tensor<256xf32>
// CHECK-NEXT:     %33 = arith.sitofp %c9_i32 : i32 to f32
// CHECK-NEXT:     %34 = tt.splat %33 : f32 -> tensor<256xf32>
// CHECK-NEXT:     %35 = arith.addf %32, %34 : tensor<256xf32>
// CHECK-NEXT:     tt.return %35 : tensor<256xf32>
// CHECK-NEXT:   }
// CHECK-NEXT: }
tt.func @k(%arg0: tensor<256x!tt.ptr<f32>>) -> tensor<256xf32> {
  %c0 = arith.constant 0 : i32
  %c10 = arith.constant 10 : i32
  %c3 = arith.constant 3 : i32
  %cst = arith.constant 0.000000e+00 : f32
  %1 = tt.splat %cst : f32 -> tensor<256xf32>
  %2 = scf.for %i = %c0 to %c10 step %c3 iter_args(%a = %1) -> (tensor<256xf32>)  : i32 {
    %s = arith.sitofp %i : i32 to f32
    %t = tt.splat %s : f32 -> tensor<256xf32>
    %4 = arith.addf %a, %t : tensor<256xf32>
    scf.yield %4 : tensor<256xf32>
  } {tt.loop_unroll_factor = 2 : i32}
  %3 = scf.for %i = %c0 to %c10 step %c3 iter_args(%a = %2) -> (tensor<256xf32>)  : i32 {
    %s = arith.sitofp %i : i32 to f32
    %t = tt.splat %s : f32 -> tensor<256xf32>
    %4 = arith.addf %a, %t : tensor<256xf32>
    scf.yield %4 : tensor<256xf32>
  } {tt.loop_unroll_factor = 4 : i32}
  %5 = scf.for %i = %c0 to %c10 step %c3 iter_args(%a = %3) -> (tensor<256xf32>)  : i32 {
    %s = arith.sitofp %i : i32 to f32
    %t = tt.splat %s : f32 -> tensor<256xf32>
    %4 = arith.addf %a, %t : tensor<256xf32>
    scf.yield %4 : tensor<256xf32>
  } {tt.loop_unroll_factor = 3 : i32}
  tt.return %5 : tensor<256xf32>
}
