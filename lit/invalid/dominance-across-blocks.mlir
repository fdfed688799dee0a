// RUN: not ttg-opt %s 2>&1 | FileCheck %s
// CHECK: {{.*}}dominance-across-blocks.mlir:12:8: error: operand #0 does not dominate this use

tt.func @f(%arg0: i1, %arg1: i32) {
  cf.cond_br %arg0, ^bb1, ^bb2
^bb1:
  %0 = arith.addi %arg1, %arg1 : i32
  cf.br ^bb3
^bb2:
  cf.br ^bb3
^bb3:
  %1 = arith.muli %0, %0 : i32
  tt.return
}
