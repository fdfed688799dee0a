// RUN: not ttg-opt %s 2>&1 | FileCheck %s
// CHECK: {{.*}}bad-tensor-shape.mlir:4:29: error: expected 'x' in dimension list

tt.func @f(%arg0: tensor<4x4f32>) {
  tt.return
}
