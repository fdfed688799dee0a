// RUN: not ttg-opt %s '--allocate-shared-memory-nv=compute-capability=90 ptx-version=87' '--convert-triton-gpu-to-llvm=compute-capability=90 ptx-version=87' 2>&1 | FileCheck %s
// Triton's verifier accepts an mma v3 layout of any instrShape; the wgmma lowering needs [M, N, K] (a fuzzed
// [16, 32] read K as undefined).
// CHECK: wgmma-instr-shape.mlir:[[# @LINE + 6]]:10: error: ttng.warp_group_dot: the mma v3 layout's instrShape [16, 32] is not [M, N, K]
// CHECK-NOT: undefined
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 32]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @f(%a: !ttg.memdesc<64x64xf16, #shared, #ttg.shared_memory>, %b: !ttg.memdesc<64x64xf16, #shared, #ttg.shared_memory>, %c: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
    %d = ttng.warp_group_dot %a, %b, %c : !ttg.memdesc<64x64xf16, #shared, #ttg.shared_memory> * !ttg.memdesc<64x64xf16, #shared, #ttg.shared_memory> -> tensor<64x64xf32, #mma>
    tt.return %d : tensor<64x64xf32, #mma>
  }
}
