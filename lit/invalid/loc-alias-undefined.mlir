// RUN: not ttg-opt %s 2>&1 | FileCheck %s
// CHECK: {{.*}}loc-alias-undefined.mlir:5:17: error: operation location alias was never defined

tt.func @f() {
  tt.return loc(#loc9)
}
