# usage: PYTHON_WITH_TRITON scripts/perf/print-bench-triton.py FILE.mlir...  (compare with print-bench.mjs)
# Triton 3.6's own printing (str_nodebug) of parsed modules: best of repeated runs (small ones until ~0.3 s).
import time, sys
from triton._C.libtriton import ir
import triton._C.libtriton as lt
ctx = ir.context(); ir.load_dialects(ctx); lt.nvidia.load_dialects(ctx)
for p in sys.argv[1:]:
    m = ir.parse_mlir_module(p, ctx)
    best = 1e9; spent = 0; i = 0
    while i < 20 or spent < 0.3:
        t = time.perf_counter(); s = m.str_nodebug(); d = time.perf_counter() - t
        best = min(best, d); spent += d; i += 1
    print(f"{best*1000:8.2f} ms {len(s)//1024:5d} KB {p}")
