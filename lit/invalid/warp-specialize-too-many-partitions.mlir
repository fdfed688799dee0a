// RUN: not ttg-opt %s --convert-warp-specialize-to-llvm 2>&1 | FileCheck %s
// Each partition synchronizes on a named barrier of its own (2 + i; 0 and 1 are reserved) and a CTA has 16.
// CHECK: warp-specialize-too-many-partitions.mlir:9:1: error: cannot support more than 14 warp group partitions
// CHECK-NOT: internal error

module attributes {"ttg.num-warps" = 4 : i32, "ttg.total-num-warps" = 19 : i32} {
llvm.mlir.global external @global_smem() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x i8>

llvm.func @too_many() attributes {allocation.offset = 0 : i32} {
  ttg.warp_specialize() attributes {warpGroupStartIds = array<i32: 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18>}
  default {
    ttg.warp_yield
  }
  partition0() num_warps(1) {
    ttg.warp_return
  }
  partition1() num_warps(1) {
    ttg.warp_return
  }
  partition2() num_warps(1) {
    ttg.warp_return
  }
  partition3() num_warps(1) {
    ttg.warp_return
  }
  partition4() num_warps(1) {
    ttg.warp_return
  }
  partition5() num_warps(1) {
    ttg.warp_return
  }
  partition6() num_warps(1) {
    ttg.warp_return
  }
  partition7() num_warps(1) {
    ttg.warp_return
  }
  partition8() num_warps(1) {
    ttg.warp_return
  }
  partition9() num_warps(1) {
    ttg.warp_return
  }
  partition10() num_warps(1) {
    ttg.warp_return
  }
  partition11() num_warps(1) {
    ttg.warp_return
  }
  partition12() num_warps(1) {
    ttg.warp_return
  }
  partition13() num_warps(1) {
    ttg.warp_return
  }
  partition14() num_warps(1) {
    ttg.warp_return
  } : () -> ()
  llvm.return
}
}
