# Extra linear-layout ground truth from Triton 3.6 (gluon layouts -> builder.to_linear_layout), complementing
# ../shared/golden/layouts.jsonl: CGA (multi-CTA) blocked/mma layouts, dot operands of blocked/mma-with-CGA/
# mfma/wmma parents, mfma/wmma with tilesPerWarp, linear encodings at other shapes, slices of slices and of
# dot operands. Run on the GPU machine (device tool, Triton 3.6.0 wheel): `N=150 python3 layouts-extra.oracle.py`
# writes $OUT/ll2.jsonl; test/layouts-extra.jsonl is that output reshaped like layouts.jsonl (family, aliases,
# encoding, shape, linear). Shared layouts cannot be converted through this API (the result must be a
# distributed LinearEncodingAttr), so they are not included.
import os, sys, json, random, traceback
OUT = os.environ.get("OUT", "/tmp/out"); os.makedirs(OUT, exist_ok=True)
rng = random.Random(7)
import triton
from triton._C.libtriton import ir, gluon_ir
import triton._C.libtriton as lt
import triton.experimental.gluon.language as ttgl
import triton.experimental.gluon.language.amd as AMD
ctx = ir.context(); ir.load_dialects(ctx); lt.nvidia.load_dialects(ctx)
try: lt.amd.load_dialects(ctx)
except Exception: pass
B = gluon_ir.GluonOpBuilder(ctx)

def text_of(attr, shape, shared):
    elt = B.get_half_ty()
    ty = B.get_shared_mem_desc_ty(elt, list(shape), attr, list(shape)) if shared else B.get_distributed_ty(elt, list(shape), attr)
    mod = B.create_module()
    fn = B.get_or_insert_function(mod, "f", B.get_function_ty([ty], []), "public", False)
    mod.push_back(fn)
    return mod.str()

def ll_json(l):
    d = {}
    for k, n in [("reg_bases", "register"), ("lane_bases", "lane"), ("warp_bases", "warp"), ("block_bases", "block"), ("offset_bases", "offset")]:
        if hasattr(l, k):
            try: d[n] = [list(b) for b in getattr(l, k)]
            except Exception: pass
    return d

def child(layout, shape, shared):
    attr = layout._to_ir(B)
    rec = {"text": text_of(attr, shape, shared)}
    try:
        rec["linear"] = ll_json(B.to_linear_layout(attr, list(shape)))
    except Exception as e:
        rec["ll_error"] = str(e)[:300]
    return rec

def forked(fn):
    r, w = os.pipe(); pid = os.fork()
    if pid == 0:
        os.close(r)
        try: data = json.dumps(fn()).encode()
        except Exception: data = json.dumps({"error": traceback.format_exc()[-800:]}).encode()
        with os.fdopen(w, "wb") as f: f.write(data)
        os._exit(0)
    os.close(w)
    with os.fdopen(r, "rb") as f: data = f.read()
    _, st = os.waitpid(pid, 0)
    return json.loads(data) if data else {"crash": st}

out = open(os.path.join(OUT, "ll2.jsonl"), "w")
counts = {}
def emit(family, layout, shape, shared=False):
    r = forked(lambda: child(layout, shape, shared))
    r["family"] = family; r["shape"] = list(shape); r["repr"] = repr(layout)[:400]
    k = family + (" ok" if "linear" in r else " err")
    counts[k] = counts.get(k, 0) + 1
    out.write(json.dumps(r) + "\n")

def p2(a, b): return 2 ** rng.randint(a, b)
def split(total, rank):
    parts = [1] * rank; t = total
    while t > 1: parts[rng.randrange(rank)] *= 2; t //= 2
    return parts
def rorder(rank): o = list(range(rank)); rng.shuffle(o); return o
def cga(rank, nctas):
    # random CGA: permutation bases along dims plus broadcast zeros
    bases = []; maxv = [1] * rank
    for _ in range(nctas.bit_length() - 1):
        if rng.random() < 0.25: bases.append([0] * rank)
        else:
            d = rng.randrange(rank); b = [0] * rank; b[d] = maxv[d]; maxv[d] *= 2; bases.append(b)
    return bases
def blocked(rank, nctas=1):
    return ttgl.BlockedLayout(size_per_thread=[p2(0, 2) for _ in range(rank)], threads_per_warp=split(32, rank),
                              warps_per_cta=split(rng.choice([1, 2, 4, 8]), rank), order=rorder(rank), cga_layout=cga(rank, nctas))
def shape(rank, lo=0, hi=7): return [p2(lo, hi) for _ in range(rank)]

N = int(os.environ.get("N", "150"))
for _ in range(N):
  try:
      r = rng.choice([1, 2, 3]); emit("blocked_cga", blocked(r, rng.choice([2, 4, 8])), shape(r))
  except Exception as e:
    counts["skip"] = counts.get("skip", 0) + 1
for _ in range(N):
  try:
      r = rng.choice([2, 3]); par = blocked(r, rng.choice([1, 1, 2, 4]))
      op = rng.choice([0, 1]); emit("dot_op_blocked", ttgl.DotOperandLayout(operand_index=op, parent=par, k_width=0), shape(r, 0, 6))
  except Exception as e:
    counts["skip"] = counts.get("skip", 0) + 1
for _ in range(N):
  try:
      v = rng.choice([2, 3]); nc = rng.choice([2, 4])
      if v == 2:
          r = rng.choice([2, 2, 3]); wpc = split(rng.choice([1, 2, 4, 8]), r); instr = [16, 8] if r == 2 else [1, 16, 8]
      else:
          r = 2; wpc = rng.choice([[4, 1], [8, 1], [4, 2]]); instr = [16, rng.choice([8, 16, 64, 128]), 16]
      lay = ttgl.NVMMADistributedLayout(version=[v, 0], warps_per_cta=wpc, instr_shape=instr, cga_layout=cga(r, nc))
      shp = [p2(5, 8) for _ in range(r)] if r == 2 else [p2(0, 3), p2(5, 7), p2(4, 7)]
      if rng.random() < 0.5: emit("mma_cga", lay, shp)
      else:
          op = 0 if v == 3 else rng.choice([0, 1]); kw = rng.choice([1, 2, 4, 8])
          emit("dot_op_mma_cga", ttgl.DotOperandLayout(operand_index=op, parent=lay, k_width=kw), shp)
  except Exception as e:
    counts["skip"] = counts.get("skip", 0) + 1
for _ in range(N):
  try:
      r = rng.choice([2, 2, 3]); v = rng.choice([2, 3, 4])
      instr = rng.choice([[32, 32, 8], [16, 16, 16], [32, 32, 16], [16, 16, 32], [64, 4, 4], [4, 64, 4]])
      tr = rng.choice([True, False])
      if instr[:2] == [64, 4]: tr = True
      tpw = [1] * r if rng.random() < 0.5 else ([1] if r == 3 else []) + [rng.choice([1, 2]), rng.choice([1, 2])]
      lay = AMD.AMDMFMALayout(version=v, instr_shape=instr, transposed=tr, warps_per_cta=split(rng.choice([1, 2, 4, 8]), r),
                             element_bitwidth=rng.choice([32, 64]) if instr[:2] in ([32, 32], [16, 16]) else 32, tiles_per_warp=tpw)
      shp = ([p2(0, 2)] if r == 3 else []) + [p2(4, 8), p2(4, 8)]
      if rng.random() < 0.4: emit("amd_mfma_x", lay, shp)
      elif rng.random() < 0.7:
          emit("dot_op_mfma_x", ttgl.DotOperandLayout(operand_index=rng.choice([0, 1]), parent=lay, k_width=rng.choice([4, 8, 16])), shp)
      else:
          emit("slice_mfma", ttgl.SliceLayout(dim=rng.randrange(r), parent=lay), [p2(4, 8) for _ in range(r - 1)])
  except Exception as e:
    counts["skip"] = counts.get("skip", 0) + 1
for _ in range(N):
  try:
      r = rng.choice([2, 2, 3]); v = rng.choice([1, 2, 3])
      instr = {1: [16, 16, 16], 2: rng.choice([[16, 16, 16], [16, 16, 32]]), 3: [16, 16, rng.choice([4, 32, 64, 128])]}[v]
      tpw = None if rng.random() < 0.6 else [1] * (r - 2) + [rng.choice([1, 2]), rng.choice([1, 2])]
      lay = AMD.AMDWMMALayout(version=v, transposed=rng.choice([True, False]), warps_per_cta=split(rng.choice([1, 2, 4, 8]), r),
                             instr_shape=instr, tiles_per_warp=tpw)
      shp = ([p2(0, 2)] if r == 3 else []) + [p2(4, 8), p2(4, 8)]
      if rng.random() < 0.35: emit("amd_wmma_x", lay, shp)
      else:
          kw = {1: rng.choice([8, 16]), 2: rng.choice([4, 8, 16]), 3: rng.choice([2, 4, 8, 16])}[v]
          emit("dot_op_wmma", ttgl.DotOperandLayout(operand_index=rng.choice([0, 1]), parent=lay, k_width=kw), shp)
  except Exception as e:
    counts["skip"] = counts.get("skip", 0) + 1
for _ in range(N):
  try:
      r = rng.choice([1, 2, 3]); shp = shape(r, 0, 5)
      # a random permutation layout of the given shape
      bits = [(d, 1 << i) for d in range(r) for i in range(shp[d].bit_length() - 1)]; rng.shuffle(bits)
      def vec(d, v): b = [0] * r; b[d] = v; return b
      bases = [vec(d, v) for d, v in bits]
      nl = min(5, len(bases)); lanes = bases[:nl] + [[0] * r] * (5 - nl); rest = bases[nl:]
      nw = min(rng.randint(0, 3), len(rest)); warps = rest[:nw] + [[0] * r] * rng.randint(0, 1); regs = rest[nw:]
      lay = ttgl.DistributedLinearLayout(reg_bases=regs, lane_bases=lanes, warp_bases=warps, block_bases=[], shape=shp)
      emit("linear_x", lay, [max(1, s * rng.choice([1, 1, 2, 4]) // rng.choice([1, 1, 2])) for s in shp])
  except Exception as e:
    counts["skip"] = counts.get("skip", 0) + 1
for _ in range(N):
  try:
      r = 3; par = blocked(r); d1 = rng.randrange(3); d2 = rng.randrange(2)
      emit("slice_slice", ttgl.SliceLayout(dim=d2, parent=ttgl.SliceLayout(dim=d1, parent=par)), [p2(0, 7)])
      par = ttgl.NVMMADistributedLayout(version=[2, 0], warps_per_cta=split(4, 2), instr_shape=[16, 8])
      emit("slice_dot", ttgl.SliceLayout(dim=rng.choice([0, 1]), parent=ttgl.DotOperandLayout(operand_index=rng.choice([0, 1]), parent=par, k_width=2)), [p2(2, 8)])
  except Exception as e:
    counts["skip"] = counts.get("skip", 0) + 1
for _ in range(N // 3):
  try:
      r = rng.choice([2, 3])
      emit("swizzled_x", ttgl.SwizzledSharedLayout(vec=p2(0, 3), per_phase=p2(0, 2), max_phase=p2(0, 3), order=rorder(r), cga_layout=cga(r, rng.choice([1, 2]))), shape(r, 1, 6), True)
      emit("nvmma_x", ttgl.NVMMASharedLayout(swizzle_byte_width=rng.choice([0, 32, 64, 128]), element_bitwidth=rng.choice([8, 16, 32]), rank=r, transposed=rng.choice([True, False])), shape(r, 4, 7), True)
  except Exception as e:
    counts["skip"] = counts.get("skip", 0) + 1
out.close()
print(json.dumps(counts, indent=1))
