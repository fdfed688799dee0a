// RUN: ttg-opt %s -split-input-file | FileCheck %s --check-prefix=ROUND
// RUN: ttg-opt %s -split-input-file --triton-nvidia-interleave-tmem | FileCheck %s --check-prefix=SINK
// RUN: ttg-opt %s -split-input-file --triton-tensor-memory-allocation | FileCheck %s --check-prefix=ALLOC
// ttng.tmem_subslice (Triton 3.6's TMEMSubSliceOp) printed as Triton 3.6 prints it; interleave-tmem and
// tensor-memory-allocation follow it to its allocation. Each output is Triton 3.6's for the same input.

// ROUND-LABEL: @sink_load
// ROUND: %0 = ttng.tmem_subslice %arg0 {N = 0 : i32} : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable> -> !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable>{{$}}
// ROUND: %2 = ttng.tmem_subslice %arg0 {N = 64 : i32} : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable> -> !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable>{{$}}
// The loads of both halves sink to their uses: after the local_alloc, next to their truncf.
// SINK-LABEL: @sink_load
// SINK: %0 = ttng.tmem_subslice %arg0 {N = 0 : i32}
// SINK-NEXT: %1 = ttng.tmem_subslice %arg0 {N = 64 : i32}
// SINK-NEXT: ttg.local_alloc
// SINK-NEXT: arith.constant true
// SINK-NEXT: arith.constant dense
// SINK-NEXT: %result = ttng.tmem_load %0
// SINK-NEXT: ttg.convert_layout %result
// SINK-NEXT: arith.truncf
// SINK-NEXT: %result_0 = ttng.tmem_load %1
// SINK-NEXT: ttg.convert_layout %result_0
// SINK-NEXT: ttng.tmem_store
// SINK-NEXT: arith.truncf

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 2], order = [1, 0]}>
#linear64 = #ttg.linear<{register = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], warp = [[32, 0], [64, 0], [0, 32]], block = []}>
#linear128 = #ttg.linear<{register = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], warp = [[32, 0], [64, 0], [0, 64]], block = []}>

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#barrier_shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:100"} {

tt.func public @sink_load(%arg0: !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>,
                          %arg1: tensor<128x128xf16, #blocked>,
                          %arg2: !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>)
                          -> (tensor<128x64xf16, #blocked>, tensor<128x64xf16, #blocked>, tensor<128x128xf16, #blocked>) {

  %subslice0 = ttng.tmem_subslice %arg0 {N = 0 : i32} : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable> -> !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable>
  %subtile0 = ttng.tmem_load %subslice0 : !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x64xf32, #linear64>
  %outLHS = ttg.convert_layout %subtile0 : tensor<128x64xf32, #linear64> -> tensor<128x64xf32, #blocked>
  %subslice1 = ttng.tmem_subslice %arg0 {N = 64 : i32} : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable> -> !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable>
  %subtile1 = ttng.tmem_load %subslice1 : !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x64xf32, #linear64>
  %outRHS = ttg.convert_layout %subtile1 : tensor<128x64xf32, #linear64> -> tensor<128x64xf32, #blocked>

  %4 = ttg.local_alloc %arg1 : (tensor<128x128xf16, #blocked>) -> !ttg.memdesc<128x128xf16, #shared, #smem>
  %5 = arith.truncf %outLHS : tensor<128x64xf32, #blocked> to tensor<128x64xf16, #blocked>

  %true = arith.constant true
  %cst = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #linear128>
  ttng.tmem_store %cst, %arg2, %true : tensor<128x128xf32, #linear128> -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
  %6 = arith.truncf %outRHS : tensor<128x64xf32, #blocked> to tensor<128x64xf16, #blocked>

  %7 = ttng.tmem_load %arg2 : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x128xf32, #linear128>
  %8 = ttg.convert_layout %7 : tensor<128x128xf32, #linear128> -> tensor<128x128xf32, #blocked>
  gpu.barrier
  %9 = arith.truncf %8 : tensor<128x128xf32, #blocked> to tensor<128x128xf16, #blocked>

  ttg.local_dealloc %4 : !ttg.memdesc<128x128xf16, #shared, #smem>
  tt.return %5, %6, %9 : tensor<128x64xf16, #blocked>, tensor<128x64xf16, #blocked>, tensor<128x128xf16, #blocked>
}
}

// -----

// The accumulator and the tensor-memory A operand reach their allocations through subslices.
// ALLOC: ttg.tensor_memory_size = 128 : i32
// ALLOC-LABEL: @mma_subslice
// ALLOC: ttng.tmem_alloc {tensor_memory_col_offset = 0 : i32, tensor_memory_row_offset = 0 : i32} : () -> !ttg.memdesc<64x128xf16
// ALLOC-NEXT: ttng.tmem_alloc {tensor_memory_col_offset = 32 : i32, tensor_memory_row_offset = 0 : i32} : () -> !ttg.memdesc<64x64xf16
// ALLOC-NEXT: ttng.tmem_alloc {tensor_memory_col_offset = 64 : i32, tensor_memory_row_offset = 0 : i32} : () -> !ttg.memdesc<64x128xf32
// ALLOC: ttng.tmem_alloc {tensor_memory_col_offset = 0 : i32, tensor_memory_row_offset = 0 : i32} : () -> !ttg.memdesc<64x64xf16

#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = true, elementBitWidth = 8}>
#shared2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#tmem_f16 = #ttng.tensor_memory_encoding<blockM = 64, blockN = 64, colStride = 1>
#tmem_f32 = #ttng.tensor_memory_encoding<blockM = 64, blockN = 64, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.shared = 65536 : i32} {
  tt.func @mma_subslice(%b: !ttg.memdesc<64x64xf16, #shared1, #ttg.shared_memory>, %useAcc: i1, %pred: i1, %barrier: !ttg.memdesc<1xi64, #shared2, #ttg.shared_memory>, %barrierPred: i1) {
    %a0 = ttng.tmem_alloc : () -> !ttg.memdesc<64x128xf16, #tmem_f16, #ttng.tensor_memory, mutable>
    %a1 = ttng.tmem_alloc : () -> !ttg.memdesc<64x64xf16, #tmem_f16, #ttng.tensor_memory, mutable>
    %c0 = ttng.tmem_alloc : () -> !ttg.memdesc<64x128xf32, #tmem_f32, #ttng.tensor_memory, mutable>
    %s = ttng.tmem_subslice %a0 {N = 64 : i32} : !ttg.memdesc<64x128xf16, #tmem_f16, #ttng.tensor_memory, mutable> -> !ttg.memdesc<64x64xf16, #tmem_f16, #ttng.tensor_memory, mutable>
    %a = arith.select %barrierPred, %s, %a1 : !ttg.memdesc<64x64xf16, #tmem_f16, #ttng.tensor_memory, mutable>
    %c = ttng.tmem_subslice %c0 {N = 0 : i32} : !ttg.memdesc<64x128xf32, #tmem_f32, #ttng.tensor_memory, mutable> -> !ttg.memdesc<64x64xf32, #tmem_f32, #ttng.tensor_memory, mutable>
    ttng.tc_gen5_mma %a, %b, %c, %useAcc, %pred, %barrier[%barrierPred] {is_async} : !ttg.memdesc<64x64xf16, #tmem_f16, #ttng.tensor_memory, mutable>, !ttg.memdesc<64x64xf16, #shared1, #ttg.shared_memory>, !ttg.memdesc<64x64xf32, #tmem_f32, #ttng.tensor_memory, mutable>, !ttg.memdesc<1xi64, #shared2, #ttg.shared_memory>
    %a2 = ttng.tmem_alloc : () -> !ttg.memdesc<64x64xf16, #tmem_f16, #ttng.tensor_memory, mutable>
    ttng.tc_gen5_mma %a2, %b, %c, %useAcc, %pred, %barrier[%barrierPred] {is_async} : !ttg.memdesc<64x64xf16, #tmem_f16, #ttng.tensor_memory, mutable>, !ttg.memdesc<64x64xf16, #shared1, #ttg.shared_memory>, !ttg.memdesc<64x64xf32, #tmem_f32, #ttng.tensor_memory, mutable>, !ttg.memdesc<1xi64, #shared2, #ttg.shared_memory>
    tt.return
  }
}
