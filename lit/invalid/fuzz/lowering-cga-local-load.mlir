// RUN: not ttg-opt %s --split-input-file '--allocate-shared-memory-nv=compute-capability=90 ptx-version=87' '--convert-triton-gpu-to-llvm=compute-capability=90 ptx-version=87' 2>&1 | FileCheck %s
// CHECK: lowering-cga-local-load.mlir:12:8: error: 'ttg.local_load' op the shared layout of !ttg.memdesc<64x32xf32, #ttg.swizzled_shared<{vec = 4, perPhase = 1, maxPhase = 8, order = {{\[}}1, 0{{\]}}, CGALayout = {{\[}}{{\[}}1, 0{{\]}}, {{\[}}0, 1{{\]}}{{\]}}}>, #ttg.shared_memory, mutable> does not cover every element (a CGA layout over more CTAs than the module has?)
// CHECK-NOT: internal error
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 4, perPhase = 1, maxPhase = 8, order = [1, 0], CGALayout = [[1, 0], [0, 1]]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func private @w(%g: tensor<4x2xf32, #blocked>) -> tensor<64x32xf32, #blocked> {
  %c1 = arith.constant 1 : i32
  %0 = ttg.local_alloc : () -> !ttg.memdesc<2x64x32xf32, #shared, #smem, mutable>
  %1 = ttg.memdesc_index %0[%c1] : !ttg.memdesc<2x64x32xf32, #shared, #smem, mutable> -> !ttg.memdesc<64x32xf32, #shared, #smem, mutable>
  %2 = ttg.local_load %1 : !ttg.memdesc<64x32xf32, #shared, #smem, mutable> -> tensor<64x32xf32, #blocked>
  tt.return %2 : tensor<64x32xf32, #blocked>
  }
}