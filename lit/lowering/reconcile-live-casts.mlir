// RUN: ttg-opt %s -split-input-file --allocate-shared-memory-nv --convert-triton-gpu-to-llvm -reconcile-unrealized-casts | FileCheck %s

// reconcile-unrealized-casts never fails (MLIR's reconcileUnrealizedCasts): the casts bridging a kept
// ttg.warp_specialize (its capture and its partition argument) have no cast to fold with, so they stay.
#blocked2 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  // CHECK-LABEL: llvm.func @kept_casts
  // CHECK: %[[C:.*]] = builtin.unrealized_conversion_cast %arg0 : !llvm.ptr<1> to !tt.ptr<i32>
  // CHECK-NEXT: ttg.warp_specialize(%[[C]])
  // CHECK: partition0(%[[A:.*]]: !tt.ptr<i32>) num_warps(2)
  // CHECK-NEXT: builtin.unrealized_conversion_cast %[[A]] : !tt.ptr<i32> to !llvm.ptr<1>
  // CHECK: ld.global.b32
  tt.func @kept_casts(%arg0: !tt.ptr<i32>) {
    ttg.warp_specialize(%arg0)
    default {
      ttg.warp_yield
    }
    partition0(%arg2: !tt.ptr<i32>) num_warps(2) {
      %splatted = tt.splat %arg2 : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>, #blocked2>
      %input = tt.load %splatted : tensor<256x!tt.ptr<i32>, #blocked2>
      ttg.warp_return
    } : (!tt.ptr<i32>) -> ()
    tt.return
  }
}

// -----

// A cast chain that returns to its source type folds away; an unused cast is erased; a live cast from a
// non-cast value stays.
module {
  // CHECK-LABEL: llvm.func @chains
  // CHECK-NEXT: %[[L:.*]] = builtin.unrealized_conversion_cast %arg0 : !llvm.ptr<1> to i64
  // CHECK-NEXT: llvm.return %[[L]] : i64
  llvm.func @chains(%arg0: !llvm.ptr<1>) -> i64 {
    %0 = builtin.unrealized_conversion_cast %arg0 : !llvm.ptr<1> to !tt.ptr<i32>
    %1 = builtin.unrealized_conversion_cast %0 : !tt.ptr<i32> to !llvm.ptr<1>
    %2 = builtin.unrealized_conversion_cast %1 : !llvm.ptr<1> to i32
    %3 = builtin.unrealized_conversion_cast %1 : !llvm.ptr<1> to i64
    llvm.return %3 : i64
  }
}
