// RUN: not ttg-opt %s 2>&1 | FileCheck %s
// CHECK: {{.*}}layout-slice-dim-out-of-range.mlir:7:82: error: slice dim=2 must be less than the parent rank=2

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @f() {
    %0 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 2, parent = #blocked}>>
    tt.return
  }
}
