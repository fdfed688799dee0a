// RUN: not ttg-opt %s --split-input-file '--allocate-shared-memory-nv=compute-capability=90 ptx-version=87' '--convert-triton-gpu-to-llvm=compute-capability=90 ptx-version=87' 2>&1 | FileCheck %s
// CHECK: tensor-of-tensor.mlir:6:32: error: invalid tensor element type
// CHECK-NOT: internal error
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
module {
  tt.func @m(%a: tensor<128x64xtensor<4xf32>, #blocked>, %b: tensor<64x256xtensor<4xf32>, #blocked>, %c: tensor<128x256xtensor<4xf32>, #blocked>) -> tensor<128x256xtensor<4xf32>, #blocked> {
  %ad = ttg.convert_layout %a : tensor<128x64xtensor<4xf32>, #blocked> -> tensor<128x64xtensor<4xf32>, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
  %bd = ttg.convert_layout %b : tensor<64x256xtensor<4xf32>, #blocked> -> tensor<64x256xtensor<4xf32>, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
  %d = tt.dot %ad, %bd, %c : tensor<128x64xtensor<4xf32>, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<64x256xtensor<4xf32>, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<128x256xtensor<4xf32>, #blocked>
  tt.return %d : tensor<128x256xtensor<4xf32>, #blocked>
  }
}