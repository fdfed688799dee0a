// RUN: ttg-opt %s -split-input-file 2>&1 | FileCheck %s

// A marker with too few dashes does not split (mlir-opt warns about it).
// CHECK: {{.*}}near-miss-split.mlir:10:1: warning: near miss with file split marker
// CHECK: tt.func @a
// CHECK-NOT: {{^}}// {{-----$}}
tt.func @a() {
  tt.return
}
// ----
tt.func @b() {
  tt.return
}
