// RUN: not ttg-opt %s 2>&1 | FileCheck %s
// CHECK: {{.*}}missing-terminator.mlir:5:8: error: block with no terminator, has %0 = "arith.addi"(%arg0, %arg0){{.*}}: (i32, i32) -> i32

tt.func @f(%arg0: i32) {
  %0 = arith.addi %arg0, %arg0 : i32
}
