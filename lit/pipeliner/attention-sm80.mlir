// RUN: ttg-opt %s --tritongpu-pipeline=num-stages=2 | FileCheck %s --match-full-lines

// sm80 attention, 2 stages: K and V loads pipelined into 1-deep rings; the softmax body stays in the kernel.
// Input: Triton 3.6's IR after tritongpu-schedule-loops for `attn_pipe-BM128-BN64-D64-sm80-w4-s2` (real CUDA pipeline);
// expected: Triton 3.6's output of tritongpu-pipeline on it, line for line.

// CHECK: #blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-NEXT: #blocked1 = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
// CHECK-NEXT: #mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
// CHECK-NEXT: #shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [0, 1]}>
// CHECK-NEXT: #shared1 = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
// CHECK-NEXT: #smem = #ttg.shared_memory
// CHECK-NEXT: module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
// CHECK-NEXT:   tt.func public @attn_pipe_kernel(%arg0: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg3: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg4: i32 {tt.divisibility = 16 : i32}, %arg5: i32 {tt.divisibility = 16 : i32}, %arg6: f32) attributes {noinline = false} {
// CHECK-NEXT:     %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:     %c-1_i32 = arith.constant -1 : i32
// CHECK-NEXT:     %c128_i32 = arith.constant 128 : i32
// CHECK-NEXT:     %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT:     %c64_i32 = arith.constant 64 : i32
// CHECK-NEXT:     %cst = arith.constant dense<0.000000e+00> : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
// CHECK-NEXT:     %cst_0 = arith.constant dense<0.000000e+00> : tensor<128x64xf32, #mma>
// CHECK-NEXT:     %cst_1 = arith.constant dense<-1.000000e+30> : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
// CHECK-NEXT:     %0 = tt.get_program_id x : i32
// CHECK-NEXT:     %1 = arith.muli %0, %c128_i32 : i32
// CHECK-NEXT:     %2 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
// CHECK-NEXT:     %3 = tt.splat %1 : i32 -> tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
// CHECK-NEXT:     %4 = arith.addi %3, %2 : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
// CHECK-NEXT:     %5 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>
// CHECK-NEXT:     %6 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
// CHECK-NEXT:     %7 = tt.expand_dims %4 {axis = 1 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<128x1xi32, #blocked>
// CHECK-NEXT:     %8 = tt.splat %arg4 : i32 -> tensor<128x1xi32, #blocked>
// CHECK-NEXT:     %9 = arith.muli %7, %8 : tensor<128x1xi32, #blocked>
// CHECK-NEXT:     %10 = tt.splat %arg0 : !tt.ptr<f16> -> tensor<128x1x!tt.ptr<f16>, #blocked>
// CHECK-NEXT:     %11 = tt.addptr %10, %9 : tensor<128x1x!tt.ptr<f16>, #blocked>, tensor<128x1xi32, #blocked>
// CHECK-NEXT:     %12 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
// CHECK-NEXT:     %13 = tt.expand_dims %12 {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x64xi32, #blocked>
// CHECK-NEXT:     %14 = tt.broadcast %11 : tensor<128x1x!tt.ptr<f16>, #blocked> -> tensor<128x64x!tt.ptr<f16>, #blocked>
// CHECK-NEXT:     %15 = tt.broadcast %13 : tensor<1x64xi32, #blocked> -> tensor<128x64xi32, #blocked>
// CHECK-NEXT:     %16 = tt.addptr %14, %15 : tensor<128x64x!tt.ptr<f16>, #blocked>, tensor<128x64xi32, #blocked>
// CHECK-NEXT:     %17 = tt.load %16 : tensor<128x64x!tt.ptr<f16>, #blocked>
// CHECK-NEXT:     %18 = tt.splat %arg4 : i32 -> tensor<1x64xi32, #blocked1>
// CHECK-NEXT:     %19 = tt.splat %arg1 : !tt.ptr<f16> -> tensor<1x64x!tt.ptr<f16>, #blocked1>
// CHECK-NEXT:     %20 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
// CHECK-NEXT:     %21 = tt.expand_dims %20 {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked1}>> -> tensor<64x1xi32, #blocked1>
// CHECK-NEXT:     %22 = tt.broadcast %21 : tensor<64x1xi32, #blocked1> -> tensor<64x64xi32, #blocked1>
// CHECK-NEXT:     %23 = ttg.convert_layout %17 : tensor<128x64xf16, #blocked> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
// CHECK-NEXT:     %24 = tt.splat %arg6 : f32 -> tensor<128x64xf32, #mma>
// CHECK-NEXT:     %25 = tt.splat %arg4 : i32 -> tensor<64x1xi32, #blocked>
// CHECK-NEXT:     %26 = tt.splat %arg2 : !tt.ptr<f16> -> tensor<64x1x!tt.ptr<f16>, #blocked>
// CHECK-NEXT:     %27 = tt.broadcast %13 : tensor<1x64xi32, #blocked> -> tensor<64x64xi32, #blocked>
// CHECK-NEXT:     %28 = ttg.local_alloc : () -> !ttg.memdesc<1x64x64xf16, #shared, #smem, mutable>
// CHECK-NEXT:     %29 = ttg.local_alloc : () -> !ttg.memdesc<1x64x64xf16, #shared1, #smem, mutable>
// CHECK-NEXT:     %30 = arith.cmpi sgt, %arg5, %c0_i32 : i32
// CHECK-NEXT:     %31 = tt.expand_dims %5 {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked1}>> -> tensor<1x64xi32, #blocked1>
// CHECK-NEXT:     %32 = arith.muli %31, %18 : tensor<1x64xi32, #blocked1>
// CHECK-NEXT:     %33 = tt.addptr %19, %32 : tensor<1x64x!tt.ptr<f16>, #blocked1>, tensor<1x64xi32, #blocked1>
// CHECK-NEXT:     %34 = tt.broadcast %33 : tensor<1x64x!tt.ptr<f16>, #blocked1> -> tensor<64x64x!tt.ptr<f16>, #blocked1>
// CHECK-NEXT:     %35 = tt.addptr %34, %22 : tensor<64x64x!tt.ptr<f16>, #blocked1>, tensor<64x64xi32, #blocked1>
// CHECK-NEXT:     %36 = ttg.memdesc_index %28[%c0_i32] : !ttg.memdesc<1x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
// CHECK-NEXT:     %37 = tt.splat %30 : i1 -> tensor<64x64xi1, #blocked1>
// CHECK-NEXT:     %38 = ttg.async_copy_global_to_local %35, %36 mask %37 {contiguity = 8 : i32} : tensor<64x64x!tt.ptr<f16>, #blocked1> -> <64x64xf16, #shared, #smem, mutable>
// CHECK-NEXT:     %39 = ttg.async_commit_group tokens %38
// CHECK-NEXT:     %40 = tt.expand_dims %6 {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<64x1xi32, #blocked>
// CHECK-NEXT:     %41 = arith.muli %40, %25 : tensor<64x1xi32, #blocked>
// CHECK-NEXT:     %42 = tt.addptr %26, %41 : tensor<64x1x!tt.ptr<f16>, #blocked>, tensor<64x1xi32, #blocked>
// CHECK-NEXT:     %43 = tt.broadcast %42 : tensor<64x1x!tt.ptr<f16>, #blocked> -> tensor<64x64x!tt.ptr<f16>, #blocked>
// CHECK-NEXT:     %44 = tt.addptr %43, %27 : tensor<64x64x!tt.ptr<f16>, #blocked>, tensor<64x64xi32, #blocked>
// CHECK-NEXT:     %45 = ttg.memdesc_index %29[%c0_i32] : !ttg.memdesc<1x64x64xf16, #shared1, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared1, #smem, mutable>
// CHECK-NEXT:     %46 = tt.splat %30 : i1 -> tensor<64x64xi1, #blocked>
// CHECK-NEXT:     %47 = ttg.async_copy_global_to_local %44, %45 mask %46 {contiguity = 8 : i32} : tensor<64x64x!tt.ptr<f16>, #blocked> -> <64x64xf16, #shared1, #smem, mutable>
// CHECK-NEXT:     %48 = ttg.async_commit_group tokens %47
// CHECK-NEXT:     %49:8 = scf.for %arg7 = %c0_i32 to %arg5 step %c64_i32 iter_args(%arg8 = %cst_1, %arg9 = %cst, %arg10 = %cst_0, %arg11 = %c0_i32, %arg12 = %c-1_i32, %arg13 = %c1_i32, %arg14 = %39, %arg15 = %48) -> (tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>, tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>, tensor<128x64xf32, #mma>, i32, i32, i32, !ttg.async.token, !ttg.async.token)  : i32 {
// CHECK-NEXT:       %60 = arith.subi %arg5, %c64_i32 : i32
// CHECK-NEXT:       %61 = arith.cmpi slt, %arg7, %60 : i32
// CHECK-NEXT:       %62 = arith.addi %arg12, %c1_i32 : i32
// CHECK-NEXT:       %63 = arith.cmpi sge, %62, %arg13 : i32
// CHECK-NEXT:       %64 = arith.select %63, %c0_i32, %62 : i32
// CHECK-NEXT:       %65 = ttg.async_wait %arg14, %arg15 {num = 0 : i32}
// CHECK-NEXT:       %66 = ttg.memdesc_index %28[%64] : !ttg.memdesc<1x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
// CHECK-NEXT:       %67 = ttg.local_load %66 token %65 : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> tensor<64x64xf16, #blocked1>
// CHECK-NEXT:       %68 = ttg.convert_layout %67 : tensor<64x64xf16, #blocked1> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
// CHECK-NEXT:       %69 = tt.dot %23, %68, %cst_0, inputPrecision = tf32 : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<128x64xf32, #mma>
// CHECK-NEXT:       %70 = arith.mulf %69, %24 : tensor<128x64xf32, #mma>
// CHECK-NEXT:       %71 = "tt.reduce"(%70) <{axis = 1 : i32}> ({
// CHECK-NEXT:       ^bb0(%arg16: f32, %arg17: f32):
// CHECK-NEXT:         %118 = arith.maxnumf %arg16, %arg17 : f32
// CHECK-NEXT:         tt.reduce.return %118 : f32
// CHECK-NEXT:       }) : (tensor<128x64xf32, #mma>) -> tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
// CHECK-NEXT:       %72 = arith.maxnumf %arg8, %71 : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
// CHECK-NEXT:       %73 = tt.expand_dims %72 {axis = 1 : i32} : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>> -> tensor<128x1xf32, #mma>
// CHECK-NEXT:       %74 = tt.broadcast %73 : tensor<128x1xf32, #mma> -> tensor<128x64xf32, #mma>
// CHECK-NEXT:       %75 = arith.subf %70, %74 : tensor<128x64xf32, #mma>
// CHECK-NEXT:       %76 = math.exp2 %75 : tensor<128x64xf32, #mma>
// CHECK-NEXT:       %77 = arith.subf %arg8, %72 : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
// CHECK-NEXT:       %78 = math.exp2 %77 : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
// CHECK-NEXT:       %79 = arith.mulf %arg9, %78 : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
// CHECK-NEXT:       %80 = "tt.reduce"(%76) <{axis = 1 : i32}> ({
// CHECK-NEXT:       ^bb0(%arg16: f32, %arg17: f32):
// CHECK-NEXT:         %118 = arith.addf %arg16, %arg17 : f32
// CHECK-NEXT:         tt.reduce.return %118 : f32
// CHECK-NEXT:       }) : (tensor<128x64xf32, #mma>) -> tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
// CHECK-NEXT:       %81 = arith.addf %79, %80 : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
// CHECK-NEXT:       %82 = ttg.memdesc_index %29[%64] : !ttg.memdesc<1x64x64xf16, #shared1, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared1, #smem, mutable>
// CHECK-NEXT:       %83 = ttg.local_load %82 token %65 : !ttg.memdesc<64x64xf16, #shared1, #smem, mutable> -> tensor<64x64xf16, #blocked>
// CHECK-NEXT:       %84 = arith.truncf %76 : tensor<128x64xf32, #mma> to tensor<128x64xf16, #mma>
// CHECK-NEXT:       %85 = tt.expand_dims %78 {axis = 1 : i32} : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>> -> tensor<128x1xf32, #mma>
// CHECK-NEXT:       %86 = tt.broadcast %85 : tensor<128x1xf32, #mma> -> tensor<128x64xf32, #mma>
// CHECK-NEXT:       %87 = arith.mulf %arg10, %86 : tensor<128x64xf32, #mma>
// CHECK-NEXT:       %88 = ttg.convert_layout %84 : tensor<128x64xf16, #mma> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
// CHECK-NEXT:       %89 = ttg.convert_layout %83 : tensor<64x64xf16, #blocked> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
// CHECK-NEXT:       %90 = tt.dot %88, %89, %87, inputPrecision = tf32 : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<128x64xf32, #mma>
// CHECK-NEXT:       %91 = arith.addi %arg11, %c1_i32 : i32
// CHECK-NEXT:       %92 = arith.cmpi sge, %91, %c1_i32 : i32
// CHECK-NEXT:       %93 = arith.select %92, %c0_i32, %91 : i32
// CHECK-NEXT:       %94 = arith.addi %arg7, %c64_i32 : i32
// CHECK-NEXT:       %95 = tt.splat %94 : i32 -> tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>
// CHECK-NEXT:       %96 = arith.addi %arg7, %c64_i32 : i32
// CHECK-NEXT:       %97 = tt.splat %96 : i32 -> tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
// CHECK-NEXT:       %98 = arith.addi %95, %5 : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>
// CHECK-NEXT:       %99 = arith.addi %97, %6 : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
// CHECK-NEXT:       %100 = tt.expand_dims %98 {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked1}>> -> tensor<1x64xi32, #blocked1>
// CHECK-NEXT:       %101 = arith.muli %100, %18 : tensor<1x64xi32, #blocked1>
// CHECK-NEXT:       %102 = tt.addptr %19, %101 : tensor<1x64x!tt.ptr<f16>, #blocked1>, tensor<1x64xi32, #blocked1>
// CHECK-NEXT:       %103 = tt.broadcast %102 : tensor<1x64x!tt.ptr<f16>, #blocked1> -> tensor<64x64x!tt.ptr<f16>, #blocked1>
// CHECK-NEXT:       %104 = tt.addptr %103, %22 : tensor<64x64x!tt.ptr<f16>, #blocked1>, tensor<64x64xi32, #blocked1>
// CHECK-NEXT:       %105 = ttg.memdesc_index %28[%93] : !ttg.memdesc<1x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
// CHECK-NEXT:       %106 = tt.splat %61 : i1 -> tensor<64x64xi1, #blocked1>
// CHECK-NEXT:       %107 = ttg.async_copy_global_to_local %104, %105 mask %106 {contiguity = 8 : i32} : tensor<64x64x!tt.ptr<f16>, #blocked1> -> <64x64xf16, #shared, #smem, mutable>
// CHECK-NEXT:       %108 = ttg.async_commit_group tokens %107
// CHECK-NEXT:       %109 = tt.expand_dims %99 {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<64x1xi32, #blocked>
// CHECK-NEXT:       %110 = arith.muli %109, %25 : tensor<64x1xi32, #blocked>
// CHECK-NEXT:       %111 = tt.addptr %26, %110 : tensor<64x1x!tt.ptr<f16>, #blocked>, tensor<64x1xi32, #blocked>
// CHECK-NEXT:       %112 = tt.broadcast %111 : tensor<64x1x!tt.ptr<f16>, #blocked> -> tensor<64x64x!tt.ptr<f16>, #blocked>
// CHECK-NEXT:       %113 = tt.addptr %112, %27 : tensor<64x64x!tt.ptr<f16>, #blocked>, tensor<64x64xi32, #blocked>
// CHECK-NEXT:       %114 = ttg.memdesc_index %29[%93] : !ttg.memdesc<1x64x64xf16, #shared1, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared1, #smem, mutable>
// CHECK-NEXT:       %115 = tt.splat %61 : i1 -> tensor<64x64xi1, #blocked>
// CHECK-NEXT:       %116 = ttg.async_copy_global_to_local %113, %114 mask %115 {contiguity = 8 : i32} : tensor<64x64x!tt.ptr<f16>, #blocked> -> <64x64xf16, #shared1, #smem, mutable>
// CHECK-NEXT:       %117 = ttg.async_commit_group tokens %116
// CHECK-NEXT:       scf.yield %72, %81, %90, %93, %64, %c1_i32, %108, %117 : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>, tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>, tensor<128x64xf32, #mma>, i32, i32, i32, !ttg.async.token, !ttg.async.token
// CHECK-NEXT:     }
// CHECK-NEXT:     %50 = ttg.async_wait {num = 0 : i32}
// CHECK-NEXT:     ttg.local_dealloc %29 : !ttg.memdesc<1x64x64xf16, #shared1, #smem, mutable>
// CHECK-NEXT:     ttg.local_dealloc %28 : !ttg.memdesc<1x64x64xf16, #shared, #smem, mutable>
// CHECK-NEXT:     %51 = tt.splat %arg3 : !tt.ptr<f16> -> tensor<128x1x!tt.ptr<f16>, #blocked>
// CHECK-NEXT:     %52 = tt.addptr %51, %9 : tensor<128x1x!tt.ptr<f16>, #blocked>, tensor<128x1xi32, #blocked>
// CHECK-NEXT:     %53 = tt.broadcast %52 : tensor<128x1x!tt.ptr<f16>, #blocked> -> tensor<128x64x!tt.ptr<f16>, #blocked>
// CHECK-NEXT:     %54 = tt.addptr %53, %15 : tensor<128x64x!tt.ptr<f16>, #blocked>, tensor<128x64xi32, #blocked>
// CHECK-NEXT:     %55 = tt.expand_dims %49#1 {axis = 1 : i32} : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>> -> tensor<128x1xf32, #mma>
// CHECK-NEXT:     %56 = tt.broadcast %55 : tensor<128x1xf32, #mma> -> tensor<128x64xf32, #mma>
// CHECK-NEXT:     %57 = arith.divf %49#2, %56 : tensor<128x64xf32, #mma>
// CHECK-NEXT:     %58 = arith.truncf %57 : tensor<128x64xf32, #mma> to tensor<128x64xf16, #mma>
// CHECK-NEXT:     %59 = ttg.convert_layout %58 : tensor<128x64xf16, #mma> -> tensor<128x64xf16, #blocked>
// CHECK-NEXT:     tt.store %54, %59 : tensor<128x64x!tt.ptr<f16>, #blocked>
// CHECK-NEXT:     tt.return
// CHECK-NEXT:   }
// CHECK-NEXT: }

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @attn_pipe_kernel(%arg0: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg3: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg4: i32 {tt.divisibility = 16 : i32}, %arg5: i32 {tt.divisibility = 16 : i32}, %arg6: f32) attributes {noinline = false} {
    %c128_i32 = arith.constant 128 : i32
    %c0_i32 = arith.constant 0 : i32
    %c64_i32 = arith.constant 64 : i32
    %cst = arith.constant dense<0.000000e+00> : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
    %cst_0 = arith.constant dense<0.000000e+00> : tensor<128x64xf32, #mma>
    %cst_1 = arith.constant dense<-1.000000e+30> : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
    %0 = tt.get_program_id x : i32
    %1 = arith.muli %0, %c128_i32 : i32
    %2 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %3 = tt.splat %1 : i32 -> tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %4 = arith.addi %3, %2 : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %5 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>
    %6 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %7 = tt.expand_dims %4 {axis = 1 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<128x1xi32, #blocked>
    %8 = tt.splat %arg4 : i32 -> tensor<128x1xi32, #blocked>
    %9 = arith.muli %7, %8 : tensor<128x1xi32, #blocked>
    %10 = tt.splat %arg0 : !tt.ptr<f16> -> tensor<128x1x!tt.ptr<f16>, #blocked>
    %11 = tt.addptr %10, %9 : tensor<128x1x!tt.ptr<f16>, #blocked>, tensor<128x1xi32, #blocked>
    %12 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %13 = tt.expand_dims %12 {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x64xi32, #blocked>
    %14 = tt.broadcast %11 : tensor<128x1x!tt.ptr<f16>, #blocked> -> tensor<128x64x!tt.ptr<f16>, #blocked>
    %15 = tt.broadcast %13 : tensor<1x64xi32, #blocked> -> tensor<128x64xi32, #blocked>
    %16 = tt.addptr %14, %15 : tensor<128x64x!tt.ptr<f16>, #blocked>, tensor<128x64xi32, #blocked>
    %17 = tt.load %16 : tensor<128x64x!tt.ptr<f16>, #blocked>
    %18 = tt.splat %arg4 : i32 -> tensor<1x64xi32, #blocked1>
    %19 = tt.splat %arg1 : !tt.ptr<f16> -> tensor<1x64x!tt.ptr<f16>, #blocked1>
    %20 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
    %21 = tt.expand_dims %20 {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked1}>> -> tensor<64x1xi32, #blocked1>
    %22 = tt.broadcast %21 : tensor<64x1xi32, #blocked1> -> tensor<64x64xi32, #blocked1>
    %23 = ttg.convert_layout %17 : tensor<128x64xf16, #blocked> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    %24 = tt.splat %arg6 : f32 -> tensor<128x64xf32, #mma>
    %25 = tt.splat %arg4 : i32 -> tensor<64x1xi32, #blocked>
    %26 = tt.splat %arg2 : !tt.ptr<f16> -> tensor<64x1x!tt.ptr<f16>, #blocked>
    %27 = tt.broadcast %13 : tensor<1x64xi32, #blocked> -> tensor<64x64xi32, #blocked>
    %28:3 = scf.for %arg7 = %c0_i32 to %arg5 step %c64_i32 iter_args(%arg8 = %cst_1, %arg9 = %cst, %arg10 = %cst_0) -> (tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>, tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>, tensor<128x64xf32, #mma>)  : i32 {
      %38 = tt.splat %arg7 {loop.cluster = 1 : i32, loop.stage = 0 : i32} : i32 -> tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>
      %39 = tt.splat %arg7 {loop.cluster = 1 : i32, loop.stage = 0 : i32} : i32 -> tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
      %40 = arith.addi %38, %5 {loop.cluster = 1 : i32, loop.stage = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>
      %41 = arith.addi %39, %6 {loop.cluster = 1 : i32, loop.stage = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
      %42 = tt.expand_dims %40 {axis = 0 : i32, loop.cluster = 1 : i32, loop.stage = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked1}>> -> tensor<1x64xi32, #blocked1>
      %43 = arith.muli %42, %18 {loop.cluster = 1 : i32, loop.stage = 0 : i32} : tensor<1x64xi32, #blocked1>
      %44 = tt.addptr %19, %43 {loop.cluster = 1 : i32, loop.stage = 0 : i32} : tensor<1x64x!tt.ptr<f16>, #blocked1>, tensor<1x64xi32, #blocked1>
      %45 = tt.broadcast %44 {loop.cluster = 1 : i32, loop.stage = 0 : i32} : tensor<1x64x!tt.ptr<f16>, #blocked1> -> tensor<64x64x!tt.ptr<f16>, #blocked1>
      %46 = tt.addptr %45, %22 {loop.cluster = 1 : i32, loop.stage = 0 : i32} : tensor<64x64x!tt.ptr<f16>, #blocked1>, tensor<64x64xi32, #blocked1>
      %47 = tt.load %46 {loop.cluster = 1 : i32, loop.stage = 0 : i32} : tensor<64x64x!tt.ptr<f16>, #blocked1>
      %48 = ttg.convert_layout %47 {loop.cluster = 0 : i32, loop.stage = 1 : i32} : tensor<64x64xf16, #blocked1> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
      %49 = tt.dot %23, %48, %cst_0, inputPrecision = tf32 {loop.cluster = 0 : i32, loop.stage = 1 : i32} : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<128x64xf32, #mma>
      %50 = arith.mulf %49, %24 {loop.cluster = 0 : i32, loop.stage = 1 : i32} : tensor<128x64xf32, #mma>
      %51 = "tt.reduce"(%50) <{axis = 1 : i32}> ({
      ^bb0(%arg11: f32, %arg12: f32):
        %75 = arith.maxnumf %arg11, %arg12 : f32
        tt.reduce.return %75 : f32
      }) {loop.cluster = 0 : i32, loop.stage = 1 : i32} : (tensor<128x64xf32, #mma>) -> tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
      %52 = arith.maxnumf %arg8, %51 {loop.cluster = 0 : i32, loop.stage = 1 : i32} : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
      %53 = tt.expand_dims %52 {axis = 1 : i32, loop.cluster = 0 : i32, loop.stage = 1 : i32} : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>> -> tensor<128x1xf32, #mma>
      %54 = tt.broadcast %53 {loop.cluster = 0 : i32, loop.stage = 1 : i32} : tensor<128x1xf32, #mma> -> tensor<128x64xf32, #mma>
      %55 = arith.subf %50, %54 {loop.cluster = 0 : i32, loop.stage = 1 : i32} : tensor<128x64xf32, #mma>
      %56 = math.exp2 %55 {loop.cluster = 0 : i32, loop.stage = 1 : i32} : tensor<128x64xf32, #mma>
      %57 = arith.subf %arg8, %52 {loop.cluster = 0 : i32, loop.stage = 1 : i32} : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
      %58 = math.exp2 %57 {loop.cluster = 0 : i32, loop.stage = 1 : i32} : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
      %59 = arith.mulf %arg9, %58 {loop.cluster = 0 : i32, loop.stage = 1 : i32} : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
      %60 = "tt.reduce"(%56) <{axis = 1 : i32}> ({
      ^bb0(%arg11: f32, %arg12: f32):
        %75 = arith.addf %arg11, %arg12 : f32
        tt.reduce.return %75 : f32
      }) {loop.cluster = 0 : i32, loop.stage = 1 : i32} : (tensor<128x64xf32, #mma>) -> tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
      %61 = arith.addf %59, %60 {loop.cluster = 0 : i32, loop.stage = 1 : i32} : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
      %62 = tt.expand_dims %41 {axis = 1 : i32, loop.cluster = 1 : i32, loop.stage = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<64x1xi32, #blocked>
      %63 = arith.muli %62, %25 {loop.cluster = 1 : i32, loop.stage = 0 : i32} : tensor<64x1xi32, #blocked>
      %64 = tt.addptr %26, %63 {loop.cluster = 1 : i32, loop.stage = 0 : i32} : tensor<64x1x!tt.ptr<f16>, #blocked>, tensor<64x1xi32, #blocked>
      %65 = tt.broadcast %64 {loop.cluster = 1 : i32, loop.stage = 0 : i32} : tensor<64x1x!tt.ptr<f16>, #blocked> -> tensor<64x64x!tt.ptr<f16>, #blocked>
      %66 = tt.addptr %65, %27 {loop.cluster = 1 : i32, loop.stage = 0 : i32} : tensor<64x64x!tt.ptr<f16>, #blocked>, tensor<64x64xi32, #blocked>
      %67 = tt.load %66 {loop.cluster = 1 : i32, loop.stage = 0 : i32} : tensor<64x64x!tt.ptr<f16>, #blocked>
      %68 = arith.truncf %56 {loop.cluster = 0 : i32, loop.stage = 1 : i32} : tensor<128x64xf32, #mma> to tensor<128x64xf16, #mma>
      %69 = tt.expand_dims %58 {axis = 1 : i32, loop.cluster = 0 : i32, loop.stage = 1 : i32} : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>> -> tensor<128x1xf32, #mma>
      %70 = tt.broadcast %69 {loop.cluster = 0 : i32, loop.stage = 1 : i32} : tensor<128x1xf32, #mma> -> tensor<128x64xf32, #mma>
      %71 = arith.mulf %arg10, %70 {loop.cluster = 0 : i32, loop.stage = 1 : i32} : tensor<128x64xf32, #mma>
      %72 = ttg.convert_layout %68 {loop.cluster = 0 : i32, loop.stage = 1 : i32} : tensor<128x64xf16, #mma> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %73 = ttg.convert_layout %67 {loop.cluster = 0 : i32, loop.stage = 1 : i32} : tensor<64x64xf16, #blocked> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
      %74 = tt.dot %72, %73, %71, inputPrecision = tf32 {loop.cluster = 0 : i32, loop.stage = 1 : i32} : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<128x64xf32, #mma>
      scf.yield %52, %61, %74 : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>, tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>, tensor<128x64xf32, #mma>
    } {tt.scheduled_max_stage = 1 : i32}
    %29 = tt.splat %arg3 : !tt.ptr<f16> -> tensor<128x1x!tt.ptr<f16>, #blocked>
    %30 = tt.addptr %29, %9 : tensor<128x1x!tt.ptr<f16>, #blocked>, tensor<128x1xi32, #blocked>
    %31 = tt.broadcast %30 : tensor<128x1x!tt.ptr<f16>, #blocked> -> tensor<128x64x!tt.ptr<f16>, #blocked>
    %32 = tt.addptr %31, %15 : tensor<128x64x!tt.ptr<f16>, #blocked>, tensor<128x64xi32, #blocked>
    %33 = tt.expand_dims %28#1 {axis = 1 : i32} : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>> -> tensor<128x1xf32, #mma>
    %34 = tt.broadcast %33 : tensor<128x1xf32, #mma> -> tensor<128x64xf32, #mma>
    %35 = arith.divf %28#2, %34 : tensor<128x64xf32, #mma>
    %36 = arith.truncf %35 : tensor<128x64xf32, #mma> to tensor<128x64xf16, #mma>
    %37 = ttg.convert_layout %36 : tensor<128x64xf16, #mma> -> tensor<128x64xf16, #blocked>
    tt.store %32, %37 : tensor<128x64x!tt.ptr<f16>, #blocked>
    tt.return
  }
}
