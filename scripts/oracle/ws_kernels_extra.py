# Extra kernels for Triton 3.6's Hopper warp specialization, to check code partition beyond the corpus of
# ws_kernels.py (scripts/ws-pre-specialize-check.mjs, test/fixtures/nvgpu-ws/): B shared by two dots, a bias load
# before the loop, TMA + pointer loads in one loop, 64x64x64 at 5 stages, persistent bf16 128x128x128 at 2 stages, an
# accumulator initialized by a TMA load, a masked bf16 pointer-load loop at 4 stages, a loop
# with its own num_stages, tf32. Triton's own pass fails on the
# pointer-load kernels (token lowering) and on the TMA-initialized accumulator (verification), so their pass input
# comes from ws_input.py; the others go through the pipeline oracle:
#   /tmp/tv/bin/python ../shared/oracle/pipeline.py OUT scripts/oracle/ws_kernels_extra.py --jobs 1
#   /tmp/tv/bin/python ../shared/oracle/export_pipeline.py OUT/pipeline.jsonl.gz OUT/pipeline
#   /tmp/tv/bin/python scripts/oracle/ws_steps.py OUT/pipeline
#   TRITON_CACHE_DIR=$(mktemp -d) /tmp/tv/bin/python scripts/oracle/ws_input.py scripts/oracle/ws_kernels_extra.py ws_mixed-fp16-128x128x64 IN.mlir
import sys
import os
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import triton
import triton.language as tl
from ws_kernels import D, P


@triton.jit
def ws_bshared(a_desc, d_desc, b_desc, c_ptr, e_ptr, K, scm, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    acc2 = tl.zeros((BM, BN), dtype=tl.float32)
    for k in tl.range(0, K, BK, warp_specialize=True):
        a = a_desc.load([pid_m * BM, k])
        d = d_desc.load([pid_m * BM, k])
        b = b_desc.load([k, pid_n * BN])
        acc = tl.dot(a, b, acc)
        acc2 = tl.dot(d, b, acc2)
    rm = pid_m * BM + tl.arange(0, BM)
    rn = pid_n * BN + tl.arange(0, BN)
    tl.store(c_ptr + rm[:, None] * scm + rn[None, :], acc.to(tl.float16))
    tl.store(e_ptr + rm[:, None] * scm + rn[None, :], acc2.to(tl.float16))


@triton.jit
def ws_bias_pre(a_desc, b_desc, c_ptr, bias_ptr, K, scm, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    rn = pid_n * BN + tl.arange(0, BN)
    bias = tl.load(bias_ptr + rn)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in tl.range(0, K, BK, warp_specialize=True):
        a = a_desc.load([pid_m * BM, k])
        b = b_desc.load([k, pid_n * BN])
        acc = tl.dot(a, b, acc)
    rm = pid_m * BM + tl.arange(0, BM)
    tl.store(c_ptr + rm[:, None] * scm + rn[None, :], (acc + bias[None, :]).to(tl.float16))


@triton.jit
def ws_mixed(a_desc, b_ptr, c_ptr, K, sbk, scm, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    rn = pid_n * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in tl.range(0, K, BK, warp_specialize=True):
        a = a_desc.load([pid_m * BM, k])
        b = tl.load(b_ptr + (k + rk)[:, None] * sbk + rn[None, :])
        acc = tl.dot(a, b, acc)
    rm = pid_m * BM + tl.arange(0, BM)
    tl.store(c_ptr + rm[:, None] * scm + rn[None, :], acc.to(tl.float16))


@triton.jit
def ws_cinit(a_desc, b_desc, c_desc, c_ptr, K, scm, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    acc = c_desc.load([pid_m * BM, pid_n * BN]).to(tl.float32)
    for k in tl.range(0, K, BK, warp_specialize=True):
        a = a_desc.load([pid_m * BM, k])
        b = b_desc.load([k, pid_n * BN])
        acc = tl.dot(a, b, acc)
    rm = pid_m * BM + tl.arange(0, BM)
    rn = pid_n * BN + tl.arange(0, BN)
    tl.store(c_ptr + rm[:, None] * scm + rn[None, :], acc.to(tl.float16))


@triton.jit
def ws_ptr_only(a_ptr, b_ptr, c_ptr, K, sak, sbk, scm, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    rm = pid_m * BM + tl.arange(0, BM)
    rn = pid_n * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in tl.range(0, K, BK, warp_specialize=True):
        a = tl.load(a_ptr + rm[:, None] * sak + (k + rk)[None, :])
        b = tl.load(b_ptr + (k + rk)[:, None] * sbk + rn[None, :], mask=(k + rk)[:, None] < K, other=0.0)
        acc = tl.dot(a, b, acc)
    tl.store(c_ptr + rm[:, None] * scm + rn[None, :], acc.to(tl.float16))



@triton.jit
def ws_loopstages(a_desc, b_desc, c_ptr, K, scm, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in tl.range(0, K, BK, num_stages=2, warp_specialize=True):
        a = a_desc.load([pid_m * BM, k])
        b = b_desc.load([k, pid_n * BN])
        acc = tl.dot(a, b, acc)
    rm = pid_m * BM + tl.arange(0, BM)
    rn = pid_n * BN + tl.arange(0, BN)
    tl.store(c_ptr + rm[:, None] * scm + rn[None, :], acc.to(tl.float16))


@triton.jit
def ws_tf32(a_desc, b_desc, c_ptr, K, scm, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in tl.range(0, K, BK, warp_specialize=True):
        a = a_desc.load([pid_m * BM, k])
        b = b_desc.load([k, pid_n * BN])
        acc = tl.dot(a, b, acc)
    rm = pid_m * BM + tl.arange(0, BM)
    rn = pid_n * BN + tl.arange(0, BN)
    tl.store(c_ptr + rm[:, None] * scm + rn[None, :], acc)


O = {"caps": [90], "num_warps": [4]}
PIPE = [
    ("ws_bshared-fp16-128x128x64", ws_bshared,
     {"a_desc": D("fp16", 128, 64), "d_desc": D("fp16", 128, 64), "b_desc": D("fp16", 64, 128), "c_ptr": P("fp16"),
      "e_ptr": P("fp16"), "K": "i32", "scm": "i32"},
     [{"BM": 128, "BN": 128, "BK": 64}], ["c_ptr", "e_ptr", "scm"], "public", dict(O, num_stages=[3])),
    ("ws_bias_pre-fp16-128x128x64", ws_bias_pre,
     {"a_desc": D("fp16", 128, 64), "b_desc": D("fp16", 64, 128), "c_ptr": P("fp16"), "bias_ptr": P("fp32"),
      "K": "i32", "scm": "i32"},
     [{"BM": 128, "BN": 128, "BK": 64}], ["c_ptr", "bias_ptr", "scm"], "public", dict(O, num_stages=[3])),
    ("ws_mixed-fp16-128x128x64", ws_mixed,
     {"a_desc": D("fp16", 128, 64), "b_ptr": P("fp16"), "c_ptr": P("fp16"), "K": "i32", "sbk": "i32", "scm": "i32"},
     [{"BM": 128, "BN": 128, "BK": 64}], ["b_ptr", "c_ptr", "sbk", "scm"], "public", dict(O, num_stages=[3])),
    ("ws_mm64-fp16-64x64x64", __import__("ws_kernels").ws_mm,
     {"a_desc": D("fp16", 64, 64), "b_desc": D("fp16", 64, 64), "c_ptr": P("fp16"), "K": "i32", "scm": "i32"},
     [{"BM": 64, "BN": 64, "BK": 64}], ["c_ptr", "scm"], "public", dict(O, num_stages=[5])),
    ("ws_persist-bf16-128x128x128", __import__("ws_kernels").ws_mm_persistent,
     {"a_desc": D("bf16", 128, 128), "b_desc": D("bf16", 128, 128), "c_ptr": P("bf16"), "M": "i32", "N": "i32", "K": "i32", "scm": "i32"},
     [{"BM": 128, "BN": 128, "BK": 128, "NUM_SMS": 132}], ["c_ptr", "scm"], "public", dict(O, num_stages=[2])),
    ("ws_cinit-fp16-128x128x64", ws_cinit,
     {"a_desc": D("fp16", 128, 64), "b_desc": D("fp16", 64, 128), "c_desc": D("fp16", 128, 128), "c_ptr": P("fp16"), "K": "i32", "scm": "i32"},
     [{"BM": 128, "BN": 128, "BK": 64}], ["c_ptr", "scm"], "public", dict(O, num_stages=[3])),
    ("ws_ptr_only-bf16-128x64x32", ws_ptr_only,
     {"a_ptr": P("bf16"), "b_ptr": P("bf16"), "c_ptr": P("fp16"), "K": "i32", "sak": "i32", "sbk": "i32", "scm": "i32"},
     [{"BM": 128, "BN": 64, "BK": 32}], ["a_ptr", "b_ptr", "c_ptr", "sak", "sbk", "scm"], "public", dict(O, num_stages=[4])),
    ("ws_loopstages-fp16-128x128x64", ws_loopstages,
     {"a_desc": D("fp16", 128, 64), "b_desc": D("fp16", 64, 128), "c_ptr": P("fp16"), "K": "i32", "scm": "i32"},
     [{"BM": 128, "BN": 128, "BK": 64}], ["c_ptr", "scm"], "public", dict(O, num_stages=[4])),
    ("ws_tf32-fp32-128x64x32", ws_tf32,
     {"a_desc": D("fp32", 128, 32), "b_desc": D("fp32", 32, 64), "c_ptr": P("fp32"), "K": "i32", "scm": "i32"},
     [{"BM": 128, "BN": 64, "BK": 32}], ["c_ptr", "scm"], "public", dict(O, num_stages=[3])),
]
