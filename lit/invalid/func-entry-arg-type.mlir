// RUN: not ttg-opt %s 2>&1 | FileCheck %s
// CHECK: {{.*}}func-entry-arg-type.mlir:4:1: error: 'tt.func' op type of entry block argument #0('f32') must match the type of the corresponding argument in function signature('i32')

"tt.func"() <{function_type = (i32) -> (), sym_name = "f"}> ({
^bb0(%arg0: f32):
  "tt.return"() : () -> ()
}) : () -> ()
