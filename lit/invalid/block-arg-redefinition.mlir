// RUN: not ttg-opt %s 2>&1 | FileCheck %s
// CHECK: {{.*}}block-arg-redefinition.mlir:4:24: error: region entry argument '%arg0' is already in use

tt.func @f(%arg0: i32, %arg0: i32) {
  tt.return
}
