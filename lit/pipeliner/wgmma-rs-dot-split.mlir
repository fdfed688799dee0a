// RUN: ttg-opt %s -tritongpu-assign-latencies -tritongpu-schedule-loops -tritongpu-pipeline -canonicalize | FileCheck %s --match-full-lines

// A wgmma with A in registers (K = 64) is split into four K = 16 dots (reshape/trans/split of A, memdesc_subslice of B),
// each followed by warp_group_dot_wait {pendings = 3}.
// Input: chunk 12 of Triton's lit test TritonGPU/loop-pipeline-hopper.mlir; expected: Triton 3.6's output, line for line.

// CHECK: #blocked = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
// CHECK-NEXT: #blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-NEXT: #linear = #ttg.linear<{register = {{\[\[}}0, 0, 0, 1], [8, 0, 0, 0], [0, 0, 0, 8], [0, 0, 1, 0], [0, 1, 0, 0], [64, 0, 0, 0]], lane = {{\[\[}}0, 0, 0, 2], [0, 0, 0, 4], [1, 0, 0, 0], [2, 0, 0, 0], [4, 0, 0, 0]], warp = {{\[\[}}16, 0, 0, 0], [32, 0, 0, 0]], block = []}>
// CHECK-NEXT: #linear1 = #ttg.linear<{register = {{\[\[}}0, 1, 0, 0], [8, 0, 0, 0], [0, 8, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1], [64, 0, 0, 0]], lane = {{\[\[}}0, 2, 0, 0], [0, 4, 0, 0], [1, 0, 0, 0], [2, 0, 0, 0], [4, 0, 0, 0]], warp = {{\[\[}}16, 0, 0, 0], [32, 0, 0, 0]], block = []}>
// CHECK-NEXT: #linear2 = #ttg.linear<{register = {{\[\[}}0, 1, 0], [8, 0, 0], [0, 8, 0], [0, 0, 1], [64, 0, 0]], lane = {{\[\[}}0, 2, 0], [0, 4, 0], [1, 0, 0], [2, 0, 0], [4, 0, 0]], warp = {{\[\[}}16, 0, 0], [32, 0, 0]], block = []}>
// CHECK-NEXT: #linear3 = #ttg.linear<{register = {{\[\[}}0, 1], [8, 0], [0, 8], [64, 0]], lane = {{\[\[}}0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = {{\[\[}}16, 0], [32, 0]], block = []}>
// CHECK-NEXT: #mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 16, 16]}>
// CHECK-NEXT: #shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
// CHECK-NEXT: #shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
// CHECK-NEXT: #smem = #ttg.shared_memory
// CHECK-NEXT: module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
// CHECK-NEXT:   tt.func @dot_lhs_registers(%arg0: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f16> {tt.divisibility = 16 : i32}) -> tensor<128x16xf32, #mma> {
// CHECK-NEXT:     %cst = arith.constant dense<true> : tensor<64x16xi1, #blocked>
// CHECK-NEXT:     %cst_0 = arith.constant dense<true> : tensor<128x64xi1, #blocked1>
// CHECK-NEXT:     %c6_i32 = arith.constant 6 : i32
// CHECK-NEXT:     %true = arith.constant true
// CHECK-NEXT:     %c2_i32 = arith.constant 2 : i32
// CHECK-NEXT:     %c3_i32 = arith.constant 3 : i32
// CHECK-NEXT:     %c-1_i32 = arith.constant -1 : i32
// CHECK-NEXT:     %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT:     %cst_1 = arith.constant dense<0.000000e+00> : tensor<128x16xf32, #mma>
// CHECK-NEXT:     %cst_2 = arith.constant dense<2.000000e+00> : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
// CHECK-NEXT:     %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:     %c8_i32 = arith.constant 8 : i32
// CHECK-NEXT:     %0 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>
// CHECK-NEXT:     %1 = tt.expand_dims %0 {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked1}>> -> tensor<1x64xi32, #blocked1>
// CHECK-NEXT:     %2 = tt.splat %arg1 : !tt.ptr<f16> -> tensor<128x64x!tt.ptr<f16>, #blocked1>
// CHECK-NEXT:     %3 = tt.broadcast %1 : tensor<1x64xi32, #blocked1> -> tensor<128x64xi32, #blocked1>
// CHECK-NEXT:     %4 = tt.addptr %2, %3 : tensor<128x64x!tt.ptr<f16>, #blocked1>, tensor<128x64xi32, #blocked1>
// CHECK-NEXT:     %5 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
// CHECK-NEXT:     %6 = tt.expand_dims %5 {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<64x1xi32, #blocked>
// CHECK-NEXT:     %7 = tt.splat %arg0 : !tt.ptr<f16> -> tensor<64x16x!tt.ptr<f16>, #blocked>
// CHECK-NEXT:     %8 = tt.broadcast %6 : tensor<64x1xi32, #blocked> -> tensor<64x16xi32, #blocked>
// CHECK-NEXT:     %9 = tt.addptr %7, %8 : tensor<64x16x!tt.ptr<f16>, #blocked>, tensor<64x16xi32, #blocked>
// CHECK-NEXT:     %10 = ttg.local_alloc : () -> !ttg.memdesc<2x128x64xf16, #shared, #smem, mutable>
// CHECK-NEXT:     %11 = ttg.local_alloc : () -> !ttg.memdesc<3x64x16xf16, #shared1, #smem, mutable>
// CHECK-NEXT:     %12 = ttg.memdesc_index %10[%c0_i32] : !ttg.memdesc<2x128x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
// CHECK-NEXT:     %13 = ttg.async_copy_global_to_local %4, %12 mask %cst_0 {contiguity = 8 : i32} : tensor<128x64x!tt.ptr<f16>, #blocked1> -> <128x64xf16, #shared, #smem, mutable>
// CHECK-NEXT:     %14 = ttg.async_commit_group tokens %13
// CHECK-NEXT:     %15 = ttg.memdesc_index %11[%c0_i32] : !ttg.memdesc<3x64x16xf16, #shared1, #smem, mutable> -> !ttg.memdesc<64x16xf16, #shared1, #smem, mutable>
// CHECK-NEXT:     %16 = ttg.async_copy_global_to_local %9, %15 mask %cst {contiguity = 8 : i32} : tensor<64x16x!tt.ptr<f16>, #blocked> -> <64x16xf16, #shared1, #smem, mutable>
// CHECK-NEXT:     %17 = ttg.async_commit_group tokens %16
// CHECK-NEXT:     %18 = ttg.memdesc_index %10[%c1_i32] : !ttg.memdesc<2x128x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
// CHECK-NEXT:     %19 = ttg.async_copy_global_to_local %4, %18 mask %cst_0 {contiguity = 8 : i32} : tensor<128x64x!tt.ptr<f16>, #blocked1> -> <128x64xf16, #shared, #smem, mutable>
// CHECK-NEXT:     %20 = ttg.async_commit_group tokens %19
// CHECK-NEXT:     %21 = ttg.memdesc_index %11[%c1_i32] : !ttg.memdesc<3x64x16xf16, #shared1, #smem, mutable> -> !ttg.memdesc<64x16xf16, #shared1, #smem, mutable>
// CHECK-NEXT:     %22 = ttg.async_copy_global_to_local %9, %21 mask %cst {contiguity = 8 : i32} : tensor<64x16x!tt.ptr<f16>, #blocked> -> <64x16xf16, #shared1, #smem, mutable>
// CHECK-NEXT:     %23 = ttg.async_commit_group tokens %22
// CHECK-NEXT:     %24:9 = scf.for %arg2 = %c0_i32 to %c8_i32 step %c1_i32 iter_args(%arg3 = %cst_1, %arg4 = %c1_i32, %arg5 = %c-1_i32, %arg6 = %c1_i32, %arg7 = %c-1_i32, %arg8 = %14, %arg9 = %20, %arg10 = %17, %arg11 = %23) -> (tensor<128x16xf32, #mma>, i32, i32, i32, i32, !ttg.async.token, !ttg.async.token, !ttg.async.token, !ttg.async.token)  : i32 {
// CHECK-NEXT:       %27 = arith.cmpi slt, %arg2, %c6_i32 : i32
// CHECK-NEXT:       %28 = arith.addi %arg7, %c1_i32 : i32
// CHECK-NEXT:       %29 = arith.cmpi sge, %28, %c3_i32 : i32
// CHECK-NEXT:       %30 = arith.select %29, %c0_i32, %28 : i32
// CHECK-NEXT:       %31 = arith.addi %arg5, %c1_i32 : i32
// CHECK-NEXT:       %32 = arith.cmpi sge, %31, %c2_i32 : i32
// CHECK-NEXT:       %33 = arith.select %32, %c0_i32, %31 : i32
// CHECK-NEXT:       %34 = ttg.async_wait %arg8, %arg10 {num = 2 : i32}
// CHECK-NEXT:       %35 = ttg.memdesc_index %10[%33] : !ttg.memdesc<2x128x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
// CHECK-NEXT:       %36 = ttg.local_load %35 token %34 : !ttg.memdesc<128x64xf16, #shared, #smem, mutable> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
// CHECK-NEXT:       %37 = ttg.memdesc_index %11[%30] : !ttg.memdesc<3x64x16xf16, #shared1, #smem, mutable> -> !ttg.memdesc<64x16xf16, #shared1, #smem, mutable>
// CHECK-NEXT:       %38 = arith.mulf %36, %cst_2 : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
// CHECK-NEXT:       %39 = tt.reshape %38 : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> -> tensor<128x2x2x16xf16, #linear>
// CHECK-NEXT:       %40 = tt.trans %39 {order = array<i32: 0, 3, 2, 1>} : tensor<128x2x2x16xf16, #linear> -> tensor<128x16x2x2xf16, #linear1>
// CHECK-NEXT:       %outLHS, %outRHS = tt.split %40 : tensor<128x16x2x2xf16, #linear1> -> tensor<128x16x2xf16, #linear2>
// CHECK-NEXT:       %outLHS_3, %outRHS_4 = tt.split %outLHS : tensor<128x16x2xf16, #linear2> -> tensor<128x16xf16, #linear3>
// CHECK-NEXT:       %outLHS_5, %outRHS_6 = tt.split %outRHS : tensor<128x16x2xf16, #linear2> -> tensor<128x16xf16, #linear3>
// CHECK-NEXT:       %41 = ttg.convert_layout %outLHS_3 : tensor<128x16xf16, #linear3> -> tensor<128x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
// CHECK-NEXT:       %42 = ttg.convert_layout %outRHS_4 : tensor<128x16xf16, #linear3> -> tensor<128x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
// CHECK-NEXT:       %43 = ttg.convert_layout %outLHS_5 : tensor<128x16xf16, #linear3> -> tensor<128x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
// CHECK-NEXT:       %44 = ttg.convert_layout %outRHS_6 : tensor<128x16xf16, #linear3> -> tensor<128x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
// CHECK-NEXT:       %45 = ttg.memdesc_subslice %37[0, 0] : !ttg.memdesc<64x16xf16, #shared1, #smem, mutable> -> !ttg.memdesc<16x16xf16, #shared1, #smem, 64x16>
// CHECK-NEXT:       %46 = ttg.memdesc_subslice %37[16, 0] : !ttg.memdesc<64x16xf16, #shared1, #smem, mutable> -> !ttg.memdesc<16x16xf16, #shared1, #smem, 64x16>
// CHECK-NEXT:       %47 = ttg.memdesc_subslice %37[32, 0] : !ttg.memdesc<64x16xf16, #shared1, #smem, mutable> -> !ttg.memdesc<16x16xf16, #shared1, #smem, 64x16>
// CHECK-NEXT:       %48 = ttg.memdesc_subslice %37[48, 0] : !ttg.memdesc<64x16xf16, #shared1, #smem, mutable> -> !ttg.memdesc<16x16xf16, #shared1, #smem, 64x16>
// CHECK-NEXT:       %49 = ttng.warp_group_dot %41, %45, %arg3 {isAsync = true} : tensor<128x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * !ttg.memdesc<16x16xf16, #shared1, #smem, 64x16> -> tensor<128x16xf32, #mma>
// CHECK-NEXT:       %50:2 = ttng.warp_group_dot_wait %49, %45 {pendings = 3 : i32} : tensor<128x16xf32, #mma>, !ttg.memdesc<16x16xf16, #shared1, #smem, 64x16>
// CHECK-NEXT:       %51 = ttng.warp_group_dot %42, %46, %50#0, %true {isAsync = true} : tensor<128x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * !ttg.memdesc<16x16xf16, #shared1, #smem, 64x16> -> tensor<128x16xf32, #mma>
// CHECK-NEXT:       %52:2 = ttng.warp_group_dot_wait %51, %46 {pendings = 3 : i32} : tensor<128x16xf32, #mma>, !ttg.memdesc<16x16xf16, #shared1, #smem, 64x16>
// CHECK-NEXT:       %53 = ttng.warp_group_dot %43, %47, %52#0, %true {isAsync = true} : tensor<128x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * !ttg.memdesc<16x16xf16, #shared1, #smem, 64x16> -> tensor<128x16xf32, #mma>
// CHECK-NEXT:       %54:2 = ttng.warp_group_dot_wait %53, %47 {pendings = 3 : i32} : tensor<128x16xf32, #mma>, !ttg.memdesc<16x16xf16, #shared1, #smem, 64x16>
// CHECK-NEXT:       %55 = ttng.warp_group_dot %44, %48, %54#0, %true {isAsync = true} : tensor<128x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * !ttg.memdesc<16x16xf16, #shared1, #smem, 64x16> -> tensor<128x16xf32, #mma>
// CHECK-NEXT:       %56:2 = ttng.warp_group_dot_wait %55, %48 {pendings = 3 : i32} : tensor<128x16xf32, #mma>, !ttg.memdesc<16x16xf16, #shared1, #smem, 64x16>
// CHECK-NEXT:       %57 = arith.addi %arg6, %c1_i32 : i32
// CHECK-NEXT:       %58 = arith.cmpi sge, %57, %c3_i32 : i32
// CHECK-NEXT:       %59 = arith.select %58, %c0_i32, %57 : i32
// CHECK-NEXT:       %60 = arith.addi %arg4, %c1_i32 : i32
// CHECK-NEXT:       %61 = arith.cmpi sge, %60, %c2_i32 : i32
// CHECK-NEXT:       %62 = arith.select %61, %c0_i32, %60 : i32
// CHECK-NEXT:       %63 = ttg.memdesc_index %10[%62] : !ttg.memdesc<2x128x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
// CHECK-NEXT:       %64 = tt.splat %27 : i1 -> tensor<128x64xi1, #blocked1>
// CHECK-NEXT:       %65 = ttg.async_copy_global_to_local %4, %63 mask %64 {contiguity = 8 : i32} : tensor<128x64x!tt.ptr<f16>, #blocked1> -> <128x64xf16, #shared, #smem, mutable>
// CHECK-NEXT:       %66 = ttg.async_commit_group tokens %65
// CHECK-NEXT:       %67 = ttg.memdesc_index %11[%59] : !ttg.memdesc<3x64x16xf16, #shared1, #smem, mutable> -> !ttg.memdesc<64x16xf16, #shared1, #smem, mutable>
// CHECK-NEXT:       %68 = tt.splat %27 : i1 -> tensor<64x16xi1, #blocked>
// CHECK-NEXT:       %69 = ttg.async_copy_global_to_local %9, %67 mask %68 {contiguity = 8 : i32} : tensor<64x16x!tt.ptr<f16>, #blocked> -> <64x16xf16, #shared1, #smem, mutable>
// CHECK-NEXT:       %70 = ttg.async_commit_group tokens %69
// CHECK-NEXT:       scf.yield %56#0, %62, %33, %59, %30, %arg9, %66, %arg11, %70 : tensor<128x16xf32, #mma>, i32, i32, i32, i32, !ttg.async.token, !ttg.async.token, !ttg.async.token, !ttg.async.token
// CHECK-NEXT:     }
// CHECK-NEXT:     %25 = ttng.warp_group_dot_wait %24#0 {pendings = 0 : i32} : tensor<128x16xf32, #mma>
// CHECK-NEXT:     %26 = ttg.async_wait {num = 0 : i32}
// CHECK-NEXT:     ttg.local_dealloc %11 : !ttg.memdesc<3x64x16xf16, #shared1, #smem, mutable>
// CHECK-NEXT:     ttg.local_dealloc %10 : !ttg.memdesc<2x128x64xf16, #shared, #smem, mutable>
// CHECK-NEXT:     tt.return %25 : tensor<128x16xf32, #mma>
// CHECK-NEXT:   }
// CHECK-NEXT: }



#blocked = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 16, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.target" = "cuda:90", "ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @dot_lhs_registers(%arg0: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f16> {tt.divisibility = 16 : i32}) -> tensor<128x16xf32, #mma> {
    %cst = arith.constant dense<0> : tensor<64x16xi32, #blocked>
    %c0_i32 = arith.constant 0 : i32
    %cst_0 = arith.constant dense<0> : tensor<1x16xi32, #blocked>
    %cst_1 = arith.constant dense<0> : tensor<128x1xi32, #blocked1>
    %c0_i64 = arith.constant 0 : i64
    %cst_2 = arith.constant dense<0.000000e+00> : tensor<128x16xf32, #mma>
    %cst_3 = arith.constant dense<0> : tensor<128x64xi32, #blocked1>
    %cst_4 = arith.constant dense<2.0> : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    %c1_i32 = arith.constant 1 : i32
    %c8_i32 = arith.constant 8 : i32
    %0 = tt.addptr %arg0, %c0_i64 : !tt.ptr<f16>, i64
    %1 = tt.addptr %arg1, %c0_i64 : !tt.ptr<f16>, i64
    %2 = tt.splat %1 : !tt.ptr<f16> -> tensor<128x1x!tt.ptr<f16>, #blocked1>
    %3 = tt.addptr %2, %cst_1 : tensor<128x1x!tt.ptr<f16>, #blocked1>, tensor<128x1xi32, #blocked1>
    %4 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>
    %5 = tt.expand_dims %4 {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked1}>> -> tensor<1x64xi32, #blocked1>
    %6 = tt.broadcast %3 : tensor<128x1x!tt.ptr<f16>, #blocked1> -> tensor<128x64x!tt.ptr<f16>, #blocked1>
    %7 = tt.broadcast %5 : tensor<1x64xi32, #blocked1> -> tensor<128x64xi32, #blocked1>
    %8 = tt.addptr %6, %7 : tensor<128x64x!tt.ptr<f16>, #blocked1>, tensor<128x64xi32, #blocked1>
    %10 = tt.splat %0 : !tt.ptr<f16> -> tensor<1x16x!tt.ptr<f16>, #blocked>
    %11 = tt.addptr %10, %cst_0 : tensor<1x16x!tt.ptr<f16>, #blocked>, tensor<1x16xi32, #blocked>
    %12 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %13 = tt.expand_dims %12 {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<64x1xi32, #blocked>
    %14 = tt.broadcast %11 : tensor<1x16x!tt.ptr<f16>, #blocked> -> tensor<64x16x!tt.ptr<f16>, #blocked>
    %15 = tt.broadcast %13 : tensor<64x1xi32, #blocked> -> tensor<64x16xi32, #blocked>
    %16 = tt.addptr %14, %15 : tensor<64x16x!tt.ptr<f16>, #blocked>, tensor<64x16xi32, #blocked>
    %17:3 = scf.for %arg3 = %c0_i32 to %c8_i32 step %c1_i32 iter_args(%arg4 = %cst_2, %arg5 = %8, %arg6 = %16) -> (tensor<128x16xf32, #mma>, tensor<128x64x!tt.ptr<f16>, #blocked1>,
        tensor<64x16x!tt.ptr<f16>, #blocked>)  : i32 {
      %a_block = tt.load %arg5 : tensor<128x64x!tt.ptr<f16>, #blocked1>
      %b_block = tt.load %arg6 : tensor<64x16x!tt.ptr<f16>, #blocked>
      %a_dotop = ttg.convert_layout %a_block : tensor<128x64xf16, #blocked1> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %a_dotop_mul = arith.mulf %a_dotop, %cst_4 : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %b_smem = ttg.local_alloc %b_block : (tensor<64x16xf16, #blocked>) -> !ttg.memdesc<64x16xf16, #shared1, #smem>
      %21 = ttng.warp_group_dot %a_dotop_mul, %b_smem, %arg4 : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * !ttg.memdesc<64x16xf16, #shared1, #smem> -> tensor<128x16xf32, #mma>
      %25 = tt.addptr %arg5, %cst_3 : tensor<128x64x!tt.ptr<f16>, #blocked1>, tensor<128x64xi32, #blocked1>
      %26 = tt.addptr %arg6, %cst : tensor<64x16x!tt.ptr<f16>, #blocked>, tensor<64x16xi32, #blocked>
      scf.yield %21, %25, %26 : tensor<128x16xf32, #mma>, tensor<128x64x!tt.ptr<f16>, #blocked1>, tensor<64x16x!tt.ptr<f16>, #blocked>
    }
    tt.return %17#0 : tensor<128x16xf32, #mma>
  }
}
