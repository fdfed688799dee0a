// RUN: ttg-opt %s -split-input-file --tritongpu-schedule-loops | FileCheck %s
// The coarse schedule (loop.stage, loop.cluster, tt.scheduled_max_stage) made from the tt.latency attributes.

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
// Triton 3.6 on matmul_pipe-BM128-BN128-BK64-sak1-sbn1-scn1-sm90-w4-s3 (real pipeline ground truth).
// CHECK-LABEL: @matmul_kernel
// CHECK: %55 = arith.muli %arg9, %c64_i32 {loop.cluster = 3 : i32, loop.stage = 0 : i32} : i32
// CHECK: %56 = arith.subi %arg5, %55 {loop.cluster = 3 : i32, loop.stage = 0 : i32} : i32
// CHECK: %57 = tt.splat %56 {loop.cluster = 3 : i32, loop.stage = 0 : i32} : i32 -> tensor<1x64xi32, #blocked>
// CHECK: %58 = arith.cmpi slt, %20, %57 {loop.cluster = 3 : i32, loop.stage = 0 : i32} : tensor<1x64xi32, #blocked>
// CHECK: %59 = tt.broadcast %58 {loop.cluster = 3 : i32, loop.stage = 0 : i32} : tensor<1x64xi1, #blocked> -> tensor<128x64xi1, #blocked>
// CHECK: %60 = tt.load %arg11, %59, %cst_0 {loop.cluster = 3 : i32, loop.stage = 0 : i32} : tensor<128x64x!tt.ptr<f16>, #blocked>
// CHECK: %61 = ttg.local_alloc %60 {loop.cluster = 0 : i32, loop.stage = 2 : i32} : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
// CHECK: %62 = tt.splat %56 {loop.cluster = 3 : i32, loop.stage = 0 : i32} : i32 -> tensor<64x1xi32, #blocked1>
// CHECK: %63 = arith.cmpi slt, %25, %62 {loop.cluster = 3 : i32, loop.stage = 0 : i32} : tensor<64x1xi32, #blocked1>
// CHECK: %64 = tt.broadcast %63 {loop.cluster = 3 : i32, loop.stage = 0 : i32} : tensor<64x1xi1, #blocked1> -> tensor<64x128xi1, #blocked1>
// CHECK: %65 = tt.load %arg12, %64, %cst_1 {loop.cluster = 3 : i32, loop.stage = 0 : i32} : tensor<64x128x!tt.ptr<f16>, #blocked1>
// CHECK: %66 = ttg.local_alloc %65 {loop.cluster = 0 : i32, loop.stage = 2 : i32} : (tensor<64x128xf16, #blocked1>) -> !ttg.memdesc<64x128xf16, #shared, #smem>
// CHECK: %67 = ttng.warp_group_dot %61, %66, %arg10 {inputPrecision = 0 : i32, loop.cluster = 0 : i32, loop.stage = 2 : i32} : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x128xf16, #shared, #smem> -> tensor<128x128xf32, #mma>
// CHECK: %68 = tt.addptr %arg11, %cst {loop.cluster = 2 : i32, loop.stage = 1 : i32} : tensor<128x64x!tt.ptr<f16>, #blocked>, tensor<128x64xi32, #blocked>
// CHECK: %69 = tt.addptr %arg12, %37 {loop.cluster = 2 : i32, loop.stage = 1 : i32} : tensor<64x128x!tt.ptr<f16>, #blocked1>, tensor<64x128xi32, #blocked1>
// CHECK: } {tt.scheduled_max_stage = 2 : i32}
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
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
      %60 = tt.load %arg11, %59, %cst_0 {tt.latency = 2 : i32} : tensor<128x64x!tt.ptr<f16>, #blocked>
      %61 = ttg.local_alloc %60 : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
      %62 = tt.splat %56 : i32 -> tensor<64x1xi32, #blocked1>
      %63 = arith.cmpi slt, %25, %62 : tensor<64x1xi32, #blocked1>
      %64 = tt.broadcast %63 : tensor<64x1xi1, #blocked1> -> tensor<64x128xi1, #blocked1>
      %65 = tt.load %arg12, %64, %cst_1 {tt.latency = 2 : i32} : tensor<64x128x!tt.ptr<f16>, #blocked1>
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

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
// Triton 3.6 on matmul_tma-BM128-BN128-BK64-sm90-w4-s3 (real pipeline ground truth).
// CHECK-LABEL: @matmul_tma_kernel
// CHECK: %16 = arith.muli %arg6, %c64_i32 {loop.cluster = 2 : i32, loop.stage = 0 : i32} : i32
// CHECK: %17 = tt.descriptor_load %1[%9, %16] {loop.cluster = 2 : i32, loop.stage = 0 : i32} : !tt.tensordesc<tensor<128x64xf16, #shared>> -> tensor<128x64xf16, #blocked>
// CHECK: %18 = ttg.local_alloc %17 {loop.cluster = 0 : i32, loop.stage = 2 : i32} : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
// CHECK: %19 = tt.descriptor_load %3[%16, %10] {loop.cluster = 2 : i32, loop.stage = 0 : i32} : !tt.tensordesc<tensor<64x128xf16, #shared>> -> tensor<64x128xf16, #blocked1>
// CHECK: %20 = ttg.local_alloc %19 {loop.cluster = 0 : i32, loop.stage = 2 : i32} : (tensor<64x128xf16, #blocked1>) -> !ttg.memdesc<64x128xf16, #shared, #smem>
// CHECK: %21 = ttng.warp_group_dot %18, %20, %arg7 {inputPrecision = 0 : i32, loop.cluster = 0 : i32, loop.stage = 2 : i32} : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x128xf16, #shared, #smem> -> tensor<128x128xf32, #mma>
// CHECK: } {tt.scheduled_max_stage = 2 : i32}
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
      %16 = arith.muli %arg6, %c64_i32 : i32
      %17 = tt.descriptor_load %1[%9, %16] {tt.latency = 2 : i32} : !tt.tensordesc<tensor<128x64xf16, #shared>> -> tensor<128x64xf16, #blocked>
      %18 = ttg.local_alloc %17 : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
      %19 = tt.descriptor_load %3[%16, %10] {tt.latency = 2 : i32} : !tt.tensordesc<tensor<64x128xf16, #shared>> -> tensor<64x128xf16, #blocked1>
      %20 = ttg.local_alloc %19 : (tensor<64x128xf16, #blocked1>) -> !ttg.memdesc<64x128xf16, #shared, #smem>
      %21 = ttng.warp_group_dot %18, %20, %arg7 {inputPrecision = 0 : i32} : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x128xf16, #shared, #smem> -> tensor<128x128xf32, #mma>
      scf.yield %21 : tensor<128x128xf32, #mma>
    }
    %12 = arith.muli %5, %c128_i32 : i32
    %13 = arith.muli %6, %c128_i32 : i32
    %14 = arith.truncf %11 : tensor<128x128xf32, #mma> to tensor<128x128xf16, #mma>
    %15 = ttg.convert_layout %14 : tensor<128x128xf16, #mma> -> tensor<128x128xf16, #blocked1>
    tt.descriptor_store %4[%12, %13], %15 : !tt.tensordesc<tensor<128x128xf16, #shared>>, tensor<128x128xf16, #blocked1>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
// Triton 3.6 on persistent_matmul-BM128-BN128-BK64-NUM_SMS132-sm80-w4-s3 (real pipeline ground truth).
// CHECK-LABEL: @persistent_matmul_kernel
// CHECK: %32 = arith.cmpi eq, %arg10, %c0_i32 {loop.cluster = 1 : i32, loop.stage = 0 : i32} : i32
// CHECK: %33 = arith.select %32, %c0_i32, %arg12 {loop.cluster = 5 : i32, loop.stage = 0 : i32} : i32
// CHECK: } {loop.cluster = 1 : i32, loop.stage = 0 : i32}
// CHECK: %35 = arith.muli %33, %c64_i32 {loop.cluster = 5 : i32, loop.stage = 0 : i32} : i32
// CHECK: %36 = tt.splat %35 {loop.cluster = 5 : i32, loop.stage = 0 : i32} : i32 -> tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>
// CHECK: %37 = tt.splat %35 {loop.cluster = 2 : i32, loop.stage = 2 : i32} : i32 -> tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
// CHECK: %38 = arith.addi %36, %7 {loop.cluster = 5 : i32, loop.stage = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>
// CHECK: %39 = arith.addi %37, %8 {loop.cluster = 2 : i32, loop.stage = 2 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
// CHECK: %40 = tt.expand_dims %38 {axis = 0 : i32, loop.cluster = 5 : i32, loop.stage = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked1}>> -> tensor<1x64xi32, #blocked1>
// CHECK: %41 = arith.cmpi slt, %40, %23 {loop.cluster = 5 : i32, loop.stage = 0 : i32} : tensor<1x64xi32, #blocked1>
// CHECK: %42 = tt.expand_dims %34#1 {axis = 1 : i32, loop.cluster = 5 : i32, loop.stage = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>> -> tensor<128x1xi32, #blocked1>
// CHECK: %43 = arith.muli %42, %24 {loop.cluster = 5 : i32, loop.stage = 0 : i32} : tensor<128x1xi32, #blocked1>
// CHECK: %44 = tt.addptr %25, %43 {loop.cluster = 5 : i32, loop.stage = 0 : i32} : tensor<128x1x!tt.ptr<f16>, #blocked1>, tensor<128x1xi32, #blocked1>
// CHECK: %45 = tt.broadcast %44 {loop.cluster = 5 : i32, loop.stage = 0 : i32} : tensor<128x1x!tt.ptr<f16>, #blocked1> -> tensor<128x64x!tt.ptr<f16>, #blocked1>
// CHECK: %46 = tt.broadcast %40 {loop.cluster = 5 : i32, loop.stage = 0 : i32} : tensor<1x64xi32, #blocked1> -> tensor<128x64xi32, #blocked1>
// CHECK: %47 = tt.addptr %45, %46 {loop.cluster = 5 : i32, loop.stage = 0 : i32} : tensor<128x64x!tt.ptr<f16>, #blocked1>, tensor<128x64xi32, #blocked1>
// CHECK: %48 = tt.broadcast %41 {loop.cluster = 5 : i32, loop.stage = 0 : i32} : tensor<1x64xi1, #blocked1> -> tensor<128x64xi1, #blocked1>
// CHECK: %49 = tt.load %47, %48, %cst_3 {loop.cluster = 5 : i32, loop.stage = 0 : i32} : tensor<128x64x!tt.ptr<f16>, #blocked1>
// CHECK: %50 = tt.expand_dims %39 {axis = 1 : i32, loop.cluster = 2 : i32, loop.stage = 2 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<64x1xi32, #blocked>
// CHECK: %51 = arith.cmpi slt, %50, %26 {loop.cluster = 2 : i32, loop.stage = 2 : i32} : tensor<64x1xi32, #blocked>
// CHECK: %52 = arith.muli %50, %27 {loop.cluster = 2 : i32, loop.stage = 2 : i32} : tensor<64x1xi32, #blocked>
// CHECK: %53 = tt.addptr %28, %52 {loop.cluster = 2 : i32, loop.stage = 2 : i32} : tensor<64x1x!tt.ptr<f16>, #blocked>, tensor<64x1xi32, #blocked>
// CHECK: %54 = tt.expand_dims %34#2 {axis = 0 : i32, loop.cluster = 2 : i32, loop.stage = 2 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x128xi32, #blocked>
// CHECK: %55 = tt.broadcast %53 {loop.cluster = 2 : i32, loop.stage = 2 : i32} : tensor<64x1x!tt.ptr<f16>, #blocked> -> tensor<64x128x!tt.ptr<f16>, #blocked>
// CHECK: %56 = tt.broadcast %54 {loop.cluster = 2 : i32, loop.stage = 2 : i32} : tensor<1x128xi32, #blocked> -> tensor<64x128xi32, #blocked>
// CHECK: %57 = tt.addptr %55, %56 {loop.cluster = 2 : i32, loop.stage = 2 : i32} : tensor<64x128x!tt.ptr<f16>, #blocked>, tensor<64x128xi32, #blocked>
// CHECK: %58 = tt.broadcast %51 {loop.cluster = 2 : i32, loop.stage = 2 : i32} : tensor<64x1xi1, #blocked> -> tensor<64x128xi1, #blocked>
// CHECK: %59 = tt.load %57, %58, %cst_2 {loop.cluster = 2 : i32, loop.stage = 2 : i32} : tensor<64x128x!tt.ptr<f16>, #blocked>
// CHECK: %60 = ttg.convert_layout %49 {loop.cluster = 2 : i32, loop.stage = 2 : i32} : tensor<128x64xf16, #blocked1> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
// CHECK: %61 = ttg.convert_layout %59 {loop.cluster = 2 : i32, loop.stage = 2 : i32} : tensor<64x128xf16, #blocked> -> tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
// CHECK: %62 = tt.dot %60, %61, %arg13, inputPrecision = tf32 {loop.cluster = 2 : i32, loop.stage = 2 : i32} : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<128x128xf32, #mma>
// CHECK: %63 = arith.addi %33, %c1_i32 {loop.cluster = 4 : i32, loop.stage = 1 : i32} : i32
// CHECK: %64 = arith.cmpi eq, %arg10, %29 {loop.cluster = 6 : i32, loop.stage = 2 : i32} : i32
// CHECK: } {loop.cluster = 6 : i32, loop.stage = 2 : i32}
// CHECK: %66 = arith.addi %arg10, %c1_i32 {loop.cluster = 0 : i32, loop.stage = 1 : i32} : i32
// CHECK: %67 = arith.cmpi eq, %arg10, %30 {loop.cluster = 0 : i32, loop.stage = 1 : i32} : i32
// CHECK: %68 = arith.select %67, %c0_i32, %66 {loop.cluster = 0 : i32, loop.stage = 1 : i32} : i32
// CHECK: } {tt.scheduled_max_stage = 2 : i32}
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @persistent_matmul_kernel(%arg0: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg3: i32 {tt.divisibility = 16 : i32}, %arg4: i32 {tt.divisibility = 16 : i32}, %arg5: i32 {tt.divisibility = 16 : i32}, %arg6: i32 {tt.divisibility = 16 : i32}, %arg7: i32 {tt.divisibility = 16 : i32}, %arg8: i32 {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %cst = arith.constant dense<0.000000e+00> : tensor<128x128xf16, #blocked>
    %cst_0 = arith.constant dense<0> : tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %cst_1 = arith.constant dense<0> : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
    %cst_2 = arith.constant dense<0.000000e+00> : tensor<64x128xf16, #blocked>
    %cst_3 = arith.constant dense<0.000000e+00> : tensor<128x64xf16, #blocked1>
    %c127_i32 = arith.constant 127 : i32
    %c128_i32 = arith.constant 128 : i32
    %c64_i32 = arith.constant 64 : i32
    %c132_i32 = arith.constant 132 : i32
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %c63_i32 = arith.constant 63 : i32
    %cst_4 = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
    %0 = arith.addi %arg4, %c127_i32 : i32
    %1 = arith.divsi %0, %c128_i32 : i32
    %2 = arith.addi %arg3, %c127_i32 : i32
    %3 = arith.divsi %2, %c128_i32 : i32
    %4 = arith.muli %3, %1 : i32
    %5 = arith.addi %arg5, %c63_i32 : i32
    %6 = arith.divsi %5, %c64_i32 : i32
    %7 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>
    %8 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %9 = tt.get_program_id x : i32
    %10 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
    %11 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %12 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %13 = tt.splat %arg3 : i32 -> tensor<128x1xi32, #blocked>
    %14 = tt.splat %arg4 : i32 -> tensor<1x128xi32, #blocked>
    %15 = tt.splat %arg8 : i32 -> tensor<128x1xi32, #blocked>
    %16 = tt.splat %arg2 : !tt.ptr<f16> -> tensor<128x1x!tt.ptr<f16>, #blocked>
    %17 = arith.cmpi eq, %6, %c0_i32 : i32
    scf.if %17 {
      scf.for %arg9 = %9 to %4 step %c132_i32  : i32 {
        %18 = arith.divsi %arg9, %1 : i32
        %19 = arith.muli %18, %c128_i32 : i32
        %20 = arith.remsi %arg9, %1 : i32
        %21 = arith.muli %20, %c128_i32 : i32
        %22 = tt.splat %21 : i32 -> tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
        %23 = arith.addi %22, %12 : tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
        %24 = tt.splat %19 : i32 -> tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
        %25 = arith.addi %24, %11 : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
        %26 = tt.expand_dims %25 {axis = 1 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<128x1xi32, #blocked>
        %27 = arith.cmpi slt, %26, %13 : tensor<128x1xi32, #blocked>
        %28 = tt.expand_dims %23 {axis = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x128xi32, #blocked>
        %29 = arith.cmpi slt, %28, %14 : tensor<1x128xi32, #blocked>
        %30 = tt.broadcast %27 : tensor<128x1xi1, #blocked> -> tensor<128x128xi1, #blocked>
        %31 = tt.broadcast %29 : tensor<1x128xi1, #blocked> -> tensor<128x128xi1, #blocked>
        %32 = arith.andi %30, %31 : tensor<128x128xi1, #blocked>
        %33 = arith.muli %26, %15 : tensor<128x1xi32, #blocked>
        %34 = tt.addptr %16, %33 : tensor<128x1x!tt.ptr<f16>, #blocked>, tensor<128x1xi32, #blocked>
        %35 = tt.broadcast %34 : tensor<128x1x!tt.ptr<f16>, #blocked> -> tensor<128x128x!tt.ptr<f16>, #blocked>
        %36 = tt.broadcast %28 : tensor<1x128xi32, #blocked> -> tensor<128x128xi32, #blocked>
        %37 = tt.addptr %35, %36 : tensor<128x128x!tt.ptr<f16>, #blocked>, tensor<128x128xi32, #blocked>
        tt.store %37, %cst, %32 : tensor<128x128x!tt.ptr<f16>, #blocked>
      } {tt.flatten}
    } else {
      %18 = arith.subi %4, %9 : i32
      %19 = arith.ceildivsi %18, %c132_i32 : i32
      %20 = arith.maxsi %6, %c1_i32 : i32
      %21 = arith.muli %19, %20 : i32
      %22 = arith.subi %9, %c132_i32 : i32
      %23 = tt.splat %arg5 : i32 -> tensor<1x64xi32, #blocked1>
      %24 = tt.splat %arg6 : i32 -> tensor<128x1xi32, #blocked1>
      %25 = tt.splat %arg0 : !tt.ptr<f16> -> tensor<128x1x!tt.ptr<f16>, #blocked1>
      %26 = tt.splat %arg5 : i32 -> tensor<64x1xi32, #blocked>
      %27 = tt.splat %arg7 : i32 -> tensor<64x1xi32, #blocked>
      %28 = tt.splat %arg1 : !tt.ptr<f16> -> tensor<64x1x!tt.ptr<f16>, #blocked>
      %29 = arith.subi %20, %c1_i32 : i32
      %30 = arith.subi %20, %c1_i32 : i32
      %31:7 = scf.for %arg9 = %c0_i32 to %21 step %c1_i32 iter_args(%arg10 = %c0_i32, %arg11 = %22, %arg12 = %c0_i32, %arg13 = %cst_4, %arg14 = %c0_i32, %arg15 = %cst_1, %arg16 = %cst_0) -> (i32, i32, i32, tensor<128x128xf32, #mma>, i32, tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>, tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked}>>)  : i32 {
        %32 = arith.cmpi eq, %arg10, %c0_i32 : i32
        %33 = arith.select %32, %c0_i32, %arg12 : i32
        %34:4 = scf.if %32 -> (i32, tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>, tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked}>>, i32) {
          %69 = arith.addi %arg11, %c132_i32 : i32
          %70 = arith.divsi %69, %1 : i32
          %71 = arith.muli %70, %c128_i32 : i32
          %72 = tt.splat %71 : i32 -> tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
          %73 = arith.addi %72, %10 : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
          %74 = arith.remsi %69, %1 : i32
          %75 = arith.muli %74, %c128_i32 : i32
          %76 = tt.splat %75 : i32 -> tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
          %77 = arith.addi %76, %12 : tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
          scf.yield %71, %73, %77, %69 : i32, tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>, tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked}>>, i32
        } else {
          scf.yield %arg14, %arg15, %arg16, %arg11 : i32, tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>, tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked}>>, i32
        }
        %35 = arith.muli %33, %c64_i32 : i32
        %36 = tt.splat %35 : i32 -> tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>
        %37 = tt.splat %35 : i32 -> tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
        %38 = arith.addi %36, %7 : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>
        %39 = arith.addi %37, %8 : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
        %40 = tt.expand_dims %38 {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked1}>> -> tensor<1x64xi32, #blocked1>
        %41 = arith.cmpi slt, %40, %23 : tensor<1x64xi32, #blocked1>
        %42 = tt.expand_dims %34#1 {axis = 1 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>> -> tensor<128x1xi32, #blocked1>
        %43 = arith.muli %42, %24 : tensor<128x1xi32, #blocked1>
        %44 = tt.addptr %25, %43 : tensor<128x1x!tt.ptr<f16>, #blocked1>, tensor<128x1xi32, #blocked1>
        %45 = tt.broadcast %44 : tensor<128x1x!tt.ptr<f16>, #blocked1> -> tensor<128x64x!tt.ptr<f16>, #blocked1>
        %46 = tt.broadcast %40 : tensor<1x64xi32, #blocked1> -> tensor<128x64xi32, #blocked1>
        %47 = tt.addptr %45, %46 : tensor<128x64x!tt.ptr<f16>, #blocked1>, tensor<128x64xi32, #blocked1>
        %48 = tt.broadcast %41 : tensor<1x64xi1, #blocked1> -> tensor<128x64xi1, #blocked1>
        %49 = tt.load %47, %48, %cst_3 {tt.latency = 2 : i32} : tensor<128x64x!tt.ptr<f16>, #blocked1>
        %50 = tt.expand_dims %39 {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<64x1xi32, #blocked>
        %51 = arith.cmpi slt, %50, %26 : tensor<64x1xi32, #blocked>
        %52 = arith.muli %50, %27 : tensor<64x1xi32, #blocked>
        %53 = tt.addptr %28, %52 : tensor<64x1x!tt.ptr<f16>, #blocked>, tensor<64x1xi32, #blocked>
        %54 = tt.expand_dims %34#2 {axis = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x128xi32, #blocked>
        %55 = tt.broadcast %53 : tensor<64x1x!tt.ptr<f16>, #blocked> -> tensor<64x128x!tt.ptr<f16>, #blocked>
        %56 = tt.broadcast %54 : tensor<1x128xi32, #blocked> -> tensor<64x128xi32, #blocked>
        %57 = tt.addptr %55, %56 : tensor<64x128x!tt.ptr<f16>, #blocked>, tensor<64x128xi32, #blocked>
        %58 = tt.broadcast %51 : tensor<64x1xi1, #blocked> -> tensor<64x128xi1, #blocked>
        %59 = tt.load %57, %58, %cst_2 : tensor<64x128x!tt.ptr<f16>, #blocked>
        %60 = ttg.convert_layout %49 : tensor<128x64xf16, #blocked1> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
        %61 = ttg.convert_layout %59 : tensor<64x128xf16, #blocked> -> tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
        %62 = tt.dot %60, %61, %arg13, inputPrecision = tf32 : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<128x128xf32, #mma>
        %63 = arith.addi %33, %c1_i32 : i32
        %64 = arith.cmpi eq, %arg10, %29 : i32
        %65 = scf.if %64 -> (tensor<128x128xf32, #mma>) {
          %69 = tt.splat %34#0 : i32 -> tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
          %70 = arith.addi %69, %11 : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
          %71 = tt.expand_dims %70 {axis = 1 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<128x1xi32, #blocked>
          %72 = arith.cmpi slt, %71, %13 : tensor<128x1xi32, #blocked>
          %73 = tt.expand_dims %34#2 {axis = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x128xi32, #blocked>
          %74 = arith.cmpi slt, %73, %14 : tensor<1x128xi32, #blocked>
          %75 = tt.broadcast %72 : tensor<128x1xi1, #blocked> -> tensor<128x128xi1, #blocked>
          %76 = tt.broadcast %74 : tensor<1x128xi1, #blocked> -> tensor<128x128xi1, #blocked>
          %77 = arith.andi %75, %76 : tensor<128x128xi1, #blocked>
          %78 = arith.muli %71, %15 : tensor<128x1xi32, #blocked>
          %79 = tt.addptr %16, %78 : tensor<128x1x!tt.ptr<f16>, #blocked>, tensor<128x1xi32, #blocked>
          %80 = tt.broadcast %79 : tensor<128x1x!tt.ptr<f16>, #blocked> -> tensor<128x128x!tt.ptr<f16>, #blocked>
          %81 = tt.broadcast %73 : tensor<1x128xi32, #blocked> -> tensor<128x128xi32, #blocked>
          %82 = tt.addptr %80, %81 : tensor<128x128x!tt.ptr<f16>, #blocked>, tensor<128x128xi32, #blocked>
          %83 = arith.truncf %62 : tensor<128x128xf32, #mma> to tensor<128x128xf16, #mma>
          %84 = ttg.convert_layout %83 : tensor<128x128xf16, #mma> -> tensor<128x128xf16, #blocked>
          tt.store %82, %84, %77 : tensor<128x128x!tt.ptr<f16>, #blocked>
          scf.yield %cst_4 : tensor<128x128xf32, #mma>
        } else {
          scf.yield %62 : tensor<128x128xf32, #mma>
        }
        %66 = arith.addi %arg10, %c1_i32 : i32
        %67 = arith.cmpi eq, %arg10, %30 : i32
        %68 = arith.select %67, %c0_i32, %66 : i32
        scf.yield %68, %34#3, %63, %65, %34#0, %34#1, %34#2 : i32, i32, i32, tensor<128x128xf32, #mma>, i32, tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>, tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
      }
    }
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// Triton 3.6 on online_softmax-BN1024-sm80-w4-s3 (real pipeline ground truth).
// CHECK-LABEL: @online_softmax_kernel
// CHECK: %21 = tt.splat %arg4 {loop.cluster = 1 : i32, loop.stage = 0 : i32} : i32 -> tensor<1024xi32, #blocked>
// CHECK: %22 = arith.addi %21, %1 {loop.cluster = 1 : i32, loop.stage = 0 : i32} : tensor<1024xi32, #blocked>
// CHECK: %23 = arith.cmpi slt, %22, %2 {loop.cluster = 1 : i32, loop.stage = 0 : i32} : tensor<1024xi32, #blocked>
// CHECK: %24 = tt.addptr %5, %22 {loop.cluster = 1 : i32, loop.stage = 0 : i32} : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
// CHECK: %25 = tt.load %24, %23, %cst_0 {loop.cluster = 1 : i32, loop.stage = 0 : i32} : tensor<1024x!tt.ptr<f32>, #blocked>
// CHECK: %26 = arith.maxnumf %arg5, %25 {loop.cluster = 0 : i32, loop.stage = 1 : i32} : tensor<1024xf32, #blocked>
// CHECK: %27 = arith.subf %arg5, %26 {loop.cluster = 0 : i32, loop.stage = 1 : i32} : tensor<1024xf32, #blocked>
// CHECK: %28 = math.exp %27 {loop.cluster = 0 : i32, loop.stage = 1 : i32} : tensor<1024xf32, #blocked>
// CHECK: %29 = arith.mulf %arg6, %28 {loop.cluster = 0 : i32, loop.stage = 1 : i32} : tensor<1024xf32, #blocked>
// CHECK: %30 = arith.subf %25, %26 {loop.cluster = 0 : i32, loop.stage = 1 : i32} : tensor<1024xf32, #blocked>
// CHECK: %31 = math.exp %30 {loop.cluster = 0 : i32, loop.stage = 1 : i32} : tensor<1024xf32, #blocked>
// CHECK: %32 = arith.addf %29, %31 {loop.cluster = 0 : i32, loop.stage = 1 : i32} : tensor<1024xf32, #blocked>
// CHECK: } {tt.num_stages = 2 : i32, tt.scheduled_max_stage = 1 : i32}
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @online_softmax_kernel(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg2: i32 {tt.divisibility = 16 : i32}, %arg3: i32) attributes {noinline = false} {
    %c0_i32 = arith.constant 0 : i32
    %c1024_i32 = arith.constant 1024 : i32
    %cst = arith.constant dense<0.000000e+00> : tensor<1024xf32, #blocked>
    %cst_0 = arith.constant dense<-1.000000e+30> : tensor<1024xf32, #blocked>
    %0 = tt.get_program_id x : i32
    %1 = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #blocked>
    %2 = tt.splat %arg3 : i32 -> tensor<1024xi32, #blocked>
    %3 = arith.muli %0, %arg2 : i32
    %4 = tt.addptr %arg0, %3 : !tt.ptr<f32>, i32
    %5 = tt.splat %4 : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
    %6:2 = scf.for %arg4 = %c0_i32 to %arg3 step %c1024_i32 iter_args(%arg5 = %cst_0, %arg6 = %cst) -> (tensor<1024xf32, #blocked>, tensor<1024xf32, #blocked>)  : i32 {
      %21 = tt.splat %arg4 : i32 -> tensor<1024xi32, #blocked>
      %22 = arith.addi %21, %1 : tensor<1024xi32, #blocked>
      %23 = arith.cmpi slt, %22, %2 : tensor<1024xi32, #blocked>
      %24 = tt.addptr %5, %22 : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
      %25 = tt.load %24, %23, %cst_0 {tt.latency = 1 : i32} : tensor<1024x!tt.ptr<f32>, #blocked>
      %26 = arith.maxnumf %arg5, %25 : tensor<1024xf32, #blocked>
      %27 = arith.subf %arg5, %26 : tensor<1024xf32, #blocked>
      %28 = math.exp %27 : tensor<1024xf32, #blocked>
      %29 = arith.mulf %arg6, %28 : tensor<1024xf32, #blocked>
      %30 = arith.subf %25, %26 : tensor<1024xf32, #blocked>
      %31 = math.exp %30 : tensor<1024xf32, #blocked>
      %32 = arith.addf %29, %31 : tensor<1024xf32, #blocked>
      scf.yield %26, %32 : tensor<1024xf32, #blocked>, tensor<1024xf32, #blocked>
    } {tt.num_stages = 2 : i32}
    %7 = "tt.reduce"(%6#0) <{axis = 0 : i32}> ({
    ^bb0(%arg4: f32, %arg5: f32):
      %21 = arith.maxnumf %arg4, %arg5 : f32
      tt.reduce.return %21 : f32
    }) : (tensor<1024xf32, #blocked>) -> f32
    %8 = tt.splat %7 : f32 -> tensor<1024xf32, #blocked>
    %9 = arith.subf %6#0, %8 : tensor<1024xf32, #blocked>
    %10 = math.exp %9 : tensor<1024xf32, #blocked>
    %11 = arith.mulf %6#1, %10 : tensor<1024xf32, #blocked>
    %12 = "tt.reduce"(%11) <{axis = 0 : i32}> ({
    ^bb0(%arg4: f32, %arg5: f32):
      %21 = arith.addf %arg4, %arg5 : f32
      tt.reduce.return %21 : f32
    }) : (tensor<1024xf32, #blocked>) -> f32
    %13 = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #blocked>
    %14 = tt.splat %arg3 : i32 -> tensor<1024xi32, #blocked>
    %15 = arith.muli %0, %arg2 : i32
    %16 = tt.addptr %arg0, %15 : !tt.ptr<f32>, i32
    %17 = tt.splat %16 : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
    %18 = tt.addptr %arg1, %15 : !tt.ptr<f32>, i32
    %19 = tt.splat %18 : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
    %20 = tt.splat %12 : f32 -> tensor<1024xf32, #blocked>
    scf.for %arg4 = %c0_i32 to %arg3 step %c1024_i32  : i32 {
      %21 = tt.splat %arg4 : i32 -> tensor<1024xi32, #blocked>
      %22 = arith.addi %21, %13 : tensor<1024xi32, #blocked>
      %23 = arith.cmpi slt, %22, %14 : tensor<1024xi32, #blocked>
      %24 = tt.addptr %17, %22 : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
      %25 = tt.load %24, %23, %cst_0 : tensor<1024x!tt.ptr<f32>, #blocked>
      %26 = tt.addptr %19, %22 : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
      %27 = arith.subf %25, %8 : tensor<1024xf32, #blocked>
      %28 = math.exp %27 : tensor<1024xf32, #blocked>
      %29 = arith.divf %28, %20 : tensor<1024xf32, #blocked>
      tt.store %26, %29, %23 : tensor<1024x!tt.ptr<f32>, #blocked>
    }
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [8, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [16, 2], warpsPerCTA = [1, 8], order = [0, 1]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 8], instrShape = [16, 8]}>
// Triton 3.6 on attn_pipe-BM64-BN64-D128-sm80-w8-s3 (real pipeline ground truth).
// CHECK-LABEL: @attn_pipe_kernel
// CHECK: %35 = tt.splat %arg7 {loop.cluster = 2 : i32, loop.stage = 0 : i32} : i32 -> tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>
// CHECK: %36 = tt.splat %arg7 {loop.cluster = 2 : i32, loop.stage = 0 : i32} : i32 -> tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
// CHECK: %37 = arith.addi %35, %3 {loop.cluster = 2 : i32, loop.stage = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>
// CHECK: %38 = arith.addi %36, %2 {loop.cluster = 2 : i32, loop.stage = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
// CHECK: %39 = tt.expand_dims %37 {axis = 0 : i32, loop.cluster = 2 : i32, loop.stage = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked1}>> -> tensor<1x64xi32, #blocked1>
// CHECK: %40 = arith.muli %39, %17 {loop.cluster = 2 : i32, loop.stage = 0 : i32} : tensor<1x64xi32, #blocked1>
// CHECK: %41 = tt.addptr %18, %40 {loop.cluster = 2 : i32, loop.stage = 0 : i32} : tensor<1x64x!tt.ptr<f16>, #blocked1>, tensor<1x64xi32, #blocked1>
// CHECK: %42 = tt.broadcast %41 {loop.cluster = 2 : i32, loop.stage = 0 : i32} : tensor<1x64x!tt.ptr<f16>, #blocked1> -> tensor<128x64x!tt.ptr<f16>, #blocked1>
// CHECK: %43 = tt.addptr %42, %21 {loop.cluster = 2 : i32, loop.stage = 0 : i32} : tensor<128x64x!tt.ptr<f16>, #blocked1>, tensor<128x64xi32, #blocked1>
// CHECK: %44 = tt.load %43 {loop.cluster = 2 : i32, loop.stage = 0 : i32} : tensor<128x64x!tt.ptr<f16>, #blocked1>
// CHECK: %45 = ttg.convert_layout %44 {loop.cluster = 0 : i32, loop.stage = 2 : i32} : tensor<128x64xf16, #blocked1> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
// CHECK: %46 = tt.dot %22, %45, %cst, inputPrecision = tf32 {loop.cluster = 0 : i32, loop.stage = 2 : i32} : tensor<64x128xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<128x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma>
// CHECK: %47 = arith.mulf %46, %23 {loop.cluster = 0 : i32, loop.stage = 2 : i32} : tensor<64x64xf32, #mma>
// CHECK: }) {loop.cluster = 0 : i32, loop.stage = 2 : i32} : (tensor<64x64xf32, #mma>) -> tensor<64xf32, #ttg.slice<{dim = 1, parent = #mma}>>
// CHECK: %49 = arith.maxnumf %arg8, %48 {loop.cluster = 0 : i32, loop.stage = 2 : i32} : tensor<64xf32, #ttg.slice<{dim = 1, parent = #mma}>>
// CHECK: %50 = tt.expand_dims %49 {axis = 1 : i32, loop.cluster = 0 : i32, loop.stage = 2 : i32} : tensor<64xf32, #ttg.slice<{dim = 1, parent = #mma}>> -> tensor<64x1xf32, #mma>
// CHECK: %51 = tt.broadcast %50 {loop.cluster = 0 : i32, loop.stage = 2 : i32} : tensor<64x1xf32, #mma> -> tensor<64x64xf32, #mma>
// CHECK: %52 = arith.subf %47, %51 {loop.cluster = 0 : i32, loop.stage = 2 : i32} : tensor<64x64xf32, #mma>
// CHECK: %53 = math.exp2 %52 {loop.cluster = 0 : i32, loop.stage = 2 : i32} : tensor<64x64xf32, #mma>
// CHECK: %54 = arith.subf %arg8, %49 {loop.cluster = 0 : i32, loop.stage = 2 : i32} : tensor<64xf32, #ttg.slice<{dim = 1, parent = #mma}>>
// CHECK: %55 = math.exp2 %54 {loop.cluster = 0 : i32, loop.stage = 2 : i32} : tensor<64xf32, #ttg.slice<{dim = 1, parent = #mma}>>
// CHECK: %56 = arith.mulf %arg9, %55 {loop.cluster = 0 : i32, loop.stage = 2 : i32} : tensor<64xf32, #ttg.slice<{dim = 1, parent = #mma}>>
// CHECK: }) {loop.cluster = 0 : i32, loop.stage = 2 : i32} : (tensor<64x64xf32, #mma>) -> tensor<64xf32, #ttg.slice<{dim = 1, parent = #mma}>>
// CHECK: %58 = arith.addf %56, %57 {loop.cluster = 0 : i32, loop.stage = 2 : i32} : tensor<64xf32, #ttg.slice<{dim = 1, parent = #mma}>>
// CHECK: %59 = tt.expand_dims %38 {axis = 1 : i32, loop.cluster = 2 : i32, loop.stage = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<64x1xi32, #blocked>
// CHECK: %60 = arith.muli %59, %7 {loop.cluster = 2 : i32, loop.stage = 0 : i32} : tensor<64x1xi32, #blocked>
// CHECK: %61 = tt.addptr %24, %60 {loop.cluster = 2 : i32, loop.stage = 0 : i32} : tensor<64x1x!tt.ptr<f16>, #blocked>, tensor<64x1xi32, #blocked>
// CHECK: %62 = tt.broadcast %61 {loop.cluster = 2 : i32, loop.stage = 0 : i32} : tensor<64x1x!tt.ptr<f16>, #blocked> -> tensor<64x128x!tt.ptr<f16>, #blocked>
// CHECK: %63 = tt.addptr %62, %14 {loop.cluster = 2 : i32, loop.stage = 0 : i32} : tensor<64x128x!tt.ptr<f16>, #blocked>, tensor<64x128xi32, #blocked>
// CHECK: %64 = tt.load %63 {loop.cluster = 2 : i32, loop.stage = 0 : i32} : tensor<64x128x!tt.ptr<f16>, #blocked>
// CHECK: %65 = arith.truncf %53 {loop.cluster = 0 : i32, loop.stage = 2 : i32} : tensor<64x64xf32, #mma> to tensor<64x64xf16, #mma>
// CHECK: %66 = tt.expand_dims %55 {axis = 1 : i32, loop.cluster = 0 : i32, loop.stage = 2 : i32} : tensor<64xf32, #ttg.slice<{dim = 1, parent = #mma}>> -> tensor<64x1xf32, #mma>
// CHECK: %67 = tt.broadcast %66 {loop.cluster = 0 : i32, loop.stage = 2 : i32} : tensor<64x1xf32, #mma> -> tensor<64x128xf32, #mma>
// CHECK: %68 = arith.mulf %arg10, %67 {loop.cluster = 0 : i32, loop.stage = 2 : i32} : tensor<64x128xf32, #mma>
// CHECK: %69 = ttg.convert_layout %65 {loop.cluster = 0 : i32, loop.stage = 2 : i32} : tensor<64x64xf16, #mma> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
// CHECK: %70 = ttg.convert_layout %64 {loop.cluster = 0 : i32, loop.stage = 2 : i32} : tensor<64x128xf16, #blocked> -> tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
// CHECK: %71 = tt.dot %69, %70, %68, inputPrecision = tf32 {loop.cluster = 0 : i32, loop.stage = 2 : i32} : tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x128xf32, #mma>
// CHECK: } {tt.scheduled_max_stage = 2 : i32}
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @attn_pipe_kernel(%arg0: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg3: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg4: i32 {tt.divisibility = 16 : i32}, %arg5: i32 {tt.divisibility = 16 : i32}, %arg6: f32) attributes {noinline = false} {
    %cst = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %c64_i32 = arith.constant 64 : i32
    %c0_i32 = arith.constant 0 : i32
    %cst_0 = arith.constant dense<0.000000e+00> : tensor<64x128xf32, #mma>
    %cst_1 = arith.constant dense<0.000000e+00> : tensor<64xf32, #ttg.slice<{dim = 1, parent = #mma}>>
    %cst_2 = arith.constant dense<-1.000000e+30> : tensor<64xf32, #ttg.slice<{dim = 1, parent = #mma}>>
    %0 = tt.get_program_id x : i32
    %1 = arith.muli %0, %c64_i32 : i32
    %2 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %3 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>
    %4 = tt.splat %1 : i32 -> tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %5 = arith.addi %4, %2 : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %6 = tt.expand_dims %5 {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<64x1xi32, #blocked>
    %7 = tt.splat %arg4 : i32 -> tensor<64x1xi32, #blocked>
    %8 = arith.muli %6, %7 : tensor<64x1xi32, #blocked>
    %9 = tt.splat %arg0 : !tt.ptr<f16> -> tensor<64x1x!tt.ptr<f16>, #blocked>
    %10 = tt.addptr %9, %8 : tensor<64x1x!tt.ptr<f16>, #blocked>, tensor<64x1xi32, #blocked>
    %11 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %12 = tt.expand_dims %11 {axis = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x128xi32, #blocked>
    %13 = tt.broadcast %10 : tensor<64x1x!tt.ptr<f16>, #blocked> -> tensor<64x128x!tt.ptr<f16>, #blocked>
    %14 = tt.broadcast %12 : tensor<1x128xi32, #blocked> -> tensor<64x128xi32, #blocked>
    %15 = tt.addptr %13, %14 : tensor<64x128x!tt.ptr<f16>, #blocked>, tensor<64x128xi32, #blocked>
    %16 = tt.load %15 : tensor<64x128x!tt.ptr<f16>, #blocked>
    %17 = tt.splat %arg4 : i32 -> tensor<1x64xi32, #blocked1>
    %18 = tt.splat %arg1 : !tt.ptr<f16> -> tensor<1x64x!tt.ptr<f16>, #blocked1>
    %19 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
    %20 = tt.expand_dims %19 {axis = 1 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>> -> tensor<128x1xi32, #blocked1>
    %21 = tt.broadcast %20 : tensor<128x1xi32, #blocked1> -> tensor<128x64xi32, #blocked1>
    %22 = ttg.convert_layout %16 : tensor<64x128xf16, #blocked> -> tensor<64x128xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    %23 = tt.splat %arg6 : f32 -> tensor<64x64xf32, #mma>
    %24 = tt.splat %arg2 : !tt.ptr<f16> -> tensor<64x1x!tt.ptr<f16>, #blocked>
    %25:3 = scf.for %arg7 = %c0_i32 to %arg5 step %c64_i32 iter_args(%arg8 = %cst_2, %arg9 = %cst_1, %arg10 = %cst_0) -> (tensor<64xf32, #ttg.slice<{dim = 1, parent = #mma}>>, tensor<64xf32, #ttg.slice<{dim = 1, parent = #mma}>>, tensor<64x128xf32, #mma>)  : i32 {
      %35 = tt.splat %arg7 : i32 -> tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>
      %36 = tt.splat %arg7 : i32 -> tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
      %37 = arith.addi %35, %3 : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>
      %38 = arith.addi %36, %2 : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
      %39 = tt.expand_dims %37 {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked1}>> -> tensor<1x64xi32, #blocked1>
      %40 = arith.muli %39, %17 : tensor<1x64xi32, #blocked1>
      %41 = tt.addptr %18, %40 : tensor<1x64x!tt.ptr<f16>, #blocked1>, tensor<1x64xi32, #blocked1>
      %42 = tt.broadcast %41 : tensor<1x64x!tt.ptr<f16>, #blocked1> -> tensor<128x64x!tt.ptr<f16>, #blocked1>
      %43 = tt.addptr %42, %21 : tensor<128x64x!tt.ptr<f16>, #blocked1>, tensor<128x64xi32, #blocked1>
      %44 = tt.load %43 {tt.latency = 2 : i32} : tensor<128x64x!tt.ptr<f16>, #blocked1>
      %45 = ttg.convert_layout %44 : tensor<128x64xf16, #blocked1> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
      %46 = tt.dot %22, %45, %cst, inputPrecision = tf32 : tensor<64x128xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<128x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma>
      %47 = arith.mulf %46, %23 : tensor<64x64xf32, #mma>
      %48 = "tt.reduce"(%47) <{axis = 1 : i32}> ({
      ^bb0(%arg11: f32, %arg12: f32):
        %72 = arith.maxnumf %arg11, %arg12 : f32
        tt.reduce.return %72 : f32
      }) : (tensor<64x64xf32, #mma>) -> tensor<64xf32, #ttg.slice<{dim = 1, parent = #mma}>>
      %49 = arith.maxnumf %arg8, %48 : tensor<64xf32, #ttg.slice<{dim = 1, parent = #mma}>>
      %50 = tt.expand_dims %49 {axis = 1 : i32} : tensor<64xf32, #ttg.slice<{dim = 1, parent = #mma}>> -> tensor<64x1xf32, #mma>
      %51 = tt.broadcast %50 : tensor<64x1xf32, #mma> -> tensor<64x64xf32, #mma>
      %52 = arith.subf %47, %51 : tensor<64x64xf32, #mma>
      %53 = math.exp2 %52 : tensor<64x64xf32, #mma>
      %54 = arith.subf %arg8, %49 : tensor<64xf32, #ttg.slice<{dim = 1, parent = #mma}>>
      %55 = math.exp2 %54 : tensor<64xf32, #ttg.slice<{dim = 1, parent = #mma}>>
      %56 = arith.mulf %arg9, %55 : tensor<64xf32, #ttg.slice<{dim = 1, parent = #mma}>>
      %57 = "tt.reduce"(%53) <{axis = 1 : i32}> ({
      ^bb0(%arg11: f32, %arg12: f32):
        %72 = arith.addf %arg11, %arg12 : f32
        tt.reduce.return %72 : f32
      }) : (tensor<64x64xf32, #mma>) -> tensor<64xf32, #ttg.slice<{dim = 1, parent = #mma}>>
      %58 = arith.addf %56, %57 : tensor<64xf32, #ttg.slice<{dim = 1, parent = #mma}>>
      %59 = tt.expand_dims %38 {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<64x1xi32, #blocked>
      %60 = arith.muli %59, %7 : tensor<64x1xi32, #blocked>
      %61 = tt.addptr %24, %60 : tensor<64x1x!tt.ptr<f16>, #blocked>, tensor<64x1xi32, #blocked>
      %62 = tt.broadcast %61 : tensor<64x1x!tt.ptr<f16>, #blocked> -> tensor<64x128x!tt.ptr<f16>, #blocked>
      %63 = tt.addptr %62, %14 : tensor<64x128x!tt.ptr<f16>, #blocked>, tensor<64x128xi32, #blocked>
      %64 = tt.load %63 {tt.latency = 2 : i32} : tensor<64x128x!tt.ptr<f16>, #blocked>
      %65 = arith.truncf %53 : tensor<64x64xf32, #mma> to tensor<64x64xf16, #mma>
      %66 = tt.expand_dims %55 {axis = 1 : i32} : tensor<64xf32, #ttg.slice<{dim = 1, parent = #mma}>> -> tensor<64x1xf32, #mma>
      %67 = tt.broadcast %66 : tensor<64x1xf32, #mma> -> tensor<64x128xf32, #mma>
      %68 = arith.mulf %arg10, %67 : tensor<64x128xf32, #mma>
      %69 = ttg.convert_layout %65 : tensor<64x64xf16, #mma> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %70 = ttg.convert_layout %64 : tensor<64x128xf16, #blocked> -> tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
      %71 = tt.dot %69, %70, %68, inputPrecision = tf32 : tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x128xf32, #mma>
      scf.yield %49, %58, %71 : tensor<64xf32, #ttg.slice<{dim = 1, parent = #mma}>>, tensor<64xf32, #ttg.slice<{dim = 1, parent = #mma}>>, tensor<64x128xf32, #mma>
    }
    %26 = tt.splat %arg3 : !tt.ptr<f16> -> tensor<64x1x!tt.ptr<f16>, #blocked>
    %27 = tt.addptr %26, %8 : tensor<64x1x!tt.ptr<f16>, #blocked>, tensor<64x1xi32, #blocked>
    %28 = tt.broadcast %27 : tensor<64x1x!tt.ptr<f16>, #blocked> -> tensor<64x128x!tt.ptr<f16>, #blocked>
    %29 = tt.addptr %28, %14 : tensor<64x128x!tt.ptr<f16>, #blocked>, tensor<64x128xi32, #blocked>
    %30 = tt.expand_dims %25#1 {axis = 1 : i32} : tensor<64xf32, #ttg.slice<{dim = 1, parent = #mma}>> -> tensor<64x1xf32, #mma>
    %31 = tt.broadcast %30 : tensor<64x1xf32, #mma> -> tensor<64x128xf32, #mma>
    %32 = arith.divf %25#2, %31 : tensor<64x128xf32, #mma>
    %33 = arith.truncf %32 : tensor<64x128xf32, #mma> to tensor<64x128xf16, #mma>
    %34 = ttg.convert_layout %33 : tensor<64x128xf16, #mma> -> tensor<64x128xf16, #blocked>
    tt.store %29, %34 : tensor<64x128x!tt.ptr<f16>, #blocked>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 4], instrShape = [16, 8]}>
// Triton 3.6 on matmul_pipe-BM64-BN256-BK32-sak1-sbn1-scn1-sm80-w4-s4 (real pipeline ground truth).
// CHECK-LABEL: @matmul_kernel
// CHECK: %55 = arith.muli %arg9, %c32_i32 {loop.cluster = 4 : i32, loop.stage = 0 : i32} : i32
// CHECK: %56 = arith.subi %arg5, %55 {loop.cluster = 4 : i32, loop.stage = 0 : i32} : i32
// CHECK: %57 = tt.splat %56 {loop.cluster = 4 : i32, loop.stage = 0 : i32} : i32 -> tensor<1x32xi32, #blocked>
// CHECK: %58 = arith.cmpi slt, %20, %57 {loop.cluster = 4 : i32, loop.stage = 0 : i32} : tensor<1x32xi32, #blocked>
// CHECK: %59 = tt.broadcast %58 {loop.cluster = 4 : i32, loop.stage = 0 : i32} : tensor<1x32xi1, #blocked> -> tensor<64x32xi1, #blocked>
// CHECK: %60 = tt.load %arg11, %59, %cst_0 {loop.cluster = 4 : i32, loop.stage = 0 : i32} : tensor<64x32x!tt.ptr<f16>, #blocked>
// CHECK: %61 = tt.splat %56 {loop.cluster = 4 : i32, loop.stage = 0 : i32} : i32 -> tensor<32x1xi32, #blocked1>
// CHECK: %62 = arith.cmpi slt, %25, %61 {loop.cluster = 4 : i32, loop.stage = 0 : i32} : tensor<32x1xi32, #blocked1>
// CHECK: %63 = tt.broadcast %62 {loop.cluster = 4 : i32, loop.stage = 0 : i32} : tensor<32x1xi1, #blocked1> -> tensor<32x256xi1, #blocked1>
// CHECK: %64 = tt.load %arg12, %63, %cst_1 {loop.cluster = 4 : i32, loop.stage = 0 : i32} : tensor<32x256x!tt.ptr<f16>, #blocked1>
// CHECK: %65 = ttg.convert_layout %60 {loop.cluster = 0 : i32, loop.stage = 3 : i32} : tensor<64x32xf16, #blocked> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
// CHECK: %66 = ttg.convert_layout %64 {loop.cluster = 0 : i32, loop.stage = 3 : i32} : tensor<32x256xf16, #blocked1> -> tensor<32x256xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
// CHECK: %67 = tt.dot %65, %66, %arg10, inputPrecision = tf32 {loop.cluster = 0 : i32, loop.stage = 3 : i32} : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x256xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x256xf32, #mma>
// CHECK: %68 = tt.addptr %arg11, %cst {loop.cluster = 3 : i32, loop.stage = 1 : i32} : tensor<64x32x!tt.ptr<f16>, #blocked>, tensor<64x32xi32, #blocked>
// CHECK: %69 = tt.addptr %arg12, %37 {loop.cluster = 3 : i32, loop.stage = 1 : i32} : tensor<32x256x!tt.ptr<f16>, #blocked1>, tensor<32x256xi32, #blocked1>
// CHECK: } {tt.scheduled_max_stage = 3 : i32}
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
      %60 = tt.load %arg11, %59, %cst_0 {tt.latency = 3 : i32} : tensor<64x32x!tt.ptr<f16>, #blocked>
      %61 = tt.splat %56 : i32 -> tensor<32x1xi32, #blocked1>
      %62 = arith.cmpi slt, %25, %61 : tensor<32x1xi32, #blocked1>
      %63 = tt.broadcast %62 : tensor<32x1xi1, #blocked1> -> tensor<32x256xi1, #blocked1>
      %64 = tt.load %arg12, %63, %cst_1 {tt.latency = 3 : i32} : tensor<32x256x!tt.ptr<f16>, #blocked1>
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
// CHECK: %55 = arith.muli %arg9, %c64_i32 {loop.cluster = 4 : i32, loop.stage = 0 : i32} : i32
// CHECK: %56 = arith.subi %arg5, %55 {loop.cluster = 4 : i32, loop.stage = 0 : i32} : i32
// CHECK: %57 = tt.splat %56 {loop.cluster = 4 : i32, loop.stage = 0 : i32} : i32 -> tensor<1x64xi32, #blocked>
// CHECK: %58 = arith.cmpi slt, %20, %57 {loop.cluster = 4 : i32, loop.stage = 0 : i32} : tensor<1x64xi32, #blocked>
// CHECK: %59 = tt.broadcast %58 {loop.cluster = 4 : i32, loop.stage = 0 : i32} : tensor<1x64xi1, #blocked> -> tensor<128x64xi1, #blocked>
// CHECK: %60 = tt.load %arg11, %59, %cst_0 {loop.cluster = 4 : i32, loop.stage = 0 : i32} : tensor<128x64x!tt.ptr<f16>, #blocked>
// CHECK: %61 = ttg.local_alloc %60 {loop.cluster = 0 : i32, loop.stage = 3 : i32} : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
// CHECK: %62 = tt.splat %56 {loop.cluster = 4 : i32, loop.stage = 0 : i32} : i32 -> tensor<64x1xi32, #blocked1>
// CHECK: %63 = arith.cmpi slt, %25, %62 {loop.cluster = 4 : i32, loop.stage = 0 : i32} : tensor<64x1xi32, #blocked1>
// CHECK: %64 = tt.broadcast %63 {loop.cluster = 4 : i32, loop.stage = 0 : i32} : tensor<64x1xi1, #blocked1> -> tensor<64x128xi1, #blocked1>
// CHECK: %65 = tt.load %arg12, %64, %cst_1 {loop.cluster = 4 : i32, loop.stage = 0 : i32} : tensor<64x128x!tt.ptr<f16>, #blocked1>
// CHECK: %66 = ttg.local_alloc %65 {loop.cluster = 0 : i32, loop.stage = 3 : i32} : (tensor<64x128xf16, #blocked1>) -> !ttg.memdesc<64x128xf16, #shared, #smem>
// CHECK: %67 = ttng.warp_group_dot %61, %66, %arg10 {inputPrecision = 0 : i32, loop.cluster = 0 : i32, loop.stage = 3 : i32} : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x128xf16, #shared, #smem> -> tensor<128x128xf32, #mma>
// CHECK: %68 = tt.addptr %arg11, %cst {loop.cluster = 3 : i32, loop.stage = 1 : i32} : tensor<128x64x!tt.ptr<f16>, #blocked>, tensor<128x64xi32, #blocked>
// CHECK: %69 = tt.addptr %arg12, %37 {loop.cluster = 3 : i32, loop.stage = 1 : i32} : tensor<64x128x!tt.ptr<f16>, #blocked1>, tensor<64x128xi32, #blocked1>
// CHECK: } {tt.scheduled_max_stage = 3 : i32}
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
      %60 = tt.load %arg11, %59, %cst_0 {tt.latency = 3 : i32} : tensor<128x64x!tt.ptr<f16>, #blocked>
      %61 = ttg.local_alloc %60 : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
      %62 = tt.splat %56 : i32 -> tensor<64x1xi32, #blocked1>
      %63 = arith.cmpi slt, %25, %62 : tensor<64x1xi32, #blocked1>
      %64 = tt.broadcast %63 : tensor<64x1xi1, #blocked1> -> tensor<64x128xi1, #blocked1>
      %65 = tt.load %arg12, %64, %cst_1 {tt.latency = 3 : i32} : tensor<64x128x!tt.ptr<f16>, #blocked1>
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

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory
// Triton 3.6 on attn_pipe-BM128-BN64-D64-sm90-w4-s2 (real pipeline ground truth).
// CHECK-LABEL: @attn_pipe_kernel
// CHECK: %38 = tt.splat %arg7 {loop.cluster = 1 : i32, loop.stage = 0 : i32} : i32 -> tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>
// CHECK: %39 = tt.splat %arg7 {loop.cluster = 1 : i32, loop.stage = 0 : i32} : i32 -> tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
// CHECK: %40 = arith.addi %38, %5 {loop.cluster = 1 : i32, loop.stage = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>
// CHECK: %41 = arith.addi %39, %6 {loop.cluster = 1 : i32, loop.stage = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
// CHECK: %42 = tt.expand_dims %40 {axis = 0 : i32, loop.cluster = 1 : i32, loop.stage = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked1}>> -> tensor<1x64xi32, #blocked1>
// CHECK: %43 = arith.muli %42, %19 {loop.cluster = 1 : i32, loop.stage = 0 : i32} : tensor<1x64xi32, #blocked1>
// CHECK: %44 = tt.addptr %20, %43 {loop.cluster = 1 : i32, loop.stage = 0 : i32} : tensor<1x64x!tt.ptr<f16>, #blocked1>, tensor<1x64xi32, #blocked1>
// CHECK: %45 = tt.broadcast %44 {loop.cluster = 1 : i32, loop.stage = 0 : i32} : tensor<1x64x!tt.ptr<f16>, #blocked1> -> tensor<64x64x!tt.ptr<f16>, #blocked1>
// CHECK: %46 = tt.addptr %45, %23 {loop.cluster = 1 : i32, loop.stage = 0 : i32} : tensor<64x64x!tt.ptr<f16>, #blocked1>, tensor<64x64xi32, #blocked1>
// CHECK: %47 = tt.load %46 {loop.cluster = 1 : i32, loop.stage = 0 : i32} : tensor<64x64x!tt.ptr<f16>, #blocked1>
// CHECK: %48 = ttg.local_alloc %47 {loop.cluster = 0 : i32, loop.stage = 1 : i32} : (tensor<64x64xf16, #blocked1>) -> !ttg.memdesc<64x64xf16, #shared1, #smem>
// CHECK: %49 = ttng.warp_group_dot %18, %48, %cst_0 {inputPrecision = 0 : i32, loop.cluster = 0 : i32, loop.stage = 1 : i32} : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared1, #smem> -> tensor<128x64xf32, #mma>
// CHECK: %50 = arith.mulf %49, %24 {loop.cluster = 0 : i32, loop.stage = 1 : i32} : tensor<128x64xf32, #mma>
// CHECK: }) {loop.cluster = 0 : i32, loop.stage = 1 : i32} : (tensor<128x64xf32, #mma>) -> tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
// CHECK: %52 = arith.maxnumf %arg8, %51 {loop.cluster = 0 : i32, loop.stage = 1 : i32} : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
// CHECK: %53 = tt.expand_dims %52 {axis = 1 : i32, loop.cluster = 0 : i32, loop.stage = 1 : i32} : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>> -> tensor<128x1xf32, #mma>
// CHECK: %54 = tt.broadcast %53 {loop.cluster = 0 : i32, loop.stage = 1 : i32} : tensor<128x1xf32, #mma> -> tensor<128x64xf32, #mma>
// CHECK: %55 = arith.subf %50, %54 {loop.cluster = 0 : i32, loop.stage = 1 : i32} : tensor<128x64xf32, #mma>
// CHECK: %56 = math.exp2 %55 {loop.cluster = 0 : i32, loop.stage = 1 : i32} : tensor<128x64xf32, #mma>
// CHECK: %57 = arith.subf %arg8, %52 {loop.cluster = 0 : i32, loop.stage = 1 : i32} : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
// CHECK: %58 = math.exp2 %57 {loop.cluster = 0 : i32, loop.stage = 1 : i32} : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
// CHECK: %59 = arith.mulf %arg9, %58 {loop.cluster = 0 : i32, loop.stage = 1 : i32} : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
// CHECK: }) {loop.cluster = 0 : i32, loop.stage = 1 : i32} : (tensor<128x64xf32, #mma>) -> tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
// CHECK: %61 = arith.addf %59, %60 {loop.cluster = 0 : i32, loop.stage = 1 : i32} : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
// CHECK: %62 = tt.expand_dims %41 {axis = 1 : i32, loop.cluster = 1 : i32, loop.stage = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<64x1xi32, #blocked>
// CHECK: %63 = arith.muli %62, %25 {loop.cluster = 1 : i32, loop.stage = 0 : i32} : tensor<64x1xi32, #blocked>
// CHECK: %64 = tt.addptr %26, %63 {loop.cluster = 1 : i32, loop.stage = 0 : i32} : tensor<64x1x!tt.ptr<f16>, #blocked>, tensor<64x1xi32, #blocked>
// CHECK: %65 = tt.broadcast %64 {loop.cluster = 1 : i32, loop.stage = 0 : i32} : tensor<64x1x!tt.ptr<f16>, #blocked> -> tensor<64x64x!tt.ptr<f16>, #blocked>
// CHECK: %66 = tt.addptr %65, %27 {loop.cluster = 1 : i32, loop.stage = 0 : i32} : tensor<64x64x!tt.ptr<f16>, #blocked>, tensor<64x64xi32, #blocked>
// CHECK: %67 = tt.load %66 {loop.cluster = 1 : i32, loop.stage = 0 : i32} : tensor<64x64x!tt.ptr<f16>, #blocked>
// CHECK: %68 = ttg.local_alloc %67 {loop.cluster = 0 : i32, loop.stage = 1 : i32} : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
// CHECK: %69 = arith.truncf %56 {loop.cluster = 0 : i32, loop.stage = 1 : i32} : tensor<128x64xf32, #mma> to tensor<128x64xf16, #mma>
// CHECK: %70 = tt.expand_dims %58 {axis = 1 : i32, loop.cluster = 0 : i32, loop.stage = 1 : i32} : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>> -> tensor<128x1xf32, #mma>
// CHECK: %71 = tt.broadcast %70 {loop.cluster = 0 : i32, loop.stage = 1 : i32} : tensor<128x1xf32, #mma> -> tensor<128x64xf32, #mma>
// CHECK: %72 = arith.mulf %arg10, %71 {loop.cluster = 0 : i32, loop.stage = 1 : i32} : tensor<128x64xf32, #mma>
// CHECK: %73 = ttg.convert_layout %69 {loop.cluster = 0 : i32, loop.stage = 1 : i32} : tensor<128x64xf16, #mma> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
// CHECK: %74 = ttng.warp_group_dot %73, %68, %72 {inputPrecision = 0 : i32, loop.cluster = 0 : i32, loop.stage = 1 : i32} : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<128x64xf32, #mma>
// CHECK: } {tt.scheduled_max_stage = 1 : i32}
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
      %47 = tt.load %46 {tt.latency = 1 : i32} : tensor<64x64x!tt.ptr<f16>, #blocked1>
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
      %67 = tt.load %66 {tt.latency = 1 : i32} : tensor<64x64x!tt.ptr<f16>, #blocked>
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
// CHECK: %55 = arith.muli %arg9, %c64_i32 {loop.cluster = 2 : i32, loop.stage = 0 : i32} : i32
// CHECK: %56 = arith.subi %arg5, %55 {loop.cluster = 2 : i32, loop.stage = 0 : i32} : i32
// CHECK: %57 = tt.splat %56 {loop.cluster = 2 : i32, loop.stage = 0 : i32} : i32 -> tensor<1x64xi32, #blocked>
// CHECK: %58 = arith.cmpi slt, %20, %57 {loop.cluster = 2 : i32, loop.stage = 0 : i32} : tensor<1x64xi32, #blocked>
// CHECK: %59 = tt.broadcast %58 {loop.cluster = 2 : i32, loop.stage = 0 : i32} : tensor<1x64xi1, #blocked> -> tensor<128x64xi1, #blocked>
// CHECK: %60 = tt.load %arg11, %59, %cst_0 {loop.cluster = 2 : i32, loop.stage = 0 : i32} : tensor<128x64x!tt.ptr<f16>, #blocked>
// CHECK: %61 = tt.splat %56 {loop.cluster = 2 : i32, loop.stage = 0 : i32} : i32 -> tensor<64x1xi32, #blocked1>
// CHECK: %62 = arith.cmpi slt, %25, %61 {loop.cluster = 2 : i32, loop.stage = 0 : i32} : tensor<64x1xi32, #blocked1>
// CHECK: %63 = tt.broadcast %62 {loop.cluster = 2 : i32, loop.stage = 0 : i32} : tensor<64x1xi1, #blocked1> -> tensor<64x128xi1, #blocked1>
// CHECK: %64 = tt.load %arg12, %63, %cst_1 {loop.cluster = 2 : i32, loop.stage = 0 : i32} : tensor<64x128x!tt.ptr<f16>, #blocked1>
// CHECK: %65 = ttg.convert_layout %60 {loop.cluster = 0 : i32, loop.stage = 1 : i32} : tensor<128x64xf16, #blocked> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
// CHECK: %66 = ttg.convert_layout %64 {loop.cluster = 0 : i32, loop.stage = 1 : i32} : tensor<64x128xf16, #blocked1> -> tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
// CHECK: %67 = tt.dot %65, %66, %arg10, inputPrecision = tf32 {loop.cluster = 0 : i32, loop.stage = 1 : i32} : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<128x128xf32, #mma>
// CHECK: %68 = tt.addptr %arg11, %cst {loop.cluster = 1 : i32, loop.stage = 1 : i32} : tensor<128x64x!tt.ptr<f16>, #blocked>, tensor<128x64xi32, #blocked>
// CHECK: %69 = tt.addptr %arg12, %37 {loop.cluster = 1 : i32, loop.stage = 1 : i32} : tensor<64x128x!tt.ptr<f16>, #blocked1>, tensor<64x128xi32, #blocked1>
// CHECK: } {tt.scheduled_max_stage = 1 : i32}
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
      %60 = tt.load %arg11, %59, %cst_0 {tt.latency = 1 : i32} : tensor<128x64x!tt.ptr<f16>, #blocked>
      %61 = tt.splat %56 : i32 -> tensor<64x1xi32, #blocked1>
      %62 = arith.cmpi slt, %25, %61 : tensor<64x1xi32, #blocked1>
      %63 = tt.broadcast %62 : tensor<64x1xi1, #blocked1> -> tensor<64x128xi1, #blocked1>
      %64 = tt.load %arg12, %63, %cst_1 {tt.latency = 1 : i32} : tensor<64x128x!tt.ptr<f16>, #blocked1>
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
