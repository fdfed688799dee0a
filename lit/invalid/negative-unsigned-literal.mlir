// RUN: not ttg-opt %s 2>&1 | FileCheck %s
// CHECK: {{.*}}negative-unsigned-literal.mlir:5:24: error: negative integer literal not valid for unsigned integer type

tt.func @f() {
  %0 = arith.constant -1 : ui32
  tt.return
}
