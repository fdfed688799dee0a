// RUN: ttg-opt %s -canonicalize | FileCheck %s

// MLIR's scf.while canonicalizations: loop-invariant arguments and results, the condition forwarded to the after
// region, comparisons equal to the condition.

module {
  // CHECK-LABEL: tt.func @while_inv(
  // CHECK-NEXT:    %c10_i32 = arith.constant 10 : i32
  // CHECK-NEXT:    %0 = scf.while (%arg2 = %arg0) : (i32) -> i32 {
  // CHECK-NEXT:      %1 = arith.cmpi slt, %arg2, %c10_i32 : i32
  // CHECK-NEXT:      scf.condition(%1) %arg2 : i32
  // CHECK-NEXT:    } do {
  // CHECK-NEXT:    ^bb0(%arg2: i32):
  // CHECK-NEXT:      %1 = arith.addi %arg2, %arg1 : i32
  // CHECK-NEXT:      scf.yield %1 : i32
  // CHECK-NEXT:    }
  // CHECK-NEXT:    tt.return %0, %arg1 : i32, i32
  tt.func @while_inv(%x: i32, %y: i32) -> (i32, i32) {
    %c10 = arith.constant 10 : i32
    %r:2 = scf.while (%a = %x, %b = %y) : (i32, i32) -> (i32, i32) {
      %cond = arith.cmpi slt, %a, %c10 : i32
      scf.condition(%cond) %a, %b : i32, i32
    } do {
    ^bb0(%a2: i32, %b2: i32):
      %n = arith.addi %a2, %b2 : i32
      scf.yield %n, %b2 : i32, i32
    }
    tt.return %r#0, %r#1 : i32, i32
  }
  // CHECK-LABEL: tt.func @while_truth(
  // CHECK-NEXT:    %c10_i32 = arith.constant 10 : i32
  // CHECK-NEXT:    %true = arith.constant true
  // CHECK-NEXT:    %0 = scf.while (%arg2 = %arg0) : (i32) -> i32 {
  // CHECK-NEXT:      %1 = arith.cmpi slt, %arg2, %c10_i32 : i32
  // CHECK-NEXT:      scf.condition(%1) %arg2 : i32
  // CHECK-NEXT:    } do {
  // CHECK-NEXT:    ^bb0(%arg2: i32):
  // CHECK-NEXT:      tt.store %arg1, %true : !tt.ptr<i1>
  // CHECK-NEXT:      tt.store %arg1, %true : !tt.ptr<i1>
  // CHECK-NEXT:      %1 = arith.addi %arg2, %c10_i32 : i32
  // CHECK-NEXT:      scf.yield %1 : i32
  // CHECK-NEXT:    }
  // CHECK-NEXT:    tt.return %0 : i32
  tt.func @while_truth(%x: i32, %p: !tt.ptr<i1>) -> i32 {
    %c10 = arith.constant 10 : i32
    %r:2 = scf.while (%a = %x) : (i32) -> (i32, i1) {
      %cond = arith.cmpi slt, %a, %c10 : i32
      scf.condition(%cond) %a, %cond : i32, i1
    } do {
    ^bb0(%a2: i32, %c2: i1):
      tt.store %p, %c2 : !tt.ptr<i1>
      %k = arith.cmpi slt, %a2, %c10 : i32
      tt.store %p, %k : !tt.ptr<i1>
      %n = arith.addi %a2, %c10 : i32
      scf.yield %n : i32
    }
    tt.return %r#0 : i32
  }
}
