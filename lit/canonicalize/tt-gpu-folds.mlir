// RUN: ttg-opt %s -canonicalize | FileCheck %s

// TritonGPU folders (Triton 3.6 Ops.cpp): local_alloc(local_load) of an immutable memdesc of the same type, and
// memdesc_trans(memdesc_trans) composing to the identity.

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0, 1]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @alloc_load(
  // CHECK-NEXT:    %0 = ttg.local_load %arg0 : !ttg.memdesc<16x32xf16, #shared, #smem> -> tensor<16x32xf16, #blocked>
  // CHECK-NEXT:    %1 = ttg.local_alloc %0 : (tensor<16x32xf16, #blocked>) -> !ttg.memdesc<16x32xf16, #shared, #smem, mutable>
  // CHECK-NEXT:    tt.return %arg0, %1 : !ttg.memdesc<16x32xf16, #shared, #smem>, !ttg.memdesc<16x32xf16, #shared, #smem, mutable>
  tt.func @alloc_load(%m: !ttg.memdesc<16x32xf16, #shared, #smem>) -> (!ttg.memdesc<16x32xf16, #shared, #smem>, !ttg.memdesc<16x32xf16, #shared, #smem, mutable>) {
    %0 = ttg.local_load %m : !ttg.memdesc<16x32xf16, #shared, #smem> -> tensor<16x32xf16, #blocked>
    %1 = ttg.local_alloc %0 : (tensor<16x32xf16, #blocked>) -> !ttg.memdesc<16x32xf16, #shared, #smem>
    %2 = ttg.local_alloc %0 : (tensor<16x32xf16, #blocked>) -> !ttg.memdesc<16x32xf16, #shared, #smem, mutable>
    tt.return %1, %2 : !ttg.memdesc<16x32xf16, #shared, #smem>, !ttg.memdesc<16x32xf16, #shared, #smem, mutable>
  }
  // CHECK-LABEL: tt.func @trans2(
  // CHECK-NEXT:    tt.return %arg0 : !ttg.memdesc<16x32xf16, #shared, #smem>
  tt.func @trans2(%m: !ttg.memdesc<16x32xf16, #shared, #smem>) -> !ttg.memdesc<16x32xf16, #shared, #smem> {
    %0 = ttg.memdesc_trans %m {order = array<i32: 1, 0>} : !ttg.memdesc<16x32xf16, #shared, #smem> -> !ttg.memdesc<32x16xf16, #shared1, #smem>
    %1 = ttg.memdesc_trans %0 {order = array<i32: 1, 0>} : !ttg.memdesc<32x16xf16, #shared1, #smem> -> !ttg.memdesc<16x32xf16, #shared, #smem>
    tt.return %1 : !ttg.memdesc<16x32xf16, #shared, #smem>
  }
}
