// RUN: ttg-opt %s -canonicalize --mlir-print-debuginfo | FileCheck %s

// Locations: a constant moved from another block, or merged with a duplicate, gets loc(unknown); DRR
// rewrites fuse the root's location with the second matched op's (here the constant operand's).

// CHECK:      %c14_i32 = arith.constant 14 : i32 loc(#[[FUSED:loc[0-9]+]])
// CHECK-NEXT: %c9_i32 = arith.constant 9 : i32 loc(#[[UNKNOWN:loc[0-9]+]])
// CHECK-NEXT: %c2_i32 = arith.constant 2 : i32 loc(#{{loc[0-9]+}})
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32 loc(#[[UNKNOWN]])
// CHECK:      %5 = arith.addi %4, %c14_i32 : i32 loc(#[[FUSED]])
// CHECK-DAG:  #[[L21:loc[0-9]+]] = loc("k.py":21:1)
// CHECK-DAG:  #[[L20:loc[0-9]+]] = loc("k.py":20:1)
// CHECK-DAG:  #[[L18:loc[0-9]+]] = loc("k.py":18:1)
// CHECK-DAG:  #[[UNKNOWN]] = loc(unknown)
// CHECK-DAG:  #[[FUSED]] = loc(fused[#[[L21]], #[[L20]], #[[L18]]])
module {
  tt.func @consts(%arg0: i32 loc("k.py":1:1), %lb: i32 loc("k.py":1:2), %ub: i32 loc("k.py":1:3)) -> i32 {
    %0 = arith.addi %arg0, %arg0 : i32 loc("k.py":2:1)
    %c1 = arith.constant 1 : i32 loc("k.py":3:1)
    %1 = arith.addi %0, %c1 : i32 loc("k.py":4:1)
    %c2 = arith.constant 2 : i32 loc("k.py":5:1)
    %2 = arith.muli %1, %c2 : i32 loc("k.py":6:1)
    %c1_0 = arith.constant 1 : i32 loc("k.py":7:1)
    %3 = arith.subi %2, %c1_0 : i32 loc("k.py":8:1)
    %r = scf.for %i = %lb to %ub step %c2 iter_args(%acc = %3) -> (i32) : i32 {
      %c9 = arith.constant 9 : i32 loc("k.py":10:1)
      %x = arith.muli %acc, %c9 : i32 loc("k.py":11:1)
      %c0 = arith.constant 0 : i32 loc("k.py":12:1)
      %y = arith.addi %x, %c0 : i32 loc("k.py":13:1)
      %z = arith.addi %y, %i : i32 loc("k.py":14:1)
      scf.yield %z : i32 loc("k.py":15:1)
    } loc("k.py":9:1)
    %c3 = arith.constant 3 : i32 loc("k.py":16:1)
    %c4 = arith.constant 4 : i32 loc("k.py":17:1)
    %s = arith.addi %c3, %c4 : i32 loc("k.py":18:1)
    %t = arith.addi %r, %s : i32 loc("k.py":19:1)
    %u = arith.addi %t, %c3 : i32 loc("k.py":20:1)
    %v = arith.addi %u, %c4 : i32 loc("k.py":21:1)
    tt.return %v : i32 loc("k.py":22:1)
  } loc("k.py":1:1)
} loc("k.py":0:0)
