// RUN: ttg-opt %s --tritongpu-pipeline=num-stages=4 | FileCheck %s --match-full-lines

// sm90 matmul, 4 stages: the loads feed local_alloc of the wgmma operands, so the ring buffers replace the
// allocs (one extra buffer for the in-flight wgmma), the dot becomes isAsync with warp_group_dot_wait
// {pendings = 1} in the loop and {pendings = 0} after it.
// Input: Triton 3.6's IR after tritongpu-schedule-loops for `matmul_pipe-BM64-BN256-BK32-sak1-sbn1-scn1-sm90-w8-s4` (real CUDA pipeline);
// expected: Triton 3.6's output of tritongpu-pipeline on it, line for line.

// CHECK: #blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [8, 1], order = [1, 0]}>
// CHECK-NEXT: #blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [1, 32], warpsPerCTA = [8, 1], order = [1, 0]}>
// CHECK-NEXT: #mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 2], instrShape = [16, 128, 16]}>
// CHECK-NEXT: #shared = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
// CHECK-NEXT: #shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
// CHECK-NEXT: #smem = #ttg.shared_memory
// CHECK-NEXT: module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
// CHECK-NEXT:   tt.func public @matmul_kernel(%arg0: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg3: i32 {tt.divisibility = 16 : i32}, %arg4: i32 {tt.divisibility = 16 : i32}, %arg5: i32 {tt.divisibility = 16 : i32}, %arg6: i32 {tt.divisibility = 16 : i32}, %arg7: i32 {tt.divisibility = 16 : i32}, %arg8: i32 {tt.divisibility = 16 : i32}) attributes {noinline = false} {
// CHECK-NEXT:     %c3_i32 = arith.constant 3 : i32
// CHECK-NEXT:     %c2_i32 = arith.constant 2 : i32
// CHECK-NEXT:     %c4_i32 = arith.constant 4 : i32
// CHECK-NEXT:     %c-1_i32 = arith.constant -1 : i32
// CHECK-NEXT:     %cst = arith.constant dense<32> : tensor<64x32xi32, #blocked>
// CHECK-NEXT:     %c32_i32 = arith.constant 32 : i32
// CHECK-NEXT:     %c256_i32 = arith.constant 256 : i32
// CHECK-NEXT:     %c64_i32 = arith.constant 64 : i32
// CHECK-NEXT:     %cst_0 = arith.constant dense<0.000000e+00> : tensor<64x32xf16, #blocked>
// CHECK-NEXT:     %cst_1 = arith.constant dense<0.000000e+00> : tensor<32x256xf16, #blocked1>
// CHECK-NEXT:     %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT:     %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:     %c31_i32 = arith.constant 31 : i32
// CHECK-NEXT:     %cst_2 = arith.constant dense<0.000000e+00> : tensor<64x256xf32, #mma>
// CHECK-NEXT:     %0 = tt.get_program_id x : i32
// CHECK-NEXT:     %1 = tt.get_program_id y : i32
// CHECK-NEXT:     %2 = arith.muli %0, %c64_i32 : i32
// CHECK-NEXT:     %3 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
// CHECK-NEXT:     %4 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
// CHECK-NEXT:     %5 = tt.splat %2 : i32 -> tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
// CHECK-NEXT:     %6 = tt.splat %2 : i32 -> tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
// CHECK-NEXT:     %7 = arith.addi %5, %3 : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
// CHECK-NEXT:     %8 = arith.addi %6, %4 : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
// CHECK-NEXT:     %9 = arith.muli %1, %c256_i32 : i32
// CHECK-NEXT:     %10 = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>
// CHECK-NEXT:     %11 = tt.splat %9 : i32 -> tensor<256xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>
// CHECK-NEXT:     %12 = arith.addi %11, %10 : tensor<256xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>
// CHECK-NEXT:     %13 = tt.expand_dims %7 {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<64x1xi32, #blocked>
// CHECK-NEXT:     %14 = tt.expand_dims %8 {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked1}>> -> tensor<64x1xi32, #blocked1>
// CHECK-NEXT:     %15 = tt.splat %arg6 : i32 -> tensor<64x1xi32, #blocked>
// CHECK-NEXT:     %16 = arith.muli %13, %15 : tensor<64x1xi32, #blocked>
// CHECK-NEXT:     %17 = tt.splat %arg0 : !tt.ptr<f16> -> tensor<64x1x!tt.ptr<f16>, #blocked>
// CHECK-NEXT:     %18 = tt.addptr %17, %16 : tensor<64x1x!tt.ptr<f16>, #blocked>, tensor<64x1xi32, #blocked>
// CHECK-NEXT:     %19 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
// CHECK-NEXT:     %20 = tt.expand_dims %19 {axis = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x32xi32, #blocked>
// CHECK-NEXT:     %21 = tt.broadcast %18 : tensor<64x1x!tt.ptr<f16>, #blocked> -> tensor<64x32x!tt.ptr<f16>, #blocked>
// CHECK-NEXT:     %22 = tt.broadcast %20 : tensor<1x32xi32, #blocked> -> tensor<64x32xi32, #blocked>
// CHECK-NEXT:     %23 = tt.addptr %21, %22 : tensor<64x32x!tt.ptr<f16>, #blocked>, tensor<64x32xi32, #blocked>
// CHECK-NEXT:     %24 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
// CHECK-NEXT:     %25 = tt.expand_dims %24 {axis = 1 : i32} : tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked1}>> -> tensor<32x1xi32, #blocked1>
// CHECK-NEXT:     %26 = tt.splat %arg7 : i32 -> tensor<32x1xi32, #blocked1>
// CHECK-NEXT:     %27 = arith.muli %25, %26 : tensor<32x1xi32, #blocked1>
// CHECK-NEXT:     %28 = tt.splat %arg1 : !tt.ptr<f16> -> tensor<32x1x!tt.ptr<f16>, #blocked1>
// CHECK-NEXT:     %29 = tt.addptr %28, %27 : tensor<32x1x!tt.ptr<f16>, #blocked1>, tensor<32x1xi32, #blocked1>
// CHECK-NEXT:     %30 = tt.expand_dims %12 {axis = 0 : i32} : tensor<256xi32, #ttg.slice<{dim = 0, parent = #blocked1}>> -> tensor<1x256xi32, #blocked1>
// CHECK-NEXT:     %31 = tt.broadcast %29 : tensor<32x1x!tt.ptr<f16>, #blocked1> -> tensor<32x256x!tt.ptr<f16>, #blocked1>
// CHECK-NEXT:     %32 = tt.broadcast %30 : tensor<1x256xi32, #blocked1> -> tensor<32x256xi32, #blocked1>
// CHECK-NEXT:     %33 = tt.addptr %31, %32 : tensor<32x256x!tt.ptr<f16>, #blocked1>, tensor<32x256xi32, #blocked1>
// CHECK-NEXT:     %34 = arith.addi %arg5, %c31_i32 : i32
// CHECK-NEXT:     %35 = arith.divsi %34, %c32_i32 : i32
// CHECK-NEXT:     %36 = arith.muli %arg7, %c32_i32 : i32
// CHECK-NEXT:     %37 = tt.splat %36 : i32 -> tensor<32x256xi32, #blocked1>
// CHECK-NEXT:     %38 = ttg.local_alloc : () -> !ttg.memdesc<4x64x32xf16, #shared, #smem, mutable>
// CHECK-NEXT:     %39 = ttg.local_alloc : () -> !ttg.memdesc<4x32x256xf16, #shared1, #smem, mutable>
// CHECK-NEXT:     %40 = arith.cmpi sgt, %35, %c0_i32 : i32
// CHECK-NEXT:     %41 = tt.splat %arg5 : i32 -> tensor<1x32xi32, #blocked>
// CHECK-NEXT:     %42 = arith.cmpi slt, %20, %41 : tensor<1x32xi32, #blocked>
// CHECK-NEXT:     %43 = tt.broadcast %42 : tensor<1x32xi1, #blocked> -> tensor<64x32xi1, #blocked>
// CHECK-NEXT:     %44 = ttg.memdesc_index %38[%c0_i32] : !ttg.memdesc<4x64x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
// CHECK-NEXT:     %45 = tt.splat %40 : i1 -> tensor<64x32xi1, #blocked>
// CHECK-NEXT:     %46 = arith.andi %45, %43 : tensor<64x32xi1, #blocked>
// CHECK-NEXT:     %47 = ttg.async_copy_global_to_local %23, %44 mask %46 other %cst_0 {contiguity = 8 : i32} : tensor<64x32x!tt.ptr<f16>, #blocked> -> <64x32xf16, #shared, #smem, mutable>
// CHECK-NEXT:     %48 = ttg.async_commit_group tokens %47
// CHECK-NEXT:     %49 = tt.splat %arg5 : i32 -> tensor<32x1xi32, #blocked1>
// CHECK-NEXT:     %50 = arith.cmpi slt, %25, %49 : tensor<32x1xi32, #blocked1>
// CHECK-NEXT:     %51 = tt.broadcast %50 : tensor<32x1xi1, #blocked1> -> tensor<32x256xi1, #blocked1>
// CHECK-NEXT:     %52 = ttg.memdesc_index %39[%c0_i32] : !ttg.memdesc<4x32x256xf16, #shared1, #smem, mutable> -> !ttg.memdesc<32x256xf16, #shared1, #smem, mutable>
// CHECK-NEXT:     %53 = tt.splat %40 : i1 -> tensor<32x256xi1, #blocked1>
// CHECK-NEXT:     %54 = arith.andi %53, %51 : tensor<32x256xi1, #blocked1>
// CHECK-NEXT:     %55 = ttg.async_copy_global_to_local %33, %52 mask %54 other %cst_1 {contiguity = 8 : i32} : tensor<32x256x!tt.ptr<f16>, #blocked1> -> <32x256xf16, #shared1, #smem, mutable>
// CHECK-NEXT:     %56 = ttg.async_commit_group tokens %55
// CHECK-NEXT:     %57 = arith.cmpi sgt, %35, %c1_i32 : i32
// CHECK-NEXT:     %58 = tt.addptr %23, %cst : tensor<64x32x!tt.ptr<f16>, #blocked>, tensor<64x32xi32, #blocked>
// CHECK-NEXT:     %59 = tt.addptr %33, %37 : tensor<32x256x!tt.ptr<f16>, #blocked1>, tensor<32x256xi32, #blocked1>
// CHECK-NEXT:     %60 = arith.subi %arg5, %c32_i32 : i32
// CHECK-NEXT:     %61 = tt.splat %60 : i32 -> tensor<1x32xi32, #blocked>
// CHECK-NEXT:     %62 = arith.cmpi slt, %20, %61 : tensor<1x32xi32, #blocked>
// CHECK-NEXT:     %63 = tt.broadcast %62 : tensor<1x32xi1, #blocked> -> tensor<64x32xi1, #blocked>
// CHECK-NEXT:     %64 = ttg.memdesc_index %38[%c1_i32] : !ttg.memdesc<4x64x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
// CHECK-NEXT:     %65 = tt.splat %57 : i1 -> tensor<64x32xi1, #blocked>
// CHECK-NEXT:     %66 = arith.andi %65, %63 : tensor<64x32xi1, #blocked>
// CHECK-NEXT:     %67 = ttg.async_copy_global_to_local %58, %64 mask %66 other %cst_0 {contiguity = 8 : i32} : tensor<64x32x!tt.ptr<f16>, #blocked> -> <64x32xf16, #shared, #smem, mutable>
// CHECK-NEXT:     %68 = ttg.async_commit_group tokens %67
// CHECK-NEXT:     %69 = tt.splat %60 : i32 -> tensor<32x1xi32, #blocked1>
// CHECK-NEXT:     %70 = arith.cmpi slt, %25, %69 : tensor<32x1xi32, #blocked1>
// CHECK-NEXT:     %71 = tt.broadcast %70 : tensor<32x1xi1, #blocked1> -> tensor<32x256xi1, #blocked1>
// CHECK-NEXT:     %72 = ttg.memdesc_index %39[%c1_i32] : !ttg.memdesc<4x32x256xf16, #shared1, #smem, mutable> -> !ttg.memdesc<32x256xf16, #shared1, #smem, mutable>
// CHECK-NEXT:     %73 = tt.splat %57 : i1 -> tensor<32x256xi1, #blocked1>
// CHECK-NEXT:     %74 = arith.andi %73, %71 : tensor<32x256xi1, #blocked1>
// CHECK-NEXT:     %75 = ttg.async_copy_global_to_local %59, %72 mask %74 other %cst_1 {contiguity = 8 : i32} : tensor<32x256x!tt.ptr<f16>, #blocked1> -> <32x256xf16, #shared1, #smem, mutable>
// CHECK-NEXT:     %76 = ttg.async_commit_group tokens %75
// CHECK-NEXT:     %77 = arith.cmpi sgt, %35, %c2_i32 : i32
// CHECK-NEXT:     %78 = tt.addptr %58, %cst : tensor<64x32x!tt.ptr<f16>, #blocked>, tensor<64x32xi32, #blocked>
// CHECK-NEXT:     %79 = tt.addptr %59, %37 : tensor<32x256x!tt.ptr<f16>, #blocked1>, tensor<32x256xi32, #blocked1>
// CHECK-NEXT:     %80 = arith.subi %arg5, %c64_i32 : i32
// CHECK-NEXT:     %81 = tt.splat %80 : i32 -> tensor<1x32xi32, #blocked>
// CHECK-NEXT:     %82 = arith.cmpi slt, %20, %81 : tensor<1x32xi32, #blocked>
// CHECK-NEXT:     %83 = tt.broadcast %82 : tensor<1x32xi1, #blocked> -> tensor<64x32xi1, #blocked>
// CHECK-NEXT:     %84 = ttg.memdesc_index %38[%c2_i32] : !ttg.memdesc<4x64x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
// CHECK-NEXT:     %85 = tt.splat %77 : i1 -> tensor<64x32xi1, #blocked>
// CHECK-NEXT:     %86 = arith.andi %85, %83 : tensor<64x32xi1, #blocked>
// CHECK-NEXT:     %87 = ttg.async_copy_global_to_local %78, %84 mask %86 other %cst_0 {contiguity = 8 : i32} : tensor<64x32x!tt.ptr<f16>, #blocked> -> <64x32xf16, #shared, #smem, mutable>
// CHECK-NEXT:     %88 = ttg.async_commit_group tokens %87
// CHECK-NEXT:     %89 = tt.splat %80 : i32 -> tensor<32x1xi32, #blocked1>
// CHECK-NEXT:     %90 = arith.cmpi slt, %25, %89 : tensor<32x1xi32, #blocked1>
// CHECK-NEXT:     %91 = tt.broadcast %90 : tensor<32x1xi1, #blocked1> -> tensor<32x256xi1, #blocked1>
// CHECK-NEXT:     %92 = ttg.memdesc_index %39[%c2_i32] : !ttg.memdesc<4x32x256xf16, #shared1, #smem, mutable> -> !ttg.memdesc<32x256xf16, #shared1, #smem, mutable>
// CHECK-NEXT:     %93 = tt.splat %77 : i1 -> tensor<32x256xi1, #blocked1>
// CHECK-NEXT:     %94 = arith.andi %93, %91 : tensor<32x256xi1, #blocked1>
// CHECK-NEXT:     %95 = ttg.async_copy_global_to_local %79, %92 mask %94 other %cst_1 {contiguity = 8 : i32} : tensor<32x256x!tt.ptr<f16>, #blocked1> -> <32x256xf16, #shared1, #smem, mutable>
// CHECK-NEXT:     %96 = ttg.async_commit_group tokens %95
// CHECK-NEXT:     %97:14 = scf.for %arg9 = %c0_i32 to %35 step %c1_i32 iter_args(%arg10 = %cst_2, %arg11 = %78, %arg12 = %79, %arg13 = %c2_i32, %arg14 = %c-1_i32, %arg15 = %c4_i32, %arg16 = %c4_i32, %arg17 = %c4_i32, %arg18 = %48, %arg19 = %68, %arg20 = %88, %arg21 = %56, %arg22 = %76, %arg23 = %96) -> (tensor<64x256xf32, #mma>, tensor<64x32x!tt.ptr<f16>, #blocked>, tensor<32x256x!tt.ptr<f16>, #blocked1>, i32, i32, i32, i32, i32, !ttg.async.token, !ttg.async.token, !ttg.async.token, !ttg.async.token, !ttg.async.token, !ttg.async.token)  : i32 {
// CHECK-NEXT:       %116 = arith.subi %35, %c3_i32 : i32
// CHECK-NEXT:       %117 = arith.cmpi slt, %arg9, %116 : i32
// CHECK-NEXT:       %118 = arith.addi %arg14, %c1_i32 : i32
// CHECK-NEXT:       %119 = arith.cmpi sge, %118, %arg15 : i32
// CHECK-NEXT:       %120 = arith.select %119, %c0_i32, %118 : i32
// CHECK-NEXT:       %121 = ttg.async_wait %arg18, %arg21 {num = 4 : i32}
// CHECK-NEXT:       %122 = ttg.memdesc_index %38[%120] : !ttg.memdesc<4x64x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
// CHECK-NEXT:       %123 = ttg.memdesc_index %39[%120] : !ttg.memdesc<4x32x256xf16, #shared1, #smem, mutable> -> !ttg.memdesc<32x256xf16, #shared1, #smem, mutable>
// CHECK-NEXT:       %124 = ttng.warp_group_dot %122, %123, %arg10 {inputPrecision = 0 : i32, isAsync = true} : !ttg.memdesc<64x32xf16, #shared, #smem, mutable> * !ttg.memdesc<32x256xf16, #shared1, #smem, mutable> -> tensor<64x256xf32, #mma>
// CHECK-NEXT:       %125:3 = ttng.warp_group_dot_wait %124, %122, %123 {pendings = 1 : i32} : tensor<64x256xf32, #mma>, !ttg.memdesc<64x32xf16, #shared, #smem, mutable>, !ttg.memdesc<32x256xf16, #shared1, #smem, mutable>
// CHECK-NEXT:       %126 = tt.addptr %arg11, %cst : tensor<64x32x!tt.ptr<f16>, #blocked>, tensor<64x32xi32, #blocked>
// CHECK-NEXT:       %127 = tt.addptr %arg12, %37 : tensor<32x256x!tt.ptr<f16>, #blocked1>, tensor<32x256xi32, #blocked1>
// CHECK-NEXT:       %128 = arith.addi %arg13, %c1_i32 : i32
// CHECK-NEXT:       %129 = arith.cmpi sge, %128, %c4_i32 : i32
// CHECK-NEXT:       %130 = arith.select %129, %c0_i32, %128 : i32
// CHECK-NEXT:       %131 = arith.addi %arg9, %c3_i32 : i32
// CHECK-NEXT:       %132 = arith.muli %131, %c32_i32 : i32
// CHECK-NEXT:       %133 = arith.subi %arg5, %132 : i32
// CHECK-NEXT:       %134 = tt.splat %133 : i32 -> tensor<1x32xi32, #blocked>
// CHECK-NEXT:       %135 = arith.cmpi slt, %20, %134 : tensor<1x32xi32, #blocked>
// CHECK-NEXT:       %136 = tt.broadcast %135 : tensor<1x32xi1, #blocked> -> tensor<64x32xi1, #blocked>
// CHECK-NEXT:       %137 = ttg.memdesc_index %38[%130] : !ttg.memdesc<4x64x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
// CHECK-NEXT:       %138 = tt.splat %117 : i1 -> tensor<64x32xi1, #blocked>
// CHECK-NEXT:       %139 = arith.andi %138, %136 : tensor<64x32xi1, #blocked>
// CHECK-NEXT:       %140 = ttg.async_copy_global_to_local %126, %137 mask %139 other %cst_0 {contiguity = 8 : i32} : tensor<64x32x!tt.ptr<f16>, #blocked> -> <64x32xf16, #shared, #smem, mutable>
// CHECK-NEXT:       %141 = ttg.async_commit_group tokens %140
// CHECK-NEXT:       %142 = tt.splat %133 : i32 -> tensor<32x1xi32, #blocked1>
// CHECK-NEXT:       %143 = arith.cmpi slt, %25, %142 : tensor<32x1xi32, #blocked1>
// CHECK-NEXT:       %144 = tt.broadcast %143 : tensor<32x1xi1, #blocked1> -> tensor<32x256xi1, #blocked1>
// CHECK-NEXT:       %145 = ttg.memdesc_index %39[%130] : !ttg.memdesc<4x32x256xf16, #shared1, #smem, mutable> -> !ttg.memdesc<32x256xf16, #shared1, #smem, mutable>
// CHECK-NEXT:       %146 = tt.splat %117 : i1 -> tensor<32x256xi1, #blocked1>
// CHECK-NEXT:       %147 = arith.andi %146, %144 : tensor<32x256xi1, #blocked1>
// CHECK-NEXT:       %148 = ttg.async_copy_global_to_local %127, %145 mask %147 other %cst_1 {contiguity = 8 : i32} : tensor<32x256x!tt.ptr<f16>, #blocked1> -> <32x256xf16, #shared1, #smem, mutable>
// CHECK-NEXT:       %149 = ttg.async_commit_group tokens %148
// CHECK-NEXT:       scf.yield %125#0, %126, %127, %130, %120, %arg16, %arg17, %c4_i32, %arg19, %arg20, %141, %arg22, %arg23, %149 : tensor<64x256xf32, #mma>, tensor<64x32x!tt.ptr<f16>, #blocked>, tensor<32x256x!tt.ptr<f16>, #blocked1>, i32, i32, i32, i32, i32, !ttg.async.token, !ttg.async.token, !ttg.async.token, !ttg.async.token, !ttg.async.token, !ttg.async.token
// CHECK-NEXT:     }
// CHECK-NEXT:     %98 = ttng.warp_group_dot_wait %97#0 {pendings = 0 : i32} : tensor<64x256xf32, #mma>
// CHECK-NEXT:     %99 = ttg.async_wait {num = 0 : i32}
// CHECK-NEXT:     ttg.local_dealloc %39 : !ttg.memdesc<4x32x256xf16, #shared1, #smem, mutable>
// CHECK-NEXT:     ttg.local_dealloc %38 : !ttg.memdesc<4x64x32xf16, #shared, #smem, mutable>
// CHECK-NEXT:     %100 = tt.splat %arg8 : i32 -> tensor<64x1xi32, #blocked1>
// CHECK-NEXT:     %101 = arith.muli %14, %100 : tensor<64x1xi32, #blocked1>
// CHECK-NEXT:     %102 = tt.splat %arg2 : !tt.ptr<f16> -> tensor<64x1x!tt.ptr<f16>, #blocked1>
// CHECK-NEXT:     %103 = tt.addptr %102, %101 : tensor<64x1x!tt.ptr<f16>, #blocked1>, tensor<64x1xi32, #blocked1>
// CHECK-NEXT:     %104 = tt.broadcast %103 : tensor<64x1x!tt.ptr<f16>, #blocked1> -> tensor<64x256x!tt.ptr<f16>, #blocked1>
// CHECK-NEXT:     %105 = tt.broadcast %30 : tensor<1x256xi32, #blocked1> -> tensor<64x256xi32, #blocked1>
// CHECK-NEXT:     %106 = tt.addptr %104, %105 : tensor<64x256x!tt.ptr<f16>, #blocked1>, tensor<64x256xi32, #blocked1>
// CHECK-NEXT:     %107 = tt.splat %arg3 : i32 -> tensor<64x1xi32, #blocked1>
// CHECK-NEXT:     %108 = arith.cmpi slt, %14, %107 : tensor<64x1xi32, #blocked1>
// CHECK-NEXT:     %109 = tt.splat %arg4 : i32 -> tensor<1x256xi32, #blocked1>
// CHECK-NEXT:     %110 = arith.cmpi slt, %30, %109 : tensor<1x256xi32, #blocked1>
// CHECK-NEXT:     %111 = tt.broadcast %108 : tensor<64x1xi1, #blocked1> -> tensor<64x256xi1, #blocked1>
// CHECK-NEXT:     %112 = tt.broadcast %110 : tensor<1x256xi1, #blocked1> -> tensor<64x256xi1, #blocked1>
// CHECK-NEXT:     %113 = arith.andi %111, %112 : tensor<64x256xi1, #blocked1>
// CHECK-NEXT:     %114 = arith.truncf %98 : tensor<64x256xf32, #mma> to tensor<64x256xf16, #mma>
// CHECK-NEXT:     %115 = ttg.convert_layout %114 : tensor<64x256xf16, #mma> -> tensor<64x256xf16, #blocked1>
// CHECK-NEXT:     tt.store %106, %115, %113 : tensor<64x256x!tt.ptr<f16>, #blocked1>
// CHECK-NEXT:     tt.return
// CHECK-NEXT:   }
// CHECK-NEXT: }

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [8, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [1, 32], warpsPerCTA = [8, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 2], instrShape = [16, 128, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
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
      %55 = arith.muli %arg9, %c32_i32 {loop.cluster = 4 : i32, loop.stage = 0 : i32} : i32
      %56 = arith.subi %arg5, %55 {loop.cluster = 4 : i32, loop.stage = 0 : i32} : i32
      %57 = tt.splat %56 {loop.cluster = 4 : i32, loop.stage = 0 : i32} : i32 -> tensor<1x32xi32, #blocked>
      %58 = arith.cmpi slt, %20, %57 {loop.cluster = 4 : i32, loop.stage = 0 : i32} : tensor<1x32xi32, #blocked>
      %59 = tt.broadcast %58 {loop.cluster = 4 : i32, loop.stage = 0 : i32} : tensor<1x32xi1, #blocked> -> tensor<64x32xi1, #blocked>
      %60 = tt.load %arg11, %59, %cst_0 {loop.cluster = 4 : i32, loop.stage = 0 : i32} : tensor<64x32x!tt.ptr<f16>, #blocked>
      %61 = ttg.local_alloc %60 {loop.cluster = 0 : i32, loop.stage = 3 : i32} : (tensor<64x32xf16, #blocked>) -> !ttg.memdesc<64x32xf16, #shared, #smem>
      %62 = tt.splat %56 {loop.cluster = 4 : i32, loop.stage = 0 : i32} : i32 -> tensor<32x1xi32, #blocked1>
      %63 = arith.cmpi slt, %25, %62 {loop.cluster = 4 : i32, loop.stage = 0 : i32} : tensor<32x1xi32, #blocked1>
      %64 = tt.broadcast %63 {loop.cluster = 4 : i32, loop.stage = 0 : i32} : tensor<32x1xi1, #blocked1> -> tensor<32x256xi1, #blocked1>
      %65 = tt.load %arg12, %64, %cst_1 {loop.cluster = 4 : i32, loop.stage = 0 : i32} : tensor<32x256x!tt.ptr<f16>, #blocked1>
      %66 = ttg.local_alloc %65 {loop.cluster = 0 : i32, loop.stage = 3 : i32} : (tensor<32x256xf16, #blocked1>) -> !ttg.memdesc<32x256xf16, #shared1, #smem>
      %67 = ttng.warp_group_dot %61, %66, %arg10 {inputPrecision = 0 : i32, loop.cluster = 0 : i32, loop.stage = 3 : i32} : !ttg.memdesc<64x32xf16, #shared, #smem> * !ttg.memdesc<32x256xf16, #shared1, #smem> -> tensor<64x256xf32, #mma>
      %68 = tt.addptr %arg11, %cst {loop.cluster = 3 : i32, loop.stage = 1 : i32} : tensor<64x32x!tt.ptr<f16>, #blocked>, tensor<64x32xi32, #blocked>
      %69 = tt.addptr %arg12, %37 {loop.cluster = 3 : i32, loop.stage = 1 : i32} : tensor<32x256x!tt.ptr<f16>, #blocked1>, tensor<32x256xi32, #blocked1>
      scf.yield %67, %68, %69 : tensor<64x256xf32, #mma>, tensor<64x32x!tt.ptr<f16>, #blocked>, tensor<32x256x!tt.ptr<f16>, #blocked1>
    } {tt.scheduled_max_stage = 3 : i32}
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
