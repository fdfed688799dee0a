// RUN: not ttg-opt %s 2>&1 | FileCheck %s
// CHECK: {{.*}}undefined-type-alias.mlir:4:26: error: undefined symbol alias id 'my_ptr'

tt.func @f(%arg0: !my_ptr) {
  tt.return
}
