// RUN: not ttg-opt %s 2>&1 | FileCheck %s
// CHECK: {{.*}}unknown-custom-op.mlir:5:8: error: custom op 'tt.frobnicate' is unknown

tt.func @f(%arg0: i32) {
  %0 = tt.frobnicate %arg0 : i32
  tt.return
}
