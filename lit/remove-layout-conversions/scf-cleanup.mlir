// RUN: ttg-opt %s -split-input-file -tritongpu-remove-layout-conversions | FileCheck %s

// The final cleanup of the layout pass: dead loop-carried values, trivial loops, and conditionals that only
// forward values defined outside become selects.

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // A loop that yields a value from outside returns it when it runs at least once (here: 5 times).
  // CHECK-LABEL: tt.func @yield_outside
  // CHECK-NOT: scf.for
  // CHECK: tt.return %arg1
  tt.func @yield_outside(%arg0: i32, %arg1: i32) -> i32 {
    %c0 = arith.constant 0 : index
    %c5 = arith.constant 5 : index
    %c1 = arith.constant 1 : index
    %0 = scf.for %i = %c0 to %c5 step %c1 iter_args(%a = %arg0) -> (i32) {
      scf.yield %arg1 : i32
    }
    tt.return %0 : i32
  }

  // CHECK-LABEL: tt.func @dead_iter_arg
  // CHECK: scf.for {{.*}} -> (i32)
  // CHECK-NOT: arith.muli
  tt.func @dead_iter_arg(%lb: i32, %ub: i32, %st: i32, %x: i32) -> i32 {
    %0:2 = scf.for %i = %lb to %ub step %st iter_args(%a = %x, %b = %x) -> (i32, i32) : i32 {
      %1 = arith.addi %a, %i : i32
      %2 = arith.muli %b, %i : i32
      scf.yield %1, %2 : i32, i32
    }
    tt.return %0#0 : i32
  }

  // CHECK-LABEL: tt.func @if_to_select
  // CHECK-NOT: scf.if
  // CHECK: %[[S:.*]] = arith.select %arg0, %arg1, %arg2 : i32
  // CHECK: tt.return %[[S]]
  tt.func @if_to_select(%c: i1, %x: i32, %y: i32) -> i32 {
    %0 = scf.if %c -> (i32) {
      scf.yield %x : i32
    } else {
      scf.yield %y : i32
    }
    tt.return %0 : i32
  }
}
