// RUN: not ttg-opt %s 2>&1 | FileCheck %s
// CHECK: {{.*}}result-count-bind.mlir:5:3: error: operation defines 1 results but was provided 2 to bind

tt.func @f(%arg0: i32) {
  %0:2 = arith.addi %arg0, %arg0 : i32
  tt.return
}
