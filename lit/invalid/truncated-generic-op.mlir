// RUN: not ttg-opt %s 2>&1 | FileCheck %s
// CHECK: {{.*}}truncated-generic-op.mlir:5:54: error: expected non-function type

tt.func @f() {
  %0 = "arith.constant"() <{value = 1 : i32}> : () ->
