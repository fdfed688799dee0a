// RUN: not ttg-opt %s 2>&1 | FileCheck %s
// CHECK: {{.*}}undefined-block.mlir:5:13: error: reference to an undefined block

"tt.func"() <{function_type = () -> (), sym_name = "f"}> ({
  "cf.br"()[^bb7] : () -> ()
}) : () -> ()
