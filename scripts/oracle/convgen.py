# Random layout conversions for the conversions kind of the difftest oracle: a shape, an element type and two
# distributed encodings with the same rank, warp count and CTA count (blocked, slice, nvidia_mma v2/v3, dot_op of
# blocked/mma, linear, amd_wmma: the 32-lane families), plus a shared encoding (swizzled, nvmma, padded, shared_linear) for a
# local_alloc / local_load of the same tensor (swizzled, nvmma, padded, shared_linear). Triton 3.6 answers:
#   trivial       GluonOpBuilder.is_convert_layout_trivial (minimalCvtLayout has no lane/warp/block dimension)
#   bank_src/dst  GluonOpBuilder.get_shared_bank_conflicts (bankConflictsMemDesc of the register layout and the
#                 shared layout, for the element bitwidth)
#   module/output a module holding `ttg.convert_layout src -> dst` and local_alloc/local_load, before and after
#                 Triton's allocate-shared-memory-nv (the convert's scratch size, shuffles vs shared memory, the
#                 offsets and ttg.shared)
import random
import re
import triton.experimental.gluon.language as ttgl
from layoutgen import Gen, _B

DTYPES = [("f16", 16, "get_half_ty"), ("f32", 32, "get_float_ty"), ("bf16", 16, "get_bf16_ty"), ("i8", 8, "get_int8_ty"),
          ("i32", 32, "get_int32_ty"), ("i64", 64, "get_int64_ty"), ("f64", 64, "get_double_ty"), ("i1", 1, "get_int1_ty"),
          ("f8E4M3FN", 8, "get_fp8e4nv_ty"), ("i16", 16, "get_int16_ty")]


def _warps(lay):
    """Warps and CTAs of a gluon distributed layout (the module's num-warps / num-ctas must match)."""
    if isinstance(lay, (ttgl.SliceLayout, ttgl.DotOperandLayout)):
        return _warps(lay.parent)
    if isinstance(lay, ttgl.DistributedLinearLayout):
        return 2 ** len(lay.warp_bases), 2 ** len(lay.block_bases)
    w = 1
    for x in lay.warps_per_cta:
        w *= x
    return w, 2 ** len(getattr(lay, "cga_layout", None) or [])


class ConvGen(Gen):
    def linear_for(self, shape, nwarps):
        rank = len(shape)
        lanes, rest = self.lanes_and_rest(shape)
        nwl = nwarps.bit_length() - 1
        nw = min(nwl, len(rest))
        warps = rest[:nw] + [[0] * rank] * (nwl - nw)
        return ttgl.DistributedLinearLayout(reg_bases=rest[nw:], lane_bases=lanes, warp_bases=warps, block_bases=[], shape=list(shape))

    def distributed(self, rank, nwarps, nctas, shape):
        """A random 32-lane distributed layout of this rank, or None when the family cannot have it."""
        r = self.rng
        fam = r.choice(["blocked", "blocked", "slice", "mma", "dot_op_mma", "dot_op_blocked", "linear", "slice_mma", "wmma"])
        split = lambda k: self.split(nwarps, k)  # noqa: E731
        cga = lambda k: self.cga(k, nctas)  # noqa: E731
        blocked = lambda k: ttgl.BlockedLayout(size_per_thread=[self.p2(0, 2) for _ in range(k)], threads_per_warp=self.split(32, k),  # noqa: E731
                                               warps_per_cta=split(k), order=self.order(k), cga_layout=cga(k))
        if fam == "blocked":
            return fam, blocked(rank)
        if fam == "slice":
            return fam, ttgl.SliceLayout(dim=r.randrange(rank + 1), parent=blocked(rank + 1))
        if fam == "dot_op_blocked" and rank in (2, 3):
            return fam, ttgl.DotOperandLayout(operand_index=r.choice([0, 1]), parent=blocked(rank), k_width=0)
        if fam == "linear" and nctas == 1:
            return fam, self.linear_for(shape, nwarps)
        if fam in ("mma", "dot_op_mma", "slice_mma"):
            prank = rank + 1 if fam == "slice_mma" else rank
            v = 3 if prank == 2 and nwarps >= 4 and nwarps % 4 == 0 and r.random() < 0.4 else 2
            if prank not in (2, 3) or (v == 3 and prank != 2):
                return None
            if v == 2:
                lay = ttgl.NVMMADistributedLayout(version=[2, 0], warps_per_cta=split(prank), instr_shape=[16, 8] if prank == 2 else [1, 16, 8],
                                                  cga_layout=cga(prank))
            else:
                wpc = [4, nwarps // 4] if r.random() < 0.7 else [nwarps, 1]
                lay = ttgl.NVMMADistributedLayout(version=[3, 0], warps_per_cta=wpc, instr_shape=[16, r.choice([8, 16, 32, 64, 128, 256]), 16],
                                                  cga_layout=cga(prank))
            if fam == "mma":
                return fam, lay
            if fam == "slice_mma":
                return fam, ttgl.SliceLayout(dim=r.randrange(prank), parent=lay)
            return fam, ttgl.DotOperandLayout(operand_index=0 if v == 3 else r.choice([0, 1]), parent=lay, k_width=r.choice([1, 2, 4, 8]))
        if fam == "wmma" and rank in (2, 3) and nctas == 1:
            v = r.choice([1, 2, 3])
            instr = {1: [16, 16, 16], 2: r.choice([[16, 16, 16], [16, 16, 32]]), 3: [16, 16, r.choice([4, 32, 64, 128])]}[v]
            lay = ttgl.amd.AMDWMMALayout(version=v, transposed=r.choice([True, False]), warps_per_cta=split(rank), instr_shape=instr)
            # Triton asserts on wmma tensors smaller than the instruction: keep those out
            if any(s < 16 for s in shape[-2:]):
                return None
            return fam, lay
        return None

    def shared(self, shape, nctas, bits):
        rank = len(shape)
        r = self.rng
        # Triton aborts on an nvmma layout over fewer than 8 rows or a row narrower than its swizzle (per CTA)
        cga = self.cga(rank, nctas)
        per_cta = list(shape)
        for b in cga:
            for d, v in enumerate(b):
                if v:
                    per_cta[d] //= 2
        if rank == 2 and r.random() < 0.4 and bits in (8, 16, 32) and min(per_cta) >= 8:
            tr = r.choice([False, False, True])
            contig = per_cta[-2] if tr else per_cta[-1]
            swz = r.choice([b for b in (0, 32, 64, 128) if b <= contig * bits // 8])
            return "nvmma", ttgl.NVMMASharedLayout(swizzle_byte_width=swz, element_bitwidth=bits, rank=rank, transposed=tr, cga_layout=cga)
        if nctas == 1 and max(shape) > 1 and r.random() < 0.35:
            # the tensor's element bits as offset bases: in a random order of dimensions, or a random permutation
            bits = [[1 << i if k == d else 0 for k in range(rank)] for d in self.order(rank) for i in range(shape[d].bit_length() - 1)]
            if r.random() < 0.5:
                r.shuffle(bits)
            if r.random() < 0.5:
                intervals = sorted(r.sample([2 ** k for k in range(1, 11)], r.choice([1, 1, 2])))
                pairs = [[iv, 2 ** r.randint(0, 4)] for iv in intervals]
                return "padded", ttgl.PaddedSharedLayout(pairs, bits, [], list(shape))
            return "shared_linear", ttgl.SharedLinearLayout(bits, [], r.choice([16, 16, 32, 128, 1024]))
        return "swizzled", ttgl.SwizzledSharedLayout(vec=self.p2(0, 3), per_phase=self.p2(0, 2), max_phase=self.p2(0, 3), order=self.order(rank),
                                                     cga_layout=self.cga(rank, nctas))


def pick(rng):
    """-> dict(src, dst, shared: (family, gluon layout); shape; dtype; bits; nwarps; nctas) or None."""
    g = ConvGen(rng)
    rank = rng.choice([1, 2, 2, 2, 3])
    shape = g.mma_shape(rank) if rank >= 2 and rng.random() < 0.6 else g.shape(rank, 0, 7)
    while rank >= 2 and shape[-1] * shape[-2] * (shape[0] if rank == 3 else 1) > 1 << 15:
        shape[rng.randrange(rank)] = max(1, shape[rng.randrange(rank)] // 2)
    nwarps = rng.choice([1, 2, 4, 4, 8, 16])
    nctas = rng.choice([1] * 8 + [2, 4])
    pair = []
    for _ in range(40):
        c = g.distributed(rank, nwarps, nctas, shape)
        if c is not None:
            pair.append(c)
            if len(pair) == 2:
                break
    if len(pair) < 2:
        return None
    if rng.random() < 0.1:
        pair[1] = pair[0]  # the same encoding: trivially no conversion
    name, bits, ctor = rng.choice(DTYPES)
    return {"src": pair[0], "dst": pair[1], "shared": g.shared(shape, nctas, max(bits, 8)), "shape": shape, "dtype": name, "bits": bits,
            "ctor": ctor, "nwarps": nwarps, "nctas": nctas}


MODULE = """{aliases}
module attributes {{"ttg.num-ctas" = {nctas} : i32, "ttg.num-warps" = {nwarps} : i32, ttg.target = "cuda:{cc}", "ttg.threads-per-warp" = 32 : i32}} {{
  tt.func public @cvt(%arg0: {src}) -> ({dst}, {dst}) {{
    %0 = ttg.convert_layout %arg0 : {src} -> {dst}
    %1 = ttg.local_alloc %arg0 : ({src}) -> {mem}
    %2 = ttg.local_load %1 : {mem} -> {dst}
    tt.return %0, %2 : {dst}, {dst}
  }}
}}
"""


def one(rng, note=lambda text: None):
    """One random conversion -> the answers above, or {skip}."""
    p = pick(rng)
    if p is None:
        return {"skip": "no layout pair for the drawn rank/warps/ctas"}
    cc = rng.choice([80, 90])
    note(f"{p['src'][0]}->{p['dst'][0]} shared={p['shared'][0]} {p['src'][1]!r} -> {p['dst'][1]!r} via {p['shared'][1]!r} shape={p['shape']} {p['dtype']}")
    try:
        src, dst, sh = (p[k][1]._to_ir(_B) for k in ("src", "dst", "shared"))
    except Exception as e:  # the generator made a combination the gluon classes reject
        return {"skip": f"invalid: {str(e)[:200]}"}
    shape = p["shape"]
    elt = getattr(_B, p["ctor"])()
    ts, td = _B.get_distributed_ty(elt, shape, src), _B.get_distributed_ty(elt, shape, dst)
    tm = _B.get_shared_mem_desc_ty(elt, shape, sh, shape)
    mod = _B.create_module()
    fn = _B.get_or_insert_function(mod, "f", _B.get_function_ty([ts, td, tm], []), "public", False)
    mod.push_back(fn)
    fn.add_entry_block()
    text = mod.str()
    aliases = [l for l in text.splitlines() if l.startswith("#") and not l.startswith("#loc")]
    m = re.search(r"\^bb0\(%arg0: (.*) loc\(unknown\), %arg1: (.*) loc\(unknown\), %arg2: (.*) loc\(unknown\)\)", text)
    if not m:
        return {"skip": "unprinted"}
    out = {"family": f"{p['src'][0]}->{p['dst'][0]}", "shared_family": p["shared"][0], "shape": shape, "dtype": p["dtype"], "cc": cc,
           "aliases": aliases, "src": m.group(1), "dst": m.group(2), "mem": m.group(3)}
    out["trivial"] = bool(_B.is_convert_layout_trivial(td, fn.args(0)))
    # Triton's bankConflictsMemDesc aborts (reshapeIns to a zero-sized segment) on tensors under 1024 bits
    elems = 1
    for x in shape:
        elems *= x
    # ... and has no toLinearLayout for padded shared encodings ("unknown layout")
    if p["bits"] >= 8 and elems * p["bits"] >= 1024 and p["shared"][0] != "padded":
        out["bank_src"] = _B.get_shared_bank_conflicts(src, sh, shape, p["bits"])
        out["bank_dst"] = _B.get_shared_bank_conflicts(dst, sh, shape, p["bits"])
    out["module"] = MODULE.format(aliases="\n".join(aliases), nctas=p["nctas"], nwarps=p["nwarps"], cc=cc, src=m.group(1), dst=m.group(2),
                                  mem=m.group(3).replace(", mutable>", ">"))
    return out
