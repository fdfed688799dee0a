// RUN: ttg-opt %s --tritongpu-pipeline=num-stages=3 | FileCheck %s --match-full-lines

// sm80 matmul, 3 stages: both loads become 2-deep cp.async rings (local_alloc 2x..., insert/extract counters
// from -1), a 2-iteration prologue predicated on lb + i*step < ub, the kernel's stage-0 copies predicated on
// iv < ub - 2, waits counted by updateWaits (num = 2), local_load + convert_layout feeding tt.dot.
// Input: Triton 3.6's IR after tritongpu-schedule-loops for `matmul_pipe-BM128-BN128-BK64-sak1-sbn1-scn1-sm80-w4-s3` (real CUDA pipeline);
// expected: Triton 3.6's output of tritongpu-pipeline on it, line for line.

// CHECK: #blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-NEXT: #blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-NEXT: #mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
// CHECK-NEXT: #shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
// CHECK-NEXT: #smem = #ttg.shared_memory
// CHECK-NEXT: module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
// CHECK-NEXT:   tt.func public @matmul_kernel(%arg0: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg3: i32 {tt.divisibility = 16 : i32}, %arg4: i32 {tt.divisibility = 16 : i32}, %arg5: i32 {tt.divisibility = 16 : i32}, %arg6: i32 {tt.divisibility = 16 : i32}, %arg7: i32 {tt.divisibility = 16 : i32}, %arg8: i32 {tt.divisibility = 16 : i32}) attributes {noinline = false} {
// CHECK-NEXT:     %c2_i32 = arith.constant 2 : i32
// CHECK-NEXT:     %c-1_i32 = arith.constant -1 : i32
// CHECK-NEXT:     %cst = arith.constant dense<64> : tensor<128x64xi32, #blocked>
// CHECK-NEXT:     %c64_i32 = arith.constant 64 : i32
// CHECK-NEXT:     %c128_i32 = arith.constant 128 : i32
// CHECK-NEXT:     %cst_0 = arith.constant dense<0.000000e+00> : tensor<128x64xf16, #blocked>
// CHECK-NEXT:     %cst_1 = arith.constant dense<0.000000e+00> : tensor<64x128xf16, #blocked1>
// CHECK-NEXT:     %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT:     %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:     %c63_i32 = arith.constant 63 : i32
// CHECK-NEXT:     %cst_2 = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
// CHECK-NEXT:     %0 = tt.get_program_id x : i32
// CHECK-NEXT:     %1 = tt.get_program_id y : i32
// CHECK-NEXT:     %2 = arith.muli %0, %c128_i32 : i32
// CHECK-NEXT:     %3 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
// CHECK-NEXT:     %4 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
// CHECK-NEXT:     %5 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>
// CHECK-NEXT:     %6 = tt.splat %2 : i32 -> tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
// CHECK-NEXT:     %7 = tt.splat %2 : i32 -> tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
// CHECK-NEXT:     %8 = arith.addi %6, %3 : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
// CHECK-NEXT:     %9 = arith.addi %7, %4 : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
// CHECK-NEXT:     %10 = arith.muli %1, %c128_i32 : i32
// CHECK-NEXT:     %11 = tt.splat %10 : i32 -> tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>
// CHECK-NEXT:     %12 = arith.addi %11, %5 : tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>
// CHECK-NEXT:     %13 = tt.expand_dims %8 {axis = 1 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<128x1xi32, #blocked>
// CHECK-NEXT:     %14 = tt.expand_dims %9 {axis = 1 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>> -> tensor<128x1xi32, #blocked1>
// CHECK-NEXT:     %15 = tt.splat %arg6 : i32 -> tensor<128x1xi32, #blocked>
// CHECK-NEXT:     %16 = arith.muli %13, %15 : tensor<128x1xi32, #blocked>
// CHECK-NEXT:     %17 = tt.splat %arg0 : !tt.ptr<f16> -> tensor<128x1x!tt.ptr<f16>, #blocked>
// CHECK-NEXT:     %18 = tt.addptr %17, %16 : tensor<128x1x!tt.ptr<f16>, #blocked>, tensor<128x1xi32, #blocked>
// CHECK-NEXT:     %19 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
// CHECK-NEXT:     %20 = tt.expand_dims %19 {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x64xi32, #blocked>
// CHECK-NEXT:     %21 = tt.broadcast %18 : tensor<128x1x!tt.ptr<f16>, #blocked> -> tensor<128x64x!tt.ptr<f16>, #blocked>
// CHECK-NEXT:     %22 = tt.broadcast %20 : tensor<1x64xi32, #blocked> -> tensor<128x64xi32, #blocked>
// CHECK-NEXT:     %23 = tt.addptr %21, %22 : tensor<128x64x!tt.ptr<f16>, #blocked>, tensor<128x64xi32, #blocked>
// CHECK-NEXT:     %24 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
// CHECK-NEXT:     %25 = tt.expand_dims %24 {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked1}>> -> tensor<64x1xi32, #blocked1>
// CHECK-NEXT:     %26 = tt.splat %arg7 : i32 -> tensor<64x1xi32, #blocked1>
// CHECK-NEXT:     %27 = arith.muli %25, %26 : tensor<64x1xi32, #blocked1>
// CHECK-NEXT:     %28 = tt.splat %arg1 : !tt.ptr<f16> -> tensor<64x1x!tt.ptr<f16>, #blocked1>
// CHECK-NEXT:     %29 = tt.addptr %28, %27 : tensor<64x1x!tt.ptr<f16>, #blocked1>, tensor<64x1xi32, #blocked1>
// CHECK-NEXT:     %30 = tt.expand_dims %12 {axis = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked1}>> -> tensor<1x128xi32, #blocked1>
// CHECK-NEXT:     %31 = tt.broadcast %29 : tensor<64x1x!tt.ptr<f16>, #blocked1> -> tensor<64x128x!tt.ptr<f16>, #blocked1>
// CHECK-NEXT:     %32 = tt.broadcast %30 : tensor<1x128xi32, #blocked1> -> tensor<64x128xi32, #blocked1>
// CHECK-NEXT:     %33 = tt.addptr %31, %32 : tensor<64x128x!tt.ptr<f16>, #blocked1>, tensor<64x128xi32, #blocked1>
// CHECK-NEXT:     %34 = arith.addi %arg5, %c63_i32 : i32
// CHECK-NEXT:     %35 = arith.divsi %34, %c64_i32 : i32
// CHECK-NEXT:     %36 = arith.muli %arg7, %c64_i32 : i32
// CHECK-NEXT:     %37 = tt.splat %36 : i32 -> tensor<64x128xi32, #blocked1>
// CHECK-NEXT:     %38 = ttg.local_alloc : () -> !ttg.memdesc<2x128x64xf16, #shared, #smem, mutable>
// CHECK-NEXT:     %39 = ttg.local_alloc : () -> !ttg.memdesc<2x64x128xf16, #shared, #smem, mutable>
// CHECK-NEXT:     %40 = arith.cmpi sgt, %35, %c0_i32 : i32
// CHECK-NEXT:     %41 = tt.splat %arg5 : i32 -> tensor<1x64xi32, #blocked>
// CHECK-NEXT:     %42 = arith.cmpi slt, %20, %41 : tensor<1x64xi32, #blocked>
// CHECK-NEXT:     %43 = tt.broadcast %42 : tensor<1x64xi1, #blocked> -> tensor<128x64xi1, #blocked>
// CHECK-NEXT:     %44 = ttg.memdesc_index %38[%c0_i32] : !ttg.memdesc<2x128x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
// CHECK-NEXT:     %45 = tt.splat %40 : i1 -> tensor<128x64xi1, #blocked>
// CHECK-NEXT:     %46 = arith.andi %45, %43 : tensor<128x64xi1, #blocked>
// CHECK-NEXT:     %47 = ttg.async_copy_global_to_local %23, %44 mask %46 other %cst_0 {contiguity = 8 : i32} : tensor<128x64x!tt.ptr<f16>, #blocked> -> <128x64xf16, #shared, #smem, mutable>
// CHECK-NEXT:     %48 = ttg.async_commit_group tokens %47
// CHECK-NEXT:     %49 = tt.splat %arg5 : i32 -> tensor<64x1xi32, #blocked1>
// CHECK-NEXT:     %50 = arith.cmpi slt, %25, %49 : tensor<64x1xi32, #blocked1>
// CHECK-NEXT:     %51 = tt.broadcast %50 : tensor<64x1xi1, #blocked1> -> tensor<64x128xi1, #blocked1>
// CHECK-NEXT:     %52 = ttg.memdesc_index %39[%c0_i32] : !ttg.memdesc<2x64x128xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x128xf16, #shared, #smem, mutable>
// CHECK-NEXT:     %53 = tt.splat %40 : i1 -> tensor<64x128xi1, #blocked1>
// CHECK-NEXT:     %54 = arith.andi %53, %51 : tensor<64x128xi1, #blocked1>
// CHECK-NEXT:     %55 = ttg.async_copy_global_to_local %33, %52 mask %54 other %cst_1 {contiguity = 8 : i32} : tensor<64x128x!tt.ptr<f16>, #blocked1> -> <64x128xf16, #shared, #smem, mutable>
// CHECK-NEXT:     %56 = ttg.async_commit_group tokens %55
// CHECK-NEXT:     %57 = arith.cmpi sgt, %35, %c1_i32 : i32
// CHECK-NEXT:     %58 = tt.addptr %23, %cst : tensor<128x64x!tt.ptr<f16>, #blocked>, tensor<128x64xi32, #blocked>
// CHECK-NEXT:     %59 = tt.addptr %33, %37 : tensor<64x128x!tt.ptr<f16>, #blocked1>, tensor<64x128xi32, #blocked1>
// CHECK-NEXT:     %60 = arith.subi %arg5, %c64_i32 : i32
// CHECK-NEXT:     %61 = tt.splat %60 : i32 -> tensor<1x64xi32, #blocked>
// CHECK-NEXT:     %62 = arith.cmpi slt, %20, %61 : tensor<1x64xi32, #blocked>
// CHECK-NEXT:     %63 = tt.broadcast %62 : tensor<1x64xi1, #blocked> -> tensor<128x64xi1, #blocked>
// CHECK-NEXT:     %64 = ttg.memdesc_index %38[%c1_i32] : !ttg.memdesc<2x128x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
// CHECK-NEXT:     %65 = tt.splat %57 : i1 -> tensor<128x64xi1, #blocked>
// CHECK-NEXT:     %66 = arith.andi %65, %63 : tensor<128x64xi1, #blocked>
// CHECK-NEXT:     %67 = ttg.async_copy_global_to_local %58, %64 mask %66 other %cst_0 {contiguity = 8 : i32} : tensor<128x64x!tt.ptr<f16>, #blocked> -> <128x64xf16, #shared, #smem, mutable>
// CHECK-NEXT:     %68 = ttg.async_commit_group tokens %67
// CHECK-NEXT:     %69 = tt.splat %60 : i32 -> tensor<64x1xi32, #blocked1>
// CHECK-NEXT:     %70 = arith.cmpi slt, %25, %69 : tensor<64x1xi32, #blocked1>
// CHECK-NEXT:     %71 = tt.broadcast %70 : tensor<64x1xi1, #blocked1> -> tensor<64x128xi1, #blocked1>
// CHECK-NEXT:     %72 = ttg.memdesc_index %39[%c1_i32] : !ttg.memdesc<2x64x128xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x128xf16, #shared, #smem, mutable>
// CHECK-NEXT:     %73 = tt.splat %57 : i1 -> tensor<64x128xi1, #blocked1>
// CHECK-NEXT:     %74 = arith.andi %73, %71 : tensor<64x128xi1, #blocked1>
// CHECK-NEXT:     %75 = ttg.async_copy_global_to_local %59, %72 mask %74 other %cst_1 {contiguity = 8 : i32} : tensor<64x128x!tt.ptr<f16>, #blocked1> -> <64x128xf16, #shared, #smem, mutable>
// CHECK-NEXT:     %76 = ttg.async_commit_group tokens %75
// CHECK-NEXT:     %77:11 = scf.for %arg9 = %c0_i32 to %35 step %c1_i32 iter_args(%arg10 = %cst_2, %arg11 = %58, %arg12 = %59, %arg13 = %c1_i32, %arg14 = %c-1_i32, %arg15 = %c2_i32, %arg16 = %c2_i32, %arg17 = %48, %arg18 = %68, %arg19 = %56, %arg20 = %76) -> (tensor<128x128xf32, #mma>, tensor<128x64x!tt.ptr<f16>, #blocked>, tensor<64x128x!tt.ptr<f16>, #blocked1>, i32, i32, i32, i32, !ttg.async.token, !ttg.async.token, !ttg.async.token, !ttg.async.token)  : i32 {
// CHECK-NEXT:       %95 = arith.subi %35, %c2_i32 : i32
// CHECK-NEXT:       %96 = arith.cmpi slt, %arg9, %95 : i32
// CHECK-NEXT:       %97 = arith.addi %arg14, %c1_i32 : i32
// CHECK-NEXT:       %98 = arith.cmpi sge, %97, %arg15 : i32
// CHECK-NEXT:       %99 = arith.select %98, %c0_i32, %97 : i32
// CHECK-NEXT:       %100 = ttg.async_wait %arg17, %arg19 {num = 2 : i32}
// CHECK-NEXT:       %101 = ttg.memdesc_index %38[%99] : !ttg.memdesc<2x128x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
// CHECK-NEXT:       %102 = ttg.local_load %101 token %100 : !ttg.memdesc<128x64xf16, #shared, #smem, mutable> -> tensor<128x64xf16, #blocked>
// CHECK-NEXT:       %103 = ttg.memdesc_index %39[%99] : !ttg.memdesc<2x64x128xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x128xf16, #shared, #smem, mutable>
// CHECK-NEXT:       %104 = ttg.local_load %103 token %100 : !ttg.memdesc<64x128xf16, #shared, #smem, mutable> -> tensor<64x128xf16, #blocked1>
// CHECK-NEXT:       %105 = ttg.convert_layout %102 : tensor<128x64xf16, #blocked> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
// CHECK-NEXT:       %106 = ttg.convert_layout %104 : tensor<64x128xf16, #blocked1> -> tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
// CHECK-NEXT:       %107 = tt.dot %105, %106, %arg10, inputPrecision = tf32 : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<128x128xf32, #mma>
// CHECK-NEXT:       %108 = tt.addptr %arg11, %cst : tensor<128x64x!tt.ptr<f16>, #blocked>, tensor<128x64xi32, #blocked>
// CHECK-NEXT:       %109 = tt.addptr %arg12, %37 : tensor<64x128x!tt.ptr<f16>, #blocked1>, tensor<64x128xi32, #blocked1>
// CHECK-NEXT:       %110 = arith.addi %arg13, %c1_i32 : i32
// CHECK-NEXT:       %111 = arith.cmpi sge, %110, %c2_i32 : i32
// CHECK-NEXT:       %112 = arith.select %111, %c0_i32, %110 : i32
// CHECK-NEXT:       %113 = arith.addi %arg9, %c2_i32 : i32
// CHECK-NEXT:       %114 = arith.muli %113, %c64_i32 : i32
// CHECK-NEXT:       %115 = arith.subi %arg5, %114 : i32
// CHECK-NEXT:       %116 = tt.splat %115 : i32 -> tensor<1x64xi32, #blocked>
// CHECK-NEXT:       %117 = arith.cmpi slt, %20, %116 : tensor<1x64xi32, #blocked>
// CHECK-NEXT:       %118 = tt.broadcast %117 : tensor<1x64xi1, #blocked> -> tensor<128x64xi1, #blocked>
// CHECK-NEXT:       %119 = ttg.memdesc_index %38[%112] : !ttg.memdesc<2x128x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
// CHECK-NEXT:       %120 = tt.splat %96 : i1 -> tensor<128x64xi1, #blocked>
// CHECK-NEXT:       %121 = arith.andi %120, %118 : tensor<128x64xi1, #blocked>
// CHECK-NEXT:       %122 = ttg.async_copy_global_to_local %108, %119 mask %121 other %cst_0 {contiguity = 8 : i32} : tensor<128x64x!tt.ptr<f16>, #blocked> -> <128x64xf16, #shared, #smem, mutable>
// CHECK-NEXT:       %123 = ttg.async_commit_group tokens %122
// CHECK-NEXT:       %124 = tt.splat %115 : i32 -> tensor<64x1xi32, #blocked1>
// CHECK-NEXT:       %125 = arith.cmpi slt, %25, %124 : tensor<64x1xi32, #blocked1>
// CHECK-NEXT:       %126 = tt.broadcast %125 : tensor<64x1xi1, #blocked1> -> tensor<64x128xi1, #blocked1>
// CHECK-NEXT:       %127 = ttg.memdesc_index %39[%112] : !ttg.memdesc<2x64x128xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x128xf16, #shared, #smem, mutable>
// CHECK-NEXT:       %128 = tt.splat %96 : i1 -> tensor<64x128xi1, #blocked1>
// CHECK-NEXT:       %129 = arith.andi %128, %126 : tensor<64x128xi1, #blocked1>
// CHECK-NEXT:       %130 = ttg.async_copy_global_to_local %109, %127 mask %129 other %cst_1 {contiguity = 8 : i32} : tensor<64x128x!tt.ptr<f16>, #blocked1> -> <64x128xf16, #shared, #smem, mutable>
// CHECK-NEXT:       %131 = ttg.async_commit_group tokens %130
// CHECK-NEXT:       scf.yield %107, %108, %109, %112, %99, %arg16, %c2_i32, %arg18, %123, %arg20, %131 : tensor<128x128xf32, #mma>, tensor<128x64x!tt.ptr<f16>, #blocked>, tensor<64x128x!tt.ptr<f16>, #blocked1>, i32, i32, i32, i32, !ttg.async.token, !ttg.async.token, !ttg.async.token, !ttg.async.token
// CHECK-NEXT:     }
// CHECK-NEXT:     %78 = ttg.async_wait {num = 0 : i32}
// CHECK-NEXT:     ttg.local_dealloc %39 : !ttg.memdesc<2x64x128xf16, #shared, #smem, mutable>
// CHECK-NEXT:     ttg.local_dealloc %38 : !ttg.memdesc<2x128x64xf16, #shared, #smem, mutable>
// CHECK-NEXT:     %79 = tt.splat %arg8 : i32 -> tensor<128x1xi32, #blocked1>
// CHECK-NEXT:     %80 = arith.muli %14, %79 : tensor<128x1xi32, #blocked1>
// CHECK-NEXT:     %81 = tt.splat %arg2 : !tt.ptr<f16> -> tensor<128x1x!tt.ptr<f16>, #blocked1>
// CHECK-NEXT:     %82 = tt.addptr %81, %80 : tensor<128x1x!tt.ptr<f16>, #blocked1>, tensor<128x1xi32, #blocked1>
// CHECK-NEXT:     %83 = tt.broadcast %82 : tensor<128x1x!tt.ptr<f16>, #blocked1> -> tensor<128x128x!tt.ptr<f16>, #blocked1>
// CHECK-NEXT:     %84 = tt.broadcast %30 : tensor<1x128xi32, #blocked1> -> tensor<128x128xi32, #blocked1>
// CHECK-NEXT:     %85 = tt.addptr %83, %84 : tensor<128x128x!tt.ptr<f16>, #blocked1>, tensor<128x128xi32, #blocked1>
// CHECK-NEXT:     %86 = tt.splat %arg3 : i32 -> tensor<128x1xi32, #blocked1>
// CHECK-NEXT:     %87 = arith.cmpi slt, %14, %86 : tensor<128x1xi32, #blocked1>
// CHECK-NEXT:     %88 = tt.splat %arg4 : i32 -> tensor<1x128xi32, #blocked1>
// CHECK-NEXT:     %89 = arith.cmpi slt, %30, %88 : tensor<1x128xi32, #blocked1>
// CHECK-NEXT:     %90 = tt.broadcast %87 : tensor<128x1xi1, #blocked1> -> tensor<128x128xi1, #blocked1>
// CHECK-NEXT:     %91 = tt.broadcast %89 : tensor<1x128xi1, #blocked1> -> tensor<128x128xi1, #blocked1>
// CHECK-NEXT:     %92 = arith.andi %90, %91 : tensor<128x128xi1, #blocked1>
// CHECK-NEXT:     %93 = arith.truncf %77#0 : tensor<128x128xf32, #mma> to tensor<128x128xf16, #mma>
// CHECK-NEXT:     %94 = ttg.convert_layout %93 : tensor<128x128xf16, #mma> -> tensor<128x128xf16, #blocked1>
// CHECK-NEXT:     tt.store %85, %94, %92 : tensor<128x128x!tt.ptr<f16>, #blocked1>
// CHECK-NEXT:     tt.return
// CHECK-NEXT:   }
// CHECK-NEXT: }

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
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
      %55 = arith.muli %arg9, %c64_i32 {loop.cluster = 3 : i32, loop.stage = 0 : i32} : i32
      %56 = arith.subi %arg5, %55 {loop.cluster = 3 : i32, loop.stage = 0 : i32} : i32
      %57 = tt.splat %56 {loop.cluster = 3 : i32, loop.stage = 0 : i32} : i32 -> tensor<1x64xi32, #blocked>
      %58 = arith.cmpi slt, %20, %57 {loop.cluster = 3 : i32, loop.stage = 0 : i32} : tensor<1x64xi32, #blocked>
      %59 = tt.broadcast %58 {loop.cluster = 3 : i32, loop.stage = 0 : i32} : tensor<1x64xi1, #blocked> -> tensor<128x64xi1, #blocked>
      %60 = tt.load %arg11, %59, %cst_0 {loop.cluster = 3 : i32, loop.stage = 0 : i32} : tensor<128x64x!tt.ptr<f16>, #blocked>
      %61 = tt.splat %56 {loop.cluster = 3 : i32, loop.stage = 0 : i32} : i32 -> tensor<64x1xi32, #blocked1>
      %62 = arith.cmpi slt, %25, %61 {loop.cluster = 3 : i32, loop.stage = 0 : i32} : tensor<64x1xi32, #blocked1>
      %63 = tt.broadcast %62 {loop.cluster = 3 : i32, loop.stage = 0 : i32} : tensor<64x1xi1, #blocked1> -> tensor<64x128xi1, #blocked1>
      %64 = tt.load %arg12, %63, %cst_1 {loop.cluster = 3 : i32, loop.stage = 0 : i32} : tensor<64x128x!tt.ptr<f16>, #blocked1>
      %65 = ttg.convert_layout %60 {loop.cluster = 0 : i32, loop.stage = 2 : i32} : tensor<128x64xf16, #blocked> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %66 = ttg.convert_layout %64 {loop.cluster = 0 : i32, loop.stage = 2 : i32} : tensor<64x128xf16, #blocked1> -> tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
      %67 = tt.dot %65, %66, %arg10, inputPrecision = tf32 {loop.cluster = 0 : i32, loop.stage = 2 : i32} : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<128x128xf32, #mma>
      %68 = tt.addptr %arg11, %cst {loop.cluster = 2 : i32, loop.stage = 1 : i32} : tensor<128x64x!tt.ptr<f16>, #blocked>, tensor<128x64xi32, #blocked>
      %69 = tt.addptr %arg12, %37 {loop.cluster = 2 : i32, loop.stage = 1 : i32} : tensor<64x128x!tt.ptr<f16>, #blocked1>, tensor<64x128xi32, #blocked1>
      scf.yield %67, %68, %69 : tensor<128x128xf32, #mma>, tensor<128x64x!tt.ptr<f16>, #blocked>, tensor<64x128x!tt.ptr<f16>, #blocked1>
    } {tt.scheduled_max_stage = 2 : i32}
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
