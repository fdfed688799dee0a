// RUN: not ttg-opt %s 2>&1 | FileCheck %s
// An op name without a '.' is all dialect name for MLIR ("use" is dialect `use`): the unregistered-dialect
// error, at the token after the name.
// CHECK: {{.*}}unregistered-op-no-dot.mlir:7:8: error: operation being parsed with an unregistered dialect. If this is intended, please use -allow-unregistered-dialect with the MLIR tool used

tt.func @f(%arg0: i32) {
  "use"(%arg0) : (i32) -> ()
  tt.return
}
