// RUN: ttg-opt %s -split-input-file --tritongpu-optimize-dot-operands | FileCheck %s

// A wgmma operand allocated from a transposed tensor is allocated untransposed and transposed as a memdesc
// (the NVMMA layout's `transposed` flag flips).
// CHECK-DAG: #[[$SB:.+]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
// CHECK-DAG: #[[$SBT:.+]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: @fuse_trans
  // CHECK: %[[L:.*]] = tt.load %arg1
  // CHECK-NEXT: %[[ALLOC:.*]] = ttg.local_alloc %[[L]] : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #[[$SB]], #smem>
  // CHECK-NEXT: %[[T:.*]] = ttg.memdesc_trans %[[ALLOC]] {order = array<i32: 1, 0>} : !ttg.memdesc<128x64xf16, #[[$SB]], #smem> -> !ttg.memdesc<64x128xf16, #[[$SBT]], #smem>
  // CHECK-NEXT: ttng.warp_group_dot %arg0, %[[T]], %arg2
  tt.func @fuse_trans(%a: !ttg.memdesc<128x64xf16, #shared, #smem>, %pb: tensor<128x64x!tt.ptr<f16>, #blocked>, %c: tensor<128x128xf32, #mma>) -> tensor<128x128xf32, #mma> {
    %b = tt.load %pb : tensor<128x64x!tt.ptr<f16>, #blocked>
    %bt = tt.trans %b {order = array<i32: 1, 0>} : tensor<128x64xf16, #blocked> -> tensor<64x128xf16, #blocked1>
    %bs = ttg.local_alloc %bt : (tensor<64x128xf16, #blocked1>) -> !ttg.memdesc<64x128xf16, #shared1, #smem>
    %r = ttng.warp_group_dot %a, %bs, %c : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x128xf16, #shared1, #smem> -> tensor<128x128xf32, #mma>
    tt.return %r : tensor<128x128xf32, #mma>
  }
}
