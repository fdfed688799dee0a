// RUN: ttg-opt %s --inline | FileCheck %s
// Calls inlined bottom-up with canonicalization rounds; noinline kept; unused private functions erased.
// The CHECK lines are Triton 3.6.0's output for this input (its wheel, printed without locations).

// CHECK:      module {
// CHECK-NEXT:   tt.func private @kept(%arg0: i32) -> i32 attributes {noinline = true} {
// CHECK-NEXT:     %0 = arith.muli %arg0, %arg0 : i32
// CHECK-NEXT:     tt.return %0 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   tt.func public @kernel(%arg0: !tt.ptr<i32>, %arg1: i32) attributes {noinline = false} {
// CHECK-NEXT:     %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:     %c2_i32 = arith.constant 2 : i32
// CHECK-NEXT:     %0 = arith.addi %arg1, %c2_i32 : i32
// CHECK-NEXT:     %1 = tt.call @kept(%0) : (i32) -> i32
// CHECK-NEXT:     %2 = arith.addi %1, %c1_i32 : i32
// CHECK-NEXT:     tt.store %arg0, %2 : !tt.ptr<i32>
// CHECK-NEXT:     tt.return
// CHECK-NEXT:   }
// CHECK-NEXT: }
module {
  tt.func private @leaf(%x: i32) -> i32 attributes {noinline = false} {
    %c1 = arith.constant 1 : i32
    %0 = arith.addi %x, %c1 : i32
    tt.return %0 : i32
  }
  tt.func private @mid(%x: i32) -> i32 attributes {noinline = false} {
    %0 = tt.call @leaf(%x) : (i32) -> i32
    %1 = tt.call @leaf(%0) : (i32) -> i32
    %c0 = arith.constant 0 : i32
    %2 = arith.muli %1, %c0 : i32
    %3 = arith.addi %1, %2 : i32
    tt.return %3 : i32
  }
  tt.func private @kept(%x: i32) -> i32 attributes {noinline = true} {
    %0 = arith.muli %x, %x : i32
    tt.return %0 : i32
  }
  tt.func private @unused(%x: i32) -> i32 attributes {noinline = false} {
    tt.return %x : i32
  }
  tt.func public @kernel(%p: !tt.ptr<i32>, %x: i32) attributes {noinline = false} {
    %0 = tt.call @mid(%x) : (i32) -> i32
    %1 = tt.call @kept(%0) : (i32) -> i32
    %2 = tt.call @leaf(%1) : (i32) -> i32
    tt.store %p, %2 : !tt.ptr<i32>
    tt.return
  }
}
