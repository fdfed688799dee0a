// RUN: not ttg-opt %s 2>&1 | FileCheck %s
// CHECK: {{.*}}unknown-op-registered-dialect.mlir:5:3: error: unregistered operation 'tt.frobnicate' found in dialect ('tt') that does not allow unknown operations

tt.func @f() {
  "tt.frobnicate"() : () -> ()
  tt.return
}
