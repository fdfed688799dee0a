// RUN: ttg-opt %s -tritongpu-test-pipeline-lower-loop | FileCheck %s --match-full-lines

// LowerLoops' MMAv5 half on a Blackwell persistent (flattened) TMA matmul: the tc_gen5_mma with tt.self_latency
// becomes async with a 2-deep mbarrier ring (its wait_barrier, with the A/B buffers as deps, one stage later), and
// its TMEM accumulator, read by a tmem_load in the epilogue scf.if of a later cluster, is double-buffered (buffer
// index advanced at the MMA unless it accumulates). The TMA loads get 3 buffers (their last use is that wait).
// Input: Triton 3.6's input to tritongpu-pipeline for TritonGPU/pipeline-loop-nest.mlir (BLACKWELL RUN line);
// expected: Triton 3.6's LowerLoops dump (tritongpu-pipeline{dump-intermediate-steps=true}), line for line.

// CHECK: #blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-NEXT: #linear = #ttg.linear<{register = {{\[\[}}0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [0, 64]], lane = {{\[\[}}1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], warp = {{\[\[}}32, 0], [64, 0]], block = []}>
// CHECK-NEXT: #shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
// CHECK-NEXT: #shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
// CHECK-NEXT: #shared2 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
// CHECK-NEXT: #smem = #ttg.shared_memory
// CHECK-NEXT: #tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
// CHECK-NEXT: module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
// CHECK-NEXT:   tt.func public @matmul_kernel_tma_persistent(%arg0: !tt.ptr<i8, 0>, %arg1: !tt.ptr<i8, 0>, %arg2: !tt.ptr<i8, 0>, %arg3: i32 {tt.divisibility = 16 : i32}, %arg4: i32 {tt.divisibility = 16 : i32}, %arg5: i32 {tt.divisibility = 16 : i32}) {
// CHECK-NEXT:     %false = arith.constant false
// CHECK-NEXT:     %cst = arith.constant dense<0.000000e+00> : tensor<128x128xf16, #blocked>
// CHECK-NEXT:     %c132_i32 = arith.constant 132 : i32
// CHECK-NEXT:     %c8_i32 = arith.constant 8 : i32
// CHECK-NEXT:     %c128_i32 = arith.constant 128 : i32
// CHECK-NEXT:     %c64_i32 = arith.constant 64 : i32
// CHECK-NEXT:     %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT:     %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:     %c127_i32 = arith.constant 127 : i32
// CHECK-NEXT:     %c63_i32 = arith.constant 63 : i32
// CHECK-NEXT:     %true = arith.constant true
// CHECK-NEXT:     %cst_0 = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #linear>
// CHECK-NEXT:     %0 = tt.get_program_id x : i32
// CHECK-NEXT:     %1 = arith.addi %arg3, %c127_i32 : i32
// CHECK-NEXT:     %2 = arith.divsi %1, %c128_i32 : i32
// CHECK-NEXT:     %3 = arith.addi %arg4, %c127_i32 : i32
// CHECK-NEXT:     %4 = arith.divsi %3, %c128_i32 : i32
// CHECK-NEXT:     %5 = arith.addi %arg5, %c63_i32 : i32
// CHECK-NEXT:     %6 = arith.divsi %5, %c64_i32 : i32
// CHECK-NEXT:     %7 = arith.muli %2, %4 : i32
// CHECK-NEXT:     %8 = arith.subi %0, %c132_i32 : i32
// CHECK-NEXT:     %9 = arith.muli %4, %c8_i32 : i32
// CHECK-NEXT:     %10 = ttng.reinterpret_tensor_descriptor %arg2 : !tt.ptr<i8, 0> to !tt.tensordesc<tensor<128x128xf16, #shared>>
// CHECK-NEXT:     %11 = arith.cmpi eq, %6, %c0_i32 : i32
// CHECK-NEXT:     scf.if %11 {
// CHECK-NEXT:       %12 = scf.for %arg6 = %0 to %7 step %c132_i32 iter_args(%arg7 = %8) -> (i32)  : i32 {
// CHECK-NEXT:         %13 = arith.addi %arg7, %c132_i32 : i32
// CHECK-NEXT:         %14 = arith.divsi %13, %9 : i32
// CHECK-NEXT:         %15 = arith.muli %14, %c8_i32 : i32
// CHECK-NEXT:         %16 = arith.subi %2, %15 : i32
// CHECK-NEXT:         %17 = arith.minsi %16, %c8_i32 : i32
// CHECK-NEXT:         %18 = arith.remsi %13, %17 : i32
// CHECK-NEXT:         %19 = arith.addi %15, %18 : i32
// CHECK-NEXT:         %20 = arith.remsi %13, %9 : i32
// CHECK-NEXT:         %21 = arith.divsi %20, %17 : i32
// CHECK-NEXT:         %22 = arith.muli %19, %c128_i32 : i32
// CHECK-NEXT:         %23 = arith.muli %21, %c128_i32 : i32
// CHECK-NEXT:         tt.descriptor_store %10[%22, %23], %cst : !tt.tensordesc<tensor<128x128xf16, #shared>>, tensor<128x128xf16, #blocked>
// CHECK-NEXT:         scf.yield %13 : i32
// CHECK-NEXT:       } {tt.flatten}
// CHECK-NEXT:     } else {
// CHECK-NEXT:       %12 = arith.subi %7, %0 : i32
// CHECK-NEXT:       %13 = arith.ceildivsi %12, %c132_i32 : i32
// CHECK-NEXT:       %14 = arith.maxsi %6, %c1_i32 : i32
// CHECK-NEXT:       %15 = arith.muli %13, %14 : i32
// CHECK-NEXT:       %16 = arith.subi %0, %c132_i32 : i32
// CHECK-NEXT:       %result, %token = ttng.tmem_alloc : () -> (!ttg.memdesc<2x128x128xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.async.token)
// CHECK-NEXT:       %c2_i32 = arith.constant 2 : i32
// CHECK-NEXT:       %c0_i32_1 = arith.constant 0 : i32
// CHECK-NEXT:       %c1_i32_2 = arith.constant 1 : i32
// CHECK-NEXT:       %17 = ttg.memdesc_index %result[%c0_i32_1] : !ttg.memdesc<2x128x128xf32, #tmem, #ttng.tensor_memory, mutable> -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
// CHECK-NEXT:       %18 = ttng.tmem_store %cst_0, %17[], %true : tensor<128x128xf32, #linear> -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
// CHECK-NEXT:       %c-1_i32 = arith.constant -1 : i32
// CHECK-NEXT:       %c0_i32_3 = arith.constant 0 : i32
// CHECK-NEXT:       %19 = ttg.local_alloc : () -> !ttg.memdesc<2x1xi64, #shared1, #smem, mutable>
// CHECK-NEXT:       %c0_i32_4 = arith.constant 0 : i32
// CHECK-NEXT:       %20 = ttg.memdesc_index %19[%c0_i32_4] : !ttg.memdesc<2x1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-NEXT:       ttng.init_barrier %20, 1 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-NEXT:       %c1_i32_5 = arith.constant 1 : i32
// CHECK-NEXT:       %21 = ttg.memdesc_index %19[%c1_i32_5] : !ttg.memdesc<2x1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-NEXT:       ttng.init_barrier %21, 1 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-NEXT:       %22 = ub.poison : !ttg.async.token
// CHECK-NEXT:       %23 = ttg.local_alloc : () -> !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable>
// CHECK-NEXT:       %24 = ttg.local_alloc : () -> !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable>
// CHECK-NEXT:       %c-1_i32_6 = arith.constant -1 : i32
// CHECK-NEXT:       %c0_i32_7 = arith.constant 0 : i32
// CHECK-NEXT:       %c1_i32_8 = arith.constant 1 : i32
// CHECK-NEXT:       %25 = ttg.local_alloc : () -> !ttg.memdesc<3x1xi64, #shared1, #smem, mutable>
// CHECK-NEXT:       %c0_i32_9 = arith.constant 0 : i32
// CHECK-NEXT:       %26 = ttg.memdesc_index %25[%c0_i32_9] : !ttg.memdesc<3x1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-NEXT:       ttng.init_barrier %26, 1 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-NEXT:       %c1_i32_10 = arith.constant 1 : i32
// CHECK-NEXT:       %27 = ttg.memdesc_index %25[%c1_i32_10] : !ttg.memdesc<3x1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-NEXT:       ttng.init_barrier %27, 1 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-NEXT:       %c2_i32_11 = arith.constant 2 : i32
// CHECK-NEXT:       %28 = ttg.memdesc_index %25[%c2_i32_11] : !ttg.memdesc<3x1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-NEXT:       ttng.init_barrier %28, 1 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-NEXT:       %c0_i32_12 = arith.constant 0 : i32
// CHECK-NEXT:       %c0_i32_13 = arith.constant 0 : i32
// CHECK-NEXT:       %29:14 = scf.for %arg6 = %c0_i32 to %15 step %c1_i32 iter_args(%arg7 = %c0_i32, %arg8 = %16, %arg9 = %8, %arg10 = %c0_i32, %arg11 = %c0_i32, %arg12 = %c0_i32, %arg13 = %false, %arg14 = %22, %arg15 = %c0_i32_3, %arg16 = %c0_i32_3, %arg17 = %c-1_i32, %arg18 = %c-1_i32_6, %arg19 = %c-1_i32_6, %arg20 = %c0_i32_7) -> (i32, i32, i32, i32, i32, i32, i1, !ttg.async.token, i32, i32, i32, i32, i32, i32)  : i32 {
// CHECK-NEXT:         %c3_i32 = arith.constant {loop.cluster = 7 : i32, loop.stage = 0 : i32} 3 : i32
// CHECK-NEXT:         %35 = arith.addi %arg18, %c1_i32_8 {loop.cluster = 7 : i32, loop.stage = 0 : i32} : i32
// CHECK-NEXT:         %36 = arith.cmpi sge, %35, %c3_i32 {loop.cluster = 7 : i32, loop.stage = 0 : i32} : i32
// CHECK-NEXT:         %37 = arith.select %36, %c0_i32_7, %35 {loop.cluster = 7 : i32, loop.stage = 0 : i32} : i32
// CHECK-NEXT:         %38 = arith.addi %arg19, %c1_i32_8 {loop.cluster = 4 : i32, loop.stage = 2 : i32} : i32
// CHECK-NEXT:         %39 = arith.cmpi sge, %38, %c3_i32 {loop.cluster = 4 : i32, loop.stage = 2 : i32} : i32
// CHECK-NEXT:         %40 = arith.select %39, %c0_i32_7, %38 {loop.cluster = 4 : i32, loop.stage = 2 : i32} : i32
// CHECK-NEXT:         %41 = arith.xori %arg20, %c1_i32_8 {loop.cluster = 4 : i32, loop.stage = 2 : i32} : i32
// CHECK-NEXT:         %42 = arith.select %39, %41, %arg20 {loop.cluster = 4 : i32, loop.stage = 2 : i32} : i32
// CHECK-NEXT:         %43 = arith.cmpi eq, %arg7, %c0_i32 {loop.cluster = 1 : i32, loop.stage = 0 : i32} : i32
// CHECK-NEXT:         %44 = arith.select %43, %c0_i32, %arg10 {loop.cluster = 7 : i32, loop.stage = 0 : i32} : i32
// CHECK-NEXT:         %45:3 = scf.if %43 -> (i32, i32, i32) {
// CHECK-NEXT:           %77 = arith.addi %arg8, %c132_i32 : i32
// CHECK-NEXT:           %78 = arith.divsi %77, %9 : i32
// CHECK-NEXT:           %79 = arith.muli %78, %c8_i32 : i32
// CHECK-NEXT:           %80 = arith.subi %2, %79 : i32
// CHECK-NEXT:           %81 = arith.minsi %80, %c8_i32 : i32
// CHECK-NEXT:           %82 = arith.remsi %77, %81 : i32
// CHECK-NEXT:           %83 = arith.addi %79, %82 : i32
// CHECK-NEXT:           %84 = arith.remsi %77, %9 : i32
// CHECK-NEXT:           %85 = arith.divsi %84, %81 : i32
// CHECK-NEXT:           %86 = arith.muli %83, %c128_i32 : i32
// CHECK-NEXT:           %87 = arith.muli %85, %c128_i32 : i32
// CHECK-NEXT:           scf.yield %86, %87, %77 : i32, i32, i32
// CHECK-NEXT:         } else {
// CHECK-NEXT:           scf.yield %arg11, %arg12, %arg8 : i32, i32, i32
// CHECK-NEXT:         } {loop.cluster = 1 : i32, loop.stage = 0 : i32}
// CHECK-NEXT:         %46 = arith.muli %44, %c64_i32 {loop.cluster = 7 : i32, loop.stage = 0 : i32} : i32
// CHECK-NEXT:         %47 = ttng.reinterpret_tensor_descriptor %arg0 {loop.cluster = 7 : i32, loop.stage = 0 : i32} : !tt.ptr<i8, 0> to !tt.tensordesc<tensor<128x64xf16, #shared>>
// CHECK-NEXT:         %48 = ttg.memdesc_index %25[%37] {loop.cluster = 7 : i32, loop.stage = 0 : i32} : !ttg.memdesc<3x1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-NEXT:         %true_19 = arith.constant {loop.cluster = 7 : i32, loop.stage = 0 : i32} true
// CHECK-NEXT:         ttng.barrier_expect %48, 32768 {loop.cluster = 7 : i32, loop.stage = 0 : i32}, %true_19 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-NEXT:         %49 = ttg.memdesc_index %23[%37] {loop.cluster = 7 : i32, loop.stage = 0 : i32} : !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
// CHECK-NEXT:         %true_20 = arith.constant {loop.cluster = 7 : i32, loop.stage = 0 : i32} true
// CHECK-NEXT:         ttng.async_tma_copy_global_to_local %47[%45#0, %46] %49, %48, %true_20 {loop.cluster = 7 : i32, loop.stage = 0 : i32} : !tt.tensordesc<tensor<128x64xf16, #shared>>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
// CHECK-NEXT:         %50 = ttng.reinterpret_tensor_descriptor %arg1 {loop.cluster = 7 : i32, loop.stage = 0 : i32} : !tt.ptr<i8, 0> to !tt.tensordesc<tensor<128x64xf16, #shared>>
// CHECK-NEXT:         %51 = ttg.memdesc_index %24[%37] {loop.cluster = 7 : i32, loop.stage = 0 : i32} : !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
// CHECK-NEXT:         %true_21 = arith.constant {loop.cluster = 7 : i32, loop.stage = 0 : i32} true
// CHECK-NEXT:         ttng.async_tma_copy_global_to_local %50[%45#1, %46] %51, %48, %true_21 {loop.cluster = 7 : i32, loop.stage = 0 : i32} : !tt.tensordesc<tensor<128x64xf16, #shared>>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
// CHECK-NEXT:         %52 = ttg.memdesc_index %25[%40] {loop.cluster = 4 : i32, loop.stage = 2 : i32} : !ttg.memdesc<3x1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-NEXT:         ttng.wait_barrier %52, %42 {loop.cluster = 4 : i32, loop.stage = 2 : i32} : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-NEXT:         %53 = ttg.memdesc_index %24[%40] {loop.cluster = 4 : i32, loop.stage = 2 : i32} : !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
// CHECK-NEXT:         %54 = ttg.memdesc_index %23[%40] {loop.cluster = 4 : i32, loop.stage = 2 : i32} : !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
// CHECK-NEXT:         %55 = ttg.memdesc_trans %53 {loop.cluster = 4 : i32, loop.stage = 2 : i32, order = array<i32: 1, 0>} : !ttg.memdesc<128x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x128xf16, #shared2, #smem, mutable>
// CHECK-NEXT:         %true_22 = arith.constant {loop.cluster = 4 : i32, loop.stage = 2 : i32} true
// CHECK-NEXT:         %c0_i32_23 = arith.constant {loop.cluster = 4 : i32, loop.stage = 2 : i32} 0 : i32
// CHECK-NEXT:         %c1_i32_24 = arith.constant {loop.cluster = 4 : i32, loop.stage = 2 : i32} 1 : i32
// CHECK-NEXT:         %c2_i32_25 = arith.constant {loop.cluster = 4 : i32, loop.stage = 2 : i32} 2 : i32
// CHECK-NEXT:         %56 = ttg.memdesc_index %19[%arg16] {loop.cluster = 4 : i32, loop.stage = 2 : i32} : !ttg.memdesc<2x1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-NEXT:         %57 = arith.addi %arg17, %c1_i32_2 {loop.cluster = 4 : i32, loop.stage = 2 : i32} : i32
// CHECK-NEXT:         %58 = arith.cmpi sge, %57, %c2_i32 {loop.cluster = 4 : i32, loop.stage = 2 : i32} : i32
// CHECK-NEXT:         %59 = arith.select %58, %c0_i32_1, %57 {loop.cluster = 4 : i32, loop.stage = 2 : i32} : i32
// CHECK-NEXT:         %60 = arith.select %arg13, %arg17, %59 {loop.cluster = 4 : i32, loop.stage = 2 : i32} : i32
// CHECK-NEXT:         %61 = ttg.memdesc_index %result[%60] {loop.cluster = 4 : i32, loop.stage = 2 : i32} : !ttg.memdesc<2x128x128xf32, #tmem, #ttng.tensor_memory, mutable> -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
// CHECK-NEXT:         %62 = ttng.tc_gen5_mma %54, %55, %61[], %arg13, %true, %56[%true_22] {is_async, loop.cluster = 4 : i32, loop.stage = 2 : i32} : !ttg.memdesc<128x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x128xf16, #shared2, #smem, mutable>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-NEXT:         ttng.wait_barrier %56, %arg15 deps %54, %55 {loop.cluster = 4 : i32, loop.stage = 3 : i32} : !ttg.memdesc<1xi64, #shared1, #smem, mutable>, !ttg.memdesc<128x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x128xf16, #shared2, #smem, mutable>
// CHECK-NEXT:         %63 = arith.addi %44, %c1_i32 {loop.cluster = 6 : i32, loop.stage = 1 : i32} : i32
// CHECK-NEXT:         %64 = arith.subi %14, %c1_i32 {loop.cluster = 3 : i32, loop.stage = 3 : i32} : i32
// CHECK-NEXT:         %65 = arith.cmpi eq, %arg7, %64 {loop.cluster = 3 : i32, loop.stage = 3 : i32} : i32
// CHECK-NEXT:         %66 = arith.select %65, %false, %true {loop.cluster = 3 : i32, loop.stage = 3 : i32} : i1
// CHECK-NEXT:         %67:2 = scf.if %65 -> (i32, !ttg.async.token) {
// CHECK-NEXT:           %77 = arith.addi %arg9, %c132_i32 : i32
// CHECK-NEXT:           %78 = arith.divsi %77, %9 : i32
// CHECK-NEXT:           %79 = arith.muli %78, %c8_i32 : i32
// CHECK-NEXT:           %80 = arith.subi %2, %79 : i32
// CHECK-NEXT:           %81 = arith.minsi %80, %c8_i32 : i32
// CHECK-NEXT:           %82 = arith.remsi %77, %81 : i32
// CHECK-NEXT:           %83 = arith.addi %79, %82 : i32
// CHECK-NEXT:           %84 = arith.remsi %77, %9 : i32
// CHECK-NEXT:           %85 = arith.divsi %84, %81 : i32
// CHECK-NEXT:           %86 = arith.muli %83, %c128_i32 : i32
// CHECK-NEXT:           %87 = arith.muli %85, %c128_i32 : i32
// CHECK-NEXT:           %88 = ttg.memdesc_index %result[%60] : !ttg.memdesc<2x128x128xf32, #tmem, #ttng.tensor_memory, mutable> -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
// CHECK-NEXT:           %result_26, %token_27 = ttng.tmem_load %88[] : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x128xf32, #linear>
// CHECK-NEXT:           %89 = arith.truncf %result_26 : tensor<128x128xf32, #linear> to tensor<128x128xf16, #linear>
// CHECK-NEXT:           %90 = ttg.convert_layout %89 : tensor<128x128xf16, #linear> -> tensor<128x128xf16, #blocked>
// CHECK-NEXT:           tt.descriptor_store %10[%86, %87], %90 : !tt.tensordesc<tensor<128x128xf16, #shared>>, tensor<128x128xf16, #blocked>
// CHECK-NEXT:           scf.yield %77, %22 : i32, !ttg.async.token
// CHECK-NEXT:         } else {
// CHECK-NEXT:           scf.yield %arg9, %22 : i32, !ttg.async.token
// CHECK-NEXT:         } {loop.cluster = 8 : i32, loop.stage = 3 : i32}
// CHECK-NEXT:         %68 = arith.addi %arg7, %c1_i32 {loop.cluster = 0 : i32, loop.stage = 1 : i32} : i32
// CHECK-NEXT:         %69 = arith.subi %14, %c1_i32 {loop.cluster = 0 : i32, loop.stage = 1 : i32} : i32
// CHECK-NEXT:         %70 = arith.cmpi eq, %arg7, %69 {loop.cluster = 0 : i32, loop.stage = 1 : i32} : i32
// CHECK-NEXT:         %71 = arith.select %70, %c0_i32, %68 {loop.cluster = 0 : i32, loop.stage = 1 : i32} : i32
// CHECK-NEXT:         %72 = arith.xori %arg15, %c1_i32_24 {loop.cluster = 4 : i32, loop.stage = 2 : i32} : i32
// CHECK-NEXT:         %73 = arith.addi %arg16, %c1_i32_24 {loop.cluster = 4 : i32, loop.stage = 2 : i32} : i32
// CHECK-NEXT:         %74 = arith.cmpi sge, %73, %c2_i32_25 {loop.cluster = 4 : i32, loop.stage = 2 : i32} : i32
// CHECK-NEXT:         %75 = arith.select %74, %c0_i32_23, %73 {loop.cluster = 4 : i32, loop.stage = 2 : i32} : i32
// CHECK-NEXT:         %76 = arith.select %74, %72, %arg15 {loop.cluster = 4 : i32, loop.stage = 2 : i32} : i32
// CHECK-NEXT:         scf.yield %71, %45#2, %67#0, %63, %45#0, %45#1, %66, %67#1, %76, %75, %60, %37, %40, %42 : i32, i32, i32, i32, i32, i32, i1, !ttg.async.token, i32, i32, i32, i32, i32, i32
// CHECK-NEXT:       } {tt.scheduled_max_stage = 3 : i32}
// CHECK-NEXT:       %c0_i32_14 = arith.constant 0 : i32
// CHECK-NEXT:       %30 = ttg.memdesc_index %25[%c0_i32_14] : !ttg.memdesc<3x1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-NEXT:       ttng.inval_barrier %30 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-NEXT:       %c1_i32_15 = arith.constant 1 : i32
// CHECK-NEXT:       %31 = ttg.memdesc_index %25[%c1_i32_15] : !ttg.memdesc<3x1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-NEXT:       ttng.inval_barrier %31 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-NEXT:       %c2_i32_16 = arith.constant 2 : i32
// CHECK-NEXT:       %32 = ttg.memdesc_index %25[%c2_i32_16] : !ttg.memdesc<3x1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-NEXT:       ttng.inval_barrier %32 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-NEXT:       ttg.local_dealloc %25 : !ttg.memdesc<3x1xi64, #shared1, #smem, mutable>
// CHECK-NEXT:       ttg.local_dealloc %24 : !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable>
// CHECK-NEXT:       ttg.local_dealloc %23 : !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable>
// CHECK-NEXT:       %c0_i32_17 = arith.constant 0 : i32
// CHECK-NEXT:       %33 = ttg.memdesc_index %19[%c0_i32_17] : !ttg.memdesc<2x1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-NEXT:       ttng.inval_barrier %33 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-NEXT:       %c1_i32_18 = arith.constant 1 : i32
// CHECK-NEXT:       %34 = ttg.memdesc_index %19[%c1_i32_18] : !ttg.memdesc<2x1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-NEXT:       ttng.inval_barrier %34 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-NEXT:       ttg.local_dealloc %19 : !ttg.memdesc<2x1xi64, #shared1, #smem, mutable>
// CHECK-NEXT:     }
// CHECK-NEXT:     tt.return
// CHECK-NEXT:   }
// CHECK-NEXT: }

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#linear = #ttg.linear<{register = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [0, 64]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], warp = [[32, 0], [64, 0]], block = []}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @matmul_kernel_tma_persistent(%arg0: !tt.ptr<i8, 0>, %arg1: !tt.ptr<i8, 0>, %arg2: !tt.ptr<i8, 0>, %arg3: i32 {tt.divisibility = 16 : i32}, %arg4: i32 {tt.divisibility = 16 : i32}, %arg5: i32 {tt.divisibility = 16 : i32}) {
    %false = arith.constant false
    %cst = arith.constant dense<0.000000e+00> : tensor<128x128xf16, #blocked>
    %c132_i32 = arith.constant 132 : i32
    %c8_i32 = arith.constant 8 : i32
    %c128_i32 = arith.constant 128 : i32
    %c64_i32 = arith.constant 64 : i32
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %c127_i32 = arith.constant 127 : i32
    %c63_i32 = arith.constant 63 : i32
    %true = arith.constant true
    %cst_0 = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #linear>
    %0 = tt.get_program_id x : i32
    %1 = arith.addi %arg3, %c127_i32 : i32
    %2 = arith.divsi %1, %c128_i32 : i32
    %3 = arith.addi %arg4, %c127_i32 : i32
    %4 = arith.divsi %3, %c128_i32 : i32
    %5 = arith.addi %arg5, %c63_i32 : i32
    %6 = arith.divsi %5, %c64_i32 : i32
    %7 = arith.muli %2, %4 : i32
    %8 = arith.subi %0, %c132_i32 : i32
    %9 = arith.muli %4, %c8_i32 : i32
    %10 = ttng.reinterpret_tensor_descriptor %arg2 : !tt.ptr<i8, 0> to !tt.tensordesc<tensor<128x128xf16, #shared>>
    %11 = arith.cmpi eq, %6, %c0_i32 : i32
    scf.if %11 {
      %12 = scf.for %arg6 = %0 to %7 step %c132_i32 iter_args(%arg7 = %8) -> (i32)  : i32 {
        %13 = arith.addi %arg7, %c132_i32 : i32
        %14 = arith.divsi %13, %9 : i32
        %15 = arith.muli %14, %c8_i32 : i32
        %16 = arith.subi %2, %15 : i32
        %17 = arith.minsi %16, %c8_i32 : i32
        %18 = arith.remsi %13, %17 : i32
        %19 = arith.addi %15, %18 : i32
        %20 = arith.remsi %13, %9 : i32
        %21 = arith.divsi %20, %17 : i32
        %22 = arith.muli %19, %c128_i32 : i32
        %23 = arith.muli %21, %c128_i32 : i32
        tt.descriptor_store %10[%22, %23], %cst : !tt.tensordesc<tensor<128x128xf16, #shared>>, tensor<128x128xf16, #blocked>
        scf.yield %13 : i32
      } {tt.flatten}
    } else {
      %12 = arith.subi %7, %0 : i32
      %13 = arith.ceildivsi %12, %c132_i32 : i32
      %14 = arith.maxsi %6, %c1_i32 : i32
      %15 = arith.muli %13, %14 : i32
      %16 = arith.subi %0, %c132_i32 : i32
      %result, %token = ttng.tmem_alloc : () -> (!ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.async.token)
      %17 = ttng.tmem_store %cst_0, %result[%token], %true : tensor<128x128xf32, #linear> -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
      %18:8 = scf.for %arg6 = %c0_i32 to %15 step %c1_i32 iter_args(%arg7 = %c0_i32, %arg8 = %16, %arg9 = %8, %arg10 = %c0_i32, %arg11 = %c0_i32, %arg12 = %c0_i32, %arg13 = %false, %arg14 = %17) -> (i32, i32, i32, i32, i32, i32, i1, !ttg.async.token)  : i32 {
        %19 = arith.cmpi eq, %arg7, %c0_i32 {loop.cluster = 1 : i32, loop.stage = 0 : i32} : i32
        %20 = arith.select %19, %c0_i32, %arg10 {loop.cluster = 7 : i32, loop.stage = 0 : i32} : i32
        %21:3 = scf.if %19 -> (i32, i32, i32) {
          %40 = arith.addi %arg8, %c132_i32 : i32
          %41 = arith.divsi %40, %9 : i32
          %42 = arith.muli %41, %c8_i32 : i32
          %43 = arith.subi %2, %42 : i32
          %44 = arith.minsi %43, %c8_i32 : i32
          %45 = arith.remsi %40, %44 : i32
          %46 = arith.addi %42, %45 : i32
          %47 = arith.remsi %40, %9 : i32
          %48 = arith.divsi %47, %44 : i32
          %49 = arith.muli %46, %c128_i32 : i32
          %50 = arith.muli %48, %c128_i32 : i32
          scf.yield %49, %50, %40 : i32, i32, i32
        } else {
          scf.yield %arg11, %arg12, %arg8 : i32, i32, i32
        } {loop.cluster = 1 : i32, loop.stage = 0 : i32}
        %22 = arith.muli %20, %c64_i32 {loop.cluster = 7 : i32, loop.stage = 0 : i32} : i32
        %23 = ttng.reinterpret_tensor_descriptor %arg0 {loop.cluster = 7 : i32, loop.stage = 0 : i32} : !tt.ptr<i8, 0> to !tt.tensordesc<tensor<128x64xf16, #shared>>
        %24 = tt.descriptor_load %23[%21#0, %22] {loop.cluster = 7 : i32, loop.stage = 0 : i32} : !tt.tensordesc<tensor<128x64xf16, #shared>> -> tensor<128x64xf16, #blocked1>
        %25 = ttg.local_alloc %24 {loop.cluster = 4 : i32, loop.stage = 2 : i32} : (tensor<128x64xf16, #blocked1>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
        %26 = ttng.reinterpret_tensor_descriptor %arg1 {loop.cluster = 7 : i32, loop.stage = 0 : i32} : !tt.ptr<i8, 0> to !tt.tensordesc<tensor<128x64xf16, #shared>>
        %27 = tt.descriptor_load %26[%21#1, %22] {loop.cluster = 7 : i32, loop.stage = 0 : i32} : !tt.tensordesc<tensor<128x64xf16, #shared>> -> tensor<128x64xf16, #blocked1>
        %28 = ttg.local_alloc %27 {loop.cluster = 4 : i32, loop.stage = 2 : i32} : (tensor<128x64xf16, #blocked1>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
        %29 = ttg.memdesc_trans %28 {loop.cluster = 4 : i32, loop.stage = 2 : i32, order = array<i32: 1, 0>} : !ttg.memdesc<128x64xf16, #shared, #smem> -> !ttg.memdesc<64x128xf16, #shared1, #smem>
        %30 = ttng.tc_gen5_mma %25, %29, %result[%arg14], %arg13, %true {loop.cluster = 4 : i32, loop.stage = 2 : i32, tt.self_latency = 1 : i32} : !ttg.memdesc<128x64xf16, #shared, #smem>, !ttg.memdesc<64x128xf16, #shared1, #smem>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
        %31 = arith.addi %20, %c1_i32 {loop.cluster = 6 : i32, loop.stage = 1 : i32} : i32
        %32 = arith.subi %14, %c1_i32 {loop.cluster = 3 : i32, loop.stage = 3 : i32} : i32
        %33 = arith.cmpi eq, %arg7, %32 {loop.cluster = 3 : i32, loop.stage = 3 : i32} : i32
        %34 = arith.select %33, %false, %true {loop.cluster = 3 : i32, loop.stage = 3 : i32} : i1
        %35:2 = scf.if %33 -> (i32, !ttg.async.token) {
          %40 = arith.addi %arg9, %c132_i32 : i32
          %41 = arith.divsi %40, %9 : i32
          %42 = arith.muli %41, %c8_i32 : i32
          %43 = arith.subi %2, %42 : i32
          %44 = arith.minsi %43, %c8_i32 : i32
          %45 = arith.remsi %40, %44 : i32
          %46 = arith.addi %42, %45 : i32
          %47 = arith.remsi %40, %9 : i32
          %48 = arith.divsi %47, %44 : i32
          %49 = arith.muli %46, %c128_i32 : i32
          %50 = arith.muli %48, %c128_i32 : i32
          %result_1, %token_2 = ttng.tmem_load %result[%30] : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x128xf32, #linear>
          %51 = arith.truncf %result_1 : tensor<128x128xf32, #linear> to tensor<128x128xf16, #linear>
          %52 = ttg.convert_layout %51 : tensor<128x128xf16, #linear> -> tensor<128x128xf16, #blocked>
          tt.descriptor_store %10[%49, %50], %52 : !tt.tensordesc<tensor<128x128xf16, #shared>>, tensor<128x128xf16, #blocked>
          scf.yield %40, %token_2 : i32, !ttg.async.token
        } else {
          scf.yield %arg9, %30 : i32, !ttg.async.token
        } {loop.cluster = 8 : i32, loop.stage = 3 : i32}
        %36 = arith.addi %arg7, %c1_i32 {loop.cluster = 0 : i32, loop.stage = 1 : i32} : i32
        %37 = arith.subi %14, %c1_i32 {loop.cluster = 0 : i32, loop.stage = 1 : i32} : i32
        %38 = arith.cmpi eq, %arg7, %37 {loop.cluster = 0 : i32, loop.stage = 1 : i32} : i32
        %39 = arith.select %38, %c0_i32, %36 {loop.cluster = 0 : i32, loop.stage = 1 : i32} : i32
        scf.yield %39, %21#2, %35#0, %31, %21#0, %21#1, %34, %35#1 : i32, i32, i32, i32, i32, i32, i1, !ttg.async.token
      } {tt.scheduled_max_stage = 3 : i32}
    }
    tt.return
  }
}
