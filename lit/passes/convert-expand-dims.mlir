// RUN: ttg-opt %s '--convert-triton-to-tritongpu=target=cuda:80 num-warps=4' | FileCheck %s

// Heuristic: tt.expand_dims gets the blocked layout of its (converted) operand with a 1 inserted at the
// new axis in sizePerThread/threadsPerWarp/warpsPerCTA and the identity order; the operand is converted to
// the slice of that layout along the axis, and the result feeds its users through a convert to their
// default layout.

// CHECK-DAG: #[[SRC:.*]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-DAG: #[[ROW:.*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
// CHECK-DAG: #[[COL:.*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [0, 1]}>
// CHECK: %[[R:.*]] = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #[[SRC]]>
// CHECK: %[[S1:.*]] = ttg.convert_layout %[[R]] : tensor<64xi32, #[[SRC]]> -> tensor<64xi32, #ttg.slice<{dim = 1, parent = #[[ROW]]}>>
// CHECK-NEXT: tt.expand_dims %[[S1]] {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #[[ROW]]}>> -> tensor<64x1xi32, #[[ROW]]>
// CHECK: %[[S0:.*]] = ttg.convert_layout %[[R]] : tensor<64xi32, #[[SRC]]> -> tensor<64xi32, #ttg.slice<{dim = 0, parent = #[[COL]]}>>
// CHECK-NEXT: tt.expand_dims %[[S0]] {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #[[COL]]}>> -> tensor<1x64xi32, #[[COL]]>
module {
  tt.func @expand(%p: !tt.ptr<f32>) {
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %a = tt.expand_dims %r {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
    %b = tt.expand_dims %r {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
    %ab = tt.broadcast %a : tensor<64x1xi32> -> tensor<64x64xi32>
    %bb = tt.broadcast %b : tensor<1x64xi32> -> tensor<64x64xi32>
    %o = arith.addi %ab, %bb : tensor<64x64xi32>
    %ps = tt.splat %p : !tt.ptr<f32> -> tensor<64x64x!tt.ptr<f32>>
    %pp = tt.addptr %ps, %o : tensor<64x64x!tt.ptr<f32>>, tensor<64x64xi32>
    %v = tt.load %pp : tensor<64x64x!tt.ptr<f32>>
    tt.store %pp, %v : tensor<64x64x!tt.ptr<f32>>
    tt.return
  }
}
