// RUN: ttg-opt %s -canonicalize | FileCheck %s

// MLIR's scf canonicalizations: scf.for iter-arg folding (forwarded, unused, duplicate) and trivial loops, scf.if
// select conversion, condition propagation, negated-condition fold, nested-if combination, empty else removal,
// and execute_region inlining.

module {
  // CHECK-LABEL: tt.func @for_iter_args(
  // CHECK-NEXT:    %c1_i32 = arith.constant 1 : i32
  // CHECK-NEXT:    %c0_i32 = arith.constant 0 : i32
  // CHECK-NEXT:    %0:3 = scf.for %arg3 = %arg0 to %arg1 step %c1_i32 iter_args(%arg4 = %c0_i32, %arg5 = %c0_i32, %arg6 = %c0_i32) -> (i32, i32, i32)  : i32 {
  // CHECK-NEXT:      %1 = arith.addi %arg4, %arg3 : i32
  // CHECK-NEXT:      %2 = arith.addi %arg5, %arg3 : i32
  // CHECK-NEXT:      scf.yield %1, %2, %arg2 : i32, i32, i32
  // CHECK-NEXT:    }
  // CHECK-NEXT:    tt.return %0#0, %arg2, %0#1, %0#2 : i32, i32, i32, i32
  tt.func @for_iter_args(%lb: i32, %ub: i32, %x: i32) -> (i32, i32, i32, i32) {
    %c1 = arith.constant 1 : i32
    %c0 = arith.constant 0 : i32
    %r:4 = scf.for %i = %lb to %ub step %c1 iter_args(%a = %c0, %b = %x, %c = %c0, %d = %c0) -> (i32, i32, i32, i32) : i32 {
      %n = arith.addi %a, %i : i32
      %m = arith.addi %c, %i : i32
      scf.yield %n, %b, %m, %x : i32, i32, i32, i32
    }
    tt.return %r#0, %r#1, %r#2, %r#3 : i32, i32, i32, i32
  }
  // CHECK-LABEL: tt.func @for_dup(
  // CHECK-NEXT:    tt.return %arg2, %arg2 : i32, i32
  tt.func @for_dup(%lb: i32, %ub: i32, %x: i32) -> (i32, i32) {
    %c1 = arith.constant 1 : i32
    %r:2 = scf.for %i = %lb to %ub step %c1 iter_args(%a = %x, %b = %x) -> (i32, i32) : i32 {
      scf.yield %x, %x : i32, i32
    }
    tt.return %r#0, %r#1 : i32, i32
  }
  // CHECK-LABEL: tt.func @for_one_iter(
  // CHECK-NEXT:    %0 = tt.load %arg0 : !tt.ptr<i32>
  // CHECK-NEXT:    tt.return %0 : i32
  tt.func @for_one_iter(%p: !tt.ptr<i32>) -> i32 {
    %c0 = arith.constant 0 : i32
    %c4 = arith.constant 4 : i32
    %c8 = arith.constant 8 : i32
    %r = scf.for %i = %c0 to %c4 step %c8 iter_args(%a = %c0) -> (i32) : i32 {
      %v = tt.load %p : !tt.ptr<i32>
      %n = arith.addi %a, %v : i32
      scf.yield %n : i32
    }
    tt.return %r : i32
  }
  // CHECK-LABEL: tt.func @for_zero_iter(
  // CHECK-NEXT:    tt.return %arg1 : i32
  tt.func @for_zero_iter(%p: !tt.ptr<i32>, %x: i32) -> i32 {
    %c4 = arith.constant 4 : i32
    %c1 = arith.constant 1 : i32
    %r = scf.for %i = %c4 to %c4 step %c1 iter_args(%a = %x) -> (i32) : i32 {
      %v = tt.load %p : !tt.ptr<i32>
      %n = arith.addi %a, %v : i32
      scf.yield %n : i32
    }
    tt.return %r : i32
  }
  // CHECK-LABEL: tt.func @if_select(
  // CHECK-NEXT:    %0 = arith.select %arg0, %arg1, %arg2 : i32
  // CHECK-NEXT:    %1 = scf.if %arg0 -> (i32) {
  // CHECK-NEXT:      %2 = arith.muli %arg1, %arg2 : i32
  // CHECK-NEXT:      scf.yield %2 : i32
  // CHECK-NEXT:    } else {
  // CHECK-NEXT:      scf.yield %arg2 : i32
  // CHECK-NEXT:    }
  // CHECK-NEXT:    tt.return %0, %1 : i32, i32
  tt.func @if_select(%c: i1, %x: i32, %y: i32) -> (i32, i32) {
    %r:2 = scf.if %c -> (i32, i32) {
      %m = arith.muli %x, %y : i32
      scf.yield %x, %m : i32, i32
    } else {
      scf.yield %y, %y : i32, i32
    }
    tt.return %r#0, %r#1 : i32, i32
  }
  // CHECK-LABEL: tt.func @if_cond(
  // CHECK-NEXT:    %false = arith.constant false
  // CHECK-NEXT:    %true = arith.constant true
  // CHECK-NEXT:    %0 = arith.xori %arg0, %true : i1
  // CHECK-NEXT:    scf.if %arg0 {
  // CHECK-NEXT:      tt.store %arg1, %true : !tt.ptr<i1>
  // CHECK-NEXT:    } else {
  // CHECK-NEXT:      tt.store %arg1, %false : !tt.ptr<i1>
  // CHECK-NEXT:    }
  // CHECK-NEXT:    tt.return %arg0, %0 : i1, i1
  tt.func @if_cond(%c: i1, %p: !tt.ptr<i1>) -> (i1, i1) {
    %t = arith.constant true
    %f = arith.constant false
    %r:2 = scf.if %c -> (i1, i1) {
      tt.store %p, %c : !tt.ptr<i1>
      scf.yield %t, %f : i1, i1
    } else {
      tt.store %p, %c : !tt.ptr<i1>
      scf.yield %f, %t : i1, i1
    }
    tt.return %r#0, %r#1 : i1, i1
  }
  // CHECK-LABEL: tt.func @if_not(
  // CHECK-NEXT:    scf.if %arg0 {
  // CHECK-NEXT:      tt.store %arg1, %arg3 : !tt.ptr<i32>
  // CHECK-NEXT:    } else {
  // CHECK-NEXT:      tt.store %arg1, %arg2 : !tt.ptr<i32>
  // CHECK-NEXT:    }
  // CHECK-NEXT:    tt.return
  tt.func @if_not(%c: i1, %p: !tt.ptr<i32>, %x: i32, %y: i32) {
    %t = arith.constant true
    %n = arith.xori %c, %t : i1
    scf.if %n {
      tt.store %p, %x : !tt.ptr<i32>
    } else {
      tt.store %p, %y : !tt.ptr<i32>
    }
    tt.return
  }
  // CHECK-LABEL: tt.func @if_nested(
  // CHECK-NEXT:    %0 = arith.andi %arg0, %arg1 : i1
  // CHECK-NEXT:    scf.if %0 {
  // CHECK-NEXT:      tt.store %arg2, %arg3 : !tt.ptr<i32>
  // CHECK-NEXT:    }
  // CHECK-NEXT:    tt.return
  tt.func @if_nested(%c: i1, %d: i1, %p: !tt.ptr<i32>, %x: i32) {
    scf.if %c {
      scf.if %d {
        tt.store %p, %x : !tt.ptr<i32>
      }
    }
    tt.return
  }
  // CHECK-LABEL: tt.func @if_empty_else(
  // CHECK-NEXT:    scf.if %arg0 {
  // CHECK-NEXT:      tt.store %arg1, %arg2 : !tt.ptr<i32>
  // CHECK-NEXT:    }
  // CHECK-NEXT:    tt.return
  tt.func @if_empty_else(%c: i1, %p: !tt.ptr<i32>, %x: i32) {
    scf.if %c {
      tt.store %p, %x : !tt.ptr<i32>
    } else {
    }
    tt.return
  }
  // CHECK-LABEL: tt.func @exec(
  // CHECK-NEXT:    %0 = arith.muli %arg0, %arg0 : i32
  // CHECK-NEXT:    tt.return %0 : i32
  tt.func @exec(%x: i32) -> i32 {
    %r = scf.execute_region -> i32 {
      %a = arith.muli %x, %x : i32
      scf.yield %a : i32
    }
    tt.return %r : i32
  }
}
