// RUN: ttg-opt %s -split-input-file -tritongpu-remove-layout-conversions | FileCheck %s

// An expensive load is an anchor: its layout flows forward through elementwise ops and the reduction (as a
// slice of it), so every convert around it becomes trivial and disappears.

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // CHECK: #[[B:.*]] = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
  // CHECK-LABEL: tt.func @load_anchor
  // CHECK-NOT: ttg.convert_layout
  // CHECK: %[[L:.*]] = tt.load %{{.*}} : tensor<1024x!tt.ptr<f32>, #[[B]]>
  // CHECK: math.exp %{{.*}} : tensor<1024xf32, #[[B]]>
  // CHECK: tt.store %{{.*}}, %{{.*}} : tensor<1024x!tt.ptr<f32>, #[[B]]>
  tt.func @load_anchor(%arg0: !tt.ptr<f32>) {
    %0 = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #blocked>
    %1 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
    %2 = tt.addptr %1, %0 : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
    %3 = ttg.convert_layout %2 : tensor<1024x!tt.ptr<f32>, #blocked> -> tensor<1024x!tt.ptr<f32>, #blocked1>
    %4 = tt.load %3 : tensor<1024x!tt.ptr<f32>, #blocked1>
    %5 = ttg.convert_layout %4 : tensor<1024xf32, #blocked1> -> tensor<1024xf32, #blocked>
    %6 = math.exp %5 : tensor<1024xf32, #blocked>
    %7 = ttg.convert_layout %2 : tensor<1024x!tt.ptr<f32>, #blocked> -> tensor<1024x!tt.ptr<f32>, #blocked1>
    %8 = ttg.convert_layout %6 : tensor<1024xf32, #blocked> -> tensor<1024xf32, #blocked1>
    tt.store %7, %8 : tensor<1024x!tt.ptr<f32>, #blocked1>
    tt.return
  }
}

// -----

// A value reached by two encodings keeps the MMA one (compute), and the other use gets a convert.

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @conflict_prefers_mma
  // CHECK: %[[C:.*]] = ttg.convert_layout %arg1 : tensor<64x64xf32, #blocked> -> tensor<64x64xf32, #mma>
  // CHECK: %[[S:.*]] = arith.addf %arg0, %[[C]] : tensor<64x64xf32, #mma>
  // CHECK: tt.return %[[S]] : tensor<64x64xf32, #mma>
  tt.func @conflict_prefers_mma(%arg0: tensor<64x64xf32, #mma>, %arg1: tensor<64x64xf32, #blocked>) -> tensor<64x64xf32, #mma> {
    %0 = ttg.convert_layout %arg0 : tensor<64x64xf32, #mma> -> tensor<64x64xf32, #blocked>
    %1 = arith.addf %0, %arg1 : tensor<64x64xf32, #blocked>
    %2 = ttg.convert_layout %1 : tensor<64x64xf32, #blocked> -> tensor<64x64xf32, #mma>
    tt.return %2 : tensor<64x64xf32, #mma>
  }
}
