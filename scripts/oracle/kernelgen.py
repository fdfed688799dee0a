# A small random Triton kernel generator for the kernels kind of the difftest oracle. A kernel is one of:
# elementwise (a random chain of unary/binary ops over masked loads), reduce (sum/max/min/argmax over an axis of a
# 2D block), scan (cumsum/cumprod), dot (a K loop with tl.range(num_stages=...), optionally masked, optional
# epilogue), dot variants (B transposed, int8, fp32 precisions, chained dots, block pointers), view ops (join/split,
# interleave, reshape, permute, gather), atomics and histograms, loop nests (nested for, while, if in a loop); with
# random block shapes, dtypes, num_warps and num_stages.
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


def dot_variants(rng):
    """A K loop whose operands take other paths: B transposed in registers, int8 x int8 -> int32, tf32/ieee fp32,
    a second dot chained on the first (attention-like), a block pointer loop."""
    v = rng.choice(["trans_b", "int8", "fp32_prec", "chain", "block_ptr"])
    bm, bn, bk = 2 ** rng.randint(4, 7), 2 ** rng.randint(4, 7), 2 ** rng.randint(4, 6)
    stages = rng.choice([1, 2, 3, 4])
    loop = f"tl.range(0, K, BK, num_stages={stages})" if rng.random() < 0.7 else "range(0, K, BK)"
    head = ["@triton.jit", "def k(a_ptr, b_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):",
            "    pid_m = tl.program_id(0)", "    pid_n = tl.program_id(1)",
            "    rm = pid_m * BM + tl.arange(0, BM)", "    rn = pid_n * BN + tl.arange(0, BN)", "    rk = tl.arange(0, BK)"]
    store = "    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc.to(c_ptr.dtype.element_ty))"
    dt = "fp16"
    if v == "block_ptr":
        lines = head + ["    a_bp = tl.make_block_ptr(a_ptr, (M, K), (K, 1), (pid_m * BM, 0), (BM, BK), (1, 0))",
                        "    b_bp = tl.make_block_ptr(b_ptr, (K, N), (N, 1), (0, pid_n * BN), (BK, BN), (1, 0))",
                        "    acc = tl.zeros((BM, BN), dtype=tl.float32)", f"    for k0 in {loop}:",
                        "        a = tl.load(a_bp, boundary_check=(0, 1))", "        b = tl.load(b_bp, boundary_check=(0, 1))",
                        "        acc += tl.dot(a, b)", "        a_bp = tl.advance(a_bp, (0, BK))", "        b_bp = tl.advance(b_bp, (BK, 0))", store]
    elif v == "chain":
        lines = head + ["    acc = tl.zeros((BM, BN), dtype=tl.float32)", f"    for k0 in {loop}:",
                        "        a = tl.load(a_ptr + rm[:, None] * K + (k0 + rk)[None, :])",
                        "        b = tl.load(b_ptr + (k0 + rk)[:, None] * N + rn[None, :])",
                        "        s = tl.dot(a, b)", "        p = tl.exp(s - tl.max(s, axis=1)[:, None]).to(tl.float16)",
                        "        v = tl.load(b_ptr + rn[:, None] * N + rn[None, :])", "        acc = tl.dot(p, v, acc)", store]
    else:
        a_load = "tl.load(a_ptr + rm[:, None] * K + (k0 + rk)[None, :])"
        b_load = "tl.load(b_ptr + (k0 + rk)[:, None] * N + rn[None, :])"
        acc0, dot_expr = "tl.zeros((BM, BN), dtype=tl.float32)", "tl.dot(a, b)"
        if v == "trans_b":
            b_load = "tl.trans(tl.load(b_ptr + rn[:, None] * K + (k0 + rk)[None, :]))"
        elif v == "int8":
            dt, acc0 = "i8", "tl.zeros((BM, BN), dtype=tl.int32)"
            bk = max(bk, 32)
        else:
            dt = "fp32"
            dot_expr = f"tl.dot(a, b, input_precision=\"{rng.choice(['tf32', 'ieee', 'tf32x3'])}\")"
        lines = head + [f"    acc = {acc0}", f"    for k0 in {loop}:", f"        a = {a_load}", f"        b = {b_load}",
                        f"        acc += {dot_expr}", store]
    sig = {"a_ptr": f"*{dt}", "b_ptr": f"*{dt}", "c_ptr": "*i32" if dt == "i8" else f"*{dt}", "M": "i32", "N": "i32", "K": "i32"}
    return lines, sig, {"BM": bm, "BN": bn, "BK": bk}


def shapes(rng):
    """View ops on a 2D block: join/split, interleave, reshape, permute/trans, expand+broadcast, cat-free gathers."""
    bm, bn = 2 ** rng.randint(1, 6), 2 ** rng.randint(1, 7)
    body = rng.choice([
        ["    a, b = tl.split(tl.reshape(x, (BM, BN // 2, 2)))", "    y = tl.join(b, a).reshape(BM, BN)"],
        ["    y = tl.interleave(x, x * 2.0)", "    y = tl.reshape(y, (BM, BN, 2)).sum(axis=2)"],
        ["    y = tl.trans(tl.trans(x) * 2.0)"],
        ["    y = tl.permute(tl.reshape(x, (BM, 2, BN // 2)), (1, 0, 2)).reshape(BM, BN)"],
        ["    y = x + tl.sum(x, axis=0)[None, :] * tl.max(x, axis=1)[:, None]"],
        ["    idx = (tl.arange(0, BN)[None, :] + tl.arange(0, BM)[:, None]) % BN", "    y = tl.gather(x, idx, axis=1)"],
        ["    y = tl.where(x > 0, x, tl.zeros_like(x)).to(tl.float16).to(tl.float32)"],
    ])
    if bn < 4:
        bn = 4
    lines = ["@triton.jit", "def k(x_ptr, out_ptr, BM: tl.constexpr, BN: tl.constexpr):",
             "    rm = tl.arange(0, BM)", "    rn = tl.arange(0, BN)", "    offs = rm[:, None] * BN + rn[None, :]",
             "    x = tl.load(x_ptr + offs)"] + body
    if any("interleave" in b for b in body):
        lines.append("    tl.store(out_ptr + offs, y)")
    else:
        lines.append("    tl.store(out_ptr + offs, y)")
    return lines, {"x_ptr": "*fp32", "out_ptr": "*fp32"}, {"BM": bm, "BN": bn}


def atomics_hist(rng):
    """Atomics (add/max/cas, masked, on tensors or scalars) and histograms: scratch memory for their results."""
    block = 2 ** rng.randint(4, 10)
    body = rng.choice([
        ["    old = tl.atomic_add(out_ptr + offs % 7, x, mask=mask)", "    tl.store(y_ptr + offs, old, mask=mask)"],
        ["    tl.atomic_max(out_ptr + offs % 3, x, mask=mask)"],
        ["    tl.atomic_add(out_ptr, tl.sum(tl.where(mask, x, 0.0), axis=0))"],
        ["    old = tl.atomic_cas(cnt_ptr + pid, 0, 1)", "    tl.store(y_ptr + pid, old.to(tl.float32))"],
        ["    h = tl.histogram((x * 4).to(tl.int32) & 15, 16)", "    tl.atomic_add(cnt_ptr + tl.arange(0, 16), h)"],
    ])
    lines = ["@triton.jit", "def k(x_ptr, out_ptr, y_ptr, cnt_ptr, n, BLOCK: tl.constexpr):",
             "    pid = tl.program_id(0)", "    offs = pid * BLOCK + tl.arange(0, BLOCK)", "    mask = offs < n",
             "    x = tl.load(x_ptr + offs, mask=mask, other=0.0)"] + body
    return lines, {"x_ptr": "*fp32", "out_ptr": "*fp32", "y_ptr": "*fp32", "cnt_ptr": "*i32", "n": "i32"}, {"BLOCK": block}


def loops(rng):
    """Loop nests: a nested for (fuse-nested-loops), a while loop, a loop-carried reduction, an scf.if in a loop."""
    bm, bn = 2 ** rng.randint(0, 5), 2 ** rng.randint(4, 8)
    body = rng.choice([
        ["    for i in range(0, n_outer):", "        for j in tl.range(0, n_inner, num_stages=%d):" % rng.choice([1, 2, 3]),
         "            x = tl.load(x_ptr + offs + (i * n_inner + j) * BM * BN)", "            acc += x"],
        ["    i = 0", "    while i < n_outer:", "        acc += tl.load(x_ptr + offs + i * BM * BN)", "        i += 1"],
        ["    for i in range(0, n_outer):", "        x = tl.load(x_ptr + offs + i * BM * BN)",
         "        if i % 2 == 0:", "            acc += x", "        else:", "            acc = tl.maximum(acc, x)"],
        ["    for i in tl.range(0, n_outer, num_stages=%d):" % rng.choice([2, 3]), "        x = tl.load(x_ptr + offs + i * BM * BN)",
         "        acc += tl.sum(x, axis=1)[:, None] * x"],
    ])
    lines = ["@triton.jit", "def k(x_ptr, out_ptr, n_outer, n_inner, BM: tl.constexpr, BN: tl.constexpr):",
             "    rm = tl.arange(0, BM)", "    rn = tl.arange(0, BN)", "    offs = rm[:, None] * BN + rn[None, :]",
             "    acc = tl.zeros((BM, BN), dtype=tl.float32)"] + body + ["    tl.store(out_ptr + offs, acc)"]
    return lines, {"x_ptr": "*fp32", "out_ptr": "*fp32", "n_outer": "i32", "n_inner": "i32"}, {"BM": bm, "BN": bn}


def generate(rng):
    kind = rng.choice(["elementwise", "reduce", "scan", "dot", "dot", "dot_variants", "dot_variants", "shapes", "atomics_hist", "loops"])
    lines, sig, consts = {"elementwise": elementwise, "reduce": reduce, "scan": scan, "dot": dot, "dot_variants": dot_variants,
                          "shapes": shapes, "atomics_hist": atomics_hist, "loops": loops}[kind](rng)
    src = "import triton\nimport triton.language as tl\n\n" + "\n".join(lines) + "\n"
    opts = {"num_warps": rng.choice([1, 2, 4, 4, 8]), "num_stages": rng.choice([1, 2, 3, 3, 4])}
    return src, "k", sig, consts, opts
