// RUN: not ttg-opt %s --tritongpu-accelerate-matmul 2>&1 | FileCheck %s
// CHECK: {{.*}}accelerate-matmul-bad-target.mlir:5:1: error: 'builtin.module' op expected target attribute 'ttg.target' to be prefixed with "cuda:", got "hip:gfx942"
// CHECK-NOT: internal error

module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, ttg.target = "hip:gfx942"} {
  tt.func @f() {
    tt.return
  }
}
