// RUN: ttg-opt %s -split-input-file '--convert-triton-to-tritongpu=target=cuda:80 num-warps=4' | FileCheck %s

// Heuristic: tt.dot gets a blocked accumulator with 1, 2 or 4 elements per thread along the two minor dims
// (when a thread holds at least 4 or 16 elements), operands A/B are converted to #ttg.dot_op of that
// layout (no kWidth for a blocked parent) and the accumulator always goes through a convert.

// CHECK-DAG: #[[D:.*]] = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[DS:.*]] = #ttg.blocked<{sizePerThread = [2, 2], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-LABEL: tt.func @dots
// CHECK: ttg.convert_layout {{.*}} -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #[[D]]}>>
// CHECK-NEXT: ttg.convert_layout {{.*}} -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #[[D]]}>>
// CHECK-NEXT: ttg.convert_layout {{.*}} -> tensor<64x64xf32, #[[D]]>
// CHECK-NEXT: tt.dot {{.*}} -> tensor<64x64xf32, #[[D]]>
// CHECK: tt.dot {{.*}} -> tensor<16x32xf32, #[[DS]]>
module {
  tt.func @dots(%pa: !tt.ptr<f16>, %pc: !tt.ptr<f32>) {
    %a0 = tt.splat %pa : !tt.ptr<f16> -> tensor<64x32x!tt.ptr<f16>>
    %a = tt.load %a0 : tensor<64x32x!tt.ptr<f16>>
    %b0 = tt.splat %pa : !tt.ptr<f16> -> tensor<32x64x!tt.ptr<f16>>
    %b = tt.load %b0 : tensor<32x64x!tt.ptr<f16>>
    %c = arith.constant dense<0.0> : tensor<64x64xf32>
    %d = tt.dot %a, %b, %c : tensor<64x32xf16> * tensor<32x64xf16> -> tensor<64x64xf32>
    %c0 = tt.splat %pc : !tt.ptr<f32> -> tensor<64x64x!tt.ptr<f32>>
    tt.store %c0, %d : tensor<64x64x!tt.ptr<f32>>
    %a20 = tt.splat %pa : !tt.ptr<f16> -> tensor<16x16x!tt.ptr<f16>>
    %a2 = tt.load %a20 : tensor<16x16x!tt.ptr<f16>>
    %b20 = tt.splat %pa : !tt.ptr<f16> -> tensor<16x32x!tt.ptr<f16>>
    %b2 = tt.load %b20 : tensor<16x32x!tt.ptr<f16>>
    %c2 = arith.constant dense<0.0> : tensor<16x32xf32>
    %d2 = tt.dot %a2, %b2, %c2 : tensor<16x16xf16> * tensor<16x32xf16> -> tensor<16x32xf32>
    %c20 = tt.splat %pc : !tt.ptr<f32> -> tensor<16x32x!tt.ptr<f32>>
    tt.store %c20, %d2 : tensor<16x32x!tt.ptr<f32>>
    tt.return
  }
}

// -----

// Heuristic: tt.reduce results take the slice of their operand layout along the reduced axis (a 1-D
// operand reduces to a scalar); tt.broadcast keeps its source layout.

// CHECK-DAG: #[[R:.*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-LABEL: tt.func @reduce
// CHECK: "tt.reduce"(%{{.*}}) <{axis = 1 : i32}> ({
// CHECK: }) : (tensor<32x16xf32, #[[R]]>) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #[[R]]}>>
// CHECK: tt.expand_dims {{.*}} -> tensor<32x1xf32, #{{.*}}>
// CHECK: tt.broadcast {{.*}} : tensor<32x1xf32, #[[E2:.*]]> -> tensor<32x16xf32, #[[E2]]>
module {
  tt.func @reduce(%p: !tt.ptr<f32>) {
    %p0 = tt.splat %p : !tt.ptr<f32> -> tensor<32x16x!tt.ptr<f32>>
    %x = tt.load %p0 : tensor<32x16x!tt.ptr<f32>>
    %s = "tt.reduce"(%x) <{axis = 1 : i32}> ({
    ^bb0(%l: f32, %r: f32):
      %m = arith.maxnumf %l, %r : f32
      tt.reduce.return %m : f32
    }) : (tensor<32x16xf32>) -> tensor<32xf32>
    %e = tt.expand_dims %s {axis = 1 : i32} : tensor<32xf32> -> tensor<32x1xf32>
    %b = tt.broadcast %e : tensor<32x1xf32> -> tensor<32x16xf32>
    %o = arith.subf %x, %b : tensor<32x16xf32>
    tt.store %p0, %o : tensor<32x16x!tt.ptr<f32>>
    tt.return
  }
}
