// RUN: not ttg-opt %s 2>&1 | FileCheck %s
// CHECK: {{.*}}duplicate-attr-key.mlir:5:57: error: duplicate key 'end' in dictionary attribute

tt.func @f() {
  %0 = tt.make_range {end = 128 : i32, start = 0 : i32, end = 64 : i32} : tensor<128xi32>
  tt.return
}
