// RUN: ttg-opt %s -split-input-file --tritongpu-optimize-dot-operands | FileCheck %s

// A transposed MMA v2 operand used only by a tt.dot is read through shared memory: the source is allocated in
// the swizzled layout of the transposed operand (needTrans swaps vec and the mma row stride), transposed as a
// memdesc and loaded straight into the dot operand layout.
// 32x128 f16, order [1, 0] (K = 128 contiguous): perPhase = 1, vec = 8, maxPhase = 8.
// CHECK-DAG: #[[$S:.+]] = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
// CHECK-DAG: #[[$ST:.+]] = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [0, 1]}>
#blocked = #ttg.blocked<{sizePerThread = [1, 16], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [0, 1]}>
#blocked1 = #ttg.blocked<{sizePerThread = [16, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: @transposed_a
  // CHECK: %[[ALLOC:.*]] = ttg.local_alloc %arg0 : (tensor<32x128xf16, #blocked>) -> !ttg.memdesc<32x128xf16, #[[$S]], #smem>
  // CHECK-NEXT: %[[T:.*]] = ttg.memdesc_trans %[[ALLOC]] {order = array<i32: 1, 0>} : !ttg.memdesc<32x128xf16, #[[$S]], #smem> -> !ttg.memdesc<128x32xf16, #[[$ST]], #smem>
  // CHECK-NEXT: %[[L:.*]] = ttg.local_load %[[T]] : !ttg.memdesc<128x32xf16, #[[$ST]], #smem> -> tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
  // CHECK-NEXT: tt.dot %[[L]], %arg1, %arg2
  tt.func @transposed_a(%t: tensor<32x128xf16, #blocked>, %b: tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %c: tensor<128x64xf32, #mma>) -> tensor<128x64xf32, #mma> {
    %a = tt.trans %t {order = array<i32: 1, 0>} : tensor<32x128xf16, #blocked> -> tensor<128x32xf16, #blocked1>
    %cv = ttg.convert_layout %a : tensor<128x32xf16, #blocked1> -> tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    %r = tt.dot %cv, %b, %c : tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<128x64xf32, #mma>
    tt.return %r : tensor<128x64xf32, #mma>
  }

  // The transposed operand feeds something other than the dot: nothing changes.
  // CHECK-LABEL: @not_only_dot
  // CHECK-NOT: ttg.local_alloc
  // CHECK: tt.trans
  // CHECK-NEXT: ttg.convert_layout
  tt.func @not_only_dot(%t: tensor<32x128xf16, #blocked>, %b: tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %c: tensor<128x64xf32, #mma>) -> tensor<128x64xf32, #mma> {
    %a = tt.trans %t {order = array<i32: 1, 0>} : tensor<32x128xf16, #blocked> -> tensor<128x32xf16, #blocked1>
    %cv = ttg.convert_layout %a : tensor<128x32xf16, #blocked1> -> tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    %add = arith.addf %cv, %cv : tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    %r = tt.dot %add, %b, %c : tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<128x64xf32, #mma>
    tt.return %r : tensor<128x64xf32, #mma>
  }
}

// -----

// The B operand (opIdx 1) of an int8 dot, K = 64 contiguous in the source: needTrans and the order swap cancel,
// vec = 4 x kWidth = 16, perPhase = 1024 / (8 x 64) = 2 rows per phase, maxPhase = min(8, 1024 / 128) / 2 = 4.
// CHECK-DAG: #[[$S:.+]] = #ttg.swizzled_shared<{vec = 16, perPhase = 2, maxPhase = 4, order = [1, 0]}>
#blocked = #ttg.blocked<{sizePerThread = [1, 16], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [16, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: @transposed_b
  // CHECK: ttg.local_alloc %arg1 : (tensor<128x64xi8, #blocked>) -> !ttg.memdesc<128x64xi8, #[[$S]], #smem>
  // CHECK: ttg.memdesc_trans
  // CHECK: ttg.local_load {{.*}} -> tensor<64x128xi8, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>
  tt.func @transposed_b(%a: tensor<64x64xi8, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>, %t: tensor<128x64xi8, #blocked>, %c: tensor<64x128xi32, #mma>) -> tensor<64x128xi32, #mma> {
    %b = tt.trans %t {order = array<i32: 1, 0>} : tensor<128x64xi8, #blocked> -> tensor<64x128xi8, #blocked1>
    %cv = ttg.convert_layout %b : tensor<64x128xi8, #blocked1> -> tensor<64x128xi8, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>
    %r = tt.dot %a, %cv, %c : tensor<64x64xi8, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> * tensor<64x128xi8, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>> -> tensor<64x128xi32, #mma>
    tt.return %r : tensor<64x128xi32, #mma>
  }
}
