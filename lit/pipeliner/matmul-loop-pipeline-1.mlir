// RUN: ttg-opt %s --tritongpu-pipeline | FileCheck %s --match-full-lines

// Triton's matmul-loop-pipeline chunk 1.
// Input: chunk 1 of Triton's lit test TritonGPU/matmul-loop-pipeline.mlir; expected: Triton 3.6's output, line for line.

// CHECK: module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90"} {
// CHECK-NEXT:   tt.func public @scalar_load(%arg0: !tt.ptr<f32>, %arg1: i32, %arg2: i32, %arg3: f32) -> f32 {
// CHECK-NEXT:     %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:     %0 = arith.cmpi slt, %arg1, %arg2 : i32
// CHECK-NEXT:     %1 = tt.load %arg0, %0 : !tt.ptr<f32>
// CHECK-NEXT:     %2 = arith.addf %1, %arg3 : f32
// CHECK-NEXT:     %3:2 = scf.for %arg4 = %arg1 to %arg2 step %c1_i32 iter_args(%arg5 = %arg3, %arg6 = %2) -> (f32, f32)  : i32 {
// CHECK-NEXT:       %4 = arith.subi %arg2, %c1_i32 : i32
// CHECK-NEXT:       %5 = arith.cmpi slt, %arg4, %4 : i32
// CHECK-NEXT:       %6 = arith.addf %arg6, %arg5 : f32
// CHECK-NEXT:       %7 = tt.load %arg0, %5 : !tt.ptr<f32>
// CHECK-NEXT:       %8 = arith.addf %7, %6 : f32
// CHECK-NEXT:       scf.yield %6, %8 : f32, f32
// CHECK-NEXT:     } {num_stages = 2 : i32}
// CHECK-NEXT:     tt.return %3#0 : f32
// CHECK-NEXT:   }
// CHECK-NEXT: }



module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90"} {

tt.func public @scalar_load(%arg0: !tt.ptr<f32>, %arg1: i32, %arg2: i32, %arg3: f32) -> f32 {
  %c1_i32 = arith.constant 1 : i32
  %2 = scf.for %i = %arg1 to %arg2 step %c1_i32 iter_args(%k = %arg3) -> f32 : i32 {
    %0 = tt.load %arg0 {loop.cluster = 1 : i32, loop.stage = 0 : i32} : !tt.ptr<f32>
    %1 = arith.addf %0, %k {loop.cluster = 1 : i32, loop.stage = 0 : i32} : f32
    %2 = arith.addf %1, %k {loop.cluster = 0 : i32, loop.stage = 1 : i32} : f32
    scf.yield %2 : f32
  } {num_stages = 2 : i32, tt.scheduled_max_stage = 1 : i32}
  tt.return %2 : f32
}

}
