// RUN: not ttg-opt %s 2>&1 | FileCheck %s
// CHECK: {{.*}}branch-into-entry.mlir:4:1: error: entry block of region may not have predecessors

"tt.func"() <{function_type = () -> (), sym_name = "f"}> ({
^bb0:
  "cf.br"()[^bb0] : () -> ()
}) : () -> ()
