# Triton's side of `npm run bench -- --vs-triton`: times Triton 3.6's own C++ passes in process (the wheel's pybind
# bindings, the same calls the NVIDIA backend's make_ttgir / make_llir make), on TTIR/TTGIR files, text in, text out.
#
# A line-oriented server, so that the Node side can alternate ours/Triton per repetition on one machine:
#   python3 bench_triton.py            reads JSON requests, one a line, on stdin; answers one JSON line each on stdout.
#   {"op": "hello"}                                   -> {"triton": "3.6.0", "python": "..."}
#   {"op": "total", "file": F, "flags": [...]}        -> {"ms": parse+passes+print, "cpu": CPU ms, "parse": ms, "passes": ms,
#                                                          "print": ms, "bytes": n}   (one pass manager for all flags;
#                                                          with "text": true, the printed module too)
#   {"op": "passes", "file": F, "flags": [...]}       -> {"ms": [ms per flag]}        (one pass manager per flag)
#   {"op": "output", "file": F, "flags": [...], "out": P} writes the printed result to P (for checks).
# A flag is spelt as ttg-opt / triton-opt spell it (`--tritongpu-coalesce`, `--convert-triton-gpu-to-llvm=
# compute-capability=80 ptx-version=87`); an unknown one is an error answer: {"error": "..."}.
# Exits 3 with one line on stderr when triton cannot be imported.
import json
import sys
import time

try:
    import triton
    import triton._C.libtriton as lt
    from triton._C.libtriton import ir, passes
    sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
    from triton_passes import pass_adder
except Exception as ex:  # noqa: BLE001 - any import failure means "no usable triton"
    sys.stderr.write(f"bench_triton: cannot import triton with {sys.executable}: {ex}\n")
    sys.exit(3)

nv = lt.nvidia.passes


def parse_flag(flag):
    """(name, {option: value}) of `--name=k=v k2=v2`."""
    body = flag.lstrip("-")
    name, _, rest = body.partition("=")
    opts = {}
    for kv in rest.split():
        k, _, v = kv.partition("=")
        opts[k] = v
    return name, opts


def add_pass(pm, flag):
    """Adds the pass that `flag` names to `pm`, with the binding the NVIDIA backend uses for it."""
    name, o = parse_flag(flag)
    add = pass_adder(name, o)
    if add is None:
        raise ValueError(f"no Triton binding known for {flag}")
    add(pm)


ctx = ir.context()
ir.load_dialects(ctx)
lt.nvidia.load_dialects(ctx)


def run_total(file, flags):
    c0 = time.process_time()
    t0 = time.perf_counter()
    mod = ir.parse_mlir_module(file, ctx)
    t1 = time.perf_counter()
    pm = ir.pass_manager(ctx)
    for f in flags:
        add_pass(pm, f)
    pm.run(mod, "bench")
    t2 = time.perf_counter()
    text = mod.str_nodebug()
    t3 = time.perf_counter()
    cpu = (time.process_time() - c0) * 1e3
    return text, {"ms": (t3 - t0) * 1e3, "cpu": cpu, "parse": (t1 - t0) * 1e3, "passes": (t2 - t1) * 1e3, "print": (t3 - t2) * 1e3,
                  "bytes": len(text)}


def run_passes(file, flags):
    mod = ir.parse_mlir_module(file, ctx)
    out = []
    for f in flags:
        pm = ir.pass_manager(ctx)
        add_pass(pm, f)
        t0 = time.perf_counter()
        pm.run(mod, "bench")
        out.append((time.perf_counter() - t0) * 1e3)
    return {"ms": out}


def answer(req):
    op = req.get("op")
    if op == "hello":
        return {"triton": triton.__version__, "python": sys.version.split()[0], "executable": sys.executable}
    if op == "total":
        text, r = run_total(req["file"], req["flags"])
        if req.get("text"):
            r["text"] = text
        return r
    if op == "passes":
        return run_passes(req["file"], req["flags"])
    if op == "output":
        text, r = run_total(req["file"], req["flags"])
        with open(req["out"], "w") as fh:
            fh.write(text)
        return r
    raise ValueError(f"unknown op {op!r}")


def main():
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        try:
            res = answer(json.loads(line))
        except Exception as ex:  # noqa: BLE001 - reported to the caller as one line
            res = {"error": f"{type(ex).__name__}: {str(ex)[:2000]}"}
        sys.stdout.write(json.dumps(res) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
