// RUN: ttg-opt %s -split-input-file --tritongpu-accelerate-matmul | FileCheck %s

// Blackwell (cuda:100): tt.dot becomes ttng.tc_gen5_mma on shared-memory operands with the accumulator in tensor
// memory, read back through the default tcgen05.ld register layout (#linear: lanes and warps on rows, registers
// on columns). Checked against Triton 3.6 (its wheel, same flags): the same text.
// CHECK-DAG: #[[LIN:.*]] = #ttg.linear<{register = {{\[\[}}0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [0, 64]], lane = {{\[\[}}1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], warp = {{\[\[}}32, 0], [64, 0]], block = []}>
// CHECK-DAG: #[[TMEM:.*]] = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
// CHECK-LABEL: @f16_dot
// CHECK: %[[B:.*]] = ttg.local_alloc %arg1 : (tensor<64x128xf16, #{{.*}}>) -> !ttg.memdesc<64x128xf16, #{{.*}}, #smem>
// CHECK: %[[A:.*]] = ttg.local_alloc %arg0 : (tensor<128x64xf16, #{{.*}}>) -> !ttg.memdesc<128x64xf16, #{{.*}}, #smem>
// CHECK: %[[C:.*]] = ttg.convert_layout %arg2 : tensor<128x128xf32, #{{.*}}> -> tensor<128x128xf32, #[[LIN]]>
// CHECK: %[[M:.*]], %[[T:.*]] = ttng.tmem_alloc %[[C]] : (tensor<128x128xf32, #[[LIN]]>) -> (!ttg.memdesc<128x128xf32, #[[TMEM]], #ttng.tensor_memory, mutable>, !ttg.async.token)
// CHECK: %[[MT:.*]] = ttng.tc_gen5_mma %[[A]], %[[B]], %[[M]][%[[T]]], %true, %true
// CHECK: %[[R:.*]], %{{.*}} = ttng.tmem_load %[[M]][%[[MT]]] : !ttg.memdesc<128x128xf32, #[[TMEM]], #ttng.tensor_memory, mutable> -> tensor<128x128xf32, #[[LIN]]>
// CHECK: ttg.convert_layout %[[R]] : tensor<128x128xf32, #[[LIN]]> -> tensor<128x128xf32, #{{.*}}>
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @f16_dot(%a: tensor<128x64xf16, #blocked>, %b: tensor<64x128xf16, #blocked>, %c: tensor<128x128xf32, #blocked1>) -> tensor<128x128xf32, #blocked1> {
    %a1 = ttg.convert_layout %a : tensor<128x64xf16, #blocked> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked1}>>
    %b1 = ttg.convert_layout %b : tensor<64x128xf16, #blocked> -> tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked1}>>
    %d = tt.dot %a1, %b1, %c : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked1}>> * tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked1}>> -> tensor<128x128xf32, #blocked1>
    tt.return %d : tensor<128x128xf32, #blocked1>
  }
}

// -----

// tf32 on a 64-row tile with 8 warps: blockM 64, the operands are not transposed (A keeps K contiguous, B N).
// f32 with ieee precision has no tensor-core instruction: the dot stays on the FMA path.
// CHECK: #tmem = #ttng.tensor_memory_encoding<blockM = 64, blockN = 64, colStride = 1>
// CHECK-LABEL: @tf32_dot
// CHECK: ttng.tmem_alloc {{.*}} -> (!ttg.memdesc<64x64xf32, #tmem, #ttng.tensor_memory, mutable>
// CHECK: ttng.tc_gen5_mma
// CHECK-LABEL: @ieee_dot
// CHECK-NOT: ttng.tc_gen5_mma
// CHECK: tt.dot
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @tf32_dot(%a: tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<64x64xf32, #blocked>) -> tensor<64x64xf32, #blocked> {
    %d = tt.dot %a, %b, %c, inputPrecision = tf32 : tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xf32, #blocked>
    tt.return %d : tensor<64x64xf32, #blocked>
  }
  tt.func @ieee_dot(%a: tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<64x64xf32, #blocked>) -> tensor<64x64xf32, #blocked> {
    %d = tt.dot %a, %b, %c, inputPrecision = ieee : tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xf32, #blocked>
    tt.return %d : tensor<64x64xf32, #blocked>
  }
}
