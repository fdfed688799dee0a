// RUN: not ttg-opt %s --convert-warp-specialize-to-llvm 2>&1 | FileCheck %s
// The switch loop needs the kernel's total warps (tritongpu-allocate-warp-groups sets them).
// CHECK: warp-specialize-no-total-warps.mlir:6:1: error: module missing 'ttg.total-num-warps' attribute
// CHECK-NOT: internal error

module attributes {"ttg.num-warps" = 4 : i32} {
llvm.mlir.global external @global_smem() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x i8>

llvm.func @no_total() attributes {allocation.offset = 0 : i32} {
  ttg.warp_specialize() attributes {warpGroupStartIds = array<i32: 4>}
  default {
    ttg.warp_yield
  }
  partition0() num_warps(4) {
    ttg.warp_return
  } : () -> ()
  llvm.return
}
}
