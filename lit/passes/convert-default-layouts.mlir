// RUN: ttg-opt %s -split-input-file '--convert-triton-to-tritongpu=target=cuda:90 num-warps=8' | FileCheck %s

// Heuristic: every encoding-less tensor gets getDefaultBlockedEncoding(shape): one element per thread,
// order = reversed dims, lanes then warps given to the fastest dim first (as many as it has elements),
// the slowest dim taking the rest. The module records the options.

// CHECK-DAG: #[[B1:.*]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]}>
// CHECK-DAG: #[[B2:.*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
// CHECK-DAG: #[[B3:.*]] = #ttg.blocked<{sizePerThread = [1, 1, 1], threadsPerWarp = [1, 4, 8], warpsPerCTA = [8, 1, 1], order = [2, 1, 0]}>
// CHECK-DAG: #[[B4:.*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 8], order = [1, 0]}>
// CHECK: module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32}
// CHECK-LABEL: tt.func @shapes
// CHECK: arith.constant dense<1.000000e+00> : tensor<128xf32, #[[B1]]>
// CHECK: arith.constant dense<2> : tensor<64x8xi32, #[[B2]]>
// CHECK: arith.constant dense<true> : tensor<2x4x8xi1, #[[B3]]>
// CHECK: arith.constant dense<0> : tensor<1x1024xi8, #[[B4]]>
module {
  tt.func @shapes(%p: !tt.ptr<f32>, %q: !tt.ptr<i32>, %r: !tt.ptr<i1>, %s: !tt.ptr<i8>) {
    %a = arith.constant dense<1.0> : tensor<128xf32>
    %b = arith.constant dense<2> : tensor<64x8xi32>
    %c = arith.constant dense<true> : tensor<2x4x8xi1>
    %d = arith.constant dense<0> : tensor<1x1024xi8>
    %pa = tt.splat %p : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
    tt.store %pa, %a : tensor<128x!tt.ptr<f32>>
    %pb = tt.splat %q : !tt.ptr<i32> -> tensor<64x8x!tt.ptr<i32>>
    tt.store %pb, %b : tensor<64x8x!tt.ptr<i32>>
    %pc = tt.splat %r : !tt.ptr<i1> -> tensor<2x4x8x!tt.ptr<i1>>
    tt.store %pc, %c : tensor<2x4x8x!tt.ptr<i1>>
    %pd = tt.splat %s : !tt.ptr<i8> -> tensor<1x1024x!tt.ptr<i8>>
    tt.store %pd, %d : tensor<1x1024x!tt.ptr<i8>>
    tt.return
  }
}

// -----

// Generic ops take converted operands and default result layouts; a value whose layout differs from what
// a converted user expects is converted once, right after its definition, and the conversion is reused.

// CHECK-LABEL: tt.func @materialize
// CHECK:      %[[E:.*]] = tt.expand_dims
// CHECK-NEXT: %[[C:.*]] = ttg.convert_layout %[[E]]
// CHECK-NEXT: tt.splat
// CHECK-NEXT: arith.muli %[[C]]
// CHECK-NEXT: arith.addi %[[C]]
module {
  tt.func @materialize(%n: i32, %p: !tt.ptr<i32>) {
    %r = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %e = tt.expand_dims %r {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
    %s = tt.splat %n : i32 -> tensor<32x1xi32>
    %m = arith.muli %e, %s : tensor<32x1xi32>
    %a = arith.addi %e, %s : tensor<32x1xi32>
    %ps = tt.splat %p : !tt.ptr<i32> -> tensor<32x1x!tt.ptr<i32>>
    %pp = tt.addptr %ps, %m : tensor<32x1x!tt.ptr<i32>>, tensor<32x1xi32>
    tt.store %pp, %a : tensor<32x1x!tt.ptr<i32>>
    tt.return
  }
}
