// RUN: ttg-opt %s --tritongpu-pipeline | FileCheck %s --match-full-lines

// A tt.make_tensor_descriptor inside a pipelined loop (under scf.if) writes into a 2-slot global scratch ring
// with tensormap_create + tensormap_fenceproxy_acquire; the slot counter is threaded out of the scf.if.
// Input: chunk 2 of Triton's lit test TritonGPU/matmul-loop-pipeline.mlir; expected: Triton 3.6's output, line for line.

// CHECK: #blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 2], order = [1, 0]}>
// CHECK-NEXT: #shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
// CHECK-NEXT: #smem = #ttg.shared_memory
// CHECK-NEXT: module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90"} {
// CHECK-NEXT:   tt.func public @make_tensor_desc_epilogue(%arg0: i32, %arg1: !tt.ptr<f32>, %arg2: i32) {
// CHECK-NEXT:     %c4_i64 = arith.constant 4 : i64
// CHECK-NEXT:     %c64_i32 = arith.constant 64 : i32
// CHECK-NEXT:     %c128_i32 = arith.constant 128 : i32
// CHECK-NEXT:     %c3_i32 = arith.constant 3 : i32
// CHECK-NEXT:     %c2_i32 = arith.constant 2 : i32
// CHECK-NEXT:     %c-1_i32 = arith.constant -1 : i32
// CHECK-NEXT:     %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT:     %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:     %0 = ttg.local_alloc : () -> !ttg.memdesc<3x128x256xf32, #shared, #smem, mutable>
// CHECK-NEXT:     %1 = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 256 : i32} : !tt.ptr<i8>
// CHECK-NEXT:     %2 = arith.cmpi sgt, %arg0, %c0_i32 : i32
// CHECK-NEXT:     %3 = tt.splat %arg1 : !tt.ptr<f32> -> tensor<128x256x!tt.ptr<f32>, #blocked>
// CHECK-NEXT:     %4 = ttg.memdesc_index %0[%c0_i32] : !ttg.memdesc<3x128x256xf32, #shared, #smem, mutable> -> !ttg.memdesc<128x256xf32, #shared, #smem, mutable>
// CHECK-NEXT:     %5 = tt.splat %2 : i1 -> tensor<128x256xi1, #blocked>
// CHECK-NEXT:     %6 = ttg.async_copy_global_to_local %3, %4 mask %5 : tensor<128x256x!tt.ptr<f32>, #blocked> -> <128x256xf32, #shared, #smem, mutable>
// CHECK-NEXT:     %7 = ttg.async_commit_group tokens %6
// CHECK-NEXT:     %8 = arith.cmpi sgt, %arg0, %c1_i32 : i32
// CHECK-NEXT:     %9 = tt.splat %arg1 : !tt.ptr<f32> -> tensor<128x256x!tt.ptr<f32>, #blocked>
// CHECK-NEXT:     %10 = ttg.memdesc_index %0[%c1_i32] : !ttg.memdesc<3x128x256xf32, #shared, #smem, mutable> -> !ttg.memdesc<128x256xf32, #shared, #smem, mutable>
// CHECK-NEXT:     %11 = tt.splat %8 : i1 -> tensor<128x256xi1, #blocked>
// CHECK-NEXT:     %12 = ttg.async_copy_global_to_local %9, %10 mask %11 : tensor<128x256x!tt.ptr<f32>, #blocked> -> <128x256xf32, #shared, #smem, mutable>
// CHECK-NEXT:     %13 = ttg.async_commit_group tokens %12
// CHECK-NEXT:     %14:7 = scf.for %arg3 = %c0_i32 to %arg0 step %c1_i32 iter_args(%arg4 = %c1_i32, %arg5 = %c-1_i32, %arg6 = %c0_i32, %arg7 = %c3_i32, %arg8 = %c3_i32, %arg9 = %7, %arg10 = %13) -> (i32, i32, i32, i32, i32, !ttg.async.token, !ttg.async.token)  : i32 {
// CHECK-NEXT:       %16 = arith.subi %arg0, %c2_i32 : i32
// CHECK-NEXT:       %17 = arith.cmpi slt, %arg3, %16 : i32
// CHECK-NEXT:       %18 = arith.addi %arg4, %c1_i32 : i32
// CHECK-NEXT:       %19 = arith.cmpi sge, %18, %c3_i32 : i32
// CHECK-NEXT:       %20 = arith.select %19, %c0_i32, %18 : i32
// CHECK-NEXT:       %21 = tt.splat %arg1 : !tt.ptr<f32> -> tensor<128x256x!tt.ptr<f32>, #blocked>
// CHECK-NEXT:       %22 = ttg.memdesc_index %0[%20] : !ttg.memdesc<3x128x256xf32, #shared, #smem, mutable> -> !ttg.memdesc<128x256xf32, #shared, #smem, mutable>
// CHECK-NEXT:       %23 = tt.splat %17 : i1 -> tensor<128x256xi1, #blocked>
// CHECK-NEXT:       %24 = ttg.async_copy_global_to_local %21, %22 mask %23 : tensor<128x256x!tt.ptr<f32>, #blocked> -> <128x256xf32, #shared, #smem, mutable>
// CHECK-NEXT:       %25 = ttg.async_commit_group tokens %24
// CHECK-NEXT:       %26 = arith.addi %arg5, %c1_i32 : i32
// CHECK-NEXT:       %27 = arith.cmpi sge, %26, %arg7 : i32
// CHECK-NEXT:       %28 = arith.select %27, %c0_i32, %26 : i32
// CHECK-NEXT:       %29 = ttg.async_wait %arg9 {num = 2 : i32}
// CHECK-NEXT:       %30 = arith.cmpi eq, %arg3, %c1_i32 : i32
// CHECK-NEXT:       %31 = scf.if %30 -> (i32) {
// CHECK-NEXT:         %32 = arith.muli %arg6, %c128_i32 : i32
// CHECK-NEXT:         %33 = tt.addptr %1, %32 : !tt.ptr<i8>, i32
// CHECK-NEXT:         ttng.tensormap_create %33, %arg1, [%c64_i32, %c128_i32], [%arg2, %arg2], [%c4_i64], [%c1_i32, %c1_i32] {elem_type = 7 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32} : (!tt.ptr<i8>, !tt.ptr<f32>, i32, i32, i32, i32, i64, i32, i32) -> ()
// CHECK-NEXT:         ttng.tensormap_fenceproxy_acquire %33 : !tt.ptr<i8>
// CHECK-NEXT:         %34 = arith.addi %arg6, %c1_i32 : i32
// CHECK-NEXT:         %35 = arith.cmpi sge, %34, %c2_i32 : i32
// CHECK-NEXT:         %36 = arith.select %35, %c0_i32, %34 : i32
// CHECK-NEXT:         scf.yield %36 : i32
// CHECK-NEXT:       } else {
// CHECK-NEXT:         scf.yield %arg6 : i32
// CHECK-NEXT:       }
// CHECK-NEXT:       scf.yield %20, %28, %31, %arg8, %c3_i32, %arg10, %25 : i32, i32, i32, i32, i32, !ttg.async.token, !ttg.async.token
// CHECK-NEXT:     } {tt.num_stages = 3 : i32}
// CHECK-NEXT:     %15 = ttg.async_wait {num = 0 : i32}
// CHECK-NEXT:     ttg.local_dealloc %0 : !ttg.memdesc<3x128x256xf32, #shared, #smem, mutable>
// CHECK-NEXT:     tt.return
// CHECK-NEXT:   }
// CHECK-NEXT: }



#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 2], order = [1, 0]}>
#nvmma_128 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90"} {

tt.func public @make_tensor_desc_epilogue(%arg0: i32, %arg1: !tt.ptr<f32>, %arg2: i32) {
  %c0_i32 = arith.constant 0 : i32
  %c1_i32 = arith.constant 1 : i32
  %c1_i64 = arith.constant 1 : i64
  scf.for %arg3 = %c0_i32 to %arg0 step %c1_i32 : i32 {
    %1 = tt.splat %arg1 {loop.cluster = 0 : i32, loop.stage = 0 : i32} : !tt.ptr<f32> -> tensor<128x256x!tt.ptr<f32>, #blocked>
    %2 = tt.load %1 {loop.cluster = 0 : i32, loop.stage = 0 : i32} : tensor<128x256x!tt.ptr<f32>, #blocked>
    %3 = arith.addf %2, %2 {loop.cluster = 5 : i32, loop.stage = 2 : i32} : tensor<128x256xf32, #blocked>
    %4 = arith.cmpi eq, %arg3, %c1_i32 {loop.cluster = 5 : i32, loop.stage = 2 : i32} : i32
    scf.if %4 {
      %5 = tt.make_tensor_descriptor %arg1, [%arg2, %arg2], [%c1_i64, %c1_i64] : <f32>, <tensor<128x256xf32, #nvmma_128>>
    } {loop.cluster = 5 : i32, loop.stage = 2 : i32}
  } {tt.num_stages = 3 : i32, tt.scheduled_max_stage = 2 : i32}
  tt.return
}

}
