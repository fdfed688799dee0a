// RUN: not ttg-opt %s --split-input-file 2>&1 | FileCheck %s
// As MLIR: an attribute dictionary key is never empty, and a module's attributes are dialect-prefixed.
// CHECK: empty-attr-name.mlir:6:20: error: expected valid attribute name
// CHECK: empty-attr-name.mlir:11:1: error: 'builtin.module' op can only contain attributes with dialect-prefixed names, found: 't'
// CHECK: empty-attr-name.mlir:16:28: error: expected valid attribute name
module attributes {"" = 2} {
}

// -----

module attributes {t = 2, ttg.x = 1} {
}

// -----

  tt.func @f() attributes {"" = 2} {
    tt.return
  }
