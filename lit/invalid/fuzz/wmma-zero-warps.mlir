// RUN: not ttg-opt %s --split-input-file 2>&1 | FileCheck %s
// CHECK: wmma-zero-warps.mlir:7:8: error: Result has an invalid layout: #ttg.amd_wmma<{version = 2, isTranspose = false, warpsPerCTA = {{\[}}1, 0{{\]}}}>.
// CHECK-NOT: internal error
#blocked = #ttg.blocked<{sizePerThread = [2, 2], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]}>
module attributes {"ttg.target" = "cuda:0", "ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @wmma_gen2_layout(%0: tensor<16x16xf16, #blocked>) {
  %1 = ttg.convert_layout %0 : tensor<16x16xf16, #blocked> -> tensor<16x16xf16, #ttg.amd_wmma<{version = 2, warpsPerCTA = [1, 0]}>>
  tt.return
  }
  tt.func @wmma_gen2_dot_op_layout(%0: tensor<16x16xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>) {
  tt.return
  }
}
// -----
#shared0 = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = false, elementBitWidth = 16}>