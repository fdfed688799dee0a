// RUN: not ttg-opt %s 2>&1 | FileCheck %s
// CHECK: {{.*}}undefined-ssa-value.mlir:5:26: error: use of undeclared SSA value name

tt.func @f(%arg0: i32) {
  %0 = arith.addi %arg0, %arg1 : i32
  tt.return
}
