// RUN: not ttg-opt %s 2>&1 | FileCheck %s
// CHECK: {{.*}}func-entry-arg-count.mlir:4:1: error: 'tt.func' op entry block must have 2 arguments to match function signature

"tt.func"() <{function_type = (i32, i32) -> (), sym_name = "f"}> ({
^bb0(%arg0: i32):
  "tt.return"() : () -> ()
}) : () -> ()
