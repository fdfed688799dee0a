// RUN: ttg-opt %s | FileCheck %s
// Found by `npm run difftest -- --kind passes` (seed 2, #1506): a join whose blocked result is not the simple
// split (sizePerThread 1 in the last dimension) is valid in Triton 3.6 when its linear layout has a register
// basis along that dimension; the split then goes through the linear layout.
// CHECK: tt.join %{{.*}}, %{{.*}} : tensor<256xf32, #blocked> -> tensor<256x2xf32, #blocked1>

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [8, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @f(%a: tensor<256xf32, #blocked>, %b: tensor<256xf32, #blocked>) -> tensor<256x2xf32, #blocked1> {
    %j = tt.join %a, %b : tensor<256xf32, #blocked> -> tensor<256x2xf32, #blocked1>
    tt.return %j : tensor<256x2xf32, #blocked1>
  }
}
