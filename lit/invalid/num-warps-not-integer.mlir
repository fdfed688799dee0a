// RUN: not ttg-opt %s --tritongpu-remove-layout-conversions 2>&1 | FileCheck %s
// CHECK: {{.*}}num-warps-not-integer.mlir:10:10: error: Operand 0 ({{.*}}) has an invalid layout: Could not determine the number of warps per CTA. Operation is not in a context with `ttg.num-warps`.
// CHECK-NOT: internal error

// `ttg.num-warps` must be an integer: as in Triton 3.6, the verifier's layout check finds no warp count for the
// first op with an encoded tensor (maybeLookupNumWarps reads integer attributes only).
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = "four", "ttg.threads-per-warp" = 32 : i32, ttg.target = "cuda:90"} {
  tt.func @f(%arg0: tensor<128x!tt.ptr<f32>, #blocked>) -> tensor<128xf32, #blocked> {
    %0 = tt.load %arg0 : tensor<128x!tt.ptr<f32>, #blocked>
    tt.return %0 : tensor<128xf32, #blocked>
  }
}
