# Held-out style kernels for the whole --nvgpu-warp-specialization, made after specializeRegion was written: an
# scf.if around the epilogue, an extra loop-carried scalar read after the loop, loop bounds from the program id, a
# persistent loop with an if around the store, a max + masked epilogue at 2 stages.
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


@triton.jit
def ws_pers_if(a_desc, b_desc, c_ptr, M, N, K, scm, T, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr, NUM_SMS: tl.constexpr):
    pid = tl.program_id(0)
    num_m = tl.cdiv(M, BM)
    num_n = tl.cdiv(N, BN)
    for tile in range(pid, num_m * num_n, NUM_SMS):
        pid_m = tile // num_n
        pid_n = tile % num_n
        acc = tl.zeros((BM, BN), dtype=tl.float32)
        for k in tl.range(0, K, BK, warp_specialize=True):
            a = a_desc.load([pid_m * BM, k])
            b = b_desc.load([k, pid_n * BN])
            acc = tl.dot(a, b, acc)
        rm = pid_m * BM + tl.arange(0, BM)
        rn = pid_n * BN + tl.arange(0, BN)
        if tile < T:
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


@triton.jit
def ws_bk128(a_desc, b_desc, c_ptr, K, scm, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in tl.range(0, K, BK, warp_specialize=True, num_stages=2):
        a = a_desc.load([pid_m * BM, k])
        b = b_desc.load([k, pid_n * BN])
        acc = tl.dot(a, b, acc)
    acc = tl.maximum(acc, 0.0)
    rm = pid_m * BM + tl.arange(0, BM)
    rn = pid_n * BN + tl.arange(0, BN)
    tl.store(c_ptr + rm[:, None] * scm + rn[None, :], acc.to(tl.float16), mask=rm[:, None] < 1000)


def D(t, r, c):
    return f"tensordesc<{t}[{r},{c}]>"


SIG = {"a_desc": D("fp16", 128, 64), "b_desc": D("fp16", 64, 128), "c_ptr": "*fp16", "K": "i32", "scm": "i32"}
OPTS = {"caps": [90], "num_warps": [4], "num_stages": [3]}
PIPE = [
    ("ws_if_epi-fp16-128x128x64", ws_if_epi, dict(SIG, T="i32"), [{"BM": 128, "BN": 128, "BK": 64}], ["c_ptr", "scm"], "holdout", OPTS),
    ("ws_carry-fp16-128x128x64", ws_carry, SIG, [{"BM": 128, "BN": 128, "BK": 64}], ["c_ptr", "scm"], "holdout", OPTS),
    ("ws_offset-fp16-128x128x64", ws_offset, SIG, [{"BM": 128, "BN": 128, "BK": 64}], ["c_ptr", "scm"], "holdout", OPTS),
    ("ws_pers_if-fp16-128x128x64", ws_pers_if, {"a_desc": D("fp16", 128, 64), "b_desc": D("fp16", 64, 128), "c_ptr": "*fp16", "M": "i32", "N": "i32",
                                                "K": "i32", "scm": "i32", "T": "i32"},
     [{"BM": 128, "BN": 128, "BK": 64, "NUM_SMS": 132}], ["c_ptr", "scm"], "holdout", OPTS),
    ("ws_bk128-fp16-128x128x64", ws_bk128, SIG, [{"BM": 128, "BN": 128, "BK": 64}], ["c_ptr", "scm"], "holdout", OPTS),
]
# Not in PIPE (Triton's compile fails, see docs/nvgpu-warp-specialization.md): ws_tf32 (the pass is exact, Triton's
# later WGMMA lowering asserts); elsewhere, two warp-specialized loops in a row (data partition aborts), a TMA load
# in the epilogue (fails to verify), a reduce along the partitioned rows (data partition asserts).
