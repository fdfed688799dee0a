// RUN: ttg-opt %s -split-input-file --tritongpu-reduce-data-duplication | FileCheck %s

// A conversion to an MMA operand that needs shared memory goes through an explicit local_alloc/local_load in
// the swizzled layout for that operand, in the source's memory order:
//   perPhase = max(1024 / (bits x K), 1)   (K: size of the contiguous dim)
//   vec      = 4 x kWidth if the contiguous dim is the operand's K dim, else 8 (and the mma stride is swapped)
//   maxPhase = max(min(stride, 1024 / (vec x bits)) / perPhase, 1)

// A of an f16 dot, row-major 128x64: K contiguous, perPhase 1, vec 8, maxPhase 8.
// CHECK-DAG: #[[$SA:.+]] = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
// B of an int8 dot, row-major 64x128: N contiguous, vec 8 (stride 16), perPhase 1, maxPhase 16.
// CHECK-DAG: #[[$SB:.+]] = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 16, order = [1, 0]}>
// A of an f16 dot with kWidth 4, column-major 16x256 (upstream's apply_swizzle): perPhase 4, vec 8, maxPhase 2.
// CHECK-DAG: #[[$SC:.+]] = #ttg.swizzled_shared<{vec = 8, perPhase = 4, maxPhase = 2, order = [0, 1]}>
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blockedT = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [16, 2], warpsPerCTA = [1, 4], order = [0, 1]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: @operand_a
  // CHECK: %[[S:.*]] = ttg.local_alloc %arg0 : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #[[$SA]], #smem>
  // CHECK-NEXT: %[[L:.*]] = ttg.local_load %[[S]] : !ttg.memdesc<128x64xf16, #[[$SA]], #smem> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
  // CHECK-NEXT: tt.return %[[L]]
  tt.func @operand_a(%arg0: tensor<128x64xf16, #blocked>) -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> {
    %0 = ttg.convert_layout %arg0 : tensor<128x64xf16, #blocked> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    tt.return %0 : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
  }

  // CHECK-LABEL: @operand_b_int8
  // CHECK: ttg.local_alloc %arg0 : (tensor<64x128xi8, #blocked>) -> !ttg.memdesc<64x128xi8, #[[$SB]], #smem>
  tt.func @operand_b_int8(%arg0: tensor<64x128xi8, #blocked>) -> tensor<64x128xi8, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>> {
    %0 = ttg.convert_layout %arg0 : tensor<64x128xi8, #blocked> -> tensor<64x128xi8, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>
    tt.return %0 : tensor<64x128xi8, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>
  }

  // CHECK-LABEL: @column_major_a
  // CHECK: ttg.local_alloc %arg0 : (tensor<16x256xf16, #blocked1>) -> !ttg.memdesc<16x256xf16, #[[$SC]], #smem>
  tt.func @column_major_a(%arg0: tensor<16x256xf16, #blockedT>) -> tensor<16x256xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> {
    %0 = ttg.convert_layout %arg0 : tensor<16x256xf16, #blockedT> -> tensor<16x256xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>
    tt.return %0 : tensor<16x256xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>
  }
}
