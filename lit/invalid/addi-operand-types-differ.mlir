// RUN: not ttg-opt %s 2>&1 | FileCheck %s
// CHECK: {{.*}}addi-operand-types-differ.mlir:5:8: error: 'arith.addi' op requires the same type for all operands and results

tt.func @f(%arg0: i32, %arg1: i64) {
  %0 = "arith.addi"(%arg0, %arg1) : (i32, i64) -> i32
  tt.return
}
