// RUN: not ttg-opt %s 2>&1 | FileCheck %s
// CHECK: {{.*}}terminator-not-last.mlir:5:3: error: 'tt.return' op must be the last operation in the parent block

tt.func @f(%arg0: i32) {
  "tt.return"() : () -> ()
  %0 = arith.addi %arg0, %arg0 : i32
}
