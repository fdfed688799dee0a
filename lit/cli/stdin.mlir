// RUN: ttg-opt < %s | FileCheck %s
// RUN: ttg-opt - < %s | FileCheck %s
// RUN: not ttg-opt < %S/Inputs/undefined-value.mlir 2>&1 | FileCheck %s --check-prefix=ERR

// CHECK: tt.func @from_stdin
// ERR: <stdin>:2:26: error: use of undeclared SSA value name
tt.func @from_stdin() {
  tt.return
}
