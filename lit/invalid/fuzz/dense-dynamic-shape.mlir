// RUN: not ttg-opt %s 2>&1 | FileCheck %s
// A dense literal needs a static shape (MLIR's message and column, as Triton 3.6 reports it); a `?` had reached
// the passes and thrown there.
module {
  tt.func @f(%a: i32) -> i32 {
    // CHECK: dense-dynamic-shape.mlir:[[# @LINE + 1]]:47: error: elements literal type must have static shape
    %0 = arith.addi %a, %a {tt.divisibility = dense<64> : tensor<?xi32>} : i32
    tt.return %0 : i32
  }
}
