// RUN: not ttg-opt %s 2>&1 | FileCheck %s
// CHECK: {{.*}}dominance-same-block.mlir:5:8: error: operand #0 does not dominate this use

tt.func @f(%arg0: i32) {
  %0 = arith.addi %1, %arg0 : i32
  %1 = arith.muli %arg0, %arg0 : i32
  tt.return
}
