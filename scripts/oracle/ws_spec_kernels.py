# Held-out style kernels for the whole --nvgpu-warp-specialization, made after specializeRegion was written: an
# scf.if around the epilogue, an extra loop-carried scalar read after the loop, loop bounds from the program id.
#   /tmp/tv/bin/python ../shared/oracle/pipeline.py OUT scripts/oracle/ws_spec_kernels.py --jobs 1 --set holdout
#   /tmp/tv/bin/python ../shared/oracle/export_pipeline.py OUT/pipeline.jsonl.gz OUT/pipeline
#   /tmp/tv/bin/python scripts/oracle/ws_steps.py OUT/pipeline; node scripts/ws-steps-check.mjs OUT/pipeline
import triton
import triton.language as tl


@triton.jit
def ws_if_epi(a_desc, b_desc, c_ptr, K, scm, T, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in tl.range(0, K, BK, warp_specialize=True):
        a = a_desc.load([pid_m * BM, k])
        b = b_desc.load([k, pid_n * BN])
        acc = tl.dot(a, b, acc)
    rm = pid_m * BM + tl.arange(0, BM)
    rn = pid_n * BN + tl.arange(0, BN)
    if pid_m < T:
        tl.store(c_ptr + rm[:, None] * scm + rn[None, :], acc.to(tl.float16))


@triton.jit
def ws_carry(a_desc, b_desc, c_ptr, K, scm, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    n = 0.0
    for k in tl.range(0, K, BK, warp_specialize=True):
        a = a_desc.load([pid_m * BM, k])
        b = b_desc.load([k, pid_n * BN])
        acc = tl.dot(a, b, acc)
        n += 1.0
    rm = pid_m * BM + tl.arange(0, BM)
    rn = pid_n * BN + tl.arange(0, BN)
    tl.store(c_ptr + rm[:, None] * scm + rn[None, :], (acc / n).to(tl.float16))


@triton.jit
def ws_offset(a_desc, b_desc, c_ptr, K, scm, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in tl.range(pid_n * BK, K - pid_m * BK, BK, warp_specialize=True):
        a = a_desc.load([pid_m * BM, k])
        b = b_desc.load([k, pid_n * BN])
        acc = tl.dot(a, b, acc)
    rm = pid_m * BM + tl.arange(0, BM)
    rn = pid_n * BN + tl.arange(0, BN)
    tl.store(c_ptr + rm[:, None] * scm + rn[None, :], acc.to(tl.float16))


def D(t, r, c):
    return f"tensordesc<{t}[{r},{c}]>"


SIG = {"a_desc": D("fp16", 128, 64), "b_desc": D("fp16", 64, 128), "c_ptr": "*fp16", "K": "i32", "scm": "i32"}
OPTS = {"caps": [90], "num_warps": [4], "num_stages": [3]}
PIPE = [
    ("ws_if_epi-fp16-128x128x64", ws_if_epi, dict(SIG, T="i32"), [{"BM": 128, "BN": 128, "BK": 64}], ["c_ptr", "scm"], "holdout", OPTS),
    ("ws_carry-fp16-128x128x64", ws_carry, SIG, [{"BM": 128, "BN": 128, "BK": 64}], ["c_ptr", "scm"], "holdout", OPTS),
    ("ws_offset-fp16-128x128x64", ws_offset, SIG, [{"BM": 128, "BN": 128, "BK": 64}], ["c_ptr", "scm"], "holdout", OPTS),
]
