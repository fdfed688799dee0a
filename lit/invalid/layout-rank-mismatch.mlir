// RUN: not ttg-opt %s 2>&1 | FileCheck %s
// CHECK: {{.*}}layout-rank-mismatch.mlir:7:10: error: Result has an invalid layout: Layout has rank 2, but the tensor it's attached to has rank 1.

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @f() {
    %0 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #blocked>
    tt.return
  }
}
