// RUN: not ttg-opt %s -split-input-file '--allocate-shared-memory-nv=compute-capability=90 ptx-version=87' '--convert-triton-gpu-to-llvm=compute-capability=90 ptx-version=87' 2>&1 | FileCheck %s
// TMA moves elements of 1, 2, 4 or 8 bytes: an f80 tile is a located error (it divided a box into 12.8 pieces).
#shared0 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32} {
  tt.func @f80(%tma: !tt.tensordesc<tensor<128x64xf80, #shared1>>, %alloc: !ttg.memdesc<128x64xf80, #shared1, #smem, mutable>, %x: i32, %barrier: !ttg.memdesc<1xi64, #shared0, #smem>, %pred: i1) {
    // CHECK: tma-element-width.mlir:[[# @LINE + 1]]:5: error: TMA copies of 80-bit elements are not supported
    ttng.async_tma_copy_global_to_local %tma[%x, %x] %alloc, %barrier, %pred : !tt.tensordesc<tensor<128x64xf80, #shared1>>, !ttg.memdesc<1xi64, #shared0, #smem> -> !ttg.memdesc<128x64xf80, #shared1, #smem, mutable>
    tt.return
  }
}

// -----

// CHECK: tma-element-width.mlir:[[# @LINE + 1]]:1: error: 'builtin.module' op region #0 ('bodyRegion') failed to verify constraint: region with 1 blocks
"builtin.module"() ({
}) : () -> ()
