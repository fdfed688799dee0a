#!/usr/bin/env python3
"""Stage the matmul TFLOP/s table's kernels as a small pipeline corpus: for each config, OUR whole pipeline from
Triton's own TTIR (ttg-opt with the exact make_ttgir/make_llir flags of the real-pipeline corpus meta.json, num_stages
and num_warps substituted where the config is not in the corpus), up to the input of convert-triton-gpu-to-llvm.
The result is a corpus folder whose meta.json points the lowering plan at our TTGIR; `npm run gpu -- --corpus
pipeline` with TTG_PIPELINE_DIR set to it then lowers and assembles it (LLVM 22, ptxas) and writes the manifest.

    python3 scripts/perf/stage_matmul.py OUT_CORPUS_DIR [TTIR_BN256]
"""
import json, os, re, subprocess, sys

PIPE = "/tmp/pipe/pipeline"
ROOT = os.environ.get("TTG_ROOT", os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
LOWER = "convert-triton-gpu-to-llvm"
MM = "matmul_pipe-BM128-BN128-BK64-sak1-sbn1-scn1-sm90"

# (our case name, corpus case for meta/flags, TTIR file (None: the corpus case's 00-ttir), num_stages, constexpr changes)
CONFIGS = [
    ("mm-BM128-BN128-BK64-sm90-w4-s1", f"{MM}-w4-s2", None, 1, {}),
    ("mm-BM128-BN128-BK64-sm90-w4-s2", f"{MM}-w4-s2", None, 2, {}),
    ("mm-BM128-BN128-BK64-sm90-w4-s3", f"{MM}-w4-s3", None, 3, {}),
    ("mm-BM128-BN256-BK64-sm90-w8-s4", f"{MM}-w8-s4", "BN256", 4, {"BN": 256}),
    ("tma-BM128-BN128-BK64-sm90-w4-s3", "matmul_tma-BM128-BN128-BK64-sm90-w4-s3", None, 3, {}),
    ("tma-BM128-BN128-BK64-sm90-w8-s3", "matmul_tma-BM128-BN128-BK64-sm90-w8-s3", None, 3, {}),
]


def main():
    out = os.path.abspath(sys.argv[1])
    ttir256 = sys.argv[2] if len(sys.argv) > 2 else None
    os.makedirs(out, exist_ok=True)
    for name, src, ttir, stages, cx in CONFIGS:
        meta = json.load(open(os.path.join(PIPE, src, "meta.json")))
        meta["num_stages"] = stages
        meta["constexprs"] = {**meta["constexprs"], **cx}
        meta.pop("shared", None)
        meta.pop("shared_bytes", None)
        for s in meta["stages"]:
            s["flag"] = re.sub(r"num-stages=\d+", f"num-stages={stages}", s["flag"])
        at = next(i for i, s in enumerate(meta["stages"]) if s["pass"] == LOWER)
        for s in meta["stages"][:at]:
            s["file"] = None
        meta["stages"][at - 1]["file"] = "ours-ttgir.mlir"
        d = os.path.join(out, name)
        os.makedirs(d, exist_ok=True)
        src_ttir = ttir256 if ttir == "BN256" else os.path.join(PIPE, src, "00-ttir.mlir")
        flags = [s["flag"] for s in meta["stages"][:at]]
        r = subprocess.run(["node", os.path.join(ROOT, "dist", "bin", "ttg-opt.js"), src_ttir, *flags, "-o",
                            os.path.join(d, "ours-ttgir.mlir")], capture_output=True, text=True)
        if r.returncode:
            print(f"{name}: ttg-opt failed: {r.stderr[-600:]}")
            continue
        json.dump(meta, open(os.path.join(d, "meta.json"), "w"), indent=1)
        # where the corpus has Triton's own file for this stage (same config), compare
        ref = None
        if src.endswith(f"-s{stages}") and not cx:
            ref = next((s["file"] for s in reversed(json.load(open(os.path.join(PIPE, src, "meta.json")))["stages"][:at]) if s.get("file")), None)
        if ref:
            same = open(os.path.join(PIPE, src, ref)).read().rstrip() == open(os.path.join(d, "ours-ttgir.mlir")).read().rstrip()
            print(f"{name}: staged; ours == Triton's {ref}: {same}")
        else:
            print(f"{name}: staged ({len(flags)} passes from {os.path.basename(src_ttir)})")


if __name__ == "__main__":
    main()
