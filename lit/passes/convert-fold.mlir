// RUN: ttg-opt %s '--convert-triton-to-tritongpu=target=cuda:80 num-warps=4' | FileCheck %s

// Heuristic: like MLIR's conversion driver, each illegal op is folded before its pattern runs: constant
// operands of commutative ops move last, identities fold away and constant operands (as defined in the
// input) fold to new constants. Values produced by folded ops do not count as constants.

// CHECK-LABEL: tt.func @folds
// CHECK-NEXT: arith.constant dense<1> : tensor<128xi32, #{{.*}}>
// CHECK-NEXT: %[[C2:.*]] = arith.constant dense<2> : tensor<128xi32, #{{.*}}>
// CHECK-NEXT: %[[C128:.*]] = arith.constant dense<128> : tensor<128xi32, #{{.*}}>
// CHECK-NEXT: %[[R:.*]] = tt.make_range
// CHECK-NEXT: %[[M:.*]] = arith.muli %[[R]], %[[C2]]
// CHECK-NEXT: %[[X:.*]] = arith.muli %[[C128]], %[[C2]]
// CHECK-NEXT: %[[P:.*]] = tt.splat
// CHECK-NEXT: tt.store %[[P]], %[[M]]
// CHECK-NEXT: tt.store %[[P]], %[[C128]]
// CHECK-NEXT: tt.store %[[P]], %[[X]]
module {
  tt.func @folds(%p: !tt.ptr<i32>) {
    %one = arith.constant dense<1> : tensor<128xi32>
    %two = arith.constant dense<2> : tensor<128xi32>
    %c128 = arith.constant dense<128> : tensor<128xi32>
    %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
    %a = arith.muli %two, %r : tensor<128xi32>
    %b = arith.muli %c128, %one : tensor<128xi32>
    %c = arith.muli %b, %two : tensor<128xi32>
    %ps = tt.splat %p : !tt.ptr<i32> -> tensor<128x!tt.ptr<i32>>
    tt.store %ps, %a : tensor<128x!tt.ptr<i32>>
    tt.store %ps, %b : tensor<128x!tt.ptr<i32>>
    tt.store %ps, %c : tensor<128x!tt.ptr<i32>>
    tt.return
  }
}
