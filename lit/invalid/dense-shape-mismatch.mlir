// RUN: not ttg-opt %s 2>&1 | FileCheck %s
// CHECK: {{.*}}dense-shape-mismatch.mlir:5:23: error: inferred shape of elements literal ([3]) does not match type ([4])

tt.func @f() {
  %0 = arith.constant dense<[1, 2, 3]> : tensor<4xi32>
  tt.return
}
