// RUN: ttg-opt %s -split-input-file --tritongpu-optimize-dot-operands | FileCheck %s

// A 3-D tensor reshaped to the 2-D operand keeps its NVMMA layout when the contiguous dim is unchanged: the
// allocation moves before the reshape, which becomes a memdesc_reshape.
// CHECK-DAG: #[[$S2:.+]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
// CHECK-DAG: #[[$S3:.+]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, rank = 3}>
#blocked = #ttg.blocked<{sizePerThread = [1, 1, 8], threadsPerWarp = [1, 4, 8], warpsPerCTA = [1, 4, 1], order = [2, 1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: @reshape_memdesc
  // CHECK: %[[ALLOC:.*]] = ttg.local_alloc %arg1 : (tensor<2x64x128xf16, #blocked>) -> !ttg.memdesc<2x64x128xf16, #[[$S3]], #smem>
  // CHECK-NEXT: %[[R:.*]] = ttg.memdesc_reshape %[[ALLOC]] : !ttg.memdesc<2x64x128xf16, #[[$S3]], #smem> -> !ttg.memdesc<128x128xf16, #[[$S2]], #smem>
  // CHECK-NEXT: ttng.warp_group_dot %arg0, %[[R]], %arg2
  tt.func @reshape_memdesc(%a: !ttg.memdesc<128x128xf16, #shared, #smem>, %b3: tensor<2x64x128xf16, #blocked>, %c: tensor<128x128xf32, #mma>) -> tensor<128x128xf32, #mma> {
    %b = tt.reshape %b3 : tensor<2x64x128xf16, #blocked> -> tensor<128x128xf16, #blocked1>
    %bs = ttg.local_alloc %b : (tensor<128x128xf16, #blocked1>) -> !ttg.memdesc<128x128xf16, #shared, #smem>
    %r = ttng.warp_group_dot %a, %bs, %c : !ttg.memdesc<128x128xf16, #shared, #smem> * !ttg.memdesc<128x128xf16, #shared, #smem> -> tensor<128x128xf32, #mma>
    tt.return %r : tensor<128x128xf32, #mma>
  }
}
