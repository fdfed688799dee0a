# A small random Triton kernel generator for the kernels kind of the difftest oracle. A kernel is one of:
# elementwise (a random chain of unary/binary ops over masked loads), reduce (sum/max/min/argmax over an axis of a
# 2D block), scan (cumsum/cumprod), dot (a K loop with tl.range(num_stages=...), optionally masked, optional
# epilogue); with random block shapes, dtypes, num_warps and num_stages.
# generate(rng) -> (source, kernel name, signature {arg: type}, constexprs {name: value}, compile options)

UNARY = ["tl.exp({})", "tl.abs({})", "({} * 2.0)", "tl.sqrt(tl.abs({}))", "(-{})", "tl.sigmoid({})"]
BINARY = ["({} + {})", "({} * {})", "tl.maximum({}, {})", "tl.minimum({}, {})", "tl.where({0} > {1}, {0}, {1})", "({} - {})"]


def _chain(rng, names, depth):
    e = rng.choice(names)
    for _ in range(depth):
        if rng.random() < 0.4:
            e = rng.choice(UNARY).format(e)
        else:
            e = rng.choice(BINARY).format(e, rng.choice(names))
    return e


def elementwise(rng):
    dt = rng.choice(["fp32", "fp16", "bf16"])
    nin = rng.randint(1, 3)
    block = 2 ** rng.randint(5, 11)
    ins = [f"x{i}" for i in range(nin)]
    lines = ["@triton.jit", f"def k({', '.join(p + '_ptr' for p in ins)}, out_ptr, n, BLOCK: tl.constexpr):",
             "    pid = tl.program_id(0)", "    offs = pid * BLOCK + tl.arange(0, BLOCK)", "    mask = offs < n"]
    for p in ins:
        other = ", other=0.0" if rng.random() < 0.5 else ""
        lines.append(f"    {p} = tl.load({p}_ptr + offs, mask=mask{other}).to(tl.float32)")
    lines.append(f"    y = {_chain(rng, ins, rng.randint(1, 5))}")
    lines.append("    tl.store(out_ptr + offs, y.to(out_ptr.dtype.element_ty), mask=mask)")
    sig = {f"{p}_ptr": f"*{dt}" for p in ins}
    sig.update({"out_ptr": f"*{dt}", "n": "i32"})
    return lines, sig, {"BLOCK": block}


def reduce(rng):
    dt = rng.choice(["fp32", "fp16"])
    bm, bn = 2 ** rng.randint(0, 6), 2 ** rng.randint(4, 9)
    axis = rng.choice([0, 1])
    op = rng.choice(["tl.sum(x, axis={a})", "tl.max(x, axis={a})", "tl.min(x, axis={a})", "tl.argmax(x, axis={a})",
                     "tl.sum(x * x, axis={a})", "tl.max(tl.exp(x - tl.max(x, axis=1)[:, None]), axis={a})"]).format(a=axis)
    masked = rng.random() < 0.6
    lines = ["@triton.jit", "def k(x_ptr, out_ptr, M, N, BM: tl.constexpr, BN: tl.constexpr):",
             "    pid = tl.program_id(0)", "    rm = pid * BM + tl.arange(0, BM)", "    rn = tl.arange(0, BN)",
             "    ptrs = x_ptr + rm[:, None] * N + rn[None, :]"]
    if masked:
        lines.append("    x = tl.load(ptrs, mask=(rm[:, None] < M) & (rn[None, :] < N), other=0.0).to(tl.float32)")
    else:
        lines.append("    x = tl.load(ptrs).to(tl.float32)")
    lines.append(f"    r = {op}")
    if axis == 1:
        lines.append("    tl.store(out_ptr + rm, r.to(out_ptr.dtype.element_ty), mask=rm < M)")
    else:
        lines.append("    tl.store(out_ptr + pid * BN + rn, r.to(out_ptr.dtype.element_ty))")
    return lines, {"x_ptr": f"*{dt}", "out_ptr": "*fp32", "M": "i32", "N": "i32"}, {"BM": bm, "BN": bn}


def scan(rng):
    bm, bn = 2 ** rng.randint(0, 5), 2 ** rng.randint(3, 8)
    axis = rng.choice([0, 1])
    op = rng.choice(["tl.cumsum(x, axis={a})", "tl.cumprod(x, axis={a})", "tl.cumsum(x, axis={a}, reverse=True)"]).format(a=axis)
    lines = ["@triton.jit", "def k(x_ptr, out_ptr, N, BM: tl.constexpr, BN: tl.constexpr):",
             "    rm = tl.arange(0, BM)", "    rn = tl.arange(0, BN)", "    offs = rm[:, None] * N + rn[None, :]",
             "    x = tl.load(x_ptr + offs, mask=rn[None, :] < N, other=0.0)",
             f"    y = {op}", "    tl.store(out_ptr + offs, y, mask=rn[None, :] < N)"]
    return lines, {"x_ptr": "*fp32", "out_ptr": "*fp32", "N": "i32"}, {"BM": bm, "BN": bn}


def dot(rng):
    dt = rng.choice(["fp16", "fp16", "bf16", "fp32"])
    bm, bn, bk = 2 ** rng.randint(4, 7), 2 ** rng.randint(4, 7), 2 ** rng.randint(4, 6)
    stages = rng.choice([1, 2, 3, 4])
    masked = rng.random() < 0.5
    epi = rng.choice(["acc", "tl.maximum(acc, 0.0)", "acc * 0.5", "tl.sigmoid(acc)"])
    rng_expr = f"tl.range(0, K, BK, num_stages={stages})" if rng.random() < 0.7 else "range(0, K, BK)"
    lines = ["@triton.jit", "def k(a_ptr, b_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):",
             "    pid_m = tl.program_id(0)", "    pid_n = tl.program_id(1)",
             "    rm = pid_m * BM + tl.arange(0, BM)", "    rn = pid_n * BN + tl.arange(0, BN)", "    rk = tl.arange(0, BK)",
             "    acc = tl.zeros((BM, BN), dtype=tl.float32)", f"    for k0 in {rng_expr}:",
             "        a_ptrs = a_ptr + rm[:, None] * K + (k0 + rk)[None, :]",
             "        b_ptrs = b_ptr + (k0 + rk)[:, None] * N + rn[None, :]"]
    if masked:
        lines += ["        a = tl.load(a_ptrs, mask=(k0 + rk)[None, :] < K, other=0.0)",
                  "        b = tl.load(b_ptrs, mask=(k0 + rk)[:, None] < K, other=0.0)"]
    else:
        lines += ["        a = tl.load(a_ptrs)", "        b = tl.load(b_ptrs)"]
    lines += ["        acc += tl.dot(a, b)", f"    acc = {epi}",
              "    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc.to(c_ptr.dtype.element_ty), mask=(rm[:, None] < M) & (rn[None, :] < N))"]
    sig = {"a_ptr": f"*{dt}", "b_ptr": f"*{dt}", "c_ptr": f"*{dt}", "M": "i32", "N": "i32", "K": "i32"}
    return lines, sig, {"BM": bm, "BN": bn, "BK": bk}


def generate(rng):
    kind = rng.choice(["elementwise", "reduce", "scan", "dot", "dot"])
    lines, sig, consts = {"elementwise": elementwise, "reduce": reduce, "scan": scan, "dot": dot}[kind](rng)
    src = "import triton\nimport triton.language as tl\n\n" + "\n".join(lines) + "\n"
    opts = {"num_warps": rng.choice([1, 2, 4, 4, 8]), "num_stages": rng.choice([1, 2, 3, 3, 4])}
    return src, "k", sig, consts, opts
