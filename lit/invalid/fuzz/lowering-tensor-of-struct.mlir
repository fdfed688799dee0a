// RUN: not ttg-opt %s --split-input-file '--allocate-shared-memory-nv=compute-capability=90 ptx-version=87' '--convert-triton-gpu-to-llvm=compute-capability=90 ptx-version=87' 2>&1 | FileCheck %s
// CHECK: lowering-tensor-of-struct.mlir:8:9: error: 'ttg.convert_layout' op cannot lower values of type !llvm.struct<(i32, f32)> (no bit width)
// CHECK-NOT: internal error
// (A 16x64 tile: the original 128x64 one holds 8192 registers per thread, beyond what the lowering takes.)
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func public @m(%a: tensor<16x64x!llvm.struct<(i32, f32)>, #blocked>, %b: tensor<64x32x!llvm.struct<(i32, f32)>, #blocked>, %c: tensor<16x32xf32, #blocked>) -> tensor<16x32xf32, #blocked> {
  %ad = ttg.convert_layout %a : tensor<16x64x!llvm.struct<(i32, f32)>, #blocked> -> tensor<16x64x!llvm.struct<(i32, f32)>, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
  %bd = ttg.convert_layout %b : tensor<64x32x!llvm.struct<(i32, f32)>, #blocked> -> tensor<64x32x!llvm.struct<(i32, f32)>, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
  %d = tt.dot %ad, %bd, %c, inputPrecision = tf32 : tensor<16x64x!llvm.struct<(i32, f32)>, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<64x32x!llvm.struct<(i32, f32)>, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<16x32xf32, #blocked>
  tt.return %d : tensor<16x32xf32, #blocked>
  }
}