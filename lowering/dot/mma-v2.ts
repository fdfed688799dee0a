/**
 * `tt.dot` on `#ttg.nvidia_mma` version 2 → `mma.sync` inline PTX (Triton 3.6's MMAv2.cpp: m16n8k16 / k8 / k32
 * on sm80+, m16n8k8 f16 on sm75).
 *
 * The operand registers are found by coordinates rather than by Triton's register-order formulas: every
 * register of A (dot_op opIdx 0), B (opIdx 1) and C/D (the mma layout) is keyed by its tensor coordinates in
 * lane 0 of warp 0. An instruction covers a C tile (rows m0, m0+8 × columns n0, n0+1 in lane 0) and a group
 * of K values: the distinct K values lane 0 holds, in increasing order, are cut in groups of
 * `kHalves × kPerReg` (kPerReg = 32 / element bits): one group per instruction, the first kPerReg values
 * packed in the first 32-bit register of a half, and so on. Since a dot product does not depend on the order of
 * K, any grouping works as long as A and B use the same one (Triton's "large kWidth" register permutation is
 * this grouping).
 *
 * Before emitting, every instruction is checked against the PTX fragment layouts for all 32 lanes (the row of
 * each A element and of each D element, the column of each B and D element, and the K value of each A/B
 * slot must agree, and each C tile must see every K exactly once), and warps must not split K: a layout
 * that does not fit is an error, never wrong code.
 *
 * One exception reproduces Triton 3.6 on purpose: when K is smaller than Triton's operand tile along K
 * (getRepForOperand's 256 / element bits: 16 for f16, 32 for 8-bit types, 8 for tf32), the dot operand layout
 * broadcasts K (its registers past K repeat those inside it) and Triton's MMAv2 lowering feeds every register,
 * duplicates included, to the instructions of one tile. Each K value then enters the sum tile / K times (an fp8
 * 16x16x16 dot computes twice the product). We emit the same instructions: the tile's K slots are read at
 * `slot mod K`, and each K value must appear exactly tile / K times.
 */
import type { Operation, Value } from '../../dialect/ir/ir.js';
import { FloatType, IntegerType, RankedTensorType, VectorType, type Type } from '../../dialect/ir/type.js';
import type { LinearLayout } from '../../dialect/linear-layout/linear-layout.js';
import type { LoweringContext } from '../conversion.js';
import { DotOp } from '../../dialect/tt/ops.js';
import { BLOCK, LANE, REGISTER, tensorLayout, WARP } from '../layout-indices.js';
import { ptx } from '../ptx.js';
import { emitF64Mma } from './mma-v2-f64.js';

/** Coordinates of (register, lane, warp) in a layout (block 0). */
export function coordAt(ll: LinearLayout, reg: number, lane: number, warp: number): number[] {
  // A linear layout is linear over GF(2): L(reg, lane, warp) = L(reg, 0, 0) ^ L(0, lane, 0) ^ L(0, 0, warp). The
  // planners ask for every (register, lane) pair, so each dimension's images are computed once per layout.
  const t = coordTablesOf(ll);
  const r = t.image(0, reg);
  const l = t.image(1, lane);
  const w = t.image(2, warp);
  const out = new Array<number>(r.length);
  for (let k = 0; k < r.length; k++) out[k] = r[k]! ^ l[k]! ^ w[k]!;
  return out;
}

/** The images of one in-dim's values (register, lane or warp; the other in-dims at 0), filled in as asked. */
class CoordTables {
  private readonly roles: number[];
  private readonly images: number[][][] = [[], [], []];
  constructor(private readonly ll: LinearLayout) {
    this.roles = ll.getInDimNames().map((d) => (d === REGISTER ? 0 : d === LANE ? 1 : d === WARP ? 2 : 3));
  }
  image(role: number, v: number): number[] {
    const table = this.images[role]!;
    let img = table[v];
    if (!img) table[v] = img = this.ll.applyValues(this.roles.map((x) => (x === role ? v : 0)));
    return img;
  }
}
const coordTables = new WeakMap<LinearLayout, CoordTables>();
function coordTablesOf(ll: LinearLayout): CoordTables {
  let t = coordTables.get(ll);
  if (!t) coordTables.set(ll, (t = new CoordTables(ll)));
  return t;
}

/** The first register of each distinct lane-0/warp-0 coordinate, keyed by the coordinates. */
export function registerMap(ll: LinearLayout): Map<string, number> {
  const m = new Map<string, number>();
  const n = ll.hasInDim(REGISTER) ? ll.getInDimSize(REGISTER) : 1;
  for (let r = 0; r < n; r++) {
    const k = coordAt(ll, r, 0, 0).join(',');
    if (!m.has(k)) m.set(k, r);
  }
  return m;
}

type Mnemonic = string;

interface MmaShape {
  ptxName: Mnemonic;
  /** Elements per 32-bit operand register. */
  kPerReg: number;
  /** 2 (m16n8k16-style: A has 4 registers, B 2) or 1 (Turing m16n8k8: A 2, B 1). */
  kHalves: number;
  /** Output kind: f32 (4 × "=f"), i32 (4 × "=r"), f16 (2 × "=r" holding f16x2), f64 (mma-v2-f64.ts). */
  acc: 'f32' | 'i32' | 'f16' | 'f64';
}

function elemName(t: Type): string {
  if (t instanceof FloatType) return t.kind;
  if (t instanceof IntegerType) return `i${t.width}`;
  return t.key;
}

/** Triton's getMmaType + instruction tables. */
function mmaShape(a: Type, b: Type, d: Type, inputPrecision: number, turing: boolean): MmaShape | string {
  const ea = elemName(a);
  const eb = elemName(b);
  const ed = elemName(d);
  const fp8: Record<string, string> = { f8E5M2: 'e5m2', f8E4M3FN: 'e4m3' };
  if (ed === 'f32') {
    if (ea === 'f16' && eb === 'f16') {
      return turing
        ? { ptxName: 'mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32', kPerReg: 2, kHalves: 1, acc: 'f32' }
        : { ptxName: 'mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32', kPerReg: 2, kHalves: 2, acc: 'f32' };
    }
    if (turing) return `no sm75 mma for ${ea} x ${eb} -> ${ed}`;
    if (ea === 'bf16' && eb === 'bf16') return { ptxName: 'mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32', kPerReg: 2, kHalves: 2, acc: 'f32' };
    if (fp8[ea] && fp8[eb]) return { ptxName: `mma.sync.aligned.m16n8k32.row.col.f32.${fp8[ea]}.${fp8[eb]}.f32`, kPerReg: 4, kHalves: 2, acc: 'f32' };
    // InputPrecision: 0 = tf32, 1 = tf32x3, 2 = ieee.
    if (ea === 'f32' && eb === 'f32' && inputPrecision === 0) return { ptxName: 'mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32', kPerReg: 1, kHalves: 2, acc: 'f32' };
  } else if (ed === 'i32') {
    if (ea === 'i8' && eb === 'i8' && !turing) return { ptxName: 'mma.sync.aligned.m16n8k32.row.col.satfinite.s32.s8.s8.s32', kPerReg: 4, kHalves: 2, acc: 'i32' };
  } else if (ed === 'f16') {
    if (ea === 'f16' && eb === 'f16') {
      return turing
        ? { ptxName: 'mma.sync.aligned.m16n8k8.row.col.f16.f16.f16.f16', kPerReg: 2, kHalves: 1, acc: 'f16' }
        : { ptxName: 'mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16', kPerReg: 2, kHalves: 2, acc: 'f16' };
    }
    // fp8 operands with f16 accumulators (Triton's FP16_FP8*_FP8*_FP16).
    if (!turing && fp8[ea] && fp8[eb]) return { ptxName: `mma.sync.aligned.m16n8k32.row.col.f16.${fp8[ea]}.${fp8[eb]}.f16`, kPerReg: 4, kHalves: 2, acc: 'f16' };
  } else if (ed === 'f64') {
    // Planned as m16n8k4 units (one f64 per register); mma-v2-f64.ts picks the instruction.
    if (!turing && ea === 'f64' && eb === 'f64') return { ptxName: '', kPerReg: 1, kHalves: 1, acc: 'f64' };
  }
  return `no mma.sync for ${ea} x ${eb} -> ${ed}${ea === 'f32' ? ` (input precision ${inputPrecision})` : ''}`;
}

interface Instr {
  batch: number;
  m0: number;
  n0: number;
  /** k values of lane 0: [half][j]. */
  ks: number[][];
}

const key = (...xs: number[]): string => xs.join(',');

/**
 * Plans the instructions of an mma v2 dot and checks them against the PTX fragment layouts; returns the
 * instructions grouped as Triton orders them (batch, k group, m tile, n tile), or a reason.
 */
export function planMmaV2(aLL: LinearLayout, bLL: LinearLayout, cLL: LinearLayout, shape: MmaShape, rank: number, K: number, tileK = 0): { instrs: Instr[] } | string {
  const bo = rank === 3 ? 1 : 0; // offset of (m|k, k|n) coordinates
  const aMap = registerMap(aLL);
  const bMap = registerMap(bLL);
  const cMap = registerMap(cLL);
  const batchOf = (c: number[]): number => (rank === 3 ? c[0]! : 0);
  // Rows and columns past a dimension smaller than the tile (M or N < 16 / 8) are the broadcast copies of
  // rows/columns inside it: an instruction's second row half reads them (and writes the same results twice).
  const M = cLL.getOutDimSize(cLL.getOutDimNames()[bo]!);
  const N = cLL.getOutDimSize(cLL.getOutDimNames()[bo + 1]!);
  const row = (m: number): number => m & (M - 1);
  const col = (n: number): number => n & (N - 1);

  // Warps (and CTAs) must not split K, and must agree on the rows/columns of A, B and C.
  for (const dim of [WARP, BLOCK]) {
    const n = Math.max(aLL.hasInDim(dim) ? aLL.getInDimSizeLog2(dim) : 0, cLL.hasInDim(dim) ? cLL.getInDimSizeLog2(dim) : 0);
    for (let i = 0; i < n; i++) {
      const at = (ll: LinearLayout): number[] => (ll.hasInDim(dim) && i < ll.getInDimSizeLog2(dim) ? [...ll.getBasis(dim, i)] : new Array<number>(rank).fill(0));
      const a = at(aLL);
      const b = at(bLL);
      const c = at(cLL);
      if (a[bo + 1] !== 0 || b[bo] !== 0) return `${dim} bases split K`;
      if (a[bo] !== c[bo] || b[bo + 1] !== c[bo + 1] || batchOf(a) !== batchOf(c) || batchOf(b) !== batchOf(c)) return `${dim} bases of the operands and the accumulator disagree`;
    }
  }

  // C tiles in lane 0: rows {m0, m0 ^ 8}, columns {n0, n0 ^ 1}.
  const tiles = new Map<string, { batch: number; m0: number; n0: number }>();
  for (const k of cMap.keys()) {
    const c = k.split(',').map(Number);
    const t = { batch: batchOf(c), m0: c[bo]! & ~8, n0: c[bo + 1]! & ~1 };
    tiles.set(key(t.batch, t.m0, t.n0), t);
  }
  const per = shape.kHalves * shape.kPerReg;
  // K below Triton's operand tile: the tile's K slots wrap around K (see the header), `copies` times each.
  const copies = tileK > K ? tileK / K : 1;
  const instrs: Instr[] = [];
  const laneG = (l: number): number => l >> 2;
  const laneT = (l: number): number => l & 3;
  const aTab = coordTablesOf(aLL);
  const bTab = coordTablesOf(bLL);
  const cTab = coordTablesOf(cLL);
  // Per-instruction slot tables (see the lane checks): rows of A/C slots (16), columns of B/C slots (8), K slots.
  const rowOf = new Int32Array(16);
  const colOf = new Int32Array(8);
  const kOf = new Int32Array(4 * shape.kPerReg * shape.kHalves);
  const kOrder: number[] = [];
  // A's lane-0 coordinates, parsed once rather than per tile.
  const aCoords = [...aMap.keys()].map((k) => k.split(',').map(Number));
  for (const t of [...tiles.values()].sort((x, y) => x.batch - y.batch || x.m0 - y.m0 || x.n0 - y.n0)) {
    // K values of lane 0 in A's row m0.
    const ks = copies > 1 ? broadcastKSlots(shape, tileK, K) : [...new Set(aCoords.filter((c) => batchOf(c) === t.batch && c[bo] === t.m0).map((c) => c[bo + 1]!))].sort((x, y) => x - y);
    if (ks.length % per !== 0 || ks.length === 0) return `lane 0 holds ${ks.length} K values of A, not a multiple of ${per}`;
    const seenK = new Map<number, number>();
    for (let g = 0; g < ks.length / per; g++) {
      const group = ks.slice(g * per, (g + 1) * per);
      const instr: Instr = { batch: t.batch, m0: t.m0, n0: t.n0, ks: [] };
      for (let h = 0; h < shape.kHalves; h++) instr.ks.push(group.slice(h * shape.kPerReg, (h + 1) * shape.kPerReg));
      // Check the instruction on every lane. By linearity, a register's coordinates in lane l are those in lane 0
      // xor lane l's image (warp 0's image is zero), read from the layouts' tables without building arrays.
      // Slot tables (row of each A row slot, column of each B/C column slot, K of each A/B k slot) hold -1 until
      // a lane sets them; K slots also keep the order they were first set in (the order of the K count below).
      rowOf.fill(-1);
      colOf.fill(-1);
      kOf.fill(-1);
      kOrder.length = 0;
      const agree = (m: Int32Array, slot: number, v: number): boolean => {
        const prev = m[slot]!;
        if (prev === -1) {
          m[slot] = v;
          if (m === kOf) kOrder.push(slot);
          return true;
        }
        return prev === v;
      };
      const coord = (bt: number, x: number, y: number): number[] => (rank === 3 ? [bt, x, y] : [x, y]);
      // The register of a slot does not depend on the lane: looked up in lane 0's pass (which reports a missing
      // one at the same point as before) and reused by the other 31 lanes.
      const aRegs: number[] = [];
      const bRegs: number[] = [];
      const cRegs: number[] = [];
      for (let l = 0; l < 32; l++) {
        const g8 = laneG(l);
        const t4 = laneT(l);
        const L = aTab.image(1, l);
        for (let i = 0; i < 2 * shape.kHalves; i++) {
          for (let j = 0; j < shape.kPerReg; j++) {
            const slot = i * shape.kPerReg + j;
            const r = l > 0 ? aRegs[slot] : (aRegs[slot] = aMap.get(key(...coord(t.batch, row(t.m0 ^ (8 * (i & 1))), instr.ks[i >> 1]![j]!)))!);
            if (r === undefined) return `A has no register for row ${t.m0 ^ (8 * (i & 1))}, k ${instr.ks[i >> 1]![j]}`;
            const R = aTab.image(0, r);
            const rho = g8 + 8 * (i & 1);
            const kappa = shape.kPerReg * t4 + j + 4 * shape.kPerReg * (i >> 1);
            const batch = rank === 3 ? R[0]! ^ L[0]! : 0;
            if (batch !== t.batch || !agree(rowOf, rho, R[bo]! ^ L[bo]!) || !agree(kOf, kappa, R[bo + 1]! ^ L[bo + 1]!)) return 'A does not match the mma fragment layout';
          }
        }
      }
      for (let l = 0; l < 32; l++) {
        const g8 = laneG(l);
        const t4 = laneT(l);
        const L = bTab.image(1, l);
        for (let i = 0; i < shape.kHalves; i++) {
          for (let j = 0; j < shape.kPerReg; j++) {
            const slot = i * shape.kPerReg + j;
            const r = l > 0 ? bRegs[slot] : (bRegs[slot] = bMap.get(key(...coord(t.batch, instr.ks[i]![j]!, col(t.n0))))!);
            if (r === undefined) return `B has no register for k ${instr.ks[i]![j]}, column ${t.n0}`;
            const R = bTab.image(0, r);
            const kappa = shape.kPerReg * t4 + j + 4 * shape.kPerReg * i;
            const batch = rank === 3 ? R[0]! ^ L[0]! : 0;
            const k = kOf[kappa]!;
            if (batch !== t.batch || k === -1 || k !== (R[bo]! ^ L[bo]!) || !agree(colOf, g8, R[bo + 1]! ^ L[bo + 1]!)) return 'B does not match the mma fragment layout';
          }
        }
      }
      for (let l = 0; l < 32; l++) {
        const g8 = laneG(l);
        const t4 = laneT(l);
        const L = cTab.image(1, l);
        for (let i = 0; i < 4; i++) {
          const r = l > 0 ? cRegs[i] : (cRegs[i] = cMap.get(key(...coord(t.batch, row(t.m0 ^ (8 * (i >> 1))), col(t.n0 ^ (i & 1)))))!);
          if (r === undefined) return `C has no register for row ${t.m0 ^ (8 * (i >> 1))}, column ${t.n0 ^ (i & 1)}`;
          const R = cTab.image(0, r);
          const rho = g8 + 8 * (i >> 1);
          const nu = 2 * t4 + (i & 1);
          const batch = rank === 3 ? R[0]! ^ L[0]! : 0;
          const row0 = rowOf[rho]!;
          const col0 = colOf[nu]!;
          if (batch !== t.batch || row0 === -1 || row0 !== (R[bo]! ^ L[bo]!) || col0 === -1 || col0 !== (R[bo + 1]! ^ L[bo + 1]!)) return 'C does not match the mma fragment layout';
        }
      }
      for (const slot of kOrder) {
        const k = kOf[slot]!;
        const n = (seenK.get(k) ?? 0) + 1;
        if (n > copies) return `K value ${k} is used ${n > 2 ? `${n} times` : 'twice'}`;
        seenK.set(k, n);
      }
      instrs.push(instr);
    }
    if (seenK.size !== K || [...seenK.keys()].some((k) => k < 0 || k >= K) || [...seenK.values()].some((n) => n !== copies)) {
      return `the instructions of a tile cover ${seenK.size} of K = ${K} values${copies > 1 ? ` (each ${copies} times)` : ''}`;
    }
  }
  // Triton's order: batch, k group, m tile, n tile.
  const groupIdx = new Map<Instr, number>();
  const byTile = new Map<string, Instr[]>();
  for (const ins of instrs) {
    const k = key(ins.batch, ins.m0, ins.n0);
    const l = byTile.get(k) ?? [];
    groupIdx.set(ins, l.length);
    l.push(ins);
    byTile.set(k, l);
  }
  instrs.sort((x, y) => x.batch - y.batch || groupIdx.get(x)! - groupIdx.get(y)! || x.m0 - y.m0 || x.n0 - y.n0);
  return { instrs };
}

/**
 * Lane 0's K values, in instruction order, when K is below the operand tile `tileK`: lane 0 holds slots
 * `j + 4 * kPerReg * h` of each instruction's `4 * per` slots; the instructions cover the tile's slots in order,
 * and slot s holds K value `s mod K` (the broadcast copies Triton feeds to the instructions).
 */
function broadcastKSlots(shape: MmaShape, tileK: number, K: number): number[] {
  const instrK = 4 * shape.kHalves * shape.kPerReg;
  const ks: number[] = [];
  for (let g = 0; g < tileK / instrK; g++) {
    for (let h = 0; h < shape.kHalves; h++) for (let j = 0; j < shape.kPerReg; j++) ks.push((g * instrK + 4 * shape.kPerReg * h + j) % K);
  }
  return ks;
}

/** Lowers a tt.dot whose result has an mma v2 layout. */
export function lowerMmaV2Dot(op: Operation, ctx: LoweringContext): string | void {
  const b = ctx.b;
  const [aT, bT, cT, dT] = [DotOp.a(op), DotOp.b(op), DotOp.c(op), DotOp.d(op)].map((v) => v.type as RankedTensorType) as [RankedTensorType, RankedTensorType, RankedTensorType, RankedTensorType];
  const rank = dT.rank;
  const inputPrecision = DotOp.inputPrecision(op).num;
  const shape = mmaShape(aT.elementType, bT.elementType, dT.elementType, inputPrecision, ctx.computeCapability < 80);
  if (typeof shape === 'string') ctx.error(`tt.dot: ${shape}`);
  const K = aT.shape[rank - 1]!;
  // Triton's operand tile along K (getRepForOperand: 4 lanes x 64 bits); f64 keeps its own plan (mma-v2-f64.ts).
  const aBits = aT.elementType instanceof FloatType || aT.elementType instanceof IntegerType ? aT.elementType.width : 0;
  const tileK = shape.acc === 'f64' || aBits === 0 ? 0 : 256 / aBits;
  const plan = planMmaV2(tensorLayout(aT), tensorLayout(bT), tensorLayout(dT), shape, rank, K, tileK);
  if (typeof plan === 'string') ctx.error(`tt.dot (mma v2): unsupported operand layouts: ${plan}`);

  const aVals = ctx.lowered(DotOp.a);
  const bVals = ctx.lowered(DotOp.b);
  const cVals = ctx.lowered(DotOp.c);
  const aMap = registerMap(tensorLayout(aT));
  const bMap = registerMap(tensorLayout(bT));
  const cLL = tensorLayout(cT);
  const cMap = registerMap(cLL);
  // Rows/columns past a dimension smaller than the tile are copies of those inside it (see planMmaV2).
  const M = dT.shape[rank - 2]!;
  const N = dT.shape[rank - 1]!;
  const coord = (bt: number, x: number, y: number): string => (rank === 3 ? key(bt, x, y) : key(x, y));
  const i32 = IntegerType.get(32);

  // Packs kPerReg elements into one b32 operand register (cached).
  const packCache = new Map<string, Value>();
  const pack = (vals: readonly Value[], regs: number[], tag: string): Value => {
    const ck = tag + regs.join(',');
    const hit = packCache.get(ck);
    if (hit) return hit;
    let v: Value;
    if (regs.length === 1) v = b.bitcast(vals[regs[0]!]!, i32);
    else {
      const et = vals[regs[0]!]!.type;
      let vec = b.undef(VectorType.get([regs.length], et));
      regs.forEach((r, j) => (vec = b.insertElement(vec, vals[r]!, j)));
      v = b.bitcast(vec, i32);
    }
    packCache.set(ck, v);
    return v;
  };

  // Accumulators by C coordinate.
  const acc = new Map<string, Value>();
  for (const [k, r] of cMap) acc.set(k, cVals[r]!);
  const accTy = cVals[0]!.type;
  if (shape.acc === 'f64') {
    const err = emitF64Mma({ b, units: plan.instrs, hopper: ctx.computeCapability === 90, aVals, bVals, aMap, bMap, acc, coord, row: (m) => m & (M - 1), col: (n) => n & (N - 1) });
    if (err) ctx.error(`tt.dot (mma v2): ${err}`);
  }
  const f16x2 = VectorType.get([2], FloatType.get('f16'));

  for (const ins of shape.acc === 'f64' ? [] : plan.instrs) {
    const aRegs: Value[] = [];
    for (let i = 0; i < 2 * shape.kHalves; i++) {
      const m = (ins.m0 ^ (8 * (i & 1))) & (M - 1);
      const regs = ins.ks[i >> 1]!.map((k) => aMap.get(coord(ins.batch, m, k))!);
      aRegs.push(pack(aVals, regs, 'a'));
    }
    const bRegs: Value[] = [];
    for (let i = 0; i < shape.kHalves; i++) {
      const regs = ins.ks[i]!.map((k) => bMap.get(coord(ins.batch, k, ins.n0 & (N - 1)))!);
      bRegs.push(pack(bVals, regs, 'b'));
    }
    const cKeys = [0, 1, 2, 3].map((i) => coord(ins.batch, (ins.m0 ^ (8 * (i >> 1))) & (M - 1), (ins.n0 ^ (i & 1)) & (N - 1)));
    let cIns: Value[];
    if (shape.acc === 'f16') {
      cIns = [0, 1].map((h) => {
        let v = b.undef(f16x2);
        v = b.insertElement(v, acc.get(cKeys[2 * h]!)!, 0);
        v = b.insertElement(v, acc.get(cKeys[2 * h + 1]!)!, 1);
        return b.bitcast(v, i32);
      });
    } else cIns = cKeys.map((k) => acc.get(k)!);
    const nOut = cIns.length;
    const outC = shape.acc === 'f32' ? '=f' : '=r';
    const dList = Array.from({ length: nOut }, (_, i) => `$${i}`).join(', ');
    const cList = Array.from({ length: nOut }, (_, i) => `$${nOut + i}`).join(', ');
    const aBase = 2 * nOut;
    const aList = aRegs.map((_, i) => `$${aBase + i}`).join(', ');
    const bList = bRegs.map((_, i) => `$${aBase + aRegs.length + i}`).join(', ');
    const asm = `${shape.ptxName} { ${dList} }, { ${aList} }, { ${bList} }, { ${cList} };`;
    const outTy = shape.acc === 'f32' ? FloatType.get('f32') : i32;
    const outs = ptx(
      b,
      asm,
      new Array<string>(nOut).fill(outC),
      [...cIns.map((v, i): [Value, string] => [v, String(i)]), ...aRegs.map((v): [Value, string] => [v, 'r']), ...bRegs.map((v): [Value, string] => [v, 'r'])],
      new Array<Type>(nOut).fill(outTy),
      true,
    );
    if (shape.acc === 'f16') {
      outs.forEach((o, h) => {
        const v = b.bitcast(o, f16x2);
        acc.set(cKeys[2 * h]!, b.extractElement(v, 0));
        acc.set(cKeys[2 * h + 1]!, b.extractElement(v, 1));
      });
    } else outs.forEach((o, i) => acc.set(cKeys[i]!, b.bitcast(o, accTy)));
  }

  // D has the layout of C: every register reads its coordinate's accumulator.
  const nReg = cVals.length;
  const results: Value[] = [];
  for (let r = 0; r < nReg; r++) results.push(acc.get(coordAt(cLL, r, 0, 0).join(','))!);
  ctx.replaceWith(results);
}
