// RUN: ttg-opt %s '--allocate-shared-memory-nv=compute-capability=90 ptx-version=87' | FileCheck %s
// Found by `npm run difftest -- --kind conversions` (seed 11, #44 and 31 more, all with num-ctas > 1): Triton 3.6
// sizes a convert_layout's scratch buffer for the layout's whole tensor (every CTA), not one CTA's share, and
// offers the ldmatrix/stmatrix tiles whether or not the conversion crosses CTAs. Here 64x16xf16 over 4 CTAs:
// 2048 bytes, halved by the swizzled layout's reps: 1024 (we gave 256).
// CHECK: ttg.shared = 1024 : i32
// CHECK: ttg.convert_layout %{{.*}} {allocation.offset = 0 : i32}

#blocked = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [4, 8], warpsPerCTA = [2, 1], order = [1, 0], CGALayout = [[1, 0], [0, 1]]}>
#blocked1 = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [2, 16], warpsPerCTA = [2, 1], order = [1, 0], CGALayout = [[0, 1], [0, 2]]}>
module attributes {"ttg.num-ctas" = 4 : i32, "ttg.num-warps" = 2 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @cvt(%arg0: tensor<64x16xf16, #blocked>) -> tensor<64x16xf16, #blocked1> {
    %0 = ttg.convert_layout %arg0 : tensor<64x16xf16, #blocked> -> tensor<64x16xf16, #blocked1>
    tt.return %0 : tensor<64x16xf16, #blocked1>
  }
}
