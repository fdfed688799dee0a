// RUN: ttg-opt %s --tritongpu-pipeline=num-stages=3 | FileCheck %s --match-full-lines

// sm90 TMA matmul: descriptor loads become async_tma_copy_global_to_local into 3-deep rings behind one
// mbarrier per stage (init/inval around the loop, barrier_expect with the byte count, wait_barrier on a
// loop-carried phase).
// Input: Triton 3.6's IR after tritongpu-schedule-loops for `matmul_tma-BM128-BN128-BK64-sm90-w4-s3` (real CUDA pipeline);
// expected: Triton 3.6's output of tritongpu-pipeline on it, line for line.

// CHECK: #blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-NEXT: #mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
// CHECK-NEXT: #shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
// CHECK-NEXT: #shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
// CHECK-NEXT: #smem = #ttg.shared_memory
// CHECK-NEXT: module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
// CHECK-NEXT:   tt.func public @matmul_tma_kernel(%arg0: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg3: i32 {tt.divisibility = 16 : i32}, %arg4: i32 {tt.divisibility = 16 : i32}, %arg5: i32 {tt.divisibility = 16 : i32}) attributes {noinline = false} {
// CHECK-NEXT:     %c3_i32 = arith.constant 3 : i32
// CHECK-NEXT:     %c2_i32 = arith.constant 2 : i32
// CHECK-NEXT:     %c-1_i32 = arith.constant -1 : i32
// CHECK-NEXT:     %c1_i64 = arith.constant 1 : i64
// CHECK-NEXT:     %c128_i32 = arith.constant 128 : i32
// CHECK-NEXT:     %c64_i32 = arith.constant 64 : i32
// CHECK-NEXT:     %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT:     %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:     %c63_i32 = arith.constant 63 : i32
// CHECK-NEXT:     %cst = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
// CHECK-NEXT:     %0 = arith.extsi %arg5 : i32 to i64
// CHECK-NEXT:     %1 = tt.make_tensor_descriptor %arg0, [%arg3, %arg5], [%0, %c1_i64] : <f16>, <tensor<128x64xf16, #shared>>
// CHECK-NEXT:     %2 = arith.extsi %arg4 : i32 to i64
// CHECK-NEXT:     %3 = tt.make_tensor_descriptor %arg1, [%arg5, %arg4], [%2, %c1_i64] : <f16>, <tensor<64x128xf16, #shared>>
// CHECK-NEXT:     %4 = tt.make_tensor_descriptor %arg2, [%arg3, %arg4], [%2, %c1_i64] : <f16>, <tensor<128x128xf16, #shared>>
// CHECK-NEXT:     %5 = tt.get_program_id x : i32
// CHECK-NEXT:     %6 = tt.get_program_id y : i32
// CHECK-NEXT:     %7 = arith.addi %arg5, %c63_i32 : i32
// CHECK-NEXT:     %8 = arith.divsi %7, %c64_i32 : i32
// CHECK-NEXT:     %9 = arith.muli %5, %c128_i32 : i32
// CHECK-NEXT:     %10 = arith.muli %6, %c128_i32 : i32
// CHECK-NEXT:     %11 = ttg.local_alloc : () -> !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable>
// CHECK-NEXT:     %12 = ttg.local_alloc : () -> !ttg.memdesc<3x64x128xf16, #shared, #smem, mutable>
// CHECK-NEXT:     %13 = ttg.local_alloc : () -> !ttg.memdesc<3x1xi64, #shared1, #smem, mutable>
// CHECK-NEXT:     %14 = ttg.memdesc_index %13[%c0_i32] : !ttg.memdesc<3x1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-NEXT:     ttng.init_barrier %14, 1 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-NEXT:     %15 = ttg.memdesc_index %13[%c1_i32] : !ttg.memdesc<3x1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-NEXT:     ttng.init_barrier %15, 1 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-NEXT:     %16 = ttg.memdesc_index %13[%c2_i32] : !ttg.memdesc<3x1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-NEXT:     ttng.init_barrier %16, 1 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-NEXT:     %17 = arith.cmpi sgt, %8, %c0_i32 : i32
// CHECK-NEXT:     %18 = ttg.memdesc_index %13[%c0_i32] : !ttg.memdesc<3x1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-NEXT:     ttng.barrier_expect %18, 32768, %17 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-NEXT:     %19 = ttg.memdesc_index %11[%c0_i32] : !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
// CHECK-NEXT:     ttng.async_tma_copy_global_to_local %1[%9, %c0_i32] %19, %18, %17 : !tt.tensordesc<tensor<128x64xf16, #shared>>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
// CHECK-NEXT:     %20 = ttg.memdesc_index %12[%c0_i32] : !ttg.memdesc<3x64x128xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x128xf16, #shared, #smem, mutable>
// CHECK-NEXT:     ttng.async_tma_copy_global_to_local %3[%c0_i32, %10] %20, %18, %17 : !tt.tensordesc<tensor<64x128xf16, #shared>>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<64x128xf16, #shared, #smem, mutable>
// CHECK-NEXT:     %21 = arith.cmpi sgt, %8, %c1_i32 : i32
// CHECK-NEXT:     %22 = ttg.memdesc_index %13[%c1_i32] : !ttg.memdesc<3x1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-NEXT:     ttng.barrier_expect %22, 32768, %21 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-NEXT:     %23 = ttg.memdesc_index %11[%c1_i32] : !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
// CHECK-NEXT:     ttng.async_tma_copy_global_to_local %1[%9, %c64_i32] %23, %22, %21 : !tt.tensordesc<tensor<128x64xf16, #shared>>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
// CHECK-NEXT:     %24 = ttg.memdesc_index %12[%c1_i32] : !ttg.memdesc<3x64x128xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x128xf16, #shared, #smem, mutable>
// CHECK-NEXT:     ttng.async_tma_copy_global_to_local %3[%c64_i32, %10] %24, %22, %21 : !tt.tensordesc<tensor<64x128xf16, #shared>>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<64x128xf16, #shared, #smem, mutable>
// CHECK-NEXT:     %25:6 = scf.for %arg6 = %c0_i32 to %8 step %c1_i32 iter_args(%arg7 = %cst, %arg8 = %c1_i32, %arg9 = %c-1_i32, %arg10 = %c0_i32, %arg11 = %c3_i32, %arg12 = %c3_i32) -> (tensor<128x128xf32, #mma>, i32, i32, i32, i32, i32)  : i32 {
// CHECK-NEXT:       %34 = arith.subi %8, %c2_i32 : i32
// CHECK-NEXT:       %35 = arith.cmpi slt, %arg6, %34 : i32
// CHECK-NEXT:       %36 = arith.addi %arg9, %c1_i32 : i32
// CHECK-NEXT:       %37 = arith.cmpi sge, %36, %arg11 : i32
// CHECK-NEXT:       %38 = arith.select %37, %c0_i32, %36 : i32
// CHECK-NEXT:       %39 = arith.xori %arg10, %c1_i32 : i32
// CHECK-NEXT:       %40 = arith.select %37, %39, %arg10 : i32
// CHECK-NEXT:       %41 = ttg.memdesc_index %13[%38] : !ttg.memdesc<3x1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-NEXT:       ttng.wait_barrier %41, %40 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-NEXT:       %42 = ttg.memdesc_index %12[%38] : !ttg.memdesc<3x64x128xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x128xf16, #shared, #smem, mutable>
// CHECK-NEXT:       %43 = ttg.memdesc_index %11[%38] : !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
// CHECK-NEXT:       %44 = ttng.warp_group_dot %43, %42, %arg7 {inputPrecision = 0 : i32, isAsync = true} : !ttg.memdesc<128x64xf16, #shared, #smem, mutable> * !ttg.memdesc<64x128xf16, #shared, #smem, mutable> -> tensor<128x128xf32, #mma>
// CHECK-NEXT:       %45:3 = ttng.warp_group_dot_wait %44, %43, %42 {pendings = 1 : i32} : tensor<128x128xf32, #mma>, !ttg.memdesc<128x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x128xf16, #shared, #smem, mutable>
// CHECK-NEXT:       %46 = arith.addi %arg8, %c1_i32 : i32
// CHECK-NEXT:       %47 = arith.cmpi sge, %46, %c3_i32 : i32
// CHECK-NEXT:       %48 = arith.select %47, %c0_i32, %46 : i32
// CHECK-NEXT:       %49 = arith.addi %arg6, %c2_i32 : i32
// CHECK-NEXT:       %50 = arith.muli %49, %c64_i32 : i32
// CHECK-NEXT:       %51 = ttg.memdesc_index %13[%48] : !ttg.memdesc<3x1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-NEXT:       ttng.barrier_expect %51, 32768, %35 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-NEXT:       %52 = ttg.memdesc_index %11[%48] : !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
// CHECK-NEXT:       ttng.async_tma_copy_global_to_local %1[%9, %50] %52, %51, %35 : !tt.tensordesc<tensor<128x64xf16, #shared>>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
// CHECK-NEXT:       %53 = ttg.memdesc_index %12[%48] : !ttg.memdesc<3x64x128xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x128xf16, #shared, #smem, mutable>
// CHECK-NEXT:       ttng.async_tma_copy_global_to_local %3[%50, %10] %53, %51, %35 : !tt.tensordesc<tensor<64x128xf16, #shared>>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<64x128xf16, #shared, #smem, mutable>
// CHECK-NEXT:       scf.yield %45#0, %48, %38, %40, %arg12, %c3_i32 : tensor<128x128xf32, #mma>, i32, i32, i32, i32, i32
// CHECK-NEXT:     }
// CHECK-NEXT:     %26 = ttng.warp_group_dot_wait %25#0 {pendings = 0 : i32} : tensor<128x128xf32, #mma>
// CHECK-NEXT:     %27 = ttg.memdesc_index %13[%c0_i32] : !ttg.memdesc<3x1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-NEXT:     ttng.inval_barrier %27 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-NEXT:     %28 = ttg.memdesc_index %13[%c1_i32] : !ttg.memdesc<3x1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-NEXT:     ttng.inval_barrier %28 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-NEXT:     %29 = ttg.memdesc_index %13[%c2_i32] : !ttg.memdesc<3x1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-NEXT:     ttng.inval_barrier %29 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-NEXT:     ttg.local_dealloc %13 : !ttg.memdesc<3x1xi64, #shared1, #smem, mutable>
// CHECK-NEXT:     ttg.local_dealloc %12 : !ttg.memdesc<3x64x128xf16, #shared, #smem, mutable>
// CHECK-NEXT:     ttg.local_dealloc %11 : !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable>
// CHECK-NEXT:     %30 = arith.muli %5, %c128_i32 : i32
// CHECK-NEXT:     %31 = arith.muli %6, %c128_i32 : i32
// CHECK-NEXT:     %32 = arith.truncf %26 : tensor<128x128xf32, #mma> to tensor<128x128xf16, #mma>
// CHECK-NEXT:     %33 = ttg.convert_layout %32 : tensor<128x128xf16, #mma> -> tensor<128x128xf16, #blocked>
// CHECK-NEXT:     tt.descriptor_store %4[%30, %31], %33 : !tt.tensordesc<tensor<128x128xf16, #shared>>, tensor<128x128xf16, #blocked>
// CHECK-NEXT:     tt.return
// CHECK-NEXT:   }
// CHECK-NEXT: }

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @matmul_tma_kernel(%arg0: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg3: i32 {tt.divisibility = 16 : i32}, %arg4: i32 {tt.divisibility = 16 : i32}, %arg5: i32 {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %c1_i64 = arith.constant 1 : i64
    %c128_i32 = arith.constant 128 : i32
    %c64_i32 = arith.constant 64 : i32
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %c63_i32 = arith.constant 63 : i32
    %cst = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
    %0 = arith.extsi %arg5 : i32 to i64
    %1 = tt.make_tensor_descriptor %arg0, [%arg3, %arg5], [%0, %c1_i64] : <f16>, <tensor<128x64xf16, #shared>>
    %2 = arith.extsi %arg4 : i32 to i64
    %3 = tt.make_tensor_descriptor %arg1, [%arg5, %arg4], [%2, %c1_i64] : <f16>, <tensor<64x128xf16, #shared>>
    %4 = tt.make_tensor_descriptor %arg2, [%arg3, %arg4], [%2, %c1_i64] : <f16>, <tensor<128x128xf16, #shared>>
    %5 = tt.get_program_id x : i32
    %6 = tt.get_program_id y : i32
    %7 = arith.addi %arg5, %c63_i32 : i32
    %8 = arith.divsi %7, %c64_i32 : i32
    %9 = arith.muli %5, %c128_i32 : i32
    %10 = arith.muli %6, %c128_i32 : i32
    %11 = scf.for %arg6 = %c0_i32 to %8 step %c1_i32 iter_args(%arg7 = %cst) -> (tensor<128x128xf32, #mma>)  : i32 {
      %16 = arith.muli %arg6, %c64_i32 {loop.cluster = 2 : i32, loop.stage = 0 : i32} : i32
      %17 = tt.descriptor_load %1[%9, %16] {loop.cluster = 2 : i32, loop.stage = 0 : i32} : !tt.tensordesc<tensor<128x64xf16, #shared>> -> tensor<128x64xf16, #blocked>
      %18 = ttg.local_alloc %17 {loop.cluster = 0 : i32, loop.stage = 2 : i32} : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
      %19 = tt.descriptor_load %3[%16, %10] {loop.cluster = 2 : i32, loop.stage = 0 : i32} : !tt.tensordesc<tensor<64x128xf16, #shared>> -> tensor<64x128xf16, #blocked1>
      %20 = ttg.local_alloc %19 {loop.cluster = 0 : i32, loop.stage = 2 : i32} : (tensor<64x128xf16, #blocked1>) -> !ttg.memdesc<64x128xf16, #shared, #smem>
      %21 = ttng.warp_group_dot %18, %20, %arg7 {inputPrecision = 0 : i32, loop.cluster = 0 : i32, loop.stage = 2 : i32} : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x128xf16, #shared, #smem> -> tensor<128x128xf32, #mma>
      scf.yield %21 : tensor<128x128xf32, #mma>
    } {tt.scheduled_max_stage = 2 : i32}
    %12 = arith.muli %5, %c128_i32 : i32
    %13 = arith.muli %6, %c128_i32 : i32
    %14 = arith.truncf %11 : tensor<128x128xf32, #mma> to tensor<128x128xf16, #mma>
    %15 = ttg.convert_layout %14 : tensor<128x128xf16, #mma> -> tensor<128x128xf16, #blocked1>
    tt.descriptor_store %4[%12, %13], %15 : !tt.tensordesc<tensor<128x128xf16, #shared>>, tensor<128x128xf16, #blocked1>
    tt.return
  }
}
