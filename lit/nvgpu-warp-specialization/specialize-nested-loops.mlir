// specializeRegion alone (ttg-opt's test pass; Triton 3.6's WSSpecialize.cpp): top-level ops with an async_task_id
// move into one ttg.warp_specialize, task 0 as the default region, task 1 as a 4-warp partition requesting 232
// registers. Each task's loops keep only the iter args the task needs: task 0 the i64 counter (its inner loop's
// initial value is task 0's constant), task 1 both; tt.loop_schedule stays, tt.reduce is cloned whole with the id
// set inside. The partition captures what it uses from outside in post-order (the inner loop's bounds before the
// outer's), a tensor capture with Triton's warning.
// RUN: ttg-opt %s --nvgpu-test-ws-specialize 2>/dev/null | FileCheck %s
// RUN: ttg-opt %s --nvgpu-test-ws-specialize 2>&1 >/dev/null | FileCheck %s --check-prefix=WARN

// WARN: specialize-nested-loops.mlir:61:13: warning: FIXME: capturing tensor values into warp partitions is not supported
// CHECK-LABEL: tt.func public @nested
// CHECK-NEXT: %0 = tt.splat %arg2 : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>, #blocked>
// CHECK-NEXT: ttg.warp_specialize(%0, %arg1, %arg0, %arg2) attributes {requestedRegisters = array<i32: 232>}
// CHECK-NEXT: default {
// CHECK-NEXT: %c0_i32 = arith.constant {async_task_id = array<i32: 0>} 0 : i32
// CHECK-NEXT: %c1_i32 = arith.constant {async_task_id = array<i32: 0>} 1 : i32
// CHECK-NEXT: %c0_i64 = arith.constant {async_task_id = array<i32: 0>} 0 : i64
// CHECK-NEXT: %1 = scf.for %arg3 = %c0_i32 to %arg0 step %c1_i32 iter_args(%arg4 = %c0_i64) -> (i64)  : i32 {
// CHECK-NEXT: %2 = scf.for %arg5 = %c0_i32 to %arg1 step %c1_i32 iter_args(%arg6 = %arg4) -> (i64)  : i32 {
// CHECK-NEXT: %c1_i64 = arith.constant {async_task_id = array<i32: 0>} 1 : i64
// CHECK-NEXT: %3 = arith.addi %arg6, %c1_i64 {async_task_id = array<i32: 0>} : i64
// CHECK-NEXT: scf.yield {async_task_id = array<i32: 0>} %3 : i64
// CHECK-NEXT: } {async_task_id = array<i32: 0>}
// CHECK-NEXT: scf.yield {async_task_id = array<i32: 0>} %2 : i64
// CHECK-NEXT: } {async_task_id = array<i32: 0>, tt.loop_schedule = "x"}
// CHECK-NEXT: ttg.warp_yield
// CHECK-NEXT: }
// CHECK-NEXT: partition0(%arg3: tensor<128x!tt.ptr<f32>, #blocked>, %arg4: i32, %arg5: i32, %arg6: !tt.ptr<f32>) num_warps(4) {
// CHECK-NEXT: %c0_i32 = arith.constant {async_task_id = array<i32: 1>} 0 : i32
// CHECK-NEXT: %c1_i32 = arith.constant {async_task_id = array<i32: 1>} 1 : i32
// CHECK-NEXT: %c0_i64 = arith.constant {async_task_id = array<i32: 1>} 0 : i64
// CHECK-NEXT: %cst = arith.constant {async_task_id = array<i32: 1>} dense<0.000000e+00> : tensor<128xf32, #blocked>
// CHECK-NEXT: %1:2 = scf.for %arg7 = %c0_i32 to %arg5 step %c1_i32 iter_args(%arg8 = %c0_i64, %arg9 = %cst) -> (i64, tensor<128xf32, #blocked>)  : i32 {
// CHECK-NEXT: %3:2 = scf.for %arg10 = %c0_i32 to %arg4 step %c1_i32 iter_args(%arg11 = %arg8, %arg12 = %arg9) -> (i64, tensor<128xf32, #blocked>)  : i32 {
// CHECK-NEXT: %c1_i64 = arith.constant {async_task_id = array<i32: 1>} 1 : i64
// CHECK-NEXT: %4 = arith.addi %arg11, %c1_i64 {async_task_id = array<i32: 1>} : i64
// CHECK-NEXT: %5 = tt.load %arg3 {async_task_id = array<i32: 1>} : tensor<128x!tt.ptr<f32>, #blocked>
// CHECK-NEXT: %6 = arith.addf %arg12, %5 {async_task_id = array<i32: 1>} : tensor<128xf32, #blocked>
// CHECK-NEXT: scf.yield {async_task_id = array<i32: 1>} %4, %6 : i64, tensor<128xf32, #blocked>
// CHECK-NEXT: } {async_task_id = array<i32: 1>}
// CHECK-NEXT: scf.yield {async_task_id = array<i32: 1>} %3#0, %3#1 : i64, tensor<128xf32, #blocked>
// CHECK-NEXT: } {async_task_id = array<i32: 1>, tt.loop_schedule = "x"}
// CHECK-NEXT: %2 = "tt.reduce"(%1#1) <{axis = 0 : i32}> ({
// CHECK-NEXT: ^bb0(%arg7: f32, %arg8: f32):
// CHECK-NEXT: %3 = arith.addf %arg7, %arg8 {async_task_id = array<i32: 1>} : f32
// CHECK-NEXT: tt.reduce.return %3 {async_task_id = array<i32: 1>} : f32
// CHECK-NEXT: }) {async_task_id = array<i32: 1>} : (tensor<128xf32, #blocked>) -> f32
// CHECK-NEXT: tt.store %arg6, %2 {async_task_id = array<i32: 1>} : !tt.ptr<f32>
// CHECK-NEXT: ttg.warp_return
// CHECK-NEXT: } : (tensor<128x!tt.ptr<f32>, #blocked>, i32, i32, !tt.ptr<f32>) -> ()
// CHECK-NEXT: tt.return
// CHECK-NEXT: }

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @nested(%n: i32, %m: i32, %p: !tt.ptr<f32>) {
    %c0 = arith.constant {async_task_id = array<i32: 0, 1>} 0 : i32
    %c1 = arith.constant {async_task_id = array<i32: 0, 1>} 1 : i32
    %z = arith.constant {async_task_id = array<i32: 0, 1>} 0 : i64
    %cst = arith.constant {async_task_id = array<i32: 1>} dense<0.0> : tensor<128xf32, #blocked>
    %ptrs = tt.splat %p : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>, #blocked>
    %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%cnt = %z, %acc = %cst) -> (i64, tensor<128xf32, #blocked>) : i32 {
      %in:2 = scf.for %j = %c0 to %m step %c1 iter_args(%k = %cnt, %a = %acc) -> (i64, tensor<128xf32, #blocked>) : i32 {
        %one = arith.constant {async_task_id = array<i32: 0, 1>} 1 : i64
        %k2 = arith.addi %k, %one {async_task_id = array<i32: 0, 1>} : i64
        %v = tt.load %ptrs {async_task_id = array<i32: 1>} : tensor<128x!tt.ptr<f32>, #blocked>
        %a2 = arith.addf %a, %v {async_task_id = array<i32: 1>} : tensor<128xf32, #blocked>
        scf.yield {async_task_id = array<i32: 0, 1>} %k2, %a2 : i64, tensor<128xf32, #blocked>
      } {async_task_id = array<i32: 0, 1>}
      scf.yield {async_task_id = array<i32: 0, 1>} %in#0, %in#1 : i64, tensor<128xf32, #blocked>
    } {async_task_id = array<i32: 0, 1>, tt.loop_schedule = "x"}
    %s = "tt.reduce"(%r#1) <{axis = 0 : i32}> ({
    ^bb0(%x: f32, %y: f32):
      %t = arith.addf %x, %y : f32
      tt.reduce.return %t : f32
    }) {async_task_id = array<i32: 1>} : (tensor<128xf32, #blocked>) -> f32
    tt.store %p, %s {async_task_id = array<i32: 1>} : !tt.ptr<f32>
    tt.return
  }
}
