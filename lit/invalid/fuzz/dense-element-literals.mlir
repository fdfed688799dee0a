// RUN: not ttg-opt %s --split-input-file 2>&1 | FileCheck %s
// Dense elements are checked against the element type as MLIR's TensorLiteralParser does (Triton 3.6 gives each
// message at the element's token, after a minus sign). Found by the fuzzer: an f16 constant written with integer
// literals was accepted.
// CHECK: dense-element-literals.mlir:17:29: error: unexpected decimal integer literal for a floating point value
// CHECK: dense-element-literals.mlir:24:35: error: unexpected decimal integer literal for a floating point value
// CHECK: dense-element-literals.mlir:31:30: error: unexpected decimal integer literal for a floating point value
// CHECK: dense-element-literals.mlir:38:29: error: expected floating point literal
// CHECK: dense-element-literals.mlir:45:30: error: hexadecimal float literal should not have a leading minus
// CHECK: dense-element-literals.mlir:52:29: error: hexadecimal float constant out of range for type
// CHECK: dense-element-literals.mlir:59:29: error: expected i1 type for 'true' or 'false' values
// CHECK: dense-element-literals.mlir:66:29: error: integer constant out of range for type
// CHECK: dense-element-literals.mlir:73:29: error: integer constant out of range for type
// CHECK: dense-element-literals.mlir:80:30: error: expected unsigned integer elements, but parsed negative value
// CHECK: dense-element-literals.mlir:87:34: error: integer constant out of range for type
tt.func @f0() {
  %0 = arith.constant dense<0> : tensor<2xf32>
  tt.return
}

// -----

tt.func @f1() {
  %0 = arith.constant dense<[0.0, 1]> : tensor<2xf32>
  tt.return
}

// -----

tt.func @f2() {
  %0 = arith.constant dense<-1> : tensor<2xf32>
  tt.return
}

// -----

tt.func @f3() {
  %0 = arith.constant dense<true> : tensor<2xf32>
  tt.return
}

// -----

tt.func @f4() {
  %0 = arith.constant dense<-0x3F800000> : tensor<2xf32>
  tt.return
}

// -----

tt.func @f5() {
  %0 = arith.constant dense<0x13F800000> : tensor<2xf32>
  tt.return
}

// -----

tt.func @f6() {
  %0 = arith.constant dense<true> : tensor<2xi32>
  tt.return
}

// -----

tt.func @f7() {
  %0 = arith.constant dense<2> : tensor<2xi1>
  tt.return
}

// -----

tt.func @f8() {
  %0 = arith.constant dense<300> : tensor<2xi8>
  tt.return
}

// -----

tt.func @f9() {
  %0 = arith.constant dense<-1> : tensor<2xui8>
  tt.return
}

// -----

tt.func @f10() {
  %0 = arith.constant dense<[1, -129]> : tensor<2xi8>
  tt.return
}
