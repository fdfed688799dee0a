// RUN: ttg-opt %s '--allocate-shared-memory-nv=compute-capability=90 ptx-version=87' '--convert-triton-gpu-to-llvm=compute-capability=90 ptx-version=87' > %t.a.mlir
// RUN: ttg-opt %t.a.mlir > %t.b.mlir
// RUN: diff %t.a.mlir %t.b.mlir
// Printing is a fixed point: non-ASCII text prints as the \XX escapes of its UTF-8 bytes (as MLIR) and reads back the same.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
}
