// RUN: ttg-opt %s -split-input-file -tritongpu-remove-layout-conversions | FileCheck %s

// Propagation through join/trans/reshape/split: blocked layouts keep blocked closed forms; when no blocked
// layout makes the reshape a nop, the result gets the #ttg.linear layout of the reshaped linear layout, and
// split of a linear layout drops the register bit of the last dim.

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked2 = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked3 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [16, 2], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked4 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [2, 16], warpsPerCTA = [1, 4], order = [0, 1]}>
#blocked5 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-DAG: #[[B:.*]] = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
  // CHECK-DAG: #[[J:.*]] = #ttg.blocked<{sizePerThread = [2, 2], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
  // CHECK-DAG: #[[T:.*]] = #ttg.blocked<{sizePerThread = [2, 2], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [0, 1]}>
  // CHECK-DAG: #[[L:.*]] = #ttg.linear<{register = {{\[}}[128, 0], [0, 1]], lane = {{\[}}[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], warp = {{\[}}[32, 0], [64, 0]], block = []}>
  // CHECK-DAG: #[[L1:.*]] = #ttg.linear<{register = {{\[}}[128]], lane = {{\[}}[1], [2], [4], [8], [16]], warp = {{\[}}[32], [64]], block = []}>
  // CHECK-LABEL: tt.func @join_trans_reshape_split
  // CHECK: tt.join {{.*}} -> tensor<256x2xf32, #[[J]]>
  // CHECK-NEXT: tt.trans {{.*}} -> tensor<2x256xf32, #[[T]]>
  // CHECK-NEXT: tt.reshape {{.*}} -> tensor<256x2xf32, #[[L]]>
  // CHECK-NEXT: tt.split {{.*}} -> tensor<256xf32, #[[L1]]>
  // CHECK: arith.subf {{.*}} : tensor<256xf32, #[[L1]]>
  // CHECK-NEXT: ttg.convert_layout {{.*}} : tensor<256xf32, #[[L1]]> -> tensor<256xf32, #[[B]]>
  tt.func @join_trans_reshape_split(%p0: tensor<256x!tt.ptr<f32>, #blocked>, %p1: tensor<256x!tt.ptr<f32>, #blocked>) {
    %0 = ttg.convert_layout %p0 : tensor<256x!tt.ptr<f32>, #blocked> -> tensor<256x!tt.ptr<f32>, #blocked1>
    %1 = tt.load %0 : tensor<256x!tt.ptr<f32>, #blocked1>
    %2 = ttg.convert_layout %1 : tensor<256xf32, #blocked1> -> tensor<256xf32, #blocked>
    %3 = ttg.convert_layout %p1 : tensor<256x!tt.ptr<f32>, #blocked> -> tensor<256x!tt.ptr<f32>, #blocked1>
    %4 = tt.load %3 : tensor<256x!tt.ptr<f32>, #blocked1>
    %5 = ttg.convert_layout %4 : tensor<256xf32, #blocked1> -> tensor<256xf32, #blocked>
    %6 = tt.join %2, %5 : tensor<256xf32, #blocked> -> tensor<256x2xf32, #blocked2>
    %7 = ttg.convert_layout %6 : tensor<256x2xf32, #blocked2> -> tensor<256x2xf32, #blocked3>
    %8 = tt.trans %7 {order = array<i32: 1, 0>} : tensor<256x2xf32, #blocked3> -> tensor<2x256xf32, #blocked4>
    %9 = ttg.convert_layout %8 : tensor<2x256xf32, #blocked4> -> tensor<2x256xf32, #blocked5>
    %10 = tt.reshape %9 : tensor<2x256xf32, #blocked5> -> tensor<256x2xf32, #blocked3>
    %11 = ttg.convert_layout %10 : tensor<256x2xf32, #blocked3> -> tensor<256x2xf32, #blocked2>
    %outLHS, %outRHS = tt.split %11 : tensor<256x2xf32, #blocked2> -> tensor<256xf32, #blocked>
    %12 = arith.subf %outLHS, %outRHS : tensor<256xf32, #blocked>
    %13 = ttg.convert_layout %p0 : tensor<256x!tt.ptr<f32>, #blocked> -> tensor<256x!tt.ptr<f32>, #blocked1>
    %14 = ttg.convert_layout %12 : tensor<256xf32, #blocked> -> tensor<256xf32, #blocked1>
    tt.store %13, %14 : tensor<256x!tt.ptr<f32>, #blocked1>
    tt.return
  }
}
