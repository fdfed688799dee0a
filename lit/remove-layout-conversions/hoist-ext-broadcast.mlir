// RUN: ttg-opt %s -split-input-file -tritongpu-remove-layout-conversions | FileCheck %s

// A convert that cannot be removed is hoisted above the one extension/broadcast in its slice, so it converts
// the smaller tensor.

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @hoist_above_extf
  // CHECK: %[[C:.*]] = ttg.convert_layout %arg0 : tensor<64x64xf16, #blocked> -> tensor<64x64xf16, #blocked1>
  // CHECK: %[[E:.*]] = arith.extf %[[C]] : tensor<64x64xf16, #blocked1> to tensor<64x64xf32, #blocked1>
  // CHECK: tt.return %[[E]]
  tt.func @hoist_above_extf(%arg0: tensor<64x64xf16, #blocked>) -> tensor<64x64xf32, #blocked1> {
    %0 = arith.extf %arg0 : tensor<64x64xf16, #blocked> to tensor<64x64xf32, #blocked>
    %1 = ttg.convert_layout %0 : tensor<64x64xf32, #blocked> -> tensor<64x64xf32, #blocked1>
    tt.return %1 : tensor<64x64xf32, #blocked1>
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @hoist_above_broadcast
  // CHECK: %[[C:.*]] = ttg.convert_layout %arg0 : tensor<64x1xf32, #blocked> -> tensor<64x1xf32, #blocked1>
  // CHECK: %[[B:.*]] = tt.broadcast %[[C]] : tensor<64x1xf32, #blocked1> -> tensor<64x64xf32, #blocked1>
  // CHECK: tt.return %[[B]]
  tt.func @hoist_above_broadcast(%arg0: tensor<64x1xf32, #blocked>) -> tensor<64x64xf32, #blocked1> {
    %0 = tt.broadcast %arg0 : tensor<64x1xf32, #blocked> -> tensor<64x64xf32, #blocked>
    %1 = ttg.convert_layout %0 : tensor<64x64xf32, #blocked> -> tensor<64x64xf32, #blocked1>
    tt.return %1 : tensor<64x64xf32, #blocked1>
  }
}
