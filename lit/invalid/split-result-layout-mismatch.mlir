// RUN: not ttg-opt %s 2>&1 | FileCheck %s
// CHECK: {{.*}}split-result-layout-mismatch.mlir:9:14: error: 'tt.split' op inferred type(s) 'tensor<128xf32, #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>>', 'tensor<128xf32, #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>>' are incompatible with return type(s) of operation 'tensor<128xf32, #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>>', 'tensor<128xf32, #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>>'
// CHECK-NOT: internal error

#blocked = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @f(%arg0: tensor<128x2xf32, #blocked>) {
    %a, %b = tt.split %arg0 : tensor<128x2xf32, #blocked> -> tensor<128xf32, #blocked1>
    tt.return
  }
}
