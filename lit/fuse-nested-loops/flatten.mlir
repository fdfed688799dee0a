// RUN: ttg-opt %s -split-input-file -tritongpu-fuse-nested-loops | FileCheck %s
// The CHECK lines are the whole output of Triton 3.6 (its pass run on each chunk through the wheel's bindings).

// An `llvm.intr.assume` of ub > lb marks the inner loop must-execute: no versioning on its length, and its
// body's scf.if gets a `true` condition. The outer loop's iter arg is carried by the fused loop.
// CHECK-LABEL: tt.func @assumed_trip_count(
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: %0 = arith.cmpi sgt, %arg2, %c0_i32 : i32
// CHECK-NEXT: llvm.intr.assume %0 : i1
// CHECK-NEXT: %1 = arith.subi %arg1, %arg0 : i32
// CHECK-NEXT: %2 = arith.ceildivsi %1, %c1_i32 : i32
// CHECK-NEXT: %3 = arith.subi %arg2, %c0_i32 : i32
// CHECK-NEXT: %4 = arith.ceildivsi %3, %c1_i32 : i32
// CHECK-NEXT: %c0_i32_0 = arith.constant 0 : i32
// CHECK-NEXT: %c1_i32_1 = arith.constant 1 : i32
// CHECK-NEXT: %5 = arith.maxsi %c1_i32_1, %4 : i32
// CHECK-NEXT: %6 = arith.addi %c0_i32_0, %5 : i32
// CHECK-NEXT: %c0_i32_2 = arith.constant 0 : i32
// CHECK-NEXT: %7 = arith.subi %6, %c0_i32_2 : i32
// CHECK-NEXT: %8 = arith.muli %2, %7 : i32
// CHECK-NEXT: %9 = scf.for %arg4 = %arg0 to %arg1 step %c1_i32 iter_args(%arg5 = %8) -> (i32)  : i32 {
// CHECK-NEXT: scf.yield %arg5 : i32
// CHECK-NEXT: }
// CHECK-NEXT: %c0_i32_3 = arith.constant 0 : i32
// CHECK-NEXT: %10 = arith.subi %arg0, %c1_i32 : i32
// CHECK-NEXT: %c0_i32_4 = arith.constant 0 : i32
// CHECK-NEXT: %c0_i32_5 = arith.constant 0 : i32
// CHECK-NEXT: %c0_i32_6 = arith.constant 0 : i32
// CHECK-NEXT: %c0_i32_7 = arith.constant 0 : i32
// CHECK-NEXT: %c1_i32_8 = arith.constant 1 : i32
// CHECK-NEXT: %11:8 = scf.for %arg4 = %c0_i32_7 to %9 step %c1_i32_8 iter_args(%arg5 = %c0_i32_3, %arg6 = %10, %arg7 = %c0_i32, %arg8 = %4, %arg9 = %7, %arg10 = %c0_i32_4, %arg11 = %c0_i32_5, %arg12 = %c0_i32_6) -> (i32, i32, i32, i32, i32, i32, i32, i32)  : i32 {
// CHECK-NEXT: %c0_i32_9 = arith.constant 0 : i32
// CHECK-NEXT: %c0_i32_10 = arith.constant 0 : i32
// CHECK-NEXT: %12 = arith.subi %c0_i32_9, %c0_i32_10 : i32
// CHECK-NEXT: %13 = arith.cmpi eq, %arg5, %12 : i32
// CHECK-NEXT: %14:6 = scf.if %13 -> (i32, i32, i32, i32, i32, i32) {
// CHECK-NEXT: %27 = arith.addi %arg6, %c1_i32 : i32
// CHECK-NEXT: %28 = arith.muli %27, %27 : i32
// CHECK-NEXT: scf.yield %c0_i32, %28, %28, %27, %arg8, %7 : i32, i32, i32, i32, i32, i32
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %arg10, %arg12, %arg11, %arg6, %arg8, %7 : i32, i32, i32, i32, i32, i32
// CHECK-NEXT: }
// CHECK-NEXT: %15 = arith.addi %12, %14#4 : i32
// CHECK-NEXT: %16 = arith.cmpi sge, %arg5, %12 : i32
// CHECK-NEXT: %17 = arith.cmpi slt, %arg5, %15 : i32
// CHECK-NEXT: %18 = arith.andi %16, %17 : i1
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %19:2 = scf.if %true -> (i32, i32) {
// CHECK-NEXT: %27 = arith.addi %14#2, %14#0 : i32
// CHECK-NEXT: %28 = arith.addi %14#0, %c1_i32 : i32
// CHECK-NEXT: scf.yield %28, %27 : i32, i32
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %14#0, %arg11 : i32, i32
// CHECK-NEXT: }
// CHECK-NEXT: %c1_i32_11 = arith.constant 1 : i32
// CHECK-NEXT: %20 = arith.subi %14#5, %c1_i32_11 : i32
// CHECK-NEXT: %21 = arith.cmpi eq, %arg5, %20 : i32
// CHECK-NEXT: %22 = scf.if %21 -> (i32) {
// CHECK-NEXT: tt.store %arg3, %19#1 : !tt.ptr<i32>
// CHECK-NEXT: %27 = arith.addi %arg7, %19#1 : i32
// CHECK-NEXT: scf.yield %27 : i32
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %arg7 : i32
// CHECK-NEXT: }
// CHECK-NEXT: %c1_i32_12 = arith.constant 1 : i32
// CHECK-NEXT: %23 = arith.addi %arg5, %c1_i32_12 : i32
// CHECK-NEXT: %c1_i32_13 = arith.constant 1 : i32
// CHECK-NEXT: %24 = arith.subi %14#5, %c1_i32_13 : i32
// CHECK-NEXT: %25 = arith.cmpi eq, %arg5, %24 : i32
// CHECK-NEXT: %c0_i32_14 = arith.constant 0 : i32
// CHECK-NEXT: %26 = arith.select %25, %c0_i32_14, %23 : i32
// CHECK-NEXT: scf.yield %26, %14#3, %22, %14#4, %14#5, %19#0, %19#1, %14#1 : i32, i32, i32, i32, i32, i32, i32, i32
// CHECK-NEXT: }
// CHECK-NEXT: tt.return %11#2 : i32
tt.func @assumed_trip_count(%lbi: i32, %ubi: i32, %ubj: i32, %p: !tt.ptr<i32>) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %pos = arith.cmpi sgt, %ubj, %c0 : i32
  llvm.intr.assume %pos : i1
  %r = scf.for %i = %lbi to %ubi step %c1 iter_args(%acc = %c0) -> (i32) : i32 {
    %x = arith.muli %i, %i : i32
    %s = scf.for %j = %c0 to %ubj step %c1 iter_args(%t = %x) -> (i32) : i32 {
      %u = arith.addi %t, %j : i32
      scf.yield %u : i32
    }
    tt.store %p, %s : !tt.ptr<i32>
    %a = arith.addi %acc, %s : i32
    scf.yield %a : i32
  } {tt.flatten}
  tt.return %r : i32
}

// -----

// Inner bounds that depend on the outer induction variable cannot be speculated from outside the nest:
// the nest is left as it is (apart from the invariant code moved out of the outer loop).
// CHECK-LABEL: tt.func @variant_bounds(
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: %0 = arith.muli %arg0, %arg0 : i32
// CHECK-NEXT: scf.for %arg2 = %c0_i32 to %arg0 step %c1_i32  : i32 {
// CHECK-NEXT: scf.for %arg3 = %arg2 to %0 step %c1_i32  : i32 {
// CHECK-NEXT: tt.store %arg1, %arg3 : !tt.ptr<i32>
// CHECK-NEXT: }
// CHECK-NEXT: } {tt.flatten}
// CHECK-NEXT: tt.return
tt.func @variant_bounds(%n: i32, %p: !tt.ptr<i32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  scf.for %i = %c0 to %n step %c1 : i32 {
    %m = arith.muli %n, %n : i32
    scf.for %j = %i to %m step %c1 : i32 {
      tt.store %p, %j : !tt.ptr<i32>
    }
  } {tt.flatten}
  tt.return
}

// -----

// Two inner loops, or no tt.flatten: not a simple nest, nothing changes.
// CHECK-LABEL: tt.func @not_simple(
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: scf.for %arg2 = %c0_i32 to %arg0 step %c1_i32  : i32 {
// CHECK-NEXT: scf.for %arg3 = %c0_i32 to %arg0 step %c1_i32  : i32 {
// CHECK-NEXT: tt.store %arg1, %arg3 : !tt.ptr<i32>
// CHECK-NEXT: }
// CHECK-NEXT: scf.for %arg3 = %c0_i32 to %arg0 step %c1_i32  : i32 {
// CHECK-NEXT: tt.store %arg1, %arg2 : !tt.ptr<i32>
// CHECK-NEXT: }
// CHECK-NEXT: } {tt.flatten}
// CHECK-NEXT: scf.for %arg2 = %c0_i32 to %arg0 step %c1_i32  : i32 {
// CHECK-NEXT: scf.for %arg3 = %c0_i32 to %arg0 step %c1_i32  : i32 {
// CHECK-NEXT: tt.store %arg1, %arg3 : !tt.ptr<i32>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: tt.return
tt.func @not_simple(%n: i32, %p: !tt.ptr<i32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  scf.for %i = %c0 to %n step %c1 : i32 {
    scf.for %j = %c0 to %n step %c1 : i32 {
      tt.store %p, %j : !tt.ptr<i32>
    }
    scf.for %j = %c0 to %n step %c1 : i32 {
      tt.store %p, %i : !tt.ptr<i32>
    }
  } {tt.flatten}
  scf.for %i = %c0 to %n step %c1 : i32 {
    scf.for %j = %c0 to %n step %c1 : i32 {
      tt.store %p, %j : !tt.ptr<i32>
    }
  }
  tt.return
}
