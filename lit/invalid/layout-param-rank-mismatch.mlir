// RUN: not ttg-opt %s 2>&1 | FileCheck %s
// CHECK: {{.*}}layout-param-rank-mismatch.mlir:4:17: error: sizePerThread, threadsPerWarp, warpsPerCTA, and order must all have the same rank.

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @f() {
    tt.return
  }
}
