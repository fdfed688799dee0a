// RUN: not ttg-opt %s 2>&1 | FileCheck %s
// CHECK: {{.*}}constant-type-mismatch.mlir:5:8: error: 'arith.constant' op failed to verify that all of {value, result} have same type

tt.func @f() {
  %0 = "arith.constant"() <{value = 1 : i64}> : () -> i32
  tt.return
}
