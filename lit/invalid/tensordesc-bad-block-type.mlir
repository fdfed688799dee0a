// RUN: not ttg-opt %s -split-input-file 2>&1 | FileCheck %s
// The block type's own parse error comes first, as MLIR reports it.

// CHECK: {{.*}}tensordesc-bad-block-type.mlir:[[# @LINE + 1]]:47: error: expected non-function type
tt.func public @shape_only(%d: !tt.tensordesc<2x64xf16>) {
  tt.return
}

// -----

// CHECK: {{.*}}tensordesc-bad-block-type.mlir:[[# @LINE + 1]]:49: error: invalid kind of type specified
tt.func public @not_a_tensor(%d: !tt.tensordesc<i32>) {
  tt.return
}
