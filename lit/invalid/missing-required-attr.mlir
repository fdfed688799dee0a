// RUN: not ttg-opt %s 2>&1 | FileCheck %s
// CHECK: {{.*}}missing-required-attr.mlir:5:8: error: 'tt.make_range' op requires attribute 'end'

tt.func @f() {
  %0 = "tt.make_range"() <{start = 0 : i32}> : () -> tensor<128xi32>
  tt.return
}
