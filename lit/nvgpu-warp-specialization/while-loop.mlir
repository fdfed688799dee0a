// Triton 3.6 reaches llvm_unreachable in task id propagation (TaskIdPropagation.cpp: 'Other parent ops are not
// supported') on a function with an scf.while; we stop with a located error.
// RUN: not ttg-opt %s --nvgpu-warp-specialization=num-stages=3 2>&1 | FileCheck %s
// CHECK: while-loop.mlir:13:7: error: task id propagation does not support scf.while

#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @f(%n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %r = scf.while (%i = %c0) : (i32) -> i32 {
      %c = arith.cmpi slt, %i, %n : i32
      scf.condition(%c) %i : i32
    } do {
    ^bb0(%j: i32):
      %k = arith.addi %j, %c1 : i32
      scf.yield %k : i32
    }
    scf.for %x = %c0 to %n step %c1 : i32 {
    } {tt.warp_specialize}
    tt.return
  }
}
