// RUN: ttg-opt %s --allocate-shared-memory-nv=compute-capability=90 --convert-triton-gpu-to-llvm=compute-capability=90 | FileCheck %s

// fp8 operands with f16 accumulators on mma v2: mma.sync m16n8k32 with .f16 accumulation (Triton's
// FP16_FP8*_FP8*_FP16), the accumulator as two f16x2 registers per instruction.
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func internal @fp8_f16_acc
  // CHECK-COUNT-2: mma.sync.aligned.m16n8k32.row.col.f16.e4m3.e5m2.f16 { $0, $1 }, { $4, $5, $6, $7 }, { $8, $9 }, { $2, $3 };", "=r,=r,0,1,r,r,r,r,r,r"
  // CHECK-NOT: mma.sync
  tt.func private @fp8_f16_acc(%a: tensor<16x32xf8E4M3FN, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>, %b: tensor<32x16xf8E5M2, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>, %c: tensor<16x16xf16, #mma>) -> tensor<16x16xf16, #mma> {
    %0 = tt.dot %a, %b, %c : tensor<16x32xf8E4M3FN, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> * tensor<32x16xf8E5M2, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>> -> tensor<16x16xf16, #mma>
    tt.return %0 : tensor<16x16xf16, #mma>
  }
}
