// RUN: not ttg-opt %s 2>&1 | FileCheck %s
// CHECK: {{.*}}addi-float-operands.mlir:5:8: error: 'arith.addi' op operand #0 must be signless-integer-like, but got 'f32'

tt.func @f(%arg0: f32) {
  %0 = arith.addi %arg0, %arg0 : f32
  tt.return
}
