// RUN: not ttg-opt %s 2>&1 | FileCheck %s
// CHECK: {{.*}}dominance-nested-region.mlir:6:10: error: operand #0 does not dominate this use

tt.func @f(%arg0: i1, %arg1: i32) {
  scf.if %arg0 {
    %0 = arith.addi %1, %arg1 : i32
  }
  %1 = arith.muli %arg1, %arg1 : i32
  tt.return
}
