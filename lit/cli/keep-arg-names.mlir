// RUN: ttg-opt %s --mlir-print-debuginfo | FileCheck %s --check-prefix=TRITON
// RUN: ttg-opt %s --mlir-print-debuginfo --keep-arg-names | FileCheck %s --check-prefix=KEEP
// RUN: ttg-opt %s --keep-arg-names | FileCheck %s --check-prefix=NODEBUG

// Triton's front end names loop arguments after the Python variables, but scf.for prints no locations for them,
// so triton-opt reads `%k` back as an unnamed argument. --keep-arg-names keeps the written names (less the `_N`
// uniquing suffix, which the printer adds back); `%argN` stays a default name.
// TRITON: scf.for %arg2 = %c0_i32 to %n step %c1_i32 iter_args(%arg3 = %acc) -> (i32)  : i32 {
// TRITON-NEXT: %acc_1 = arith.addi %arg3, %arg2 : i32
// KEEP: scf.for %k = %c0_i32 to %n step %c1_i32 iter_args(%acc_1 = %acc) -> (i32)  : i32 {
// KEEP-NEXT: %acc_2 = arith.addi %acc_1, %k : i32
// NODEBUG: scf.for %arg2 = %c0_i32 to %arg0 step %c1_i32 iter_args(%arg3 = %arg1) -> (i32)  : i32 {
#loc = loc("k.py":1:0)
tt.func @f(%n: i32 loc("n"(#loc)), %acc: i32 loc("acc"(#loc))) -> i32 {
  %c0_i32 = arith.constant 0 : i32 loc(#loc)
  %c1_i32 = arith.constant 1 : i32 loc(#loc)
  %acc_0 = scf.for %k = %c0_i32 to %n step %c1_i32 iter_args(%acc_1 = %acc) -> (i32)  : i32 {
    %acc_2 = arith.addi %acc_1, %k : i32 loc(#loc1)
    scf.yield %acc_2 : i32 loc(#loc)
  } loc(#loc1)
  tt.return %acc_0 : i32 loc(#loc)
} loc(#loc)
#loc1 = loc("acc"(#loc))
