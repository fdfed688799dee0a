// RUN: not ttg-opt %s 2>&1 | FileCheck %s
// CHECK: {{.*}}addf-int-operands.mlir:5:8: error: 'arith.addf' op operand #0 must be floating-point-like, but got 'i32'

tt.func @f(%arg0: i32) {
  %0 = arith.addf %arg0, %arg0 : i32
  tt.return
}
