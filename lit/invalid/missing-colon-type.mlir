// RUN: not ttg-opt %s 2>&1 | FileCheck %s
// CHECK: {{.*}}missing-colon-type.mlir:5:31: error: expected ':'

tt.func @f(%arg0: i32) {
  %0 = arith.addi %arg0, %arg0
  tt.return
}
