// RUN: not ttg-opt %s 2>&1 | FileCheck %s
// CHECK: {{.*}}addptr-shape-mismatch.mlir:5:8: error: 'tt.addptr' op all non-scalar operands/results must have the same shape and base type

tt.func @f(%arg0: tensor<128x!tt.ptr<f32>>, %arg1: tensor<64xi32>) {
  %0 = tt.addptr %arg0, %arg1 : tensor<128x!tt.ptr<f32>>, tensor<64xi32>
  tt.return
}
