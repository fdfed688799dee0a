// RUN: not ttg-opt %s --tritongpu-accelerate-matmul 2>&1 | FileCheck %s
// CHECK: {{.*}}accelerate-matmul-no-target.mlir:6:1: error: 'builtin.module' op expected a target attribute 'ttg.target' on the module operation
// CHECK-NOT: internal error

// The pass picks the MMA version from the target; Triton asserts when there is none.
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @f() {
    tt.return
  }
}
