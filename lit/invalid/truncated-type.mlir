// RUN: not ttg-opt %s 2>&1 | FileCheck %s
// CHECK: {{.*}}truncated-type.mlir:5:42: error: expected non-function type

tt.func @f(%arg0: i32) {
  %0 = tt.splat %arg0 : i32 -> tensor<128x