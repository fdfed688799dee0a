// RUN: ttg-opt %s '--allocate-shared-memory-nv=compute-capability=90 ptx-version=87' '--convert-triton-gpu-to-llvm=compute-capability=90 ptx-version=87' | FileCheck %s
// 128-bit values are shuffled in four 32-bit pieces.
// CHECK: llvm.bitcast {{.*}} : i128 to vector<4xi32>
// CHECK-NOT: internal error
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [8, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]}>
#blocked2 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [8, 1], order = [0, 1]}>
#blocked3 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 8], order = [0, 1]}>
#blocked4 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [2, 16], warpsPerCTA = [8, 1], order = [1, 0]}>
#blocked5 = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [8, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 8 : i32} {
  tt.func @l(%arg0: !tt.ptr<i128> {t = 3}, %arg1: !tt.ptr<i32> {y = 6 : i3}, %g: !tt.ptr<i8> {t = 6 : i3}) attributes { } {
  %cst = arith.constant dense<6> : tensor<128x1xi32, #blocked>
  %0 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #blocked1>
  %1 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32, #blocked1>
  %2 = ttg.convert_layout %0 : tensor<128xi32, #blocked1> -> tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked2}>>
  %3 = tt.expand_dims %2 {axis = 1 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked2}>> -> tensor<128x1xi32, #blocked2>
  %4 = ttg.convert_layout %3 : tensor<128x1xi32, #blocked2> -> tensor<128x1xi32, #blocked>
  %5 = arith.muli %4, %cst : tensor<128x1xi32, #blocked>
  %6 = tt.splat %arg0 : !tt.ptr<i128> -> tensor<128x1x!tt.ptr<i128>, #blocked>
  %7 = tt.addptr %6, %5 : tensor<128x1x!tt.ptr<i128>, #blocked>, tensor<128x1xi32, #blocked>
  %8 = ttg.convert_layout %1 : tensor<16xi32, #blocked1> -> tensor<16xi32, #ttg.slice<{dim = 0, parent = #blocked3}>>
  %9 = tt.expand_dims %8 {axis = 0 : i32} : tensor<16xi32, #ttg.slice<{dim = 0, parent = #blocked3}>> -> tensor<1x16xi32, #blocked3>
  %10 = ttg.convert_layout %9 : tensor<1x16xi32, #blocked3> -> tensor<1x16xi32, #blocked4>
  %11 = tt.broadcast %7 : tensor<128x1x!tt.ptr<i128>, #blocked> -> tensor<128x16x!tt.ptr<i128>, #blocked>
  %12 = ttg.convert_layout %11 : tensor<128x16x!tt.ptr<i128>, #blocked> -> tensor<128x16x!tt.ptr<i128>, #blocked4>
  %13 = tt.broadcast %10 : tensor<1x16xi32, #blocked4> -> tensor<128x16xi32, #blocked4>
  %14 = tt.addptr %12, %13 : tensor<128x16x!tt.ptr<i128>, #blocked4>, tensor<128x16xi32, #blocked4>
  %15 = ttg.convert_layout %14 : tensor<128x16x!tt.ptr<i128>, #blocked4> -> tensor<128x16x!tt.ptr<i128>, #blocked5>
  %16 = tt.load %15 : tensor<128x16x!tt.ptr<i128>, #blocked5>
  %17 = ttg.convert_layout %16 : tensor<128x16xi128, #blocked5> -> tensor<128x16xi128, #blocked4>
  %18 = tt.splat %arg1 : !tt.ptr<i32> -> tensor<128x1x!tt.ptr<i32>, #blocked>
  %19 = tt.addptr %18, %5 : tensor<128x1x!tt.ptr<i32>, #blocked>, tensor<128x1xi32, #blocked>
  %20 = tt.broadcast %19 : tensor<128x1x!tt.ptr<i32>, #blocked> -> tensor<128x16x!tt.ptr<i32>, #blocked>
  %21 = ttg.convert_layout %20 : tensor<128x16x!tt.ptr<i32>, #blocked> -> tensor<128x16x!tt.ptr<i32>, #blocked4>
  %22 = tt.addptr %21, %13 : tensor<128x16x!tt.ptr<i32>, #blocked4>, tensor<128x16xi32, #blocked4>
  %23 = ttg.convert_layout %22 : tensor<128x16x!tt.ptr<i32>, #blocked4> -> tensor<128x16x!tt.ptr<i32>, #blocked5>
  %24 = tt.load %23 : tensor<128x16x!tt.ptr<i32>, #blocked5>
  %25 = ttg.convert_layout %24 : tensor<128x16xi32, #blocked5> -> tensor<128x16xi32, #blocked4>
  %31 = tt.gather %17[%25] {axis = 1 : i32} : (tensor<128x16xi128, #blocked4>, tensor<128x16xi32, #blocked4>) -> tensor<128x16xi128, #blocked4>
  tt.return
  }
}
