// RUN: ttg-opt %s --triton-nvidia-gpu-remove-tmem-tokens | FileCheck %s
// RUN: ttg-opt %s --triton-nvidia-gpu-remove-tmem-tokens --canonicalize | FileCheck %s --check-prefix=CANON

// The tokens of a hoisted accumulator go: the tensor-memory ops lose their token operands and results, which a
// ub.poison token at the top of the function stands in for (the loop still carries it until canonicalize drops
// it). Checked against Triton 3.6 (its wheel, same flags): the same text.
// CHECK-LABEL: tt.func public @carried_accumulator
// CHECK-NEXT:    %[[P:.*]] = ub.poison : !ttg.async.token
// CHECK:         %[[M:.*]] = ttng.tmem_alloc : () -> !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable>
// CHECK-NEXT:    ttng.tmem_store %{{.*}}, %[[M]], %true : tensor<128x64xf32, #blocked> -> !ttg.memdesc
// CHECK-NEXT:    %[[L:.*]] = scf.for {{.*}} iter_args(%{{.*}} = %[[P]]) -> (!ttg.async.token)
// CHECK-NEXT:      %[[V:.*]] = ttng.tmem_load %[[M]] : !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x64xf32, #blocked>
// CHECK:           ttng.tmem_store %{{.*}}, %[[M]], %true
// CHECK-NEXT:      ttng.tc_gen5_mma %arg0, %arg1, %[[M]], %true, %true :
// CHECK-NEXT:      scf.yield %[[P]] : !ttg.async.token
// CHECK:         ttng.tmem_load %[[M]] :

// CANON-LABEL: tt.func public @carried_accumulator
// CANON-NOT:     ub.poison
// CANON-NOT:     !ttg.async.token
// CANON:         scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}}  : i32 {
#blocked = #ttg.blocked<{sizePerThread = [1, 64], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @carried_accumulator(%arg0: !ttg.memdesc<128x64xf16, #shared, #smem>, %arg1: !ttg.memdesc<64x64xf16, #shared, #smem>, %arg2: tensor<128x64xf32, #blocked>, %arg3: i32) -> tensor<128x64xf32, #blocked> {
    %true = arith.constant true
    %cst = arith.constant dense<0.000000e+00> : tensor<128x64xf32, #blocked>
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %result, %token = ttng.tmem_alloc : () -> (!ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.async.token)
    %0 = ttng.tmem_store %cst, %result[%token], %true : tensor<128x64xf32, #blocked> -> !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable>
    %1 = scf.for %arg4 = %c0_i32 to %arg3 step %c1_i32 iter_args(%arg5 = %0) -> (!ttg.async.token)  : i32 {
      %result_2, %token_3 = ttng.tmem_load %result[%arg5] : !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x64xf32, #blocked>
      %2 = arith.addf %result_2, %arg2 : tensor<128x64xf32, #blocked>
      %3 = ttng.tmem_store %2, %result[%token_3], %true : tensor<128x64xf32, #blocked> -> !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable>
      %4 = ttng.tc_gen5_mma %arg0, %arg1, %result[%3], %true, %true : !ttg.memdesc<128x64xf16, #shared, #smem>, !ttg.memdesc<64x64xf16, #shared, #smem>, !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable>
      scf.yield %4 : !ttg.async.token
    }
    %result_0, %token_1 = ttng.tmem_load %result[%1] : !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x64xf32, #blocked>
    tt.return %result_0 : tensor<128x64xf32, #blocked>
  }
}

