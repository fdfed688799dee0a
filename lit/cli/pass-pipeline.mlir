// RUN: ttg-opt %s --pass-pipeline='builtin.module(symbol-dce,strip-debuginfo)' --mlir-print-debuginfo | FileCheck %s
// RUN: ttg-opt %s '-pass-pipeline=builtin.module(symbol-dce, strip-debuginfo)' --mlir-print-debuginfo | FileCheck %s
// RUN: not ttg-opt %s --pass-pipeline='builtin.module(symbol-dce' 2>&1 | FileCheck %s --check-prefix=SYNTAX
// RUN: not ttg-opt %s --pass-pipeline='builtin.module(symbol-dce)' --strip-debuginfo 2>&1 | FileCheck %s --check-prefix=MIX

// CHECK-NOT: @dead
// CHECK: tt.func @live() {
// CHECK-NOT: loc("{{.*}}pass-pipeline.mlir"
// SYNTAX: ttg-opt: invalid pass pipeline
// MIX: ttg-opt: '--pass-pipeline' option can't be used with individual pass options
tt.func private @dead() {
  tt.return
}
tt.func @live() {
  tt.return
}
