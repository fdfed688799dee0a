// RUN: ttg-opt %s -split-input-file --tritongpu-assign-latencies=num-stages=2 | FileCheck %s
// Which loads get a tt.latency, and how much, at num-stages=2 (a loop's tt.num_stages overrides it).

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory
// Triton 3.6 on attn_pipe-BM128-BN64-D64-sm90-w4-s2 (real pipeline ground truth).
// CHECK-LABEL: @attn_pipe_kernel
// CHECK: %17 = tt.load %16 : tensor<128x64x!tt.ptr<f16>, #blocked>
// CHECK: %47 = tt.load %46 {tt.latency = 1 : i32} : tensor<64x64x!tt.ptr<f16>, #blocked1>
// CHECK: %67 = tt.load %66 {tt.latency = 1 : i32} : tensor<64x64x!tt.ptr<f16>, #blocked>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
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
    %18 = ttg.local_alloc %17 : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
    %19 = tt.splat %arg4 : i32 -> tensor<1x64xi32, #blocked1>
    %20 = tt.splat %arg1 : !tt.ptr<f16> -> tensor<1x64x!tt.ptr<f16>, #blocked1>
    %21 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
    %22 = tt.expand_dims %21 {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked1}>> -> tensor<64x1xi32, #blocked1>
    %23 = tt.broadcast %22 : tensor<64x1xi32, #blocked1> -> tensor<64x64xi32, #blocked1>
    %24 = tt.splat %arg6 : f32 -> tensor<128x64xf32, #mma>
    %25 = tt.splat %arg4 : i32 -> tensor<64x1xi32, #blocked>
    %26 = tt.splat %arg2 : !tt.ptr<f16> -> tensor<64x1x!tt.ptr<f16>, #blocked>
    %27 = tt.broadcast %13 : tensor<1x64xi32, #blocked> -> tensor<64x64xi32, #blocked>
    %28:3 = scf.for %arg7 = %c0_i32 to %arg5 step %c64_i32 iter_args(%arg8 = %cst_1, %arg9 = %cst, %arg10 = %cst_0) -> (tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>, tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>, tensor<128x64xf32, #mma>)  : i32 {
      %38 = tt.splat %arg7 : i32 -> tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>
      %39 = tt.splat %arg7 : i32 -> tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
      %40 = arith.addi %38, %5 : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>
      %41 = arith.addi %39, %6 : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
      %42 = tt.expand_dims %40 {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked1}>> -> tensor<1x64xi32, #blocked1>
      %43 = arith.muli %42, %19 : tensor<1x64xi32, #blocked1>
      %44 = tt.addptr %20, %43 : tensor<1x64x!tt.ptr<f16>, #blocked1>, tensor<1x64xi32, #blocked1>
      %45 = tt.broadcast %44 : tensor<1x64x!tt.ptr<f16>, #blocked1> -> tensor<64x64x!tt.ptr<f16>, #blocked1>
      %46 = tt.addptr %45, %23 : tensor<64x64x!tt.ptr<f16>, #blocked1>, tensor<64x64xi32, #blocked1>
      %47 = tt.load %46 : tensor<64x64x!tt.ptr<f16>, #blocked1>
      %48 = ttg.local_alloc %47 : (tensor<64x64xf16, #blocked1>) -> !ttg.memdesc<64x64xf16, #shared1, #smem>
      %49 = ttng.warp_group_dot %18, %48, %cst_0 {inputPrecision = 0 : i32} : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared1, #smem> -> tensor<128x64xf32, #mma>
      %50 = arith.mulf %49, %24 : tensor<128x64xf32, #mma>
      %51 = "tt.reduce"(%50) <{axis = 1 : i32}> ({
      ^bb0(%arg11: f32, %arg12: f32):
        %75 = arith.maxnumf %arg11, %arg12 : f32
        tt.reduce.return %75 : f32
      }) : (tensor<128x64xf32, #mma>) -> tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
      %52 = arith.maxnumf %arg8, %51 : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
      %53 = tt.expand_dims %52 {axis = 1 : i32} : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>> -> tensor<128x1xf32, #mma>
      %54 = tt.broadcast %53 : tensor<128x1xf32, #mma> -> tensor<128x64xf32, #mma>
      %55 = arith.subf %50, %54 : tensor<128x64xf32, #mma>
      %56 = math.exp2 %55 : tensor<128x64xf32, #mma>
      %57 = arith.subf %arg8, %52 : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
      %58 = math.exp2 %57 : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
      %59 = arith.mulf %arg9, %58 : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
      %60 = "tt.reduce"(%56) <{axis = 1 : i32}> ({
      ^bb0(%arg11: f32, %arg12: f32):
        %75 = arith.addf %arg11, %arg12 : f32
        tt.reduce.return %75 : f32
      }) : (tensor<128x64xf32, #mma>) -> tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
      %61 = arith.addf %59, %60 : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
      %62 = tt.expand_dims %41 {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<64x1xi32, #blocked>
      %63 = arith.muli %62, %25 : tensor<64x1xi32, #blocked>
      %64 = tt.addptr %26, %63 : tensor<64x1x!tt.ptr<f16>, #blocked>, tensor<64x1xi32, #blocked>
      %65 = tt.broadcast %64 : tensor<64x1x!tt.ptr<f16>, #blocked> -> tensor<64x64x!tt.ptr<f16>, #blocked>
      %66 = tt.addptr %65, %27 : tensor<64x64x!tt.ptr<f16>, #blocked>, tensor<64x64xi32, #blocked>
      %67 = tt.load %66 : tensor<64x64x!tt.ptr<f16>, #blocked>
      %68 = ttg.local_alloc %67 : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
      %69 = arith.truncf %56 : tensor<128x64xf32, #mma> to tensor<128x64xf16, #mma>
      %70 = tt.expand_dims %58 {axis = 1 : i32} : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>> -> tensor<128x1xf32, #mma>
      %71 = tt.broadcast %70 : tensor<128x1xf32, #mma> -> tensor<128x64xf32, #mma>
      %72 = arith.mulf %arg10, %71 : tensor<128x64xf32, #mma>
      %73 = ttg.convert_layout %69 : tensor<128x64xf16, #mma> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %74 = ttng.warp_group_dot %73, %68, %72 {inputPrecision = 0 : i32} : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<128x64xf32, #mma>
      scf.yield %52, %61, %74 : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>, tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>, tensor<128x64xf32, #mma>
    }
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

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
// Triton 3.6 on matmul_pipe-BM128-BN128-BK64-sak1-sbn1-scn1-sm80-w4-s2 (real pipeline ground truth).
// CHECK-LABEL: @matmul_kernel
// CHECK: %60 = tt.load %arg11, %59, %cst_0 {tt.latency = 1 : i32} : tensor<128x64x!tt.ptr<f16>, #blocked>
// CHECK: %64 = tt.load %arg12, %63, %cst_1 {tt.latency = 1 : i32} : tensor<64x128x!tt.ptr<f16>, #blocked1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @matmul_kernel(%arg0: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg3: i32 {tt.divisibility = 16 : i32}, %arg4: i32 {tt.divisibility = 16 : i32}, %arg5: i32 {tt.divisibility = 16 : i32}, %arg6: i32 {tt.divisibility = 16 : i32}, %arg7: i32 {tt.divisibility = 16 : i32}, %arg8: i32 {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %cst = arith.constant dense<64> : tensor<128x64xi32, #blocked>
    %c64_i32 = arith.constant 64 : i32
    %c128_i32 = arith.constant 128 : i32
    %cst_0 = arith.constant dense<0.000000e+00> : tensor<128x64xf16, #blocked>
    %cst_1 = arith.constant dense<0.000000e+00> : tensor<64x128xf16, #blocked1>
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %c63_i32 = arith.constant 63 : i32
    %cst_2 = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
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
    %15 = tt.splat %arg6 : i32 -> tensor<128x1xi32, #blocked>
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
    %26 = tt.splat %arg7 : i32 -> tensor<64x1xi32, #blocked1>
    %27 = arith.muli %25, %26 : tensor<64x1xi32, #blocked1>
    %28 = tt.splat %arg1 : !tt.ptr<f16> -> tensor<64x1x!tt.ptr<f16>, #blocked1>
    %29 = tt.addptr %28, %27 : tensor<64x1x!tt.ptr<f16>, #blocked1>, tensor<64x1xi32, #blocked1>
    %30 = tt.expand_dims %12 {axis = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked1}>> -> tensor<1x128xi32, #blocked1>
    %31 = tt.broadcast %29 : tensor<64x1x!tt.ptr<f16>, #blocked1> -> tensor<64x128x!tt.ptr<f16>, #blocked1>
    %32 = tt.broadcast %30 : tensor<1x128xi32, #blocked1> -> tensor<64x128xi32, #blocked1>
    %33 = tt.addptr %31, %32 : tensor<64x128x!tt.ptr<f16>, #blocked1>, tensor<64x128xi32, #blocked1>
    %34 = arith.addi %arg5, %c63_i32 : i32
    %35 = arith.divsi %34, %c64_i32 : i32
    %36 = arith.muli %arg7, %c64_i32 : i32
    %37 = tt.splat %36 : i32 -> tensor<64x128xi32, #blocked1>
    %38:3 = scf.for %arg9 = %c0_i32 to %35 step %c1_i32 iter_args(%arg10 = %cst_2, %arg11 = %23, %arg12 = %33) -> (tensor<128x128xf32, #mma>, tensor<128x64x!tt.ptr<f16>, #blocked>, tensor<64x128x!tt.ptr<f16>, #blocked1>)  : i32 {
      %55 = arith.muli %arg9, %c64_i32 : i32
      %56 = arith.subi %arg5, %55 : i32
      %57 = tt.splat %56 : i32 -> tensor<1x64xi32, #blocked>
      %58 = arith.cmpi slt, %20, %57 : tensor<1x64xi32, #blocked>
      %59 = tt.broadcast %58 : tensor<1x64xi1, #blocked> -> tensor<128x64xi1, #blocked>
      %60 = tt.load %arg11, %59, %cst_0 : tensor<128x64x!tt.ptr<f16>, #blocked>
      %61 = tt.splat %56 : i32 -> tensor<64x1xi32, #blocked1>
      %62 = arith.cmpi slt, %25, %61 : tensor<64x1xi32, #blocked1>
      %63 = tt.broadcast %62 : tensor<64x1xi1, #blocked1> -> tensor<64x128xi1, #blocked1>
      %64 = tt.load %arg12, %63, %cst_1 : tensor<64x128x!tt.ptr<f16>, #blocked1>
      %65 = ttg.convert_layout %60 : tensor<128x64xf16, #blocked> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %66 = ttg.convert_layout %64 : tensor<64x128xf16, #blocked1> -> tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
      %67 = tt.dot %65, %66, %arg10, inputPrecision = tf32 : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<128x128xf32, #mma>
      %68 = tt.addptr %arg11, %cst : tensor<128x64x!tt.ptr<f16>, #blocked>, tensor<128x64xi32, #blocked>
      %69 = tt.addptr %arg12, %37 : tensor<64x128x!tt.ptr<f16>, #blocked1>, tensor<64x128xi32, #blocked1>
      scf.yield %67, %68, %69 : tensor<128x128xf32, #mma>, tensor<128x64x!tt.ptr<f16>, #blocked>, tensor<64x128x!tt.ptr<f16>, #blocked1>
    }
    %39 = tt.splat %arg8 : i32 -> tensor<128x1xi32, #blocked1>
    %40 = arith.muli %14, %39 : tensor<128x1xi32, #blocked1>
    %41 = tt.splat %arg2 : !tt.ptr<f16> -> tensor<128x1x!tt.ptr<f16>, #blocked1>
    %42 = tt.addptr %41, %40 : tensor<128x1x!tt.ptr<f16>, #blocked1>, tensor<128x1xi32, #blocked1>
    %43 = tt.broadcast %42 : tensor<128x1x!tt.ptr<f16>, #blocked1> -> tensor<128x128x!tt.ptr<f16>, #blocked1>
    %44 = tt.broadcast %30 : tensor<1x128xi32, #blocked1> -> tensor<128x128xi32, #blocked1>
    %45 = tt.addptr %43, %44 : tensor<128x128x!tt.ptr<f16>, #blocked1>, tensor<128x128xi32, #blocked1>
    %46 = tt.splat %arg3 : i32 -> tensor<128x1xi32, #blocked1>
    %47 = arith.cmpi slt, %14, %46 : tensor<128x1xi32, #blocked1>
    %48 = tt.splat %arg4 : i32 -> tensor<1x128xi32, #blocked1>
    %49 = arith.cmpi slt, %30, %48 : tensor<1x128xi32, #blocked1>
    %50 = tt.broadcast %47 : tensor<128x1xi1, #blocked1> -> tensor<128x128xi1, #blocked1>
    %51 = tt.broadcast %49 : tensor<1x128xi1, #blocked1> -> tensor<128x128xi1, #blocked1>
    %52 = arith.andi %50, %51 : tensor<128x128xi1, #blocked1>
    %53 = arith.truncf %38#0 : tensor<128x128xf32, #mma> to tensor<128x128xf16, #mma>
    %54 = ttg.convert_layout %53 : tensor<128x128xf16, #mma> -> tensor<128x128xf16, #blocked1>
    tt.store %45, %54, %52 : tensor<128x128x!tt.ptr<f16>, #blocked1>
    tt.return
  }
}
