// RUN: not ttg-opt %s 2>&1 | FileCheck %s
// CHECK: {{.*}}splat-element-type.mlir:5:8: error: 'tt.splat' op requires the same element type for all operands and results

tt.func @f(%arg0: i32) {
  %0 = tt.splat %arg0 : i32 -> tensor<128xf32>
  tt.return
}
