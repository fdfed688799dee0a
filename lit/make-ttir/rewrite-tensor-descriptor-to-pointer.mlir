// RUN: ttg-opt %s --triton-rewrite-tensor-descriptor-to-pointer | FileCheck %s
// Descriptors through arith.select (an scf.if of the expanded values) and an scf.for; NaN padding; loads and stores.
// The CHECK lines are Triton 3.6.0's output for this input (its wheel, printed without locations).

// CHECK:      module {
// CHECK-NEXT:   tt.func public @loop(%arg0: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg1: i32, %arg2: i1) -> tensor<64x32xf16> {
// CHECK-NEXT:     %c1_i64 = arith.constant 1 : i64
// CHECK-NEXT:     %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT:     %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:     %c32_i32 = arith.constant 32 : i32
// CHECK-NEXT:     %0 = arith.extsi %arg1 : i32 to i64
// CHECK-NEXT:     %1 = arith.extsi %arg1 : i32 to i64
// CHECK-NEXT:     %2 = arith.extsi %arg1 : i32 to i64
// CHECK-NEXT:     %true = arith.constant true
// CHECK-NEXT:     %3 = arith.extsi %arg1 : i32 to i64
// CHECK-NEXT:     %c32_i64 = arith.constant 32 : i64
// CHECK-NEXT:     %false = arith.constant false
// CHECK-NEXT:     %4:6 = scf.if %arg2 -> (!tt.ptr<f16>, i64, i64, i64, i64, i1) {
// CHECK-NEXT:       scf.yield %arg0, %1, %2, %0, %c1_i64, %true : !tt.ptr<f16>, i64, i64, i64, i64, i1
// CHECK-NEXT:     } else {
// CHECK-NEXT:       scf.yield %arg0, %3, %c32_i64, %0, %c1_i64, %false : !tt.ptr<f16>, i64, i64, i64, i64, i1
// CHECK-NEXT:     }
// CHECK-NEXT:     %cst = arith.constant dense<0.000000e+00> : tensor<64x32xf16>
// CHECK-NEXT:     %5:7 = scf.for %arg3 = %c0_i32 to %arg1 step %c1_i32 iter_args(%arg4 = %cst, %arg5 = %4#0, %arg6 = %4#1, %arg7 = %4#2, %arg8 = %4#3, %arg9 = %4#4, %arg10 = %4#5) -> (tensor<64x32xf16>, !tt.ptr<f16>, i64, i64, i64, i64, i1)  : i32 {
// CHECK-NEXT:       %6 = arith.extsi %arg3 : i32 to i64
// CHECK-NEXT:       %c0_i64 = arith.constant 0 : i64
// CHECK-NEXT:       %cst_0 = arith.constant dense<0x7E00> : tensor<64x32xf16>
// CHECK-NEXT:       %cst_1 = arith.constant dense<0.000000e+00> : tensor<64x32xf16>
// CHECK-NEXT:       %7 = arith.select %arg10, %cst_0, %cst_1 : tensor<64x32xf16>
// CHECK-NEXT:       %8 = tt.splat %6 : i64 -> tensor<64xi64>
// CHECK-NEXT:       %9 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
// CHECK-NEXT:       %10 = arith.extsi %9 : tensor<64xi32> to tensor<64xi64>
// CHECK-NEXT:       %11 = arith.addi %8, %10 : tensor<64xi64>
// CHECK-NEXT:       %12 = tt.expand_dims %11 {axis = 1 : i32} : tensor<64xi64> -> tensor<64x1xi64>
// CHECK-NEXT:       %13 = tt.splat %c0_i64 : i64 -> tensor<32xi64>
// CHECK-NEXT:       %14 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
// CHECK-NEXT:       %15 = arith.extsi %14 : tensor<32xi32> to tensor<32xi64>
// CHECK-NEXT:       %16 = arith.addi %13, %15 : tensor<32xi64>
// CHECK-NEXT:       %17 = tt.expand_dims %16 {axis = 0 : i32} : tensor<32xi64> -> tensor<1x32xi64>
// CHECK-NEXT:       %18 = tt.splat %arg5 : !tt.ptr<f16> -> tensor<64x32x!tt.ptr<f16>>
// CHECK-NEXT:       %19 = tt.splat %arg8 : i64 -> tensor<64x1xi64>
// CHECK-NEXT:       %20 = arith.muli %12, %19 : tensor<64x1xi64>
// CHECK-NEXT:       %21 = tt.broadcast %20 : tensor<64x1xi64> -> tensor<64x32xi64>
// CHECK-NEXT:       %22 = tt.addptr %18, %21 : tensor<64x32x!tt.ptr<f16>>, tensor<64x32xi64>
// CHECK-NEXT:       %23 = tt.splat %arg9 : i64 -> tensor<1x32xi64>
// CHECK-NEXT:       %24 = arith.muli %17, %23 : tensor<1x32xi64>
// CHECK-NEXT:       %25 = tt.broadcast %24 : tensor<1x32xi64> -> tensor<64x32xi64>
// CHECK-NEXT:       %26 = tt.addptr %22, %25 : tensor<64x32x!tt.ptr<f16>>, tensor<64x32xi64>
// CHECK-NEXT:       %27 = tt.splat %6 : i64 -> tensor<64xi64>
// CHECK-NEXT:       %28 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
// CHECK-NEXT:       %29 = arith.extsi %28 : tensor<64xi32> to tensor<64xi64>
// CHECK-NEXT:       %30 = arith.addi %27, %29 : tensor<64xi64>
// CHECK-NEXT:       %31 = tt.expand_dims %30 {axis = 1 : i32} : tensor<64xi64> -> tensor<64x1xi64>
// CHECK-NEXT:       %32 = tt.splat %c0_i64 : i64 -> tensor<32xi64>
// CHECK-NEXT:       %33 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
// CHECK-NEXT:       %34 = arith.extsi %33 : tensor<32xi32> to tensor<32xi64>
// CHECK-NEXT:       %35 = arith.addi %32, %34 : tensor<32xi64>
// CHECK-NEXT:       %36 = tt.expand_dims %35 {axis = 0 : i32} : tensor<32xi64> -> tensor<1x32xi64>
// CHECK-NEXT:       %c0_i64_2 = arith.constant 0 : i64
// CHECK-NEXT:       %37 = tt.splat %c0_i64_2 : i64 -> tensor<64x1xi64>
// CHECK-NEXT:       %38 = arith.cmpi sge, %31, %37 : tensor<64x1xi64>
// CHECK-NEXT:       %39 = tt.splat %arg6 : i64 -> tensor<64x1xi64>
// CHECK-NEXT:       %40 = arith.cmpi slt, %31, %39 : tensor<64x1xi64>
// CHECK-NEXT:       %41 = arith.andi %38, %40 : tensor<64x1xi1>
// CHECK-NEXT:       %42 = tt.broadcast %41 : tensor<64x1xi1> -> tensor<64x32xi1>
// CHECK-NEXT:       %c0_i64_3 = arith.constant 0 : i64
// CHECK-NEXT:       %43 = tt.splat %c0_i64_3 : i64 -> tensor<1x32xi64>
// CHECK-NEXT:       %44 = arith.cmpi sge, %36, %43 : tensor<1x32xi64>
// CHECK-NEXT:       %45 = tt.splat %arg7 : i64 -> tensor<1x32xi64>
// CHECK-NEXT:       %46 = arith.cmpi slt, %36, %45 : tensor<1x32xi64>
// CHECK-NEXT:       %47 = arith.andi %44, %46 : tensor<1x32xi1>
// CHECK-NEXT:       %48 = tt.broadcast %47 : tensor<1x32xi1> -> tensor<64x32xi1>
// CHECK-NEXT:       %49 = arith.andi %42, %48 : tensor<64x32xi1>
// CHECK-NEXT:       %50 = tt.load %26, %49, %7 : tensor<64x32x!tt.ptr<f16>>
// CHECK-NEXT:       %51 = arith.addf %arg4, %50 : tensor<64x32xf16>
// CHECK-NEXT:       %c0_i64_4 = arith.constant 0 : i64
// CHECK-NEXT:       %52 = arith.extsi %arg3 : i32 to i64
// CHECK-NEXT:       %53 = tt.splat %c0_i64_4 : i64 -> tensor<64xi64>
// CHECK-NEXT:       %54 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
// CHECK-NEXT:       %55 = arith.extsi %54 : tensor<64xi32> to tensor<64xi64>
// CHECK-NEXT:       %56 = arith.addi %53, %55 : tensor<64xi64>
// CHECK-NEXT:       %57 = tt.expand_dims %56 {axis = 1 : i32} : tensor<64xi64> -> tensor<64x1xi64>
// CHECK-NEXT:       %58 = tt.splat %52 : i64 -> tensor<32xi64>
// CHECK-NEXT:       %59 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
// CHECK-NEXT:       %60 = arith.extsi %59 : tensor<32xi32> to tensor<32xi64>
// CHECK-NEXT:       %61 = arith.addi %58, %60 : tensor<32xi64>
// CHECK-NEXT:       %62 = tt.expand_dims %61 {axis = 0 : i32} : tensor<32xi64> -> tensor<1x32xi64>
// CHECK-NEXT:       %63 = tt.splat %arg5 : !tt.ptr<f16> -> tensor<64x32x!tt.ptr<f16>>
// CHECK-NEXT:       %64 = tt.splat %arg8 : i64 -> tensor<64x1xi64>
// CHECK-NEXT:       %65 = arith.muli %57, %64 : tensor<64x1xi64>
// CHECK-NEXT:       %66 = tt.broadcast %65 : tensor<64x1xi64> -> tensor<64x32xi64>
// CHECK-NEXT:       %67 = tt.addptr %63, %66 : tensor<64x32x!tt.ptr<f16>>, tensor<64x32xi64>
// CHECK-NEXT:       %68 = tt.splat %arg9 : i64 -> tensor<1x32xi64>
// CHECK-NEXT:       %69 = arith.muli %62, %68 : tensor<1x32xi64>
// CHECK-NEXT:       %70 = tt.broadcast %69 : tensor<1x32xi64> -> tensor<64x32xi64>
// CHECK-NEXT:       %71 = tt.addptr %67, %70 : tensor<64x32x!tt.ptr<f16>>, tensor<64x32xi64>
// CHECK-NEXT:       %72 = tt.splat %c0_i64_4 : i64 -> tensor<64xi64>
// CHECK-NEXT:       %73 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
// CHECK-NEXT:       %74 = arith.extsi %73 : tensor<64xi32> to tensor<64xi64>
// CHECK-NEXT:       %75 = arith.addi %72, %74 : tensor<64xi64>
// CHECK-NEXT:       %76 = tt.expand_dims %75 {axis = 1 : i32} : tensor<64xi64> -> tensor<64x1xi64>
// CHECK-NEXT:       %77 = tt.splat %52 : i64 -> tensor<32xi64>
// CHECK-NEXT:       %78 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
// CHECK-NEXT:       %79 = arith.extsi %78 : tensor<32xi32> to tensor<32xi64>
// CHECK-NEXT:       %80 = arith.addi %77, %79 : tensor<32xi64>
// CHECK-NEXT:       %81 = tt.expand_dims %80 {axis = 0 : i32} : tensor<32xi64> -> tensor<1x32xi64>
// CHECK-NEXT:       %c0_i64_5 = arith.constant 0 : i64
// CHECK-NEXT:       %82 = tt.splat %c0_i64_5 : i64 -> tensor<64x1xi64>
// CHECK-NEXT:       %83 = arith.cmpi sge, %76, %82 : tensor<64x1xi64>
// CHECK-NEXT:       %84 = tt.splat %arg6 : i64 -> tensor<64x1xi64>
// CHECK-NEXT:       %85 = arith.cmpi slt, %76, %84 : tensor<64x1xi64>
// CHECK-NEXT:       %86 = arith.andi %83, %85 : tensor<64x1xi1>
// CHECK-NEXT:       %87 = tt.broadcast %86 : tensor<64x1xi1> -> tensor<64x32xi1>
// CHECK-NEXT:       %c0_i64_6 = arith.constant 0 : i64
// CHECK-NEXT:       %88 = tt.splat %c0_i64_6 : i64 -> tensor<1x32xi64>
// CHECK-NEXT:       %89 = arith.cmpi sge, %81, %88 : tensor<1x32xi64>
// CHECK-NEXT:       %90 = tt.splat %arg7 : i64 -> tensor<1x32xi64>
// CHECK-NEXT:       %91 = arith.cmpi slt, %81, %90 : tensor<1x32xi64>
// CHECK-NEXT:       %92 = arith.andi %89, %91 : tensor<1x32xi1>
// CHECK-NEXT:       %93 = tt.broadcast %92 : tensor<1x32xi1> -> tensor<64x32xi1>
// CHECK-NEXT:       %94 = arith.andi %87, %93 : tensor<64x32xi1>
// CHECK-NEXT:       tt.store %71, %51, %94 : tensor<64x32x!tt.ptr<f16>>
// CHECK-NEXT:       scf.yield %51, %arg5, %arg6, %arg7, %arg8, %arg9, %arg10 : tensor<64x32xf16>, !tt.ptr<f16>, i64, i64, i64, i64, i1
// CHECK-NEXT:     }
// CHECK-NEXT:     tt.return %5#0 : tensor<64x32xf16>
// CHECK-NEXT:   }
// CHECK-NEXT: }
module {
  tt.func public @loop(%arg0: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %n: i32, %c: i1) -> tensor<64x32xf16> {
    %c1_i64 = arith.constant 1 : i64
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c32 = arith.constant 32 : i32
    %s = arith.extsi %n : i32 to i64
    %d = tt.make_tensor_descriptor %arg0, [%n, %n], [%s, %c1_i64] {padding = 2 : i32} : <f16>, <tensor<64x32xf16>>
    %d2 = tt.make_tensor_descriptor %arg0, [%n, %c32], [%s, %c1_i64] : <f16>, <tensor<64x32xf16>>
    %sel = arith.select %c, %d, %d2 : !tt.tensordesc<tensor<64x32xf16>>
    %z = arith.constant dense<0.0> : tensor<64x32xf16>
    %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z, %dd = %sel) -> (tensor<64x32xf16>, !tt.tensordesc<tensor<64x32xf16>>) : i32 {
      %x = tt.descriptor_load %dd[%i, %c0] : !tt.tensordesc<tensor<64x32xf16>> -> tensor<64x32xf16>
      %y = arith.addf %acc, %x : tensor<64x32xf16>
      tt.descriptor_store %dd[%c0, %i], %y : !tt.tensordesc<tensor<64x32xf16>>, tensor<64x32xf16>
      scf.yield %y, %dd : tensor<64x32xf16>, !tt.tensordesc<tensor<64x32xf16>>
    }
    tt.return %r#0 : tensor<64x32xf16>
  }
}
