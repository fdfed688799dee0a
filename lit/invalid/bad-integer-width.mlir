// RUN: not ttg-opt %s 2>&1 | FileCheck %s
// CHECK: {{.*}}bad-integer-width.mlir:4:19: error: integer bitwidth is limited to 16777215 bits

tt.func @f(%arg0: i99999999) {
  tt.return
}
