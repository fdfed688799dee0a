// RUN: ttg-opt %s -split-input-file -canonicalize | FileCheck %s

// ttng.tmem_store of a ttg.convert_layout stores the convert's source when tcgen05.st can store that layout
// (Triton 3.6's CanonicalizeConvertFromTMEMStore with isDistributedLayoutTMemCompatible). Checked against Triton
// 3.6's wheel: the same text, and on 596 generated layout / TMEM pairs the same yes/no as Triton's verifier.

// The default TMEM layout of a 128x128 f32 accumulator (32x32b messages): lanes on rows, warps on rows 32 / 64,
// registers along the columns. The convert goes.
// CHECK-LABEL: @store_default_layout
// CHECK-NOT: ttg.convert_layout
// CHECK: ttng.tmem_store %arg0, %arg1, %true : tensor<128x128xf32, #linear>
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
#linear = #ttg.linear<{register = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [0, 64]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], warp = [[32, 0], [64, 0]], block = []}>
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @store_default_layout(%x: tensor<128x128xf32, #linear>, %m: !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>) {
    %true = arith.constant true
    %c = ttg.convert_layout %x : tensor<128x128xf32, #linear> -> tensor<128x128xf32, #blocked>
    ttng.tmem_store %c, %m, %true : tensor<128x128xf32, #blocked> -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
    tt.return
  }
}

// -----

// Warps 1 and 2 on columns instead of rows 32 / 64: no tcgen05.st message fits, the convert stays.
// CHECK-LABEL: @store_warps_on_columns
// CHECK: %[[C:.*]] = ttg.convert_layout %arg0
// CHECK: ttng.tmem_store %[[C]], %arg1, %true : tensor<128x128xf32, #blocked>
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
#linear = #ttg.linear<{register = [[32, 0], [64, 0], [0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], warp = [[0, 32], [0, 64]], block = []}>
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @store_warps_on_columns(%x: tensor<128x128xf32, #linear>, %m: !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>) {
    %true = arith.constant true
    %c = ttg.convert_layout %x : tensor<128x128xf32, #linear> -> tensor<128x128xf32, #blocked>
    ttng.tmem_store %c, %m, %true : tensor<128x128xf32, #blocked> -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
    tt.return
  }
}

// -----

// bf16 packed two to a 32-bit column (register bases 1 and 2 on consecutive columns), 8 warps with the third on
// the columns: still one message shape, the convert goes.
// CHECK-LABEL: @store_bf16_eight_warps
// CHECK-NOT: ttg.convert_layout
// CHECK: ttng.tmem_store %arg0, %arg1, %true : tensor<128x64xbf16, #linear>
#blocked = #ttg.blocked<{sizePerThread = [1, 32], threadsPerWarp = [32, 1], warpsPerCTA = [4, 2], order = [0, 1]}>
#linear = #ttg.linear<{register = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], warp = [[32, 0], [64, 0], [0, 32]], block = []}>
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @store_bf16_eight_warps(%x: tensor<128x64xbf16, #linear>, %m: !ttg.memdesc<128x64xbf16, #tmem, #ttng.tensor_memory, mutable>) {
    %true = arith.constant true
    %c = ttg.convert_layout %x : tensor<128x64xbf16, #linear> -> tensor<128x64xbf16, #blocked>
    ttng.tmem_store %c, %m, %true : tensor<128x64xbf16, #blocked> -> !ttg.memdesc<128x64xbf16, #tmem, #ttng.tensor_memory, mutable>
    tt.return
  }
}
