// Triton asserts on the producer commit of a channel that is not a TMA load (WSLowerToken.cpp).
// RUN: not ttg-opt %s --nvgpu-test-ws-lower-token 2>&1 | FileCheck %s
// CHECK: token-lowering-commit.mlir:[[@LINE+5]]:5: error: producer commit of a channel that is not a TMA load is not supported (Triton asserts)
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @g() {
    %c0 = arith.constant 0 : i32
    %tok = nvws.create_token {loadType = 3 : i32, numBuffers = 1 : i32} : tensor<1x!nvws.token>
    nvws.producer_commit %tok, %c0 {async_task_id = array<i32: 0>} : tensor<1x!nvws.token>, i32
    tt.return
  }
}
