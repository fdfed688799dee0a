// RUN: ttg-opt %s -split-input-file -tritongpu-remove-layout-conversions | FileCheck %s

// A convert of a non-splat dense constant cannot be rematerialized: the rewrite clones the constant and converts
// the clone, which is the same IR again. Triton 3.6 counts that as a change and repeats its remat sweep forever
// (triton-opt hangs on each chunk below but the splat one); ttg-opt stops at the IR that Triton cycles through.
// Found by the fuzzer (a non-splat f16 constant as a load's `other`, after coalesce).

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func public @non_splat
  // CHECK: %[[C:.*]] = arith.constant dense<[0.000000e+00, 1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00, 5.000000e+00, 6.000000e+00, 7.000000e+00]> : tensor<8xf32, #[[B4:blocked[0-9]*]]>
  // CHECK: %[[V:.*]] = ttg.convert_layout %[[C]] : tensor<8xf32, #[[B4]]> -> tensor<8xf32, #[[B1:blocked[0-9]*]]>
  // CHECK: %[[L:.*]] = tt.load %{{.*}} : tensor<8x!tt.ptr<f32>, #[[B1]]>
  // CHECK: arith.addf %[[L]], %[[V]] : tensor<8xf32, #[[B1]]>
  // CHECK-NOT: ttg.convert_layout
  // CHECK: tt.return
  tt.func public @non_splat(%arg0: !tt.ptr<f32>) {
    %cst = arith.constant dense<[0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0]> : tensor<8xf32, #blocked1>
    %0 = ttg.convert_layout %cst : tensor<8xf32, #blocked1> -> tensor<8xf32, #blocked>
    %1 = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32, #blocked>
    %2 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<8x!tt.ptr<f32>, #blocked>
    %3 = tt.addptr %2, %1 : tensor<8x!tt.ptr<f32>, #blocked>, tensor<8xi32, #blocked>
    %4 = tt.load %3 : tensor<8x!tt.ptr<f32>, #blocked>
    %5 = arith.addf %4, %0 : tensor<8xf32, #blocked>
    tt.store %3, %5 : tensor<8x!tt.ptr<f32>, #blocked>
    tt.return
  }
}

// -----

// The remat of a chain that ends in such a constant makes progress once (negf folds into the constant); the convert
// of the new constant that it leaves is the case above.

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func public @chain
  // CHECK-NEXT: %[[C:.*]] = arith.constant dense<[-0.000000e+00, -1.000000e+00, -2.000000e+00, -3.000000e+00, -4.000000e+00, -5.000000e+00, -6.000000e+00, -7.000000e+00]> : tensor<8xf32, #[[B4:blocked[0-9]*]]>
  // CHECK-NEXT: %[[V:.*]] = ttg.convert_layout %[[C]] : tensor<8xf32, #[[B4]]> -> tensor<8xf32, #[[B1:blocked[0-9]*]]>
  // CHECK-NOT: ttg.convert_layout
  // CHECK: %[[L:.*]] = tt.load %{{.*}} : tensor<8x!tt.ptr<f32>, #[[B1]]>
  // CHECK-NEXT: arith.addf %[[L]], %[[V]] : tensor<8xf32, #[[B1]]>
  // CHECK-NOT: ttg.convert_layout
  // CHECK: tt.return
  tt.func public @chain(%arg0: !tt.ptr<f32>) {
    %cst = arith.constant dense<[0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0]> : tensor<8xf32, #blocked1>
    %n = arith.negf %cst : tensor<8xf32, #blocked1>
    %0 = ttg.convert_layout %n : tensor<8xf32, #blocked1> -> tensor<8xf32, #blocked>
    %1 = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32, #blocked>
    %2 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<8x!tt.ptr<f32>, #blocked>
    %3 = tt.addptr %2, %1 : tensor<8x!tt.ptr<f32>, #blocked>, tensor<8xi32, #blocked>
    %4 = tt.load %3 : tensor<8x!tt.ptr<f32>, #blocked>
    %5 = arith.addf %4, %0 : tensor<8xf32, #blocked>
    tt.store %3, %5 : tensor<8x!tt.ptr<f32>, #blocked>
    tt.return
  }
}

// -----

// A splat constant folds into a constant of the new layout (here Triton 3.6 ends, with this output).

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func public @splat
  // CHECK-NEXT: %[[C:.*]] = arith.constant dense<2.000000e+00> : tensor<8xf32, #[[B:blocked[0-9]*]]>
  // CHECK-NEXT: %[[R:.*]] = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32, #[[B]]>
  // CHECK-NEXT: %[[S:.*]] = tt.splat %arg0 : !tt.ptr<f32> -> tensor<8x!tt.ptr<f32>, #[[B]]>
  // CHECK-NEXT: %[[P:.*]] = tt.addptr %[[S]], %[[R]] : tensor<8x!tt.ptr<f32>, #[[B]]>, tensor<8xi32, #[[B]]>
  // CHECK-NEXT: %[[L:.*]] = tt.load %[[P]] : tensor<8x!tt.ptr<f32>, #[[B]]>
  // CHECK-NEXT: %[[A:.*]] = arith.addf %[[L]], %[[C]] : tensor<8xf32, #[[B]]>
  // CHECK-NEXT: tt.store %[[P]], %[[A]] : tensor<8x!tt.ptr<f32>, #[[B]]>
  // CHECK-NEXT: tt.return
  tt.func public @splat(%arg0: !tt.ptr<f32>) {
    %cst = arith.constant dense<2.0> : tensor<8xf32, #blocked1>
    %0 = ttg.convert_layout %cst : tensor<8xf32, #blocked1> -> tensor<8xf32, #blocked>
    %1 = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32, #blocked>
    %2 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<8x!tt.ptr<f32>, #blocked>
    %3 = tt.addptr %2, %1 : tensor<8x!tt.ptr<f32>, #blocked>, tensor<8xi32, #blocked>
    %4 = tt.load %3 : tensor<8x!tt.ptr<f32>, #blocked>
    %5 = arith.addf %4, %0 : tensor<8xf32, #blocked>
    tt.store %3, %5 : tensor<8x!tt.ptr<f32>, #blocked>
    tt.return
  }
}
