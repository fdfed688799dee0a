// RUN: not ttg-opt %s -split-input-file -verify-diagnostics 2>&1 | FileCheck %s

// CHECK-DAG: {{.*}}verify-diagnostics-mismatch.mlir:9:6: error: expected error "something else" was not produced
// CHECK-DAG: {{.*}}verify-diagnostics-mismatch.mlir:10:8: error: unexpected error: 'arith.addi' op operand #0 must be signless-integer-like, but got 'f32'
// CHECK-DAG: {{.*}}verify-diagnostics-mismatch.mlir:17:6: error: 'error' diagnostic emitted when expecting a 'warning'
// CHECK-DAG: {{.*}}verify-diagnostics-mismatch.mlir:25:6: error: expected note "never emitted" was not produced

tt.func @f(%arg0: f32) {
  // expected-error @+1 {{something else}}
  %0 = arith.addi %arg0, %arg0 : f32
  tt.return
}

// -----

tt.func @g(%arg0: f32) {
  // expected-warning @+1 {{must be signless-integer-like}}
  %0 = arith.addi %arg0, %arg0 : f32
  tt.return
}

// -----

tt.func @h() {
  // expected-note @+1 {{never emitted}}
  tt.return
}
