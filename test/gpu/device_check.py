#!/usr/bin/env python3
"""The device step of the GPU harness (`npm run gpu`, test/gpu/run.ts stages its input).

    python3 test/gpu/device_check.py --manifest test/gpu/staged/manifest.json --out $OUT

For every built case of the manifest: compile Triton's own kernel for the case (the oracle's kernels.py, the same
signature, constexprs, tt.divisibility attributes, num_warps and num_stages=1 the corpus was made with), run it and
our binary on the same random inputs (outputs poisoned first), compare our outputs with Triton's (bitwise for
copies, integers and single roundings; a tolerance for float reductions and transcendental math), compare Triton's
with a PyTorch reference (a check of this harness, not of us), and time both as triton.testing.do_bench does
(median, L2 flushed), the two kernels' launches interleaved repetition by repetition.

Both kernels are loaded and launched the same way, through the CUDA driver API (ctypes): cuModuleLoadDataEx on the
cubin (sm90 cases) or on the sm_80 PTX (sm80 cases: the driver JIT-compiles it for the H100, for ours and for
Triton's alike), cuLaunchKernel with Triton's calling convention: the non-constexpr arguments in order, then the
global and the profile scratch pointers Triton 3.6 appends (a buffer when the kernel declares global scratch, else
null), 32 * num_warps threads, the module's shared memory bytes as dynamic shared memory.

A parent process compiles Triton's kernels in a process pool (before CUDA is initialised), then runs the cases in
a worker process; a case whose kernel faults (a sticky CUDA error) or hangs ends the worker and the parent
restarts one from the next case, so one bad kernel cannot take the rest with it.

The kernels file is the manifest's `kernels` (kernels.py when absent), staged beside it by test/gpu/run.ts: the
shared oracle's kernels.py (CORPUS) or, for the second corpus (`npm run gpu -- --corpus extra`),
scripts/oracle/kernels_extra.py (EXTRA), which imports kernels.py as K from the folder put first on sys.path:
--oracle-dir, by default the kernels file's own folder (run.ts stages kernels.py there too). --kernels and
--oracle-dir override both, e.g. --kernels scripts/oracle/kernels_extra.py --oracle-dir ../shared/oracle.
The second corpus's inputs and references are in extra_cases.py beside this file.

Writes $OUT/results.json (read by `npm run gpu -- --results FILE`) and prints the table; last line
`N passed, M failed`. `--dry-run` checks the manifest against the kernels file (argument counts and types) without
a GPU or PyTorch; `--simulate` runs the process machinery with fake kernels (for testing the harness without a GPU).
"""
import argparse
import ast
import ctypes
import json
import math
import os
import re
import statistics
import subprocess
import sys
import time
import traceback
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from extra_cases import EXTRA_KERNELS, make_extra_case  # noqa: E402  (no torch import at module level)
from pipe_cases import PIPE_KERNELS, make_pipe_case  # noqa: E402

SENTINEL = -4096  # exact in fp16, fp32 and int32

# ---------------------------------------------------------------------------------------------------------------
# The kernels file, statically: each CORPUS (kernels.py) or EXTRA (kernels_extra.py) entry's function name and
# argument names (no triton needed). Entries: (name, fn, signature, constexpr variants, divisible args[, set]).
TABLES = ("CORPUS", "EXTRA", "PIPE")


def kernels_files(spec):
    """The kernels files of a --kernels value: one path, or several joined by os.pathsep (the pipeline corpus's
    kernels are spread over kernels.py, kernels_extra.py and kernels_pipe.py)."""
    return [p for p in spec.split(os.pathsep) if p] if isinstance(spec, str) else list(spec)


def corpus_table(kernels_py):
    """Kernel name -> (function name, [arg names], {arg: signature type}) read from the kernels files' ASTs (a
    table entry may name a function another of the files defines and its file imports)."""
    trees = [ast.parse(open(p).read()) for p in kernels_files(kernels_py)]
    args = {}
    for tree in trees:
        for node in tree.body:
            if isinstance(node, ast.FunctionDef):
                args[node.name] = [a.arg for a in node.args.args]
    # module-level dicts an entry may name as its signature (kernels_pipe.py's MM)
    named = {t.id: n.value for tree in trees for n in tree.body if isinstance(n, ast.Assign) and isinstance(n.value, ast.Dict)
             for t in n.targets if isinstance(t, ast.Name)}
    table = {}
    for node in (n for tree in trees for n in tree.body):
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id in TABLES for t in node.targets):
            for elt in node.value.elts:
                name = elt.elts[0].value
                fn = elt.elts[1].id
                sig = {}
                sig_node = named[elt.elts[2].id] if isinstance(elt.elts[2], ast.Name) else elt.elts[2]
                for k, v in zip(sig_node.keys, sig_node.values):
                    if isinstance(v, ast.Constant):
                        sig[k.value] = v.value
                    else:  # P("fp32") -> "*fp32"
                        sig[k.value] = "*" + v.args[0].value
                table[name] = (fn, args[fn], sig)
    return table


def runtime_args(entry, consts):
    _, arg_names, _ = entry
    return [a for a in arg_names if a not in consts]


PTX_KIND = {"u64": "ptr", "b64": "ptr", "s64": "ptr", "u32": "i32", "b32": "i32", "s32": "i32", "f32": "fp32"}


def check_params(entry, consts, params):
    """None when the PTX parameter list fits the Python signature (+ 2 scratch pointers), else why not."""
    _, _, sig = entry
    names = runtime_args(entry, consts)
    if len(params) != len(names) + 2:
        return f"kernel has {len(params)} parameters, expected {len(names)} arguments + 2 scratch pointers"
    for i, name in enumerate(names):
        want = "ptr" if sig[name].startswith("*") else sig[name]
        got = PTX_KIND.get(params[i])
        if got != want:
            return f"parameter {i} ({name}) is .{params[i]}, expected {want}"
    for i in (-2, -1):
        if PTX_KIND.get(params[i]) != "ptr":
            return f"trailing scratch parameter is .{params[i]}, expected a pointer"
    return None


def ptx_entry_params(ptx, name):
    import re
    m = re.search(r"\.entry\s+" + re.escape(name) + r"\s*\(", ptx)
    if not m:
        return None
    body = ptx[m.end():ptx.index(")", m.end())]
    return re.findall(r"\.param\s+(?:\.\w+\s+)*?\.(u64|s64|b64|u32|s32|b32|f32|f64|u16|s16|b16|u8|s8|b8)\b", body)


# ---------------------------------------------------------------------------------------------------------------
# Triton's kernels (compiled in a process pool before CUDA is initialised)

_KMODS = {}
D16 = [["tt.divisibility", 16]]  # kernels.py's D16: the attribute of the divisible arguments


def kernels_module(path, oracle_dir):
    """The kernels file as a module; oracle_dir (holding the shared kernels.py) first on sys.path, for
    kernels_extra.py's `import kernels as K` and kernels_pipe.py's `from kernels import ...`."""
    if path not in _KMODS:
        import importlib.util
        if oracle_dir and os.path.abspath(oracle_dir) not in sys.path:
            sys.path.insert(0, os.path.abspath(oracle_dir))
        spec = importlib.util.spec_from_file_location(f"ttg_oracle_kernels_{len(_KMODS)}", path)
        mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)
        _KMODS[path] = mod
    return _KMODS[path]


def compile_triton(job):
    """job = (kernels file, oracle dir, case dict) -> dict with Triton's binary and metadata, or {'error': ...}."""
    kpath, oracle_dir, c = job
    try:
        import triton
        from triton.backends.compiler import GPUTarget
        from triton.compiler import ASTSource
        mods = [kernels_module(p, oracle_dir) for p in kernels_files(kpath)]
        entry, K = next((e, m) for m in mods for t in TABLES for e in getattr(m, t, []) if e[0] == c["kernel"])
        fn, sig, div = entry[1], entry[2], entry[4]
        consts = c["constexprs"]
        signature = dict(sig)
        for k in consts:
            signature[k] = "constexpr"
        attrs = {(list(fn.arg_names).index(a), ): getattr(K, "D16", D16) for a in div}
        src = ASTSource(fn=fn, signature=signature, constexprs=consts, attrs=attrs)
        cap = c["capability"]
        k = triton.compile(src, target=GPUTarget("cuda", cap, 32),
                           options={"num_warps": c["num_warps"], "num_stages": c.get("num_stages", 1)})
        md = k.metadata
        ptx = k.asm["ptx"]
        kind = "cubin" if cap >= 90 else "ptx"
        binary = k.asm["cubin"] if kind == "cubin" else ptx.encode()
        return {
            "name": md.name, "shared": int(md.shared), "num_warps": int(md.num_warps), "kind": kind, "binary": binary,
            "global_scratch": int(getattr(md, "global_scratch_size", 0) or 0),
            "global_scratch_align": int(getattr(md, "global_scratch_align", 1) or 1),
            "params": ptx_entry_params(ptx, md.name),
        }
    except Exception:
        return {"error": traceback.format_exc()[-1500:]}


# ---------------------------------------------------------------------------------------------------------------
# CUDA driver API through ctypes

class Cuda:
    def __init__(self):
        self.lib = ctypes.CDLL("libcuda.so.1")
        L = self.lib
        L.cuGetErrorString.argtypes = [ctypes.c_int, ctypes.POINTER(ctypes.c_char_p)]
        L.cuModuleLoadDataEx.argtypes = [ctypes.POINTER(ctypes.c_void_p), ctypes.c_char_p, ctypes.c_uint,
                                         ctypes.POINTER(ctypes.c_int), ctypes.POINTER(ctypes.c_void_p)]
        L.cuModuleGetFunction.argtypes = [ctypes.POINTER(ctypes.c_void_p), ctypes.c_void_p, ctypes.c_char_p]
        L.cuFuncSetAttribute.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_int]
        L.cuFuncGetAttribute.argtypes = [ctypes.POINTER(ctypes.c_int), ctypes.c_int, ctypes.c_void_p]
        L.cuLaunchKernel.argtypes = [ctypes.c_void_p] + [ctypes.c_uint] * 7 + [ctypes.c_void_p, ctypes.POINTER(ctypes.c_void_p),
                                                                              ctypes.POINTER(ctypes.c_void_p)]
        L.cuCtxGetCurrent.argtypes = [ctypes.POINTER(ctypes.c_void_p)]
        L.cuDevicePrimaryCtxRetain.argtypes = [ctypes.POINTER(ctypes.c_void_p), ctypes.c_int]
        L.cuCtxSetCurrent.argtypes = [ctypes.c_void_p]
        L.cuModuleUnload.argtypes = [ctypes.c_void_p]

    def err(self, code):
        s = ctypes.c_char_p()
        self.lib.cuGetErrorString(code, ctypes.byref(s))
        return f"CUDA error {code}: {s.value.decode() if s.value else '?'}"

    def check(self, code, what):
        if code != 0:
            raise CudaError(f"{what}: {self.err(code)}", code)

    def ensure_context(self):
        ctx = ctypes.c_void_p()
        self.check(self.lib.cuCtxGetCurrent(ctypes.byref(ctx)), "cuCtxGetCurrent")
        if not ctx.value:
            self.check(self.lib.cuDevicePrimaryCtxRetain(ctypes.byref(ctx), 0), "cuDevicePrimaryCtxRetain")
            self.check(self.lib.cuCtxSetCurrent(ctx), "cuCtxSetCurrent")

    def load(self, image, kind, name, shared):
        """(module, function, registers); image: cubin bytes or PTX bytes."""
        mod = ctypes.c_void_p()
        data = image + b"\0" if kind == "ptx" else image
        log = ctypes.create_string_buffer(16384)
        opts = (ctypes.c_int * 2)(5, 6)  # CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES
        vals = (ctypes.c_void_p * 2)(ctypes.cast(log, ctypes.c_void_p), ctypes.c_void_p(16384))
        code = self.lib.cuModuleLoadDataEx(ctypes.byref(mod), data, 2, opts, vals)
        if code != 0:
            raise CudaError(f"cuModuleLoadDataEx: {self.err(code)} {log.value.decode(errors='replace')[:400]}", code)
        fn = ctypes.c_void_p()
        self.check(self.lib.cuModuleGetFunction(ctypes.byref(fn), mod, name.encode()), f"cuModuleGetFunction({name})")
        if shared > 49152:  # CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES
            self.check(self.lib.cuFuncSetAttribute(fn, 8, shared), "cuFuncSetAttribute(max dynamic shared)")
        regs = ctypes.c_int()
        self.check(self.lib.cuFuncGetAttribute(ctypes.byref(regs), 4, fn), "cuFuncGetAttribute(num regs)")
        return mod, fn, regs.value

    def launcher(self, fn, grid, num_warps, shared, params, values, stream):
        """A no-argument callable that launches fn with `values` packed by the PTX parameter types `params`."""
        objs = []
        for ty, v in zip(params, values):
            kind = PTX_KIND.get(ty)
            if kind == "ptr":
                objs.append(ctypes.c_uint64(v))
            elif kind == "i32":
                objs.append(ctypes.c_int32(v))
            elif kind == "fp32":
                objs.append(ctypes.c_float(v))
            else:
                raise CudaError(f"unsupported parameter type .{ty}", -1)
        arr = (ctypes.c_void_p * len(objs))(*[ctypes.cast(ctypes.pointer(o), ctypes.c_void_p) for o in objs])
        gx, gy, gz = grid
        L = self.lib

        def launch():
            code = L.cuLaunchKernel(fn, gx, gy, gz, 32 * num_warps, 1, 1, shared, stream, arr, None)
            if code != 0:
                raise CudaError(f"cuLaunchKernel: {self.err(code)}", code)

        launch._keep = (objs, arr)
        return launch


class CudaError(Exception):
    def __init__(self, msg, code):
        super().__init__(msg)
        self.code = code


# Errors after which the context is unusable (illegal address, launch failure, trap, misaligned address, ...).
STICKY = {700, 701, 702, 709, 710, 711, 712, 713, 714, 715, 716, 717, 718, 719, 720, 999}

# ---------------------------------------------------------------------------------------------------------------
# Inputs, grids and references per kernel


def cdiv(a, b):
    return (a + b - 1) // b


def make_case(kernel, consts, torch, dev):
    """-> dict(args, outs, grid, ref(args) -> {out: tensor}, exact, tol=(atol, rtol), ref_tol); the second
    corpus's kernels (extra_cases.py) may also give views, ref_check, accumulates and per-output tolerances."""
    if kernel in PIPE_KERNELS:
        return make_pipe_case(kernel, consts, torch, dev, SENTINEL)
    if kernel in EXTRA_KERNELS:
        return make_extra_case(kernel, consts, torch, dev, SENTINEL)
    f32 = lambda *s: torch.randn(*s, device=dev, dtype=torch.float32)
    poison = lambda s, dt: torch.full(s, SENTINEL, device=dev, dtype=dt)

    def with_poison(shape, dt, fill):
        def f(a):
            o = poison(shape, dt)
            fill(o, a)
            return o
        return f

    if kernel == "add":
        B = consts["BLOCK"]
        n = (1 << 22) + 48
        args = dict(x=f32(n), y=f32(n), o=poison((n, ), torch.float32), n=n)
        return dict(args=args, outs=["o"], grid=(cdiv(n, B), 1, 1), exact=True, tol=(0, 0), ref_tol=(0, 0),
                    ref=lambda a: {"o": a["x"] + a["y"]})
    if kernel == "softmax":
        B = consts["BLOCK"]
        R = 4096 if B >= 1024 else 16384
        n = B - 24
        args = dict(out=poison((R, B), torch.float32), inp=f32(R, B) * 3, in_stride=B, out_stride=B, n_cols=n)

        def fill(o, a):
            o[:, :n] = torch.softmax(a["inp"][:, :n].double(), dim=1).float()

        return dict(args=args, outs=["out"], grid=(R, 1, 1), exact=False, tol=(1e-7, 1e-4), ref_tol=(1e-6, 1e-3),
                    ref=lambda a: {"out": with_poison((R, B), torch.float32, fill)(a)})
    if kernel == "layernorm":
        B = consts["BLOCK"]
        R = 4096 if B <= 1024 else 2048
        N = B - 40
        h = lambda *s: torch.randn(*s, device=dev, dtype=torch.float16)
        args = dict(X=h(R, B), Y=poison((R, B), torch.float16), W=h(B), B=h(B), stride=B, N=N, eps=1e-5)

        def fill(o, a):
            x = a["X"][:, :N].double()
            xc = x - x.mean(dim=1, keepdim=True)
            rstd = 1 / torch.sqrt((xc * xc).mean(dim=1, keepdim=True) + 1e-5)
            o[:, :N] = (xc * rstd * a["W"][:N].double() + a["B"][:N].double()).half()

        return dict(args=args, outs=["Y"], grid=(R, 1, 1), exact=False, tol=(1e-2, 1e-2), ref_tol=(2e-2, 2e-2),
                    ref=lambda a: {"Y": with_poison((R, B), torch.float16, fill)(a)})
    if kernel == "matmul_f16":
        BM, BN = consts["BM"], consts["BN"]
        M, N, K = 2048, 2048, 1024
        h = lambda *s: (torch.randn(*s, device=dev, dtype=torch.float32) / 4).half()
        args = dict(a=h(M, K), b=h(K, N), c=poison((M, N), torch.float16), M=M, N=N, K=K, sam=K, sbk=N, scm=N)
        return dict(args=args, outs=["c"], grid=(cdiv(M, BM), cdiv(N, BN), 1), exact=False, tol=(1e-2, 1e-2),
                    ref_tol=(3e-2, 3e-2), ref=lambda a: {"c": (a["a"].float() @ a["b"].float()).half()})
    if kernel == "transpose":
        BM, BN = consts["BM"], consts["BN"]
        M = N = 4096
        args = dict(x=f32(M, N), y=poison((N, M), torch.float32), M=M, N=N, sxm=N, sym=M)
        return dict(args=args, outs=["y"], grid=(M // BM, N // BN, 1), exact=True, tol=(0, 0), ref_tol=(0, 0),
                    ref=lambda a: {"y": a["x"].t().contiguous()})
    if kernel == "cumsum":
        BM, BN = consts["BM"], consts["BN"]
        R = 32768
        args = dict(x=f32(R, BN), y=poison((R, BN), torch.float32), stride=BN)
        return dict(args=args, outs=["y"], grid=(R // BM, 1, 1), exact=False, tol=(1e-4, 1e-4), ref_tol=(5e-4, 1e-4),
                    ref=lambda a: {"y": torch.cumsum(a["x"].double(), dim=1).float()})
    if kernel == "gather":
        BM, BN = consts["BM"], consts["BN"]
        args = dict(src=f32(BM, BN), idx=torch.randint(0, BN, (BM, BN), device=dev, dtype=torch.int32),
                    out=poison((BM, BN), torch.float32))
        return dict(args=args, outs=["out"], grid=(1, 1, 1), exact=True, tol=(0, 0), ref_tol=(0, 0),
                    ref=lambda a: {"out": torch.gather(a["src"], 1, a["idx"].long())})
    if kernel == "broadcast":
        BM, BN = consts["BM"], consts["BN"]
        M = 65536
        args = dict(x=f32(M, BN), b=f32(BN), y=poison((M, BN), torch.float32), M=M, N=BN, sx=BN)
        rows = torch.arange(M, device=dev) % BN
        return dict(args=args, outs=["y"], grid=(M // BM, 1, 1), exact=False, tol=(1e-5, 1e-5), ref_tol=(1e-5, 1e-5),
                    ref=lambda a: {"y": a["x"] * a["b"][None, :] + a["b"][rows][:, None]})
    if kernel == "join_split":
        B = consts["BLOCK"]
        args = dict(x=f32(B), y=f32(B), o=poison((B, ), torch.float32))

        def ref(a):
            q = torch.cat([a["x"], a["y"]])
            return {"o": q[0::2] - q[1::2]}

        return dict(args=args, outs=["o"], grid=(1, 1, 1), exact=True, tol=(0, 0), ref_tol=(0, 0), ref=ref)
    if kernel == "int8_mm":
        BM, BN, BK = consts["BM"], consts["BN"], consts["BK"]
        i8 = lambda *s: torch.randint(-128, 128, s, device=dev, dtype=torch.int8)
        args = dict(a=i8(BM, BK), b=i8(BK, BN), c=poison((BM, BN), torch.int32))
        return dict(args=args, outs=["c"], grid=(1, 1, 1), exact=True, tol=(0, 0), ref_tol=(0, 0),
                    ref=lambda a: {"c": (a["a"].cpu().long() @ a["b"].cpu().long()).int().to(dev)})
    if kernel == "rowmax_f16":
        BM, BN = consts["BM"], consts["BN"]
        R = 65536
        args = dict(x=torch.randn(R, BN, device=dev, dtype=torch.float16), y=poison((R, ), torch.float16), stride=BN)
        return dict(args=args, outs=["y"], grid=(R // BM, 1, 1), exact=True, tol=(0, 0), ref_tol=(0, 0),
                    ref=lambda a: {"y": a["x"].max(dim=1).values})
    raise KeyError(f"no inputs defined for kernel {kernel}")


KNOWN_KERNELS = {"add", "softmax", "layernorm", "matmul_f16", "transpose", "cumsum", "gather", "broadcast", "join_split",
                 "int8_mm", "rowmax_f16"} | EXTRA_KERNELS | PIPE_KERNELS


def per_output(v, name, default):
    """A spec's exact/tol/ref_tol: one value for every output, or a dict by output name (missing: default)."""
    return v.get(name, default) if isinstance(v, dict) else v


def compare(torch, got, want, exact, tol):
    """(ok, max abs error, bitwise)."""
    if got.shape != want.shape:
        return False, math.inf, False
    if got.dtype.is_floating_point:
        bits = {torch.float16: torch.int16, torch.bfloat16: torch.int16, torch.float32: torch.int32,
                torch.float64: torch.int64}.get(got.dtype, torch.int8)  # the rest: 1-byte floats (fp8)
        bitwise = bool(torch.equal(got.view(bits), want.to(got.dtype).view(bits)))
        g, w = got.double(), want.double()
        nan_mismatch = bool((torch.isnan(g) != torch.isnan(w)).any())
        d = (g - w).abs()
        d = torch.where(torch.isnan(g) & torch.isnan(w), torch.zeros_like(d), d)
        err = math.inf if nan_mismatch else float(torch.nan_to_num(d, nan=math.inf).max()) if d.numel() else 0.0
        if exact:
            return bitwise, err, bitwise
        atol, rtol = tol
        ok = not nan_mismatch and bool((d <= atol + rtol * w.abs()).all())
        return ok, err, bitwise
    bitwise = bool(torch.equal(got, want.to(got.dtype)))
    err = float((got.long() - want.long()).abs().max()) if got.numel() else 0.0
    return bitwise, err, bitwise


# ---------------------------------------------------------------------------------------------------------------
# Worker: runs cases [start, end) in one process, appends one JSON line per case


def worker(a):
    cases = json.load(open(a.jobs_file))
    import pickle
    tri_all = pickle.load(open(a.triton, "rb"))
    table = corpus_table(a.kernels)
    if a.simulate:
        torch = cuda = None
    else:
        import torch
        torch.cuda.init()
        torch.zeros(1, device="cuda")
        torch.cuda.synchronize()
        cuda = Cuda()
        cuda.ensure_context()
        drv = ctypes.c_int()
        cuda.lib.cuDriverGetVersion(ctypes.byref(drv))
        env = {"device": f"{torch.cuda.get_device_name(0)} (driver API {drv.value}, torch CUDA {torch.version.cuda})",
               "torch": torch.__version__}
        try:
            import triton
            env["triton"] = triton.__version__
        except Exception:
            pass
        json.dump(env, open(a.env, "w"))
    out = open(a.results, "a")
    for i in range(a.start, len(cases)):
        c = cases[i]
        with open(a.progress, "w") as p:
            p.write(json.dumps({"index": i, "case": c["case"], "t": time.time()}))
        res, sticky = {"case": c["case"]}, False
        try:
            if a.simulate:
                res.update(simulate_case(c))
            else:
                res.update(run_case(a, c, tri_all.get(c["case"]), table, torch, cuda))
        except CudaError as e:
            res.update(status="launch error", reason=str(e))
            sticky = e.code in STICKY
        except RuntimeError as e:  # torch surfaces asynchronous CUDA faults as RuntimeError
            msg = str(e)
            res.update(status="launch error", reason=msg.splitlines()[0][:300] if msg else "RuntimeError")
            sticky = "CUDA" in msg or "cuda" in msg
        except Exception:
            res.update(status="harness error", reason=traceback.format_exc()[-600:])
        out.write(json.dumps(res) + "\n")
        out.flush()
        print(f"[{i + 1}/{len(cases)}] {c['case']}: {res.get('status')}", file=sys.stderr, flush=True)
        if sticky:
            sys.exit(3)  # the context is gone: the parent starts a new worker at the next case
    sys.exit(0)


def simulate_case(c):
    if "hang" in os.environ.get("TTG_GPU_SIMULATE", "") and c["case"] == os.environ.get("TTG_GPU_SIMULATE_CASE"):
        time.sleep(3600)
    if "crash" in os.environ.get("TTG_GPU_SIMULATE", "") and c["case"] == os.environ.get("TTG_GPU_SIMULATE_CASE"):
        raise CudaError("cuLaunchKernel: CUDA error 700: an illegal memory access was encountered (simulated)", 700)
    return {"status": "correct", "max_err": 0.0, "bitwise": True, "ours_us": 10.0, "triton_us": 9.0, "ratio": 10 / 9,
            "triton_vs_ref": 0.0, "ours_regs": 32, "triton_regs": 30}


def code_text(image, kind, name):
    """The instructions of a kernel image with names, addresses and debug lines left out: PTX text (what the
    driver compiles for sm80 cases) or the SASS of a cubin (cuobjdump, shipped with Triton). None when the tool
    is missing."""
    if kind == "ptx":
        text = image.decode() if isinstance(image, bytes) else image
        lines = text.splitlines()
        # Debug sections and their contents: everything from the first `.section` on.
        for i, l in enumerate(lines):
            if l.lstrip().startswith(".section"):
                lines = lines[:i]
                break
        keep = [l for l in lines
                if l.strip() and not l.lstrip().startswith(("//", ".loc", ".file", "$L__", "@@")) and ".debug_" not in l]
        # Virtual registers renumbered in order of first use, and their counts (`.reg .b32 %r<N>;`) dropped: two
        # LLVM inputs that differ only in value names give the same PTX up to this numbering.
        keep = [l for l in keep if not l.lstrip().startswith(".reg ")]
        numbers, counts = {}, {}

        def renumber(m):
            key, prefix = m.group(0), m.group(1)
            if key not in numbers:
                counts[prefix] = counts.get(prefix, 0) + 1
                numbers[key] = "%" + prefix + str(counts[prefix])
            return numbers[key]
        body = re.sub(r"%(rd|r|f|fd|p|rs|h|hh)(?=\d)\d+", renumber, "\n".join(keep))
        return body.replace(name, "KERNEL")
    import shutil
    import subprocess
    import tempfile
    import triton
    tool = os.path.join(os.path.dirname(triton.__file__), "backends", "nvidia", "bin", "cuobjdump")
    if not os.path.exists(tool):
        tool = shutil.which("cuobjdump")
        if not tool:
            return None
    with tempfile.NamedTemporaryFile(suffix=".cubin") as f:
        f.write(image)
        f.flush()
        out = subprocess.run([tool, "-sass", f.name], capture_output=True, text=True).stdout
    lines = []
    for l in out.splitlines():
        l = re.sub(r"/\*[^*]*\*/", "", l)  # addresses and encodings
        l = l.strip()
        if l and not l.startswith(("Function", "code for", "Fatbin", ".")) and "-----" not in l:
            lines.append(l)
    return "\n".join(lines).replace(name, "KERNEL")


def same_code(ours, ours_kind, ours_name, theirs, their_kind, their_name):
    """Whether our kernel and Triton's are the same instructions (then any time difference is noise)."""
    if ours_kind != their_kind:
        return None
    try:
        a, b = code_text(ours, ours_kind, ours_name), code_text(theirs, their_kind, their_name)
    except Exception:
        return None
    return None if a is None or b is None else a == b


def paired_bench(torch, launches, warmup_ms, rep_ms):
    """do_bench's measurement (Triton 3.6 triton.testing.do_bench: warm-up, L2 flush before each launch, events around
    it, median) for several launches at once, interleaved per repetition in a rotating order; medians in µs."""
    from triton import runtime
    drv = runtime.driver.active
    cache = drv.get_empty_cache_for_benchmark()
    for f in launches:
        f()
    torch.cuda.synchronize()
    ev = lambda: torch.cuda.Event(enable_timing=True)
    s, e = ev(), ev()
    s.record()
    for _ in range(5):
        for f in launches:
            drv.clear_cache(cache)
            f()
    e.record()
    torch.cuda.synchronize()
    per_pair = max(s.elapsed_time(e) / 5, 1e-3)
    n_warmup = max(1, int(warmup_ms / per_pair))
    n_rep = max(1, int(rep_ms / per_pair))
    for _ in range(n_warmup):
        for f in launches:
            f()
    marks = [[(ev(), ev()) for _ in range(n_rep)] for _ in launches]
    n = len(launches)
    for i in range(n_rep):
        for k in ((i + j) % n for j in range(n)):  # rotated: each side first, and after each other, equally often
            drv.clear_cache(cache)
            marks[k][i][0].record()
            launches[k]()
            marks[k][i][1].record()
    torch.cuda.synchronize()
    return [statistics.median(st.elapsed_time(en) for st, en in m) * 1000 for m in marks]


def run_case(a, c, tri, table, torch, cuda):
    if tri is None or "error" in tri:
        return {"status": "harness error", "reason": "Triton compile failed: " + (tri or {}).get("error", "missing")[-400:]}
    entry = table[c["kernel"]]
    consts = c["constexprs"]
    names = runtime_args(entry, consts)
    why = check_params(entry, consts, c["params"])
    if why:
        return {"status": "launch error", "reason": f"our kernel's signature: {why}"}
    why = check_params(entry, consts, tri["params"] or [])
    if why:
        return {"status": "harness error", "reason": f"Triton's kernel signature: {why}"}
    # A warp-specialized kernel runs on all of its warps (ttg.total-num-warps: the default partition's plus the
    # worker partitions'); Triton's metadata num_warps is that total, and staging records ours.
    nw = c.get("launch_warps", c["num_warps"])
    if tri["num_warps"] != nw:
        return {"status": "harness error", "reason": f"Triton compiled num_warps={tri['num_warps']}, ours launches {nw}"}
    stream = torch.cuda.current_stream().cuda_stream
    dev = torch.device("cuda")
    torch.manual_seed(zlib.crc32(c["case"].encode()))
    spec = make_case(c["kernel"], consts, torch, dev)
    grid = spec["grid"]
    nprog = grid[0] * grid[1] * grid[2]

    def scratch(size, align=128):
        if not size:
            return None, 0
        per = cdiv(size, align) * align
        buf = torch.empty(per * nprog + align, dtype=torch.uint8, device=dev)
        return buf, buf.data_ptr()

    def fresh_args():
        d = {}
        for k, v in spec["args"].items():
            d[k] = v.clone() if k in spec["outs"] else v
        return d

    def values(d):
        return [d[n].data_ptr() if hasattr(d[n], "data_ptr") else d[n] for n in names]

    with open(os.path.join(a.binaries, c["binary"]), "rb") as f:
        ours_img = f.read()
    t_mod, t_fn, t_regs = cuda.load(tri["binary"], tri["kind"], tri["name"], tri["shared"])
    t_args = fresh_args()
    t_scr, t_scr_ptr = scratch(tri["global_scratch"], max(tri["global_scratch_align"], 1))
    t_launch = cuda.launcher(t_fn, grid, nw, tri["shared"], tri["params"], values(t_args) + [t_scr_ptr, 0], stream)
    t_launch()
    torch.cuda.synchronize()
    # what is compared: the output buffers, or the spec's views of them (parts independent of launch order)
    views = spec.get("views") or (lambda d: {o: d[o] for o in spec["outs"]})
    exact = lambda o: per_output(spec["exact"], o, True)
    tol = lambda o: per_output(spec["tol"], o, (0, 0))
    t_ref_err = 0.0
    if "ref_check" in spec:
        ok, t_ref_err, why = spec["ref_check"](spec["args"], views(t_args))
        if not ok:
            return {"status": "harness error", "triton_vs_ref": t_ref_err, "triton_regs": t_regs,
                    "reason": f"Triton's output fails the reference check: {why}"}
    else:
        ref = spec["ref"](spec["args"])
        t_views = views(t_args)
        for o in ref:
            ok, err, _ = compare(torch, t_views[o], ref[o], False, per_output(spec["ref_tol"], o, (0, 0)))
            t_ref_err = max(t_ref_err, err)
            if not ok:
                return {"status": "harness error", "triton_vs_ref": err, "triton_regs": t_regs,
                        "reason": f"Triton's output {o} differs from the PyTorch reference (max error {err:.3g})"}

    shared = c["shared"]
    o_mod, o_fn, o_regs = cuda.load(ours_img, c["binary_kind"], c["name"], shared)
    o_args = fresh_args()
    o_scr, o_scr_ptr = scratch(c.get("global_scratch", 0))
    o_launch = cuda.launcher(o_fn, grid, nw, shared, c["params"], values(o_args) + [o_scr_ptr, 0], stream)
    o_launch()
    torch.cuda.synchronize()
    res = {"triton_vs_ref": t_ref_err, "ours_regs": o_regs, "triton_regs": t_regs}
    max_err, bitwise, ok_all, bad = 0.0, True, True, []
    o_views, t_views = views(o_args), views(t_args)
    for o in o_views:
        ok, err, bw = compare(torch, o_views[o], t_views[o], exact(o), tol(o))
        max_err, bitwise = max(max_err, err), bitwise and bw
        if not ok:
            ok_all = False
            got, want = o_views[o], t_views[o]
            diff = (got.double() - want.double()).abs() if got.dtype.is_floating_point else (got.long() - want.long()).abs()
            diff = torch.nan_to_num(diff.double(), nan=math.inf)
            nbad = int((diff > 0).sum())
            first = [int(x) for x in (diff > 0).nonzero()[0].tolist()] if nbad else []
            unwritten = int((got == SENTINEL).sum()) - int((want == SENTINEL).sum())
            bad.append(f"{o}: {nbad}/{got.numel()} elements differ, first at {first} "
                       f"(ours {got[tuple(first)].item() if first else '-'}, Triton {want[tuple(first)].item() if first else '-'})"
                       + (f", {unwritten} more left unwritten" if unwritten > 0 else ""))
    res.update(max_err=max_err, bitwise=bitwise)

    # Timing: the same launch path for both, and do_bench's method (L2 flushed before each launch, CUDA events around
    # the launch, median), but paired: each repetition launches both kernels back to back, in an order that rotates
    # with the repetition, so that clock, thermal and memory-placement drift falls on both sides alike. A round is
    # `--rep` ms of such pairs; each side's time is the median of its round medians; kernels under `--short-us` get
    # `--short-rounds` rounds. With `--aa`, Triton's kernel is also timed against itself on a second set of output
    # buffers (`aa_ratio`): the noise floor of the method for that kernel.
    sides = [o_launch, t_launch]
    if a.aa:
        a_args = fresh_args()
        sides.append(cuda.launcher(t_fn, grid, nw, tri["shared"], tri["params"], values(a_args) + [t_scr_ptr, 0],
                                   stream))
    rounds = [[] for _ in sides]

    def bench_round():
        for side, med in zip(rounds, paired_bench(torch, sides, a.warmup, a.rep)):
            side.append(med)
    for _ in range(max(1, a.rounds)):
        bench_round()
    while len(rounds[0]) < a.short_rounds and statistics.median(rounds[1]) < a.short_us:
        bench_round()
    torch.cuda.synchronize()
    o_us, t_us = statistics.median(rounds[0]), statistics.median(rounds[1])
    res.update(ours_us=o_us, triton_us=t_us, ratio=(o_us / t_us) if t_us > 0 else None, rounds=len(rounds[0]))
    if a.aa:
        res["aa_ratio"] = statistics.median(rounds[2]) / t_us if t_us > 0 else None
    res["same_code"] = same_code(ours_img, c["binary_kind"], c["name"], tri["binary"], tri["kind"], tri["name"])
    # After hundreds of launches on the same inputs the outputs must still agree (a moving result is a race).
    # Kernels that accumulate into their outputs (atomics) start again from the initial values for one launch.
    if ok_all and spec.get("accumulates"):
        for o in spec["outs"]:
            o_args[o].copy_(spec["args"][o])
            t_args[o].copy_(spec["args"][o])
        torch.cuda.synchronize()
        o_launch()
        t_launch()
        torch.cuda.synchronize()
    if ok_all:
        o_views, t_views = views(o_args), views(t_args)
        for o in o_views:
            ok, err, _ = compare(torch, o_views[o], t_views[o], exact(o), tol(o))
            if not ok:
                ok_all = False
                bad.append(f"{o}: differs after the timing runs (max error {err:.3g}): a race?")
    res["status"] = "correct" if ok_all else "wrong"
    if bad:
        res["reason"] = "; ".join(bad)
    cuda.lib.cuModuleUnload(o_mod)
    cuda.lib.cuModuleUnload(t_mod)
    del t_scr, o_scr
    return res


def check_inputs(cases, table):
    """--dry-run --check-inputs: every (kernel, constexprs) of `cases` gets its inputs and reference built on the
    CPU: the arguments must be the kernel's runtime arguments with the right kinds (tensor for a pointer, int for
    i32, float for fp32), and the reference must match the compared outputs in shape and dtype. 0 when all do."""
    import torch
    bad, seen = 0, set()
    for c in cases:
        key = (c["kernel"], json.dumps(c["constexprs"], sort_keys=True))
        if key in seen:
            continue
        seen.add(key)
        entry = table[c["kernel"]]
        names, sig = runtime_args(entry, c["constexprs"]), entry[2]
        label = f"{c['kernel']} {key[1]}"
        try:
            torch.manual_seed(zlib.crc32(c["case"].encode()))
            spec = make_case(c["kernel"], c["constexprs"], torch, torch.device("cpu"))
        except (AttributeError, RuntimeError, TypeError) as e:  # an older CPU PyTorch (no fp8 dtypes, ...)
            print(f"  {label}: skipped, this PyTorch cannot build it: {str(e).splitlines()[0][:160]}")
            continue
        why = []
        args = spec["args"]
        if sorted(args) != sorted(names):
            why.append(f"arguments {sorted(args)} != the kernel's {sorted(names)}")
        for n in names:
            v, ty = args.get(n), sig.get(n, "")
            kind = "tensor" if ty.startswith("*") else "float" if ty == "fp32" else "int"
            got = "tensor" if hasattr(v, "data_ptr") else "float" if isinstance(v, float) else "int" if isinstance(v, int) else "?"
            if n in args and got != kind:
                why.append(f"{n} is a {got}, the kernel takes {ty}")
        missing = [o for o in spec["outs"] if not hasattr(args.get(o), "data_ptr")]
        if missing:
            why.append(f"outputs {missing} are not tensors")
        grid = spec["grid"]
        if len(grid) != 3 or any(not isinstance(g, int) or g < 1 for g in grid):
            why.append(f"grid {grid}")
        if not why:
            views = spec.get("views") or (lambda d: {o: d[o] for o in spec["outs"]})
            outs = views({o: args[o].clone() for o in spec["outs"]})
            try:
                if "ref_check" in spec:
                    ok, _, msg = spec["ref_check"](args, outs)  # on poison: expected to fail, but it must run
                else:
                    ref = spec["ref"](args)
                    for o, t in ref.items():
                        if o not in outs:
                            why.append(f"reference output {o} is not compared")
                        elif tuple(t.shape) != tuple(outs[o].shape) or t.dtype != outs[o].dtype:
                            why.append(f"reference {o} is {tuple(t.shape)} {t.dtype}, the output {tuple(outs[o].shape)} {outs[o].dtype}")
                    why += [f"output {o} has no reference" for o in outs if o not in ref]
            except (AttributeError, RuntimeError, TypeError) as e:
                print(f"  {label}: reference skipped, this PyTorch cannot compute it: {str(e).splitlines()[0][:160]}")
                continue
        print(f"  {label}: {'inputs ok, grid ' + str(grid) if not why else 'BAD: ' + '; '.join(why)}")
        bad += bool(why)
    print(f"inputs of {len(seen)} kernel variants checked on the CPU, {bad} bad")
    return 1 if bad else 0


# ---------------------------------------------------------------------------------------------------------------
# Parent


def finite_json(v):
    """JSON has no inf/NaN: non-finite floats become the strings "inf", "-inf", "nan"."""
    if isinstance(v, float) and not math.isfinite(v):
        return "nan" if math.isnan(v) else "inf" if v > 0 else "-inf"
    if isinstance(v, dict):
        return {k: finite_json(x) for k, x in v.items()}
    if isinstance(v, list):
        return [finite_json(x) for x in v]
    return v


def fmt_num(v, d):
    return "-" if v is None or (isinstance(v, float) and not math.isfinite(v)) else f"{v:.{d}f}"


def fmt_err(v):
    return "-" if v is None else "0" if v == 0 else f"{v:.2e}" if math.isfinite(v) else str(v)


def print_table(rows):
    head = ["case", "status", "max error", "ours us", "Triton us", "ratio", "same code"]
    same = lambda r: "-" if r.get("same_code") is None else "yes" if r["same_code"] else "no"
    cells = [[r["case"], r["status"], fmt_err(r.get("max_err")), fmt_num(r.get("ours_us"), 2), fmt_num(r.get("triton_us"), 2),
              fmt_num(r.get("ratio"), 2), same(r)] for r in rows]
    w = [max(len(h), *(len(c[i]) for c in cells)) if cells else len(h) for i, h in enumerate(head)]
    print("  ".join(h.ljust(w[i]) for i, h in enumerate(head)))
    print("  ".join("-" * x for x in w))
    for c in cells:
        print("  ".join(c[i].ljust(w[i]) if i < 2 else c[i].rjust(w[i]) for i in range(len(head))))
    for r in rows:
        if r["status"] not in ("correct", "not built") and r.get("reason"):
            print(f"  {r['case']} [{r['status']}]: {r['reason'][:400]}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--manifest", default=os.path.join(HERE, "staged", "manifest.json"))
    ap.add_argument("--out", default=os.environ.get("OUT", "/tmp/ttg-gpu-out"))
    ap.add_argument("--case", default=None, help="only cases whose name contains this")
    ap.add_argument("--kernels", default=None,
                    help="the kernels file (default: the manifest's `kernels`, else kernels.py, next to the manifest)")
    ap.add_argument("--oracle-dir", default=None,
                    help="folder with the shared oracle's kernels.py, for kernels_extra.py's import "
                         "(default: the kernels file's folder)")
    ap.add_argument("--case-timeout", type=float, default=60.0, help="seconds one case may take")
    ap.add_argument("--warmup", type=int, default=10, help="warm-up per round, ms")
    ap.add_argument("--rep", type=int, default=40, help="repetition time per round, ms")
    ap.add_argument("--rounds", type=int, default=3, help="timing rounds (each side: the median of its round medians)")
    ap.add_argument("--short-rounds", type=int, default=9, help="rounds for kernels faster than --short-us")
    ap.add_argument("--short-us", type=float, default=20.0, help="what counts as a short kernel, microseconds")
    ap.add_argument("--aa", action="store_true", help="also time Triton's kernel against itself (aa_ratio)")
    ap.add_argument("--jobs", type=int, default=min(16, os.cpu_count() or 4), help="parallel Triton compiles")
    ap.add_argument("--dry-run", action="store_true", help="check the manifest against kernels.py; no GPU")
    ap.add_argument("--check-inputs", action="store_true",
                    help="with --dry-run: also build every kernel's inputs and reference on the CPU (needs PyTorch)")
    ap.add_argument("--simulate", action="store_true", help="fake kernels: test the process machinery; no GPU")
    # internal (worker)
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--start", type=int, default=0, help=argparse.SUPPRESS)
    ap.add_argument("--jobs-file", help=argparse.SUPPRESS)
    ap.add_argument("--results", help=argparse.SUPPRESS)
    ap.add_argument("--progress", help=argparse.SUPPRESS)
    ap.add_argument("--triton", help=argparse.SUPPRESS)
    ap.add_argument("--binaries", help=argparse.SUPPRESS)
    ap.add_argument("--env", help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.worker:
        return worker(a)

    t0 = time.time()
    manifest = json.load(open(a.manifest))
    mdir = os.path.dirname(os.path.abspath(a.manifest))
    # the manifest's `kernels`: one file name, or a list of them (the pipeline corpus), beside the manifest
    listed = manifest.get("kernels", "kernels.py")
    listed = listed if isinstance(listed, list) else [listed]
    kernels = a.kernels or os.pathsep.join(os.path.join(mdir, k) for k in listed)
    first = kernels_files(kernels)[0]
    oracle_dir = a.oracle_dir or os.path.dirname(os.path.abspath(first))
    for k in kernels_files(kernels):
        if not os.path.exists(k):
            print(f"the kernels file {k} is missing (--kernels)", file=sys.stderr)
            return 2
        if os.path.basename(k) != "kernels.py" and not os.path.exists(os.path.join(oracle_dir, "kernels.py")):
            print(f"{k} imports the shared oracle's kernels.py, which is not in {oracle_dir} (--oracle-dir)",
                  file=sys.stderr)
            return 2
    table = corpus_table(kernels)
    cases = [c for c in manifest["cases"] if not a.case or a.case in c["case"]]
    built = [c for c in cases if c["status"] == "built"]
    rows = {}
    for c in cases:
        if c["status"] != "built":
            rows[c["case"]] = {"case": c["case"], "status": "not built", "reason": c.get("reason", "")}
        elif c["kernel"] not in table or c["kernel"] not in KNOWN_KERNELS:
            rows[c["case"]] = {"case": c["case"], "status": "harness error", "reason": f"no inputs for kernel {c['kernel']}"}
        else:
            why = check_params(table[c["kernel"]], c["constexprs"], c["params"])
            if why:
                rows[c["case"]] = {"case": c["case"], "status": "launch error", "reason": f"our kernel's signature: {why}"}
    built = [c for c in built if c["case"] not in rows]
    print(f"{len(cases)} cases, {len(built)} to run on the device (manifest made at {manifest.get('commit')})", flush=True)
    if a.dry_run:
        for c in cases:
            r = rows.get(c["case"])
            print(f"  {c['case']}: {r['status'] + ' (' + r['reason'][:120] + ')' if r else 'ok: ' + ' '.join(c['params'])}")
        return check_inputs(built, table) if a.check_inputs else 0

    os.makedirs(a.out, exist_ok=True)
    work = f"/tmp/ttg-gpu-{os.getpid()}"
    os.makedirs(work, exist_ok=True)
    import pickle
    if a.simulate:
        tri = {c["case"]: {"name": c["name"]} for c in built}
    else:
        import multiprocessing as mp
        with mp.get_context("fork").Pool(max(1, min(a.jobs, len(built) or 1))) as pool:
            outs = pool.map(compile_triton, [(kernels, oracle_dir, c) for c in built], chunksize=1)
        tri = {c["case"]: o for c, o in zip(built, outs)}
        bad = [k for k, v in tri.items() if "error" in v]
        print(f"compiled {len(built) - len(bad)} Triton kernels in {time.time() - t0:.1f}s"
              + (f"; {len(bad)} failed, first: {tri[bad[0]]['error'][-300:]}" if bad else ""), flush=True)
    paths = {k: os.path.join(work, k) for k in ("jobs.json", "triton.pkl", "results.jsonl", "progress.json", "env.json")}
    json.dump(built, open(paths["jobs.json"], "w"))
    pickle.dump(tri, open(paths["triton.pkl"], "wb"))
    open(paths["results.jsonl"], "w").close()

    def done():
        out = {}
        for line in open(paths["results.jsonl"]):
            if line.strip():
                r = json.loads(line)
                out[r["case"]] = r
        return out

    start, restarts = 0, 0
    while start < len(built):
        if os.path.exists(paths["progress.json"]):
            os.remove(paths["progress.json"])
        cmd = [sys.executable, os.path.abspath(__file__), "--worker", "--start", str(start), "--kernels", kernels,
               "--jobs-file", paths["jobs.json"],
               "--results", paths["results.jsonl"], "--progress", paths["progress.json"], "--triton", paths["triton.pkl"],
               "--binaries", mdir, "--env", paths["env.json"], "--warmup", str(a.warmup), "--rep", str(a.rep), "--rounds", str(a.rounds),
               "--short-rounds", str(a.short_rounds), "--short-us", str(a.short_us)]
        if a.simulate:
            cmd.append("--simulate")
        if a.aa:
            cmd.append("--aa")
        proc = subprocess.Popen(cmd)
        started = time.time()
        killed_case = None
        while proc.poll() is None:
            time.sleep(0.2)
            try:
                prog = json.load(open(paths["progress.json"]))
            except Exception:
                prog = None
            # a case that runs too long is taken to hang; so is a worker that never starts one
            if prog and prog["case"] not in done() and time.time() - prog["t"] > a.case_timeout:
                killed_case = prog["index"]
            elif not prog and time.time() - started > a.case_timeout + 60:
                killed_case = start
            if killed_case is not None:
                proc.kill()
                proc.wait()
                break
        finished = done()
        if killed_case is not None:
            c = built[killed_case]
            with open(paths["results.jsonl"], "a") as f:
                f.write(json.dumps({"case": c["case"], "status": "launch error",
                                    "reason": f"timed out after {a.case_timeout:.0f}s (the kernel hangs?)"}) + "\n")
            finished = done()
        # next case: the first without a result
        nxt = next((i for i in range(start, len(built)) if built[i]["case"] not in finished), len(built))
        if proc.returncode not in (0, 3) and killed_case is None and not os.path.exists(paths["progress.json"]):
            # the worker died before its first case (import or CUDA initialisation): do not retry every case
            with open(paths["results.jsonl"], "a") as f:
                for c in built[nxt:]:
                    f.write(json.dumps({"case": c["case"], "status": "harness error",
                                        "reason": f"the worker process failed to start (exit {proc.returncode})"}) + "\n")
            break
        if proc.returncode not in (0, 3) and killed_case is None and nxt < len(built):
            # the worker died without recording the case it was on
            c = built[nxt]
            with open(paths["results.jsonl"], "a") as f:
                f.write(json.dumps({"case": c["case"], "status": "launch error",
                                    "reason": f"the worker process died (exit {proc.returncode}) on this case"}) + "\n")
            nxt += 1
        if nxt < len(built):
            restarts += 1
        start = nxt
    rows.update(done())
    env = {}
    if os.path.exists(paths["env.json"]):
        env = json.load(open(paths["env.json"]))
    ordered = [rows[c["case"]] for c in cases if c["case"] in rows]
    result = {"device": env.get("device", "simulated" if a.simulate else "?"), "torch": env.get("torch"),
              "triton": env.get("triton"), "manifest_commit": manifest.get("commit"),
              "corpus": manifest.get("corpus"), "kernels": ",".join(os.path.basename(k) for k in kernels_files(kernels)),
              "created": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), "worker_restarts": restarts,
              "seconds": round(time.time() - t0, 1), "cases": ordered}
    with open(os.path.join(a.out, "results.json"), "w") as f:
        json.dump(finite_json(result), f, indent=1, allow_nan=False)
    print(f"device: {result['device']}; torch {result['torch']}; triton {result['triton']}; "
          f"{restarts} worker restarts; {result['seconds']}s")
    print_table(ordered)
    passed = sum(1 for r in ordered if r["status"] == "correct")
    print(f"{passed} passed, {len(ordered) - passed} failed")
    return 0


if __name__ == "__main__":
    sys.exit(main() or 0)
