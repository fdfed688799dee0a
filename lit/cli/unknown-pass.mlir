// RUN: not ttg-opt %s --symbol-dcee 2>&1 | FileCheck %s
// RUN: not ttg-opt %s -strip-debug-info 2>&1 | FileCheck %s --check-prefix=SINGLE
// RUN: not ttg-opt %s --pass-pipeline='builtin.module(symbol-dc)' 2>&1 | FileCheck %s --check-prefix=PIPE

// CHECK: ttg-opt: Unknown command line argument '--symbol-dcee'.  Try: 'ttg-opt --help'
// CHECK-NEXT: ttg-opt: Did you mean '--symbol-dce'?
// SINGLE: Unknown command line argument '-strip-debug-info'
// SINGLE: Did you mean '--strip-debuginfo'?
// PIPE: ttg-opt: 'symbol-dc' does not refer to a registered pass or pass pipeline
// PIPE-NEXT: ttg-opt: Did you mean 'symbol-dce'?
tt.func @f() {
  tt.return
}
