// RUN: ttg-opt %s -tritongpu-pipeline | FileCheck %s --match-full-lines

// tritongpu-pipeline on a Blackwell matmul whose MMA result is read in the loop (out = max(out, a @ b)): the
// tmem_load in the MMA's own block is the sync point, so the MMA's wait_barrier sits right before it (in a new
// cluster split off in front of it), the accumulator is double-buffered (the MMA does not accumulate: useD is
// false), the loads get async copies, and the last iteration is peeled (the waits are in the last stage).
// Input: Triton 3.6's input to tritongpu-pipeline for this kernel (tl.dot of two tl.load tiles, 128x128x64, sm100,
// num-stages 3, after the pipeline-loop-nest.mlir pass list); expected: Triton 3.6's output, line for line.

// CHECK: #blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-NEXT: #blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-NEXT: #linear = #ttg.linear<{register = {{\[\[}}0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [0, 64]], lane = {{\[\[}}1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], warp = {{\[\[}}32, 0], [64, 0]], block = []}>
// CHECK-NEXT: #shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
// CHECK-NEXT: #shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
// CHECK-NEXT: #smem = #ttg.shared_memory
// CHECK-NEXT: #tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
// CHECK-NEXT: module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
// CHECK-NEXT:   tt.func public @mm_reset(%arg0: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg3: i32 {tt.divisibility = 16 : i32}, %arg4: i32 {tt.divisibility = 16 : i32}, %arg5: i32 {tt.divisibility = 16 : i32}) attributes {noinline = false} {
// CHECK-NEXT:     %c192_i32 = arith.constant 192 : i32
// CHECK-NEXT:     %0 = ub.poison : tensor<64x128x!tt.ptr<f16>, #blocked>
// CHECK-NEXT:     %1 = ub.poison : tensor<128x64x!tt.ptr<f16>, #blocked1>
// CHECK-NEXT:     %2 = ub.poison : !ttg.memdesc<1xi64, #shared, #smem, mutable>
// CHECK-NEXT:     %3 = ub.poison : !ttg.memdesc<64x128xf16, #shared1, #smem, mutable>
// CHECK-NEXT:     %4 = ub.poison : !ttg.memdesc<128x64xf16, #shared1, #smem, mutable>
// CHECK-NEXT:     %5 = ub.poison : !ttg.async.token
// CHECK-NEXT:     %6 = ub.poison : i32
// CHECK-NEXT:     %c2_i32 = arith.constant 2 : i32
// CHECK-NEXT:     %c3_i32 = arith.constant 3 : i32
// CHECK-NEXT:     %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:     %false = arith.constant false
// CHECK-NEXT:     %cst = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #linear>
// CHECK-NEXT:     %c128_i32 = arith.constant 128 : i32
// CHECK-NEXT:     %c64_i32 = arith.constant 64 : i32
// CHECK-NEXT:     %true = arith.constant true
// CHECK-NEXT:     %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT:     %cst_0 = arith.constant dense<64> : tensor<128x64xi32, #blocked1>
// CHECK-NEXT:     %7 = tt.get_program_id x : i32
// CHECK-NEXT:     %8 = tt.get_program_id y : i32
// CHECK-NEXT:     %9 = arith.muli %7, %c128_i32 : i32
// CHECK-NEXT:     %10 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
// CHECK-NEXT:     %11 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
// CHECK-NEXT:     %12 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
// CHECK-NEXT:     %13 = tt.splat %9 : i32 -> tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
// CHECK-NEXT:     %14 = tt.splat %9 : i32 -> tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
// CHECK-NEXT:     %15 = arith.addi %13, %10 : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
// CHECK-NEXT:     %16 = arith.addi %14, %11 : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
// CHECK-NEXT:     %17 = arith.muli %8, %c128_i32 : i32
// CHECK-NEXT:     %18 = tt.splat %17 : i32 -> tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
// CHECK-NEXT:     %19 = arith.addi %18, %12 : tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
// CHECK-NEXT:     %20 = tt.expand_dims %15 {axis = 1 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>> -> tensor<128x1xi32, #blocked1>
// CHECK-NEXT:     %21 = tt.expand_dims %16 {axis = 1 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<128x1xi32, #blocked>
// CHECK-NEXT:     %22 = tt.splat %arg5 : i32 -> tensor<128x1xi32, #blocked1>
// CHECK-NEXT:     %23 = arith.muli %20, %22 : tensor<128x1xi32, #blocked1>
// CHECK-NEXT:     %24 = tt.splat %arg0 : !tt.ptr<f16> -> tensor<128x1x!tt.ptr<f16>, #blocked1>
// CHECK-NEXT:     %25 = tt.addptr %24, %23 : tensor<128x1x!tt.ptr<f16>, #blocked1>, tensor<128x1xi32, #blocked1>
// CHECK-NEXT:     %26 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>
// CHECK-NEXT:     %27 = tt.expand_dims %26 {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked1}>> -> tensor<1x64xi32, #blocked1>
// CHECK-NEXT:     %28 = tt.broadcast %25 : tensor<128x1x!tt.ptr<f16>, #blocked1> -> tensor<128x64x!tt.ptr<f16>, #blocked1>
// CHECK-NEXT:     %29 = tt.broadcast %27 : tensor<1x64xi32, #blocked1> -> tensor<128x64xi32, #blocked1>
// CHECK-NEXT:     %30 = tt.addptr %28, %29 : tensor<128x64x!tt.ptr<f16>, #blocked1>, tensor<128x64xi32, #blocked1>
// CHECK-NEXT:     %31 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
// CHECK-NEXT:     %32 = tt.expand_dims %31 {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<64x1xi32, #blocked>
// CHECK-NEXT:     %33 = tt.splat %arg4 : i32 -> tensor<64x1xi32, #blocked>
// CHECK-NEXT:     %34 = arith.muli %32, %33 : tensor<64x1xi32, #blocked>
// CHECK-NEXT:     %35 = tt.splat %arg1 : !tt.ptr<f16> -> tensor<64x1x!tt.ptr<f16>, #blocked>
// CHECK-NEXT:     %36 = tt.addptr %35, %34 : tensor<64x1x!tt.ptr<f16>, #blocked>, tensor<64x1xi32, #blocked>
// CHECK-NEXT:     %37 = tt.expand_dims %19 {axis = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x128xi32, #blocked>
// CHECK-NEXT:     %38 = tt.broadcast %36 : tensor<64x1x!tt.ptr<f16>, #blocked> -> tensor<64x128x!tt.ptr<f16>, #blocked>
// CHECK-NEXT:     %39 = tt.broadcast %37 : tensor<1x128xi32, #blocked> -> tensor<64x128xi32, #blocked>
// CHECK-NEXT:     %40 = tt.addptr %38, %39 : tensor<64x128x!tt.ptr<f16>, #blocked>, tensor<64x128xi32, #blocked>
// CHECK-NEXT:     %result, %token = ttng.tmem_alloc : () -> (!ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.async.token)
// CHECK-NEXT:     %41 = ttg.local_alloc : () -> !ttg.memdesc<2x1xi64, #shared, #smem, mutable>
// CHECK-NEXT:     %42 = ttg.memdesc_index %41[%c0_i32] : !ttg.memdesc<2x1xi64, #shared, #smem, mutable> -> !ttg.memdesc<1xi64, #shared, #smem, mutable>
// CHECK-NEXT:     ttng.init_barrier %42, 1 : !ttg.memdesc<1xi64, #shared, #smem, mutable>
// CHECK-NEXT:     %43 = ttg.memdesc_index %41[%c1_i32] : !ttg.memdesc<2x1xi64, #shared, #smem, mutable> -> !ttg.memdesc<1xi64, #shared, #smem, mutable>
// CHECK-NEXT:     ttng.init_barrier %43, 1 : !ttg.memdesc<1xi64, #shared, #smem, mutable>
// CHECK-NEXT:     %44 = ttg.local_alloc : () -> !ttg.memdesc<3x128x64xf16, #shared1, #smem, mutable>
// CHECK-NEXT:     %45 = ttg.local_alloc : () -> !ttg.memdesc<3x64x128xf16, #shared1, #smem, mutable>
// CHECK-NEXT:     %46 = arith.cmpi sgt, %arg5, %c0_i32 : i32
// CHECK-NEXT:     %47 = ttg.memdesc_index %44[%c0_i32] : !ttg.memdesc<3x128x64xf16, #shared1, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared1, #smem, mutable>
// CHECK-NEXT:     %48 = tt.splat %46 : i1 -> tensor<128x64xi1, #blocked1>
// CHECK-NEXT:     %49 = ttg.async_copy_global_to_local %30, %47 mask %48 {contiguity = 8 : i32} : tensor<128x64x!tt.ptr<f16>, #blocked1> -> <128x64xf16, #shared1, #smem, mutable>
// CHECK-NEXT:     %50 = ttg.async_commit_group tokens %49
// CHECK-NEXT:     %51 = ttg.memdesc_index %45[%c0_i32] : !ttg.memdesc<3x64x128xf16, #shared1, #smem, mutable> -> !ttg.memdesc<64x128xf16, #shared1, #smem, mutable>
// CHECK-NEXT:     %52 = tt.splat %46 : i1 -> tensor<64x128xi1, #blocked>
// CHECK-NEXT:     %53 = ttg.async_copy_global_to_local %40, %51 mask %52 {contiguity = 8 : i32} : tensor<64x128x!tt.ptr<f16>, #blocked> -> <64x128xf16, #shared1, #smem, mutable>
// CHECK-NEXT:     %54 = ttg.async_commit_group tokens %53
// CHECK-NEXT:     %55 = arith.cmpi sgt, %arg5, %c64_i32 : i32
// CHECK-NEXT:     %56 = tt.addptr %30, %cst_0 : tensor<128x64x!tt.ptr<f16>, #blocked1>, tensor<128x64xi32, #blocked1>
// CHECK-NEXT:     %57 = arith.muli %arg4, %c64_i32 : i32
// CHECK-NEXT:     %58 = tt.splat %57 : i32 -> tensor<64x128xi32, #blocked>
// CHECK-NEXT:     %59 = tt.addptr %40, %58 : tensor<64x128x!tt.ptr<f16>, #blocked>, tensor<64x128xi32, #blocked>
// CHECK-NEXT:     %60 = ttg.memdesc_index %44[%c1_i32] : !ttg.memdesc<3x128x64xf16, #shared1, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared1, #smem, mutable>
// CHECK-NEXT:     %61 = tt.splat %55 : i1 -> tensor<128x64xi1, #blocked1>
// CHECK-NEXT:     %62 = ttg.async_copy_global_to_local %56, %60 mask %61 {contiguity = 8 : i32} : tensor<128x64x!tt.ptr<f16>, #blocked1> -> <128x64xf16, #shared1, #smem, mutable>
// CHECK-NEXT:     %63 = ttg.async_commit_group tokens %62
// CHECK-NEXT:     %64 = ttg.memdesc_index %45[%c1_i32] : !ttg.memdesc<3x64x128xf16, #shared1, #smem, mutable> -> !ttg.memdesc<64x128xf16, #shared1, #smem, mutable>
// CHECK-NEXT:     %65 = tt.splat %55 : i1 -> tensor<64x128xi1, #blocked>
// CHECK-NEXT:     %66 = ttg.async_copy_global_to_local %59, %64 mask %65 {contiguity = 8 : i32} : tensor<64x128x!tt.ptr<f16>, #blocked> -> <64x128xf16, #shared1, #smem, mutable>
// CHECK-NEXT:     %67 = ttg.async_commit_group tokens %66
// CHECK-NEXT:     %68 = arith.cmpi sgt, %arg5, %c128_i32 : i32
// CHECK-NEXT:     %69 = ttg.async_wait %50, %54 {num = 2 : i32}
// CHECK-NEXT:     %70 = ttg.memdesc_index %44[%c0_i32] : !ttg.memdesc<3x128x64xf16, #shared1, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared1, #smem, mutable>
// CHECK-NEXT:     %71 = ttg.memdesc_index %45[%c0_i32] : !ttg.memdesc<3x64x128xf16, #shared1, #smem, mutable> -> !ttg.memdesc<64x128xf16, #shared1, #smem, mutable>
// CHECK-NEXT:     %72 = ttg.memdesc_index %41[%c0_i32] : !ttg.memdesc<2x1xi64, #shared, #smem, mutable> -> !ttg.memdesc<1xi64, #shared, #smem, mutable>
// CHECK-NEXT:     %73 = ttng.tc_gen5_mma %70, %71, %result[%token], %false, %46, %72[%true] {is_async} : !ttg.memdesc<128x64xf16, #shared1, #smem, mutable>, !ttg.memdesc<64x128xf16, #shared1, #smem, mutable>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.memdesc<1xi64, #shared, #smem, mutable>
// CHECK-NEXT:     %74 = tt.addptr %56, %cst_0 : tensor<128x64x!tt.ptr<f16>, #blocked1>, tensor<128x64xi32, #blocked1>
// CHECK-NEXT:     %75 = arith.muli %arg4, %c64_i32 : i32
// CHECK-NEXT:     %76 = tt.splat %75 : i32 -> tensor<64x128xi32, #blocked>
// CHECK-NEXT:     %77 = tt.addptr %59, %76 : tensor<64x128x!tt.ptr<f16>, #blocked>, tensor<64x128xi32, #blocked>
// CHECK-NEXT:     %78 = ttg.memdesc_index %44[%c2_i32] : !ttg.memdesc<3x128x64xf16, #shared1, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared1, #smem, mutable>
// CHECK-NEXT:     %79 = tt.splat %68 : i1 -> tensor<128x64xi1, #blocked1>
// CHECK-NEXT:     %80 = ttg.async_copy_global_to_local %74, %78 mask %79 {contiguity = 8 : i32} : tensor<128x64x!tt.ptr<f16>, #blocked1> -> <128x64xf16, #shared1, #smem, mutable>
// CHECK-NEXT:     %81 = ttg.async_commit_group tokens %80
// CHECK-NEXT:     %82 = ttg.memdesc_index %45[%c2_i32] : !ttg.memdesc<3x64x128xf16, #shared1, #smem, mutable> -> !ttg.memdesc<64x128xf16, #shared1, #smem, mutable>
// CHECK-NEXT:     %83 = tt.splat %68 : i1 -> tensor<64x128xi1, #blocked>
// CHECK-NEXT:     %84 = ttg.async_copy_global_to_local %77, %82 mask %83 {contiguity = 8 : i32} : tensor<64x128x!tt.ptr<f16>, #blocked> -> <64x128xf16, #shared1, #smem, mutable>
// CHECK-NEXT:     %85 = ttg.async_commit_group tokens %84
// CHECK-NEXT:     %86 = arith.subi %arg5, %c64_i32 : i32
// CHECK-NEXT:     %87:19 = scf.for %arg6 = %c0_i32 to %86 step %c64_i32 iter_args(%arg7 = %cst, %arg8 = %74, %arg9 = %77, %arg10 = %token, %arg11 = %c0_i32, %arg12 = %c1_i32, %arg13 = %c2_i32, %arg14 = %c0_i32, %arg15 = %72, %arg16 = %c0_i32, %arg17 = %70, %arg18 = %71, %arg19 = %73, %arg20 = %c3_i32, %arg21 = %c3_i32, %arg22 = %63, %arg23 = %81, %arg24 = %67, %arg25 = %85) -> (tensor<128x128xf32, #linear>, tensor<128x64x!tt.ptr<f16>, #blocked1>, tensor<64x128x!tt.ptr<f16>, #blocked>, !ttg.async.token, i32, i32, i32, i32, !ttg.memdesc<1xi64, #shared, #smem, mutable>, i32, !ttg.memdesc<128x64xf16, #shared1, #smem, mutable>, !ttg.memdesc<64x128xf16, #shared1, #smem, mutable>, !ttg.async.token, i32, i32, !ttg.async.token, !ttg.async.token, !ttg.async.token, !ttg.async.token)  : i32 {
// CHECK-NEXT:       %102 = arith.subi %arg5, %c192_i32 : i32
// CHECK-NEXT:       %103 = arith.cmpi slt, %arg6, %102 : i32
// CHECK-NEXT:       ttng.wait_barrier %arg15, %arg16 deps %arg17, %arg18 : !ttg.memdesc<1xi64, #shared, #smem, mutable>, !ttg.memdesc<128x64xf16, #shared1, #smem, mutable>, !ttg.memdesc<64x128xf16, #shared1, #smem, mutable>
// CHECK-NEXT:       %result_1, %token_2 = ttng.tmem_load %result[%arg19] : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x128xf32, #linear>
// CHECK-NEXT:       %104 = arith.maxnumf %arg7, %result_1 : tensor<128x128xf32, #linear>
// CHECK-NEXT:       %105 = arith.addi %arg14, %c1_i32 : i32
// CHECK-NEXT:       %106 = arith.cmpi sge, %105, %arg20 : i32
// CHECK-NEXT:       %107 = arith.select %106, %c0_i32, %105 : i32
// CHECK-NEXT:       %108 = ttg.async_wait %arg22, %arg24 {num = 2 : i32}
// CHECK-NEXT:       %109 = ttg.memdesc_index %44[%107] : !ttg.memdesc<3x128x64xf16, #shared1, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared1, #smem, mutable>
// CHECK-NEXT:       %110 = ttg.memdesc_index %45[%107] : !ttg.memdesc<3x64x128xf16, #shared1, #smem, mutable> -> !ttg.memdesc<64x128xf16, #shared1, #smem, mutable>
// CHECK-NEXT:       %111 = ttg.memdesc_index %41[%arg12] : !ttg.memdesc<2x1xi64, #shared, #smem, mutable> -> !ttg.memdesc<1xi64, #shared, #smem, mutable>
// CHECK-NEXT:       %112 = ttng.tc_gen5_mma %109, %110, %result[%token_2], %false, %true, %111[%true] {is_async} : !ttg.memdesc<128x64xf16, #shared1, #smem, mutable>, !ttg.memdesc<64x128xf16, #shared1, #smem, mutable>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.memdesc<1xi64, #shared, #smem, mutable>
// CHECK-NEXT:       %113 = arith.xori %arg11, %c1_i32 : i32
// CHECK-NEXT:       %114 = arith.addi %arg12, %c1_i32 : i32
// CHECK-NEXT:       %115 = arith.cmpi sge, %114, %c2_i32 : i32
// CHECK-NEXT:       %116 = arith.select %115, %c0_i32, %114 : i32
// CHECK-NEXT:       %117 = arith.select %115, %113, %arg11 : i32
// CHECK-NEXT:       %118 = tt.addptr %arg8, %cst_0 : tensor<128x64x!tt.ptr<f16>, #blocked1>, tensor<128x64xi32, #blocked1>
// CHECK-NEXT:       %119 = arith.muli %arg4, %c64_i32 : i32
// CHECK-NEXT:       %120 = tt.splat %119 : i32 -> tensor<64x128xi32, #blocked>
// CHECK-NEXT:       %121 = tt.addptr %arg9, %120 : tensor<64x128x!tt.ptr<f16>, #blocked>, tensor<64x128xi32, #blocked>
// CHECK-NEXT:       %122 = arith.addi %arg13, %c1_i32 : i32
// CHECK-NEXT:       %123 = arith.cmpi sge, %122, %c3_i32 : i32
// CHECK-NEXT:       %124 = arith.select %123, %c0_i32, %122 : i32
// CHECK-NEXT:       %125 = ttg.memdesc_index %44[%124] : !ttg.memdesc<3x128x64xf16, #shared1, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared1, #smem, mutable>
// CHECK-NEXT:       %126 = tt.splat %103 : i1 -> tensor<128x64xi1, #blocked1>
// CHECK-NEXT:       %127 = ttg.async_copy_global_to_local %118, %125 mask %126 {contiguity = 8 : i32} : tensor<128x64x!tt.ptr<f16>, #blocked1> -> <128x64xf16, #shared1, #smem, mutable>
// CHECK-NEXT:       %128 = ttg.async_commit_group tokens %127
// CHECK-NEXT:       %129 = ttg.memdesc_index %45[%124] : !ttg.memdesc<3x64x128xf16, #shared1, #smem, mutable> -> !ttg.memdesc<64x128xf16, #shared1, #smem, mutable>
// CHECK-NEXT:       %130 = tt.splat %103 : i1 -> tensor<64x128xi1, #blocked>
// CHECK-NEXT:       %131 = ttg.async_copy_global_to_local %121, %129 mask %130 {contiguity = 8 : i32} : tensor<64x128x!tt.ptr<f16>, #blocked> -> <64x128xf16, #shared1, #smem, mutable>
// CHECK-NEXT:       %132 = ttg.async_commit_group tokens %131
// CHECK-NEXT:       scf.yield %104, %118, %121, %token_2, %117, %116, %124, %107, %111, %arg11, %109, %110, %112, %arg21, %c3_i32, %arg23, %128, %arg25, %132 : tensor<128x128xf32, #linear>, tensor<128x64x!tt.ptr<f16>, #blocked1>, tensor<64x128x!tt.ptr<f16>, #blocked>, !ttg.async.token, i32, i32, i32, i32, !ttg.memdesc<1xi64, #shared, #smem, mutable>, i32, !ttg.memdesc<128x64xf16, #shared1, #smem, mutable>, !ttg.memdesc<64x128xf16, #shared1, #smem, mutable>, !ttg.async.token, i32, i32, !ttg.async.token, !ttg.async.token, !ttg.async.token, !ttg.async.token
// CHECK-NEXT:     }
// CHECK-NEXT:     %88 = arith.cmpi sgt, %arg5, %c0_i32 : i32
// CHECK-NEXT:     %89:19 = scf.if %88 -> (tensor<128x128xf32, #linear>, tensor<128x64x!tt.ptr<f16>, #blocked1>, tensor<64x128x!tt.ptr<f16>, #blocked>, !ttg.async.token, i32, i32, i32, i32, !ttg.memdesc<1xi64, #shared, #smem, mutable>, i32, !ttg.memdesc<128x64xf16, #shared1, #smem, mutable>, !ttg.memdesc<64x128xf16, #shared1, #smem, mutable>, !ttg.async.token, i32, i32, !ttg.async.token, !ttg.async.token, !ttg.async.token, !ttg.async.token) {
// CHECK-NEXT:       ttng.wait_barrier %87#8, %87#9 deps %87#10, %87#11 : !ttg.memdesc<1xi64, #shared, #smem, mutable>, !ttg.memdesc<128x64xf16, #shared1, #smem, mutable>, !ttg.memdesc<64x128xf16, #shared1, #smem, mutable>
// CHECK-NEXT:       %result_1, %token_2 = ttng.tmem_load %result[%87#12] : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x128xf32, #linear>
// CHECK-NEXT:       %102 = arith.maxnumf %87#0, %result_1 : tensor<128x128xf32, #linear>
// CHECK-NEXT:       scf.yield %102, %1, %0, %token_2, %6, %6, %6, %6, %2, %87#4, %4, %3, %5, %87#14, %6, %87#16, %5, %87#18, %5 : tensor<128x128xf32, #linear>, tensor<128x64x!tt.ptr<f16>, #blocked1>, tensor<64x128x!tt.ptr<f16>, #blocked>, !ttg.async.token, i32, i32, i32, i32, !ttg.memdesc<1xi64, #shared, #smem, mutable>, i32, !ttg.memdesc<128x64xf16, #shared1, #smem, mutable>, !ttg.memdesc<64x128xf16, #shared1, #smem, mutable>, !ttg.async.token, i32, i32, !ttg.async.token, !ttg.async.token, !ttg.async.token, !ttg.async.token
// CHECK-NEXT:     } else {
// CHECK-NEXT:       scf.yield %87#0, %87#1, %87#2, %87#3, %87#4, %87#5, %87#6, %87#7, %87#8, %87#9, %87#10, %87#11, %87#12, %87#13, %87#14, %87#15, %87#16, %87#17, %87#18 : tensor<128x128xf32, #linear>, tensor<128x64x!tt.ptr<f16>, #blocked1>, tensor<64x128x!tt.ptr<f16>, #blocked>, !ttg.async.token, i32, i32, i32, i32, !ttg.memdesc<1xi64, #shared, #smem, mutable>, i32, !ttg.memdesc<128x64xf16, #shared1, #smem, mutable>, !ttg.memdesc<64x128xf16, #shared1, #smem, mutable>, !ttg.async.token, i32, i32, !ttg.async.token, !ttg.async.token, !ttg.async.token, !ttg.async.token
// CHECK-NEXT:     }
// CHECK-NEXT:     %90 = ttg.async_wait {num = 0 : i32}
// CHECK-NEXT:     ttg.local_dealloc %45 : !ttg.memdesc<3x64x128xf16, #shared1, #smem, mutable>
// CHECK-NEXT:     ttg.local_dealloc %44 : !ttg.memdesc<3x128x64xf16, #shared1, #smem, mutable>
// CHECK-NEXT:     %91 = ttg.memdesc_index %41[%c0_i32] : !ttg.memdesc<2x1xi64, #shared, #smem, mutable> -> !ttg.memdesc<1xi64, #shared, #smem, mutable>
// CHECK-NEXT:     ttng.inval_barrier %91 : !ttg.memdesc<1xi64, #shared, #smem, mutable>
// CHECK-NEXT:     %92 = ttg.memdesc_index %41[%c1_i32] : !ttg.memdesc<2x1xi64, #shared, #smem, mutable> -> !ttg.memdesc<1xi64, #shared, #smem, mutable>
// CHECK-NEXT:     ttng.inval_barrier %92 : !ttg.memdesc<1xi64, #shared, #smem, mutable>
// CHECK-NEXT:     ttg.local_dealloc %41 : !ttg.memdesc<2x1xi64, #shared, #smem, mutable>
// CHECK-NEXT:     %93 = tt.splat %arg4 : i32 -> tensor<128x1xi32, #blocked>
// CHECK-NEXT:     %94 = arith.muli %21, %93 : tensor<128x1xi32, #blocked>
// CHECK-NEXT:     %95 = tt.splat %arg2 : !tt.ptr<f16> -> tensor<128x1x!tt.ptr<f16>, #blocked>
// CHECK-NEXT:     %96 = tt.addptr %95, %94 : tensor<128x1x!tt.ptr<f16>, #blocked>, tensor<128x1xi32, #blocked>
// CHECK-NEXT:     %97 = tt.broadcast %96 : tensor<128x1x!tt.ptr<f16>, #blocked> -> tensor<128x128x!tt.ptr<f16>, #blocked>
// CHECK-NEXT:     %98 = tt.broadcast %37 : tensor<1x128xi32, #blocked> -> tensor<128x128xi32, #blocked>
// CHECK-NEXT:     %99 = tt.addptr %97, %98 : tensor<128x128x!tt.ptr<f16>, #blocked>, tensor<128x128xi32, #blocked>
// CHECK-NEXT:     %100 = arith.truncf %89#0 : tensor<128x128xf32, #linear> to tensor<128x128xf16, #linear>
// CHECK-NEXT:     %101 = ttg.convert_layout %100 : tensor<128x128xf16, #linear> -> tensor<128x128xf16, #blocked>
// CHECK-NEXT:     tt.store %99, %101 : tensor<128x128x!tt.ptr<f16>, #blocked>
// CHECK-NEXT:     tt.return
// CHECK-NEXT:   }
// CHECK-NEXT: }

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#linear = #ttg.linear<{register = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [0, 64]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], warp = [[32, 0], [64, 0]], block = []}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @mm_reset(%arg0: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg3: i32 {tt.divisibility = 16 : i32}, %arg4: i32 {tt.divisibility = 16 : i32}, %arg5: i32 {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %false = arith.constant false
    %cst = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #linear>
    %c128_i32 = arith.constant 128 : i32
    %c64_i32 = arith.constant 64 : i32
    %true = arith.constant true
    %c0_i32 = arith.constant 0 : i32
    %cst_0 = arith.constant dense<64> : tensor<128x64xi32, #blocked>
    %0 = tt.get_program_id x : i32
    %1 = tt.get_program_id y : i32
    %2 = arith.muli %0, %c128_i32 : i32
    %3 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %4 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
    %5 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>
    %6 = tt.splat %2 : i32 -> tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %7 = tt.splat %2 : i32 -> tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
    %8 = arith.addi %6, %3 : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %9 = arith.addi %7, %4 : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
    %10 = arith.muli %1, %c128_i32 : i32
    %11 = tt.splat %10 : i32 -> tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>
    %12 = arith.addi %11, %5 : tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>
    %13 = tt.expand_dims %8 {axis = 1 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<128x1xi32, #blocked>
    %14 = tt.expand_dims %9 {axis = 1 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>> -> tensor<128x1xi32, #blocked1>
    %15 = tt.splat %arg5 : i32 -> tensor<128x1xi32, #blocked>
    %16 = arith.muli %13, %15 : tensor<128x1xi32, #blocked>
    %17 = tt.splat %arg0 : !tt.ptr<f16> -> tensor<128x1x!tt.ptr<f16>, #blocked>
    %18 = tt.addptr %17, %16 : tensor<128x1x!tt.ptr<f16>, #blocked>, tensor<128x1xi32, #blocked>
    %19 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %20 = tt.expand_dims %19 {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x64xi32, #blocked>
    %21 = tt.broadcast %18 : tensor<128x1x!tt.ptr<f16>, #blocked> -> tensor<128x64x!tt.ptr<f16>, #blocked>
    %22 = tt.broadcast %20 : tensor<1x64xi32, #blocked> -> tensor<128x64xi32, #blocked>
    %23 = tt.addptr %21, %22 : tensor<128x64x!tt.ptr<f16>, #blocked>, tensor<128x64xi32, #blocked>
    %24 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
    %25 = tt.expand_dims %24 {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked1}>> -> tensor<64x1xi32, #blocked1>
    %26 = tt.splat %arg4 : i32 -> tensor<64x1xi32, #blocked1>
    %27 = arith.muli %25, %26 : tensor<64x1xi32, #blocked1>
    %28 = tt.splat %arg1 : !tt.ptr<f16> -> tensor<64x1x!tt.ptr<f16>, #blocked1>
    %29 = tt.addptr %28, %27 : tensor<64x1x!tt.ptr<f16>, #blocked1>, tensor<64x1xi32, #blocked1>
    %30 = tt.expand_dims %12 {axis = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked1}>> -> tensor<1x128xi32, #blocked1>
    %31 = tt.broadcast %29 : tensor<64x1x!tt.ptr<f16>, #blocked1> -> tensor<64x128x!tt.ptr<f16>, #blocked1>
    %32 = tt.broadcast %30 : tensor<1x128xi32, #blocked1> -> tensor<64x128xi32, #blocked1>
    %33 = tt.addptr %31, %32 : tensor<64x128x!tt.ptr<f16>, #blocked1>, tensor<64x128xi32, #blocked1>
    %result, %token = ttng.tmem_alloc : () -> (!ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.async.token)
    %34:4 = scf.for %arg6 = %c0_i32 to %arg5 step %c64_i32 iter_args(%arg7 = %cst, %arg8 = %23, %arg9 = %33, %arg10 = %token) -> (tensor<128x128xf32, #linear>, tensor<128x64x!tt.ptr<f16>, #blocked>, tensor<64x128x!tt.ptr<f16>, #blocked1>, !ttg.async.token)  : i32 {
      %44 = tt.load %arg8 {loop.cluster = 4 : i32, loop.stage = 0 : i32} : tensor<128x64x!tt.ptr<f16>, #blocked>
      %45 = ttg.local_alloc %44 {loop.cluster = 1 : i32, loop.stage = 2 : i32} : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
      %46 = tt.load %arg9 {loop.cluster = 4 : i32, loop.stage = 0 : i32} : tensor<64x128x!tt.ptr<f16>, #blocked1>
      %47 = ttg.local_alloc %46 {loop.cluster = 1 : i32, loop.stage = 2 : i32} : (tensor<64x128xf16, #blocked1>) -> !ttg.memdesc<64x128xf16, #shared, #smem>
      %48 = ttng.tc_gen5_mma %45, %47, %result[%arg10], %false, %true {loop.cluster = 1 : i32, loop.stage = 2 : i32, tt.self_latency = 1 : i32} : !ttg.memdesc<128x64xf16, #shared, #smem>, !ttg.memdesc<64x128xf16, #shared, #smem>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
      %result_1, %token_2 = ttng.tmem_load %result[%48] {loop.cluster = 0 : i32, loop.stage = 3 : i32} : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x128xf32, #linear>
      %49 = arith.maxnumf %arg7, %result_1 {loop.cluster = 0 : i32, loop.stage = 3 : i32} : tensor<128x128xf32, #linear>
      %50 = tt.addptr %arg8, %cst_0 {loop.cluster = 3 : i32, loop.stage = 1 : i32} : tensor<128x64x!tt.ptr<f16>, #blocked>, tensor<128x64xi32, #blocked>
      %51 = arith.muli %arg4, %c64_i32 {loop.cluster = 3 : i32, loop.stage = 1 : i32} : i32
      %52 = tt.splat %51 {loop.cluster = 3 : i32, loop.stage = 1 : i32} : i32 -> tensor<64x128xi32, #blocked1>
      %53 = tt.addptr %arg9, %52 {loop.cluster = 3 : i32, loop.stage = 1 : i32} : tensor<64x128x!tt.ptr<f16>, #blocked1>, tensor<64x128xi32, #blocked1>
      scf.yield %49, %50, %53, %token_2 : tensor<128x128xf32, #linear>, tensor<128x64x!tt.ptr<f16>, #blocked>, tensor<64x128x!tt.ptr<f16>, #blocked1>, !ttg.async.token
    } {tt.scheduled_max_stage = 3 : i32}
    %35 = tt.splat %arg4 : i32 -> tensor<128x1xi32, #blocked1>
    %36 = arith.muli %14, %35 : tensor<128x1xi32, #blocked1>
    %37 = tt.splat %arg2 : !tt.ptr<f16> -> tensor<128x1x!tt.ptr<f16>, #blocked1>
    %38 = tt.addptr %37, %36 : tensor<128x1x!tt.ptr<f16>, #blocked1>, tensor<128x1xi32, #blocked1>
    %39 = tt.broadcast %38 : tensor<128x1x!tt.ptr<f16>, #blocked1> -> tensor<128x128x!tt.ptr<f16>, #blocked1>
    %40 = tt.broadcast %30 : tensor<1x128xi32, #blocked1> -> tensor<128x128xi32, #blocked1>
    %41 = tt.addptr %39, %40 : tensor<128x128x!tt.ptr<f16>, #blocked1>, tensor<128x128xi32, #blocked1>
    %42 = arith.truncf %34#0 : tensor<128x128xf32, #linear> to tensor<128x128xf16, #linear>
    %43 = ttg.convert_layout %42 : tensor<128x128xf16, #linear> -> tensor<128x128xf16, #blocked1>
    tt.store %41, %43 : tensor<128x128x!tt.ptr<f16>, #blocked1>
    tt.return
  }
}
