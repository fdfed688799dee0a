// RUN: not ttg-opt %s '--allocate-shared-memory-nv=compute-capability=90 ptx-version=87' '--convert-triton-gpu-to-llvm=compute-capability=90 ptx-version=87' 2>&1 | FileCheck %s
// CHECK: func-empty-body.mlir:5:16: error: custom op 'tt.func' expected non-empty function body
// CHECK-NOT: internal error
module {
  tt.func @f() {
  }
}