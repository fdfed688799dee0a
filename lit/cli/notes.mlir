// RUN: not ttg-opt %s 2>&1 | FileCheck %s --strict-whitespace

// Errors show the source line and a caret under the column; notes follow with their own locations.

// CHECK: {{.*}}notes.mlir:17:8: error: operand #0 does not dominate this use
// CHECK-NEXT: {{^}}  %0 = arith.addi %1, %arg0 : i32
// CHECK-NEXT: {{^}}       ^
// CHECK-NEXT: {{.*}}notes.mlir:17:8: note: see current operation: %0 = "arith.addi"(%1, %arg0) {{.*}}: (i32, i32) -> i32
// CHECK-NEXT: {{^}}  %0 = arith.addi %1, %arg0 : i32
// CHECK-NEXT: {{^}}       ^
// CHECK-NEXT: {{.*}}notes.mlir:18:8: note: operand defined here (op in the same block)
// CHECK-NEXT: {{^}}  %1 = arith.muli %arg0, %arg0 : i32
// CHECK-NEXT: {{^}}       ^
// CHECK-NOT: error

tt.func @f(%arg0: i32) {
  %0 = arith.addi %1, %arg0 : i32
  %1 = arith.muli %arg0, %arg0 : i32
  tt.return
}
