"""Triton 3.6's own LLVM dialect for every real-pipeline case: the TTGIR that convert-triton-gpu-to-llvm received
(the last stage file before it) through make_llir's MLIR passes from there on (convert-triton-gpu-to-llvm,
canonicalize, cse, convert-nv-gpu-to-llvm, convert-warp-specialize-to-llvm, canonicalize, cse, symbol-dce,
convert-nvvm-to-llvm), locations stripped, so that it compares with ttg-opt's output line for line
(scripts/pipeline-llvm-diff.mjs). Runs on the CPU with the Triton wheel.

usage: python triton_pipeline_llvm.py OUTDIR [NAME_FILTER] [PIPELINE_DIR]   (PIPELINE_DIR: /tmp/pipe/pipeline)
"""
import json
import os
import re
import sys

from triton._C.libtriton import ir, nvidia, passes

LOWERING_PASS = "convert-triton-gpu-to-llvm"


def lowering_input(meta):
    last = None
    for stage in meta["stages"]:
        if stage["pass"] == LOWERING_PASS:
            return last
        if stage.get("file"):
            last = stage["file"]
    raise ValueError("no convert-triton-gpu-to-llvm stage")


def strip_locations(text):
    lines = [line for line in text.split("\n") if not line.startswith("#loc")]
    text = "\n".join(lines)
    text = re.sub(r' loc\("[^"]*":\d+:\d+\)', "", text)
    text = re.sub(r" loc\((?:[^()]|\([^()]*\))*\)", "", text)
    return text.rstrip("\n") + "\n"


def main():
    out = sys.argv[1]
    name_filter = sys.argv[2] if len(sys.argv) > 2 else ""
    root = sys.argv[3] if len(sys.argv) > 3 else "/tmp/pipe/pipeline"
    os.makedirs(out, exist_ok=True)
    for case in sorted(os.listdir(root)):
        if name_filter not in case:
            continue
        with open(os.path.join(root, case, "meta.json")) as f:
            meta = json.load(f)
        ctx = ir.context()
        ir.load_dialects(ctx)
        nvidia.load_dialects(ctx)
        mod = ir.parse_mlir_module(os.path.join(root, case, lowering_input(meta)), ctx)
        mod.context = ctx
        pm = ir.pass_manager(ctx)
        nvidia.passes.ttgpuir.add_to_llvmir(pm, meta["capability"], meta["ptx_version"])
        passes.common.add_canonicalizer(pm)
        passes.common.add_cse(pm)
        nvidia.passes.ttnvgpuir.add_nvgpu_to_llvm(pm)
        nvidia.passes.ttnvgpuir.add_warp_specialize_to_llvm(pm)
        passes.common.add_canonicalizer(pm)
        passes.common.add_cse(pm)
        passes.common.add_symbol_dce(pm)
        passes.convert.add_nvvm_to_llvm(pm)
        pm.run(mod, "triton_pipeline_llvm")
        with open(os.path.join(out, case + ".mlir"), "w") as f:
            f.write(strip_locations(str(mod)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
