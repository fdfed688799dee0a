// RUN: ttg-opt %s -split-input-file --tritongpu-reorder-instructions | FileCheck %s

// A local_alloc moves right after the load that defines its operand.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: @alloc_after_load
  // CHECK: %[[L:.*]] = tt.load
  // CHECK-NEXT: ttg.local_alloc %[[L]]
  // CHECK-NEXT: arith.addi
  tt.func @alloc_after_load(%p: tensor<32x32x!tt.ptr<f16>, #blocked>, %i: i32) -> i32 {
    %0 = tt.load %p : tensor<32x32x!tt.ptr<f16>, #blocked>
    %1 = arith.addi %i, %i : i32
    %2 = ttg.local_alloc %0 : (tensor<32x32xf16, #blocked>) -> !ttg.memdesc<32x32xf16, #shared, #smem>
    tt.return %1 : i32
  }
}

// -----

// A transposition moves right after the definition of its operand.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: @trans_after_def
  // CHECK: %[[L:.*]] = tt.load
  // CHECK-NEXT: tt.trans %[[L]]
  // CHECK-NEXT: arith.muli
  tt.func @trans_after_def(%p: tensor<32x32x!tt.ptr<f16>, #blocked>, %i: i32) -> i32 {
    %0 = tt.load %p : tensor<32x32x!tt.ptr<f16>, #blocked>
    %1 = arith.muli %i, %i : i32
    %2 = tt.trans %0 {order = array<i32: 1, 0>} : tensor<32x32xf16, #blocked> -> tensor<32x32xf16, #blocked1>
    tt.return %1 : i32
  }
}

// -----

// A conversion sinks past a local_dealloc that comes before its first use.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: @sink_after_dealloc
  // CHECK: ttg.local_dealloc
  // CHECK-NEXT: ttg.convert_layout
  // CHECK-NEXT: tt.store
  tt.func @sink_after_dealloc(%p: tensor<32x32x!tt.ptr<f16>, #blocked1>, %x: tensor<32x32xf16, #blocked>, %m: !ttg.memdesc<32x32xf16, #shared, #smem, mutable>) {
    %0 = ttg.convert_layout %x : tensor<32x32xf16, #blocked> -> tensor<32x32xf16, #blocked1>
    ttg.local_dealloc %m : !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
    tt.store %p, %0 : tensor<32x32x!tt.ptr<f16>, #blocked1>
    tt.return
  }
}
