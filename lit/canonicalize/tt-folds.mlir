// RUN: ttg-opt %s -canonicalize | FileCheck %s

// Triton 3.6 tt folders and canonicalization patterns (Ops.cpp, Canonicalize.td): constant splat/view folds,
// make_range of one element, addptr of zero, masked loads/stores, trans(trans), reshape(reshape)/reshape(splat),
// fp_to_fp of zero, broadcast(broadcast).

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @splat_const(
  // CHECK-NEXT:    %cst = arith.constant dense<7> : tensor<128xi32, #blocked>
  // CHECK-NEXT:    tt.return %cst : tensor<128xi32, #blocked>
  tt.func @splat_const() -> tensor<128xi32, #blocked1> {
    %c = arith.constant 7 : i32
    %0 = tt.splat %c : i32 -> tensor<128xi32, #blocked1>
    tt.return %0 : tensor<128xi32, #blocked1>
  }
  // CHECK-LABEL: tt.func @make_range_one(
  // CHECK-NEXT:    %cst = arith.constant dense<4> : tensor<1xi32, #blocked>
  // CHECK-NEXT:    tt.return %cst : tensor<1xi32, #blocked>
  tt.func @make_range_one() -> tensor<1xi32, #blocked1> {
    %0 = tt.make_range {end = 5 : i32, start = 4 : i32} : tensor<1xi32, #blocked1>
    tt.return %0 : tensor<1xi32, #blocked1>
  }
  // CHECK-LABEL: tt.func @expand_bcast(
  // CHECK-NEXT:    %0 = tt.splat %arg0 : i32 -> tensor<128x64xi32, #blocked1>
  // CHECK-NEXT:    tt.return %0 : tensor<128x64xi32, #blocked1>
  tt.func @expand_bcast(%x: i32) -> tensor<128x64xi32, #blocked> {
    %0 = tt.splat %x : i32 -> tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %1 = tt.expand_dims %0 {axis = 1 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<128x1xi32, #blocked>
    %2 = tt.broadcast %1 : tensor<128x1xi32, #blocked> -> tensor<128x64xi32, #blocked>
    tt.return %2 : tensor<128x64xi32, #blocked>
  }
  // CHECK-LABEL: tt.func @expand_const(
  // CHECK-NEXT:    %cst = arith.constant dense<1.500000e+00> : tensor<128x64xf32, #blocked1>
  // CHECK-NEXT:    tt.return %cst : tensor<128x64xf32, #blocked1>
  tt.func @expand_const() -> tensor<128x64xf32, #blocked> {
    %c = arith.constant dense<1.5> : tensor<128xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %1 = tt.expand_dims %c {axis = 1 : i32} : tensor<128xf32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<128x1xf32, #blocked>
    %2 = tt.broadcast %1 : tensor<128x1xf32, #blocked> -> tensor<128x64xf32, #blocked>
    tt.return %2 : tensor<128x64xf32, #blocked>
  }
  // CHECK-LABEL: tt.func @addptr_zero(
  // CHECK-NEXT:    tt.return %arg0, %arg1 : !tt.ptr<f32>, tensor<128x!tt.ptr<f32>, #blocked>
  tt.func @addptr_zero(%p: !tt.ptr<f32>, %q: tensor<128x!tt.ptr<f32>, #blocked1>) -> (!tt.ptr<f32>, tensor<128x!tt.ptr<f32>, #blocked1>) {
    %c0 = arith.constant 0 : i32
    %z = arith.constant dense<0> : tensor<128xi32, #blocked1>
    %0 = tt.addptr %p, %c0 : !tt.ptr<f32>, i32
    %1 = tt.addptr %q, %z : tensor<128x!tt.ptr<f32>, #blocked1>, tensor<128xi32, #blocked1>
    tt.return %0, %1 : !tt.ptr<f32>, tensor<128x!tt.ptr<f32>, #blocked1>
  }
  // CHECK-LABEL: tt.func @masked(
  // CHECK-NEXT:    %cst = arith.constant dense<2.000000e+00> : tensor<128xf32, #blocked>
  // CHECK-NEXT:    %0 = tt.load %arg0 cacheModifier = ca : tensor<128x!tt.ptr<f32>, #blocked>
  // CHECK-NEXT:    tt.store %arg0, %arg1 evictionPolicy = evict_last : tensor<128x!tt.ptr<f32>, #blocked>
  // CHECK-NEXT:    tt.return %0, %cst : tensor<128xf32, #blocked>, tensor<128xf32, #blocked>
  tt.func @masked(%q: tensor<128x!tt.ptr<f32>, #blocked1>, %v: tensor<128xf32, #blocked1>) -> (tensor<128xf32, #blocked1>, tensor<128xf32, #blocked1>) {
    %t = arith.constant dense<true> : tensor<128xi1, #blocked1>
    %f = arith.constant dense<false> : tensor<128xi1, #blocked1>
    %o = arith.constant dense<2.0> : tensor<128xf32, #blocked1>
    %0 = tt.load %q, %t, %o cacheModifier = ca : tensor<128x!tt.ptr<f32>, #blocked1>
    %1 = tt.load %q, %f, %o : tensor<128x!tt.ptr<f32>, #blocked1>
    tt.store %q, %v, %t evictionPolicy = evict_last : tensor<128x!tt.ptr<f32>, #blocked1>
    tt.store %q, %v, %f : tensor<128x!tt.ptr<f32>, #blocked1>
    tt.return %0, %1 : tensor<128xf32, #blocked1>, tensor<128xf32, #blocked1>
  }
  // CHECK-LABEL: tt.func @trans_trans(
  // CHECK-NEXT:    %0 = tt.trans %arg0 {order = array<i32: 2, 1, 0>} : tensor<4x8x16xf32> -> tensor<16x8x4xf32>
  // CHECK-NEXT:    tt.return %0 : tensor<16x8x4xf32>
  tt.func @trans_trans(%x: tensor<4x8x16xf32>) -> tensor<16x8x4xf32> {
    %0 = tt.trans %x {order = array<i32: 1, 0, 2>} : tensor<4x8x16xf32> -> tensor<8x4x16xf32>
    %1 = tt.trans %0 {order = array<i32: 2, 0, 1>} : tensor<8x4x16xf32> -> tensor<16x8x4xf32>
    tt.return %1 : tensor<16x8x4xf32>
  }
  // CHECK-LABEL: tt.func @reshapes(
  // CHECK-NEXT:    %0 = tt.reshape %arg0 allow_reorder : tensor<32xf32> -> tensor<4x8xf32>
  // CHECK-NEXT:    %1 = tt.splat %arg1 : f32 -> tensor<2x16xf32>
  // CHECK-NEXT:    tt.return %0, %1 : tensor<4x8xf32>, tensor<2x16xf32>
  tt.func @reshapes(%x: tensor<32xf32>, %s: f32) -> (tensor<4x8xf32>, tensor<2x16xf32>) {
    %0 = tt.reshape %x allow_reorder : tensor<32xf32> -> tensor<8x4xf32>
    %1 = tt.reshape %0 : tensor<8x4xf32> -> tensor<4x8xf32>
    %2 = tt.splat %s : f32 -> tensor<32xf32>
    %3 = tt.reshape %2 : tensor<32xf32> -> tensor<2x16xf32>
    tt.return %1, %3 : tensor<4x8xf32>, tensor<2x16xf32>
  }
  // CHECK-LABEL: tt.func @fp_zero(
  // CHECK-NEXT:    %cst = arith.constant dense<-0.000000e+00> : tensor<16xf16>
  // CHECK-NEXT:    %cst_0 = arith.constant 0.000000e+00 : f16
  // CHECK-NEXT:    tt.return %cst, %cst_0 : tensor<16xf16>, f16
  tt.func @fp_zero() -> (tensor<16xf16>, f16) {
    %z = arith.constant dense<-0.0> : tensor<16xf32>
    %0 = tt.fp_to_fp %z, rounding = rtne : tensor<16xf32> -> tensor<16xf16>
    %s = arith.constant 0.0 : f32
    %1 = tt.fp_to_fp %s, rounding = rtne : f32 -> f16
    tt.return %0, %1 : tensor<16xf16>, f16
  }
  // CHECK-LABEL: tt.func @bcast_bcast(
  // CHECK-NEXT:    %0 = tt.broadcast %arg0 : tensor<1x1xf32> -> tensor<8x8xf32>
  // CHECK-NEXT:    tt.return %0 : tensor<8x8xf32>
  tt.func @bcast_bcast(%x: tensor<1x1xf32>) -> tensor<8x8xf32> {
    %0 = tt.broadcast %x : tensor<1x1xf32> -> tensor<1x8xf32>
    %1 = tt.broadcast %0 : tensor<1x8xf32> -> tensor<8x8xf32>
    tt.return %1 : tensor<8x8xf32>
  }
}
