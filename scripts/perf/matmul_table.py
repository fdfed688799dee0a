#!/usr/bin/env python3
"""gpu-results/matmul-tflops.json and docs/matmul-tflops.md from the device runs in gpu-results/matmul-tflops-raw/
(device_check.py results of the cases stage_matmul.py staged, run twice; cublas.json from the torch.matmul bench).
TFLOP/s = 2*M*N*K / time, time = the mean of the runs' do_bench medians (L2 flushed)."""
import json, os

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
RAW = os.path.join(ROOT, "gpu-results", "matmul-tflops-raw")
FLOP = 2 * 4096 ** 3
ROWS = [  # (case, label)
    ("mm-BM128-BN128-BK64-sm90-w4-s1", "matmul_pipe 128x128x64, 4 warps, num_stages=1"),
    ("mm-BM128-BN128-BK64-sm90-w4-s2", "matmul_pipe 128x128x64, 4 warps, num_stages=2"),
    ("mm-BM128-BN128-BK64-sm90-w4-s3", "matmul_pipe 128x128x64, 4 warps, num_stages=3"),
    ("mm-BM128-BN256-BK64-sm90-w8-s4", "matmul_pipe 128x256x64, 8 warps, num_stages=4"),
    ("tma-BM128-BN128-BK64-sm90-w4-s3", "matmul_tma 128x128x64 (TMA), 4 warps, num_stages=3"),
    ("tma-BM128-BN128-BK64-sm90-w8-s3", "matmul_tma 128x128x64 (TMA), 8 warps, num_stages=3"),
]


NOTES = """## Notes

- Our TTGIR is Triton's: for the corpus configs (num_stages 2 and 3, TMA) our pipeline's output before
  convert-triton-gpu-to-llvm is byte-identical to Triton's file of that stage; for the two configs outside the corpus
  (128x128x64 num_stages=1, 128x256x64 8 warps num_stages=4) our make_ttgir output equals the .ttgir Triton 3.6 writes
  (TRITON_KERNEL_DUMP, CPU compile) up to locations and SSA names. Every gap below is in the LLVM lowering.
- matmul_pipe num_stages=1 (1.09x) and 3 (1.05x): our PTX computes the masks of the loads per register where Triton
  shares them: in the s3 kernel 46 `setp.lt.s32` against 26, 48 `selp.b32` against 28, 16 `and.pred` against 8
  (e.g. the B tile's k-row mask: ours compares rows r, r|8, r|16, ... r|56 with the k bound, Triton only r, r|16,
  r|32, r|48, since K is divisible by 16 and the mask's constancy along k is 16). Triton gets this from
  `maybeDeduplicate` in ElementwiseOpToLLVMBase.h (an elementwise op's results are reused across the elements that
  AxisInfo proves constant); our lowering (lowering/elementwise.ts) has no such step. Registers 252/244 (s1) and
  229/224 (s3). `setp.lt.s32` ours/Triton: s1 27/15, s2 37/21, s3 46/26, 128x256 s4 55/31; s2 and 128x256 s4
  nonetheless run at Triton's speed, so the extra predicates are the likely cause of the s1/s3 gaps (they cost issue
  slots and registers), not a proven one. The TMA kernels (no masks) run at Triton's speed.
"""


def main():
    runs = [json.load(open(os.path.join(RAW, f))) for f in sorted(os.listdir(RAW)) if f.startswith("run") and f.endswith(".json")]
    cub = json.load(open(os.path.join(RAW, "cublas.json")))
    tf = lambda us: FLOP / (us * 1e-6) / 1e12
    rows = []
    for case, label in ROWS:
        cs = [next(c for c in r["cases"] if c["case"] == case) for r in runs]
        ours = sum(c["ours_us"] for c in cs) / len(cs)
        tri = sum(c["triton_us"] for c in cs) / len(cs)
        rows.append({"case": case, "config": label, "status": [c["status"] for c in cs], "max_err_vs_triton": max(c["max_err"] for c in cs),
                     "ours_us": round(ours, 2), "triton_us": round(tri, 2), "ours_tflops": round(tf(ours), 1),
                     "triton_tflops": round(tf(tri), 1), "ours_over_triton_time": round(ours / tri, 3),
                     "ours_regs": cs[0]["ours_regs"], "triton_regs": cs[0]["triton_regs"],
                     "runs_us": [[round(c["ours_us"], 2), round(c["triton_us"], 2)] for c in cs]})
    out = {"device": runs[0]["device"], "torch": runs[0]["torch"], "triton": runs[0]["triton"], "shape": "f16 4096x4096x4096, fp32 accumulation",
           "timing": "triton.testing.do_bench median (L2 flushed), rep=200 ms, warmup=25 ms; mean of %d runs" % len(runs),
           "cublas": {"us": round(cub["cublas_ms"] * 1000, 2), "tflops": round(cub["cublas_tflops"], 1), "runs_ms": cub["cublas_ms_runs"]},
           "rows": rows}
    json.dump(out, open(os.path.join(ROOT, "gpu-results", "matmul-tflops.json"), "w"), indent=1)
    md = ["# Matmul TFLOP/s: our kernels, Triton's, cuBLAS", "",
          f"f16 4096x4096x4096 (fp32 accumulation), {out['device']}, torch {out['torch']}, Triton {out['triton']}. "
          "Time: `triton.testing.do_bench` median (L2 flushed, rep 200 ms), mean of two device runs. "
          "*Ours*: Triton's own TTIR through our whole pipeline (`ttg-opt` with the exact make_ttgir/make_llir flags of the "
          "real-pipeline corpus, num_stages/num_warps of the row), our lowering, LLVM 22 (mlir-translate, llc) and ptxas, "
          "sm_90a cubin, launched with Triton's grid and arguments. *Triton*: the same kernel compiled by Triton 3.6. "
          "Both outputs are bitwise identical (max error 0 against Triton's, every row).", "",
          "| kernel | ours TFLOP/s | Triton TFLOP/s | cuBLAS TFLOP/s | ours/Triton time | regs ours/Triton |",
          "|---|---:|---:|---:|---:|---:|"]
    for r in rows:
        md.append(f"| {r['config']} | {r['ours_tflops']} | {r['triton_tflops']} | {out['cublas']['tflops']} | "
                  f"{r['ours_over_triton_time']:.3f} | {r['ours_regs']}/{r['triton_regs']} |")
    md += ["", f"cuBLAS = `torch.matmul` (f16, same shape): {out['cublas']['us']} us median.", "",
           "Reproduce: `python3 scripts/perf/stage_matmul.py /tmp/mmb/corpus TTIR_BN256` (TTIR_BN256: Triton's .ttir for "
           "BN=256 from a CPU `triton.compile`, scripts/perf/ttir_bn256.py), then "
           "`TTG_PIPELINE_DIR=/tmp/mmb/corpus npm run gpu -- --corpus pipeline --staged .gpu-pipe/mm --stage-only`; on the GPU: "
           "`python3 test/gpu/device_check.py --manifest .gpu-pipe/mm/manifest.json --out $OUT --rep 200 --warmup 25` and "
           "`python3 scripts/perf/cublas_bench.py`; then `python3 scripts/perf/matmul_table.py`."]
    md += ["", NOTES]
    open(os.path.join(ROOT, "docs", "matmul-tflops.md"), "w").write("\n".join(md) + "\n")
    print("\n".join(md))


if __name__ == "__main__":
    main()
