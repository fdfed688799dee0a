// RUN: ttg-opt %s -canonicalize | FileCheck %s

// Constants are uniqued and hoisted to the front of the entry block when the worklist is seeded (in
// pre-order, so constants met later end up first); nested constants move to the function entry.

// CHECK-LABEL: tt.func @consts
// CHECK-NEXT:    %c2_i32 = arith.constant 2 : i32
// CHECK-NEXT:    %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:    %0 = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT:    %1 = arith.addi %0, %c1_i32 : i32
// CHECK-NEXT:    %2 = arith.muli %1, %c2_i32 : i32
// CHECK-NEXT:    %3 = arith.subi %2, %c1_i32 : i32
// CHECK-NEXT:    tt.return %3 : i32
tt.func @consts(%arg0: i32) -> i32 {
  %0 = arith.addi %arg0, %arg0 : i32
  %c1 = arith.constant 1 : i32
  %1 = arith.addi %0, %c1 : i32
  %c2 = arith.constant 2 : i32
  %2 = arith.muli %1, %c2 : i32
  %c1_0 = arith.constant 1 : i32
  %3 = arith.subi %2, %c1_0 : i32
  tt.return %3 : i32
}

// CHECK-LABEL: tt.func @nested
// CHECK-NEXT:    %c9_i32 = arith.constant 9 : i32
// CHECK-NEXT:    %c7_i32 = arith.constant 7 : i32
// CHECK-NEXT:    %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:    %0 = scf.for
// CHECK-NEXT:      %2 = arith.muli %arg4, %c9_i32 : i32
// CHECK-NEXT:      %3 = arith.addi %2, %c7_i32 : i32
tt.func @nested(%arg0: i32, %lb: i32, %ub: i32) -> i32 {
  %c7 = arith.constant 7 : i32
  %c1 = arith.constant 1 : i32
  %r = scf.for %i = %lb to %ub step %c1 iter_args(%acc = %arg0) -> (i32) : i32 {
    %c9 = arith.constant 9 : i32
    %c7_0 = arith.constant 7 : i32
    %x = arith.muli %acc, %c9 : i32
    %y = arith.addi %x, %c7_0 : i32
    %z = arith.addi %y, %i : i32
    scf.yield %z : i32
  }
  %w = arith.addi %r, %c7 : i32
  tt.return %w : i32
}

// Folded constants are materialized before the folded op, then hoisted on the next iteration.
// CHECK-LABEL: tt.func @folded_mid
// CHECK-NEXT:    %c12_i32 = arith.constant 12 : i32
// CHECK-NEXT:    %c5_i32 = arith.constant 5 : i32
// CHECK-NEXT:    %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:    %0 = arith.addi %arg0, %c1_i32 : i32
// CHECK-NEXT:    %1 = arith.muli %0, %c5_i32 : i32
// CHECK-NEXT:    %2 = arith.addi %1, %c12_i32 : i32
// CHECK-NEXT:    tt.return %2, %c5_i32 : i32, i32
tt.func @folded_mid(%x: i32) -> (i32, i32) {
  %c1 = arith.constant 1 : i32
  %0 = arith.addi %x, %c1 : i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %1 = arith.addi %c2, %c3 : i32
  %2 = arith.muli %0, %1 : i32
  %c4 = arith.constant 4 : i32
  %3 = arith.muli %c4, %c3 : i32
  %4 = arith.addi %2, %3 : i32
  tt.return %4, %1 : i32, i32
}
