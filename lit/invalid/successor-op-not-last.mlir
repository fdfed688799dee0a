// RUN: not ttg-opt %s 2>&1 | FileCheck %s
// CHECK: {{.*}}successor-op-not-last.mlir:5:3: error: operation with block successors must terminate its parent block

tt.func @f(%arg0: i32) {
  cf.br ^bb1
  %0 = arith.addi %arg0, %arg0 : i32
^bb1:
  tt.return
}
