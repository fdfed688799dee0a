// RUN: not ttg-opt %s 2>&1 | FileCheck %s
// CHECK: {{.*}}ssa-redefinition.mlir:6:3: error: redefinition of SSA value '%0'

tt.func @f(%arg0: i32) {
  %0 = arith.addi %arg0, %arg0 : i32
  %0 = arith.muli %arg0, %arg0 : i32
  tt.return
}
