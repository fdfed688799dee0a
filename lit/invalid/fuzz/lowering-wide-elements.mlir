// RUN: not ttg-opt %s --split-input-file '--allocate-shared-memory-nv=compute-capability=90 ptx-version=87' '--convert-triton-gpu-to-llvm=compute-capability=90 ptx-version=87' 2>&1 | FileCheck %s
// CHECK: lowering-wide-elements.mlir:9:10: error: cannot lower tensors of 1000000-bit elements (at most 1024 bits)
// CHECK-NOT: internal error
// -----
#blocked0 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i1000000, "ttg.num-warps" = 1 : i1000000} {
  tt.func @convert_blocked1d_to_slice1(%src:tensor<32xi1000000, #blocked0>) {
  %cvt = ttg.convert_layout %src : tensor<32xi1000000, #blocked0> -> tensor<32xi1000000, #ttg.slice<{dim = 1, parent = #blocked1}>>
  tt.return
  }
}