// RUN: not ttg-opt %s 2>&1 | FileCheck %s
// CHECK: {{.*}}block-arg-dominance.mlir:11:8: error: operand #0 does not dominate this use

tt.func @f(%arg0: i1) {
  cf.cond_br %arg0, ^bb1(%arg0 : i1), ^bb2
^bb1(%x: i1):
  cf.br ^bb3
^bb2:
  cf.br ^bb3
^bb3:
  %0 = arith.andi %x, %x : i1
  tt.return
}
