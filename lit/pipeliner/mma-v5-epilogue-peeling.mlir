// RUN: ttg-opt %s -tritongpu-pipeline | FileCheck %s --match-full-lines

// Blackwell: MMAv5 waits in the last stage, so the last iteration is peeled into an scf.if (ttg.predicate_stage
// resolved: true in the loop, false in the peeled copy, whose dead masked MMA leaves a ub.poison token).
// Input: chunk 2 of Triton's lit test TritonGPU/loop-pipeline-expand.mlir; expected: Triton 3.6's output, line for line.

// CHECK: #blocked = #ttg.blocked<{sizePerThread = [1, 64], threadsPerWarp = [32, 1], warpsPerCTA = [8, 1], order = [0, 1]}>
// CHECK-NEXT: #shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
// CHECK-NEXT: #shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
// CHECK-NEXT: #smem = #ttg.shared_memory
// CHECK-NEXT: #tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>
// CHECK-NEXT: module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
// CHECK-NEXT:   tt.func public @nested_loop_gen5_mma(%arg0: !tt.ptr<bf16>, %arg1: i1) {
// CHECK-NEXT:     %0 = ub.poison : !ttg.async.token
// CHECK-NEXT:     %cst = arith.constant dense<0.000000e+00> : tensor<1024x64xf32, #blocked>
// CHECK-NEXT:     %true = arith.constant true
// CHECK-NEXT:     %false = arith.constant false
// CHECK-NEXT:     %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT:     %c16_i32 = arith.constant 16 : i32
// CHECK-NEXT:     %c32_i32 = arith.constant 32 : i32
// CHECK-NEXT:     %1 = tt.splat %arg0 : !tt.ptr<bf16> -> tensor<64x64x!tt.ptr<bf16>, #blocked>
// CHECK-NEXT:     %2 = tt.load %1 : tensor<64x64x!tt.ptr<bf16>, #blocked>
// CHECK-NEXT:     %3 = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared, #smem, mutable>
// CHECK-NEXT:     %4 = ttg.local_alloc %2 : (tensor<64x64xbf16, #blocked>) -> !ttg.memdesc<64x64xbf16, #shared1, #smem>
// CHECK-NEXT:     %result, %token = ttng.tmem_alloc : () -> (!ttg.memdesc<1024x64xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.async.token)
// CHECK-NEXT:     %5 = ttng.tmem_store %cst, %result[%token], %true : tensor<1024x64xf32, #blocked> -> !ttg.memdesc<1024x64xf32, #tmem, #ttng.tensor_memory, mutable>
// CHECK-NEXT:     %result_0 = ttng.tmem_alloc : () -> !ttg.memdesc<1024x64xbf16, #tmem, #ttng.tensor_memory, mutable>
// CHECK-NEXT:     scf.for %arg2 = %c0_i32 to %c32_i32 step %c16_i32  : i32 {
// CHECK-NEXT:       scf.if %arg1 {
// CHECK-NEXT:         %6 = arith.cmpi sgt, %arg2, %c0_i32 : i32
// CHECK-NEXT:         %7 = ttng.tc_gen5_mma %result_0, %4, %result[%5], %false, %6, %3[%true] {is_async} : !ttg.memdesc<1024x64xbf16, #tmem, #ttng.tensor_memory, mutable>, !ttg.memdesc<64x64xbf16, #shared1, #smem>, !ttg.memdesc<1024x64xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.memdesc<1xi64, #shared, #smem, mutable>
// CHECK-NEXT:         %8 = arith.subi %arg2, %c16_i32 : i32
// CHECK-NEXT:         %9 = scf.for %arg3 = %c0_i32 to %8 step %c16_i32 iter_args(%arg4 = %7) -> (!ttg.async.token)  : i32 {
// CHECK-NEXT:           ttng.wait_barrier %3, %c0_i32 deps %result_0, %4 : !ttg.memdesc<1xi64, #shared, #smem, mutable>, !ttg.memdesc<1024x64xbf16, #tmem, #ttng.tensor_memory, mutable>, !ttg.memdesc<64x64xbf16, #shared1, #smem>
// CHECK-NEXT:           %12 = ttng.tc_gen5_mma %result_0, %4, %result[%arg4], %false, %true, %3[%true] {is_async} : !ttg.memdesc<1024x64xbf16, #tmem, #ttng.tensor_memory, mutable>, !ttg.memdesc<64x64xbf16, #shared1, #smem>, !ttg.memdesc<1024x64xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.memdesc<1xi64, #shared, #smem, mutable>
// CHECK-NEXT:           scf.yield %12 : !ttg.async.token
// CHECK-NEXT:         } {tt.num_stages = 4 : i32}
// CHECK-NEXT:         %10 = arith.cmpi sgt, %arg2, %c0_i32 : i32
// CHECK-NEXT:         %11 = scf.if %10 -> (!ttg.async.token) {
// CHECK-NEXT:           ttng.wait_barrier %3, %c0_i32 deps %result_0, %4 : !ttg.memdesc<1xi64, #shared, #smem, mutable>, !ttg.memdesc<1024x64xbf16, #tmem, #ttng.tensor_memory, mutable>, !ttg.memdesc<64x64xbf16, #shared1, #smem>
// CHECK-NEXT:           scf.yield %0 : !ttg.async.token
// CHECK-NEXT:         } else {
// CHECK-NEXT:           scf.yield %9 : !ttg.async.token
// CHECK-NEXT:         }
// CHECK-NEXT:       }
// CHECK-NEXT:     } {tt.num_stages = 2 : i32}
// CHECK-NEXT:     tt.return
// CHECK-NEXT:   }
// CHECK-NEXT: }



#blocked = #ttg.blocked<{sizePerThread = [1, 64], threadsPerWarp = [32, 1], warpsPerCTA = [8, 1], order = [0, 1]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @nested_loop_gen5_mma(%arg0: !tt.ptr<bf16>, %arg1: i1) {
    %cst = arith.constant dense<0.000000e+00> : tensor<1024x64xf32, #blocked>
    %true = arith.constant true
    %false = arith.constant false
    %c0_i32 = arith.constant 0 : i32
    %c16_i32 = arith.constant 16 : i32
    %c32_i32 = arith.constant 32 : i32
    %0 = tt.splat %arg0 : !tt.ptr<bf16> -> tensor<64x64x!tt.ptr<bf16>, #blocked>
    %1 = tt.load %0 : tensor<64x64x!tt.ptr<bf16>, #blocked>
    %2 = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared, #smem, mutable>
    %3 = ttg.local_alloc %1 {loop.cluster = 2 : i32, loop.stage = 0 : i32} : (tensor<64x64xbf16, #blocked>) -> !ttg.memdesc<64x64xbf16, #shared1, #smem>
    %result, %token = ttng.tmem_alloc : () -> (!ttg.memdesc<1024x64xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.async.token)
    %4 = ttng.tmem_store %cst, %result[%token], %true : tensor<1024x64xf32, #blocked> -> !ttg.memdesc<1024x64xf32, #tmem, #ttng.tensor_memory, mutable>
    %result_0 = ttng.tmem_alloc {loop.cluster = 0 : i32, loop.stage = 0 : i32} : () -> !ttg.memdesc<1024x64xbf16, #tmem, #ttng.tensor_memory, mutable>
    scf.for %arg2 = %c0_i32 to %c32_i32 step %c16_i32  : i32 {
      // In order for both the outer and inner loop to be pipelined, the inner
      // loop cannot be directly nested in the outer loop, so add an if in the
      // middle.
      scf.if %arg1 {
        %5 = scf.for %arg3 = %c0_i32 to %arg2 step %c16_i32 iter_args(%arg4 = %4) -> (!ttg.async.token)  : i32 {
          %6 = ttng.tc_gen5_mma %result_0, %3, %result[%arg4], %false, %true, %2[%true] {is_async, loop.cluster = 2 : i32, loop.stage = 0 : i32} : !ttg.memdesc<1024x64xbf16, #tmem, #ttng.tensor_memory, mutable>, !ttg.memdesc<64x64xbf16, #shared1, #smem>, !ttg.memdesc<1024x64xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.memdesc<1xi64, #shared, #smem, mutable>
          ttng.wait_barrier %2, %c0_i32 deps %result_0, %3 {loop.cluster = 1 : i32, loop.stage = 1 : i32} : !ttg.memdesc<1xi64, #shared, #smem, mutable>, !ttg.memdesc<1024x64xbf16, #tmem, #ttng.tensor_memory, mutable>, !ttg.memdesc<64x64xbf16, #shared1, #smem>
          scf.yield %6 : !ttg.async.token
        } {tt.num_stages = 4 : i32, tt.scheduled_max_stage = 1 : i32}
      } {loop.cluster = 2 : i32, loop.stage = 1 : i32}
    } {tt.num_stages = 2 : i32, tt.scheduled_max_stage = 1 : i32}
    tt.return
  }
}
