// RUN: not ttg-opt %s 2>&1 | FileCheck %s
// CHECK: {{.*}}join-incompatible-layout.mlir:11:10: error: 'tt.join' op incompatible join layout
// CHECK-NOT: internal error

// Splitting the result layout must give back the operands' layout (sizePerThread 128 along dim 1 is not [1, 64]).
#blocked = #ttg.blocked<{sizePerThread = [1, 128, 2], threadsPerWarp = [32, 1, 1], warpsPerCTA = [4, 1, 1], order = [0, 1, 2]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 64], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @f(%arg0: tensor<128x64xf32, #blocked1>, %arg1: tensor<128x64xf32, #blocked1>) {
    // A layout with the same linear layout is fine; this one is not.
    %r = tt.join %arg0, %arg1 : tensor<128x64xf32, #blocked1> -> tensor<128x64x2xf32, #blocked>
    tt.return
  }
}
