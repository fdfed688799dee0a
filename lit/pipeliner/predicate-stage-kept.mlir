// RUN: ttg-opt %s -tritongpu-assign-latencies -tritongpu-schedule-loops -tritongpu-pipeline=num-stages=3 -canonicalize | FileCheck %s --match-full-lines

// __test_keep_predicate_stage: the kernel's stage predicates stay ttg.predicate_stage ops.
// Input: chunk 13 of Triton's lit test TritonGPU/loop-pipeline.mlir; expected: Triton 3.6's output, line for line.

// CHECK: #blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-NEXT: #shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
// CHECK-NEXT: #smem = #ttg.shared_memory
// CHECK-NEXT: module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32} {
// CHECK-NEXT:   tt.func public @predicate_stage1(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg3: i32 {tt.divisibility = 16 : i32, tt.max_divisibility = 16 : i32}) {
// CHECK-NEXT:     %c2048_i32 = arith.constant 2048 : i32
// CHECK-NEXT:     %c2_i32 = arith.constant 2 : i32
// CHECK-NEXT:     %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:     %c-1_i32 = arith.constant -1 : i32
// CHECK-NEXT:     %c1024_i32 = arith.constant 1024 : i32
// CHECK-NEXT:     %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT:     %c1016800_i32 = arith.constant 1016800 : i32
// CHECK-NEXT:     %0 = tt.get_program_id x : i32
// CHECK-NEXT:     %1 = arith.muli %0, %c1016800_i32 : i32
// CHECK-NEXT:     %2 = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #blocked>
// CHECK-NEXT:     %3 = tt.splat %arg3 : i32 -> tensor<1024xi32, #blocked>
// CHECK-NEXT:     %4 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
// CHECK-NEXT:     %5 = tt.splat %arg1 : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
// CHECK-NEXT:     %6 = tt.splat %arg2 : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
// CHECK-NEXT:     %7 = ttg.local_alloc : () -> !ttg.memdesc<2x1024xf32, #shared, #smem, mutable>
// CHECK-NEXT:     %8 = ttg.local_alloc : () -> !ttg.memdesc<2x1024xf32, #shared, #smem, mutable>
// CHECK-NEXT:     %9 = tt.splat %1 : i32 -> tensor<1024xi32, #blocked>
// CHECK-NEXT:     %10 = arith.addi %9, %2 : tensor<1024xi32, #blocked>
// CHECK-NEXT:     %11 = arith.cmpi slt, %10, %3 : tensor<1024xi32, #blocked>
// CHECK-NEXT:     %12 = tt.addptr %4, %10 : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
// CHECK-NEXT:     %13 = ttg.memdesc_index %7[%c0_i32] : !ttg.memdesc<2x1024xf32, #shared, #smem, mutable> -> !ttg.memdesc<1024xf32, #shared, #smem, mutable>
// CHECK-NEXT:     %14 = ttg.async_copy_global_to_local %12, %13 mask %11 {contiguity = 4 : i32} : tensor<1024x!tt.ptr<f32>, #blocked> -> <1024xf32, #shared, #smem, mutable>
// CHECK-NEXT:     %15 = ttg.async_commit_group tokens %14
// CHECK-NEXT:     %16 = tt.addptr %5, %10 : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
// CHECK-NEXT:     %17 = ttg.memdesc_index %8[%c0_i32] : !ttg.memdesc<2x1024xf32, #shared, #smem, mutable> -> !ttg.memdesc<1024xf32, #shared, #smem, mutable>
// CHECK-NEXT:     %18 = ttg.async_copy_global_to_local %16, %17 mask %11 {contiguity = 4 : i32} : tensor<1024x!tt.ptr<f32>, #blocked> -> <1024xf32, #shared, #smem, mutable>
// CHECK-NEXT:     %19 = ttg.async_commit_group tokens %18
// CHECK-NEXT:     %20 = arith.addi %1, %c1024_i32 : i32
// CHECK-NEXT:     %21 = tt.splat %20 : i32 -> tensor<1024xi32, #blocked>
// CHECK-NEXT:     %22 = arith.addi %21, %2 : tensor<1024xi32, #blocked>
// CHECK-NEXT:     %23 = arith.cmpi slt, %22, %3 : tensor<1024xi32, #blocked>
// CHECK-NEXT:     %24 = tt.addptr %4, %22 : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
// CHECK-NEXT:     %25 = ttg.memdesc_index %7[%c1_i32] : !ttg.memdesc<2x1024xf32, #shared, #smem, mutable> -> !ttg.memdesc<1024xf32, #shared, #smem, mutable>
// CHECK-NEXT:     %26 = ttg.async_copy_global_to_local %24, %25 mask %23 {contiguity = 4 : i32} : tensor<1024x!tt.ptr<f32>, #blocked> -> <1024xf32, #shared, #smem, mutable>
// CHECK-NEXT:     %27 = ttg.async_commit_group tokens %26
// CHECK-NEXT:     %28 = tt.addptr %5, %22 : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
// CHECK-NEXT:     %29 = ttg.memdesc_index %8[%c1_i32] : !ttg.memdesc<2x1024xf32, #shared, #smem, mutable> -> !ttg.memdesc<1024xf32, #shared, #smem, mutable>
// CHECK-NEXT:     %30 = ttg.async_copy_global_to_local %28, %29 mask %23 {contiguity = 4 : i32} : tensor<1024x!tt.ptr<f32>, #blocked> -> <1024xf32, #shared, #smem, mutable>
// CHECK-NEXT:     %31 = ttg.async_commit_group tokens %30
// CHECK-NEXT:     %32:10 = scf.for %arg4 = %c0_i32 to %c1016800_i32 step %c1024_i32 iter_args(%arg5 = %c1_i32, %arg6 = %c-1_i32, %arg7 = %15, %arg8 = %27, %arg9 = %19, %arg10 = %31, %arg11 = %10, %arg12 = %22, %arg13 = %11, %arg14 = %23) -> (i32, i32, !ttg.async.token, !ttg.async.token, !ttg.async.token, !ttg.async.token, tensor<1024xi32, #blocked>, tensor<1024xi32, #blocked>, tensor<1024xi1, #blocked>, tensor<1024xi1, #blocked>)  : i32 {
// CHECK-NEXT:       %34 = ttg.predicate_stage %arg4, %c1016800_i32, %c1024_i32 maxStage 2 stage 0 : i32 -> i1
// CHECK-NEXT:       %35 = arith.addi %arg6, %c1_i32 : i32
// CHECK-NEXT:       %36 = arith.cmpi sge, %35, %c2_i32 : i32
// CHECK-NEXT:       %37 = arith.select %36, %c0_i32, %35 : i32
// CHECK-NEXT:       %38 = ttg.async_wait %arg7, %arg9 {num = 2 : i32}
// CHECK-NEXT:       %39 = ttg.memdesc_index %7[%37] : !ttg.memdesc<2x1024xf32, #shared, #smem, mutable> -> !ttg.memdesc<1024xf32, #shared, #smem, mutable>
// CHECK-NEXT:       %40 = ttg.local_load %39 token %38 : !ttg.memdesc<1024xf32, #shared, #smem, mutable> -> tensor<1024xf32, #blocked>
// CHECK-NEXT:       %41 = ttg.memdesc_index %8[%37] : !ttg.memdesc<2x1024xf32, #shared, #smem, mutable> -> !ttg.memdesc<1024xf32, #shared, #smem, mutable>
// CHECK-NEXT:       %42 = ttg.local_load %41 token %38 : !ttg.memdesc<1024xf32, #shared, #smem, mutable> -> tensor<1024xf32, #blocked>
// CHECK-NEXT:       %43 = arith.addf %40, %42 : tensor<1024xf32, #blocked>
// CHECK-NEXT:       %44 = tt.addptr %6, %arg11 : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
// CHECK-NEXT:       tt.store %44, %43, %arg13 : tensor<1024x!tt.ptr<f32>, #blocked>
// CHECK-NEXT:       %45 = arith.addi %arg5, %c1_i32 : i32
// CHECK-NEXT:       %46 = arith.cmpi sge, %45, %c2_i32 : i32
// CHECK-NEXT:       %47 = arith.select %46, %c0_i32, %45 : i32
// CHECK-NEXT:       %48 = arith.addi %arg4, %c2048_i32 : i32
// CHECK-NEXT:       %49 = arith.addi %1, %48 : i32
// CHECK-NEXT:       %50 = tt.splat %49 : i32 -> tensor<1024xi32, #blocked>
// CHECK-NEXT:       %51 = arith.addi %50, %2 : tensor<1024xi32, #blocked>
// CHECK-NEXT:       %52 = arith.cmpi slt, %51, %3 : tensor<1024xi32, #blocked>
// CHECK-NEXT:       %53 = tt.addptr %4, %51 : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
// CHECK-NEXT:       %54 = ttg.memdesc_index %7[%47] : !ttg.memdesc<2x1024xf32, #shared, #smem, mutable> -> !ttg.memdesc<1024xf32, #shared, #smem, mutable>
// CHECK-NEXT:       %55 = tt.splat %34 : i1 -> tensor<1024xi1, #blocked>
// CHECK-NEXT:       %56 = arith.andi %55, %52 : tensor<1024xi1, #blocked>
// CHECK-NEXT:       %57 = ttg.async_copy_global_to_local %53, %54 mask %56 {contiguity = 4 : i32} : tensor<1024x!tt.ptr<f32>, #blocked> -> <1024xf32, #shared, #smem, mutable>
// CHECK-NEXT:       %58 = ttg.async_commit_group tokens %57
// CHECK-NEXT:       %59 = tt.addptr %5, %51 : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
// CHECK-NEXT:       %60 = ttg.memdesc_index %8[%47] : !ttg.memdesc<2x1024xf32, #shared, #smem, mutable> -> !ttg.memdesc<1024xf32, #shared, #smem, mutable>
// CHECK-NEXT:       %61 = tt.splat %34 : i1 -> tensor<1024xi1, #blocked>
// CHECK-NEXT:       %62 = arith.andi %61, %52 : tensor<1024xi1, #blocked>
// CHECK-NEXT:       %63 = ttg.async_copy_global_to_local %59, %60 mask %62 {contiguity = 4 : i32} : tensor<1024x!tt.ptr<f32>, #blocked> -> <1024xf32, #shared, #smem, mutable>
// CHECK-NEXT:       %64 = ttg.async_commit_group tokens %63
// CHECK-NEXT:       scf.yield %47, %37, %arg8, %58, %arg10, %64, %arg12, %51, %arg14, %52 : i32, i32, !ttg.async.token, !ttg.async.token, !ttg.async.token, !ttg.async.token, tensor<1024xi32, #blocked>, tensor<1024xi32, #blocked>, tensor<1024xi1, #blocked>, tensor<1024xi1, #blocked>
// CHECK-NEXT:     } {__test_keep_predicate_stage, tt.num_stages = 3 : i32}
// CHECK-NEXT:     %33 = ttg.async_wait {num = 0 : i32}
// CHECK-NEXT:     ttg.local_dealloc %8 : !ttg.memdesc<2x1024xf32, #shared, #smem, mutable>
// CHECK-NEXT:     ttg.local_dealloc %7 : !ttg.memdesc<2x1024xf32, #shared, #smem, mutable>
// CHECK-NEXT:     tt.return
// CHECK-NEXT:   }
// CHECK-NEXT: }



#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32} {
  tt.func public @predicate_stage1(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg3: i32 {tt.divisibility = 16 : i32, tt.max_divisibility = 16 : i32}) {
    %c1024_i32 = arith.constant 1024 : i32
    %c0_i32 = arith.constant 0 : i32
    %c1016800_i32 = arith.constant 1016800 : i32
    %0 = tt.get_program_id x : i32
    %1 = arith.muli %0, %c1016800_i32 : i32
    %2 = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #blocked>
    %3 = tt.splat %arg3 : i32 -> tensor<1024xi32, #blocked>
    %4 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
    %5 = tt.splat %arg1 : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
    %6 = tt.splat %arg2 : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
    scf.for %arg4 = %c0_i32 to %c1016800_i32 step %c1024_i32  : i32 {
      %7 = arith.addi %1, %arg4 : i32
      %8 = tt.splat %7 : i32 -> tensor<1024xi32, #blocked>
      %9 = arith.addi %8, %2 : tensor<1024xi32, #blocked>
      %10 = arith.cmpi slt, %9, %3 : tensor<1024xi32, #blocked>
      %11 = tt.addptr %4, %9 : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
      %12 = tt.load %11, %10 : tensor<1024x!tt.ptr<f32>, #blocked>
      %13 = tt.addptr %5, %9 : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
      %14 = tt.load %13, %10 : tensor<1024x!tt.ptr<f32>, #blocked>
      %15 = arith.addf %12, %14 : tensor<1024xf32, #blocked>
      %16 = tt.addptr %6, %9 : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
      tt.store %16, %15, %10 : tensor<1024x!tt.ptr<f32>, #blocked>
    } {tt.num_stages = 3 : i32, __test_keep_predicate_stage}
    tt.return
  }
}
