// RUN: not ttg-opt %s 2>&1 | FileCheck %s
// CHECK: {{.*}}func-arg-attrs-not-dicts.mlir:5:1: error: 'tt.func' op attribute 'arg_attrs' failed to satisfy constraint: Array of dictionary attributes
// CHECK-NOT: internal error

"tt.func"() <{arg_attrs = 1.5 : f32, function_type = (i32) -> (), sym_name = "f"}> ({
^bb0(%arg0: i32):
  "tt.return"() : () -> ()
}) : () -> ()
