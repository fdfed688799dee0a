// RUN: not ttg-opt %s 2>&1 | FileCheck %s
// CHECK: {{.*}}unregistered-dialect-type.mlir:4:19: error: `!"foo"<"ptr<f32>">` type created with unregistered dialect. If this is intended, please call allowUnregisteredDialects() on the MLIRContext, or use -allow-unregistered-dialect with the MLIR opt tool used

tt.func @f(%arg0: !foo.ptr<f32>) {
  tt.return
}
