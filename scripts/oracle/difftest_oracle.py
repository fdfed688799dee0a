# The Triton 3.6 side of `npm run difftest` (golden/difftest): a long-lived server, JSON lines on stdin -> JSON
# lines on stdout, one request per line, answered in order. Each case runs in a forked child, so a Triton
# assertion or segfault kills that case only ({"crash": "..."}), and the server goes on.
#
#   {"op": "layout", "seed": S}                       a random encoding + shape (blocked, slice, nvidia_mma v2/v3,
#        -> {"family", "aliases", "encoding", "shape", "linear"} | {"skip": why}   dot_op, amd_mfma, amd_wmma, linear),
#                                                     printed by Triton and converted with its toLinearLayout
#   {"op": "layouts", "seeds": [S, ...]}             many layout cases in one forked child (see forked_batch)
#        -> {"results": [reply per seed]}
#   {"op": "conversions", "seeds": [S, ...]}          random conversion pairs (convgen.py): Triton's
#        -> {"results": [{family, aliases, src, dst, mem, shape, dtype, cc, trivial, bank_src, bank_dst,
#                          module, input, output} | {skip} | {crash, note}]}   is_convert_layout_trivial, bank
#                                                     conflicts, and the module after allocate-shared-memory-nv
#   {"op": "pass", "text": MLIR, "pipeline": "any(name{opts})"}
#        -> {"input": Triton's re-print, "output": after the pass} | {"reject": msg} | {"unsupported": why}
#   {"op": "kernel", "seed": S, "cap": 80|90}          a random Triton kernel (kernelgen.py), compiled on the CPU
#        -> {"src", "name", "log": MLIR_ENABLE_DUMP stderr} | {"error": msg}
#   {"op": "ping"} -> {"pong": version}
#   {"op": "stats"} -> {"cpu": CPU seconds of this server and its finished children}
#
# Run with the Python that has the triton==3.6.0 wheel: python3 scripts/oracle/difftest_oracle.py
import os, sys, json, re, random, tempfile, traceback, signal

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
os.environ.setdefault("TRITON_ALWAYS_COMPILE", "1")
import triton  # noqa: E402
from triton._C.libtriton import ir, passes  # noqa: E402
import triton._C.libtriton as lt  # noqa: E402
from triton_passes import pass_adder  # noqa: E402

TMP = tempfile.mkdtemp(prefix="difftest-oracle-")
# kernel compiles write Triton's cache: keep it in TMP (removed at exit), not in ~/.triton of a long run
os.environ.setdefault("TRITON_CACHE_DIR", os.path.join(TMP, "cache"))
CASE_TIMEOUT = int(os.environ.get("DIFFTEST_CASE_TIMEOUT", "120"))


def forked(fn):
    """Runs fn() in a child; returns its JSON-able result, or {"crash": ...} when the child died."""
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(r)
        signal.alarm(CASE_TIMEOUT)
        try:
            data = json.dumps(fn()).encode()
        except Exception:
            data = json.dumps({"error": traceback.format_exc()[-2000:]}).encode()
        with os.fdopen(w, "wb") as f:
            f.write(data)
        os._exit(0)
    os.close(w)
    with os.fdopen(r, "rb") as f:
        data = f.read()
    _, st = os.waitpid(pid, 0)
    note_path = os.path.join(TMP, f"note{pid}")
    note = open(note_path).read() if os.path.exists(note_path) else None
    if note is not None:
        os.unlink(note_path)
    if data:
        return json.loads(data)
    sig = os.WTERMSIG(st) if os.WIFSIGNALED(st) else None
    res = {"crash": f"timeout after {CASE_TIMEOUT}s" if sig == signal.SIGALRM else f"signal {sig}" if sig else f"exit {os.WEXITSTATUS(st)}"}
    if note:
        res["note"] = note[-1000:]
    return res


def forked_batch(fn, items):
    """fn(item) for every item, in forked children that stream one JSON line per result: when a child dies (a
    Triton assertion), the item it was on gets {"crash", "note"} and a new child goes on with the next one, so a
    batch costs one fork plus one per crash."""
    out = []
    while len(out) < len(items):
        start = len(out)
        r, w = os.pipe()
        pid = os.fork()
        if pid == 0:
            os.close(r)
            f = os.fdopen(w, "w")
            for it in items[start:]:
                signal.alarm(CASE_TIMEOUT)
                try:
                    res = fn(it)
                except Exception:
                    res = {"error": traceback.format_exc()[-2000:]}
                f.write(json.dumps(res) + "\n")
                f.flush()
            os._exit(0)
        os.close(w)
        with os.fdopen(r) as f:
            for line in f:
                out.append(json.loads(line))
        _, st = os.waitpid(pid, 0)
        if len(out) < len(items):
            note_path = os.path.join(TMP, f"note{pid}")
            sig = os.WTERMSIG(st) if os.WIFSIGNALED(st) else None
            res = {"crash": f"timeout after {CASE_TIMEOUT}s" if sig == signal.SIGALRM else f"signal {sig}" if sig else f"exit {os.WEXITSTATUS(st)}"}
            if os.path.exists(note_path):
                res["note"] = open(note_path).read()[-1000:]
            out.append(res)
        for p in (os.path.join(TMP, f"note{pid}"),):
            if os.path.exists(p):
                os.unlink(p)
    return out


def note(text):
    """What a child is about to do: reported with its crash, if it dies."""
    with open(os.path.join(TMP, f"note{os.getpid()}"), "w") as f:
        f.write(text)


# ---------------------------------------------------------------------------------------------------------------
# passes: the pipeline string of meta.json -> the binding call that adds that pass

def _opts(s):
    return dict(kv.split("=", 1) for kv in s.split()) if s else {}


def _norm_pipe(s):
    return re.sub(r"\s+", " ", s.replace("{ ", "{")).strip()


def run_pass(req):
    m = re.fullmatch(r"any\(([\w-]+)(?:\{(.*)\})?\)", req["pipeline"].strip())
    if not m:
        return {"unsupported": "pipeline syntax"}
    add = pass_adder(m.group(1), _opts((m.group(2) or "").strip()))
    if add is None:
        return {"unsupported": f"no binding for {m.group(1)}"}
    path = os.path.join(TMP, f"p{os.getpid()}.mlir")
    with open(path, "w") as f:
        f.write(req["text"])
    ctx = ir.context()
    ir.load_dialects(ctx)
    lt.nvidia.load_dialects(ctx)
    try:
        mod = ir.parse_mlir_module(path, ctx)
    except Exception as e:
        return {"reject": str(e)[:2000]}
    mod.context = ctx
    if not mod.verify():
        return {"reject": "verifier failed"}
    inp = mod.str_nodebug()
    pm = ir.pass_manager(ctx)
    add(pm)
    got = pm.get_pipeline_str()
    if _norm_pipe(got) != _norm_pipe(req["pipeline"]):
        return {"unsupported": f"pipeline mismatch: {got}"}
    os.unlink(path)
    try:
        pm.run(mod, "difftest")
    except Exception as e:
        return {"input": inp, "pass_error": str(e)[:3000]}
    return {"input": inp, "output": mod.str_nodebug()}


# ---------------------------------------------------------------------------------------------------------------
# layouts

def run_layout(req):
    import layoutgen
    return layoutgen.one(random.Random(req["seed"]), note)


def run_conversion(seed):
    import convgen
    c = convgen.one(random.Random(seed), note)
    if "module" in c:
        r = run_pass({"text": c["module"], "pipeline": f"any(allocate-shared-memory-nv{{compute-capability={c['cc']} ptx-version=87}})"})
        c.update(r)
    return c


# ---------------------------------------------------------------------------------------------------------------
# kernels

class _Stop(Exception):
    pass


def _llir_prefix(src, options, capability):
    """make_llir of Triton 3.6's CUDA backend up to tritongpu-global-scratch-memory-allocation (and the proxy
    fence insertion after it), with the same pass manager settings, so the dump log holds those passes."""
    from triton.backends.nvidia.compiler import get_ptx_version_from_options
    from triton._C.libtriton import nvidia
    ptx_version = get_ptx_version_from_options(options, capability)
    pm = ir.pass_manager(src.context)
    pm.enable_debug()
    passes.ttgpuir.add_combine_tensor_select_and_if(pm)
    passes.ttgpuir.add_allocate_warp_groups(pm)
    passes.convert.add_scf_to_cf(pm)
    passes.gluon.add_inliner(pm)
    nvidia.passes.ttgpuir.add_allocate_shared_memory_nv(pm, capability, ptx_version)
    nvidia.passes.ttnvgpuir.add_allocate_tensor_memory(pm)
    nvidia.passes.ttnvgpuir.add_check_matmul_two_cta(pm)
    passes.ttgpuir.add_allocate_global_scratch_memory(pm)
    nvidia.passes.ttnvgpuir.add_proxy_fence_insertion(pm, capability)
    pm.run(src, "make_llir")
    raise _Stop()


def _quiet(stage):
    """The stage without MLIR_ENABLE_DUMP (its pass managers read the variable when they are made)."""
    def run(src, metadata):
        os.environ["MLIR_ENABLE_DUMP"] = "0"
        try:
            return stage(src, metadata)
        finally:
            os.environ["MLIR_ENABLE_DUMP"] = "1"
    return run


def _truncate_stages(backend, stages, options, language, capability):
    # make_ttir is not replayed (the kernels kind starts at make_ttgir): no dumps to print there
    stages["ttir"] = _quiet(stages["ttir"])
    stages["llir"] = lambda src, metadata: _llir_prefix(src, options, capability)
    stages.pop("ptx", None)
    stages.pop("cubin", None)


_warm = False


def _warm_up():
    """One compile in the server itself, so that what Triton does once per process (importing the backend,
    asking ptxas its version, building the pass pipelines' caches) is done before the fork, not in every case."""
    global _warm
    if _warm:
        return
    _warm = True
    saved = os.dup(1)
    try:
        os.dup2(2, 1)  # nothing may reach the JSON channel
        run_kernel({"seed": 0, "cap": 80})
    except Exception:
        pass
    finally:
        os.dup2(saved, 1)
        os.close(saved)


def run_kernel(req):
    import kernelgen
    src, name, sig, consts, opts = kernelgen.generate(random.Random(req["seed"]))
    path = os.path.join(TMP, f"k{os.getpid()}_{req['seed']}.py")
    with open(path, "w") as f:
        f.write(src)
    log = os.path.join(TMP, f"k{os.getpid()}.log")
    fd = os.open(log, os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
    os.environ["MLIR_ENABLE_DUMP"] = "1"
    from triton import knobs
    try:
        knobs.compilation.dump_ir = True  # noqa
    except Exception:
        pass
    import importlib.util
    spec = importlib.util.spec_from_file_location(f"gen{req['seed']}", path)
    K = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(K)
    from triton.backends.compiler import GPUTarget
    from triton.compiler import ASTSource
    fn = getattr(K, name)
    sig = dict(sig)
    for k in consts:
        sig[k] = "constexpr"
    attrs = {(list(fn.arg_names).index(a),): [["tt.divisibility", 16]] for a in sig if sig[a].startswith("*")}
    # Only the passes that ttg-replay compares: make_llir stops after the allocation passes (no LLVM lowering, no
    # PTX, no cubin), which makes a kernel several times cheaper (the dumps of the LLVM IR are most of the log)
    if not req.get("full"):
        knobs.runtime.add_stages_inspection_hook = _truncate_stages
    sys.stderr.flush()
    saved = os.dup(2)
    os.dup2(fd, 2)
    err = None
    try:
        triton.compile(ASTSource(fn=fn, signature=sig, constexprs=consts, attrs=attrs),
                       target=GPUTarget("cuda", int(req["cap"]), 32), options=opts)
    except _Stop:
        pass
    except Exception as e:
        err = str(e)[-2000:]
    sys.stderr.flush()
    os.dup2(saved, 2)
    os.close(fd)
    text = open(log, errors="replace").read()
    for p in (log, path):
        os.unlink(p)
    out = {"src": src, "name": name, "options": opts, "log": text}
    if err:
        out["error"] = err
    return out


def main():
    import layoutgen, kernelgen, convgen  # noqa: F401  (once here, so that forked children share them)
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        try:
            req = json.loads(line)
            op = req.get("op")
            if op == "ping":
                res = {"pong": triton.__version__}
            elif op == "stats":
                import resource
                me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
                res = {"cpu": me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime}
            elif op == "layout":
                res = forked(lambda: run_layout(req))
            elif op == "layouts":
                import layoutgen
                res = {"results": forked_batch(lambda s: layoutgen.one(random.Random(s), note), req["seeds"])}
            elif op == "conversions":
                res = {"results": forked_batch(run_conversion, req["seeds"])}
            elif op == "pass":
                res = forked(lambda: run_pass(req))
            elif op == "kernel":
                _warm_up()
                res = forked(lambda: run_kernel(req))
            else:
                res = {"error": f"unknown op {op}"}
        except Exception:
            res = {"error": traceback.format_exc()[-2000:]}
        if "id" in (req if isinstance(req, dict) else {}):
            res["id"] = req["id"]
        sys.stdout.write(json.dumps(res) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    try:
        main()
    finally:
        import shutil
        shutil.rmtree(TMP, ignore_errors=True)
