// RUN: ttg-opt %s -split-input-file -verify-diagnostics
// Inherent attributes of the wrong class are refused where MLIR converts properties (Triton 3.6's messages),
// so that nothing prints that does not read back.

tt.func @constant_not_typed() -> i32 {
  // expected-error @+1 {{invalid properties {value = (i32) -> f32} for op arith.constant: Invalid attribute `value` in property conversion: (i32) -> f32}}
  %0 = "arith.constant"() <{value = (i32) -> f32}> : () -> i32
  tt.return %0 : i32
}

// -----

tt.func @constant_array() -> i32 {
  // expected-error @+1 {{invalid properties {value = array<i32: 1, 0>} for op arith.constant: Invalid attribute `value` in property conversion: array<i32: 1, 0>}}
  %0 = "arith.constant"() <{value = array<i32: 1, 0>}> : () -> i32
  tt.return %0 : i32
}

// -----

tt.func @constant_string() -> i32 {
  // expected-error @+1 {{'arith.constant' op failed to verify that all of {value, result} have same type}}
  %0 = "arith.constant"() <{value = "abc"}> : () -> i32
  tt.return %0 : i32
}

// -----

tt.func @constant_dense_for_scalar() -> i32 {
  // expected-error @+1 {{'arith.constant' op failed to verify that all of {value, result} have same type}}
  %0 = "arith.constant"() <{value = dense<1> : tensor<2xi32>}> : () -> i32
  tt.return %0 : i32
}

// -----

llvm.func @gep_flags(%p: !llvm.ptr<3>, %i: i32) {
  // expected-error @+1 {{'llvm.getelementptr' op property 'noWrapFlags' failed to satisfy constraint: ::mlir::LLVM::GEPNoWrapFlags}}
  %0 = "llvm.getelementptr"(%p, %i) <{elem_type = i8, noWrapFlags = 2147483648 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>
  llvm.return
}

// -----

llvm.func @add_flags(%i: i32) {
  // expected-error @+1 {{'llvm.add' op property 'overflowFlags' failed to satisfy constraint: LLVM integer overflow flags}}
  %0 = "llvm.add"(%i, %i) <{overflowFlags = 8 : i32}> : (i32, i32) -> i32
  llvm.return
}

// -----

module {
  // expected-error @+1 {{'llvm.func' op entry block argument #0 is not of LLVM type}}
  "llvm.func"() <{function_type = !llvm.func<void (index)>, sym_name = "f", linkage = #llvm.linkage<external>}> ({
  ^bb0(%a: index):
    llvm.return
  }) : () -> ()
}

// -----

llvm.func @__nv_sinf(f32) -> f32
llvm.func @call_callee_not_symbol(%x: f32) -> f32 {
  // expected-error @+1 {{invalid properties {callee = () -> ()} for op llvm.call: Invalid attribute `callee` in property conversion: () -> ()}}
  %0 = "llvm.call"(%x) <{callee = () -> ()}> : (f32) -> f32
  llvm.return %0 : f32
}
