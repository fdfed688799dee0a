// RUN: not ttg-opt %s 2>&1 | FileCheck %s
// CHECK: {{.*}}func-function-type-not-function.mlir:6:1: error: 'tt.func' op attribute 'function_type' failed to satisfy constraint: type attribute of function type
// CHECK-NOT: internal error

// The generic form takes any attribute; the printer of the custom form needs a function type.
"tt.func"() <{function_type = 3 : i32, sym_name = "f"}> ({
  "tt.return"() : () -> ()
}) : () -> ()
