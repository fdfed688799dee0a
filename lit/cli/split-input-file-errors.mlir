// RUN: not ttg-opt %s -split-input-file 2>&1 | FileCheck %s

// An error in one chunk does not stop the others; the exit status is 1 and the
// diagnostic points at the line in the whole file.

// CHECK-DAG: tt.func @good1
// CHECK-DAG: {{.*}}split-input-file-errors.mlir:16:26: error: use of undeclared SSA value name
// CHECK-DAG: tt.func @good2
tt.func @good1() {
  tt.return
}

// -----

tt.func @bad(%arg0: i32) {
  %0 = arith.addi %arg0, %missing : i32
  tt.return
}

// -----

tt.func @good2() {
  tt.return
}
