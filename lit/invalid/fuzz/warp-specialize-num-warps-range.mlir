// RUN: not ttg-opt %s 2>&1 | FileCheck %s
// A partition's num_warps is read as a 32-bit integer, as Triton 3.6 reads it (same message and column).
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @f() {
    ttg.warp_specialize()
    default {
      ttg.warp_yield
    }
    // CHECK: warp-specialize-num-warps-range.mlir:[[# @LINE + 1]]:28: error: custom op 'ttg.warp_specialize' integer value too large
    partition0() num_warps(0xFFFFFFFFFFFFFFFFFFFFFFFF) {
      ttg.warp_return
    } : () -> ()
    tt.return
  }
}
