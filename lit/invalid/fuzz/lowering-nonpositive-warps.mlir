// RUN: not ttg-opt %s -split-input-file '--allocate-shared-memory-nv=compute-capability=90 ptx-version=87' '--convert-triton-gpu-to-llvm=compute-capability=90 ptx-version=87' 2>&1 | FileCheck %s
// The lowering needs at least one warp: 0 ran out of memory in a TMA copy's lowering, -1 read past its warp list.
#shared0 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 0, transposed = false, elementBitWidth = 8}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 0 : i32} {
  // CHECK: lowering-nonpositive-warps.mlir:[[# @LINE + 1]]:3: error: cannot be lowered for 0 warps ('ttg.num-warps' must be at least 1)
  tt.func @zero(%tma: !tt.tensordesc<tensor<128x128xf32, #shared1>>, %alloc: !ttg.memdesc<128x128xf32, #shared1, #smem, mutable>, %x: i32, %barrier: !ttg.memdesc<1xi64, #shared0, #smem>, %pred: i1) {
    ttng.async_tma_copy_global_to_local %tma[%x, %x] %alloc, %barrier, %pred : !tt.tensordesc<tensor<128x128xf32, #shared1>>, !ttg.memdesc<1xi64, #shared0, #smem> -> !ttg.memdesc<128x128xf32, #shared1, #smem, mutable>
    tt.return
  }
}

// -----

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = -1 : i32} {
  // CHECK: lowering-nonpositive-warps.mlir:[[# @LINE + 1]]:3: error: cannot be lowered for -1 warps ('ttg.num-warps' must be at least 1)
  tt.func @negative() {
    tt.return
  }
}
