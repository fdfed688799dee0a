// RUN: ttg-opt %s --tritongpu-pipeline | FileCheck %s --match-full-lines

// Triton's matmul-loop-pipeline chunk 0.
// Input: chunk 0 of Triton's lit test TritonGPU/matmul-loop-pipeline.mlir; expected: Triton 3.6's output, line for line.

// CHECK: #blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]}>
// CHECK-NEXT: #shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
// CHECK-NEXT: #smem = #ttg.shared_memory
// CHECK-NEXT: module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
// CHECK-NEXT:   tt.func public @softmax_kernel(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg2: i32 {tt.divisibility = 16 : i32}, %arg3: i32 {tt.divisibility = 16 : i32}, %arg4: i32, %arg5: i32 {tt.divisibility = 16 : i32}) {
// CHECK-NEXT:     %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:     %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT:     %c-1_i32 = arith.constant -1 : i32
// CHECK-NEXT:     %cst = arith.constant dense<0xFF800000> : tensor<128xf32, #blocked>
// CHECK-NEXT:     %0 = tt.get_program_id x : i32
// CHECK-NEXT:     %1 = tt.get_num_programs x : i32
// CHECK-NEXT:     %2 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #blocked>
// CHECK-NEXT:     %3 = tt.splat %arg5 : i32 -> tensor<128xi32, #blocked>
// CHECK-NEXT:     %4 = arith.cmpi slt, %2, %3 : tensor<128xi32, #blocked>
// CHECK-NEXT:     %5 = ttg.local_alloc : () -> !ttg.memdesc<1x128xf32, #shared, #smem, mutable>
// CHECK-NEXT:     %6 = arith.cmpi slt, %0, %arg4 : i32
// CHECK-NEXT:     %7 = tt.splat %arg1 : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>, #blocked>
// CHECK-NEXT:     %8 = tt.addptr %7, %2 : tensor<128x!tt.ptr<f32>, #blocked>, tensor<128xi32, #blocked>
// CHECK-NEXT:     %9 = ttg.memdesc_index %5[%c0_i32] : !ttg.memdesc<1x128xf32, #shared, #smem, mutable> -> !ttg.memdesc<128xf32, #shared, #smem, mutable>
// CHECK-NEXT:     %10 = tt.splat %6 : i1 -> tensor<128xi1, #blocked>
// CHECK-NEXT:     %11 = arith.andi %10, %4 : tensor<128xi1, #blocked>
// CHECK-NEXT:     %12 = ttg.async_copy_global_to_local %8, %9 mask %11 other %cst : tensor<128x!tt.ptr<f32>, #blocked> -> <128xf32, #shared, #smem, mutable>
// CHECK-NEXT:     %13 = ttg.async_commit_group tokens %12
// CHECK-NEXT:     %14:4 = scf.for %arg6 = %0 to %arg4 step %1 iter_args(%arg7 = %c0_i32, %arg8 = %c-1_i32, %arg9 = %c1_i32, %arg10 = %13) -> (i32, i32, i32, !ttg.async.token)  : i32 {
// CHECK-NEXT:       %16 = arith.subi %arg4, %1 : i32
// CHECK-NEXT:       %17 = arith.cmpi slt, %arg6, %16 : i32
// CHECK-NEXT:       %18 = arith.addi %arg8, %c1_i32 : i32
// CHECK-NEXT:       %19 = arith.cmpi sge, %18, %arg9 : i32
// CHECK-NEXT:       %20 = arith.select %19, %c0_i32, %18 : i32
// CHECK-NEXT:       %21 = ttg.async_wait %arg10 {num = 0 : i32}
// CHECK-NEXT:       %22 = ttg.memdesc_index %5[%20] : !ttg.memdesc<1x128xf32, #shared, #smem, mutable> -> !ttg.memdesc<128xf32, #shared, #smem, mutable>
// CHECK-NEXT:       %23 = ttg.local_load %22 token %21 : !ttg.memdesc<128xf32, #shared, #smem, mutable> -> tensor<128xf32, #blocked>
// CHECK-NEXT:       %24 = arith.select %4, %23, %cst : tensor<128xi1, #blocked>, tensor<128xf32, #blocked>
// CHECK-NEXT:       %25 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>, #blocked>
// CHECK-NEXT:       %26 = tt.addptr %25, %2 : tensor<128x!tt.ptr<f32>, #blocked>, tensor<128xi32, #blocked>
// CHECK-NEXT:       tt.store %26, %24, %4 : tensor<128x!tt.ptr<f32>, #blocked>
// CHECK-NEXT:       %27 = arith.addi %arg7, %c1_i32 : i32
// CHECK-NEXT:       %28 = arith.cmpi sge, %27, %c1_i32 : i32
// CHECK-NEXT:       %29 = arith.select %28, %c0_i32, %27 : i32
// CHECK-NEXT:       %30 = tt.splat %arg1 : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>, #blocked>
// CHECK-NEXT:       %31 = tt.addptr %30, %2 : tensor<128x!tt.ptr<f32>, #blocked>, tensor<128xi32, #blocked>
// CHECK-NEXT:       %32 = ttg.memdesc_index %5[%29] : !ttg.memdesc<1x128xf32, #shared, #smem, mutable> -> !ttg.memdesc<128xf32, #shared, #smem, mutable>
// CHECK-NEXT:       %33 = tt.splat %17 : i1 -> tensor<128xi1, #blocked>
// CHECK-NEXT:       %34 = arith.andi %33, %4 : tensor<128xi1, #blocked>
// CHECK-NEXT:       %35 = ttg.async_copy_global_to_local %31, %32 mask %34 other %cst : tensor<128x!tt.ptr<f32>, #blocked> -> <128xf32, #shared, #smem, mutable>
// CHECK-NEXT:       %36 = ttg.async_commit_group tokens %35
// CHECK-NEXT:       scf.yield %29, %20, %c1_i32, %36 : i32, i32, i32, !ttg.async.token
// CHECK-NEXT:     } {tt.num_stages = 2 : i32}
// CHECK-NEXT:     %15 = ttg.async_wait {num = 0 : i32}
// CHECK-NEXT:     ttg.local_dealloc %5 : !ttg.memdesc<1x128xf32, #shared, #smem, mutable>
// CHECK-NEXT:     tt.return
// CHECK-NEXT:   }
// CHECK-NEXT: }


#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]}>

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {

tt.func public @softmax_kernel(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg2: i32 {tt.divisibility = 16 : i32}, %arg3: i32 {tt.divisibility = 16 : i32}, %arg4: i32, %arg5: i32 {tt.divisibility = 16 : i32}) {
  %cst = arith.constant dense<0xFF800000> : tensor<128xf32, #blocked>
  %0 = tt.get_program_id x : i32
  %1 = tt.get_num_programs x : i32
  %2 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #blocked>
  %3 = tt.splat %arg5 : i32 -> tensor<128xi32, #blocked>
  %4 = arith.cmpi slt, %2, %3 : tensor<128xi32, #blocked>
  scf.for %arg6 = %0 to %arg4 step %1  : i32 {
    %5 = tt.splat %arg1 {loop.cluster = 2 : i32, loop.stage = 0 : i32} : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>, #blocked>
    %6 = tt.addptr %5, %2 {loop.cluster = 2 : i32, loop.stage = 0 : i32} : tensor<128x!tt.ptr<f32>, #blocked>, tensor<128xi32, #blocked>
    %7 = tt.load %6, %4, %cst {loop.cluster = 2 : i32, loop.stage = 0 : i32} : tensor<128x!tt.ptr<f32>, #blocked>
    %8 = tt.splat %arg0 {loop.cluster = 1 : i32, loop.stage = 1 : i32} : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>, #blocked>
    %9 = tt.addptr %8, %2 {loop.cluster = 1 : i32, loop.stage = 1 : i32} : tensor<128x!tt.ptr<f32>, #blocked>, tensor<128xi32, #blocked>
    tt.store %9, %7, %4 {loop.cluster = 1 : i32, loop.stage = 1 : i32} : tensor<128x!tt.ptr<f32>, #blocked>
  } {tt.num_stages = 2 : i32, tt.scheduled_max_stage = 1 : i32}
  tt.return
}

}
