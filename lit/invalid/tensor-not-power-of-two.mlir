// RUN: not ttg-opt %s 2>&1 | FileCheck %s
// CHECK: {{.*}}tensor-not-power-of-two.mlir:5:8: error: Number of elements must be power-of-two, but %0 = "tt.splat"(%arg0) : (i32) -> tensor<96xi32> doesn't follow the rule (96) elements

tt.func @f(%arg0: i32) {
  %0 = tt.splat %arg0 : i32 -> tensor<96xi32>
  tt.return
}
