// RUN: not ttg-opt %s --allocate-shared-memory --convert-triton-gpu-to-llvm=compute-capability=90 2>&1 | FileCheck %s
// CHECK: {{.*}}nvmma-swizzle-too-wide-lowering.mlir:12:10: error: {{.*}}block shape along the contiguous dimension 1 is too small for the swizzle byte size 128 in an NVMMASharedLayout, got 32 but expected at least 64
// CHECK-NOT: internal error

// A 128-byte swizzle needs 64 f16 elements along the contiguous dimension; this buffer has 32. Triton aborts
// with an LLVM fatal error while lowering; here the op that needs the layout reports it.
#blocked = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @f(%arg0: tensor<64x32xf16, #blocked>) {
    %0 = ttg.local_alloc %arg0 : (tensor<64x32xf16, #blocked>) -> !ttg.memdesc<64x32xf16, #shared, #smem>
    tt.return
  }
}
