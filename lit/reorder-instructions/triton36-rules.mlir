// RUN: ttg-opt %s -split-input-file -tritongpu-reorder-instructions | FileCheck %s
// The CHECK lines are the whole output of Triton 3.6 (its pass run on each chunk through the wheel's bindings).

// An allocation of a splat stays where it is; a memdesc_trans moves up next to its operand; the opIdx=1 operand
// load does not move past a memory write.
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [0, 1]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 4, order = [0, 1]}>
#shared1 = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 4, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func public @rules(
  // CHECK-NEXT: %cst = arith.constant dense<0.000000e+00> : tensor<32x32xf32, #mma>
  // CHECK-NEXT: %0 = tt.splat %arg1 : f32 -> tensor<32x32xf32, #blocked>
  // CHECK-NEXT: %1 = tt.load %arg0 : tensor<32x32x!tt.ptr<f32>, #blocked>
  // CHECK-NEXT: %2 = ttg.local_alloc %1 : (tensor<32x32xf32, #blocked>) -> !ttg.memdesc<32x32xf32, #shared, #smem>
  // CHECK-NEXT: %3 = ttg.memdesc_trans %2 {order = array<i32: 1, 0>} : !ttg.memdesc<32x32xf32, #shared, #smem> -> !ttg.memdesc<32x32xf32, #shared1, #smem>
  // CHECK-NEXT: %4 = ttg.local_alloc %0 : (tensor<32x32xf32, #blocked>) -> !ttg.memdesc<32x32xf32, #shared, #smem>
  // CHECK-NEXT: %5 = ttg.local_load %3 : !ttg.memdesc<32x32xf32, #shared1, #smem> -> tensor<32x32xf32, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>>
  // CHECK-NEXT: tt.store %arg0, %1 : tensor<32x32x!tt.ptr<f32>, #blocked>
  // CHECK-NEXT: %6 = ttg.local_load %4 : !ttg.memdesc<32x32xf32, #shared, #smem> -> tensor<32x32xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>>
  // CHECK-NEXT: %7 = tt.dot %6, %5, %cst, inputPrecision = tf32 : tensor<32x32xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>> * tensor<32x32xf32, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>> -> tensor<32x32xf32, #mma>
  // CHECK-NEXT: %8 = ttg.convert_layout %7 : tensor<32x32xf32, #mma> -> tensor<32x32xf32, #blocked>
  // CHECK-NEXT: tt.store %arg0, %8 : tensor<32x32x!tt.ptr<f32>, #blocked>
  // CHECK-NEXT: tt.return
  tt.func public @rules(%p: tensor<32x32x!tt.ptr<f32>, #blocked>, %f: f32) {
    %cst = arith.constant dense<0.000000e+00> : tensor<32x32xf32, #mma>
    %s = tt.splat %f : f32 -> tensor<32x32xf32, #blocked>
    %B = tt.load %p : tensor<32x32x!tt.ptr<f32>, #blocked>
    %SA = ttg.local_alloc %s : (tensor<32x32xf32, #blocked>) -> !ttg.memdesc<32x32xf32, #shared, #smem>
    %BS = ttg.local_alloc %B : (tensor<32x32xf32, #blocked>) -> !ttg.memdesc<32x32xf32, #shared, #smem>
    %BT = ttg.memdesc_trans %BS {order = array<i32: 1, 0>} : !ttg.memdesc<32x32xf32, #shared, #smem> -> !ttg.memdesc<32x32xf32, #shared1, #smem>
    %BD = ttg.local_load %BT : !ttg.memdesc<32x32xf32, #shared1, #smem> -> tensor<32x32xf32, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>>
    tt.store %p, %B : tensor<32x32x!tt.ptr<f32>, #blocked>
    %AD = ttg.local_load %SA : !ttg.memdesc<32x32xf32, #shared, #smem> -> tensor<32x32xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>>
    %d = tt.dot %AD, %BD, %cst, inputPrecision = tf32 : tensor<32x32xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>> * tensor<32x32xf32, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>> -> tensor<32x32xf32, #mma>
    %c = ttg.convert_layout %d : tensor<32x32xf32, #mma> -> tensor<32x32xf32, #blocked>
    tt.store %p, %c : tensor<32x32x!tt.ptr<f32>, #blocked>
    tt.return
  }
}
