// RUN: not ttg-opt %s '--allocate-shared-memory-nv=compute-capability=90 ptx-version=87' '--convert-triton-gpu-to-llvm=compute-capability=90 ptx-version=87' 2>&1 | FileCheck %s
// CHECK: tensor-of-none.mlir:9:33: error: invalid tensor element type
// CHECK-NOT: internal error
#blocked = #ttg.blocked<{sizePerThread = [1,2], threadsPerWarp = [32,1], warpsPerCTA = [1,1], order = [1,0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1,1], threadsPerWarp = [16,2], warpsPerCTA = [1,1], order = [1,0]}>
#blocked2 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
#blocked3 = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module {
  tt.func @e(%arg0: tensor<16x2xnone, #blocked>) -> tensor<32xnone, #blocked3> {
  %a = ttg.convert_layout %arg0 : tensor<16x2xnone, #blocked> -> tensor<16x2xnone, #blocked1>
  %b = tt.reshape %a : tensor<16x2xnone, #blocked1> -> tensor<32xnone, #blocked2>
  %c = ttg.convert_layout %b : tensor<32xnone, #blocked2> -> tensor<32xnone, #blocked3>
  tt.return %c : tensor<32xnone, #blocked3>
  }
}