// RUN: not ttg-opt %s 2>&1 | FileCheck %s
// CHECK: {{.*}}op-with-unexpected-region.mlir:5:8: error: 'arith.addi' op requires zero regions

tt.func @f(%arg0: i32) {
  %0 = "arith.addi"(%arg0, %arg0) ({
  }) : (i32, i32) -> i32
  tt.return
}
