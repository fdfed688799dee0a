// RUN: ttg-opt %s -split-input-file --tritongpu-accelerate-matmul | FileCheck %s

// MMA v3 (sm90): operands that come from loads are allocated in shared memory right after the load, in an NVMMA
// layout of their memory order (f16 may be transposed: a column-major B gets `transposed = true`); the swizzle is
// the largest of 128/64/32 bytes dividing the contiguous dim. instrShape N is the largest multiple of 8 dividing
// N that the warps along N still fill; warps grow from (4, 1) towards M while M is larger than 16 per warp.
// CHECK-DAG: #[[$MMA:.+]] = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 256, 16]}>
// CHECK-DAG: #[[$SA:.+]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
// CHECK-DAG: #[[$SB:.+]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
#blockedT = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 8], order = [0, 1]}>
#acc = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [2, 16], warpsPerCTA = [8, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: @f16_loads
  // CHECK: %[[LA:.*]] = tt.load %arg0
  // CHECK-NEXT: %[[A:.*]] = ttg.local_alloc %[[LA]] : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #[[$SA]], #smem>
  // CHECK-NEXT: %[[LB:.*]] = tt.load %arg1
  // CHECK-NEXT: %[[B:.*]] = ttg.local_alloc %[[LB]] : (tensor<64x256xf16, #blocked1>) -> !ttg.memdesc<64x256xf16, #[[$SB]], #smem>
  // CHECK-NEXT: %[[ACC:.*]] = ttg.convert_layout %{{.*}} -> tensor<128x256xf32, #[[$MMA]]>
  // CHECK-NEXT: %[[D:.*]] = ttng.warp_group_dot %[[A]], %[[B]], %[[ACC]] : !ttg.memdesc<128x64xf16, #[[$SA]], #smem> * !ttg.memdesc<64x256xf16, #[[$SB]], #smem> -> tensor<128x256xf32, #[[$MMA]]>
  // CHECK-NEXT: ttg.convert_layout %[[D]]
  tt.func @f16_loads(%pa: tensor<128x64x!tt.ptr<f16>, #blocked>, %pb: tensor<64x256x!tt.ptr<f16>, #blockedT>) -> tensor<128x256xf32, #acc> {
    %cst = arith.constant dense<0.000000e+00> : tensor<128x256xf32, #acc>
    %a = tt.load %pa : tensor<128x64x!tt.ptr<f16>, #blocked>
    %b = tt.load %pb : tensor<64x256x!tt.ptr<f16>, #blockedT>
    %ad = ttg.convert_layout %a : tensor<128x64xf16, #blocked> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #acc}>>
    %bd = ttg.convert_layout %b : tensor<64x256xf16, #blockedT> -> tensor<64x256xf16, #ttg.dot_op<{opIdx = 1, parent = #acc}>>
    %d = tt.dot %ad, %bd, %cst : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #acc}>> * tensor<64x256xf16, #ttg.dot_op<{opIdx = 1, parent = #acc}>> -> tensor<128x256xf32, #acc>
    tt.return %d : tensor<128x256xf32, #acc>
  }
}

// -----

// An A operand computed in registers (not a load or block argument) stays in registers as a v3 dot operand
// (kWidth = 32 / its width); B is still allocated. The swizzle shrinks with the contiguous bytes (32 x f16 = 64B)
// and the instruction N is capped by the warps along N: 4 warps, M = 64 -> one warp row, N = 32 per warp.
// CHECK-DAG: #[[$MMA:.+]] = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 32, 16]}>
// CHECK-DAG: #[[$SB:.+]] = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
#acc = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: @register_a
  // CHECK: %[[B:.*]] = ttg.local_alloc %arg1 : (tensor<64x32xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>) -> !ttg.memdesc<64x32xf16, #[[$SB]], #smem>
  // CHECK: %[[X:.*]] = arith.addf
  // CHECK: %[[ACC:.*]] = ttg.convert_layout %{{.*}} -> tensor<64x32xf32, #[[$MMA]]>
  // CHECK-NEXT: %[[A:.*]] = ttg.convert_layout %[[X]] : {{.*}} -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #[[$MMA]], kWidth = 2}>>
  // CHECK-NEXT: ttng.warp_group_dot %[[A]], %[[B]], %[[ACC]] : tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #[[$MMA]], kWidth = 2}>> * !ttg.memdesc<64x32xf16, #[[$SB]], #smem> -> tensor<64x32xf32, #[[$MMA]]>
  tt.func @register_a(%a: tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #acc}>>, %b: tensor<64x32xf16, #ttg.dot_op<{opIdx = 1, parent = #acc}>>) -> tensor<64x32xf32, #acc> {
    %cst = arith.constant dense<0.000000e+00> : tensor<64x32xf32, #acc>
    %x = arith.addf %a, %a : tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #acc}>>
    %d = tt.dot %x, %b, %cst : tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #acc}>> * tensor<64x32xf16, #ttg.dot_op<{opIdx = 1, parent = #acc}>> -> tensor<64x32xf32, #acc>
    tt.return %d : tensor<64x32xf32, #acc>
  }
}

// -----

// 8-bit and tf32 operands cannot be transposed by wgmma: A is stored K-contiguous and B N-major (transposed)
// whatever the register order, with a warning when that differs from the register order. int8 instructions
// take N from {224, 208, ..., 16, 8}: 256 -> 128, K = 32.
// CHECK-DAG: #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 32]}>
// CHECK-DAG: #[[$SA:.+]] = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 8}>
// CHECK-DAG: #[[$SB:.+]] = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = true, elementBitWidth = 8}>
#blocked = #ttg.blocked<{sizePerThread = [1, 16], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#acc = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: @int8_row_major_b
  // CHECK: ttg.local_alloc {{.*}} -> !ttg.memdesc<64x64xi8, #[[$SA]], #smem>
  // CHECK: ttg.local_alloc {{.*}} -> !ttg.memdesc<64x256xi8, #[[$SB]], #smem>
  // CHECK: ttng.warp_group_dot {{.*}} -> tensor<64x256xi32, #mma>
  tt.func @int8_row_major_b(%pa: tensor<64x64x!tt.ptr<i8>, #blocked>, %pb: tensor<64x256x!tt.ptr<i8>, #blocked>) -> tensor<64x256xi32, #acc> {
    %cst = arith.constant dense<0> : tensor<64x256xi32, #acc>
    %a = tt.load %pa : tensor<64x64x!tt.ptr<i8>, #blocked>
    %b = tt.load %pb : tensor<64x256x!tt.ptr<i8>, #blocked>
    %ad = ttg.convert_layout %a : tensor<64x64xi8, #blocked> -> tensor<64x64xi8, #ttg.dot_op<{opIdx = 0, parent = #acc}>>
    %bd = ttg.convert_layout %b : tensor<64x256xi8, #blocked> -> tensor<64x256xi8, #ttg.dot_op<{opIdx = 1, parent = #acc}>>
    %d = tt.dot %ad, %bd, %cst : tensor<64x64xi8, #ttg.dot_op<{opIdx = 0, parent = #acc}>> * tensor<64x256xi8, #ttg.dot_op<{opIdx = 1, parent = #acc}>> -> tensor<64x256xi32, #acc>
    tt.return %d : tensor<64x256xi32, #acc>
  }
}

// -----

// A dot whose result feeds another dot puts all warps on M (flash-attention style); the last dot, with no
// dot after it, grows (4, 1) along M then N: 128x128 with 8 warps -> [8, 1] (M = 128 > 16 x 4), N = 128.
// CHECK-DAG: #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 64, 16]}>
// CHECK-DAG: #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 128, 16]}>
#acc = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [2, 16], warpsPerCTA = [8, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: @attention_like
  tt.func @attention_like(%q: tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #acc}>>, %k: tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #acc}>>, %v: tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #acc}>>) -> tensor<128x128xf32, #acc> {
    %c0 = arith.constant dense<0.000000e+00> : tensor<128x64xf32, #acc>
    %c1 = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #acc>
    %s = tt.dot %q, %k, %c0 : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #acc}>> * tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #acc}>> -> tensor<128x64xf32, #acc>
    %p = arith.truncf %s : tensor<128x64xf32, #acc> to tensor<128x64xf16, #acc>
    %pd = ttg.convert_layout %p : tensor<128x64xf16, #acc> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #acc}>>
    %o = tt.dot %pd, %v, %c1 : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #acc}>> * tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #acc}>> -> tensor<128x128xf32, #acc>
    tt.return %o : tensor<128x128xf32, #acc>
  }
}
