// RUN: ttg-opt %s -split-input-file -verify-diagnostics

tt.func @offsets(%arg0: i32) {
  // expected-error @+1 {{use of undeclared SSA value name}}
  %0 = arith.addi %arg0, %undefined : i32
  tt.return
}

// -----

tt.func @below(%arg0: f32) {
  // expected-error @below {{'arith.addi' op operand #0 must be signless-integer-like, but got 'f32'}}
  %0 = arith.addi %arg0, %arg0 : f32
  tt.return
}

// -----

tt.func @above(%arg0: i32) {
  %0 = arith.addi %1, %arg0 : i32
  // expected-error @above {{operand #0 does not dominate this use}}
  %1 = arith.muli %arg0, %arg0 : i32
  // expected-note @-1 {{operand defined here (op in the same block)}}
  tt.return
}

// -----

tt.func @regex(%arg0: i32) {
  // expected-error-re @+1 {{'tt.splat' op requires the same {{[a-z]+}} type for all operands and results}}
  %0 = tt.splat %arg0 : i32 -> tensor<128xf32>
  tt.return
}

// -----

tt.func @same_line() {
  tt.call @nowhere() : () -> () // expected-error {{does not reference a valid function}}
  tt.return
}

// -----

// A chunk without diagnostics passes too.
tt.func @fine() {
  tt.return
}
