// RUN: ttg-opt %s --convert-scf-to-cf | FileCheck %s

// The if becomes a diamond with a continuation block carrying the result; the while inlines before/after
// regions; the for uses its entry block as the condition block and steps the induction variable.
module {
  tt.func @loops(%n: i32, %c: i1, %x: f32) -> f32 {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %r = scf.if %c -> (f32) {
      %a = arith.addf %x, %x : f32
      scf.yield %a : f32
    } else {
      scf.yield %x : f32
    }
    %w:2 = scf.while (%i = %c0, %acc = %r) : (i32, f32) -> (i32, f32) {
      %lt = arith.cmpi slt, %i, %n : i32
      scf.condition(%lt) %i, %acc : i32, f32
    } do {
    ^bb0(%i2: i32, %acc2: f32):
      %i3 = arith.addi %i2, %c1 : i32
      %acc3 = arith.mulf %acc2, %x : f32
      scf.yield %i3, %acc3 : i32, f32
    }
    %s = scf.for %iv = %c0 to %n step %c1 iter_args(%a = %w#1) -> (f32) : i32 {
      %b = arith.addf %a, %x : f32
      scf.yield %b : f32
    }
    tt.return %s : f32
  }
}
// CHECK:     %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT:     %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:     cf.cond_br %arg1, ^bb1, ^bb2
// CHECK-NEXT:   ^bb1:  // pred: ^bb0
// CHECK-NEXT:     %0 = arith.addf %arg2, %arg2 : f32
// CHECK-NEXT:     cf.br ^bb3(%0 : f32)
// CHECK-NEXT:   ^bb2:  // pred: ^bb0
// CHECK-NEXT:     cf.br ^bb3(%arg2 : f32)
// CHECK-NEXT:   ^bb3(%1: f32):  // 2 preds: ^bb1, ^bb2
// CHECK-NEXT:     cf.br ^bb4
// CHECK-NEXT:   ^bb4:  // pred: ^bb3
// CHECK-NEXT:     cf.br ^bb5(%c0_i32, %1 : i32, f32)
// CHECK-NEXT:   ^bb5(%2: i32, %3: f32):  // 2 preds: ^bb4, ^bb6
// CHECK-NEXT:     %4 = arith.cmpi slt, %2, %arg0 : i32
// CHECK-NEXT:     cf.cond_br %4, ^bb6(%2, %3 : i32, f32), ^bb7
// CHECK-NEXT:   ^bb6(%5: i32, %6: f32):  // pred: ^bb5
// CHECK-NEXT:     %7 = arith.addi %5, %c1_i32 : i32
// CHECK-NEXT:     %8 = arith.mulf %6, %arg2 : f32
// CHECK-NEXT:     cf.br ^bb5(%7, %8 : i32, f32)
// CHECK-NEXT:   ^bb7:  // pred: ^bb5
// CHECK-NEXT:     cf.br ^bb8(%c0_i32, %3 : i32, f32)
// CHECK-NEXT:   ^bb8(%9: i32, %10: f32):  // 2 preds: ^bb7, ^bb9
// CHECK-NEXT:     %11 = arith.cmpi slt, %9, %arg0 : i32
// CHECK-NEXT:     cf.cond_br %11, ^bb9, ^bb10
// CHECK-NEXT:   ^bb9:  // pred: ^bb8
// CHECK-NEXT:     %12 = arith.addf %10, %arg2 : f32
// CHECK-NEXT:     %13 = arith.addi %9, %c1_i32 : i32
// CHECK-NEXT:     cf.br ^bb8(%13, %12 : i32, f32)
// CHECK-NEXT:   ^bb10:  // pred: ^bb8
// CHECK-NEXT:     tt.return %10 : f32
// CHECK-NEXT:   }
// CHECK-NEXT: }
