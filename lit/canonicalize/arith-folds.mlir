// RUN: ttg-opt %s -canonicalize | FileCheck %s

// arith folders (as MLIR's ArithOps.cpp): identities, constant folding with wrap-around and division
// semantics, commutative constants moved to the right, cmpi predicate swapping, float rounding.

// CHECK-LABEL: tt.func @identities
// CHECK-NEXT:    %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT:    tt.return %arg0, %arg1, %c0_i32, %c0_i32, %arg1, %arg0 : i32, i32, i32, i32, i32, i32
tt.func @identities(%x: i32, %y: i32) -> (i32, i32, i32, i32, i32, i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %0 = arith.addi %x, %c0 : i32
  %1 = arith.muli %y, %c1 : i32
  %2 = arith.muli %y, %c0 : i32
  %3 = arith.subi %x, %x : i32
  %4 = arith.addi %c0, %y : i32
  %5 = arith.muli %c1, %x : i32
  tt.return %0, %1, %2, %3, %4, %5 : i32, i32, i32, i32, i32, i32
}

// CHECK-LABEL: tt.func @commute
// CHECK-NEXT:    %c5_i32 = arith.constant 5 : i32
// CHECK-NEXT:    %0 = arith.addi %arg0, %c5_i32 : i32
// CHECK-NEXT:    %1 = arith.muli %arg0, %c5_i32 : i32
// CHECK-NEXT:    %2 = arith.cmpi sgt, %arg0, %c5_i32 : i32
tt.func @commute(%x: i32) -> (i32, i32, i1) {
  %c5 = arith.constant 5 : i32
  %0 = arith.addi %c5, %x : i32
  %1 = arith.muli %c5, %x : i32
  %2 = arith.cmpi slt, %c5, %x : i32
  tt.return %0, %1, %2 : i32, i32, i1
}

// CHECK-LABEL: tt.func @wrap
// CHECK-NEXT:    %c-100_i8 = arith.constant -100 : i8
// CHECK-NEXT:    %c-128_i8 = arith.constant -128 : i8
// CHECK-NEXT:    %c-1_i8 = arith.constant -1 : i8
// CHECK-NEXT:    %c-56_i8 = arith.constant -56 : i8
// CHECK-NEXT:    %c16_i8 = arith.constant 16 : i8
// CHECK-NEXT:    %0 = arith.divsi %c-128_i8, %c-1_i8 : i8
// CHECK-NEXT:    tt.return %c-56_i8, %c16_i8, %0, %c-100_i8, %c-1_i8 : i8, i8, i8, i8, i8
tt.func @wrap() -> (i8, i8, i8, i8, i8) {
  %a = arith.constant 100 : i8
  %b = arith.constant 100 : i8
  %m = arith.constant -128 : i8
  %n = arith.constant -1 : i8
  %0 = arith.addi %a, %b : i8
  %1 = arith.muli %a, %b : i8
  %2 = arith.divsi %m, %n : i8
  %3 = arith.ceildivsi %a, %n : i8
  %4 = arith.floordivsi %b, %m : i8
  tt.return %0, %1, %2, %3, %4 : i8, i8, i8, i8, i8
}

// CHECK-LABEL: tt.func @f16
// CHECK-NEXT:    %cst = arith.constant 3.000000e+04 : f16
// CHECK-NEXT:    %cst_0 = arith.constant 0x7C00 : f16
// CHECK-NEXT:    %cst_1 = arith.constant 1.013280e-06 : f16
// CHECK-NEXT:    %cst_2 = arith.constant 9.875000e+00 : bf16
// CHECK-NEXT:    %cst_3 = arith.constant -1.000400e-03 : f16
// CHECK-NEXT:    tt.return %cst, %cst_0, %cst_1, %cst_2, %cst_3 : f16, f16, f16, bf16, f16
tt.func @f16(%x: f16) -> (f16, f16, f16, bf16, f16) {
  %a = arith.constant 1.0e-3 : f16
  %b = arith.constant 3.0e+4 : f16
  %c = arith.constant 6.0e+4 : f16
  %0 = arith.addf %a, %b : f16
  %1 = arith.addf %b, %c : f16
  %2 = arith.mulf %a, %a : f16
  %d = arith.constant 3.140625 : bf16
  %3 = arith.mulf %d, %d : bf16
  %4 = arith.negf %a : f16
  tt.return %0, %1, %2, %3, %4 : f16, f16, f16, bf16, f16
}
