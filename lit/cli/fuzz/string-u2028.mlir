// RUN: ttg-opt %s --canonicalize --cse > %t.a.mlir
// RUN: ttg-opt %t.a.mlir > %t.b.mlir
// RUN: diff %t.a.mlir %t.b.mlir
// Printing is a fixed point: non-ASCII text prints as the \XX escapes of its UTF-8 bytes (as MLIR) and reads back the same.
#blocked = #ttg.blocked<{sizePerThread = [2, 4], threadsPerWarp = [8, 4], warpsPerCTA = [2, 2], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func private @f(%a: tensor<32x4xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<4x32xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<32x32xf32, #blocked>) -> tensor<32x32xf32, #blocked> {
  %d = tt.dot %a, %b, %c : tensor<32x4xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<4x32xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<32x32xf32, #blocked>
  tt.return %d : tensor<32x32xf32, #blocked>
  }
}
