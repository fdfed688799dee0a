// RUN: not ttg-opt %s 2>&1 | FileCheck %s
// CHECK: {{.*}}undefined-attr-alias.mlir:5:83: error: undefined symbol alias id 'blocked'

tt.func @f() {
  %0 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #blocked>
  tt.return
}
