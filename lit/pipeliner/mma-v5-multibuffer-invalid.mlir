// RUN: ttg-opt %s -tritongpu-pipeline --verify-diagnostics

// The accumulator is read one stage after the MMA (so LowerLoops wants two TMEM buffers), but the MMA always
// accumulates (use_acc is constant true) and nothing overwrites the accumulator in the loop: there is no point
// where the buffer could change. Triton 3.6 aborts here (report_fatal_error); we report it at the allocation.

#linear = #ttg.linear<{register = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [0, 64]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], warp = [[32, 0], [64, 0]], block = []}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @acc_always_accumulated(%a: !ttg.memdesc<128x64xf16, #shared, #smem>, %b: !ttg.memdesc<64x128xf16, #shared1, #smem>, %n: i32) {
    %true = arith.constant true
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    // expected-error @+1 {{Trying to multibuffer TMEM while there is no store to the accumulator, and the mma uses the accumulator all the time.}}
    %acc, %tok = ttng.tmem_alloc : () -> (!ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.async.token)
    %r = scf.for %i = %c0_i32 to %n step %c1_i32 iter_args(%t = %tok) -> (!ttg.async.token)  : i32 {
      %m = ttng.tc_gen5_mma %a, %b, %acc[%t], %true, %true {loop.cluster = 0 : i32, loop.stage = 0 : i32, tt.self_latency = 1 : i32} : !ttg.memdesc<128x64xf16, #shared, #smem>, !ttg.memdesc<64x128xf16, #shared1, #smem>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
      %v, %lt = ttng.tmem_load %acc[%m] {loop.cluster = 1 : i32, loop.stage = 1 : i32} : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x128xf32, #linear>
      scf.yield %lt : !ttg.async.token
    } {tt.scheduled_max_stage = 1 : i32}
    tt.return
  }
}
