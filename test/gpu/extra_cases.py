"""Inputs, grids and PyTorch references for the second corpus's kernels (scripts/oracle/kernels_extra.py, its
EXTRA list), for device_check.py's make_case. Each case is sized like a real launch (many programs) where the
kernel has a program id, and as one program where the kernel is a single tile.

A spec is the dict make_case documents, plus (all optional):
  views(outs) -> {name: tensor}  what is compared instead of the raw output buffers (atomics: the parts whose final
                                 value does not depend on the order the programs ran in);
  exact / tol / ref_tol          a bool / an (atol, rtol) pair, or a dict of them by output (view) name;
  ref_check(args, views) -> (ok, max error, why)   instead of `ref`, where no PyTorch reference is practical
                                 (dropout: Philox numbers; the check is on the structure of Triton's output);
  accumulates                    the kernel adds into its outputs (atomics): they start from the inputs' values
                                 (zeros), not from poison, and are reset before the check after the timing runs.
Kept free of torch imports: device_check.py's --dry-run reads EXTRA_KERNELS without PyTorch.
"""
import math

EXTRA_KERNELS = {
    "attn_fwd", "matmul_epilogue_bf16", "matmul_epilogue_f32", "matmul_fp8", "matmul_colmajor_f16", "batched_dot",
    "dot_chain_f32", "softmax2d", "colsum", "argmax_rows", "welford_rows", "atomics", "histogram", "scans", "math_ops",
    "int_ops", "casts", "reduce3d", "interleave_flip", "xent", "dropout", "while_loop", "block_ptr_copy", "load_hints",
}

LOG2E = 1.4426950408889634


def cdiv(a, b):
    return (a + b - 1) // b


def wrap32(v):
    """int64 tensor -> int32 with two's-complement wrap-around (the kernel's i32 arithmetic)."""
    return (((v + (1 << 31)) % (1 << 32)) - (1 << 31)).int()


def umulhi32(a, b):
    """High 32 bits of the unsigned 32x32-bit product, from int64 tensors (16-bit halves: no int64 overflow)."""
    au, bu = a & 0xFFFFFFFF, b & 0xFFFFFFFF
    ah, al, bh, bl = au >> 16, au & 0xFFFF, bu >> 16, bu & 0xFFFF
    mid = ah * bl + al * bh + ((al * bl) >> 16)
    return ah * bh + (mid >> 16)


def make_extra_case(kernel, consts, torch, dev, sentinel):
    f32, f16, bf16, i32 = torch.float32, torch.float16, torch.bfloat16, torch.int32
    randn = lambda *s, dt=f32: torch.randn(*s, device=dev, dtype=f32).to(dt)
    poison = lambda s, dt: torch.full(s, sentinel, device=dev, dtype=dt)

    def poisoned(shape, dt, fill):
        """A reference that leaves what the kernel does not write as poison, like the launched buffers."""
        o = poison(shape, dt)
        fill(o)
        return o

    if kernel == "attn_fwd":
        BM, D = consts["BM"], consts["D"]
        M, N_CTX = 4096, 1024
        scale = LOG2E / math.sqrt(D)  # the kernel exponentiates in base 2
        args = dict(Q=randn(M, D, dt=f16), Kp=randn(N_CTX, D, dt=f16), V=randn(N_CTX, D, dt=f16), O=poison((M, D), f16),
                    sqm=D, skn=D, svn=D, som=D, N_CTX=N_CTX, scale=scale)

        def ref(a):
            s = (a["Q"].double() @ a["Kp"].double().t()) * (scale / LOG2E)
            return {"O": (torch.softmax(s, dim=1) @ a["V"].double()).half()}

        # p is rounded to fp16 before the second dot: the reference (exact p) differs by that rounding
        return dict(args=args, outs=["O"], grid=(M // BM, 1, 1), exact=False, tol=(1e-3, 1e-2), ref_tol=(5e-3, 2e-2), ref=ref)

    if kernel in ("matmul_epilogue_bf16", "matmul_epilogue_f32"):
        BM, BN = consts["BM"], consts["BN"]
        is_bf = kernel.endswith("bf16")
        dt = bf16 if is_bf else f32
        M, N, K = (2048, 2048, 1024) if is_bf else (1024, 1024, 512)
        r = lambda *s: (torch.randn(*s, device=dev, dtype=f32) / 4).to(dt)
        args = dict(a=r(M, K), b=r(K, N), bias=r(N), c=poison((M, N), dt), M=M, N=N, K=K, sam=K, sbk=N, scm=N)

        def ref(a):
            acc = a["a"].double() @ a["b"].double() + a["bias"].double()[None, :]
            return {"c": torch.clamp(acc, min=0).to(dt)}

        # bf16: one rounding of a differently ordered fp32 sum may move by an ulp (2^-8); fp32: tl.dot's default
        # precision is tf32 (operands keep 10 mantissa bits), so the reference is far looser than ours vs Triton's.
        tol, ref_tol = ((1e-2, 1e-2), (5e-2, 3e-2)) if is_bf else ((1e-4, 1e-4), (2e-2, 2e-2))
        return dict(args=args, outs=["c"], grid=(cdiv(M, BM) * cdiv(N, BN), 1, 1), exact=False, tol=tol, ref_tol=ref_tol,
                    ref=ref)

    if kernel in ("matmul_fp8", "matmul_colmajor_f16"):
        BM, BN, BK = consts["BM"], consts["BN"], consts["BK"]
        is_fp8 = kernel == "matmul_fp8"
        dt = torch.float8_e4m3fn if is_fp8 else f16
        out_dt = f16 if is_fp8 else f32
        r = lambda *s: (torch.randn(*s, device=dev, dtype=f32) / 2).to(dt)
        # A is column-major: A[m, k] at a + m + k * sak, i.e. the row-major (BK, BM) tensor At = A^T
        args = dict(a=r(BK, BM), b=r(BK, BN), c=poison((BM, BN), out_dt), sak=BM, sbk=BN, scm=BN)
        tol, ref_tol = ((1e-3, 1e-2), (2e-2, 2e-2)) if is_fp8 else ((1e-4, 1e-4), (1e-3, 1e-3))
        return dict(args=args, outs=["c"], grid=(1, 1, 1), exact=False, tol=tol, ref_tol=ref_tol,
                    ref=lambda a: {"c": (a["a"].double().t() @ a["b"].double()).to(out_dt)})

    if kernel == "batched_dot":
        BB, BM, BN, BK = consts["BB"], consts["BM"], consts["BN"], consts["BK"]
        args = dict(a=randn(BB, BM, BK, dt=f16), b=randn(BB, BK, BN, dt=f16), c=poison((BB, BM, BN), f32))
        return dict(args=args, outs=["c"], grid=(1, 1, 1), exact=False, tol=(1e-4, 1e-4), ref_tol=(1e-4, 1e-4),
                    ref=lambda a: {"c": torch.bmm(a["a"].double(), a["b"].double()).float()})

    if kernel == "dot_chain_f32":
        BM, BN, BK = consts["BM"], consts["BN"], consts["BK"]
        args = dict(a=randn(BM, BK), b=randn(BK, BN), d=randn(BN, BN), c=poison((BM, BN), f32))
        # the first dot is tf32 (~1e-3 relative per product), then summed 32-wide by the second: |c| ~ 20
        return dict(args=args, outs=["c"], grid=(1, 1, 1), exact=False, tol=(1e-3, 1e-4), ref_tol=(0.25, 1e-2),
                    ref=lambda a: {"c": (a["a"].double() @ a["b"].double() @ a["d"].double()).float()})

    if kernel == "softmax2d":
        BM, BN = consts["BM"], consts["BN"]
        R = 8190 if BN >= 256 else 16381  # not a multiple of BM: the last program's rows are masked
        n = BN - 6
        args = dict(x=(torch.randn(R, BN, device=dev) * 2).half(), y=poison((R, BN), f16), stride=BN, n_rows=R, n_cols=n)

        def fill(o, a):
            o[:, :n] = torch.softmax(a["x"][:, :n].double(), dim=1).half()

        return dict(args=args, outs=["y"], grid=(cdiv(R, BM), 1, 1), exact=False, tol=(1e-3, 5e-3), ref_tol=(1e-3, 5e-3),
                    ref=lambda a: {"y": poisoned((R, BN), f16, lambda o: fill(o, a))})

    if kernel == "colsum":
        BN = consts["BN"]
        M, N = 2047, 8192  # M not a multiple of BM: the last row block is masked
        args = dict(x=randn(M, N), y=poison((N, ), f32), M=M, stride=N)
        return dict(args=args, outs=["y"], grid=(N // BN, 1, 1), exact=False, tol=(1e-3, 1e-5), ref_tol=(1e-3, 1e-5),
                    ref=lambda a: {"y": a["x"].double().sum(dim=0).float()})

    if kernel == "argmax_rows":
        BM, BN = consts["BM"], consts["BN"]
        R = BM * 1024  # the kernel writes argmin at idx + BM * 1024: one row per 1024 programs' worth of rows
        # distinct values in each row (a permutation): max/argmax/argmin have no ties to break
        x = torch.argsort(torch.rand(R, BN, device=dev), dim=1).float() * 0.25 - 8.0
        args = dict(x=x, idx=poison((2 * R, ), i32), val=poison((R, ), f32), stride=BN)

        def ref(a):
            t = a["x"]
            return {"idx": torch.cat([t.argmax(dim=1), t.argmin(dim=1)]).int(), "val": t.max(dim=1).values}

        return dict(args=args, outs=["idx", "val"], grid=(R // BM, 1, 1), exact=True, tol=(0, 0), ref_tol=(0, 0), ref=ref)

    if kernel == "welford_rows":
        BM, BN = consts["BM"], consts["BN"]
        R = 65536
        args = dict(x=randn(R, BN) * 2 + 1, mean=poison((R, ), f32), var=poison((R, ), f32), stride=BN)

        def ref(a):
            t = a["x"].double()
            return {"mean": t.mean(dim=1).float(), "var": t.var(dim=1, unbiased=False).float()}

        return dict(args=args, outs=["mean", "var"], grid=(R // BM, 1, 1), exact=False, tol=(1e-5, 1e-5),
                    ref_tol=(1e-4, 1e-4), ref=ref)

    if kernel == "atomics":
        B = consts["BLOCK"]
        n = 65536 + 5
        nprog = cdiv(n, B)
        args = dict(x=randn(n), out=torch.zeros(24, device=dev, dtype=f32), cnt=torch.zeros(6, device=dev, dtype=i32), n=n)
        lanes = torch.arange(4, device=dev, dtype=i32)

        def views(d):
            out, cnt = d["out"], d["cnt"]
            x = cnt[2:6]
            return {
                "out_add": out[:16],  # float sums: the order of the atomics varies
                "out_max": out[16:24],
                "count": cnt[:1],  # one scalar atomic_add per program
                # cas: some program's old count; xchg: some element's offset of that lane (the last writer wins)
                "cas_in_range": ((cnt[1:2] >= 0) & (cnt[1:2] < nprog)).int(),
                "xchg_lane": (((x - lanes) % 4 == 0) & (x >= 0) & (x < n)).int(),
            }

        def ref(a):
            x = a["x"].double()
            return {
                "out_add": torch.stack([x[j::16].sum() for j in range(16)]).float(),
                "out_max": torch.stack([torch.clamp(x[j::8].max(), min=0) for j in range(8)]).float(),
                "count": torch.tensor([nprog], device=dev, dtype=i32),
                "cas_in_range": torch.ones(1, device=dev, dtype=i32),
                "xchg_lane": torch.ones(4, device=dev, dtype=i32),
            }

        return dict(args=args, outs=["out", "cnt"], grid=(nprog, 1, 1), views=views, accumulates=True,
                    exact={"out_add": False}, tol=(1e-2, 1e-4), ref_tol=(1e-2, 1e-4), ref=ref)

    if kernel == "histogram":
        B, BINS = consts["BLOCK"], consts["BINS"]
        n = B * 256
        args = dict(x=torch.randint(0, BINS, (n, ), device=dev, dtype=i32), out=torch.zeros(BINS, device=dev, dtype=i32))
        return dict(args=args, outs=["out"], grid=(n // B, 1, 1), accumulates=True, exact=True, tol=(0, 0), ref_tol=(0, 0),
                    ref=lambda a: {"out": torch.bincount(a["x"].long(), minlength=BINS).int()})

    if kernel == "scans":
        BM, BN = consts["BM"], consts["BN"]
        # factors in (0.5, 1.5): the running products stay well inside fp32's range
        args = dict(x=torch.rand(BM, BN, device=dev) + 0.5, y=poison((BM, BN), f32), z=poison((BM, BN), f32))

        def ref(a):
            t = a["x"].double()
            return {"y": torch.cumprod(t, dim=1).float(), "z": torch.flip(torch.cumsum(torch.flip(t, [0]), dim=0), [0]).float()}

        return dict(args=args, outs=["y", "z"], grid=(1, 1, 1), exact=False, tol=(1e-5, 1e-5), ref_tol=(1e-5, 1e-5), ref=ref)

    if kernel == "math_ops":
        B = consts["BLOCK"]
        n = (1 << 22) + 37
        args = dict(x=randn(n) * 2, y=randn(n) * 2, o=poison((n, ), f32), n=n)

        def ref(a):
            x, y = a["x"].double(), a["y"].double()
            r = torch.sin(x) + torch.cos(y) + torch.log(x.abs() + 1) + torch.sqrt(y.abs()) + torch.rsqrt(x.abs() + 1)
            r = r + (torch.erf(x) + torch.floor(y) + torch.ceil(x) + (x * y + r) + torch.exp(-x * x))
            r = torch.clamp(r, -10., 10.) + torch.maximum(x, y) - torch.minimum(x, y) + torch.sigmoid(x)
            r = r + (x / (y + 3.) + torch.log2(y.abs() + 2.) + torch.fmod(x, 3.))  # float % is arith.remf (fmod)
            return {"o": r.float()}

        # sin/cos/exp/log/rsqrt/sigmoid's division are approximations on the GPU: a tolerance, also ours vs Triton
        return dict(args=args, outs=["o"], grid=(cdiv(n, B), 1, 1), exact=False, tol=(1e-5, 1e-5), ref_tol=(1e-4, 1e-4),
                    ref=ref)

    if kernel == "int_ops":
        B = consts["BLOCK"]
        n = (1 << 22) + 37
        # no INT_MIN (abs and INT_MIN // -1 overflow); half the divisors small so that quotients vary
        x = torch.randint(-(1 << 31) + 1, 1 << 31, (n, ), device=dev, dtype=torch.int64)
        y = torch.randint(-(1 << 31) + 1, 1 << 31, (n, ), device=dev, dtype=torch.int64)
        y = torch.where(torch.rand(n, device=dev) < 0.5, y % 2001 - 1000, y)
        args = dict(x=x.int(), y=y.int(), o=poison((n, ), i32), n=n)

        def ref(a):
            p, q = a["x"].long(), a["y"].long()
            q = torch.where(q == 0, torch.ones_like(q), q)
            # i32 // and % are arith.divsi / remsi: truncation, the remainder takes the dividend's sign
            r = torch.div(p, q, rounding_mode="trunc") + torch.fmod(p, q) + (p >> 3) + (p << 2) + (p ^ q) + (p | q) - (p & q)
            r = r + wrap32(umulhi32(p, q)).long()
            w = p * q + torch.arange(n, device=dev, dtype=torch.int64)
            r = r + wrap32(w >> 32).long() + p.abs() + torch.maximum(p, q)
            return {"o": wrap32(r)}

        return dict(args=args, outs=["o"], grid=(cdiv(n, B), 1, 1), exact=True, tol=(0, 0), ref_tol=(0, 0), ref=ref)

    if kernel == "casts":
        B = consts["BLOCK"]
        n = (1 << 22) + 37
        # float -> int8 / uint8 is defined only in range (LLVM's fptosi/fptoui give poison outside): values in
        # (-1, 127); small ones exercise fp8's subnormals
        big = torch.rand(n, device=dev) * 127
        small = torch.clamp(torch.randn(n, device=dev) * 0.3, min=-0.99)
        x = torch.where(torch.rand(n, device=dev) < 0.7, big, small)
        args = dict(x=x, o16=poison((n, ), f16), obf=poison((n, ), bf16), o8a=poison((n, ), f32), o8b=poison((n, ), f16),
                    oi=poison((n, ), i32), n=n)

        def ref(a):
            t = a["x"]
            return {"o16": t.half(), "obf": t.bfloat16(), "o8a": t.to(torch.float8_e4m3fn).float(),
                    "o8b": t.to(torch.float8_e5m2).half(), "oi": t.to(torch.int8).int() + t.to(torch.uint8).int()}

        return dict(args=args, outs=["o16", "obf", "o8a", "o8b", "oi"], grid=(cdiv(n, B), 1, 1), exact=True, tol=(0, 0),
                    ref_tol=(0, 0), ref=ref)

    if kernel == "reduce3d":
        BA, BB, BC = consts["BA"], consts["BB"], consts["BC"]
        args = dict(x=randn(BA, BB, BC), y=poison((BA, BC), f32))
        return dict(args=args, outs=["y"], grid=(1, 1, 1), exact=False, tol=(1e-5, 1e-5), ref_tol=(1e-5, 1e-5),
                    ref=lambda a: {"y": (a["x"].double().sum(dim=1) + a["x"].double().amax(dim=1)).float()})

    if kernel == "interleave_flip":
        B = consts["BLOCK"]
        args = dict(x=randn(B), y=randn(B), o=poison((3 * B, ), f32))

        def ref(a):
            inter = torch.stack([a["x"], a["y"]], dim=1).reshape(-1)
            return {"o": torch.cat([inter, a["x"].view(B // 32, 32).flip(1).reshape(-1)])}

        return dict(args=args, outs=["o"], grid=(1, 1, 1), exact=True, tol=(0, 0), ref_tol=(0, 0), ref=ref)

    if kernel == "xent":
        R, N, stride = 4096, 5000, 5008  # N not a multiple of BLOCK: masked tail; stride divisible by 16
        args = dict(logits=randn(R, stride) * 3, labels=torch.randint(0, N, (R, ), device=dev, dtype=torch.int64),
                    loss=poison((R, ), f32), stride=stride, N=N)

        def ref(a):
            lg = a["logits"][:, :N].double()
            picked = lg.gather(1, a["labels"][:, None]).squeeze(1)
            return {"loss": (torch.logsumexp(lg, dim=1) - picked).float()}

        return dict(args=args, outs=["loss"], grid=(R, 1, 1), exact=False, tol=(1e-4, 1e-5), ref_tol=(1e-3, 1e-4), ref=ref)

    if kernel == "dropout":
        B = consts["BLOCK"]
        n = (1 << 22) + 13
        p = 0.25
        args = dict(x=randn(n), o=poison((n, ), f32), n=n, p=p, seed=1234)

        def ref_check(a, v):
            # tl.rand is Philox: deterministic, so ours must equal Triton's bitwise; of Triton's output check
            # the structure: each element dropped (0) or scaled by 1 / (1 - p), about a fraction p dropped
            o, x = v["o"].double(), a["x"].double()
            keep = o != 0
            want = torch.where(keep, x / (1 - p), torch.zeros_like(x))
            err = float((o - want).abs().max())
            ok_vals = bool(((o - want).abs() <= 1e-6 * want.abs()).all())
            dropped = 1 - float(keep.double().mean())
            why = None if ok_vals and abs(dropped - p) < 0.01 else f"kept values off by {err:.3g}, {dropped:.4f} dropped (p={p})"
            return why is None, err, why

        return dict(args=args, outs=["o"], grid=(cdiv(n, B), 1, 1), exact=True, tol=(0, 0), ref_check=ref_check)

    if kernel == "while_loop":
        B = consts["BLOCK"]
        n = 7  # > 4: the scaled branch
        x = randn((n + 1) * B)
        x[2 * B] = 150.0  # > 100: the loop skips row 3
        args = dict(x=x, o=poison((B, ), f32), n=n)

        def ref(a):
            rows = a["x"].view(-1, B)
            acc = torch.zeros(B, device=dev, dtype=f32)
            i = 0
            while i < n:
                acc = acc + rows[i]
                i += 1 + int(rows[i, 0] > 100.0)
            return {"o": acc * 2.0 if n > 4 else acc - 1.0}

        # the same sequence of fp32 additions in both: bitwise
        return dict(args=args, outs=["o"], grid=(1, 1, 1), exact=True, tol=(0, 0), ref_tol=(0, 0), ref=ref)

    if kernel == "block_ptr_copy":
        BM = consts["BM"]
        M, N, sm = 4099, 1000, 1008  # neither M nor N a multiple of the block: boundary checks on both sides
        args = dict(x=randn(M, sm), y=poison((M, sm), f32), M=M, N=N, sm=sm)

        def fill(o, a):
            o[:, :N] = a["x"][:, :N] * 2.0

        return dict(args=args, outs=["y"], grid=(cdiv(M, BM), 1, 1), exact=True, tol=(0, 0), ref_tol=(0, 0),
                    ref=lambda a: {"y": poisoned((M, sm), f32, lambda o: fill(o, a))})

    if kernel == "load_hints":
        B = consts["BLOCK"]
        n = 1 << 22  # n is marked divisible by 16
        args = dict(x=randn(2 * n, dt=f16), y=poison((n, ), f16), n=n)
        return dict(args=args, outs=["y"], grid=(n // B, 1, 1), exact=True, tol=(0, 0), ref_tol=(0, 0),
                    ref=lambda a: {"y": a["x"][:n] + a["x"][n:]})

    raise KeyError(f"no inputs defined for kernel {kernel}")
