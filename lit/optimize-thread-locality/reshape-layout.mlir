// RUN: ttg-opt %s -split-input-file --tritongpu-optimize-thread-locality | FileCheck %s

// An `allow_reorder` reshape feeding reductions along one axis takes the blocked layout built for its shape with
// one element per thread and the reduction axis as the slowest dim (so that no lane or warp is spread along it),
// is marked `efficient_layout`, and is converted back for its users. It is left alone without `allow_reorder`,
// when the layout already keeps the axis inside one thread, when reduces use several axes, when no reduce uses
// it, and when the new layout would make the reshape move data (a different broadcast pattern).
// CHECK-DAG: #[[$SRC:.+]] = #ttg.blocked<{sizePerThread = [1, 16], threadsPerWarp = [4, 8], warpsPerCTA = [2, 1], order = [1, 0]}>
// CHECK-DAG: #[[$OLD:.+]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [2, 16], warpsPerCTA = [2, 1], order = [1, 0]}>
// CHECK-DAG: #[[$NEW:.+]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [2, 1], order = [0, 1]}>
// CHECK-LABEL: @reshape_to_reduce
// CHECK: %[[R:.+]] = tt.reshape %arg0 allow_reorder efficient_layout : tensor<8x128xf32, #[[$SRC]]> -> tensor<64x16xf32, #[[$NEW]]>
// CHECK-NEXT: %[[C:.+]] = ttg.convert_layout %[[R]] : tensor<64x16xf32, #[[$NEW]]> -> tensor<64x16xf32, #[[$OLD]]>
// CHECK-NEXT: "tt.reduce"(%[[C]]) <{axis = 1 : i32}>
// CHECK-LABEL: @no_allow_reorder
// CHECK-NOT: efficient_layout
// CHECK-LABEL: @already_thread_local
// CHECK-NOT: efficient_layout
// CHECK-LABEL: @two_axes
// CHECK-NOT: efficient_layout
// CHECK-LABEL: @no_reduce_user
// CHECK-NOT: efficient_layout
// CHECK: tt.return
#blocked = #ttg.blocked<{sizePerThread = [1, 16], threadsPerWarp = [4, 8], warpsPerCTA = [2, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [2, 16], warpsPerCTA = [2, 1], order = [1, 0]}>
#blocked2 = #ttg.blocked<{sizePerThread = [1, 16], threadsPerWarp = [32, 1], warpsPerCTA = [2, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 2 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @reshape_to_reduce(%arg0: tensor<8x128xf32, #blocked>) -> tensor<64xf32, #ttg.slice<{dim = 1, parent = #blocked1}>> {
    %0 = tt.reshape %arg0 allow_reorder : tensor<8x128xf32, #blocked> -> tensor<64x16xf32, #blocked1>
    %1 = "tt.reduce"(%0) <{axis = 1 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %2 = arith.addf %a, %b : f32
      tt.reduce.return %2 : f32
    }) : (tensor<64x16xf32, #blocked1>) -> tensor<64xf32, #ttg.slice<{dim = 1, parent = #blocked1}>>
    tt.return %1 : tensor<64xf32, #ttg.slice<{dim = 1, parent = #blocked1}>>
  }
  tt.func @no_allow_reorder(%arg0: tensor<8x128xf32, #blocked>) -> tensor<64xf32, #ttg.slice<{dim = 1, parent = #blocked1}>> {
    %0 = tt.reshape %arg0 : tensor<8x128xf32, #blocked> -> tensor<64x16xf32, #blocked1>
    %1 = "tt.reduce"(%0) <{axis = 1 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %2 = arith.addf %a, %b : f32
      tt.reduce.return %2 : f32
    }) : (tensor<64x16xf32, #blocked1>) -> tensor<64xf32, #ttg.slice<{dim = 1, parent = #blocked1}>>
    tt.return %1 : tensor<64xf32, #ttg.slice<{dim = 1, parent = #blocked1}>>
  }
  tt.func @already_thread_local(%arg0: tensor<8x128xf32, #blocked>) -> tensor<64xf32, #ttg.slice<{dim = 1, parent = #blocked2}>> {
    %0 = tt.reshape %arg0 allow_reorder : tensor<8x128xf32, #blocked> -> tensor<64x16xf32, #blocked2>
    %1 = "tt.reduce"(%0) <{axis = 1 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %2 = arith.addf %a, %b : f32
      tt.reduce.return %2 : f32
    }) : (tensor<64x16xf32, #blocked2>) -> tensor<64xf32, #ttg.slice<{dim = 1, parent = #blocked2}>>
    tt.return %1 : tensor<64xf32, #ttg.slice<{dim = 1, parent = #blocked2}>>
  }
  tt.func @two_axes(%arg0: tensor<8x128xf32, #blocked>) -> (tensor<64xf32, #ttg.slice<{dim = 1, parent = #blocked1}>>, tensor<16xf32, #ttg.slice<{dim = 0, parent = #blocked1}>>) {
    %0 = tt.reshape %arg0 allow_reorder : tensor<8x128xf32, #blocked> -> tensor<64x16xf32, #blocked1>
    %1 = "tt.reduce"(%0) <{axis = 1 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %2 = arith.addf %a, %b : f32
      tt.reduce.return %2 : f32
    }) : (tensor<64x16xf32, #blocked1>) -> tensor<64xf32, #ttg.slice<{dim = 1, parent = #blocked1}>>
    %3 = "tt.reduce"(%0) <{axis = 0 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %2 = arith.addf %a, %b : f32
      tt.reduce.return %2 : f32
    }) : (tensor<64x16xf32, #blocked1>) -> tensor<16xf32, #ttg.slice<{dim = 0, parent = #blocked1}>>
    tt.return %1, %3 : tensor<64xf32, #ttg.slice<{dim = 1, parent = #blocked1}>>, tensor<16xf32, #ttg.slice<{dim = 0, parent = #blocked1}>>
  }
  tt.func @no_reduce_user(%arg0: tensor<8x128xf32, #blocked>) -> tensor<64x16xf32, #blocked1> {
    %0 = tt.reshape %arg0 allow_reorder : tensor<8x128xf32, #blocked> -> tensor<64x16xf32, #blocked1>
    tt.return %0 : tensor<64x16xf32, #blocked1>
  }
}

// -----

// CHECK-LABEL: @expensive_view
// CHECK-NOT: efficient_layout
// CHECK: tt.return
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [2, 16], warpsPerCTA = [2, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 2 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @expensive_view(%arg0: tensor<4x8xf32, #blocked>) -> tensor<2xf32, #ttg.slice<{dim = 1, parent = #blocked1}>> {
    %0 = tt.reshape %arg0 allow_reorder : tensor<4x8xf32, #blocked> -> tensor<2x16xf32, #blocked1>
    %1 = "tt.reduce"(%0) <{axis = 1 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %2 = arith.addf %a, %b : f32
      tt.reduce.return %2 : f32
    }) : (tensor<2x16xf32, #blocked1>) -> tensor<2xf32, #ttg.slice<{dim = 1, parent = #blocked1}>>
    tt.return %1 : tensor<2xf32, #ttg.slice<{dim = 1, parent = #blocked1}>>
  }
}

// -----

// With two CTAs the new layout splits the CTAs as BlockedEncodingAttr::get(shape, ..., numCTAs) does: from the
// slowest dim of its order, here the reduction axis.
// CHECK-DAG: #[[$NEW:.+]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [2, 1], order = [0, 1], CGALayout = {{\[\[}}0, 1]]}>
// CHECK-LABEL: @two_ctas
// CHECK: tt.reshape %arg0 allow_reorder efficient_layout : {{.*}} -> tensor<128x16xf32, #[[$NEW]]>
#blocked = #ttg.blocked<{sizePerThread = [1, 16], threadsPerWarp = [4, 8], warpsPerCTA = [2, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [2, 16], warpsPerCTA = [2, 1], order = [1, 0], CGALayout = [[1, 0]]}>
#blocked2 = #ttg.blocked<{sizePerThread = [1, 16], threadsPerWarp = [4, 8], warpsPerCTA = [2, 1], order = [1, 0], CGALayout = [[1, 0]]}>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 2 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @two_ctas(%arg0: tensor<16x128xf32, #blocked2>) -> tensor<128xf32, #ttg.slice<{dim = 1, parent = #blocked1}>> {
    %0 = tt.reshape %arg0 allow_reorder : tensor<16x128xf32, #blocked2> -> tensor<128x16xf32, #blocked1>
    %1 = "tt.reduce"(%0) <{axis = 1 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %2 = arith.maxnumf %a, %b : f32
      tt.reduce.return %2 : f32
    }) : (tensor<128x16xf32, #blocked1>) -> tensor<128xf32, #ttg.slice<{dim = 1, parent = #blocked1}>>
    tt.return %1 : tensor<128xf32, #ttg.slice<{dim = 1, parent = #blocked1}>>
  }
}
