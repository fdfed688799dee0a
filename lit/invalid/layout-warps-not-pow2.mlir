// RUN: not ttg-opt %s 2>&1 | FileCheck %s
// CHECK: {{.*}}layout-warps-not-pow2.mlir:4:17: error: Every element in warpsPerCTA must be a power of two.

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [3, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 3 : i32} {
  tt.func @f() {
    tt.return
  }
}
