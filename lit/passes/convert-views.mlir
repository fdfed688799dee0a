// RUN: ttg-opt %s '--convert-triton-to-tritongpu=target=cuda:80 num-warps=4' | FileCheck %s

// Heuristic: tt.join, tt.trans, tt.split infer the "nop" layout of their source (join adds a fastest dim
// of 2 elements per thread, trans permutes the blocked parameters, split drops a 2-element dim, converting
// its source to such a layout first when needed); tt.reshape takes default layouts; tt.cat multiplies the
// fastest sizePerThread when the default layout gives a thread fewer elements than its operands hold.

// CHECK-DAG: #[[J:.*]] = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[T:.*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [2, 16], warpsPerCTA = [1, 4], order = [0, 1]}>
// CHECK-DAG: #[[CAT:.*]] = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK: tt.join {{.*}} -> tensor<256x2xf32, #[[J]]>
// CHECK: tt.trans {{.*}} -> tensor<2x256xf32, #[[T]]>
// CHECK: tt.reshape
// CHECK: %[[S:.*]] = ttg.convert_layout {{.*}} -> tensor<256x2xf32, #[[J]]>
// CHECK-NEXT: tt.split %[[S]]
// CHECK: tt.cat {{.*}} : tensor<256xf32, #[[B:.*]]> -> tensor<512xf32, #[[B]]>
// CHECK: tt.cat {{.*}} : tensor<64xf32, #[[B]]> -> tensor<128xf32, #[[CAT]]>
module {
  tt.func @views(%p: !tt.ptr<f32>) {
    %ps = tt.splat %p : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
    %a = tt.load %ps : tensor<256x!tt.ptr<f32>>
    %b = tt.load %ps : tensor<256x!tt.ptr<f32>>
    %j = tt.join %a, %b : tensor<256xf32> -> tensor<256x2xf32>
    %t = tt.trans %j {order = array<i32: 1, 0>} : tensor<256x2xf32> -> tensor<2x256xf32>
    %r = tt.reshape %t : tensor<2x256xf32> -> tensor<256x2xf32>
    %l, %h = tt.split %r : tensor<256x2xf32> -> tensor<256xf32>
    %s = arith.addf %l, %h : tensor<256xf32>
    %c = tt.cat %a, %b : tensor<256xf32> -> tensor<512xf32>
    %p64 = tt.splat %p : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
    %a64 = tt.load %p64 : tensor<64x!tt.ptr<f32>>
    %c64 = tt.cat %a64, %a64 : tensor<64xf32> -> tensor<128xf32>
    %p128 = tt.splat %p : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
    tt.store %p128, %c64 : tensor<128x!tt.ptr<f32>>
    tt.store %ps, %s : tensor<256x!tt.ptr<f32>>
    %pc = tt.splat %p : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>>
    tt.store %pc, %c : tensor<512x!tt.ptr<f32>>
    tt.return
  }
}
