// RUN: ttg-opt %s --symbol-dce | FileCheck %s

// Private symbols nobody references are erased, transitively; public ones stay.

// CHECK-NOT: @unused
// CHECK-NOT: @only_from_unused
// CHECK-DAG: tt.func private @callee
// CHECK-DAG: tt.func public @kernel
// CHECK-DAG: tt.func @implicitly_public
tt.func private @only_from_unused() {
  tt.return
}
tt.func private @unused() {
  tt.call @only_from_unused() : () -> ()
  tt.return
}
tt.func private @callee() {
  tt.return
}
tt.func public @kernel() {
  tt.call @callee() : () -> ()
  tt.return
}
tt.func @implicitly_public() {
  tt.return
}
