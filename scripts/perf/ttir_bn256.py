import os, sys, glob
sys.path.insert(0, "/work/shared/oracle")
os.environ["TRITON_KERNEL_DUMP"] = "1"; os.environ["TRITON_DUMP_DIR"] = "/tmp/mmb/dump"; os.environ["TRITON_ALWAYS_COMPILE"] = "1"
import triton
from triton.backends.compiler import GPUTarget
from triton.compiler import ASTSource
import kernels_pipe as KP
entry = next(e for e in KP.PIPE if e[0] == "matmul_pipe")
fn, sig, div = entry[1], entry[2], entry[4]
consts = {"BM": 128, "BN": 256, "BK": 64, "sak": 1, "sbn": 1, "scn": 1}
signature = dict(sig)
for k in consts: signature[k] = "constexpr"
D16 = getattr(KP, "D16", [["tt.divisibility", 16]])
attrs = {(list(fn.arg_names).index(a),): D16 for a in div}
src = ASTSource(fn=fn, signature=signature, constexprs=consts, attrs=attrs)
try:
    k = triton.compile(src, target=GPUTarget("cuda", 90, 32), options={"num_warps": 8, "num_stages": 4})
    print("compiled", k.metadata.shared)
except Exception as e:
    print("compile error (ttir may still be dumped):", str(e)[:300])
print(glob.glob("/tmp/mmb/dump/**/*.ttir", recursive=True))
