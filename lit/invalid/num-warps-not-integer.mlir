// RUN: not ttg-opt %s --tritongpu-remove-layout-conversions 2>&1 | FileCheck %s
// CHECK: {{.*}}num-warps-not-integer.mlir:9:10: error: 'tt.load' op is not contained within a context that specifies the number of warps
// CHECK-NOT: internal error

// `ttg.num-warps` must be an integer; a pass that needs the warp count reports the first op that asks for it.
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = "four", "ttg.threads-per-warp" = 32 : i32, ttg.target = "cuda:90"} {
  tt.func @f(%arg0: tensor<128x!tt.ptr<f32>, #blocked>) -> tensor<128xf32, #blocked> {
    %0 = tt.load %arg0 : tensor<128x!tt.ptr<f32>, #blocked>
    tt.return %0 : tensor<128xf32, #blocked>
  }
}
