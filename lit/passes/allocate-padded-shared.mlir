// RUN: ttg-opt %s '--allocate-shared-memory-nv=compute-capability=80 ptx-version=87' | FileCheck %s
// Found by `npm run difftest -- --kind conversions` (seed 43: 82 of 750 cases, every padded_shared local_alloc):
// Triton 3.6 sizes a padded buffer with getPaddedSize, which adds no padding after the last element. 64 x 1 byte
// with [4:+2, 16:+16]: 64 + (16 - 1) * 2 + (4 - 1) * 16 = 142 bytes (we gave 160).
// CHECK: ttg.shared = 142 : i32
// CHECK: ttg.local_alloc %{{.*}} {allocation.offset = 0 : i32}

#blocked = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
#shared = #ttg.padded_shared<[4:+2, 16:+16] {offset = [[1], [4], [16], [8], [2], [32]], block = []}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @alloc(%arg0: tensor<64xf8E4M3FN, #blocked>) -> !ttg.memdesc<64xf8E4M3FN, #shared, #smem> {
    %0 = ttg.local_alloc %arg0 : (tensor<64xf8E4M3FN, #blocked>) -> !ttg.memdesc<64xf8E4M3FN, #shared, #smem>
    tt.return %0 : !ttg.memdesc<64xf8E4M3FN, #shared, #smem>
  }
}
