// RUN: not ttg-opt %s 2>&1 | FileCheck %s
// CHECK: {{.*}}layout-threads-not-pow2.mlir:4:17: error: Every element in threadsPerWarp must be a power of two.

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [6, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @f() {
    tt.return
  }
}
