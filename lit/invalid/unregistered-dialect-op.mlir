// RUN: not ttg-opt %s 2>&1 | FileCheck %s
// CHECK: {{.*}}unregistered-dialect-op.mlir:5:12: error: operation being parsed with an unregistered dialect. If this is intended, please use -allow-unregistered-dialect with the MLIR tool used

tt.func @f() {
  "foo.bar"() : () -> ()
  tt.return
}
