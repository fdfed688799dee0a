// RUN: not ttg-opt %s 2>&1 | FileCheck %s
// CHECK: {{.*}}unknown-dialect-type.mlir:4:23: error: unknown  type `pointer` in dialect `tt`

tt.func @f(%arg0: !tt.pointer<f32>) {
  tt.return
}
