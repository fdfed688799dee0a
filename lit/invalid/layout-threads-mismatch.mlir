// RUN: not ttg-opt %s 2>&1 | FileCheck %s
// CHECK: {{.*}}layout-threads-mismatch.mlir:8:10: error: Result has an invalid layout: #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 4], warpsPerCTA = [4, 1], order = [1, 0]}>.
// CHECK-NEXT: Layout has 16 threads per warp, but the module specifies 32 threads per warp.

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @f(%arg0: i32) {
    %0 = tt.splat %arg0 : i32 -> tensor<16x16xi32, #blocked>
    tt.return
  }
}
