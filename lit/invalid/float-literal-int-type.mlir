// RUN: not ttg-opt %s 2>&1 | FileCheck %s
// CHECK: {{.*}}float-literal-int-type.mlir:6:3: error: floating point value not valid for specified type

tt.func @f() {
  %0 = arith.constant 1.5 : i32
  tt.return
}
