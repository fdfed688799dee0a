// RUN: ttg-opt %s -split-input-file -tritongpu-coalesce | FileCheck %s

// Heuristic: the coalesced layout's order is the pointer's dims sorted by decreasing contiguity (ties keep
// the lower dim first), its elements per thread along the fastest dim are the alignment (divisibility in
// elements, bounded by contiguity and the dim size) capped at 128 bits and at elements/threads; lanes and
// warps are then spread from the fastest dim. Operands are converted before the access (even when the
// layout does not change) and results converted back when their layout changed.

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#slice = #ttg.slice<{dim = 1, parent = #blocked}>
// CHECK-DAG: #[[COL:.*]] = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [16, 2], warpsPerCTA = [1, 4], order = [0, 1]}>
// CHECK-LABEL: tt.func @column_major
// CHECK: %[[P:.*]] = ttg.convert_layout %{{.*}} : tensor<64x32x!tt.ptr<f32>, #{{.*}}> -> tensor<64x32x!tt.ptr<f32>, #[[COL]]>
// CHECK-NEXT: %[[V:.*]] = tt.load %[[P]] : tensor<64x32x!tt.ptr<f32>, #[[COL]]>
// CHECK-NEXT: ttg.convert_layout %[[V]] : tensor<64x32xf32, #[[COL]]> -> tensor<64x32xf32, #{{.*}}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @column_major(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %stride: i32 {tt.divisibility = 16 : i32}) {
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #slice>
    %e = tt.expand_dims %r {axis = 1 : i32} : tensor<64xi32, #slice> -> tensor<64x1xi32, #blocked>
    %b = tt.broadcast %e : tensor<64x1xi32, #blocked> -> tensor<64x32xi32, #blocked>
    %p0 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<64x32x!tt.ptr<f32>, #blocked>
    %p = tt.addptr %p0, %b : tensor<64x32x!tt.ptr<f32>, #blocked>, tensor<64x32xi32, #blocked>
    %v = tt.load %p : tensor<64x32x!tt.ptr<f32>, #blocked>
    tt.store %p, %v : tensor<64x32x!tt.ptr<f32>, #blocked>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 1, 1], threadsPerWarp = [2, 4, 4], warpsPerCTA = [4, 1, 1], order = [2, 1, 0]}>
// CHECK-DAG: #[[TIE:.*]] = #ttg.blocked<{sizePerThread = [1, 1, 1], threadsPerWarp = [32, 1, 1], warpsPerCTA = [1, 4, 1], order = [0, 1, 2]}>
// CHECK-LABEL: tt.func @ties
// CHECK: ttg.convert_layout %{{.*}} -> tensor<32x4x4x!tt.ptr<i8>, #[[TIE]]>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @ties(%arg0: !tt.ptr<i8> {tt.divisibility = 16 : i32}) {
    %p = tt.splat %arg0 : !tt.ptr<i8> -> tensor<32x4x4x!tt.ptr<i8>, #blocked>
    %v = tt.load %p : tensor<32x4x4x!tt.ptr<i8>, #blocked>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: tt.func @same_layout
// CHECK: %[[P:.*]] = ttg.convert_layout %{{.*}} : tensor<128x!tt.ptr<f32>, #blocked> -> tensor<128x!tt.ptr<f32>, #blocked>
// CHECK-NEXT: %[[V:.*]] = tt.load %[[P]] : tensor<128x!tt.ptr<f32>, #blocked>
// CHECK-NEXT: ttg.convert_layout %{{.*}} : tensor<128x!tt.ptr<f32>, #blocked> -> tensor<128x!tt.ptr<f32>, #blocked>
// CHECK-NEXT: ttg.convert_layout %[[V]] : tensor<128xf32, #blocked> -> tensor<128xf32, #blocked>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @same_layout(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
    %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #blocked>
    %p0 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>, #blocked>
    %p = tt.addptr %p0, %r : tensor<128x!tt.ptr<f32>, #blocked>, tensor<128xi32, #blocked>
    %v = tt.load %p : tensor<128x!tt.ptr<f32>, #blocked>
    tt.store %p, %v : tensor<128x!tt.ptr<f32>, #blocked>
    tt.return
  }
}
