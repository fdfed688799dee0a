// specializeRegion clones scf.for, scf.if and tt.reduce; Triton 3.6 hits llvm_unreachable on any other op with
// regions in a task (here an scf.while): a located error instead.
// RUN: not ttg-opt %s --nvgpu-test-ws-specialize 2>&1 | FileCheck %s
// CHECK: specialize-unsupported-region.mlir:9:10: error: code partition cannot specialize 'scf.while' (an op with regions other than scf.for, scf.if and tt.reduce)

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @w(%n: i32) {
    %c0 = arith.constant {async_task_id = array<i32: 0, 1>} 0 : i32
    %r = scf.while (%i = %c0) : (i32) -> i32 {
      %c = arith.cmpi slt, %i, %n {async_task_id = array<i32: 0, 1>} : i32
      scf.condition(%c) %i : i32
    } do {
    ^bb0(%j: i32):
      scf.yield %j : i32
    } attributes {async_task_id = array<i32: 0, 1>}
    tt.return
  }
}
