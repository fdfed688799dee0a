// RUN: not ttg-opt %s 2>&1 | FileCheck %s
// CHECK: {{.*}}truncated-module.mlir:6:14: error: expected operation name in quotes

module {
  tt.func @f() {
    tt.return
