// RUN: not ttg-opt %s '--allocate-shared-memory-nv=compute-capability=90 ptx-version=87' '--convert-triton-gpu-to-llvm=compute-capability=90 ptx-version=87' 2>&1 | FileCheck %s
// CHECK: lowering-mma-zero-warps.mlir:5:1: error: 'builtin.module' op transposeOuts: {{\[}}dim0, dim1{{\]}} is not a permutation of {{\[}}dim0{{\]}}
// CHECK-NOT: internal error
#mma = #ttg.nvidia_mma<{versionMajor = 2, warpsPerCTA = [2, 0], e = [ ]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func public @1(%1 : tensor<1x2xi8, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>)
}