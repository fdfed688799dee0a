// RUN: not ttg-opt %s 2>&1 | FileCheck %s
// CHECK: {{.*}}duplicate-symbol.mlir:7:1: error: redefinition of symbol named 'f'

tt.func @f() {
  tt.return
}
tt.func @f() {
  tt.return
}
