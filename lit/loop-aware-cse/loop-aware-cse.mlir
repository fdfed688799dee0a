// RUN: ttg-opt %s -split-input-file -triton-loop-aware-cse | FileCheck %s
// The CHECK lines are the whole output of Triton 3.6 (its pass run on each chunk through the wheel's bindings).

// Two pairs of iter args that feed each other: (a, b) and (c, d) start equal and stay equal, so b and d go.
// CHECK-LABEL: tt.func @cross_recursive(
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: %c3_i32 = arith.constant 3 : i32
// CHECK-NEXT: %0:2 = scf.for %arg1 = %c0_i32 to %arg0 step %c1_i32 iter_args(%arg2 = %c0_i32, %arg3 = %c1_i32) -> (i32, i32)  : i32 {
// CHECK-NEXT: %1 = arith.addi %arg3, %c3_i32 : i32
// CHECK-NEXT: %2 = arith.muli %arg2, %c3_i32 : i32
// CHECK-NEXT: scf.yield %1, %2 : i32, i32
// CHECK-NEXT: }
// CHECK-NEXT: tt.return %0#0, %0#1, %0#0, %0#1 : i32, i32, i32, i32
tt.func @cross_recursive(%n: i32) -> (i32, i32, i32, i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c3 = arith.constant 3 : i32
  %r:4 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %c0, %c = %c1, %b = %c0, %d = %c1) -> (i32, i32, i32, i32) : i32 {
    %a1 = arith.addi %c, %c3 : i32
    %b1 = arith.addi %d, %c3 : i32
    %c2 = arith.muli %a, %c3 : i32
    %d2 = arith.muli %b, %c3 : i32
    scf.yield %a1, %c2, %b1, %d2 : i32, i32, i32, i32
  }
  tt.return %r#0, %r#1, %r#2, %r#3 : i32, i32, i32, i32
}

// -----

// Different inits, the induction variable on one side only, or values read from memory (the loads are not
// merged across the store): nothing merges.
// CHECK-LABEL: tt.func @not_equal(
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: %0:5 = scf.for %arg2 = %c0_i32 to %arg0 step %c1_i32 iter_args(%arg3 = %c0_i32, %arg4 = %c1_i32, %arg5 = %c0_i32, %arg6 = %c0_i32, %arg7 = %c0_i32) -> (i32, i32, i32, i32, i32)  : i32 {
// CHECK-NEXT: %1 = arith.addi %arg3, %c1_i32 : i32
// CHECK-NEXT: %2 = arith.addi %arg4, %c1_i32 : i32
// CHECK-NEXT: %3 = arith.addi %arg5, %arg2 : i32
// CHECK-NEXT: %4 = tt.load %arg1 : !tt.ptr<i32>
// CHECK-NEXT: tt.store %arg1, %arg2 : !tt.ptr<i32>
// CHECK-NEXT: %5 = tt.load %arg1 : !tt.ptr<i32>
// CHECK-NEXT: %6 = arith.addi %arg6, %4 : i32
// CHECK-NEXT: %7 = arith.addi %arg7, %5 : i32
// CHECK-NEXT: scf.yield %1, %2, %3, %6, %7 : i32, i32, i32, i32, i32
// CHECK-NEXT: }
// CHECK-NEXT: tt.return %0#0, %0#1, %0#2, %0#0, %0#3, %0#4 : i32, i32, i32, i32, i32, i32
tt.func @not_equal(%n: i32, %p: !tt.ptr<i32>) -> (i32, i32, i32, i32, i32, i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r:6 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %c0, %b = %c1, %e = %c0, %f = %c0, %g = %c0, %h = %c0) -> (i32, i32, i32, i32, i32, i32) : i32 {
    %a1 = arith.addi %a, %c1 : i32
    %b1 = arith.addi %b, %c1 : i32
    %e1 = arith.addi %e, %i : i32
    %f1 = arith.addi %f, %c1 : i32
    %l1 = tt.load %p : !tt.ptr<i32>
    tt.store %p, %i : !tt.ptr<i32>
    %l2 = tt.load %p : !tt.ptr<i32>
    %g1 = arith.addi %g, %l1 : i32
    %h1 = arith.addi %h, %l2 : i32
    scf.yield %a1, %b1, %e1, %f1, %g1, %h1 : i32, i32, i32, i32, i32, i32
  }
  tt.return %r#0, %r#1, %r#2, %r#3, %r#4, %r#5 : i32, i32, i32, i32, i32, i32
}

// -----

// Three equal args form one class; the loop results of the others become the first one's, and the plain CSE
// around the loop merges what becomes equal.
// CHECK-LABEL: tt.func @three_equal(
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: %0 = scf.for %arg2 = %c0_i32 to %arg0 step %c1_i32 iter_args(%arg3 = %arg1) -> (i32)  : i32 {
// CHECK-NEXT: %2 = arith.muli %arg3, %arg3 : i32
// CHECK-NEXT: scf.yield %2 : i32
// CHECK-NEXT: }
// CHECK-NEXT: %1 = arith.addi %0, %c1_i32 : i32
// CHECK-NEXT: tt.return %1, %1, %1 : i32, i32, i32
tt.func @three_equal(%n: i32, %x: i32) -> (i32, i32, i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %x, %b = %x, %c = %x) -> (i32, i32, i32) : i32 {
    %a1 = arith.muli %a, %a : i32
    %b1 = arith.muli %b, %b : i32
    %c1_ = arith.muli %c, %c : i32
    scf.yield %a1, %b1, %c1_ : i32, i32, i32
  }
  %s0 = arith.addi %r#0, %c1 : i32
  %s1 = arith.addi %r#2, %c1 : i32
  %s2 = arith.addi %r#1, %c1 : i32
  tt.return %s0, %s1, %s2 : i32, i32, i32
}

// -----

// Loops nested in a loop, and a loop in an scf.if, are handled too (innermost first).
// CHECK-LABEL: tt.func @nested(
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: %0 = scf.for %arg3 = %c0_i32 to %arg0 step %c1_i32 iter_args(%arg4 = %arg1) -> (i32)  : i32 {
// CHECK-NEXT: %3 = scf.for %arg5 = %c0_i32 to %arg0 step %c1_i32 iter_args(%arg6 = %arg4) -> (i32)  : i32 {
// CHECK-NEXT: %4 = arith.addi %arg6, %arg5 : i32
// CHECK-NEXT: scf.yield %4 : i32
// CHECK-NEXT: }
// CHECK-NEXT: scf.yield %3 : i32
// CHECK-NEXT: }
// CHECK-NEXT: %1 = scf.if %arg2 -> (i32) {
// CHECK-NEXT: %3 = scf.for %arg3 = %c0_i32 to %arg0 step %c1_i32 iter_args(%arg4 = %arg1) -> (i32)  : i32 {
// CHECK-NEXT: %5 = arith.subi %arg4, %c1_i32 : i32
// CHECK-NEXT: scf.yield %5 : i32
// CHECK-NEXT: }
// CHECK-NEXT: %4 = arith.addi %3, %3 : i32
// CHECK-NEXT: scf.yield %4 : i32
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %arg1 : i32
// CHECK-NEXT: }
// CHECK-NEXT: %2 = arith.addi %0, %0 : i32
// CHECK-NEXT: tt.return %2, %1 : i32, i32
tt.func @nested(%n: i32, %x: i32, %cond: i1) -> (i32, i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %x, %b = %x) -> (i32, i32) : i32 {
    %in:2 = scf.for %j = %c0 to %n step %c1 iter_args(%p = %a, %q = %a) -> (i32, i32) : i32 {
      %p1 = arith.addi %p, %j : i32
      %q1 = arith.addi %q, %j : i32
      scf.yield %p1, %q1 : i32, i32
    }
    scf.yield %in#0, %in#1 : i32, i32
  }
  %s = scf.if %cond -> (i32) {
    %w:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %x, %b = %x) -> (i32, i32) : i32 {
      %a1 = arith.subi %a, %c1 : i32
      %b1 = arith.subi %b, %c1 : i32
      scf.yield %b1, %a1 : i32, i32
    }
    %t = arith.addi %w#0, %w#1 : i32
    scf.yield %t : i32
  } else {
    scf.yield %x : i32
  }
  %u = arith.addi %r#0, %r#1 : i32
  tt.return %u, %s : i32, i32
}
