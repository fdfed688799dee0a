// RUN: ttg-opt %s -split-input-file -canonicalize | FileCheck %s

// ttg.convert_layout canonicalization (also run by the layout pass between its phases): converts fold into
// producers that can make any layout, chains collapse, and converts to the same type vanish.

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked2 = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // CHECK: #[[B4:.*]] = #ttg.blocked<{sizePerThread = [4]
  // CHECK: #[[B1:.*]] = #ttg.blocked<{sizePerThread = [1]
  // CHECK-LABEL: tt.func @fold_into_producers
  // CHECK-NOT: ttg.convert_layout
  // CHECK-DAG: arith.constant dense<0> : tensor<1024xi32, #[[B4]]>
  // CHECK-DAG: tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #[[B4]]>
  // CHECK-DAG: tt.splat %arg0 : i32 -> tensor<1024xi32, #[[B4]]>
  tt.func @fold_into_producers(%arg0: i32) -> (tensor<1024xi32, #blocked1>, tensor<1024xi32, #blocked1>, tensor<1024xi32, #blocked1>) {
    %cst = arith.constant dense<0> : tensor<1024xi32, #blocked>
    %0 = ttg.convert_layout %cst : tensor<1024xi32, #blocked> -> tensor<1024xi32, #blocked1>
    %1 = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #blocked>
    %2 = ttg.convert_layout %1 : tensor<1024xi32, #blocked> -> tensor<1024xi32, #blocked1>
    %3 = tt.splat %arg0 : i32 -> tensor<1024xi32, #blocked>
    %4 = ttg.convert_layout %3 : tensor<1024xi32, #blocked> -> tensor<1024xi32, #blocked1>
    tt.return %0, %2, %4 : tensor<1024xi32, #blocked1>, tensor<1024xi32, #blocked1>, tensor<1024xi32, #blocked1>
  }

  // CHECK-LABEL: tt.func @chains
  // CHECK-NEXT: %[[C:.*]] = ttg.convert_layout %arg0 : tensor<1024xf32, #[[B1]]> -> tensor<1024xf32, #[[B4]]>
  // CHECK-NEXT: tt.return %[[C]], %arg0
  tt.func @chains(%arg0: tensor<1024xf32, #blocked>) -> (tensor<1024xf32, #blocked1>, tensor<1024xf32, #blocked>) {
    %0 = ttg.convert_layout %arg0 : tensor<1024xf32, #blocked> -> tensor<1024xf32, #blocked2>
    %1 = ttg.convert_layout %0 : tensor<1024xf32, #blocked2> -> tensor<1024xf32, #blocked1>
    %2 = ttg.convert_layout %arg0 : tensor<1024xf32, #blocked> -> tensor<1024xf32, #blocked>
    tt.return %1, %2 : tensor<1024xf32, #blocked1>, tensor<1024xf32, #blocked>
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [16, 2], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // Consumers that accept any layout take the convert's source.
  // CHECK-LABEL: tt.func @consumers
  // CHECK-NOT: ttg.convert_layout
  // CHECK: ttg.local_alloc %arg0 : (tensor<128x2xf32, #blocked>)
  tt.func @consumers(%arg0: tensor<128x2xf32, #blocked>) -> !ttg.memdesc<128x2xf32, #shared, #smem> {
    %0 = ttg.convert_layout %arg0 : tensor<128x2xf32, #blocked> -> tensor<128x2xf32, #blocked1>
    %1 = ttg.local_alloc %0 : (tensor<128x2xf32, #blocked1>) -> !ttg.memdesc<128x2xf32, #shared, #smem>
    tt.return %1 : !ttg.memdesc<128x2xf32, #shared, #smem>
  }
}
