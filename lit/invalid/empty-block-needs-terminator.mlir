// RUN: not ttg-opt %s 2>&1 | FileCheck %s
// CHECK: {{.*}}empty-block-needs-terminator.mlir:4:1: error: empty block: expect at least a terminator

"tt.func"() <{function_type = () -> (), sym_name = "f"}> ({
^bb0:
}) : () -> ()
