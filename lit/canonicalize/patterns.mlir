// RUN: ttg-opt %s -canonicalize | FileCheck %s

// arith canonicalization patterns (ArithCanonicalization.td).

// CHECK-LABEL: tt.func @reassoc
// CHECK-NEXT:    %c-2_i32 = arith.constant -2 : i32
// CHECK-NEXT:    %c15_i32 = arith.constant 15 : i32
// CHECK-NEXT:    %c2_i32 = arith.constant 2 : i32
// CHECK-NEXT:    %c8_i32 = arith.constant 8 : i32
// CHECK-NEXT:    %0 = arith.addi %arg0, %c8_i32 : i32
// CHECK-NEXT:    %1 = arith.addi %arg0, %c2_i32 : i32
// CHECK-NEXT:    %2 = arith.subi %c8_i32, %arg0 : i32
// CHECK-NEXT:    %3 = arith.muli %arg0, %c15_i32 : i32
// CHECK-NEXT:    %4 = arith.addi %arg0, %c-2_i32 : i32
// CHECK-NEXT:    %5 = arith.subi %c2_i32, %arg0 : i32
// CHECK-NEXT:    tt.return %0, %1, %2, %3, %4, %5 : i32, i32, i32, i32, i32, i32
tt.func @reassoc(%x: i32) -> (i32, i32, i32, i32, i32, i32) {
  %c3 = arith.constant 3 : i32
  %c5 = arith.constant 5 : i32
  %0 = arith.addi %x, %c3 : i32
  %1 = arith.addi %0, %c5 : i32
  %2 = arith.subi %x, %c3 : i32
  %3 = arith.addi %2, %c5 : i32
  %4 = arith.subi %c3, %x : i32
  %5 = arith.addi %4, %c5 : i32
  %6 = arith.muli %x, %c3 : i32
  %7 = arith.muli %6, %c5 : i32
  %8 = arith.subi %0, %c5 : i32
  %9 = arith.subi %c5, %0 : i32
  tt.return %1, %3, %5, %7, %8, %9 : i32, i32, i32, i32, i32, i32
}

// CHECK-LABEL: tt.func @xor_cmp
// CHECK:         %[[C:.*]] = arith.cmpi sge, %arg0, %arg1 : i32
// CHECK:         arith.select %arg2, %arg3, %arg5 : i32
tt.func @xor_cmp(%x: i32, %y: i32, %c: i1, %a: i32, %b: i32, %d: i32) -> (i1, i32) {
  %true = arith.constant true
  %0 = arith.cmpi slt, %x, %y : i32
  %1 = arith.xori %0, %true : i1
  %s = arith.select %c, %a, %b : i32
  %2 = arith.select %c, %s, %d : i32
  tt.return %1, %2 : i1, i32
}
