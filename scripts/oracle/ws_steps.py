# Triton 3.6's own intermediate dumps of `--nvgpu-warp-specialization` (`dump-intermediate-steps=true`: the module
# after doTaskPartition, doTaskIdPropagate, doDataPartition and doCodePartition, printed to stderr without
# locations or aliases), for each case of an exported pipeline folder (see ws_kernels.py):
#   /tmp/tv/bin/python scripts/oracle/ws_steps.py PIPELINE_DIR
# writes PIPELINE_DIR/<case>/ws-steps.txt (the pass's stderr; empty where the pass leaves the function alone).
# The pass runs alone on the input of the case's nvgpu-warp-specialization stage, in a child process (Triton
# aborts on a failed assertion).
import json, os, subprocess, sys

CHILD = r'''
import sys
from triton._C.libtriton import ir
import triton._C.libtriton as lt
ctx = ir.context(); ir.load_dialects(ctx); lt.nvidia.load_dialects(ctx)
mod = ir.parse_mlir_module(sys.argv[1], ctx)
pm = ir.pass_manager(ctx)
lt.nvidia.passes.hopper.add_hopper_warpspec(pm, int(sys.argv[2]), True)
pm.run(mod, "nvgpu-warp-specialization")
'''

root = sys.argv[1]
for case in sorted(os.listdir(root)):
    d = os.path.join(root, case)
    meta_path = os.path.join(d, "meta.json")
    if not os.path.exists(meta_path):
        continue
    stages = json.load(open(meta_path))["stages"]
    i = next(i for i, s in enumerate(stages) if s["pass"] == "nvgpu-warp-specialization")
    inp = stages[i - 1]["file"]
    ns = int(stages[i]["flag"].split("num-stages=")[1].split()[0])
    p = subprocess.run([sys.executable, "-c", CHILD, os.path.join(d, inp), str(ns)], capture_output=True, text=True)
    open(os.path.join(d, "ws-steps.txt"), "w").write(p.stderr)
    print(case, p.returncode, p.stderr.count("WarpSpec internal IR Dump After"))
