// RUN: ttg-opt %s -split-input-file --tritongpu-optimize-thread-locality | FileCheck %s

// A gather of rank > 1 gets a warp-local blocked layout: lanes along the gather axis up to its size, the other
// lanes and then the warps spread over the remaining dims in the source's (shape-aware) thread and warp orders,
// leftovers broadcast along the axis, sizePerThread[axis] = srcDim / lanes on the axis. Source and indices are
// converted to it (indices keep their element type, i64 included, as Triton 3.6 does), the gather is marked
// `efficient_layout` and its result converted back. Rank-1 gathers and gathers already marked are left alone.
// CHECK-DAG: #[[$B:.+]] = #ttg.blocked<{sizePerThread = [2, 2], threadsPerWarp = [16, 2], warpsPerCTA = [2, 2], order = [1, 0]}>
// CHECK-DAG: #[[$AX0:.+]] = #ttg.blocked<{sizePerThread = [2, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [0, 1]}>
// CHECK-DAG: #[[$SMALL:.+]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[$B3:.+]] = #ttg.blocked<{sizePerThread = [2, 2, 1], threadsPerWarp = [16, 2, 1], warpsPerCTA = [2, 1, 2], order = [1, 0, 2]}>
// CHECK-DAG: #[[$L3:.+]] = #ttg.blocked<{sizePerThread = [1, 1, 1], threadsPerWarp = [1, 1, 32], warpsPerCTA = [2, 2, 1], order = [2, 0, 1]}>
// CHECK-DAG: #[[$AX1:.+]] = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-LABEL: @axis0
// CHECK-NEXT: %[[S:.+]] = ttg.convert_layout %arg0 : tensor<64x64xf32, #[[$B]]> -> tensor<64x64xf32, #[[$AX0]]>
// CHECK-NEXT: %[[I:.+]] = ttg.convert_layout %arg1 : tensor<64x64xi32, #[[$B]]> -> tensor<64x64xi32, #[[$AX0]]>
// CHECK-NEXT: %[[G:.+]] = tt.gather %[[S]][%[[I]]] {axis = 0 : i32, efficient_layout} : (tensor<64x64xf32, #[[$AX0]]>, tensor<64x64xi32, #[[$AX0]]>) -> tensor<64x64xf32, #[[$AX0]]>
// CHECK-NEXT: %[[R:.+]] = ttg.convert_layout %[[G]] : tensor<64x64xf32, #[[$AX0]]> -> tensor<64x64xf32, #[[$B]]>
// CHECK-NEXT: tt.return %[[R]]
// The layout may equal the source's: the conversions are still inserted.
// CHECK-LABEL: @axis1_small
// CHECK: ttg.convert_layout %arg0 : tensor<128x16xf32, #[[$SMALL]]> -> tensor<128x16xf32, #[[$SMALL]]>
// CHECK: tt.gather {{.*}} {axis = 1 : i32, efficient_layout}
// Lanes of the source that broadcast along dim 1 put dim 0 first in the thread order.
// CHECK-LABEL: @broadcast_lanes_3d
// CHECK: tt.gather {{.*}} -> tensor<32x2x2xf32, #[[$L3]]>
// CHECK-LABEL: @i64_indices
// CHECK: ttg.convert_layout %arg1 : tensor<64x8xi64, #[[$B]]> -> tensor<64x8xi64, #[[$AX1]]>
// CHECK: tt.gather {{.*}} : (tensor<64x64xf32, #[[$AX1]]>, tensor<64x8xi64, #[[$AX1]]>) -> tensor<64x8xf32, #[[$AX1]]>
// CHECK-LABEL: @rank1
// CHECK-NEXT: tt.gather %arg0[%arg1] {axis = 0 : i32} :
// CHECK-LABEL: @already_efficient
// CHECK-NEXT: tt.gather %arg0[%arg1] {axis = 0 : i32, efficient_layout} : (tensor<64x64xf32, #[[$B]]>
#blocked = #ttg.blocked<{sizePerThread = [2, 2], threadsPerWarp = [16, 2], warpsPerCTA = [2, 2], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked3 = #ttg.blocked<{sizePerThread = [2, 2, 1], threadsPerWarp = [16, 2, 1], warpsPerCTA = [2, 1, 2], order = [1, 0, 2]}>
#blocked4 = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @axis0(%arg0: tensor<64x64xf32, #blocked>, %arg1: tensor<64x64xi32, #blocked>) -> tensor<64x64xf32, #blocked> {
    %0 = tt.gather %arg0[%arg1] {axis = 0 : i32} : (tensor<64x64xf32, #blocked>, tensor<64x64xi32, #blocked>) -> tensor<64x64xf32, #blocked>
    tt.return %0 : tensor<64x64xf32, #blocked>
  }
  tt.func @axis1_small(%arg0: tensor<128x16xf32, #blocked1>, %arg1: tensor<128x16xi32, #blocked1>) -> tensor<128x16xf32, #blocked1> {
    %0 = tt.gather %arg0[%arg1] {axis = 1 : i32} : (tensor<128x16xf32, #blocked1>, tensor<128x16xi32, #blocked1>) -> tensor<128x16xf32, #blocked1>
    tt.return %0 : tensor<128x16xf32, #blocked1>
  }
  tt.func @broadcast_lanes_3d(%arg0: tensor<32x2x32xf32, #blocked3>, %arg1: tensor<32x2x2xi32, #blocked3>) -> tensor<32x2x2xf32, #blocked3> {
    %0 = tt.gather %arg0[%arg1] {axis = 2 : i32} : (tensor<32x2x32xf32, #blocked3>, tensor<32x2x2xi32, #blocked3>) -> tensor<32x2x2xf32, #blocked3>
    tt.return %0 : tensor<32x2x2xf32, #blocked3>
  }
  tt.func @i64_indices(%arg0: tensor<64x64xf32, #blocked>, %arg1: tensor<64x8xi64, #blocked>) -> tensor<64x8xf32, #blocked> {
    %0 = tt.gather %arg0[%arg1] {axis = 1 : i32} : (tensor<64x64xf32, #blocked>, tensor<64x8xi64, #blocked>) -> tensor<64x8xf32, #blocked>
    tt.return %0 : tensor<64x8xf32, #blocked>
  }
  tt.func @rank1(%arg0: tensor<512xf32, #blocked4>, %arg1: tensor<512xi32, #blocked4>) -> tensor<512xf32, #blocked4> {
    %0 = tt.gather %arg0[%arg1] {axis = 0 : i32} : (tensor<512xf32, #blocked4>, tensor<512xi32, #blocked4>) -> tensor<512xf32, #blocked4>
    tt.return %0 : tensor<512xf32, #blocked4>
  }
  tt.func @already_efficient(%arg0: tensor<64x64xf32, #blocked>, %arg1: tensor<64x64xi32, #blocked>) -> tensor<64x64xf32, #blocked> {
    %0 = tt.gather %arg0[%arg1] {axis = 0 : i32, efficient_layout} : (tensor<64x64xf32, #blocked>, tensor<64x64xi32, #blocked>) -> tensor<64x64xf32, #blocked>
    tt.return %0 : tensor<64x64xf32, #blocked>
  }
}
