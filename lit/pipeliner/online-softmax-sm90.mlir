// RUN: ttg-opt %s --tritongpu-pipeline=num-stages=3 | FileCheck %s --match-full-lines

// sm90 online softmax: a plain load (no dot) pipelined with a generic swizzled layout.
// Input: Triton 3.6's IR after tritongpu-schedule-loops for `online_softmax-BN1024-sm90-w4-s3` (real CUDA pipeline);
// expected: Triton 3.6's output of tritongpu-pipeline on it, line for line.

// CHECK: #blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-NEXT: #shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
// CHECK-NEXT: #smem = #ttg.shared_memory
// CHECK-NEXT: module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
// CHECK-NEXT:   tt.func public @online_softmax_kernel(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg2: i32 {tt.divisibility = 16 : i32}, %arg3: i32) attributes {noinline = false} {
// CHECK-NEXT:     %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:     %c-1_i32 = arith.constant -1 : i32
// CHECK-NEXT:     %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT:     %c1024_i32 = arith.constant 1024 : i32
// CHECK-NEXT:     %cst = arith.constant dense<0.000000e+00> : tensor<1024xf32, #blocked>
// CHECK-NEXT:     %cst_0 = arith.constant dense<-1.000000e+30> : tensor<1024xf32, #blocked>
// CHECK-NEXT:     %0 = tt.get_program_id x : i32
// CHECK-NEXT:     %1 = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #blocked>
// CHECK-NEXT:     %2 = tt.splat %arg3 : i32 -> tensor<1024xi32, #blocked>
// CHECK-NEXT:     %3 = arith.muli %0, %arg2 : i32
// CHECK-NEXT:     %4 = tt.addptr %arg0, %3 : !tt.ptr<f32>, i32
// CHECK-NEXT:     %5 = tt.splat %4 : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
// CHECK-NEXT:     %6 = ttg.local_alloc : () -> !ttg.memdesc<1x1024xf32, #shared, #smem, mutable>
// CHECK-NEXT:     %7 = arith.cmpi sgt, %arg3, %c0_i32 : i32
// CHECK-NEXT:     %8 = arith.cmpi slt, %1, %2 : tensor<1024xi32, #blocked>
// CHECK-NEXT:     %9 = tt.addptr %5, %1 : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
// CHECK-NEXT:     %10 = ttg.memdesc_index %6[%c0_i32] : !ttg.memdesc<1x1024xf32, #shared, #smem, mutable> -> !ttg.memdesc<1024xf32, #shared, #smem, mutable>
// CHECK-NEXT:     %11 = tt.splat %7 : i1 -> tensor<1024xi1, #blocked>
// CHECK-NEXT:     %12 = arith.andi %11, %8 : tensor<1024xi1, #blocked>
// CHECK-NEXT:     %13 = ttg.async_copy_global_to_local %9, %10 mask %12 other %cst_0 : tensor<1024x!tt.ptr<f32>, #blocked> -> <1024xf32, #shared, #smem, mutable>
// CHECK-NEXT:     %14 = ttg.async_commit_group tokens %13
// CHECK-NEXT:     %15:7 = scf.for %arg4 = %c0_i32 to %arg3 step %c1024_i32 iter_args(%arg5 = %cst_0, %arg6 = %cst, %arg7 = %c0_i32, %arg8 = %c-1_i32, %arg9 = %c1_i32, %arg10 = %14, %arg11 = %8) -> (tensor<1024xf32, #blocked>, tensor<1024xf32, #blocked>, i32, i32, i32, !ttg.async.token, tensor<1024xi1, #blocked>)  : i32 {
// CHECK-NEXT:       %31 = arith.subi %arg3, %c1024_i32 : i32
// CHECK-NEXT:       %32 = arith.cmpi slt, %arg4, %31 : i32
// CHECK-NEXT:       %33 = arith.addi %arg8, %c1_i32 : i32
// CHECK-NEXT:       %34 = arith.cmpi sge, %33, %arg9 : i32
// CHECK-NEXT:       %35 = arith.select %34, %c0_i32, %33 : i32
// CHECK-NEXT:       %36 = ttg.async_wait %arg10 {num = 0 : i32}
// CHECK-NEXT:       %37 = ttg.memdesc_index %6[%35] : !ttg.memdesc<1x1024xf32, #shared, #smem, mutable> -> !ttg.memdesc<1024xf32, #shared, #smem, mutable>
// CHECK-NEXT:       %38 = ttg.local_load %37 token %36 : !ttg.memdesc<1024xf32, #shared, #smem, mutable> -> tensor<1024xf32, #blocked>
// CHECK-NEXT:       %39 = arith.select %arg11, %38, %cst_0 : tensor<1024xi1, #blocked>, tensor<1024xf32, #blocked>
// CHECK-NEXT:       %40 = arith.maxnumf %arg5, %39 : tensor<1024xf32, #blocked>
// CHECK-NEXT:       %41 = arith.subf %arg5, %40 : tensor<1024xf32, #blocked>
// CHECK-NEXT:       %42 = math.exp %41 : tensor<1024xf32, #blocked>
// CHECK-NEXT:       %43 = arith.mulf %arg6, %42 : tensor<1024xf32, #blocked>
// CHECK-NEXT:       %44 = arith.subf %39, %40 : tensor<1024xf32, #blocked>
// CHECK-NEXT:       %45 = math.exp %44 : tensor<1024xf32, #blocked>
// CHECK-NEXT:       %46 = arith.addf %43, %45 : tensor<1024xf32, #blocked>
// CHECK-NEXT:       %47 = arith.addi %arg7, %c1_i32 : i32
// CHECK-NEXT:       %48 = arith.cmpi sge, %47, %c1_i32 : i32
// CHECK-NEXT:       %49 = arith.select %48, %c0_i32, %47 : i32
// CHECK-NEXT:       %50 = arith.addi %arg4, %c1024_i32 : i32
// CHECK-NEXT:       %51 = tt.splat %50 : i32 -> tensor<1024xi32, #blocked>
// CHECK-NEXT:       %52 = arith.addi %51, %1 : tensor<1024xi32, #blocked>
// CHECK-NEXT:       %53 = arith.cmpi slt, %52, %2 : tensor<1024xi32, #blocked>
// CHECK-NEXT:       %54 = tt.addptr %5, %52 : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
// CHECK-NEXT:       %55 = ttg.memdesc_index %6[%49] : !ttg.memdesc<1x1024xf32, #shared, #smem, mutable> -> !ttg.memdesc<1024xf32, #shared, #smem, mutable>
// CHECK-NEXT:       %56 = tt.splat %32 : i1 -> tensor<1024xi1, #blocked>
// CHECK-NEXT:       %57 = arith.andi %56, %53 : tensor<1024xi1, #blocked>
// CHECK-NEXT:       %58 = ttg.async_copy_global_to_local %54, %55 mask %57 other %cst_0 : tensor<1024x!tt.ptr<f32>, #blocked> -> <1024xf32, #shared, #smem, mutable>
// CHECK-NEXT:       %59 = ttg.async_commit_group tokens %58
// CHECK-NEXT:       scf.yield %40, %46, %49, %35, %c1_i32, %59, %53 : tensor<1024xf32, #blocked>, tensor<1024xf32, #blocked>, i32, i32, i32, !ttg.async.token, tensor<1024xi1, #blocked>
// CHECK-NEXT:     } {tt.num_stages = 2 : i32}
// CHECK-NEXT:     %16 = ttg.async_wait {num = 0 : i32}
// CHECK-NEXT:     ttg.local_dealloc %6 : !ttg.memdesc<1x1024xf32, #shared, #smem, mutable>
// CHECK-NEXT:     %17 = "tt.reduce"(%15#0) <{axis = 0 : i32}> ({
// CHECK-NEXT:     ^bb0(%arg4: f32, %arg5: f32):
// CHECK-NEXT:       %31 = arith.maxnumf %arg4, %arg5 : f32
// CHECK-NEXT:       tt.reduce.return %31 : f32
// CHECK-NEXT:     }) : (tensor<1024xf32, #blocked>) -> f32
// CHECK-NEXT:     %18 = tt.splat %17 : f32 -> tensor<1024xf32, #blocked>
// CHECK-NEXT:     %19 = arith.subf %15#0, %18 : tensor<1024xf32, #blocked>
// CHECK-NEXT:     %20 = math.exp %19 : tensor<1024xf32, #blocked>
// CHECK-NEXT:     %21 = arith.mulf %15#1, %20 : tensor<1024xf32, #blocked>
// CHECK-NEXT:     %22 = "tt.reduce"(%21) <{axis = 0 : i32}> ({
// CHECK-NEXT:     ^bb0(%arg4: f32, %arg5: f32):
// CHECK-NEXT:       %31 = arith.addf %arg4, %arg5 : f32
// CHECK-NEXT:       tt.reduce.return %31 : f32
// CHECK-NEXT:     }) : (tensor<1024xf32, #blocked>) -> f32
// CHECK-NEXT:     %23 = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #blocked>
// CHECK-NEXT:     %24 = tt.splat %arg3 : i32 -> tensor<1024xi32, #blocked>
// CHECK-NEXT:     %25 = arith.muli %0, %arg2 : i32
// CHECK-NEXT:     %26 = tt.addptr %arg0, %25 : !tt.ptr<f32>, i32
// CHECK-NEXT:     %27 = tt.splat %26 : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
// CHECK-NEXT:     %28 = tt.addptr %arg1, %25 : !tt.ptr<f32>, i32
// CHECK-NEXT:     %29 = tt.splat %28 : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
// CHECK-NEXT:     %30 = tt.splat %22 : f32 -> tensor<1024xf32, #blocked>
// CHECK-NEXT:     scf.for %arg4 = %c0_i32 to %arg3 step %c1024_i32  : i32 {
// CHECK-NEXT:       %31 = tt.splat %arg4 : i32 -> tensor<1024xi32, #blocked>
// CHECK-NEXT:       %32 = arith.addi %31, %23 : tensor<1024xi32, #blocked>
// CHECK-NEXT:       %33 = arith.cmpi slt, %32, %24 : tensor<1024xi32, #blocked>
// CHECK-NEXT:       %34 = tt.addptr %27, %32 : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
// CHECK-NEXT:       %35 = tt.load %34, %33, %cst_0 : tensor<1024x!tt.ptr<f32>, #blocked>
// CHECK-NEXT:       %36 = tt.addptr %29, %32 : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
// CHECK-NEXT:       %37 = arith.subf %35, %18 : tensor<1024xf32, #blocked>
// CHECK-NEXT:       %38 = math.exp %37 : tensor<1024xf32, #blocked>
// CHECK-NEXT:       %39 = arith.divf %38, %30 : tensor<1024xf32, #blocked>
// CHECK-NEXT:       tt.store %36, %39, %33 : tensor<1024x!tt.ptr<f32>, #blocked>
// CHECK-NEXT:     }
// CHECK-NEXT:     tt.return
// CHECK-NEXT:   }
// CHECK-NEXT: }

#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
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
      %21 = tt.splat %arg4 {loop.cluster = 1 : i32, loop.stage = 0 : i32} : i32 -> tensor<1024xi32, #blocked>
      %22 = arith.addi %21, %1 {loop.cluster = 1 : i32, loop.stage = 0 : i32} : tensor<1024xi32, #blocked>
      %23 = arith.cmpi slt, %22, %2 {loop.cluster = 1 : i32, loop.stage = 0 : i32} : tensor<1024xi32, #blocked>
      %24 = tt.addptr %5, %22 {loop.cluster = 1 : i32, loop.stage = 0 : i32} : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
      %25 = tt.load %24, %23, %cst_0 {loop.cluster = 1 : i32, loop.stage = 0 : i32} : tensor<1024x!tt.ptr<f32>, #blocked>
      %26 = arith.maxnumf %arg5, %25 {loop.cluster = 0 : i32, loop.stage = 1 : i32} : tensor<1024xf32, #blocked>
      %27 = arith.subf %arg5, %26 {loop.cluster = 0 : i32, loop.stage = 1 : i32} : tensor<1024xf32, #blocked>
      %28 = math.exp %27 {loop.cluster = 0 : i32, loop.stage = 1 : i32} : tensor<1024xf32, #blocked>
      %29 = arith.mulf %arg6, %28 {loop.cluster = 0 : i32, loop.stage = 1 : i32} : tensor<1024xf32, #blocked>
      %30 = arith.subf %25, %26 {loop.cluster = 0 : i32, loop.stage = 1 : i32} : tensor<1024xf32, #blocked>
      %31 = math.exp %30 {loop.cluster = 0 : i32, loop.stage = 1 : i32} : tensor<1024xf32, #blocked>
      %32 = arith.addf %29, %31 {loop.cluster = 0 : i32, loop.stage = 1 : i32} : tensor<1024xf32, #blocked>
      scf.yield %26, %32 : tensor<1024xf32, #blocked>, tensor<1024xf32, #blocked>
    } {tt.num_stages = 2 : i32, tt.scheduled_max_stage = 1 : i32}
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
