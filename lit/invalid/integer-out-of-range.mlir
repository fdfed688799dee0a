// RUN: not ttg-opt %s 2>&1 | FileCheck %s
// CHECK: {{.*}}integer-out-of-range.mlir:5:23: error: integer constant out of range for attribute

tt.func @f() {
  %0 = arith.constant 300 : i8
  tt.return
}
