// Code partition up to specializeRegion (ttg-opt's test pass; the input is Triton 3.6's, the input of
// nvgpu-warp-specialization for ws_mm fp16 128x128x64, 3 stages). Per consumer group, in the order of the loads
// after reorderProducerOps (A rows 0-63 for task 1, B for both, A rows 64-127 for task 2): the slot index and phase
// from the loop's counter, producer_acquire per consumer token (task 2's first: Triton's DenseMap<int> order), barrier_expect of
// the loads' bytes, the TMA copy into the slot; at each consumer a wait_barrier and a local_load of the slot (the
// dots then read the slots: foldLocalLoads), and consumer_release after the last user (their order after the
// second dot is Triton's pointer-keyed order of the groups, hence CHECK-DAG).
// RUN: ttg-opt %s --nvgpu-test-ws-code-partition-pre-specialize='num-buffers=3 partition=true' | FileCheck %s
// CHECK-DAG: %[[RA0:.+]] = ttg.local_alloc : () -> !ttg.memdesc<3x1xi64
// CHECK: %[[TA0:.+]] = nvws.create_token {loadType = 2 : i32, numBuffers = 3 : i32} : tensor<3x!nvws.token>
// CHECK-NEXT: %[[TA1:.+]] = nvws.create_token
// CHECK-NEXT: %[[TB1:.+]] = nvws.create_token
// CHECK-NEXT: %[[TB2:.+]] = nvws.create_token
// CHECK-NEXT: %[[BA0:.+]] = ttg.local_alloc : () -> !ttg.memdesc<3x64x64xf16, #shared, #smem, mutable>
// CHECK-NEXT: %[[BA1:.+]] = ttg.local_alloc : () -> !ttg.memdesc<3x64x64xf16, #shared, #smem, mutable>
// CHECK-NEXT: %[[BB:.+]] = ttg.local_alloc : () -> !ttg.memdesc<3x64x128xf16, #shared, #smem, mutable>
// CHECK: scf.for {{.*}} iter_args({{.*}}, %[[CNT:.+]] = %c0_i64)
// insertAsyncCopy's slot and phase (unused for a TMA load; Triton leaves them), then insertAsyncComm's:
// CHECK-NEXT: arith.constant {async_task_id = array<i32: 0, 1>} 3 : i32
// CHECK-COUNT-7: async_task_id = array<i32: 0, 1>
// CHECK-NEXT: arith.trunci {{.*}} : i64 to i1
// CHECK-NEXT: %[[N:.+]] = arith.constant {async_task_id = array<i32: 0, 1>} 3 : i32
// CHECK-NEXT: %[[N64:.+]] = arith.extsi %[[N]] {async_task_id = array<i32: 0, 1>} : i32 to i64
// CHECK-NEXT: %[[DIV:.+]] = arith.divui %[[CNT]], %[[N64]] {async_task_id = array<i32: 0, 1>} : i64
// CHECK-NEXT: %[[MUL:.+]] = arith.muli %[[DIV]], %[[N64]]
// CHECK-NEXT: %[[SUB:.+]] = arith.subi %[[CNT]], %[[MUL]]
// CHECK-NEXT: %[[IDX:.+]] = arith.trunci %[[SUB]] {async_task_id = array<i32: 0, 1>} : i64 to i32
// CHECK-NEXT: %[[ONE:.+]] = arith.constant {async_task_id = array<i32: 0, 1>} 1 : i64
// CHECK-NEXT: %[[AND:.+]] = arith.andi %[[DIV]], %[[ONE]]
// CHECK-NEXT: %[[PH:.+]] = arith.trunci %[[AND]] {async_task_id = array<i32: 0, 1>} : i64 to i1
// CHECK-NEXT: nvws.producer_acquire %[[TA0]], %[[IDX]], %[[PH]] {async_task_id = array<i32: 0>}
// CHECK-NEXT: %[[BAR:.+]] = ttg.memdesc_index %[[RING:.+]][%[[IDX]]] {async_task_id = array<i32: 0>} : !ttg.memdesc<3x1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-NEXT: %[[TRUE:.+]] = arith.constant {async_task_id = array<i32: 0>} true
// CHECK-NEXT: ttng.barrier_expect %[[BAR]], 8192 {async_task_id = array<i32: 0>}, %[[TRUE]]
// CHECK-NEXT: %[[SLOT:.+]] = ttg.memdesc_index %[[BA0]][%[[IDX]]] {async_task_id = array<i32: 0>} : !ttg.memdesc<3x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
// CHECK-NEXT: ttng.async_tma_copy_global_to_local %arg0[{{.*}}] %[[SLOT]], %[[BAR]], %[[TRUE]] {async_task_id = array<i32: 0>}
// CHECK: nvws.producer_acquire %[[TB2]], %[[IDXB:[^,]+]], %{{.+}} {async_task_id = array<i32: 0>}
// CHECK-NEXT: nvws.producer_acquire %[[TB1]], %[[IDXB]]
// CHECK: ttng.barrier_expect %{{.+}}, 16384
// CHECK: nvws.producer_acquire %[[TA1]]
// CHECK: ttng.async_tma_copy_global_to_local %arg0
// CHECK-NEXT: %[[CBAR:.+]] = ttg.memdesc_index %[[RING]][%[[IDX]]] {async_task_id = array<i32: 1>}
// CHECK-NEXT: %[[PH32:.+]] = arith.extsi %[[PH]] {async_task_id = array<i32: 1>} : i1 to i32
// CHECK-NEXT: ttng.wait_barrier %[[CBAR]], %[[PH32]] {async_task_id = array<i32: 1>}
// CHECK-NEXT: %[[A0:.+]] = ttg.memdesc_index %[[BA0]][%[[IDX]]] {async_task_id = array<i32: 1>} : !ttg.memdesc<3x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem>
// CHECK-NEXT: ttg.local_load %[[A0]] {async_task_id = array<i32: 1>}
// CHECK: ttng.wait_barrier %{{.+}}, %{{.+}} {async_task_id = array<i32: 1, 2>}
// CHECK-NEXT: %[[B:.+]] = ttg.memdesc_index %[[BB]]
// CHECK: ttng.warp_group_dot %[[A0]], %[[B]], {{.*}}async_task_id = array<i32: 1>
// CHECK-NEXT: nvws.consumer_release %[[TA0]], %[[IDX]] {async_task_id = array<i32: 1>}
// CHECK-NEXT: ttng.warp_group_dot %{{.+}}, %[[B]], {{.*}}async_task_id = array<i32: 2>
// CHECK-DAG: nvws.consumer_release %[[TB1]], %[[IDXB]] {async_task_id = array<i32: 1>}
// CHECK-DAG: nvws.consumer_release %[[TB2]], %[[IDXB]] {async_task_id = array<i32: 2>}
// CHECK-DAG: nvws.consumer_release %[[TA1]], %{{.+}} {async_task_id = array<i32: 2>}

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @ws_mm(%arg0: !tt.tensordesc<tensor<128x64xf16, #shared>>, %arg1: i32, %arg2: i32, %arg3: i64, %arg4: i64, %arg5: !tt.tensordesc<tensor<64x128xf16, #shared>>, %arg6: i32, %arg7: i32, %arg8: i64, %arg9: i64, %arg10: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg11: i32, %arg12: i32 {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %c128_i32 = arith.constant 128 : i32
    %c0_i32 = arith.constant 0 : i32
    %c64_i32 = arith.constant 64 : i32
    %cst = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
    %0 = tt.get_program_id x : i32
    %1 = tt.get_program_id y : i32
    %2 = arith.muli %0, %c128_i32 : i32
    %3 = arith.muli %1, %c128_i32 : i32
    %4 = scf.for %arg13 = %c0_i32 to %arg11 step %c64_i32 iter_args(%arg14 = %cst) -> (tensor<128x128xf32, #mma>)  : i32 {
      %24 = tt.descriptor_load %arg0[%2, %arg13] : !tt.tensordesc<tensor<128x64xf16, #shared>> -> tensor<128x64xf16, #blocked>
      %25 = ttg.local_alloc %24 : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
      %26 = tt.descriptor_load %arg5[%arg13, %3] : !tt.tensordesc<tensor<64x128xf16, #shared>> -> tensor<64x128xf16, #blocked1>
      %27 = ttg.local_alloc %26 : (tensor<64x128xf16, #blocked1>) -> !ttg.memdesc<64x128xf16, #shared, #smem>
      %28 = ttng.warp_group_dot %25, %27, %arg14 {inputPrecision = 0 : i32} : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x128xf16, #shared, #smem> -> tensor<128x128xf32, #mma>
      scf.yield %28 : tensor<128x128xf32, #mma>
    } {tt.warp_specialize}
    %5 = arith.muli %0, %c128_i32 : i32
    %6 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
    %7 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>
    %8 = tt.splat %5 : i32 -> tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
    %9 = arith.addi %8, %6 : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
    %10 = arith.muli %1, %c128_i32 : i32
    %11 = tt.splat %10 : i32 -> tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>
    %12 = arith.addi %11, %7 : tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>
    %13 = tt.expand_dims %9 {axis = 1 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>> -> tensor<128x1xi32, #blocked1>
    %14 = tt.splat %arg12 : i32 -> tensor<128x1xi32, #blocked1>
    %15 = arith.muli %13, %14 : tensor<128x1xi32, #blocked1>
    %16 = tt.splat %arg10 : !tt.ptr<f16> -> tensor<128x1x!tt.ptr<f16>, #blocked1>
    %17 = tt.addptr %16, %15 : tensor<128x1x!tt.ptr<f16>, #blocked1>, tensor<128x1xi32, #blocked1>
    %18 = tt.expand_dims %12 {axis = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked1}>> -> tensor<1x128xi32, #blocked1>
    %19 = tt.broadcast %17 : tensor<128x1x!tt.ptr<f16>, #blocked1> -> tensor<128x128x!tt.ptr<f16>, #blocked1>
    %20 = tt.broadcast %18 : tensor<1x128xi32, #blocked1> -> tensor<128x128xi32, #blocked1>
    %21 = tt.addptr %19, %20 : tensor<128x128x!tt.ptr<f16>, #blocked1>, tensor<128x128xi32, #blocked1>
    %22 = arith.truncf %4 : tensor<128x128xf32, #mma> to tensor<128x128xf16, #mma>
    %23 = ttg.convert_layout %22 : tensor<128x128xf16, #mma> -> tensor<128x128xf16, #blocked1>
    tt.store %21, %23 : tensor<128x128x!tt.ptr<f16>, #blocked1>
    tt.return
  }
}
