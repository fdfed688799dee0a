import triton
import triton.language as tl

@triton.jit
def mm(a_ptr, b_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    pid_m = tl.program_id(0); pid_n = tl.program_id(1)
    rm = pid_m * BM + tl.arange(0, BM); rn = pid_n * BN + tl.arange(0, BN); rk = tl.arange(0, BK)
    a = a_ptr + rm[:, None] * K + rk[None, :]
    b = b_ptr + rk[:, None] * N + rn[None, :]
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, K, BK):
        acc += tl.dot(tl.load(a), tl.load(b))
        a += BK; b += BK * N
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc.to(tl.float16))

@triton.jit
def mm_desc_persistent(a_ptr, b_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    a_desc = tl.make_tensor_descriptor(a_ptr, shape=[M, K], strides=[K, 1], block_shape=[BM, BK])
    b_desc = tl.make_tensor_descriptor(b_ptr, shape=[N, K], strides=[K, 1], block_shape=[BN, BK])
    c_desc = tl.make_tensor_descriptor(c_ptr, shape=[M, N], strides=[N, 1], block_shape=[BM, BN])
    start = tl.program_id(0)
    tiles_n = tl.cdiv(N, BN)
    num_tiles = tl.cdiv(M, BM) * tiles_n
    for tile in tl.range(start, num_tiles, 132, flatten=True):
        om = (tile // tiles_n) * BM; on = (tile % tiles_n) * BN
        acc = tl.zeros((BM, BN), dtype=tl.float32)
        for k in range(0, tl.cdiv(K, BK)):
            a = a_desc.load([om, k * BK]); b = b_desc.load([on, k * BK])
            acc = tl.dot(a, b.T, acc)
        c_desc.store([om, on], acc.to(tl.float16))

@triton.jit
def mm_reset(a_ptr, b_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    pid_m = tl.program_id(0); pid_n = tl.program_id(1)
    rm = pid_m * BM + tl.arange(0, BM); rn = pid_n * BN + tl.arange(0, BN); rk = tl.arange(0, BK)
    a = a_ptr + rm[:, None] * K + rk[None, :]
    b = b_ptr + rk[:, None] * N + rn[None, :]
    out = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, K, BK):
        s = tl.dot(tl.load(a), tl.load(b))
        out = tl.maximum(out, s)
        a += BK; b += BK * N
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], out.to(tl.float16))

@triton.jit
def mm_regop(a_ptr, b_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    pid_m = tl.program_id(0); pid_n = tl.program_id(1)
    rm = pid_m * BM + tl.arange(0, BM); rn = pid_n * BN + tl.arange(0, BN); rk = tl.arange(0, BK)
    a = a_ptr + rm[:, None] * K + rk[None, :]
    b = b_ptr + rk[:, None] * N + rn[None, :]
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, K, BK):
        x = tl.load(a)
        x = x * 2
        acc += tl.dot(x, tl.load(b))
        a += BK; b += BK * N
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc.to(tl.float16))

@triton.jit
def attn(q_ptr, k_ptr, v_ptr, o_ptr, N, BM: tl.constexpr, BN: tl.constexpr, D: tl.constexpr):
    pid = tl.program_id(0)
    rm = pid * BM + tl.arange(0, BM); rn = tl.arange(0, BN); rd = tl.arange(0, D)
    q = tl.load(q_ptr + rm[:, None] * D + rd[None, :])
    m_i = tl.full((BM,), -float("inf"), tl.float32); l_i = tl.zeros((BM,), tl.float32)
    acc = tl.zeros((BM, D), tl.float32)
    for start in range(0, N, BN):
        k = tl.load(k_ptr + (start + rn)[None, :] * D + rd[:, None])
        s = tl.dot(q, k)
        m_new = tl.maximum(m_i, tl.max(s, 1))
        p = tl.exp(s - m_new[:, None])
        alpha = tl.exp(m_i - m_new)
        l_i = l_i * alpha + tl.sum(p, 1)
        acc = acc * alpha[:, None]
        v = tl.load(v_ptr + (start + rn)[:, None] * D + rd[None, :])
        acc = tl.dot(p.to(tl.float16), v, acc)
        m_i = m_new
    tl.store(o_ptr + rm[:, None] * D + rd[None, :], (acc / l_i[:, None]).to(tl.float16))

@triton.jit
def mm_scaled(a_ptr, b_ptr, as_ptr, bs_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    pid_m = tl.program_id(0); pid_n = tl.program_id(1)
    rm = pid_m * BM + tl.arange(0, BM); rn = pid_n * BN + tl.arange(0, BN); rk = tl.arange(0, BK)
    rs = tl.arange(0, BK // 32)
    a = a_ptr + rm[:, None] * K + rk[None, :]
    b = b_ptr + rk[:, None] * N + rn[None, :]
    sa = as_ptr + rm[:, None] * (K // 32) + rs[None, :]
    sb = bs_ptr + rn[:, None] * (K // 32) + rs[None, :]
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, K, BK):
        acc = tl.dot_scaled(tl.load(a), tl.load(sa), "e4m3", tl.load(b), tl.load(sb), "e4m3", acc)
        a += BK; b += BK * N; sa += BK // 32; sb += BK // 32
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc.to(tl.float16))

P = {"a_ptr": "*fp16", "b_ptr": "*fp16", "c_ptr": "*fp16", "M": "i32", "N": "i32", "K": "i32"}
P8 = {"a_ptr": "*fp8e4nv", "b_ptr": "*fp8e4nv", "as_ptr": "*u8", "bs_ptr": "*u8", "c_ptr": "*fp16", "M": "i32", "N": "i32", "K": "i32"}
PA = {"q_ptr": "*fp16", "k_ptr": "*fp16", "v_ptr": "*fp16", "o_ptr": "*fp16", "N": "i32"}
KERNELS = {
    "mm_128x128x64": (mm, P, {"BM": 128, "BN": 128, "BK": 64}),
    "mm_128x256x64": (mm, P, {"BM": 128, "BN": 256, "BK": 64}),
    "mm_64x64x32": (mm, P, {"BM": 64, "BN": 64, "BK": 32}),
    "mmdp_128x128x64": (mm_desc_persistent, P, {"BM": 128, "BN": 128, "BK": 64}),
    "mmdp_128x64x128": (mm_desc_persistent, P, {"BM": 128, "BN": 64, "BK": 128}),
    "mmdp_64x128x64": (mm_desc_persistent, P, {"BM": 64, "BN": 128, "BK": 64}),
    "mm_reset": (mm_reset, P, {"BM": 128, "BN": 128, "BK": 64}),
    "mm_regop": (mm_regop, P, {"BM": 128, "BN": 128, "BK": 64}),
    "attn_128x64x64": (attn, PA, {"BM": 128, "BN": 64, "D": 64}),
    "mm_scaled": (mm_scaled, P8, {"BM": 128, "BN": 128, "BK": 128}),
}

@triton.jit
def mm_nested(a_ptr, b_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    start = tl.program_id(0)
    tiles_n = tl.cdiv(N, BN)
    num_tiles = tl.cdiv(M, BM) * tiles_n
    for tile in range(start, num_tiles, 132):
        rm = (tile // tiles_n) * BM + tl.arange(0, BM); rn = (tile % tiles_n) * BN + tl.arange(0, BN); rk = tl.arange(0, BK)
        a = a_ptr + rm[:, None] * K + rk[None, :]
        b = b_ptr + rk[:, None] * N + rn[None, :]
        acc = tl.zeros((BM, BN), dtype=tl.float32)
        for k in range(0, K, BK):
            acc += tl.dot(tl.load(a), tl.load(b))
            a += BK; b += BK * N
        tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc.to(tl.float16))

@triton.jit
def mm_cond(a_ptr, b_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    pid_m = tl.program_id(0); pid_n = tl.program_id(1)
    rm = pid_m * BM + tl.arange(0, BM); rn = pid_n * BN + tl.arange(0, BN); rk = tl.arange(0, BK)
    a = a_ptr + rm[:, None] * K + rk[None, :]
    b = b_ptr + rk[:, None] * N + rn[None, :]
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, K, BK):
        acc = tl.dot(tl.load(a), tl.load(b), acc)
        if k % 256 == 0:
            tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc.to(tl.float16))
            acc = tl.zeros((BM, BN), dtype=tl.float32)
        a += BK; b += BK * N
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc.to(tl.float16))

@triton.jit
def mm_masked(a_ptr, b_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    pid_m = tl.program_id(0); pid_n = tl.program_id(1)
    rm = pid_m * BM + tl.arange(0, BM); rn = pid_n * BN + tl.arange(0, BN); rk = tl.arange(0, BK)
    a = a_ptr + rm[:, None] * K + rk[None, :]
    b = b_ptr + rk[:, None] * N + rn[None, :]
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BK)):
        x = tl.load(a, mask=rk[None, :] < K - k * BK, other=0.0)
        y = tl.load(b, mask=rk[:, None] < K - k * BK, other=0.0)
        acc = tl.dot(x, y, acc)
        a += BK; b += BK * N
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc.to(tl.float16), mask=(rm[:, None] < M) & (rn[None, :] < N))

KERNELS.update({
    "mm_nested": (mm_nested, P, {"BM": 128, "BN": 128, "BK": 64}),
    "mm_cond": (mm_cond, P, {"BM": 128, "BN": 128, "BK": 64}),
    "mm_masked": (mm_masked, P, {"BM": 128, "BN": 256, "BK": 32}),
    "mm_bf": (mm, {**P, "a_ptr": "*bf16", "b_ptr": "*bf16"}, {"BM": 128, "BN": 64, "BK": 128}),
    "mm_f8": (mm, {**P, "a_ptr": "*fp8e4nv", "b_ptr": "*fp8e4nv"}, {"BM": 128, "BN": 128, "BK": 128}),
})

@triton.jit
def mm_ws(a_ptr, b_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    a_desc = tl.make_tensor_descriptor(a_ptr, shape=[M, K], strides=[K, 1], block_shape=[BM, BK])
    b_desc = tl.make_tensor_descriptor(b_ptr, shape=[N, K], strides=[K, 1], block_shape=[BN, BK])
    pid_m = tl.program_id(0); pid_n = tl.program_id(1)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in tl.range(0, tl.cdiv(K, BK), warp_specialize=True):
        a = a_desc.load([pid_m * BM, k * BK]); b = b_desc.load([pid_n * BN, k * BK])
        acc = tl.dot(a, b.T, acc)
    rm = pid_m * BM + tl.arange(0, BM); rn = pid_n * BN + tl.arange(0, BN)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc.to(tl.float16))

@triton.jit
def mmdp_ws(a_ptr, b_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    a_desc = tl.make_tensor_descriptor(a_ptr, shape=[M, K], strides=[K, 1], block_shape=[BM, BK])
    b_desc = tl.make_tensor_descriptor(b_ptr, shape=[N, K], strides=[K, 1], block_shape=[BN, BK])
    c_desc = tl.make_tensor_descriptor(c_ptr, shape=[M, N], strides=[N, 1], block_shape=[BM, BN])
    start = tl.program_id(0)
    tiles_n = tl.cdiv(N, BN)
    num_tiles = tl.cdiv(M, BM) * tiles_n
    for tile in tl.range(start, num_tiles, 132, flatten=True, warp_specialize=True):
        om = (tile // tiles_n) * BM; on = (tile % tiles_n) * BN
        acc = tl.zeros((BM, BN), dtype=tl.float32)
        for k in range(0, tl.cdiv(K, BK)):
            a = a_desc.load([om, k * BK]); b = b_desc.load([on, k * BK])
            acc = tl.dot(a, b.T, acc)
        c_desc.store([om, on], acc.to(tl.float16))

@triton.jit
def mmp_ws(a_ptr, b_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    a_desc = tl.make_tensor_descriptor(a_ptr, shape=[M, K], strides=[K, 1], block_shape=[BM, BK])
    b_desc = tl.make_tensor_descriptor(b_ptr, shape=[N, K], strides=[K, 1], block_shape=[BN, BK])
    c_desc = tl.make_tensor_descriptor(c_ptr, shape=[M, N], strides=[N, 1], block_shape=[BM, BN])
    start = tl.program_id(0)
    tiles_n = tl.cdiv(N, BN)
    num_tiles = tl.cdiv(M, BM) * tiles_n
    for tile in tl.range(start, num_tiles, 132, warp_specialize=True):
        om = (tile // tiles_n) * BM; on = (tile % tiles_n) * BN
        acc = tl.zeros((BM, BN), dtype=tl.float32)
        for k in range(0, tl.cdiv(K, BK)):
            a = a_desc.load([om, k * BK]); b = b_desc.load([on, k * BK])
            acc = tl.dot(a, b.T, acc)
        c_desc.store([om, on], acc.to(tl.float16))

KERNELS.update({
    "mm_ws": (mm_ws, P, {"BM": 128, "BN": 128, "BK": 64}),
    "mmdp_ws": (mmdp_ws, P, {"BM": 128, "BN": 128, "BK": 64}),
    "mmp_ws": (mmp_ws, P, {"BM": 128, "BN": 256, "BK": 64}),
})
