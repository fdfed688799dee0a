// RUN: not ttg-opt %s -split-input-file 2>&1 | FileCheck %s
// A capture defined outside the function: located at the warp_specialize op (Triton 3.6: the same line and column),
// although the partitions op that holds the captures is made by the parser without a location of its own.
#b4 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
    %buf = ttg.local_alloc : () -> !ttg.memdesc<128xf32, #shared, #smem, mutable>
  tt.func public @arrive(%v: tensor<128xf32, #b4>) {
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared, #smem, mutable>
    // CHECK: warp-specialize-capture-outside.mlir:[[# @LINE + 1]]:5: error: 'ttg.warp_specialize.partitions' op using value defined outside the region
    ttg.warp_specialize(%buf, %bar)
    default {
      ttg.warp_yield
    }
    partition0(%b: !ttg.memdesc<128xf32, #shared, #smem, mutable>, %br: !ttg.memdesc<1xi64, #shared, #smem, mutable>) num_warps(1) {
      ttg.warp_return
    } : (!ttg.memdesc<128xf32, #shared, #smem, mutable>, !ttg.memdesc<1xi64, #shared, #smem, mutable>) -> ()
    tt.return
  }
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @mismatch(%buf: !ttg.memdesc<128xf32, #shared, #smem, mutable>) {
    // CHECK: warp-specialize-capture-outside.mlir:[[# @LINE + 1]]:5: error: 'ttg.warp_specialize.partitions' op partition region #0 argument #0 has type
    ttg.warp_specialize(%buf)
    default {
      ttg.warp_yield
    }
    partition0(%b: !ttg.memdesc<128xi32, #shared, #smem, mutable>) num_warps(1) {
      ttg.warp_return
    } : (!ttg.memdesc<128xf32, #shared, #smem, mutable>) -> ()
    tt.return
  }
}
