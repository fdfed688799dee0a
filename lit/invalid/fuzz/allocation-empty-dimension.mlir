// RUN: not ttg-opt %s -split-input-file '--allocate-shared-memory-nv=compute-capability=90 ptx-version=87' 2>&1 | FileCheck %s
// A buffer with a zero dimension: Triton 3.6 divides by it in getShapePerCTA and dies of a signal.
#shared0 = #ttg.swizzled_shared<{vec = 2, perPhase = 2, maxPhase = 4, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32} {
  tt.func @empty_alloc() {
    // CHECK: allocation-empty-dimension.mlir:[[# @LINE + 1]]:10: error: 'ttg.local_alloc' op cannot allocate a shared memory buffer with an empty dimension (shape 0x16)
    %0 = ttg.local_alloc : () -> !ttg.memdesc<0x16xf16, #shared0, #smem, mutable>
    tt.return
  }
}
