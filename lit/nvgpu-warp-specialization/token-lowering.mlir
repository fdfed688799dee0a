// Token lowering (Triton 3.6's doTokenLowering) through ttg-opt's own test pass: a token captured by the
// warp_specialize becomes a full and an empty mbarrier ring (full: 1 arrival for a TMA channel; empty: 128),
// appended to the captures; producer_acquire waits on the empty slot with the phase flipped, consumer_wait waits on
// the full slot, consumer_release arrives on the empty slot; every loop gets tt.num_stages = 0.
// RUN: ttg-opt %s --nvgpu-test-ws-lower-token | FileCheck %s

// CHECK-LABEL: tt.func public @f
// CHECK: %[[BUF:.*]] = ttg.local_alloc : () -> !ttg.memdesc<2x64x64xf16
// CHECK-NEXT: %[[FULL:.*]] = ttg.local_alloc : () -> !ttg.memdesc<2x1xi64, #shared1, #smem, mutable>
// CHECK-NEXT: %[[EMPTY:.*]] = ttg.local_alloc : () -> !ttg.memdesc<2x1xi64, #shared1, #smem, mutable>
// CHECK-NEXT: %[[C0:.*]] = arith.constant 0 : i32
// CHECK-NEXT: %[[F0:.*]] = ttg.memdesc_index %[[FULL]][%[[C0]]]
// CHECK-NEXT: ttng.init_barrier %[[F0]], 1
// CHECK-NEXT: %[[E0:.*]] = ttg.memdesc_index %[[EMPTY]][%[[C0]]]
// CHECK-NEXT: ttng.init_barrier %[[E0]], 128
// CHECK: ttng.init_barrier %{{.*}}, 128
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: ttg.warp_specialize(%arg0, %[[BUF]], %[[FULL]], %[[EMPTY]])
// CHECK: %[[P:.*]] = arith.constant {async_task_id = array<i32: 0>} true
// CHECK-NEXT: %[[ES:.*]] = ttg.memdesc_index %[[EMPTY]][%{{.*}}] {async_task_id = array<i32: 0>}
// CHECK-NEXT: %[[T:.*]] = arith.constant true
// CHECK-NEXT: %[[X:.*]] = arith.xori %[[P]], %[[T]] : i1
// CHECK-NEXT: %[[W:.*]] = arith.extui %[[X]] : i1 to i32
// CHECK-NEXT: ttng.wait_barrier %[[ES]], %[[W]] {async_task_id = array<i32: 0>}
// CHECK-NEXT: } {async_task_id = array<i32: 0>, tt.num_stages = 0 : i32}
// CHECK: partition0(%arg1: i32, %arg2: !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable>, %[[PF:.*]]: !ttg.memdesc<2x1xi64, #shared1, #smem, mutable>, %[[PE:.*]]: !ttg.memdesc<2x1xi64, #shared1, #smem, mutable>) num_warps(4)
// CHECK: %[[Q:.*]] = arith.constant {async_task_id = array<i32: 1>} false
// CHECK-NEXT: %[[FS:.*]] = ttg.memdesc_index %[[PF]][%{{.*}}] {async_task_id = array<i32: 1>}
// CHECK-NEXT: %[[V:.*]] = arith.extui %[[Q]] : i1 to i32
// CHECK-NEXT: ttng.wait_barrier %[[FS]], %[[V]] {async_task_id = array<i32: 1>}
// CHECK-NEXT: %[[RS:.*]] = ttg.memdesc_index %[[PE]][%{{.*}}] {async_task_id = array<i32: 1>}
// CHECK-NEXT: ttng.arrive_barrier %[[RS]], 128 {async_task_id = array<i32: 1>}
// CHECK-NEXT: } {async_task_id = array<i32: 1>, tt.num_stages = 0 : i32}
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @f(%n: i32) {
    %buf = ttg.local_alloc : () -> !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable>
    %tok = nvws.create_token {loadType = 2 : i32, numBuffers = 2 : i32} : tensor<2x!nvws.token>
    ttg.warp_specialize(%tok, %n, %buf) attributes {requestedRegisters = array<i32: 232>}
    default {
      %c0 = arith.constant {async_task_id = array<i32: 0>} 0 : i32
      %c1 = arith.constant {async_task_id = array<i32: 0>} 1 : i32
      scf.for %i = %c0 to %n step %c1 : i32 {
        %p = arith.constant {async_task_id = array<i32: 0>} true
        nvws.producer_acquire %tok, %c0, %p {async_task_id = array<i32: 0>} : tensor<2x!nvws.token>, i32, i1
      } {async_task_id = array<i32: 0>}
      ttg.warp_yield {async_task_id = array<i32: 0>}
    }
    partition0(%t: tensor<2x!nvws.token>, %m: i32, %b: !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable>) num_warps(4) {
      %c0 = arith.constant {async_task_id = array<i32: 1>} 0 : i32
      %c1 = arith.constant {async_task_id = array<i32: 1>} 1 : i32
      scf.for %i = %c0 to %m step %c1 : i32 {
        %p = arith.constant {async_task_id = array<i32: 1>} false
        nvws.consumer_wait %t, %c0, %p {async_task_id = array<i32: 1>} : tensor<2x!nvws.token>, i32, i1
        nvws.consumer_release %t, %c0 {async_task_id = array<i32: 1>} : tensor<2x!nvws.token>, i32
      } {async_task_id = array<i32: 1>}
      ttg.warp_return
    } : (tensor<2x!nvws.token>, i32, !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable>) -> ()
    tt.return
  }
}
