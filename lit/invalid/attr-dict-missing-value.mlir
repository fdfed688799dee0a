// RUN: not ttg-opt %s 2>&1 | FileCheck %s
// CHECK: {{.*}}attr-dict-missing-value.mlir:5:28: error: expected attribute value

tt.func @f() {
  %0 = tt.make_range {end = , start = 0 : i32} : tensor<128xi32>
  tt.return
}
