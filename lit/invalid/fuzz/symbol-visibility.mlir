// RUN: not ttg-opt %s --split-input-file 2>&1 | FileCheck %s
// A symbol's visibility is a string MLIR knows (SymbolOpInterface's verifier). Found by the fuzzer: a non-ASCII
// character in `sym_visibility` of a generic tt.func printed as `tt.func p😀ublic @k`, which no parser reads back.
// CHECK: symbol-visibility.mlir:10:3: error: 'tt.func' op visibility expected to be one of ["public", "private", "nested"], but got "p\F0\9F\98\80ublic"
// CHECK: symbol-visibility.mlir:18:3: error: 'tt.func' op requires visibility attribute 'sym_visibility' to be a string attribute, but got 1 : i32
// CHECK: symbol-visibility.mlir:26:3: error: 'llvm.func' op visibility expected to be one of ["public", "private", "nested"], but got "global"
// CHECK-NOT: error

"builtin.module"() ({
  "tt.func"() <{function_type = () -> (), sym_name = "k", sym_visibility = "p😀ublic"}> ({
    "tt.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
  "tt.func"() <{function_type = () -> (), sym_name = "k", sym_visibility = 1 : i32}> ({
    "tt.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----

module {
  llvm.func @f() attributes {sym_visibility = "global"} {
    llvm.return
  }
}

// -----

module {
  tt.func private @ok() {
    tt.return
  }
  llvm.func @ok2() attributes {sym_visibility = "private"} {
    llvm.return
  }
}
