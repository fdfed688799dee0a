// RUN: ttg-opt %s --allocate-shared-memory-nv=compute-capability=80 --convert-triton-gpu-to-llvm=compute-capability=80 | FileCheck %s --check-prefix=SM80
// RUN: ttg-opt %s --allocate-shared-memory-nv=compute-capability=90 --convert-triton-gpu-to-llvm=compute-capability=90 | FileCheck %s --check-prefix=SM90

// f64 dots on mma v2 (Triton's FP64 path): four K units of 4 per inline asm. On sm80 each unit is two
// m8n8k4 (rows g, then g+8) sharing the B register; on sm90 the asm is one m16n8k16.f64. The operands are
// vector<1xf64> registers ("d"), the accumulators tied to the outputs. 32x16x32 on one warp: 2 (m) x 2 (n)
// x 2 (K chunks) = 8 asms, in the order K chunk, m, n.
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // SM80-LABEL: llvm.func @f64_dot
  // SM80-COUNT-8: llvm.inline_asm has_side_effects asm_dialect = att operand_attrs = [] "mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 { $0, $1 }, { $8 }, { $9 }, { $4, $5 };\0A\09mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 { $2, $3 }, { $10 }, { $9 }, { $6, $7 };\0A\09mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 { $0, $1 }, { $11 }, { $12 }, { $4, $5 };{{.*}}{ $2, $3 }, { $19 }, { $18 }, { $6, $7 };", "=d,=d,=d,=d,0,1,2,3,d,d,d,d,d,d,d,d,d,d,d,d" {{.*}} : (f64, f64, f64, f64, vector<1xf64>, {{.*}}) -> !llvm.struct<(f64, f64, f64, f64)>
  // SM80-NOT: mma.sync
  // SM90-LABEL: llvm.func @f64_dot
  // SM90-COUNT-8: "mma.sync.aligned.m16n8k16.row.col.f64.f64.f64.f64 { $0, $1, $2, $3 }, { $8, $9, $10, $11, $12, $13, $14, $15 }, { $16, $17, $18, $19 }, { $4, $5, $6, $7 };", "=d,=d,=d,=d,0,1,2,3,d,d,d,d,d,d,d,d,d,d,d,d"
  // SM90-NOT: mma.sync
  tt.func @f64_dot(%a: tensor<32x32xf64, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>>, %b: tensor<32x16xf64, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>>, %c: tensor<32x16xf64, #mma>) -> tensor<32x16xf64, #mma> {
    %d = tt.dot %a, %b, %c, inputPrecision = tf32 : tensor<32x32xf64, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>> * tensor<32x16xf64, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>> -> tensor<32x16xf64, #mma>
    tt.return %d : tensor<32x16xf64, #mma>
  }
}
