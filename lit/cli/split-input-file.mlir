// RUN: ttg-opt %s -split-input-file | FileCheck %s
// RUN: ttg-opt %s --split-input-file | FileCheck %s

// Chunks are processed independently and printed in order, separated by the split marker.

// CHECK: tt.func @first
// CHECK-NEXT: tt.return
// CHECK: {{^}}// {{-----$}}
// CHECK: tt.func @second
// CHECK-NOT: tt.func @first
tt.func @first() {
  tt.return
}

// -----

tt.func @second() {
  tt.return
}
