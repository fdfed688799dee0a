// RUN: not ttg-opt %s 2>&1 | FileCheck %s
// CHECK: {{.*}}tensor-too-large.mlir:5:8: error: Maximum allowed number of elements is 1048576, but %0 = "tt.make_range"() <{end = 2097152 : i32, start = 0 : i32}> : () -> tensor<2097152xi32> has more than that

tt.func @f() {
  %0 = tt.make_range {end = 2097152 : i32, start = 0 : i32} : tensor<2097152xi32>
  tt.return
}
