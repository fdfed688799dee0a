// RUN: not ttg-opt %s '--allocate-shared-memory-nv=compute-capability=90 ptx-version=87' '--convert-triton-gpu-to-llvm=compute-capability=90 ptx-version=87' 2>&1 | FileCheck %s
// A signature whose tensor holds more registers than the lowering takes is refused before its LLVM struct type
// (here 2^22 members) is built: at once, at the function.
// CHECK: lowering-huge-signature.mlir:8:3: error: cannot lower tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #ttg.blocked<{sizePerThread = [65536, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>}>>: its layout holds 4194304 registers per thread (at most 4096)
// CHECK-NOT: internal error
#blocked = #ttg.blocked<{sizePerThread = [65536, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @f(%a: tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>) {
    tt.return
  }
}
