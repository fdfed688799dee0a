# Kernels for Triton 3.6's Hopper automatic warp specialization (`--nvgpu-warp-specialization`): TMA-descriptor
# matmuls whose K loop is `tl.range(..., warp_specialize=True)`, with a pointer-store epilogue (Triton 3.6 crashes
# on pointer loads inside such a loop and fails to verify a descriptor-store epilogue, so those are lit tests of
# our located errors instead). A PIPE table for ../shared/oracle/pipeline.py (runs on the CPU: sm90 compiles need
# no GPU):
#   /tmp/tv/bin/python ../shared/oracle/pipeline.py OUT scripts/oracle/ws_kernels.py --jobs 1
#   /tmp/tv/bin/python ../shared/oracle/export_pipeline.py OUT/pipeline.jsonl.gz OUT/pipeline
# Varied: tile (BM/BN/BK), element type (f16, bf16, fp8e4nv), num_stages 2-4, accumulation (`tl.dot(a, b, acc)`,
# `acc += tl.dot(a, b)`, transposed B), epilogue elementwise ops, a persistent outer loop; num_warps 8 is a
# bail-out (the pass needs exactly 4).
import triton
import triton.language as tl


@triton.jit
def ws_mm(a_desc, b_desc, c_ptr, K, scm, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in tl.range(0, K, BK, warp_specialize=True):
        a = a_desc.load([pid_m * BM, k])
        b = b_desc.load([k, pid_n * BN])
        acc = tl.dot(a, b, acc)
    rm = pid_m * BM + tl.arange(0, BM)
    rn = pid_n * BN + tl.arange(0, BN)
    tl.store(c_ptr + rm[:, None] * scm + rn[None, :], acc.to(c_ptr.dtype.element_ty))


@triton.jit
def ws_mm_addacc(a_desc, b_desc, c_ptr, K, scm, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in tl.range(0, K, BK, warp_specialize=True):
        a = a_desc.load([pid_m * BM, k])
        b = b_desc.load([k, pid_n * BN])
        acc += tl.dot(a, b)
    rm = pid_m * BM + tl.arange(0, BM)
    rn = pid_n * BN + tl.arange(0, BN)
    tl.store(c_ptr + rm[:, None] * scm + rn[None, :], acc)


@triton.jit
def ws_mm_bt(a_desc, b_desc, c_ptr, K, scm, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    # B is stored N x K (K-major), as fp8 wgmma wants it
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in tl.range(0, K, BK, warp_specialize=True):
        a = a_desc.load([pid_m * BM, k])
        b = b_desc.load([pid_n * BN, k])
        acc = tl.dot(a, b.T, acc)
    rm = pid_m * BM + tl.arange(0, BM)
    rn = pid_n * BN + tl.arange(0, BN)
    tl.store(c_ptr + rm[:, None] * scm + rn[None, :], acc.to(tl.float16))


@triton.jit
def ws_mm_epi(a_desc, b_desc, c_ptr, bias_ptr, K, scm, alpha, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in tl.range(0, K, BK, warp_specialize=True):
        a = a_desc.load([pid_m * BM, k])
        b = b_desc.load([k, pid_n * BN])
        acc = tl.dot(a, b, acc)
    rm = pid_m * BM + tl.arange(0, BM)
    rn = pid_n * BN + tl.arange(0, BN)
    bias = tl.load(bias_ptr + rn)
    acc = acc * alpha + bias[None, :]
    acc = tl.maximum(acc, 0.0)
    tl.store(c_ptr + rm[:, None] * scm + rn[None, :], acc.to(tl.float16))


@triton.jit
def ws_mm_persistent(a_desc, b_desc, c_ptr, M, N, K, scm, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr,
                     NUM_SMS: tl.constexpr):
    start = tl.program_id(0)
    num_n = tl.cdiv(N, BN)
    num_tiles = tl.cdiv(M, BM) * num_n
    for tile in range(start, num_tiles, NUM_SMS):
        pid_m = tile // num_n
        pid_n = tile % num_n
        acc = tl.zeros((BM, BN), dtype=tl.float32)
        for k in tl.range(0, K, BK, warp_specialize=True):
            a = a_desc.load([pid_m * BM, k])
            b = b_desc.load([k, pid_n * BN])
            acc = tl.dot(a, b, acc)
        rm = pid_m * BM + tl.arange(0, BM)
        rn = pid_n * BN + tl.arange(0, BN)
        tl.store(c_ptr + rm[:, None] * scm + rn[None, :], acc.to(tl.float16))


def P(t):
    return "*" + t


def D(t, r, c):
    return f"tensordesc<{t}[{r},{c}]>"


TILES = [(128, 128, 64), (128, 64, 64), (128, 256, 64), (64, 128, 64), (256, 128, 64), (128, 128, 32)]


def entry(name, fn, tiles, dt="fp16", out="fp16", bt=False, extra=None, opts=None, consts=None):
    """One PIPE entry per tile (its own name: pipeline.py looks an entry up by name), since the descriptor types
    depend on the tile."""
    rows = []
    for bm, bn, bk in tiles:
        sig = {"a_desc": D(dt, bm, bk), "b_desc": D(dt, bn, bk) if bt else D(dt, bk, bn), "c_ptr": P(out)}
        sig.update(extra or {"K": "i32", "scm": "i32"})
        c = {"BM": bm, "BN": bn, "BK": bk}
        c.update(consts or {})
        rows.append((f"{name}-{dt}-{bm}x{bn}x{bk}", fn, sig, [c], ["c_ptr", "scm"], "public",
                     dict({"caps": [90], "num_warps": [4]}, **(opts or {}))))
    return rows


PIPE = (
    entry("ws_mm", ws_mm, TILES[:1], opts={"num_stages": [2, 3, 4], "num_warps": [4, 8]})
    + entry("ws_mm", ws_mm, TILES[1:])
    + entry("ws_mm", ws_mm, [(128, 128, 64), (128, 256, 64)], dt="bf16", out="bf16", opts={"num_stages": [3, 4]})
    + entry("ws_mm_addacc", ws_mm_addacc, [(128, 128, 64), (128, 64, 32)], out="fp32", opts={"num_stages": [2, 3]})
    + entry("ws_mm_bt", ws_mm_bt, [(128, 128, 64), (128, 128, 128)], dt="fp8e4nv", bt=True)
    + entry("ws_mm_bt", ws_mm_bt, [(128, 128, 64)], dt="fp16", bt=True, opts={"num_stages": [2, 4]})
    + entry("ws_mm_epi", ws_mm_epi, [(128, 128, 64), (128, 64, 64)],
            extra={"bias_ptr": P("fp32"), "K": "i32", "scm": "i32", "alpha": "fp32"})
    + entry("ws_mm_persistent", ws_mm_persistent, [(128, 128, 64), (128, 256, 64)],
            extra={"M": "i32", "N": "i32", "K": "i32", "scm": "i32"}, consts={"NUM_SMS": 132})
)


# Shapes of loop unlike the matmuls above (set "holdout": `pipeline.py ... --set holdout`).
@triton.jit
def ws_two_dots(a_desc, b_desc, d_desc, c_ptr, e_ptr, K, scm, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    acc2 = tl.zeros((BM, BN), dtype=tl.float32)
    for k in tl.range(0, K, BK, warp_specialize=True):
        a = a_desc.load([pid_m * BM, k])
        b = b_desc.load([k, pid_n * BN])
        d = d_desc.load([k, pid_n * BN])
        acc = tl.dot(a, b, acc)
        acc2 = tl.dot(a, d, acc2)
    rm = pid_m * BM + tl.arange(0, BM)
    rn = pid_n * BN + tl.arange(0, BN)
    tl.store(c_ptr + rm[:, None] * scm + rn[None, :], acc.to(tl.float16))
    tl.store(e_ptr + rm[:, None] * scm + rn[None, :], acc2.to(tl.float16))


@triton.jit
def ws_mm_rowsum(a_desc, b_desc, c_ptr, s_ptr, K, scm, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in tl.range(0, K, BK, warp_specialize=True):
        a = a_desc.load([pid_m * BM, k])
        b = b_desc.load([k, pid_n * BN])
        acc = tl.dot(a, b, acc)
    rm = pid_m * BM + tl.arange(0, BM)
    rn = pid_n * BN + tl.arange(0, BN)
    tl.store(c_ptr + rm[:, None] * scm + rn[None, :], acc.to(tl.float16))
    tl.store(s_ptr + rm, tl.sum(acc, axis=1))


@triton.jit
def ws_mm_stride2(a_desc, b_desc, c_ptr, K, scm, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for i in tl.range(0, K // BK, warp_specialize=True):
        k = i * BK
        a = a_desc.load([pid_m * BM, k])
        b = b_desc.load([k, pid_n * BN])
        acc = tl.dot(a, b, acc)
    rm = pid_m * BM + tl.arange(0, BM)
    rn = pid_n * BN + tl.arange(0, BN)
    tl.store(c_ptr + rm[:, None] * scm + rn[None, :], acc.to(tl.float16))


HOLDOUT_OPTS = {"caps": [90], "num_warps": [4]}
PIPE += [
    ("ws_two_dots-fp16-128x128x64", ws_two_dots,
     {"a_desc": D("fp16", 128, 64), "b_desc": D("fp16", 64, 128), "d_desc": D("fp16", 64, 128), "c_ptr": P("fp16"),
      "e_ptr": P("fp16"), "K": "i32", "scm": "i32"},
     [{"BM": 128, "BN": 128, "BK": 64}], ["c_ptr", "e_ptr", "scm"], "holdout", HOLDOUT_OPTS),
    ("ws_mm_rowsum-fp16-128x128x64", ws_mm_rowsum,
     {"a_desc": D("fp16", 128, 64), "b_desc": D("fp16", 64, 128), "c_ptr": P("fp16"), "s_ptr": P("fp32"), "K": "i32",
      "scm": "i32"},
     [{"BM": 128, "BN": 128, "BK": 64}], ["c_ptr", "s_ptr", "scm"], "holdout", HOLDOUT_OPTS),
    ("ws_mm_stride2-fp16-128x128x64", ws_mm_stride2,
     {"a_desc": D("fp16", 128, 64), "b_desc": D("fp16", 64, 128), "c_ptr": P("fp16"), "K": "i32", "scm": "i32"},
     [{"BM": 128, "BN": 128, "BK": 64}], ["c_ptr", "scm"], "holdout", dict(HOLDOUT_OPTS, num_stages=[2])),
]


@triton.jit
def ws_mm_masked(a_desc, b_desc, c_ptr, M, N, K, scm, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    # masked epilogue (compares on make_range slices) and an elementwise op on the accumulator inside the loop
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in tl.range(0, K, BK, warp_specialize=True):
        a = a_desc.load([pid_m * BM, k])
        b = b_desc.load([k, pid_n * BN])
        acc = tl.dot(a, b, acc) * 0.5
    rm = pid_m * BM + tl.arange(0, BM)
    rn = pid_n * BN + tl.arange(0, BN)
    mask = (rm[:, None] < M) & (rn[None, :] < N)
    tl.store(c_ptr + rm[:, None] * scm + rn[None, :], tl.where(acc > 0, acc, 0.0).to(tl.float16), mask=mask)


PIPE += [
    ("ws_mm_masked-fp16-128x128x64", ws_mm_masked,
     {"a_desc": D("fp16", 128, 64), "b_desc": D("fp16", 64, 128), "c_ptr": P("fp16"), "M": "i32", "N": "i32",
      "K": "i32", "scm": "i32"},
     [{"BM": 128, "BN": 128, "BK": 64}], ["c_ptr", "scm"], "holdout", HOLDOUT_OPTS),
    ("ws_mm-fp8e4nv-128x256x64", ws_mm_bt,
     {"a_desc": D("fp8e4nv", 128, 64), "b_desc": D("fp8e4nv", 256, 64), "c_ptr": P("fp16"), "K": "i32", "scm": "i32"},
     [{"BM": 128, "BN": 256, "BK": 64}], ["c_ptr", "scm"], "holdout", HOLDOUT_OPTS),
    ("ws_mm-bf16-256x128x64", ws_mm,
     {"a_desc": D("bf16", 256, 64), "b_desc": D("bf16", 64, 128), "c_ptr": P("bf16"), "K": "i32", "scm": "i32"},
     [{"BM": 256, "BN": 128, "BK": 64}], ["c_ptr", "scm"], "holdout", dict(HOLDOUT_OPTS, num_stages=[4])),
]
