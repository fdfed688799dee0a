// RUN: ttg-opt %s -tritongpu-assign-latencies -tritongpu-schedule-loops -tritongpu-pipeline=num-stages=3 -canonicalize | FileCheck %s --match-full-lines

// A 2-iteration loop pipelined 4 deep: the prologue copies whose predicate folds to true keep a dense<true> mask
// (MLIR's isConstantIntValue sign-extends i1), the statically dead one gets dense<false>.
// Input: chunk 14 of Triton's lit test TritonGPU/loop-pipeline.mlir; expected: Triton 3.6's output, line for line.

// CHECK: #blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-NEXT: #mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
// CHECK-NEXT: #shared = #ttg.swizzled_shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>
// CHECK-NEXT: #smem = #ttg.shared_memory
// CHECK-NEXT: module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32} {
// CHECK-NEXT:   tt.func @peeled_prologue_statically_dead(%arg0: tensor<128x32x!tt.ptr<f16>, #blocked> {tt.contiguity = dense<[1, 16]> : tensor<2xi32>, tt.divisibility = dense<16> : tensor<2xi32>}, %arg1: tensor<32x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>) -> tensor<128x128xf32, #mma> {
// CHECK-NEXT:     %cst = arith.constant dense<false> : tensor<128x32xi1, #blocked>
// CHECK-NEXT:     %cst_0 = arith.constant dense<true> : tensor<128x32xi1, #blocked>
// CHECK-NEXT:     %c3_i32 = arith.constant 3 : i32
// CHECK-NEXT:     %c-1_i32 = arith.constant -1 : i32
// CHECK-NEXT:     %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT:     %c2_i32 = arith.constant 2 : i32
// CHECK-NEXT:     %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:     %cst_1 = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
// CHECK-NEXT:     %0 = ttg.local_alloc : () -> !ttg.memdesc<3x128x32xf16, #shared, #smem, mutable>
// CHECK-NEXT:     %1 = ttg.memdesc_index %0[%c0_i32] : !ttg.memdesc<3x128x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x32xf16, #shared, #smem, mutable>
// CHECK-NEXT:     %2 = ttg.async_copy_global_to_local %arg0, %1 mask %cst_0 {contiguity = 4 : i32} : tensor<128x32x!tt.ptr<f16>, #blocked> -> <128x32xf16, #shared, #smem, mutable>
// CHECK-NEXT:     %3 = ttg.async_commit_group tokens %2
// CHECK-NEXT:     %4 = ttg.memdesc_index %0[%c1_i32] : !ttg.memdesc<3x128x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x32xf16, #shared, #smem, mutable>
// CHECK-NEXT:     %5 = ttg.async_copy_global_to_local %arg0, %4 mask %cst_0 {contiguity = 4 : i32} : tensor<128x32x!tt.ptr<f16>, #blocked> -> <128x32xf16, #shared, #smem, mutable>
// CHECK-NEXT:     %6 = ttg.async_commit_group tokens %5
// CHECK-NEXT:     %7 = ttg.memdesc_index %0[%c2_i32] : !ttg.memdesc<3x128x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x32xf16, #shared, #smem, mutable>
// CHECK-NEXT:     %8 = ttg.async_copy_global_to_local %arg0, %7 mask %cst {contiguity = 4 : i32} : tensor<128x32x!tt.ptr<f16>, #blocked> -> <128x32xf16, #shared, #smem, mutable>
// CHECK-NEXT:     %9 = ttg.async_commit_group tokens %8
// CHECK-NEXT:     %10:6 = scf.for %arg2 = %c0_i32 to %c2_i32 step %c1_i32 iter_args(%arg3 = %cst_1, %arg4 = %c2_i32, %arg5 = %c-1_i32, %arg6 = %3, %arg7 = %6, %arg8 = %9) -> (tensor<128x128xf32, #mma>, i32, i32, !ttg.async.token, !ttg.async.token, !ttg.async.token)  : i32 {
// CHECK-NEXT:       %12 = arith.cmpi slt, %arg2, %c-1_i32 : i32
// CHECK-NEXT:       %13 = arith.addi %arg5, %c1_i32 : i32
// CHECK-NEXT:       %14 = arith.cmpi sge, %13, %c3_i32 : i32
// CHECK-NEXT:       %15 = arith.select %14, %c0_i32, %13 : i32
// CHECK-NEXT:       %16 = ttg.async_wait %arg6 {num = 2 : i32}
// CHECK-NEXT:       %17 = ttg.memdesc_index %0[%15] : !ttg.memdesc<3x128x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x32xf16, #shared, #smem, mutable>
// CHECK-NEXT:       %18 = ttg.local_load %17 token %16 : !ttg.memdesc<128x32xf16, #shared, #smem, mutable> -> tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
// CHECK-NEXT:       %19 = tt.dot %18, %arg1, %arg3 : tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<128x128xf32, #mma>
// CHECK-NEXT:       %20 = arith.addi %arg4, %c1_i32 : i32
// CHECK-NEXT:       %21 = arith.cmpi sge, %20, %c3_i32 : i32
// CHECK-NEXT:       %22 = arith.select %21, %c0_i32, %20 : i32
// CHECK-NEXT:       %23 = ttg.memdesc_index %0[%22] : !ttg.memdesc<3x128x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x32xf16, #shared, #smem, mutable>
// CHECK-NEXT:       %24 = tt.splat %12 : i1 -> tensor<128x32xi1, #blocked>
// CHECK-NEXT:       %25 = ttg.async_copy_global_to_local %arg0, %23 mask %24 {contiguity = 4 : i32} : tensor<128x32x!tt.ptr<f16>, #blocked> -> <128x32xf16, #shared, #smem, mutable>
// CHECK-NEXT:       %26 = ttg.async_commit_group tokens %25
// CHECK-NEXT:       scf.yield %19, %22, %15, %arg7, %arg8, %26 : tensor<128x128xf32, #mma>, i32, i32, !ttg.async.token, !ttg.async.token, !ttg.async.token
// CHECK-NEXT:     } {tt.num_stages = 4 : i32}
// CHECK-NEXT:     %11 = ttg.async_wait {num = 0 : i32}
// CHECK-NEXT:     ttg.local_dealloc %0 : !ttg.memdesc<3x128x32xf16, #shared, #smem, mutable>
// CHECK-NEXT:     tt.return %10#0 : tensor<128x128xf32, #mma>
// CHECK-NEXT:   }
// CHECK-NEXT: }



#AL = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#C = #ttg.nvidia_mma<{versionMajor = 2, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
#A = #ttg.dot_op<{opIdx = 0, parent = #C, kWidth=2}>
#B = #ttg.dot_op<{opIdx = 1, parent = #C, kWidth=2}>
#smem = #ttg.shared_memory

module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 1 : i32} {
// Verify that statically dead prologue iterations are properly predicated
tt.func @peeled_prologue_statically_dead(
                  %a_ptr : tensor<128x32x!tt.ptr<f16>, #AL> {tt.divisibility = dense<[16, 16]> : tensor<2xi32>, tt.contiguity = dense<[1, 16]> : tensor<2xi32>},
                  %B : tensor<32x128xf16, #B>) -> tensor<128x128xf32, #C> {
  %lb = arith.constant 0 : i32
  %ub = arith.constant 2 : i32
  %step = arith.constant 1 : i32

  %c_init = arith.constant dense<0.00e+00> : tensor<128x128xf32, #C>

  %loop = scf.for %iv = %lb to %ub step %step iter_args(%prev_c = %c_init) -> (tensor<128x128xf32, #C>) : i32 {
    %a_ = tt.load %a_ptr : tensor<128x32x!tt.ptr<f16>, #AL>
    %a = ttg.convert_layout %a_ : tensor<128x32xf16, #AL> -> tensor<128x32xf16, #A>
    %c = tt.dot %a, %B, %prev_c : tensor<128x32xf16, #A> * tensor<32x128xf16, #B> -> tensor<128x128xf32, #C>
    scf.yield %c : tensor<128x128xf32, #C>
  } {tt.num_stages = 4 : i32}
  tt.return %loop: tensor<128x128xf32, #C>
}

}
