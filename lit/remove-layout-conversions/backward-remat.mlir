// RUN: ttg-opt %s -split-input-file -tritongpu-remove-layout-conversions | FileCheck %s

// Backward rematerialization: the producers of a convert's source (make_range, splat, elementwise ops,
// cheap loads) are recomputed in the destination layout and the convert disappears.

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @remat_chain
  // CHECK-NOT: ttg.convert_layout
  // CHECK: %[[R:.*]] = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
  // CHECK: %[[S:.*]] = tt.splat %arg0 : i32 -> tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
  // CHECK: %[[A:.*]] = arith.addi %[[S]], %[[R]] : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
  // CHECK: tt.expand_dims %[[A]] {axis = 1 : i32}
  tt.func @remat_chain(%arg0: i32) -> tensor<64x1xi32, #blocked1> {
    %0 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #blocked>
    %1 = tt.splat %arg0 : i32 -> tensor<64xi32, #blocked>
    %2 = arith.addi %1, %0 : tensor<64xi32, #blocked>
    %3 = ttg.convert_layout %2 : tensor<64xi32, #blocked> -> tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
    %4 = tt.expand_dims %3 {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked1}>> -> tensor<64x1xi32, #blocked1>
    tt.return %4 : tensor<64x1xi32, #blocked1>
  }
}

// -----

// Loop-carried values are rematerialized through a new iter arg (loop results are not: the convert of the
// result stays unless it can reuse the remat of the loop body).

#blocked = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @remat_loop_arg
  // CHECK: %[[F:.*]]:2 = scf.for {{.*}} -> (tensor<32xf32, #blocked>, tensor<32xf32, #blocked>)
  // CHECK-NEXT: %[[A:.*]] = arith.addf
  // CHECK-NEXT: %[[M:.*]] = arith.mulf %{{.*}}, %[[A]] : tensor<32xf32, #blocked>
  // CHECK-NEXT: scf.yield %[[M]], %[[A]]
  // CHECK-NOT: ttg.convert_layout
  // CHECK: tt.return %[[F]]#1, %[[F]]#0
  tt.func @remat_loop_arg(%lb: i32, %ub: i32, %step: i32) -> (tensor<32xf32, #blocked>, tensor<32xf32, #blocked>) {
    %cst = arith.constant dense<1.000000e+00> : tensor<32xf32, #blocked1>
    %cst_0 = arith.constant dense<2.000000e+00> : tensor<32xf32, #blocked>
    %0:2 = scf.for %i = %lb to %ub step %step iter_args(%a = %cst, %b = %cst_0) -> (tensor<32xf32, #blocked1>, tensor<32xf32, #blocked>) : i32 {
      %1 = arith.addf %a, %cst : tensor<32xf32, #blocked1>
      %2 = ttg.convert_layout %1 : tensor<32xf32, #blocked1> -> tensor<32xf32, #blocked>
      %3 = arith.mulf %b, %2 : tensor<32xf32, #blocked>
      scf.yield %1, %3 : tensor<32xf32, #blocked1>, tensor<32xf32, #blocked>
    }
    %4 = ttg.convert_layout %0#0 : tensor<32xf32, #blocked1> -> tensor<32xf32, #blocked>
    tt.return %4, %0#1 : tensor<32xf32, #blocked>, tensor<32xf32, #blocked>
  }
}

// -----

// An expensive load (more elements than threads) is not rematerialized: the convert stays.

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @no_remat_expensive_load
  // CHECK: tt.load {{.*}} : tensor<1024x!tt.ptr<f32>, #blocked>
  // CHECK: ttg.convert_layout {{.*}} -> tensor<1024xf32, #blocked1>
  tt.func @no_remat_expensive_load(%arg0: tensor<1024x!tt.ptr<f32>, #blocked>) -> tensor<1024xf32, #blocked1> {
    %0 = tt.load %arg0 : tensor<1024x!tt.ptr<f32>, #blocked>
    %1 = ttg.convert_layout %0 : tensor<1024xf32, #blocked> -> tensor<1024xf32, #blocked1>
    tt.return %1 : tensor<1024xf32, #blocked1>
  }
}
