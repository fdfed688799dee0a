// RUN: not ttg-opt %s 2>&1 | FileCheck %s
// CHECK: {{.*}}layout-missing-param.mlir:4:17: error: sizePerThread, threadsPerWarp, warpsPerCTA, and order must all have the same rank.

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @f() {
    tt.return
  }
}
