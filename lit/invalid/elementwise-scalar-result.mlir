// RUN: not ttg-opt %s 2>&1 | FileCheck %s
// CHECK: {{.*}}elementwise-scalar-result.mlir:5:8: error: 'arith.addi' op requires the same type for all operands and results

tt.func @f(%arg0: tensor<128xi32>) {
  %0 = "arith.addi"(%arg0, %arg0) : (tensor<128xi32>, tensor<128xi32>) -> i32
  tt.return
}
