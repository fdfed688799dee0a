// RUN: ttg-opt %s --mlir-print-op-generic | FileCheck %s

// CHECK: "builtin.module"() ({
// CHECK-NEXT: "tt.func"() <{function_type = (i32) -> (), sym_name = "f"}> ({
// CHECK-NEXT: ^bb0(%arg0: i32):
// CHECK-NEXT: %0 = "arith.addi"(%arg0, %arg0) {{.*}}: (i32, i32) -> i32
// CHECK-NEXT: "tt.return"() : () -> ()
// CHECK-NEXT: }) : () -> ()
// CHECK-NEXT: }) : () -> ()
tt.func @f(%arg0: i32) {
  %0 = arith.addi %arg0, %arg0 : i32
  tt.return
}
