# The input of `--nvgpu-warp-specialization` for a kernel of a PIPE table whose warp specialization Triton 3.6 cannot
# finish (it asserts in token lowering, or its IR fails to verify): the pass is skipped in the compile (which records
# the pass plan as ../shared/oracle/pipeline.py does), then the TTIR is replayed up to it. Prints the num-stages the
# pass would get. Use a fresh TRITON_CACHE_DIR (a cached compile records no passes):
#   TRITON_CACHE_DIR=$(mktemp -d) /tmp/tv/bin/python scripts/oracle/ws_input.py KERNELS.py ENTRY_NAME OUT.mlir
import sys, os
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../../shared/oracle"))
sys.path.insert(0, "/work/shared/oracle")
import pipeline as PL
import triton
from triton.backends.compiler import GPUTarget
from triton.compiler import ASTSource
from triton._C.libtriton import ir
import triton._C.libtriton as lt
kfile, kname, out = sys.argv[1], sys.argv[2], sys.argv[3]
log = PL.record_passes()
hop = lt.nvidia.passes.hopper
orig = hop.add_hopper_warpspec
def skip(pm, *args):
    log.append({"marker": True, "args": list(args)})
hop.add_hopper_warpspec = skip
K = PL.load_kernels(kfile)
e = next(e for e in PL.entries(K) if e[0] == kname)
fn, sig, div, consts = e[1], dict(e[2]), e[4], e[3][0]
for k in consts: sig[k] = "constexpr"
attrs = {(list(fn.arg_names).index(a),): [["tt.divisibility", 16]] for a in div}
opts = e[6]
src = ASTSource(fn=fn, signature=sig, constexprs=consts, attrs=attrs)
k = triton.compile(src, target=GPUTarget("cuda", 90, 32), options={"num_warps": 4, "num_stages": opts.get("num_stages", [3])[0]})
ctx = ir.context(); ir.load_dialects(ctx); lt.nvidia.load_dialects(ctx)
import tempfile
ttir = os.path.join(tempfile.mkdtemp(), "ttir.mlir")
open(ttir, "w").write(k.asm["ttir"])
mod = ir.parse_mlir_module(ttir, ctx)
started = False
for r in log:
    if "marker" in r:
        print("num-stages", r["args"][0]); break
    if r.get("module", "").startswith("llvmir") or "call" not in r: continue
    if r["fn"] == "add_convert_to_ttgpuir": started = True
    if not started:
        continue
    pm = ir.pass_manager(ctx); r["call"](pm, *r["args"]); pm.run(mod, r["fn"])
open(out, "w").write(str(mod))
