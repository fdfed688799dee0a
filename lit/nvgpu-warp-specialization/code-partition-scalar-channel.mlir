// A channel that carries a scalar (a tt.load of one f32 by the producer, stored by a consumer): Triton's createBuffer
// has no buffer for it (llvm_unreachable "Unexpected result type"); here it is a located error at the load. The
// input is labelled as after data partition.
// RUN: not ttg-opt %s --nvgpu-test-ws-code-partition-pre-specialize=num-buffers=2 2>&1 | FileCheck %s
// CHECK: code-partition-scalar-channel.mlir:12:12: error: code partition expects a channel to carry a tensor

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @f(%p: !tt.ptr<f32>, %q: !tt.ptr<f32>, %n: i32) {
    %c0 = arith.constant {async_task_id = array<i32: 0, 1>} 0 : i32
    %c1 = arith.constant {async_task_id = array<i32: 0, 1>} 1 : i32
    scf.for %i = %c0 to %n step %c1 : i32 {
      %x = tt.load %p {async_task_id = array<i32: 0>} : !tt.ptr<f32>
      tt.store %q, %x {async_task_id = array<i32: 1>} : !tt.ptr<f32>
    } {async_task_id = array<i32: 0, 1>}
    tt.return
  }
}
