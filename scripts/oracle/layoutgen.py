# Random valid TritonGPU encodings and shapes for the layouts kind of the difftest oracle: each is built with
# Triton 3.6's gluon layout classes, printed by Triton (aliases + encoding text), and converted with Triton's
# toLinearLayout (GluonOpBuilder.to_linear_layout). Families: blocked (with and without CGA), slice (of blocked,
# mma, mfma, slice), nvidia_mma v2/v3, dot_op (of blocked, mma, mfma, wmma), amd_mfma, amd_wmma, linear.
import re
from triton._C.libtriton import ir, gluon_ir
import triton._C.libtriton as lt
import triton.experimental.gluon.language as ttgl
import triton.experimental.gluon.language.amd as AMD

_ctx = ir.context()
ir.load_dialects(_ctx)
lt.nvidia.load_dialects(_ctx)
try:
    lt.amd.load_dialects(_ctx)
except Exception:
    pass
_B = gluon_ir.GluonOpBuilder(_ctx)


def _text(attr, shape):
    ty = _B.get_distributed_ty(_B.get_half_ty(), list(shape), attr)
    mod = _B.create_module()
    fn = _B.get_or_insert_function(mod, "f", _B.get_function_ty([ty], []), "public", False)
    mod.push_back(fn)
    return mod.str()


def _ll(l):
    return {"register": [list(b) for b in l.reg_bases], "lane": [list(b) for b in l.lane_bases],
            "warp": [list(b) for b in l.warp_bases], "block": [list(b) for b in l.block_bases]}


class Gen:
    def __init__(self, rng):
        self.rng = rng

    def p2(self, a, b):
        return 2 ** self.rng.randint(a, b)

    def split(self, total, rank):
        parts = [1] * rank
        while total > 1:
            parts[self.rng.randrange(rank)] *= 2
            total //= 2
        return parts

    def order(self, rank):
        o = list(range(rank))
        self.rng.shuffle(o)
        return o

    def cga(self, rank, nctas):
        bases, maxv = [], [1] * rank
        for _ in range(nctas.bit_length() - 1):
            if self.rng.random() < 0.25:
                bases.append([0] * rank)
            else:
                d = self.rng.randrange(rank)
                b = [0] * rank
                b[d] = maxv[d]
                maxv[d] *= 2
                bases.append(b)
        return bases

    def shape(self, rank, lo=0, hi=7):
        return [self.p2(lo, hi) for _ in range(rank)]

    def blocked(self, rank, nctas=1):
        return ttgl.BlockedLayout(size_per_thread=[self.p2(0, 2) for _ in range(rank)], threads_per_warp=self.split(32, rank),
                                  warps_per_cta=self.split(self.rng.choice([1, 2, 4, 8]), rank), order=self.order(rank),
                                  cga_layout=self.cga(rank, nctas))

    def mma(self, v=None, nctas=1):
        r = self.rng
        v = v or r.choice([2, 3])
        if v == 2:
            rank = r.choice([2, 2, 3])
            wpc = self.split(r.choice([1, 2, 4, 8]), rank)
            instr = [16, 8] if rank == 2 else [1, 16, 8]
        else:
            rank = 2
            wpc = r.choice([[4, 1], [8, 1], [4, 2], [4, 4]])
            instr = [16, r.choice([8, 16, 32, 64, 128, 256]), 16]
        return rank, ttgl.NVMMADistributedLayout(version=[v, 0], warps_per_cta=wpc, instr_shape=instr, cga_layout=self.cga(rank, nctas))

    def mfma(self):
        r = self.rng
        rank = r.choice([2, 2, 3])
        v = r.choice([2, 3, 4])
        instr = r.choice([[32, 32, 8], [16, 16, 16], [32, 32, 16], [16, 16, 32], [64, 4, 4], [4, 64, 4]])
        tr = True if instr[:2] == [64, 4] else r.choice([True, False])
        tpw = [1] * rank if r.random() < 0.5 else ([1] if rank == 3 else []) + [r.choice([1, 2]), r.choice([1, 2])]
        bw = r.choice([32, 64]) if instr[:2] in ([32, 32], [16, 16]) else 32
        return rank, AMD.AMDMFMALayout(version=v, instr_shape=instr, transposed=tr, warps_per_cta=self.split(r.choice([1, 2, 4, 8]), rank),
                                       element_bitwidth=bw, tiles_per_warp=tpw)

    def wmma(self):
        r = self.rng
        rank = r.choice([2, 2, 3])
        v = r.choice([1, 2, 3])
        instr = {1: [16, 16, 16], 2: r.choice([[16, 16, 16], [16, 16, 32]]), 3: [16, 16, r.choice([4, 32, 64, 128])]}[v]
        tpw = None if r.random() < 0.6 else [1] * (rank - 2) + [r.choice([1, 2]), r.choice([1, 2])]
        return rank, v, AMD.AMDWMMALayout(version=v, transposed=r.choice([True, False]), warps_per_cta=self.split(r.choice([1, 2, 4, 8]), rank),
                                          instr_shape=instr, tiles_per_warp=tpw)

    def mma_shape(self, rank):
        return ([self.p2(0, 2)] if rank == 3 else []) + [self.p2(3, 8), self.p2(3, 8)]

    def lanes_and_rest(self, shape):
        """The unit bases of `shape` (one per bit of each dim) in random order: the first 5 as the 32 lanes
        (padded with zero bases), and the rest."""
        rank = len(shape)
        bits = [(d, 1 << i) for d in range(rank) for i in range(shape[d].bit_length() - 1)]
        self.rng.shuffle(bits)

        def vec(d, v):
            b = [0] * rank
            b[d] = v
            return b
        bases = [vec(d, v) for d, v in bits]
        nl = min(5, len(bases))
        return bases[:nl] + [[0] * rank] * (5 - nl), bases[nl:]

    def linear(self):
        r = self.rng
        rank = r.choice([1, 2, 3])
        shp = self.shape(rank, 0, 5)
        lanes, rest = self.lanes_and_rest(shp)
        nw = min(r.randint(0, 3), len(rest))
        warps = rest[:nw] + [[0] * rank] * r.randint(0, 1)
        regs = rest[nw:]
        lay = ttgl.DistributedLinearLayout(reg_bases=regs, lane_bases=lanes, warp_bases=warps, block_bases=[], shape=shp)
        return lay, [max(1, s * r.choice([1, 1, 2, 4]) // r.choice([1, 1, 2])) for s in shp]

    def pick(self):
        r = self.rng
        fam = r.choice(["blocked", "blocked_cga", "slice", "nvidia_mma_v2", "nvidia_mma_v3", "dot_op_blocked", "dot_op_mma",
                        "amd_mfma", "dot_op_mfma", "amd_wmma", "dot_op_wmma", "linear", "slice_slice", "slice_mma"])
        if fam == "blocked":
            k = r.choice([1, 2, 3, 4])
            return fam, self.blocked(k), self.shape(k)
        if fam == "blocked_cga":
            k = r.choice([1, 2, 3])
            return fam, self.blocked(k, r.choice([2, 4, 8])), self.shape(k)
        if fam == "slice":
            k = r.choice([2, 3])
            return fam, ttgl.SliceLayout(dim=r.randrange(k), parent=self.blocked(k)), self.shape(k - 1)
        if fam == "slice_slice":
            return fam, ttgl.SliceLayout(dim=r.randrange(2), parent=ttgl.SliceLayout(dim=r.randrange(3), parent=self.blocked(3))), self.shape(1)
        if fam in ("nvidia_mma_v2", "nvidia_mma_v3"):
            k, lay = self.mma(2 if fam.endswith("2") else 3, r.choice([1, 1, 2]))
            return fam, lay, self.mma_shape(k)
        if fam == "slice_mma":
            k, lay = self.mma()
            return fam, ttgl.SliceLayout(dim=r.randrange(k), parent=lay), self.mma_shape(k)[:k - 1]
        if fam == "dot_op_blocked":
            k = r.choice([2, 3])
            return fam, ttgl.DotOperandLayout(operand_index=r.choice([0, 1]), parent=self.blocked(k), k_width=0), self.shape(k, 0, 6)
        if fam == "dot_op_mma":
            k, lay = self.mma()
            op = 0 if lay.version[0] == 3 else r.choice([0, 1])
            return fam, ttgl.DotOperandLayout(operand_index=op, parent=lay, k_width=r.choice([1, 2, 4, 8])), self.mma_shape(k)
        if fam == "amd_mfma":
            k, lay = self.mfma()
            return fam, lay, self.mma_shape(k)
        if fam == "dot_op_mfma":
            k, lay = self.mfma()
            return fam, ttgl.DotOperandLayout(operand_index=r.choice([0, 1]), parent=lay, k_width=r.choice([4, 8, 16])), self.mma_shape(k)
        if fam == "amd_wmma":
            k, _, lay = self.wmma()
            # Triton asserts on a wmma tensor dimension below the instruction's 16 (other than 1): not drawn
            shp = self.mma_shape(k)
            return fam, lay, shp[:-2] + [max(16, d) for d in shp[-2:]]
        if fam == "dot_op_wmma":
            k, v, lay = self.wmma()
            kw = {1: r.choice([8, 16]), 2: r.choice([4, 8, 16]), 3: r.choice([2, 4, 8, 16])}[v]
            return fam, ttgl.DotOperandLayout(operand_index=r.choice([0, 1]), parent=lay, k_width=kw), self.mma_shape(k)
        lay, shp = self.linear()
        return "linear", lay, shp


def one(rng, note=lambda text: None):
    """One random case -> {family, aliases, encoding, shape, linear} or {skip}."""
    try:
        fam, lay, shape = Gen(rng).pick()
        note(f"{fam} {lay!r} shape={shape}")
        attr = lay._to_ir(_B)
    except Exception as e:  # the generator made a combination the gluon classes reject
        return {"skip": f"invalid: {str(e)[:200]}"}
    text = _text(attr, shape)
    aliases = [l for l in text.splitlines() if l.startswith("#") and not l.startswith("#loc")]
    m = re.search(r"function_type = \(tensor<[0-9x]*f16, (.*)>\) -> \(\)", text)
    if not m:
        return {"skip": "unprinted", "family": fam}
    try:
        ll = _ll(_B.to_linear_layout(attr, list(shape)))
    except Exception as e:
        return {"skip": f"toLinearLayout rejected: {str(e)[:200]}", "family": fam}
    return {"family": fam, "aliases": aliases, "encoding": m.group(1), "shape": list(shape), "linear": ll}
