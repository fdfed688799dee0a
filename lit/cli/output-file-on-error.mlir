// RUN: rm -f %t.out
// RUN: not ttg-opt %s -o %t.out 2>&1 | FileCheck %s
// RUN: not cat %t.out

// Nothing is written to -o when the input is invalid.
// CHECK: error: use of undeclared SSA value name
tt.func @f(%arg0: i32) {
  %0 = arith.addi %arg0, %nope : i32
  tt.return
}
