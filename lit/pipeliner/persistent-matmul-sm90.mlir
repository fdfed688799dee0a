// RUN: ttg-opt %s --tritongpu-pipeline=num-stages=3 | FileCheck %s --match-full-lines

// sm90 persistent matmul with a flattened loop nest (scf.if epilogue inside the pipelined loop).
// Input: Triton 3.6's IR after tritongpu-schedule-loops for `persistent_matmul-BM128-BN128-BK64-NUM_SMS132-sm90-w8-s3` (real CUDA pipeline);
// expected: Triton 3.6's output of tritongpu-pipeline on it, line for line.

// CHECK: #blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [8, 1], order = [1, 0]}>
// CHECK-NEXT: #blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
// CHECK-NEXT: #mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 128, 16]}>
// CHECK-NEXT: #shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
// CHECK-NEXT: #smem = #ttg.shared_memory
// CHECK-NEXT: module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
// CHECK-NEXT:   tt.func public @persistent_matmul_kernel(%arg0: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg3: i32 {tt.divisibility = 16 : i32}, %arg4: i32 {tt.divisibility = 16 : i32}, %arg5: i32 {tt.divisibility = 16 : i32}, %arg6: i32 {tt.divisibility = 16 : i32}, %arg7: i32 {tt.divisibility = 16 : i32}, %arg8: i32 {tt.divisibility = 16 : i32}) attributes {noinline = false} {
// CHECK-NEXT:     %c2_i32 = arith.constant 2 : i32
// CHECK-NEXT:     %true = arith.constant true
// CHECK-NEXT:     %c3_i32 = arith.constant 3 : i32
// CHECK-NEXT:     %c-1_i32 = arith.constant -1 : i32
// CHECK-NEXT:     %cst = arith.constant dense<0.000000e+00> : tensor<128x128xf16, #blocked>
// CHECK-NEXT:     %cst_0 = arith.constant dense<0> : tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
// CHECK-NEXT:     %cst_1 = arith.constant dense<0> : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
// CHECK-NEXT:     %cst_2 = arith.constant dense<0.000000e+00> : tensor<64x128xf16, #blocked>
// CHECK-NEXT:     %cst_3 = arith.constant dense<0.000000e+00> : tensor<128x64xf16, #blocked1>
// CHECK-NEXT:     %c127_i32 = arith.constant 127 : i32
// CHECK-NEXT:     %c128_i32 = arith.constant 128 : i32
// CHECK-NEXT:     %c64_i32 = arith.constant 64 : i32
// CHECK-NEXT:     %c132_i32 = arith.constant 132 : i32
// CHECK-NEXT:     %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT:     %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:     %c63_i32 = arith.constant 63 : i32
// CHECK-NEXT:     %cst_4 = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
// CHECK-NEXT:     %0 = arith.addi %arg4, %c127_i32 : i32
// CHECK-NEXT:     %1 = arith.divsi %0, %c128_i32 : i32
// CHECK-NEXT:     %2 = arith.addi %arg3, %c127_i32 : i32
// CHECK-NEXT:     %3 = arith.divsi %2, %c128_i32 : i32
// CHECK-NEXT:     %4 = arith.muli %3, %1 : i32
// CHECK-NEXT:     %5 = arith.addi %arg5, %c63_i32 : i32
// CHECK-NEXT:     %6 = arith.divsi %5, %c64_i32 : i32
// CHECK-NEXT:     %7 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>
// CHECK-NEXT:     %8 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
// CHECK-NEXT:     %9 = tt.get_program_id x : i32
// CHECK-NEXT:     %10 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
// CHECK-NEXT:     %11 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
// CHECK-NEXT:     %12 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
// CHECK-NEXT:     %13 = tt.splat %arg3 : i32 -> tensor<128x1xi32, #blocked>
// CHECK-NEXT:     %14 = tt.splat %arg4 : i32 -> tensor<1x128xi32, #blocked>
// CHECK-NEXT:     %15 = tt.splat %arg8 : i32 -> tensor<128x1xi32, #blocked>
// CHECK-NEXT:     %16 = tt.splat %arg2 : !tt.ptr<f16> -> tensor<128x1x!tt.ptr<f16>, #blocked>
// CHECK-NEXT:     %17 = arith.cmpi eq, %6, %c0_i32 : i32
// CHECK-NEXT:     scf.if %17 {
// CHECK-NEXT:       scf.for %arg9 = %9 to %4 step %c132_i32  : i32 {
// CHECK-NEXT:         %18 = arith.divsi %arg9, %1 : i32
// CHECK-NEXT:         %19 = arith.muli %18, %c128_i32 : i32
// CHECK-NEXT:         %20 = arith.remsi %arg9, %1 : i32
// CHECK-NEXT:         %21 = arith.muli %20, %c128_i32 : i32
// CHECK-NEXT:         %22 = tt.splat %21 : i32 -> tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
// CHECK-NEXT:         %23 = arith.addi %22, %12 : tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
// CHECK-NEXT:         %24 = tt.splat %19 : i32 -> tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
// CHECK-NEXT:         %25 = arith.addi %24, %11 : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
// CHECK-NEXT:         %26 = tt.expand_dims %25 {axis = 1 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<128x1xi32, #blocked>
// CHECK-NEXT:         %27 = arith.cmpi slt, %26, %13 : tensor<128x1xi32, #blocked>
// CHECK-NEXT:         %28 = tt.expand_dims %23 {axis = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x128xi32, #blocked>
// CHECK-NEXT:         %29 = arith.cmpi slt, %28, %14 : tensor<1x128xi32, #blocked>
// CHECK-NEXT:         %30 = tt.broadcast %27 : tensor<128x1xi1, #blocked> -> tensor<128x128xi1, #blocked>
// CHECK-NEXT:         %31 = tt.broadcast %29 : tensor<1x128xi1, #blocked> -> tensor<128x128xi1, #blocked>
// CHECK-NEXT:         %32 = arith.andi %30, %31 : tensor<128x128xi1, #blocked>
// CHECK-NEXT:         %33 = arith.muli %26, %15 : tensor<128x1xi32, #blocked>
// CHECK-NEXT:         %34 = tt.addptr %16, %33 : tensor<128x1x!tt.ptr<f16>, #blocked>, tensor<128x1xi32, #blocked>
// CHECK-NEXT:         %35 = tt.broadcast %34 : tensor<128x1x!tt.ptr<f16>, #blocked> -> tensor<128x128x!tt.ptr<f16>, #blocked>
// CHECK-NEXT:         %36 = tt.broadcast %28 : tensor<1x128xi32, #blocked> -> tensor<128x128xi32, #blocked>
// CHECK-NEXT:         %37 = tt.addptr %35, %36 : tensor<128x128x!tt.ptr<f16>, #blocked>, tensor<128x128xi32, #blocked>
// CHECK-NEXT:         tt.store %37, %cst, %32 : tensor<128x128x!tt.ptr<f16>, #blocked>
// CHECK-NEXT:       } {tt.flatten}
// CHECK-NEXT:     } else {
// CHECK-NEXT:       %18 = arith.subi %4, %9 : i32
// CHECK-NEXT:       %19 = arith.ceildivsi %18, %c132_i32 : i32
// CHECK-NEXT:       %20 = arith.maxsi %6, %c1_i32 : i32
// CHECK-NEXT:       %21 = arith.muli %19, %20 : i32
// CHECK-NEXT:       %22 = arith.subi %9, %c132_i32 : i32
// CHECK-NEXT:       %23 = tt.splat %arg5 : i32 -> tensor<1x64xi32, #blocked1>
// CHECK-NEXT:       %24 = tt.splat %arg6 : i32 -> tensor<128x1xi32, #blocked1>
// CHECK-NEXT:       %25 = tt.splat %arg0 : !tt.ptr<f16> -> tensor<128x1x!tt.ptr<f16>, #blocked1>
// CHECK-NEXT:       %26 = tt.splat %arg5 : i32 -> tensor<64x1xi32, #blocked>
// CHECK-NEXT:       %27 = tt.splat %arg7 : i32 -> tensor<64x1xi32, #blocked>
// CHECK-NEXT:       %28 = tt.splat %arg1 : !tt.ptr<f16> -> tensor<64x1x!tt.ptr<f16>, #blocked>
// CHECK-NEXT:       %29 = arith.subi %20, %c1_i32 : i32
// CHECK-NEXT:       %30 = arith.subi %20, %c1_i32 : i32
// CHECK-NEXT:       %31 = ttg.local_alloc : () -> !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable>
// CHECK-NEXT:       %32 = arith.cmpi sgt, %21, %c0_i32 : i32
// CHECK-NEXT:       %33:4 = scf.if %true -> (i32, tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>, tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked}>>, i32) {
// CHECK-NEXT:         %73 = arith.divsi %9, %1 : i32
// CHECK-NEXT:         %74 = arith.muli %73, %c128_i32 : i32
// CHECK-NEXT:         %75 = tt.splat %74 : i32 -> tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
// CHECK-NEXT:         %76 = arith.addi %75, %10 : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
// CHECK-NEXT:         %77 = arith.remsi %9, %1 : i32
// CHECK-NEXT:         %78 = arith.muli %77, %c128_i32 : i32
// CHECK-NEXT:         %79 = tt.splat %78 : i32 -> tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
// CHECK-NEXT:         %80 = arith.addi %79, %12 : tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
// CHECK-NEXT:         scf.yield %74, %76, %80, %9 : i32, tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>, tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked}>>, i32
// CHECK-NEXT:       } else {
// CHECK-NEXT:         scf.yield %c0_i32, %cst_1, %cst_0, %22 : i32, tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>, tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked}>>, i32
// CHECK-NEXT:       }
// CHECK-NEXT:       %34 = tt.expand_dims %7 {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked1}>> -> tensor<1x64xi32, #blocked1>
// CHECK-NEXT:       %35 = arith.cmpi slt, %34, %23 : tensor<1x64xi32, #blocked1>
// CHECK-NEXT:       %36 = tt.expand_dims %33#1 {axis = 1 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>> -> tensor<128x1xi32, #blocked1>
// CHECK-NEXT:       %37 = arith.muli %36, %24 : tensor<128x1xi32, #blocked1>
// CHECK-NEXT:       %38 = tt.addptr %25, %37 : tensor<128x1x!tt.ptr<f16>, #blocked1>, tensor<128x1xi32, #blocked1>
// CHECK-NEXT:       %39 = tt.broadcast %38 : tensor<128x1x!tt.ptr<f16>, #blocked1> -> tensor<128x64x!tt.ptr<f16>, #blocked1>
// CHECK-NEXT:       %40 = tt.broadcast %34 : tensor<1x64xi32, #blocked1> -> tensor<128x64xi32, #blocked1>
// CHECK-NEXT:       %41 = tt.addptr %39, %40 : tensor<128x64x!tt.ptr<f16>, #blocked1>, tensor<128x64xi32, #blocked1>
// CHECK-NEXT:       %42 = tt.broadcast %35 : tensor<1x64xi1, #blocked1> -> tensor<128x64xi1, #blocked1>
// CHECK-NEXT:       %43 = ttg.memdesc_index %31[%c0_i32] : !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
// CHECK-NEXT:       %44 = tt.splat %32 : i1 -> tensor<128x64xi1, #blocked1>
// CHECK-NEXT:       %45 = arith.andi %44, %42 : tensor<128x64xi1, #blocked1>
// CHECK-NEXT:       %46 = ttg.async_copy_global_to_local %41, %43 mask %45 other %cst_3 {contiguity = 8 : i32} : tensor<128x64x!tt.ptr<f16>, #blocked1> -> <128x64xf16, #shared, #smem, mutable>
// CHECK-NEXT:       %47 = ttg.async_commit_group tokens %46
// CHECK-NEXT:       %48 = arith.cmpi sgt, %21, %c1_i32 : i32
// CHECK-NEXT:       %49 = arith.cmpi eq, %30, %c0_i32 : i32
// CHECK-NEXT:       %50 = arith.select %49, %c0_i32, %c1_i32 : i32
// CHECK-NEXT:       %51 = arith.cmpi eq, %50, %c0_i32 : i32
// CHECK-NEXT:       %52:4 = scf.if %51 -> (i32, tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>, tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked}>>, i32) {
// CHECK-NEXT:         %73 = arith.addi %33#3, %c132_i32 : i32
// CHECK-NEXT:         %74 = arith.divsi %73, %1 : i32
// CHECK-NEXT:         %75 = arith.muli %74, %c128_i32 : i32
// CHECK-NEXT:         %76 = tt.splat %75 : i32 -> tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
// CHECK-NEXT:         %77 = arith.addi %76, %10 : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
// CHECK-NEXT:         %78 = arith.remsi %73, %1 : i32
// CHECK-NEXT:         %79 = arith.muli %78, %c128_i32 : i32
// CHECK-NEXT:         %80 = tt.splat %79 : i32 -> tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
// CHECK-NEXT:         %81 = arith.addi %80, %12 : tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
// CHECK-NEXT:         scf.yield %75, %77, %81, %73 : i32, tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>, tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked}>>, i32
// CHECK-NEXT:       } else {
// CHECK-NEXT:         scf.yield %33#0, %33#1, %33#2, %33#3 : i32, tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>, tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked}>>, i32
// CHECK-NEXT:       }
// CHECK-NEXT:       %53 = arith.select %51, %c0_i32, %c1_i32 : i32
// CHECK-NEXT:       %54 = arith.muli %53, %c64_i32 : i32
// CHECK-NEXT:       %55 = tt.splat %54 : i32 -> tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>
// CHECK-NEXT:       %56 = arith.addi %55, %7 : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>
// CHECK-NEXT:       %57 = tt.expand_dims %56 {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked1}>> -> tensor<1x64xi32, #blocked1>
// CHECK-NEXT:       %58 = arith.cmpi slt, %57, %23 : tensor<1x64xi32, #blocked1>
// CHECK-NEXT:       %59 = tt.expand_dims %52#1 {axis = 1 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>> -> tensor<128x1xi32, #blocked1>
// CHECK-NEXT:       %60 = arith.muli %59, %24 : tensor<128x1xi32, #blocked1>
// CHECK-NEXT:       %61 = tt.addptr %25, %60 : tensor<128x1x!tt.ptr<f16>, #blocked1>, tensor<128x1xi32, #blocked1>
// CHECK-NEXT:       %62 = tt.broadcast %61 : tensor<128x1x!tt.ptr<f16>, #blocked1> -> tensor<128x64x!tt.ptr<f16>, #blocked1>
// CHECK-NEXT:       %63 = tt.broadcast %57 : tensor<1x64xi32, #blocked1> -> tensor<128x64xi32, #blocked1>
// CHECK-NEXT:       %64 = tt.addptr %62, %63 : tensor<128x64x!tt.ptr<f16>, #blocked1>, tensor<128x64xi32, #blocked1>
// CHECK-NEXT:       %65 = tt.broadcast %58 : tensor<1x64xi1, #blocked1> -> tensor<128x64xi1, #blocked1>
// CHECK-NEXT:       %66 = ttg.memdesc_index %31[%c1_i32] : !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
// CHECK-NEXT:       %67 = tt.splat %48 : i1 -> tensor<128x64xi1, #blocked1>
// CHECK-NEXT:       %68 = arith.andi %67, %65 : tensor<128x64xi1, #blocked1>
// CHECK-NEXT:       %69 = ttg.async_copy_global_to_local %64, %66 mask %68 other %cst_3 {contiguity = 8 : i32} : tensor<128x64x!tt.ptr<f16>, #blocked1> -> <128x64xf16, #shared, #smem, mutable>
// CHECK-NEXT:       %70 = ttg.async_commit_group tokens %69
// CHECK-NEXT:       %71:21 = scf.for %arg9 = %c0_i32 to %21 step %c1_i32 iter_args(%arg10 = %50, %arg11 = %52#3, %arg12 = %c1_i32, %arg13 = %cst_4, %arg14 = %52#0, %arg15 = %52#1, %arg16 = %52#2, %arg17 = %c1_i32, %arg18 = %c-1_i32, %arg19 = %c3_i32, %arg20 = %c3_i32, %arg21 = %c0_i32, %arg22 = %54, %arg23 = %47, %arg24 = %70, %arg25 = %33#2, %arg26 = %52#2, %arg27 = %53, %arg28 = %c0_i32, %arg29 = %33#0, %arg30 = %52#0) -> (i32, i32, i32, tensor<128x128xf32, #mma>, i32, tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>, tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked}>>, i32, i32, i32, i32, i32, i32, !ttg.async.token, !ttg.async.token, tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked}>>, tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked}>>, i32, i32, i32, i32)  : i32 {
// CHECK-NEXT:         %73 = arith.subi %21, %c2_i32 : i32
// CHECK-NEXT:         %74 = arith.cmpi slt, %arg9, %73 : i32
// CHECK-NEXT:         %75 = arith.addi %arg10, %c1_i32 : i32
// CHECK-NEXT:         %76 = arith.cmpi eq, %arg10, %30 : i32
// CHECK-NEXT:         %77 = arith.select %76, %c0_i32, %75 : i32
// CHECK-NEXT:         %78 = arith.cmpi eq, %77, %c0_i32 : i32
// CHECK-NEXT:         %79:4 = scf.if %78 -> (i32, tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>, tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked}>>, i32) {
// CHECK-NEXT:           %124 = arith.addi %arg11, %c132_i32 : i32
// CHECK-NEXT:           %125 = arith.divsi %124, %1 : i32
// CHECK-NEXT:           %126 = arith.muli %125, %c128_i32 : i32
// CHECK-NEXT:           %127 = tt.splat %126 : i32 -> tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
// CHECK-NEXT:           %128 = arith.addi %127, %10 : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
// CHECK-NEXT:           %129 = arith.remsi %124, %1 : i32
// CHECK-NEXT:           %130 = arith.muli %129, %c128_i32 : i32
// CHECK-NEXT:           %131 = tt.splat %130 : i32 -> tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
// CHECK-NEXT:           %132 = arith.addi %131, %12 : tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
// CHECK-NEXT:           scf.yield %126, %128, %132, %124 : i32, tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>, tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked}>>, i32
// CHECK-NEXT:         } else {
// CHECK-NEXT:           scf.yield %arg14, %arg15, %arg16, %arg11 : i32, tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>, tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked}>>, i32
// CHECK-NEXT:         }
// CHECK-NEXT:         %80 = arith.addi %arg18, %c1_i32 : i32
// CHECK-NEXT:         %81 = arith.cmpi sge, %80, %arg19 : i32
// CHECK-NEXT:         %82 = arith.select %81, %c0_i32, %80 : i32
// CHECK-NEXT:         %83 = tt.splat %arg21 : i32 -> tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
// CHECK-NEXT:         %84 = arith.addi %83, %8 : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
// CHECK-NEXT:         %85 = ttg.async_wait %arg23 {num = 1 : i32}
// CHECK-NEXT:         %86 = ttg.memdesc_index %31[%82] : !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
// CHECK-NEXT:         %87 = tt.expand_dims %84 {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<64x1xi32, #blocked>
// CHECK-NEXT:         %88 = arith.cmpi slt, %87, %26 : tensor<64x1xi32, #blocked>
// CHECK-NEXT:         %89 = arith.muli %87, %27 : tensor<64x1xi32, #blocked>
// CHECK-NEXT:         %90 = tt.addptr %28, %89 : tensor<64x1x!tt.ptr<f16>, #blocked>, tensor<64x1xi32, #blocked>
// CHECK-NEXT:         %91 = tt.expand_dims %arg25 {axis = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x128xi32, #blocked>
// CHECK-NEXT:         %92 = tt.broadcast %90 : tensor<64x1x!tt.ptr<f16>, #blocked> -> tensor<64x128x!tt.ptr<f16>, #blocked>
// CHECK-NEXT:         %93 = tt.broadcast %91 : tensor<1x128xi32, #blocked> -> tensor<64x128xi32, #blocked>
// CHECK-NEXT:         %94 = tt.addptr %92, %93 : tensor<64x128x!tt.ptr<f16>, #blocked>, tensor<64x128xi32, #blocked>
// CHECK-NEXT:         %95 = tt.broadcast %88 : tensor<64x1xi1, #blocked> -> tensor<64x128xi1, #blocked>
// CHECK-NEXT:         %96 = tt.load %94, %95, %cst_2 : tensor<64x128x!tt.ptr<f16>, #blocked>
// CHECK-NEXT:         %97 = ttg.local_alloc %96 : (tensor<64x128xf16, #blocked>) -> !ttg.memdesc<64x128xf16, #shared, #smem>
// CHECK-NEXT:         %98 = ttng.warp_group_dot %86, %97, %arg13 {inputPrecision = 0 : i32, isAsync = true} : !ttg.memdesc<128x64xf16, #shared, #smem, mutable> * !ttg.memdesc<64x128xf16, #shared, #smem> -> tensor<128x128xf32, #mma>
// CHECK-NEXT:         %99:3 = ttng.warp_group_dot_wait %98, %86, %97 {pendings = 0 : i32} : tensor<128x128xf32, #mma>, !ttg.memdesc<128x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x128xf16, #shared, #smem>
// CHECK-NEXT:         %100 = arith.addi %arg27, %c1_i32 : i32
// CHECK-NEXT:         %101 = arith.addi %arg17, %c1_i32 : i32
// CHECK-NEXT:         %102 = arith.cmpi sge, %101, %c3_i32 : i32
// CHECK-NEXT:         %103 = arith.select %102, %c0_i32, %101 : i32
// CHECK-NEXT:         %104 = arith.select %78, %c0_i32, %100 : i32
// CHECK-NEXT:         %105 = arith.muli %104, %c64_i32 : i32
// CHECK-NEXT:         %106 = tt.splat %105 : i32 -> tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>
// CHECK-NEXT:         %107 = arith.addi %106, %7 : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>
// CHECK-NEXT:         %108 = tt.expand_dims %107 {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked1}>> -> tensor<1x64xi32, #blocked1>
// CHECK-NEXT:         %109 = arith.cmpi slt, %108, %23 : tensor<1x64xi32, #blocked1>
// CHECK-NEXT:         %110 = tt.expand_dims %79#1 {axis = 1 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>> -> tensor<128x1xi32, #blocked1>
// CHECK-NEXT:         %111 = arith.muli %110, %24 : tensor<128x1xi32, #blocked1>
// CHECK-NEXT:         %112 = tt.addptr %25, %111 : tensor<128x1x!tt.ptr<f16>, #blocked1>, tensor<128x1xi32, #blocked1>
// CHECK-NEXT:         %113 = tt.broadcast %112 : tensor<128x1x!tt.ptr<f16>, #blocked1> -> tensor<128x64x!tt.ptr<f16>, #blocked1>
// CHECK-NEXT:         %114 = tt.broadcast %108 : tensor<1x64xi32, #blocked1> -> tensor<128x64xi32, #blocked1>
// CHECK-NEXT:         %115 = tt.addptr %113, %114 : tensor<128x64x!tt.ptr<f16>, #blocked1>, tensor<128x64xi32, #blocked1>
// CHECK-NEXT:         %116 = tt.broadcast %109 : tensor<1x64xi1, #blocked1> -> tensor<128x64xi1, #blocked1>
// CHECK-NEXT:         %117 = ttg.memdesc_index %31[%103] : !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
// CHECK-NEXT:         %118 = tt.splat %74 : i1 -> tensor<128x64xi1, #blocked1>
// CHECK-NEXT:         %119 = arith.andi %118, %116 : tensor<128x64xi1, #blocked1>
// CHECK-NEXT:         %120 = ttg.async_copy_global_to_local %115, %117 mask %119 other %cst_3 {contiguity = 8 : i32} : tensor<128x64x!tt.ptr<f16>, #blocked1> -> <128x64xf16, #shared, #smem, mutable>
// CHECK-NEXT:         %121 = ttg.async_commit_group tokens %120
// CHECK-NEXT:         %122 = arith.cmpi eq, %arg28, %29 : i32
// CHECK-NEXT:         %123 = scf.if %122 -> (tensor<128x128xf32, #mma>) {
// CHECK-NEXT:           %124 = tt.splat %arg29 : i32 -> tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
// CHECK-NEXT:           %125 = arith.addi %124, %11 : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
// CHECK-NEXT:           %126 = tt.expand_dims %125 {axis = 1 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<128x1xi32, #blocked>
// CHECK-NEXT:           %127 = arith.cmpi slt, %126, %13 : tensor<128x1xi32, #blocked>
// CHECK-NEXT:           %128 = tt.expand_dims %arg25 {axis = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x128xi32, #blocked>
// CHECK-NEXT:           %129 = arith.cmpi slt, %128, %14 : tensor<1x128xi32, #blocked>
// CHECK-NEXT:           %130 = tt.broadcast %127 : tensor<128x1xi1, #blocked> -> tensor<128x128xi1, #blocked>
// CHECK-NEXT:           %131 = tt.broadcast %129 : tensor<1x128xi1, #blocked> -> tensor<128x128xi1, #blocked>
// CHECK-NEXT:           %132 = arith.andi %130, %131 : tensor<128x128xi1, #blocked>
// CHECK-NEXT:           %133 = arith.muli %126, %15 : tensor<128x1xi32, #blocked>
// CHECK-NEXT:           %134 = tt.addptr %16, %133 : tensor<128x1x!tt.ptr<f16>, #blocked>, tensor<128x1xi32, #blocked>
// CHECK-NEXT:           %135 = tt.broadcast %134 : tensor<128x1x!tt.ptr<f16>, #blocked> -> tensor<128x128x!tt.ptr<f16>, #blocked>
// CHECK-NEXT:           %136 = tt.broadcast %128 : tensor<1x128xi32, #blocked> -> tensor<128x128xi32, #blocked>
// CHECK-NEXT:           %137 = tt.addptr %135, %136 : tensor<128x128x!tt.ptr<f16>, #blocked>, tensor<128x128xi32, #blocked>
// CHECK-NEXT:           %138 = arith.truncf %99#0 : tensor<128x128xf32, #mma> to tensor<128x128xf16, #mma>
// CHECK-NEXT:           %139 = ttg.convert_layout %138 : tensor<128x128xf16, #mma> -> tensor<128x128xf16, #blocked>
// CHECK-NEXT:           tt.store %137, %139, %132 : tensor<128x128x!tt.ptr<f16>, #blocked>
// CHECK-NEXT:           scf.yield %cst_4 : tensor<128x128xf32, #mma>
// CHECK-NEXT:         } else {
// CHECK-NEXT:           scf.yield %99#0 : tensor<128x128xf32, #mma>
// CHECK-NEXT:         }
// CHECK-NEXT:         scf.yield %77, %79#3, %100, %123, %79#0, %79#1, %79#2, %103, %82, %arg20, %c3_i32, %arg22, %105, %arg24, %121, %arg26, %79#2, %104, %arg10, %arg30, %79#0 : i32, i32, i32, tensor<128x128xf32, #mma>, i32, tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>, tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked}>>, i32, i32, i32, i32, i32, i32, !ttg.async.token, !ttg.async.token, tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked}>>, tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked}>>, i32, i32, i32, i32
// CHECK-NEXT:       }
// CHECK-NEXT:       %72 = ttg.async_wait {num = 0 : i32}
// CHECK-NEXT:       ttg.local_dealloc %31 : !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable>
// CHECK-NEXT:     }
// CHECK-NEXT:     tt.return
// CHECK-NEXT:   }
// CHECK-NEXT: }

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [8, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 128, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
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
        %32 = arith.cmpi eq, %arg10, %c0_i32 {loop.cluster = 1 : i32, loop.stage = 0 : i32} : i32
        %33 = arith.select %32, %c0_i32, %arg12 {loop.cluster = 5 : i32, loop.stage = 0 : i32} : i32
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
        } {loop.cluster = 1 : i32, loop.stage = 0 : i32}
        %35 = arith.muli %33, %c64_i32 {loop.cluster = 5 : i32, loop.stage = 0 : i32} : i32
        %36 = tt.splat %35 {loop.cluster = 5 : i32, loop.stage = 0 : i32} : i32 -> tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>
        %37 = tt.splat %35 {loop.cluster = 2 : i32, loop.stage = 2 : i32} : i32 -> tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
        %38 = arith.addi %36, %7 {loop.cluster = 5 : i32, loop.stage = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>
        %39 = arith.addi %37, %8 {loop.cluster = 2 : i32, loop.stage = 2 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
        %40 = tt.expand_dims %38 {axis = 0 : i32, loop.cluster = 5 : i32, loop.stage = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked1}>> -> tensor<1x64xi32, #blocked1>
        %41 = arith.cmpi slt, %40, %23 {loop.cluster = 5 : i32, loop.stage = 0 : i32} : tensor<1x64xi32, #blocked1>
        %42 = tt.expand_dims %34#1 {axis = 1 : i32, loop.cluster = 5 : i32, loop.stage = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>> -> tensor<128x1xi32, #blocked1>
        %43 = arith.muli %42, %24 {loop.cluster = 5 : i32, loop.stage = 0 : i32} : tensor<128x1xi32, #blocked1>
        %44 = tt.addptr %25, %43 {loop.cluster = 5 : i32, loop.stage = 0 : i32} : tensor<128x1x!tt.ptr<f16>, #blocked1>, tensor<128x1xi32, #blocked1>
        %45 = tt.broadcast %44 {loop.cluster = 5 : i32, loop.stage = 0 : i32} : tensor<128x1x!tt.ptr<f16>, #blocked1> -> tensor<128x64x!tt.ptr<f16>, #blocked1>
        %46 = tt.broadcast %40 {loop.cluster = 5 : i32, loop.stage = 0 : i32} : tensor<1x64xi32, #blocked1> -> tensor<128x64xi32, #blocked1>
        %47 = tt.addptr %45, %46 {loop.cluster = 5 : i32, loop.stage = 0 : i32} : tensor<128x64x!tt.ptr<f16>, #blocked1>, tensor<128x64xi32, #blocked1>
        %48 = tt.broadcast %41 {loop.cluster = 5 : i32, loop.stage = 0 : i32} : tensor<1x64xi1, #blocked1> -> tensor<128x64xi1, #blocked1>
        %49 = tt.load %47, %48, %cst_3 {loop.cluster = 5 : i32, loop.stage = 0 : i32} : tensor<128x64x!tt.ptr<f16>, #blocked1>
        %50 = ttg.local_alloc %49 {loop.cluster = 2 : i32, loop.stage = 2 : i32} : (tensor<128x64xf16, #blocked1>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
        %51 = tt.expand_dims %39 {axis = 1 : i32, loop.cluster = 2 : i32, loop.stage = 2 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<64x1xi32, #blocked>
        %52 = arith.cmpi slt, %51, %26 {loop.cluster = 2 : i32, loop.stage = 2 : i32} : tensor<64x1xi32, #blocked>
        %53 = arith.muli %51, %27 {loop.cluster = 2 : i32, loop.stage = 2 : i32} : tensor<64x1xi32, #blocked>
        %54 = tt.addptr %28, %53 {loop.cluster = 2 : i32, loop.stage = 2 : i32} : tensor<64x1x!tt.ptr<f16>, #blocked>, tensor<64x1xi32, #blocked>
        %55 = tt.expand_dims %34#2 {axis = 0 : i32, loop.cluster = 2 : i32, loop.stage = 2 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x128xi32, #blocked>
        %56 = tt.broadcast %54 {loop.cluster = 2 : i32, loop.stage = 2 : i32} : tensor<64x1x!tt.ptr<f16>, #blocked> -> tensor<64x128x!tt.ptr<f16>, #blocked>
        %57 = tt.broadcast %55 {loop.cluster = 2 : i32, loop.stage = 2 : i32} : tensor<1x128xi32, #blocked> -> tensor<64x128xi32, #blocked>
        %58 = tt.addptr %56, %57 {loop.cluster = 2 : i32, loop.stage = 2 : i32} : tensor<64x128x!tt.ptr<f16>, #blocked>, tensor<64x128xi32, #blocked>
        %59 = tt.broadcast %52 {loop.cluster = 2 : i32, loop.stage = 2 : i32} : tensor<64x1xi1, #blocked> -> tensor<64x128xi1, #blocked>
        %60 = tt.load %58, %59, %cst_2 {loop.cluster = 2 : i32, loop.stage = 2 : i32} : tensor<64x128x!tt.ptr<f16>, #blocked>
        %61 = ttg.local_alloc %60 {loop.cluster = 2 : i32, loop.stage = 2 : i32} : (tensor<64x128xf16, #blocked>) -> !ttg.memdesc<64x128xf16, #shared, #smem>
        %62 = ttng.warp_group_dot %50, %61, %arg13 {inputPrecision = 0 : i32, loop.cluster = 2 : i32, loop.stage = 2 : i32} : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x128xf16, #shared, #smem> -> tensor<128x128xf32, #mma>
        %63 = arith.addi %33, %c1_i32 {loop.cluster = 4 : i32, loop.stage = 1 : i32} : i32
        %64 = arith.cmpi eq, %arg10, %29 {loop.cluster = 6 : i32, loop.stage = 2 : i32} : i32
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
        } {loop.cluster = 6 : i32, loop.stage = 2 : i32}
        %66 = arith.addi %arg10, %c1_i32 {loop.cluster = 0 : i32, loop.stage = 1 : i32} : i32
        %67 = arith.cmpi eq, %arg10, %30 {loop.cluster = 0 : i32, loop.stage = 1 : i32} : i32
        %68 = arith.select %67, %c0_i32, %66 {loop.cluster = 0 : i32, loop.stage = 1 : i32} : i32
        scf.yield %68, %34#3, %63, %65, %34#0, %34#1, %34#2 : i32, i32, i32, tensor<128x128xf32, #mma>, i32, tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>, tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
      } {tt.scheduled_max_stage = 2 : i32}
    }
    tt.return
  }
}
