// RUN: not ttg-opt %s 2>&1 | FileCheck %s
// CHECK: {{.*}}join-result-not-splittable.mlir:9:10: error: Fp4ToFpOp/SplitOp requires at least 2 elements per thread in the axis/last dimension
// CHECK-NOT: internal error

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [16, 2], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @f(%arg0: tensor<128xf32, #blocked1>) {
    %r = tt.join %arg0, %arg0 : tensor<128xf32, #blocked1> -> tensor<128x2xf32, #blocked>
    tt.return
  }
}
