// RUN: not ttg-opt %s 2>&1 | FileCheck %s
// CHECK: {{.*}}use-type-mismatch.mlir:6:21: error: use of value '%0' expects different type than prior uses: 'f32' vs 'i32'

tt.func @f(%arg0: i32) {
  %0 = arith.addi %arg0, %arg0 : i32
  %1 = "arith.addf"(%0, %0) : (f32, f32) -> f32
  tt.return
}
