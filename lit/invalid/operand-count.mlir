// RUN: not ttg-opt %s 2>&1 | FileCheck %s
// CHECK: {{.*}}operand-count.mlir:5:8: error: 'tt.splat' op requires a single operand

tt.func @f(%arg0: i32) {
  %0 = "tt.splat"(%arg0, %arg0) : (i32, i32) -> tensor<128xi32>
  tt.return
}
