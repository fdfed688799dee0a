// RUN: ttg-opt %s '--convert-triton-to-tritongpu=target=cuda:80 num-warps=4 threads-per-warp=32 num-ctas=1' -tritongpu-coalesce -tritongpu-remove-layout-conversions | FileCheck %s
// RUN: ttg-opt %s '--convert-triton-to-tritongpu=target=cuda:80 num-warps=4 threads-per-warp=32 num-ctas=1' -tritongpu-coalesce -tritongpu-remove-layout-conversions -tritongpu-optimize-thread-locality -tritongpu-accelerate-matmul -tritongpu-remove-layout-conversions | FileCheck %s

// Forward propagation keeps the first layout that reaches a value, so its result depends on the order of use
// lists, which the text of a module does not carry. Triton's pipeline runs every pass on one in-memory module:
// coalesce replaces the load with convert(load'), and replaceAllUsesWith leaves the users of the new value in
// program order (reduce, then trans), where a freshly parsed file lists the newest use first. The depth-first
// worklist then follows trans -> reduce -> trans before the reduce over axis 1, so the add takes the #linear
// layout of the transposed reduction and the sum over axis 1 is converted to it (a 3-D load, tl.sum over axis 1,
// tl.permute (2, 0, 1), tl.max over axis 2, tl.trans, add, store). Expected: Triton 3.6's output for this TTIR
// through the same passes in one module (sm80, 4 warps: golden/extra reduce3d stages 03 and 06); a second
// remove-layout-conversions on that module (stage 06) keeps it.

// CHECK: #blocked = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-NEXT: #blocked1 = #ttg.blocked<{sizePerThread = [1, 1, 4], threadsPerWarp = [4, 1, 8], warpsPerCTA = [2, 2, 1], order = [2, 0, 1]}>
// CHECK-NEXT: #blocked2 = #ttg.blocked<{sizePerThread = [4, 1, 1], threadsPerWarp = [8, 4, 1], warpsPerCTA = [1, 2, 2], order = [0, 1, 2]}>
// CHECK-NEXT: #linear = #ttg.linear<{register = {{\[}}[0, 1], [0, 2]], lane = {{\[}}[0, 4], [0, 8], [0, 16], [1, 0], [2, 0]], warp = {{\[}}[4, 0], [0, 0]], block = []}>
// CHECK-NEXT: module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
// CHECK-NEXT:   tt.func public @reduce3d(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f32> {tt.divisibility = 16 : i32}) attributes {noinline = false} {
// CHECK-NEXT:     %cst = arith.constant dense<32> : tensor<8x1xi32, #blocked>
// CHECK-NEXT:     %cst_0 = arith.constant dense<32> : tensor<1x16x1xi32, #blocked1>
// CHECK-NEXT:     %cst_1 = arith.constant dense<32> : tensor<8x1x1xi32, #blocked1>
// CHECK-NEXT:     %cst_2 = arith.constant dense<16> : tensor<8x1x1xi32, #blocked1>
// CHECK-NEXT:     %0 = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
// CHECK-NEXT:     %1 = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32, #ttg.slice<{dim = 1, parent = #ttg.slice<{dim = 2, parent = #blocked1}>}>>
// CHECK-NEXT:     %2 = tt.expand_dims %0 {axis = 1 : i32} : tensor<8xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<8x1xi32, #blocked>
// CHECK-NEXT:     %3 = tt.expand_dims %1 {axis = 1 : i32} : tensor<8xi32, #ttg.slice<{dim = 1, parent = #ttg.slice<{dim = 2, parent = #blocked1}>}>> -> tensor<8x1xi32, #ttg.slice<{dim = 2, parent = #blocked1}>>
// CHECK-NEXT:     %4 = tt.expand_dims %3 {axis = 2 : i32} : tensor<8x1xi32, #ttg.slice<{dim = 2, parent = #blocked1}>> -> tensor<8x1x1xi32, #blocked1>
// CHECK-NEXT:     %5 = arith.muli %4, %cst_2 : tensor<8x1x1xi32, #blocked1>
// CHECK-NEXT:     %6 = arith.muli %5, %cst_1 : tensor<8x1x1xi32, #blocked1>
// CHECK-NEXT:     %7 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<8x1x1x!tt.ptr<f32>, #blocked1>
// CHECK-NEXT:     %8 = tt.addptr %7, %6 : tensor<8x1x1x!tt.ptr<f32>, #blocked1>, tensor<8x1x1xi32, #blocked1>
// CHECK-NEXT:     %9 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32, #ttg.slice<{dim = 0, parent = #ttg.slice<{dim = 2, parent = #blocked1}>}>>
// CHECK-NEXT:     %10 = tt.expand_dims %9 {axis = 0 : i32} : tensor<16xi32, #ttg.slice<{dim = 0, parent = #ttg.slice<{dim = 2, parent = #blocked1}>}>> -> tensor<1x16xi32, #ttg.slice<{dim = 2, parent = #blocked1}>>
// CHECK-NEXT:     %11 = tt.expand_dims %10 {axis = 2 : i32} : tensor<1x16xi32, #ttg.slice<{dim = 2, parent = #blocked1}>> -> tensor<1x16x1xi32, #blocked1>
// CHECK-NEXT:     %12 = arith.muli %11, %cst_0 : tensor<1x16x1xi32, #blocked1>
// CHECK-NEXT:     %13 = tt.broadcast %8 : tensor<8x1x1x!tt.ptr<f32>, #blocked1> -> tensor<8x16x1x!tt.ptr<f32>, #blocked1>
// CHECK-NEXT:     %14 = tt.broadcast %12 : tensor<1x16x1xi32, #blocked1> -> tensor<8x16x1xi32, #blocked1>
// CHECK-NEXT:     %15 = tt.addptr %13, %14 : tensor<8x16x1x!tt.ptr<f32>, #blocked1>, tensor<8x16x1xi32, #blocked1>
// CHECK-NEXT:     %16 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
// CHECK-NEXT:     %17 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #ttg.slice<{dim = 1, parent = #blocked1}>}>>
// CHECK-NEXT:     %18 = tt.expand_dims %16 {axis = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x32xi32, #blocked>
// CHECK-NEXT:     %19 = tt.expand_dims %17 {axis = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #ttg.slice<{dim = 1, parent = #blocked1}>}>> -> tensor<1x32xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
// CHECK-NEXT:     %20 = tt.expand_dims %19 {axis = 1 : i32} : tensor<1x32xi32, #ttg.slice<{dim = 1, parent = #blocked1}>> -> tensor<1x1x32xi32, #blocked1>
// CHECK-NEXT:     %21 = tt.broadcast %15 : tensor<8x16x1x!tt.ptr<f32>, #blocked1> -> tensor<8x16x32x!tt.ptr<f32>, #blocked1>
// CHECK-NEXT:     %22 = tt.broadcast %20 : tensor<1x1x32xi32, #blocked1> -> tensor<8x16x32xi32, #blocked1>
// CHECK-NEXT:     %23 = tt.addptr %21, %22 : tensor<8x16x32x!tt.ptr<f32>, #blocked1>, tensor<8x16x32xi32, #blocked1>
// CHECK-NEXT:     %24 = tt.load %23 : tensor<8x16x32x!tt.ptr<f32>, #blocked1>
// CHECK-NEXT:     %25 = "tt.reduce"(%24) <{axis = 1 : i32}> ({
// CHECK-NEXT:     ^bb0(%arg2: f32, %arg3: f32):
// CHECK-NEXT:       %38 = arith.addf %arg2, %arg3 : f32
// CHECK-NEXT:       tt.reduce.return %38 : f32
// CHECK-NEXT:     }) : (tensor<8x16x32xf32, #blocked1>) -> tensor<8x32xf32, #ttg.slice<{dim = 1, parent = #blocked1}>>
// CHECK-NEXT:     %26 = ttg.convert_layout %25 : tensor<8x32xf32, #ttg.slice<{dim = 1, parent = #blocked1}>> -> tensor<8x32xf32, #linear>
// CHECK-NEXT:     %27 = tt.trans %24 {order = array<i32: 2, 0, 1>} : tensor<8x16x32xf32, #blocked1> -> tensor<32x8x16xf32, #blocked2>
// CHECK-NEXT:     %28 = "tt.reduce"(%27) <{axis = 2 : i32}> ({
// CHECK-NEXT:     ^bb0(%arg2: f32, %arg3: f32):
// CHECK-NEXT:       %38 = arith.maxnumf %arg2, %arg3 : f32
// CHECK-NEXT:       tt.reduce.return %38 : f32
// CHECK-NEXT:     }) : (tensor<32x8x16xf32, #blocked2>) -> tensor<32x8xf32, #ttg.slice<{dim = 2, parent = #blocked2}>>
// CHECK-NEXT:     %29 = arith.muli %2, %cst : tensor<8x1xi32, #blocked>
// CHECK-NEXT:     %30 = tt.splat %arg1 : !tt.ptr<f32> -> tensor<8x1x!tt.ptr<f32>, #blocked>
// CHECK-NEXT:     %31 = tt.addptr %30, %29 : tensor<8x1x!tt.ptr<f32>, #blocked>, tensor<8x1xi32, #blocked>
// CHECK-NEXT:     %32 = tt.broadcast %31 : tensor<8x1x!tt.ptr<f32>, #blocked> -> tensor<8x32x!tt.ptr<f32>, #blocked>
// CHECK-NEXT:     %33 = tt.broadcast %18 : tensor<1x32xi32, #blocked> -> tensor<8x32xi32, #blocked>
// CHECK-NEXT:     %34 = tt.addptr %32, %33 : tensor<8x32x!tt.ptr<f32>, #blocked>, tensor<8x32xi32, #blocked>
// CHECK-NEXT:     %35 = tt.trans %28 {order = array<i32: 1, 0>} : tensor<32x8xf32, #ttg.slice<{dim = 2, parent = #blocked2}>> -> tensor<8x32xf32, #linear>
// CHECK-NEXT:     %36 = arith.addf %26, %35 : tensor<8x32xf32, #linear>
// CHECK-NEXT:     %37 = ttg.convert_layout %36 : tensor<8x32xf32, #linear> -> tensor<8x32xf32, #blocked>
// CHECK-NEXT:     tt.store %34, %37 : tensor<8x32x!tt.ptr<f32>, #blocked>
// CHECK-NEXT:     tt.return
// CHECK-NEXT:   }
// CHECK-NEXT: }

module {
  tt.func public @reduce3d(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f32> {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %cst = arith.constant dense<32> : tensor<8x1xi32>
    %cst_0 = arith.constant dense<32> : tensor<1x16x1xi32>
    %cst_1 = arith.constant dense<32> : tensor<8x1x1xi32>
    %cst_2 = arith.constant dense<16> : tensor<8x1x1xi32>
    %0 = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
    %1 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %2 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %3 = tt.expand_dims %0 {axis = 1 : i32} : tensor<8xi32> -> tensor<8x1xi32>
    %4 = tt.expand_dims %3 {axis = 2 : i32} : tensor<8x1xi32> -> tensor<8x1x1xi32>
    %5 = arith.muli %4, %cst_2 : tensor<8x1x1xi32>
    %6 = arith.muli %5, %cst_1 : tensor<8x1x1xi32>
    %7 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<8x1x1x!tt.ptr<f32>>
    %8 = tt.addptr %7, %6 : tensor<8x1x1x!tt.ptr<f32>>, tensor<8x1x1xi32>
    %9 = tt.expand_dims %1 {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
    %10 = tt.expand_dims %9 {axis = 2 : i32} : tensor<1x16xi32> -> tensor<1x16x1xi32>
    %11 = arith.muli %10, %cst_0 : tensor<1x16x1xi32>
    %12 = tt.broadcast %8 : tensor<8x1x1x!tt.ptr<f32>> -> tensor<8x16x1x!tt.ptr<f32>>
    %13 = tt.broadcast %11 : tensor<1x16x1xi32> -> tensor<8x16x1xi32>
    %14 = tt.addptr %12, %13 : tensor<8x16x1x!tt.ptr<f32>>, tensor<8x16x1xi32>
    %15 = tt.expand_dims %2 {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
    %16 = tt.expand_dims %15 {axis = 1 : i32} : tensor<1x32xi32> -> tensor<1x1x32xi32>
    %17 = tt.broadcast %14 : tensor<8x16x1x!tt.ptr<f32>> -> tensor<8x16x32x!tt.ptr<f32>>
    %18 = tt.broadcast %16 : tensor<1x1x32xi32> -> tensor<8x16x32xi32>
    %19 = tt.addptr %17, %18 : tensor<8x16x32x!tt.ptr<f32>>, tensor<8x16x32xi32>
    %20 = tt.load %19 : tensor<8x16x32x!tt.ptr<f32>>
    %21 = "tt.reduce"(%20) <{axis = 1 : i32}> ({
    ^bb0(%arg2: f32, %arg3: f32):
      %32 = arith.addf %arg2, %arg3 : f32
      tt.reduce.return %32 : f32
    }) : (tensor<8x16x32xf32>) -> tensor<8x32xf32>
    %22 = tt.trans %20 {order = array<i32: 2, 0, 1>} : tensor<8x16x32xf32> -> tensor<32x8x16xf32>
    %23 = "tt.reduce"(%22) <{axis = 2 : i32}> ({
    ^bb0(%arg2: f32, %arg3: f32):
      %32 = arith.maxnumf %arg2, %arg3 : f32
      tt.reduce.return %32 : f32
    }) : (tensor<32x8x16xf32>) -> tensor<32x8xf32>
    %24 = arith.muli %3, %cst : tensor<8x1xi32>
    %25 = tt.splat %arg1 : !tt.ptr<f32> -> tensor<8x1x!tt.ptr<f32>>
    %26 = tt.addptr %25, %24 : tensor<8x1x!tt.ptr<f32>>, tensor<8x1xi32>
    %27 = tt.broadcast %26 : tensor<8x1x!tt.ptr<f32>> -> tensor<8x32x!tt.ptr<f32>>
    %28 = tt.broadcast %15 : tensor<1x32xi32> -> tensor<8x32xi32>
    %29 = tt.addptr %27, %28 : tensor<8x32x!tt.ptr<f32>>, tensor<8x32xi32>
    %30 = tt.trans %23 {order = array<i32: 1, 0>} : tensor<32x8xf32> -> tensor<8x32xf32>
    %31 = arith.addf %21, %30 : tensor<8x32xf32>
    tt.store %29, %31 : tensor<8x32x!tt.ptr<f32>>
    tt.return
  }
}
