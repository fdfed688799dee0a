// RUN: ttg-opt %s --triton-loop-unroll | FileCheck %s
// Dynamic bounds, nested loops (inner first), the induction variable used in the body, tt.num_stages on the outer loop.
// The CHECK lines are Triton 3.6.0's output for this input (its wheel, printed without locations).

// CHECK:      module {
// CHECK-NEXT:   tt.func @dyn(%arg0: tensor<256x!tt.ptr<f32>>, %arg1: i32, %arg2: i32, %arg3: i32) -> tensor<256xf32> {
// CHECK-NEXT:     %cst = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:     %0 = tt.splat %cst : f32 -> tensor<256xf32>
// CHECK-NEXT:     %1 = arith.subi %arg2, %arg1 : i32
// CHECK-NEXT:     %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:     %2 = arith.subi %arg3, %c1_i32 : i32
// CHECK-NEXT:     %3 = arith.addi %1, %2 : i32
// CHECK-NEXT:     %4 = arith.divui %3, %arg3 : i32
// CHECK-NEXT:     %c2_i32 = arith.constant 2 : i32
// CHECK-NEXT:     %5 = arith.remsi %4, %c2_i32 : i32
// CHECK-NEXT:     %6 = arith.subi %4, %5 : i32
// CHECK-NEXT:     %7 = arith.muli %6, %arg3 : i32
// CHECK-NEXT:     %8 = arith.addi %arg1, %7 : i32
// CHECK-NEXT:     %9 = arith.muli %arg3, %c2_i32 : i32
// CHECK-NEXT:     %10 = scf.for %arg4 = %arg1 to %8 step %9 iter_args(%arg5 = %0) -> (tensor<256xf32>)  : i32 {
// CHECK-NEXT:       %12 = arith.subi %arg2, %arg1 : i32
// CHECK-NEXT:       %c1_i32_0 = arith.constant 1 : i32
// CHECK-NEXT:       %13 = arith.subi %arg3, %c1_i32_0 : i32
// CHECK-NEXT:       %14 = arith.addi %12, %13 : i32
// CHECK-NEXT:       %15 = arith.divui %14, %arg3 : i32
// CHECK-NEXT:       %c3_i32 = arith.constant 3 : i32
// CHECK-NEXT:       %16 = arith.remsi %15, %c3_i32 : i32
// CHECK-NEXT:       %17 = arith.subi %15, %16 : i32
// CHECK-NEXT:       %18 = arith.muli %17, %arg3 : i32
// CHECK-NEXT:       %19 = arith.addi %arg1, %18 : i32
// CHECK-NEXT:       %20 = arith.muli %arg3, %c3_i32 : i32
// CHECK-NEXT:       %21 = scf.for %arg6 = %arg1 to %19 step %20 iter_args(%arg7 = %arg5) -> (tensor<256xf32>)  : i32 {
// CHECK-NEXT:         %36 = arith.addi %arg4, %arg6 : i32
// CHECK-NEXT:         %37 = arith.sitofp %36 : i32 to f32
// CHECK-NEXT:         %38 = tt.splat %37 : f32 -> tensor<256xf32>
// CHECK-NEXT:         %39 = arith.addf %arg7, %38 : tensor<256xf32>
// CHECK-NEXT:         %c1_i32_4 = arith.constant 1 : i32
// CHECK-NEXT:         %40 = arith.muli %arg3, %c1_i32_4 : i32
// CHECK-NEXT:         %41 = arith.addi %arg6, %40 : i32
// CHECK-NEXT:         %42 = arith.addi %arg4, %41 : i32
// CHECK-NEXT:         %43 = arith.sitofp %42 : i32 to f32
// CHECK-NEXT:         %44 = tt.splat %43 : f32 -> tensor<256xf32>
// CHECK-NEXT:         %45 = arith.addf %39, %44 : tensor<256xf32>
// CHECK-NEXT:         %c2_i32_5 = arith.constant 2 : i32
// CHECK-NEXT:         %46 = arith.muli %arg3, %c2_i32_5 : i32
// CHECK-NEXT:         %47 = arith.addi %arg6, %46 : i32
// CHECK-NEXT:         %48 = arith.addi %arg4, %47 : i32
// CHECK-NEXT:         %49 = arith.sitofp %48 : i32 to f32
// CHECK-NEXT:         %50 = tt.splat %49 : f32 -> tensor<256xf32>
// CHECK-NEXT:         %51 = arith.addf %45, %50 : tensor<256xf32>
// CHECK-NEXT:         scf.yield %51 : tensor<256xf32>
// CHECK-NEXT:       }
// CHECK-NEXT:       %22 = scf.for %arg6 = %19 to %arg2 step %arg3 iter_args(%arg7 = %21) -> (tensor<256xf32>)  : i32 {
// CHECK-NEXT:         %36 = arith.addi %arg4, %arg6 : i32
// CHECK-NEXT:         %37 = arith.sitofp %36 : i32 to f32
// CHECK-NEXT:         %38 = tt.splat %37 : f32 -> tensor<256xf32>
// CHECK-NEXT:         %39 = arith.addf %arg7, %38 : tensor<256xf32>
// CHECK-NEXT:         scf.yield %39 : tensor<256xf32>
// CHECK-NEXT:       } {tt.num_stages = 1 : i32}
// CHECK-NEXT:       %c1_i32_1 = arith.constant 1 : i32
// CHECK-NEXT:       %23 = arith.muli %arg3, %c1_i32_1 : i32
// CHECK-NEXT:       %24 = arith.addi %arg4, %23 : i32
// CHECK-NEXT:       %25 = arith.subi %arg2, %arg1 : i32
// CHECK-NEXT:       %c1_i32_2 = arith.constant 1 : i32
// CHECK-NEXT:       %26 = arith.subi %arg3, %c1_i32_2 : i32
// CHECK-NEXT:       %27 = arith.addi %25, %26 : i32
// CHECK-NEXT:       %28 = arith.divui %27, %arg3 : i32
// CHECK-NEXT:       %c3_i32_3 = arith.constant 3 : i32
// CHECK-NEXT:       %29 = arith.remsi %28, %c3_i32_3 : i32
// CHECK-NEXT:       %30 = arith.subi %28, %29 : i32
// CHECK-NEXT:       %31 = arith.muli %30, %arg3 : i32
// CHECK-NEXT:       %32 = arith.addi %arg1, %31 : i32
// CHECK-NEXT:       %33 = arith.muli %arg3, %c3_i32_3 : i32
// CHECK-NEXT:       %34 = scf.for %arg6 = %arg1 to %32 step %33 iter_args(%arg7 = %22) -> (tensor<256xf32>)  : i32 {
// CHECK-NEXT:         %36 = arith.addi %24, %arg6 : i32
// CHECK-NEXT:         %37 = arith.sitofp %36 : i32 to f32
// CHECK-NEXT:         %38 = tt.splat %37 : f32 -> tensor<256xf32>
// CHECK-NEXT:         %39 = arith.addf %arg7, %38 : tensor<256xf32>
// CHECK-NEXT:         %c1_i32_4 = arith.constant 1 : i32
// CHECK-NEXT:         %40 = arith.muli %arg3, %c1_i32_4 : i32
// CHECK-NEXT:         %41 = arith.addi %arg6, %40 : i32
// CHECK-NEXT:         %42 = arith.addi %24, %41 : i32
// CHECK-NEXT:         %43 = arith.sitofp %42 : i32 to f32
// CHECK-NEXT:         %44 = tt.splat %43 : f32 -> tensor<256xf32>
// CHECK-NEXT:         %45 = arith.addf %39, %44 : tensor<256xf32>
// CHECK-NEXT:         %c2_i32_5 = arith.constant 2 : i32
// CHECK-NEXT:         %46 = arith.muli %arg3, %c2_i32_5 : i32
// CHECK-NEXT:         %47 = arith.addi %arg6, %46 : i32
// CHECK-NEXT:         %48 = arith.addi %24, %47 : i32
// CHECK-NEXT:         %49 = arith.sitofp %48 : i32 to f32
// CHECK-NEXT:         %50 = tt.splat %49 : f32 -> tensor<256xf32>
// CHECK-NEXT:         %51 = arith.addf %45, %50 : tensor<256xf32>
// CHECK-NEXT:         scf.yield %51 : tensor<256xf32>
// CHECK-NEXT:       }
// CHECK-NEXT:       %35 = scf.for %arg6 = %32 to %arg2 step %arg3 iter_args(%arg7 = %34) -> (tensor<256xf32>)  : i32 {
// CHECK-NEXT:         %36 = arith.addi %24, %arg6 : i32
// CHECK-NEXT:         %37 = arith.sitofp %36 : i32 to f32
// CHECK-NEXT:         %38 = tt.splat %37 : f32 -> tensor<256xf32>
// CHECK-NEXT:         %39 = arith.addf %arg7, %38 : tensor<256xf32>
// CHECK-NEXT:         scf.yield %39 : tensor<256xf32>
// CHECK-NEXT:       } {tt.num_stages = 1 : i32}
// CHECK-NEXT:       scf.yield %35 : tensor<256xf32>
// CHECK-NEXT:     } {tt.num_stages = 3 : i32}
// CHECK-NEXT:     %11 = scf.for %arg4 = %8 to %arg2 step %arg3 iter_args(%arg5 = %10) -> (tensor<256xf32>)  : i32 {
// CHECK-NEXT:       %12 = arith.subi %arg2, %arg1 : i32
// CHECK-NEXT:       %c1_i32_0 = arith.constant 1 : i32
// CHECK-NEXT:       %13 = arith.subi %arg3, %c1_i32_0 : i32
// CHECK-NEXT:       %14 = arith.addi %12, %13 : i32
// CHECK-NEXT:       %15 = arith.divui %14, %arg3 : i32
// CHECK-NEXT:       %c3_i32 = arith.constant 3 : i32
// CHECK-NEXT:       %16 = arith.remsi %15, %c3_i32 : i32
// CHECK-NEXT:       %17 = arith.subi %15, %16 : i32
// CHECK-NEXT:       %18 = arith.muli %17, %arg3 : i32
// CHECK-NEXT:       %19 = arith.addi %arg1, %18 : i32
// CHECK-NEXT:       %20 = arith.muli %arg3, %c3_i32 : i32
// CHECK-NEXT:       %21 = scf.for %arg6 = %arg1 to %19 step %20 iter_args(%arg7 = %arg5) -> (tensor<256xf32>)  : i32 {
// CHECK-NEXT:         %23 = arith.addi %arg4, %arg6 : i32
// CHECK-NEXT:         %24 = arith.sitofp %23 : i32 to f32
// CHECK-NEXT:         %25 = tt.splat %24 : f32 -> tensor<256xf32>
// CHECK-NEXT:         %26 = arith.addf %arg7, %25 : tensor<256xf32>
// CHECK-NEXT:         %c1_i32_1 = arith.constant 1 : i32
// CHECK-NEXT:         %27 = arith.muli %arg3, %c1_i32_1 : i32
// CHECK-NEXT:         %28 = arith.addi %arg6, %27 : i32
// CHECK-NEXT:         %29 = arith.addi %arg4, %28 : i32
// CHECK-NEXT:         %30 = arith.sitofp %29 : i32 to f32
// CHECK-NEXT:         %31 = tt.splat %30 : f32 -> tensor<256xf32>
// CHECK-NEXT:         %32 = arith.addf %26, %31 : tensor<256xf32>
// CHECK-NEXT:         %c2_i32_2 = arith.constant 2 : i32
// CHECK-NEXT:         %33 = arith.muli %arg3, %c2_i32_2 : i32
// CHECK-NEXT:         %34 = arith.addi %arg6, %33 : i32
// CHECK-NEXT:         %35 = arith.addi %arg4, %34 : i32
// CHECK-NEXT:         %36 = arith.sitofp %35 : i32 to f32
// CHECK-NEXT:         %37 = tt.splat %36 : f32 -> tensor<256xf32>
// CHECK-NEXT:         %38 = arith.addf %32, %37 : tensor<256xf32>
// CHECK-NEXT:         scf.yield %38 : tensor<256xf32>
// CHECK-NEXT:       }
// CHECK-NEXT:       %22 = scf.for %arg6 = %19 to %arg2 step %arg3 iter_args(%arg7 = %21) -> (tensor<256xf32>)  : i32 {
// CHECK-NEXT:         %23 = arith.addi %arg4, %arg6 : i32
// CHECK-NEXT:         %24 = arith.sitofp %23 : i32 to f32
// CHECK-NEXT:         %25 = tt.splat %24 : f32 -> tensor<256xf32>
// CHECK-NEXT:         %26 = arith.addf %arg7, %25 : tensor<256xf32>
// CHECK-NEXT:         scf.yield %26 : tensor<256xf32>
// CHECK-NEXT:       } {tt.num_stages = 1 : i32}
// CHECK-NEXT:       scf.yield %22 : tensor<256xf32>
// CHECK-NEXT:     } {tt.num_stages = 1 : i32}
// CHECK-NEXT:     tt.return %11 : tensor<256xf32>
// CHECK-NEXT:   }
// CHECK-NEXT: }
tt.func @dyn(%arg0: tensor<256x!tt.ptr<f32>>, %lb: i32, %ub: i32, %st: i32) -> tensor<256xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %1 = tt.splat %cst : f32 -> tensor<256xf32>
  %2 = scf.for %i = %lb to %ub step %st iter_args(%a = %1) -> (tensor<256xf32>)  : i32 {
    %3 = scf.for %j = %lb to %ub step %st iter_args(%b = %a) -> (tensor<256xf32>)  : i32 {
      %s = arith.addi %i, %j : i32
      %f = arith.sitofp %s : i32 to f32
      %t = tt.splat %f : f32 -> tensor<256xf32>
      %4 = arith.addf %b, %t : tensor<256xf32>
      scf.yield %4 : tensor<256xf32>
    } {tt.loop_unroll_factor = 3 : i32}
    scf.yield %3 : tensor<256xf32>
  } {tt.loop_unroll_factor = 2 : i32, tt.num_stages = 3 : i32}
  tt.return %2 : tensor<256xf32>
}
