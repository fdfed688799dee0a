// RUN: not ttg-opt %s 2>&1 | FileCheck %s
// CHECK: {{.*}}isolated-from-above.mlir:7:10: error: 'arith.addi' op using value defined outside the region

module {
  %c = arith.constant 1 : i32
  tt.func @f() {
    %0 = arith.addi %c, %c : i32
    tt.return
  }
}
