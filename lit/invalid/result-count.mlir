// RUN: not ttg-opt %s 2>&1 | FileCheck %s
// CHECK: {{.*}}result-count.mlir:5:10: error: 'tt.make_range' op requires one result

tt.func @f() {
  %0:2 = "tt.make_range"() <{end = 128 : i32, start = 0 : i32}> : () -> (tensor<128xi32>, tensor<128xi32>)
  tt.return
}
