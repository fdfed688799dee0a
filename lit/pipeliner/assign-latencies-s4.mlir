// RUN: ttg-opt %s -split-input-file --tritongpu-assign-latencies=num-stages=4 | FileCheck %s
// Which loads get a tt.latency, and how much, at num-stages=4 (a loop's tt.num_stages overrides it).

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 4], instrShape = [16, 8]}>
// Triton 3.6 on matmul_pipe-BM64-BN256-BK32-sak1-sbn1-scn1-sm80-w4-s4 (real pipeline ground truth).
// CHECK-LABEL: @matmul_kernel
// CHECK: %60 = tt.load %arg11, %59, %cst_0 {tt.latency = 3 : i32} : tensor<64x32x!tt.ptr<f16>, #blocked>
// CHECK: %64 = tt.load %arg12, %63, %cst_1 {tt.latency = 3 : i32} : tensor<32x256x!tt.ptr<f16>, #blocked1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @matmul_kernel(%arg0: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg3: i32 {tt.divisibility = 16 : i32}, %arg4: i32 {tt.divisibility = 16 : i32}, %arg5: i32 {tt.divisibility = 16 : i32}, %arg6: i32 {tt.divisibility = 16 : i32}, %arg7: i32 {tt.divisibility = 16 : i32}, %arg8: i32 {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %cst = arith.constant dense<32> : tensor<64x32xi32, #blocked>
    %c32_i32 = arith.constant 32 : i32
    %c256_i32 = arith.constant 256 : i32
    %c64_i32 = arith.constant 64 : i32
    %cst_0 = arith.constant dense<0.000000e+00> : tensor<64x32xf16, #blocked>
    %cst_1 = arith.constant dense<0.000000e+00> : tensor<32x256xf16, #blocked1>
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %c31_i32 = arith.constant 31 : i32
    %cst_2 = arith.constant dense<0.000000e+00> : tensor<64x256xf32, #mma>
    %0 = tt.get_program_id x : i32
    %1 = tt.get_program_id y : i32
    %2 = arith.muli %0, %c64_i32 : i32
    %3 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %4 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
    %5 = tt.splat %2 : i32 -> tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %6 = tt.splat %2 : i32 -> tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
    %7 = arith.addi %5, %3 : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %8 = arith.addi %6, %4 : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
    %9 = arith.muli %1, %c256_i32 : i32
    %10 = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>
    %11 = tt.splat %9 : i32 -> tensor<256xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>
    %12 = arith.addi %11, %10 : tensor<256xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>
    %13 = tt.expand_dims %7 {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<64x1xi32, #blocked>
    %14 = tt.expand_dims %8 {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked1}>> -> tensor<64x1xi32, #blocked1>
    %15 = tt.splat %arg6 : i32 -> tensor<64x1xi32, #blocked>
    %16 = arith.muli %13, %15 : tensor<64x1xi32, #blocked>
    %17 = tt.splat %arg0 : !tt.ptr<f16> -> tensor<64x1x!tt.ptr<f16>, #blocked>
    %18 = tt.addptr %17, %16 : tensor<64x1x!tt.ptr<f16>, #blocked>, tensor<64x1xi32, #blocked>
    %19 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %20 = tt.expand_dims %19 {axis = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x32xi32, #blocked>
    %21 = tt.broadcast %18 : tensor<64x1x!tt.ptr<f16>, #blocked> -> tensor<64x32x!tt.ptr<f16>, #blocked>
    %22 = tt.broadcast %20 : tensor<1x32xi32, #blocked> -> tensor<64x32xi32, #blocked>
    %23 = tt.addptr %21, %22 : tensor<64x32x!tt.ptr<f16>, #blocked>, tensor<64x32xi32, #blocked>
    %24 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
    %25 = tt.expand_dims %24 {axis = 1 : i32} : tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked1}>> -> tensor<32x1xi32, #blocked1>
    %26 = tt.splat %arg7 : i32 -> tensor<32x1xi32, #blocked1>
    %27 = arith.muli %25, %26 : tensor<32x1xi32, #blocked1>
    %28 = tt.splat %arg1 : !tt.ptr<f16> -> tensor<32x1x!tt.ptr<f16>, #blocked1>
    %29 = tt.addptr %28, %27 : tensor<32x1x!tt.ptr<f16>, #blocked1>, tensor<32x1xi32, #blocked1>
    %30 = tt.expand_dims %12 {axis = 0 : i32} : tensor<256xi32, #ttg.slice<{dim = 0, parent = #blocked1}>> -> tensor<1x256xi32, #blocked1>
    %31 = tt.broadcast %29 : tensor<32x1x!tt.ptr<f16>, #blocked1> -> tensor<32x256x!tt.ptr<f16>, #blocked1>
    %32 = tt.broadcast %30 : tensor<1x256xi32, #blocked1> -> tensor<32x256xi32, #blocked1>
    %33 = tt.addptr %31, %32 : tensor<32x256x!tt.ptr<f16>, #blocked1>, tensor<32x256xi32, #blocked1>
    %34 = arith.addi %arg5, %c31_i32 : i32
    %35 = arith.divsi %34, %c32_i32 : i32
    %36 = arith.muli %arg7, %c32_i32 : i32
    %37 = tt.splat %36 : i32 -> tensor<32x256xi32, #blocked1>
    %38:3 = scf.for %arg9 = %c0_i32 to %35 step %c1_i32 iter_args(%arg10 = %cst_2, %arg11 = %23, %arg12 = %33) -> (tensor<64x256xf32, #mma>, tensor<64x32x!tt.ptr<f16>, #blocked>, tensor<32x256x!tt.ptr<f16>, #blocked1>)  : i32 {
      %55 = arith.muli %arg9, %c32_i32 : i32
      %56 = arith.subi %arg5, %55 : i32
      %57 = tt.splat %56 : i32 -> tensor<1x32xi32, #blocked>
      %58 = arith.cmpi slt, %20, %57 : tensor<1x32xi32, #blocked>
      %59 = tt.broadcast %58 : tensor<1x32xi1, #blocked> -> tensor<64x32xi1, #blocked>
      %60 = tt.load %arg11, %59, %cst_0 : tensor<64x32x!tt.ptr<f16>, #blocked>
      %61 = tt.splat %56 : i32 -> tensor<32x1xi32, #blocked1>
      %62 = arith.cmpi slt, %25, %61 : tensor<32x1xi32, #blocked1>
      %63 = tt.broadcast %62 : tensor<32x1xi1, #blocked1> -> tensor<32x256xi1, #blocked1>
      %64 = tt.load %arg12, %63, %cst_1 : tensor<32x256x!tt.ptr<f16>, #blocked1>
      %65 = ttg.convert_layout %60 : tensor<64x32xf16, #blocked> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %66 = ttg.convert_layout %64 : tensor<32x256xf16, #blocked1> -> tensor<32x256xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
      %67 = tt.dot %65, %66, %arg10, inputPrecision = tf32 : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x256xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x256xf32, #mma>
      %68 = tt.addptr %arg11, %cst : tensor<64x32x!tt.ptr<f16>, #blocked>, tensor<64x32xi32, #blocked>
      %69 = tt.addptr %arg12, %37 : tensor<32x256x!tt.ptr<f16>, #blocked1>, tensor<32x256xi32, #blocked1>
      scf.yield %67, %68, %69 : tensor<64x256xf32, #mma>, tensor<64x32x!tt.ptr<f16>, #blocked>, tensor<32x256x!tt.ptr<f16>, #blocked1>
    }
    %39 = tt.splat %arg8 : i32 -> tensor<64x1xi32, #blocked1>
    %40 = arith.muli %14, %39 : tensor<64x1xi32, #blocked1>
    %41 = tt.splat %arg2 : !tt.ptr<f16> -> tensor<64x1x!tt.ptr<f16>, #blocked1>
    %42 = tt.addptr %41, %40 : tensor<64x1x!tt.ptr<f16>, #blocked1>, tensor<64x1xi32, #blocked1>
    %43 = tt.broadcast %42 : tensor<64x1x!tt.ptr<f16>, #blocked1> -> tensor<64x256x!tt.ptr<f16>, #blocked1>
    %44 = tt.broadcast %30 : tensor<1x256xi32, #blocked1> -> tensor<64x256xi32, #blocked1>
    %45 = tt.addptr %43, %44 : tensor<64x256x!tt.ptr<f16>, #blocked1>, tensor<64x256xi32, #blocked1>
    %46 = tt.splat %arg3 : i32 -> tensor<64x1xi32, #blocked1>
    %47 = arith.cmpi slt, %14, %46 : tensor<64x1xi32, #blocked1>
    %48 = tt.splat %arg4 : i32 -> tensor<1x256xi32, #blocked1>
    %49 = arith.cmpi slt, %30, %48 : tensor<1x256xi32, #blocked1>
    %50 = tt.broadcast %47 : tensor<64x1xi1, #blocked1> -> tensor<64x256xi1, #blocked1>
    %51 = tt.broadcast %49 : tensor<1x256xi1, #blocked1> -> tensor<64x256xi1, #blocked1>
    %52 = arith.andi %50, %51 : tensor<64x256xi1, #blocked1>
    %53 = arith.truncf %38#0 : tensor<64x256xf32, #mma> to tensor<64x256xf16, #mma>
    %54 = ttg.convert_layout %53 : tensor<64x256xf16, #mma> -> tensor<64x256xf16, #blocked1>
    tt.store %45, %54, %52 : tensor<64x256x!tt.ptr<f16>, #blocked1>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [8, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 128, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
// Triton 3.6 on matmul_pipe-BM128-BN128-BK64-sak1-sbn1-scn1-sm90-w8-s4 (real pipeline ground truth).
// CHECK-LABEL: @matmul_kernel
// CHECK: %60 = tt.load %arg11, %59, %cst_0 {tt.latency = 3 : i32} : tensor<128x64x!tt.ptr<f16>, #blocked>
// CHECK: %65 = tt.load %arg12, %64, %cst_1 {tt.latency = 3 : i32} : tensor<64x128x!tt.ptr<f16>, #blocked1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
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
      %61 = ttg.local_alloc %60 : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
      %62 = tt.splat %56 : i32 -> tensor<64x1xi32, #blocked1>
      %63 = arith.cmpi slt, %25, %62 : tensor<64x1xi32, #blocked1>
      %64 = tt.broadcast %63 : tensor<64x1xi1, #blocked1> -> tensor<64x128xi1, #blocked1>
      %65 = tt.load %arg12, %64, %cst_1 : tensor<64x128x!tt.ptr<f16>, #blocked1>
      %66 = ttg.local_alloc %65 : (tensor<64x128xf16, #blocked1>) -> !ttg.memdesc<64x128xf16, #shared, #smem>
      %67 = ttng.warp_group_dot %61, %66, %arg10 {inputPrecision = 0 : i32} : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x128xf16, #shared, #smem> -> tensor<128x128xf32, #mma>
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
