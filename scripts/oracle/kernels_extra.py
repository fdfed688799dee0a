# A second, wider corpus of Triton kernels (features the public corpus lacks: attention, several dot dtypes,
# custom/multi-operand reductions, argmax, atomics, histogram, scans, 3-D tensors, while loops, block pointers,
# casts, math functions, random numbers). Run on the GPU machine with the shared oracle beside it:
#   OUT=$OUT python3 scripts/oracle/kernels_extra.py ../shared/oracle
# It reuses the shared oracle's compile/stage machinery (kernels.py) and writes $OUT/corpus_extra.jsonl.gz, which
# `python3 ../shared/oracle/export_corpus.py` turns into one folder per case.
import os, sys, json, gzip
sys.path.insert(0, sys.argv[1] if len(sys.argv) > 1 else "../shared/oracle")
import kernels as K
import triton
import triton.language as tl


@triton.jit
def attn_fwd(Q, Kp, V, O, sqm, skn, svn, som, N_CTX, scale, BM: tl.constexpr, BN: tl.constexpr, D: tl.constexpr):
    start_m = tl.program_id(0)
    rm = start_m * BM + tl.arange(0, BM)
    rn = tl.arange(0, BN)
    rd = tl.arange(0, D)
    q = tl.load(Q + rm[:, None] * sqm + rd[None, :])
    m_i = tl.zeros([BM], dtype=tl.float32) - float("inf")
    l_i = tl.zeros([BM], dtype=tl.float32)
    acc = tl.zeros([BM, D], dtype=tl.float32)
    for start_n in range(0, N_CTX, BN):
        k = tl.load(Kp + (start_n + rn)[None, :] * skn + rd[:, None])
        qk = tl.dot(q, k) * scale
        m_new = tl.maximum(m_i, tl.max(qk, 1))
        p = tl.math.exp2(qk - m_new[:, None])
        alpha = tl.math.exp2(m_i - m_new)
        l_i = l_i * alpha + tl.sum(p, 1)
        acc = acc * alpha[:, None]
        v = tl.load(V + (start_n + rn)[:, None] * svn + rd[None, :])
        acc = tl.dot(p.to(tl.float16), v, acc)
        m_i = m_new
    acc = acc / l_i[:, None]
    tl.store(O + rm[:, None] * som + rd[None, :], acc.to(tl.float16))


@triton.jit
def matmul_epilogue(a, b, bias, c, M, N, K, sam, sbk, scm,
                    BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr, GROUP: tl.constexpr):
    pid = tl.program_id(0)
    npm = tl.cdiv(M, BM)
    npn = tl.cdiv(N, BN)
    group = GROUP * npn
    gid = pid // group
    first = gid * GROUP
    gsz = min(npm - first, GROUP)
    pid_m = first + (pid % group) % gsz
    pid_n = (pid % group) // gsz
    rm = (pid_m * BM + tl.arange(0, BM)) % M
    rn = (pid_n * BN + tl.arange(0, BN)) % N
    rm = tl.max_contiguous(tl.multiple_of(rm, BM), BM)
    rn = tl.max_contiguous(tl.multiple_of(rn, BN), BN)
    rk = tl.arange(0, BK)
    pa = a + rm[:, None] * sam + rk[None, :]
    pb = b + rk[:, None] * sbk + rn[None, :]
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BK)):
        x = tl.load(pa, mask=rk[None, :] < K - k * BK, other=0.)
        y = tl.load(pb, mask=rk[:, None] < K - k * BK, other=0.)
        acc += tl.dot(x, y)
        pa += BK
        pb += BK * sbk
    acc = acc + tl.load(bias + rn)[None, :].to(tl.float32)
    acc = tl.where(acc > 0, acc, 0.)
    rcm = pid_m * BM + tl.arange(0, BM)
    rcn = pid_n * BN + tl.arange(0, BN)
    tl.store(c + rcm[:, None] * scm + rcn[None, :], acc.to(c.dtype.element_ty), mask=(rcm[:, None] < M) & (rcn[None, :] < N))


@triton.jit
def matmul_colmajor_a(a, b, c, sak, sbk, scm, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    rm = tl.arange(0, BM)
    rn = tl.arange(0, BN)
    rk = tl.arange(0, BK)
    x = tl.load(a + rm[:, None] + rk[None, :] * sak)
    y = tl.load(b + rk[:, None] * sbk + rn[None, :])
    tl.store(c + rm[:, None] * scm + rn[None, :], tl.dot(x, y).to(c.dtype.element_ty))


@triton.jit
def batched_dot(a, b, c, BB: tl.constexpr, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    rb = tl.arange(0, BB)
    rm = tl.arange(0, BM)
    rn = tl.arange(0, BN)
    rk = tl.arange(0, BK)
    x = tl.load(a + rb[:, None, None] * BM * BK + rm[None, :, None] * BK + rk[None, None, :])
    y = tl.load(b + rb[:, None, None] * BK * BN + rk[None, :, None] * BN + rn[None, None, :])
    z = tl.dot(x, y)
    tl.store(c + rb[:, None, None] * BM * BN + rm[None, :, None] * BN + rn[None, None, :], z)


@triton.jit
def softmax2d(x, y, stride, n_rows, n_cols, BM: tl.constexpr, BN: tl.constexpr):
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.arange(0, BN)
    m = (rm[:, None] < n_rows) & (rn[None, :] < n_cols)
    t = tl.load(x + rm[:, None] * stride + rn[None, :], mask=m, other=-float("inf")).to(tl.float32)
    t = t - tl.max(t, axis=1, keep_dims=True)
    e = tl.exp(t)
    s = tl.sum(e, axis=1)
    tl.store(y + rm[:, None] * stride + rn[None, :], (e / s[:, None]).to(y.dtype.element_ty), mask=m)


@triton.jit
def colsum(x, y, M, stride, BM: tl.constexpr, BN: tl.constexpr):
    rn = tl.program_id(0) * BN + tl.arange(0, BN)
    acc = tl.zeros([BN], dtype=tl.float32)
    for m0 in range(0, M, BM):
        rm = m0 + tl.arange(0, BM)
        t = tl.load(x + rm[:, None] * stride + rn[None, :], mask=rm[:, None] < M, other=0.)
        acc += tl.sum(t, axis=0)
    tl.store(y + rn, acc)


@triton.jit
def argmax_rows(x, idx, val, stride, BM: tl.constexpr, BN: tl.constexpr):
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.arange(0, BN)
    t = tl.load(x + rm[:, None] * stride + rn[None, :])
    v, i = tl.max(t, axis=1, return_indices=True)
    tl.store(idx + rm, i)
    tl.store(val + rm, v)
    tl.store(idx + BM * 1024 + rm, tl.argmin(t, axis=1))


@triton.jit
def welford_combine(m1, m2_1, w1, m2, m2_2, w2):
    w = w1 + w2
    frac = tl.where(w == 0, 0., w2 / w)
    d = m2 - m1
    return m1 + d * frac, m2_1 + m2_2 + d * d * w1 * frac, w


@triton.jit
def welford_rows(x, mean, var, stride, BM: tl.constexpr, BN: tl.constexpr):
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.arange(0, BN)
    t = tl.load(x + rm[:, None] * stride + rn[None, :])
    mu, m2, w = tl.reduce((t, tl.zeros_like(t), tl.full(t.shape, 1., tl.float32)), 1, welford_combine)
    tl.store(mean + rm, mu)
    tl.store(var + rm, m2 / w)


@triton.jit
def atomics(x, out, cnt, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    v = tl.load(x + offs, mask=m, other=0.)
    tl.atomic_add(out + (offs % 16), v, mask=m)
    tl.atomic_max(out + 16 + (offs % 8), v, mask=m)
    old = tl.atomic_add(cnt, 1)
    tl.atomic_cas(cnt + 1, 0, old)
    tl.atomic_xchg(cnt + 2 + (offs % 4), offs, mask=m)


@triton.jit
def histogram_k(x, out, BLOCK: tl.constexpr, BINS: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    v = tl.load(x + offs)
    h = tl.histogram(v, BINS)
    tl.atomic_add(out + tl.arange(0, BINS), h)


@triton.jit
def mul_combine(a, b):
    return a * b


@triton.jit
def scans(x, y, z, BM: tl.constexpr, BN: tl.constexpr):
    rm = tl.arange(0, BM)
    rn = tl.arange(0, BN)
    t = tl.load(x + rm[:, None] * BN + rn[None, :])
    tl.store(y + rm[:, None] * BN + rn[None, :], tl.associative_scan(t, 1, mul_combine))
    tl.store(z + rm[:, None] * BN + rn[None, :], tl.cumsum(t, axis=0, reverse=True))


@triton.jit
def math_ops(x, y, o, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    a = tl.load(x + offs, mask=m, other=1.)
    b = tl.load(y + offs, mask=m, other=1.)
    r = tl.sin(a) + tl.cos(b) + tl.log(tl.abs(a) + 1.) + tl.sqrt(tl.abs(b)) + tl.rsqrt(tl.abs(a) + 1.)
    r += tl.math.erf(a) + tl.floor(b) + tl.ceil(a) + tl.fma(a, b, r) + tl.exp(-a * a)
    r = tl.clamp(r, -10., 10.) + tl.maximum(a, b) - tl.minimum(a, b) + tl.sigmoid(a)
    r += tl.math.div_rn(a, b + 3.) + tl.math.log2(tl.abs(b) + 2.) + a % 3.
    tl.store(o + offs, r, mask=m)


@triton.jit
def int_ops(x, y, o, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    a = tl.load(x + offs, mask=m, other=1)
    b = tl.load(y + offs, mask=m, other=1)
    b = tl.where(b == 0, 1, b)
    r = a // b + a % b + (a >> 3) + (a << 2) + (a ^ b) + (a | b) - (a & b)
    r += tl.umulhi(a.to(tl.uint32), b.to(tl.uint32)).to(tl.int32)
    w = a.to(tl.int64) * b.to(tl.int64) + offs.to(tl.int64)
    r += (w >> 32).to(tl.int32) + tl.abs(a) + tl.maximum(a, b)
    tl.store(o + offs, r, mask=m)


@triton.jit
def casts(x, o16, obf, o8a, o8b, oi, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    a = tl.load(x + offs, mask=m, other=0.)
    tl.store(o16 + offs, a.to(tl.float16), mask=m)
    tl.store(obf + offs, a.to(tl.bfloat16), mask=m)
    tl.store(o8a + offs, a.to(tl.float8e4nv).to(tl.float32), mask=m)
    tl.store(o8b + offs, a.to(tl.float8e5).to(tl.float16), mask=m)
    tl.store(oi + offs, a.to(tl.int8).to(tl.int32) + a.to(tl.uint8).to(tl.int32), mask=m)


@triton.jit
def reduce3d(x, y, BA: tl.constexpr, BB: tl.constexpr, BC: tl.constexpr):
    ra = tl.arange(0, BA)
    rb = tl.arange(0, BB)
    rc = tl.arange(0, BC)
    t = tl.load(x + ra[:, None, None] * BB * BC + rb[None, :, None] * BC + rc[None, None, :])
    s = tl.sum(t, axis=1)
    p = tl.permute(t, (2, 0, 1))
    q = tl.max(p, axis=2)
    tl.store(y + ra[:, None] * BC + rc[None, :], s + tl.trans(q))


@triton.jit
def interleave_flip(x, y, o, BLOCK: tl.constexpr):
    r = tl.arange(0, BLOCK)
    a = tl.load(x + r)
    b = tl.load(y + r)
    c = tl.interleave(a, b)
    tl.store(o + tl.arange(0, 2 * BLOCK), c)
    t = tl.reshape(a, (BLOCK // 32, 32))
    tl.store(o + 2 * BLOCK + r, tl.reshape(tl.flip(t, 1), (BLOCK,)))


@triton.jit
def xent(logits, labels, loss, stride, N, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    base = logits + row * stride
    mx = -float("inf")
    for off in range(0, N, BLOCK):
        cols = off + tl.arange(0, BLOCK)
        v = tl.load(base + cols, mask=cols < N, other=-float("inf"))
        mx = tl.maximum(mx, tl.max(v, 0))
    s = 0.
    for off in range(0, N, BLOCK):
        cols = off + tl.arange(0, BLOCK)
        v = tl.load(base + cols, mask=cols < N, other=-float("inf"))
        s += tl.sum(tl.exp(v - mx), 0)
    lab = tl.load(labels + row)
    tl.store(loss + row, tl.log(s) + mx - tl.load(base + lab))


@triton.jit
def dropout(x, o, n, p, seed, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    v = tl.load(x + offs, mask=m)
    r = tl.rand(seed, offs)
    tl.store(o + offs, tl.where(r > p, v / (1 - p), 0.), mask=m)


@triton.jit
def while_loop(x, o, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    acc = tl.zeros([BLOCK], dtype=tl.float32)
    i = 0
    while i < n:
        acc += tl.load(x + i * BLOCK + offs)
        i += 1 + (tl.load(x + i * BLOCK) > 100.).to(tl.int32)
    if n > 4:
        acc = acc * 2.
    else:
        acc = acc - 1.
    tl.store(o + offs, acc)


@triton.jit
def block_ptr_copy(x, y, M, N, sm, BM: tl.constexpr, BN: tl.constexpr):
    pid = tl.program_id(0)
    src = tl.make_block_ptr(x, (M, N), (sm, 1), (pid * BM, 0), (BM, BN), (1, 0))
    dst = tl.make_block_ptr(y, (M, N), (sm, 1), (pid * BM, 0), (BM, BN), (1, 0))
    for _ in range(0, N, BN):
        t = tl.load(src, boundary_check=(0, 1), padding_option="zero")
        tl.store(dst, t * 2., boundary_check=(0, 1))
        src = tl.advance(src, (0, BN))
        dst = tl.advance(dst, (0, BN))


@triton.jit
def load_hints(x, y, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    a = tl.load(x + offs, mask=m, cache_modifier=".cg", eviction_policy="evict_last")
    b = tl.load(x + n + offs.to(tl.int64), mask=m, volatile=True)
    tl.store(y + offs, a + b, mask=m, cache_modifier=".cs")


@triton.jit
def dot_chain_f32(a, b, d, c, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    rm = tl.arange(0, BM)
    rn = tl.arange(0, BN)
    rk = tl.arange(0, BK)
    x = tl.load(a + rm[:, None] * BK + rk[None, :])
    y = tl.load(b + rk[:, None] * BN + rn[None, :])
    t = tl.dot(x, y, input_precision="tf32")
    w = tl.load(d + rn[:, None] * BN + rn[None, :])
    u = tl.dot(t, w, input_precision="ieee")
    tl.store(c + rm[:, None] * BN + rn[None, :], u)


P = K.P
F = {"BM": 64}
EXTRA = [
    ("attn_fwd", attn_fwd, {"Q": P("fp16"), "Kp": P("fp16"), "V": P("fp16"), "O": P("fp16"), "sqm": "i32", "skn": "i32",
                            "svn": "i32", "som": "i32", "N_CTX": "i32", "scale": "fp32"},
     [{"BM": 64, "BN": 64, "D": 64}, {"BM": 128, "BN": 32, "D": 64}], ["Q", "Kp", "V", "O", "sqm", "skn", "svn", "som", "N_CTX"]),
    ("matmul_epilogue_bf16", matmul_epilogue, {"a": P("bf16"), "b": P("bf16"), "bias": P("bf16"), "c": P("bf16"), "M": "i32",
                                                "N": "i32", "K": "i32", "sam": "i32", "sbk": "i32", "scm": "i32"},
     [{"BM": 128, "BN": 64, "BK": 64, "GROUP": 8}], ["a", "b", "bias", "c", "M", "N", "K", "sam", "sbk", "scm"]),
    ("matmul_epilogue_f32", matmul_epilogue, {"a": P("fp32"), "b": P("fp32"), "bias": P("fp32"), "c": P("fp32"), "M": "i32",
                                               "N": "i32", "K": "i32", "sam": "i32", "sbk": "i32", "scm": "i32"},
     [{"BM": 64, "BN": 64, "BK": 32, "GROUP": 4}], ["a", "b", "bias", "c", "M", "N", "K", "sam", "sbk", "scm"]),
    ("matmul_fp8", matmul_colmajor_a, {"a": P("fp8e4nv"), "b": P("fp8e4nv"), "c": P("fp16"), "sak": "i32", "sbk": "i32", "scm": "i32"},
     [{"BM": 64, "BN": 64, "BK": 64}], ["a", "b", "c", "sak", "sbk", "scm"]),
    ("matmul_colmajor_f16", matmul_colmajor_a, {"a": P("fp16"), "b": P("fp16"), "c": P("fp32"), "sak": "i32", "sbk": "i32", "scm": "i32"},
     [{"BM": 64, "BN": 128, "BK": 32}], ["a", "b", "c", "sak", "sbk", "scm"]),
    ("batched_dot", batched_dot, {"a": P("fp16"), "b": P("fp16"), "c": P("fp32")},
     [{"BB": 2, "BM": 32, "BN": 32, "BK": 32}], ["a", "b", "c"]),
    ("dot_chain_f32", dot_chain_f32, {"a": P("fp32"), "b": P("fp32"), "d": P("fp32"), "c": P("fp32")},
     [{"BM": 32, "BN": 32, "BK": 16}], ["a", "b", "d", "c"]),
    ("softmax2d", softmax2d, {"x": P("fp16"), "y": P("fp16"), "stride": "i32", "n_rows": "i32", "n_cols": "i32"},
     [{"BM": 4, "BN": 256}, {"BM": 32, "BN": 32}], ["x", "y", "stride"]),
    ("colsum", colsum, {"x": P("fp32"), "y": P("fp32"), "M": "i32", "stride": "i32"},
     [{"BM": 32, "BN": 128}], ["x", "y", "stride"]),
    ("argmax_rows", argmax_rows, {"x": P("fp32"), "idx": P("i32"), "val": P("fp32"), "stride": "i32"},
     [{"BM": 16, "BN": 64}], ["x", "idx", "val", "stride"]),
    ("welford_rows", welford_rows, {"x": P("fp32"), "mean": P("fp32"), "var": P("fp32"), "stride": "i32"},
     [{"BM": 8, "BN": 128}], ["x", "mean", "var", "stride"]),
    ("atomics", atomics, {"x": P("fp32"), "out": P("fp32"), "cnt": P("i32"), "n": "i32"},
     [{"BLOCK": 256}], ["x", "out", "cnt"]),
    ("histogram", histogram_k, {"x": P("i32"), "out": P("i32")},
     [{"BLOCK": 1024, "BINS": 64}], ["x", "out"]),
    ("scans", scans, {"x": P("fp32"), "y": P("fp32"), "z": P("fp32")},
     [{"BM": 32, "BN": 64}], ["x", "y", "z"]),
    ("math_ops", math_ops, {"x": P("fp32"), "y": P("fp32"), "o": P("fp32"), "n": "i32"},
     [{"BLOCK": 512}], ["x", "y", "o"]),
    ("int_ops", int_ops, {"x": P("i32"), "y": P("i32"), "o": P("i32"), "n": "i32"},
     [{"BLOCK": 512}], ["x", "y", "o"]),
    ("casts", casts, {"x": P("fp32"), "o16": P("fp16"), "obf": P("bf16"), "o8a": P("fp32"), "o8b": P("fp16"), "oi": P("i32"), "n": "i32"},
     [{"BLOCK": 1024}], ["x", "o16", "obf", "o8a", "o8b", "oi"]),
    ("reduce3d", reduce3d, {"x": P("fp32"), "y": P("fp32")},
     [{"BA": 8, "BB": 16, "BC": 32}], ["x", "y"]),
    ("interleave_flip", interleave_flip, {"x": P("fp32"), "y": P("fp32"), "o": P("fp32")},
     [{"BLOCK": 256}], ["x", "y", "o"]),
    ("xent", xent, {"logits": P("fp32"), "labels": P("i64"), "loss": P("fp32"), "stride": "i32", "N": "i32"},
     [{"BLOCK": 1024}], ["logits", "labels", "loss", "stride"]),
    ("dropout", dropout, {"x": P("fp32"), "o": P("fp32"), "n": "i32", "p": "fp32", "seed": "i32"},
     [{"BLOCK": 1024}], ["x", "o"]),
    ("while_loop", while_loop, {"x": P("fp32"), "o": P("fp32"), "n": "i32"},
     [{"BLOCK": 128}], ["x", "o"]),
    ("block_ptr_copy", block_ptr_copy, {"x": P("fp32"), "y": P("fp32"), "M": "i32", "N": "i32", "sm": "i32"},
     [{"BM": 32, "BN": 64}], ["x", "y", "sm"]),
    ("load_hints", load_hints, {"x": P("fp16"), "y": P("fp16"), "n": "i32"},
     [{"BLOCK": 1024}], ["x", "y", "n"]),
]


def main():
    out = os.environ.get("OUT", "/tmp/out")
    os.makedirs(out, exist_ok=True)
    only = os.environ.get("ONLY")
    n = 0
    with gzip.open(os.path.join(out, "corpus_extra.jsonl.gz"), "wt") as f:
        for name, fn, sig, variants, div in EXTRA:
            if only and name not in only.split(","):
                continue
            for consts in variants:
                for cap in (80, 90):
                    for nw in (4, 8):
                        def job():
                            rec = K.compile_one(fn, sig, consts, div, cap, nw)
                            rec.update(K.run_stages(rec["ttir"], cap, nw))
                            return rec
                        rec = K.forked(job)
                        rec.update({"kernel": name, "constexprs": consts, "capability": cap, "num_warps": nw})
                        f.write(json.dumps(rec) + "\n")
                        n += 1
                        print(name, consts, cap, nw, "error: " + rec["error"][-300:] if "error" in rec else "ok", flush=True)
    print("records", n)


if __name__ == "__main__":
    main()
