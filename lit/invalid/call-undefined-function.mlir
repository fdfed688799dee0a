// RUN: not ttg-opt %s 2>&1 | FileCheck %s
// CHECK: {{.*}}call-undefined-function.mlir:5:3: error: 'tt.call' op 'missing' does not reference a valid function

tt.func @f() {
  tt.call @missing() : () -> ()
  tt.return
}
