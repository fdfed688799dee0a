// specializeRegion: a task that needs none of a shared loop's iter args gets a loop without any (the implicit
// terminator that ForOp::build adds, labelled with the task), and does not capture what it does not use. Task 0
// keeps the accumulated iter arg and the result it stores.
// RUN: ttg-opt %s --nvgpu-test-ws-specialize | FileCheck %s
// RUN: ttg-opt %s --nvgpu-test-ws-specialize --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// CHECK: ttg.warp_specialize(%arg1, %arg0) attributes {requestedRegisters = array<i32: 232>}
// CHECK: %0 = scf.for %arg2 = %c0_i32 to %arg0 step %c1_i32 iter_args(%arg3 = %c0_i32) -> (i32)  : i32 {
// CHECK: tt.store %arg1, %0 {async_task_id = array<i32: 0>} : !tt.ptr<i32>
// CHECK: partition0(%arg2: !tt.ptr<i32>, %arg3: i32) num_warps(4) {
// CHECK: scf.for %arg4 = %c0_i32 to %arg3 step %c1_i32  : i32 {
// CHECK-NEXT: tt.store %arg2, %arg4 {async_task_id = array<i32: 1>} : !tt.ptr<i32>
// CHECK-NEXT: } {async_task_id = array<i32: 1>}
// CHECK-NEXT: ttg.warp_return
// GENERIC: "scf.yield"(%{{[0-9]+}}) {async_task_id = array<i32: 0>} : (i32) -> ()
// GENERIC: "scf.yield"() {async_task_id = array<i32: 1>} : () -> ()

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @h(%n: i32, %p: !tt.ptr<i32>) {
    %c0 = arith.constant {async_task_id = array<i32: 0, 1>} 0 : i32
    %c1 = arith.constant {async_task_id = array<i32: 0, 1>} 1 : i32
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %c0) -> (i32) : i32 {
      tt.store %p, %i {async_task_id = array<i32: 1>} : !tt.ptr<i32>
      %a2 = arith.addi %a, %i {async_task_id = array<i32: 0>} : i32
      scf.yield {async_task_id = array<i32: 0, 1>} %a2 : i32
    } {async_task_id = array<i32: 0, 1>}
    tt.store %p, %r {async_task_id = array<i32: 0>} : !tt.ptr<i32>
    tt.return
  }
}
