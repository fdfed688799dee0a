// RUN: not ttg-opt %s 2>&1 | FileCheck %s
// CHECK: {{.*}}generic-unbalanced-paren.mlir:5:33: error: expected ')' to end operand list

tt.func @f(%arg0: i32) {
  %0 = "arith.addi"(%arg0, %arg0 : (i32, i32) -> i32
  tt.return
}
