# gen.py KERNELFILE NAME OUT.mlir  : Triton 3.6's TTIR of a kernel (target cuda:100), printed without locations
import re, sys, importlib.util
import triton
from triton._C.libtriton import ir
from triton.backends.compiler import GPUTarget
from triton.compiler.compiler import ASTSource, make_backend
spec = importlib.util.spec_from_file_location("k", sys.argv[1]); K = importlib.util.module_from_spec(spec); spec.loader.exec_module(K)
fn, sig, consts = K.KERNELS[sys.argv[2]]
sig = dict(sig)
for k in consts: sig[k] = "constexpr"
D16 = [["tt.divisibility", 16]]
attrs = {(i,): D16 for i, a in enumerate(fn.arg_names) if sig.get(a, "").startswith("*") or sig.get(a) == "i32"}
src = ASTSource(fn=fn, signature=sig, constexprs=consts, attrs=attrs)
target = GPUTarget("cuda", 100, 32)
backend = make_backend(target)
options = backend.parse_options({"num_warps": 4})
ctx = ir.context(); ir.load_dialects(ctx); backend.load_dialects(ctx)
mod = src.make_ir(target, options, backend.get_codegen_implementation(options), backend.get_module_map(), ctx)
stages = {}; backend.add_stages(stages, options, src.language)
md = {}
ttir = stages["ttir"](mod, md)
# Without locations: argument names would otherwise print from their NameLocs.
text = "\n".join(l for l in str(ttir).split("\n") if not l.startswith("#loc"))
text = re.sub(r" loc\((?:[^()]|\((?:[^()]|\([^()]*\))*\))*\)", "", text)
open(sys.argv[3], "w").write(text)
