// RUN: not ttg-opt %s 2>&1 | FileCheck %s
// CHECK: {{.*}}unterminated-string.mlir:4:44: error: expected '"' in string literal

tt.func @f() attributes {noinline = "abc} {
  tt.return
}
