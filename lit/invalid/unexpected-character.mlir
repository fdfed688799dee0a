// RUN: not ttg-opt %s 2>&1 | FileCheck %s
// CHECK: {{.*}}unexpected-character.mlir:5:13: error: unexpected character

tt.func @f() {
  tt.return ` 
}
