/**
 * `ttg.convert_layout` between distributed layouts, chosen by the linear-layout algebra (paper "Linear Layouts"
 * §5; Triton 3.6's ConvertLayoutOpToLLVM).
 *
 * `conversion = minimalCvtLayout(src, dst)` (dst's hardware indices → src's, with the dims on which both layouts
 * agree quotiented out) says which hardware dims data has to cross:
 * - none: the layouts are equal, the registers are reused;
 * - registers only: a permutation of the registers (no code);
 * - lanes (not warps): warp shuffles (below), or shared memory when that is cheaper and the allocation reserved a
 *   scratch buffer (it does when Triton itself would not shuffle);
 * - warps: through the scratch buffer in shared memory, swizzled by `optimalSwizzling` (swizzle.ts), with
 *   vectorized `ld.shared`/`st.shared` (or ldmatrix/stmatrix when the swizzling chose them), a barrier between
 *   the store and load phases, and several rounds when the buffer holds a fraction (`reps`) of the tensor;
 * - blocks: not supported (Triton 3.6 does not lower it either).
 *
 * ## Warp shuffles
 *
 * Registers that are copies (zero register bases) are dropped on both sides. Over GF(2), let M map a destination
 * position (register r, lane l) to a source position (register r', lane l') holding the same element (one
 * solution; any element of the kernel of the source layout may be added, which lets a destination take an
 * element from its own lane when the source has copies). Write M = [[A, B], [C, E]] (rows: source register,
 * source lane; columns: destination register, destination lane).
 *
 * Every thread fills each destination register exactly once, one per round. In the round of register e, lane l
 * fills register e ⊕ H·l for a linear H (lanes → destination registers), so it needs
 *   M(e ⊕ Hl, l) = (A e ⊕ (AH ⊕ B) l,  C e ⊕ (CH ⊕ E) l) = (A e ⊕ Q̃ l,  C e ⊕ K l),
 * i.e. it reads with `shfl.sync` from lane C e ⊕ K l, and the sending lane l' must be able to compute what to
 * send from its own id: Q̃ l = Q (l' ⊕ C e) for a linear Q, which exists iff ker K ⊆ ker Q̃. H is chosen so that
 * K = I when possible (then the reads are butterflies `shfl.bfly` by C e, and the rounds with C e = 0 read
 * from the thread's own registers: no shuffle at all); otherwise H is searched bit by bit.
 * Lane-dependent choices (the register a lane sends, the register a value lands in) are select trees over the
 * lane bits Q and H use, built as tables and shared between registers.
 * Elements narrower than 32 bits travel packed: destination register bits that M maps to a single source
 * register bit, untouched by any other column, are packed into one 32-bit shuffle; 64-bit values use two.
 */
import type { Operation, Value } from '../dialect/ir/ir.js';
import { IntegerType, RankedTensorType, VectorType, type Type } from '../dialect/ir/type.js';
import { LinearLayout } from '../dialect/linear-layout/linear-layout.js';
import { pivotColumns, rank } from '../dialect/linear-layout/f2.js';
import { SharedEncodingAttr } from '../dialect/ttg/attrs/common.js';
import { removeBroadcastedRegs } from '../transforms/analysis/generic-swizzling.js';
import { minimalCvtLayout } from '../transforms/utils/layout-utils.js';
import type { LLVMBuilder } from './builder.js';
import { registerLowering, type LoweringContext } from './conversion.js';
import { applyLinearLayout, tensorLayout } from './layout-indices.js';
import { tryLdMatrix, tryStMatrix } from './ldmatrix.js';
import { accessShared, elemBits, fromStorage, storageType, toStorage, type SmemAccess } from './shared-memory.js';
import { columns, cvtSmemLayout, log2, Solver, xorCols, type CvtSmemLayout } from './swizzle.js';
import { ptx } from './ptx.js';
import { convertElementType } from './type-converter.js';

/** How the last conversions were lowered (for tests and statistics). */
export type CvtMethod = 'identity' | 'registers' | 'shuffle' | 'shared';
export const cvtStats = { identity: 0, registers: 0, shuffle: 0, shared: 0 };

// ---------------------------------------------------------------------------------------------------------
// Shuffle planning (pure GF(2) computations)

export interface ShufflePlan {
  nSrcReg: number;
  nDstReg: number;
  nLane: number;
  /** Per destination register bit: source register / lane part of M (after kernel adjustments). */
  A: number[];
  C: number[];
  /** Per lane bit: H (destination registers), K (lanes), Q (source registers, as a function of the sender's lane). */
  H: number[];
  K: number[];
  Q: number[];
  kIdentity: boolean;
  /** Packed bits: destination register bit packDst[t] and source register bit packSrc[t] are element t's bit. */
  packDst: number[];
  packSrc: number[];
  /** Rounds (destination register groups, pack bits zero) and whether each needs a shuffle. */
  rounds: { e: number; local: boolean; xorLane: number }[];
  /** Estimated instructions (shuffled 32-bit words, selects). */
  shuffles: number;
  selects: number;
  /** Order of the receivers' lane functionals in their select trees. */
  recvOrder?: number[];
}

function bitList(x: number): number[] {
  const out: number[] = [];
  for (let i = 0; x !== 0; i++, x >>>= 1) if (x & 1) out.push(i);
  return out;
}

/**
 * Plans the shuffles of a conversion between two layouts with the same warp and block bases (broadcast registers
 * removed), or returns undefined when data must cross warps or no plan was found.
 */
export function planShuffles(S: LinearLayout, D: LinearLayout, bitwidth: number): ShufflePlan | undefined {
  const Sr = columns(S, 'register');
  const Sl = columns(S, 'lane');
  const Dr = columns(D, 'register');
  const Dl = columns(D, 'lane');
  const same = (a: number[], b: number[]): boolean => a.length === b.length && a.every((x, i) => x === b[i]);
  if (!same(columns(S, 'warp'), columns(D, 'warp')) || !same(columns(S, 'block'), columns(D, 'block'))) return undefined;
  const nS = Sr.length;
  const nL = Sl.length;
  const nD = Dr.length;
  if (Dl.length !== nL) return undefined;
  const solver = new Solver([...Sr, ...Sl]);
  const M: number[] = [];
  for (const c of [...Dr, ...Dl]) {
    const x = solver.solve(c);
    if (x === undefined) return undefined;
    M.push(x);
  }
  const regMask = (1 << nS) - 1;
  const reg = (x: number): number => x & regMask;
  const lane = (x: number): number => x >>> nS;
  const kernel = solver.kernel();
  // Destination registers take their element from their own lane when the source has copies there.
  if (kernel.length) {
    const ks = new Solver(kernel.map(lane));
    for (let i = 0; i < nD; i++) {
      if (lane(M[i]!) === 0) continue;
      const s = ks.solve(lane(M[i]!));
      if (s !== undefined) M[i] = (M[i]! ^ xorCols(kernel, s)) >>> 0;
    }
  }
  // Packing of narrow elements into 32-bit words.
  const maxPack = bitwidth < 32 ? log2(32 / bitwidth) : 0;
  const packDst: number[] = [];
  const packSrc: number[] = [];
  for (let i = 0; i < nD && packDst.length < maxPack; i++) {
    const m = M[i]!;
    if (lane(m) !== 0 || m === 0 || (m & (m - 1)) !== 0) continue;
    const k = log2(m);
    if (packSrc.includes(k)) continue;
    if (M.some((c, j) => j !== i && ((c >>> k) & 1) !== 0)) continue;
    packDst.push(i);
    packSrc.push(k);
  }
  const packDstMask = packDst.reduce((a, k) => a | (1 << k), 0);
  // Kernel vectors that keep the packed source rows zero.
  let kf = [...kernel];
  for (const k of packSrc) {
    const piv = kf.findIndex((z) => (z >>> k) & 1);
    if (piv < 0) continue;
    const p = kf[piv]!;
    kf = kf.filter((_, i) => i !== piv).map((z) => ((z >>> k) & 1 ? (z ^ p) >>> 0 : z));
  }
  const freeD: number[] = [];
  for (let i = 0; i < nD; i++) if (!((packDstMask >>> i) & 1)) freeD.push(i);
  const A = M.slice(0, nD).map(reg);
  const C = M.slice(0, nD).map(lane);
  const Ax = (e: number): number => xorCols(A, e);
  const Cx = (e: number): number => xorCols(C, e);
  const laneCols = M.slice(nD);
  // H: for each lane bit, a destination register combination h (and a kernel vector z added to the lane's
  // column). First try K = I (every lane reads its own lane up to C e); otherwise any valid K. Among the
  // candidates, prefer a small span of Q̃ (sender selects), then of H (receiver selects).
  const H: number[] = new Array<number>(nL).fill(0);
  const Ml = [...laneCols];
  const candCols = [...freeD.map((i) => C[i]!), ...kf.map(lane)];
  const nCand = candCols.length;
  const decode = (x: number): [number, number] => {
    let h = 0;
    let z = 0;
    for (const b of bitList(x)) {
      if (b < freeD.length) h |= 1 << freeD[b]!;
      else z ^= kf[b - freeD.length]!;
    }
    return [h, z];
  };
  const s4 = new Solver(candCols);
  const nullX = s4.kernel().slice(0, 12);
  const idCands: number[][] = [];
  for (let j = 0; j < nL; j++) {
    const part = s4.solve((lane(laneCols[j]!) ^ (1 << j)) >>> 0);
    if (part === undefined) break;
    const list: number[] = [];
    for (let m = 0; m < 2 ** nullX.length; m++) list.push((part ^ xorCols(nullX, m)) >>> 0);
    idCands.push(list);
  }
  const qCols: number[] = [];
  const hCols: number[] = [];
  const kCols: number[] = [];
  const vCols: number[] = [];
  const score = (q: number, h: number, kIsUnit: boolean, x: number): number =>
    rank([...qCols, q]) * 4096 + rank([...hCols, h]) * 256 + (kIsUnit ? 0 : 64) + bitList(x).length;
  const choose = (j: number, h: number, z: number): void => {
    const ml = (laneCols[j]! ^ z) >>> 0;
    H[j] = h;
    Ml[j] = ml;
    const k = (Cx(h) ^ lane(ml)) >>> 0;
    const q = (Ax(h) ^ reg(ml)) >>> 0;
    qCols.push(q);
    hCols.push(h);
    kCols.push(k);
    vCols.push((k | (q * 2 ** nL)) >>> 0);
  };
  let planned = false;
  if (idCands.length === nL) {
    for (let j = 0; j < nL; j++) {
      let best: [number, number, number] | undefined;
      for (const x of idCands[j]!) {
        const [h, z] = decode(x);
        const ml = (laneCols[j]! ^ z) >>> 0;
        const sc = score((Ax(h) ^ reg(ml)) >>> 0, h, true, x);
        if (!best || sc < best[0]) best = [sc, h, z];
      }
      choose(j, best![1], best![2]);
    }
    planned = true;
  }
  if (!planned) {
    // Bit by bit, keeping ker K ⊆ ker Q̃ (the rank of K equals the rank of [K; Q̃]).
    const all: number[] = [];
    for (let x = 0; x < 2 ** nCand && x < 8192; x++) all.push(x);
    for (let j = 0; j < nL; j++) {
      let best: [number, number, number] | undefined;
      const consider = (x: number, h: number, z: number): void => {
        const ml = (laneCols[j]! ^ z) >>> 0;
        const k = (Cx(h) ^ lane(ml)) >>> 0;
        const q = (Ax(h) ^ reg(ml)) >>> 0;
        const v = (k | (q * 2 ** nL)) >>> 0;
        if (rank([...kCols, k]) !== rank([...vCols, v])) return;
        const sc = score(q, h, k === 1 << j, x);
        if (!best || sc < best[0]) best = [sc, h, z];
      };
      for (const x of all) {
        const [h, z] = decode(x);
        consider(x, h, z);
      }
      if (!best) return undefined;
      choose(j, best[1], best[2]);
    }
  }
  const K = H.map((h, j) => (Cx(h) ^ lane(Ml[j]!)) >>> 0);
  const Qt = H.map((h, j) => (Ax(h) ^ reg(Ml[j]!)) >>> 0);
  const kIdentity = K.every((k, j) => k === 1 << j);
  // Q with Q·K = Q̃: defined on a basis of K's image, zero on a complement.
  const piv = pivotColumns(K);
  const basis = piv.map((j) => K[j]!);
  for (let m = 0; m < nL && basis.length < nL; m++) {
    if (rank([...basis, 1 << m]) > basis.length) basis.push(1 << m);
  }
  const bs = new Solver(basis);
  const Q: number[] = [];
  for (let m = 0; m < nL; m++) {
    const s = bs.solve(1 << m) ?? 0;
    let q = 0;
    for (const b of bitList(s)) if (b < piv.length) q ^= Qt[piv[b]!]!;
    Q.push(q >>> 0);
  }
  // Sanity: Q K = Q̃ on every lane bit.
  for (let j = 0; j < nL; j++) if (xorCols(Q, K[j]!) !== Qt[j]) return undefined;
  const rounds: ShufflePlan['rounds'] = [];
  for (let e = 0; e < 2 ** nD; e++) {
    if (e & packDstMask) continue;
    const xl = Cx(e);
    rounds.push({ e, local: kIdentity && xl === 0, xorLane: xl });
  }
  const plan: ShufflePlan = {
    nSrcReg: nS,
    nDstReg: nD,
    nLane: nL,
    A,
    C,
    H,
    K,
    Q,
    kIdentity,
    packDst,
    packSrc,
    rounds,
    shuffles: 0,
    selects: 0,
  };
  const words = bitwidth > 32 ? 2 : 1;
  plan.shuffles = rounds.filter((r) => !r.local).length * words;
  // The order of the receivers' select trees (like a BDD's variable order) decides how much they share: try
  // every order of up to 4 functionals (Q's first otherwise).
  const nf = functionals([Q, H], nL).masks.length;
  let best = Infinity;
  let bestOrder: number[] | undefined;
  for (const order of nf <= 4 ? permutations(nf) : [Array.from({ length: nf }, (_, i) => i)]) {
    plan.recvOrder = order;
    const c = countSelects(plan);
    if (c < best) {
      best = c;
      bestOrder = order;
    }
  }
  plan.recvOrder = bestOrder;
  plan.selects = best * words;
  return plan;
}

/** Builds select trees over lane bits from tables, sharing identical subtrees. */
class MuxBuilder<T> {
  private readonly memo = new Map<string, T>();
  count = 0;
  constructor(
    private readonly key: (t: T) => string,
    private readonly select: (laneBit: number, hi: T, lo: T) => T,
  ) {}
  /** `table[a]` for the assignment a of the selectors `bits` (bit b of a is selector bits[b]). */
  build(table: readonly T[], bits: readonly number[]): T {
    return this.rec(table, bits, 0, table.length);
  }
  private rec(table: readonly T[], bits: readonly number[], lo: number, n: number): T {
    const first = table[lo]!;
    const k0 = this.key(first);
    let uniform = true;
    for (let i = lo + 1; i < lo + n; i++) {
      if (this.key(table[i]!) !== k0) {
        uniform = false;
        break;
      }
    }
    if (uniform) return first;
    const half = n / 2;
    const bit = bits[log2(n) - 1]!;
    const l = this.rec(table, bits, lo, half);
    const h = this.rec(table, bits, lo + half, half);
    if (this.key(l) === this.key(h)) return l;
    const mk = `${bit}?${this.key(h)}:${this.key(l)}`;
    const hit = this.memo.get(mk);
    if (hit !== undefined) return hit;
    this.count++;
    const v = this.select(bit, h, l);
    this.memo.set(mk, v);
    return v;
  }
}

interface Tables {
  /**
   * The lane functionals the sender's and the receivers' tables are indexed by: bit b of a table index is the
   * parity of `lane & masks[b]`; `duals[b]` is a lane with functional b set and the others clear.
   */
  sendMasks: number[];
  recvMasks: number[];
  /** For each non-local round: the source group each sender assignment sends. */
  send: Map<number, number[]>;
  /** For each destination group: per receiver assignment, a source group (local) or a round (`~e`). */
  recv: Map<number, number[]>;
}

/**
 * A basis of the row space of the matrices given by their lane columns (linear functionals on the lane id that
 * determine every matrix's value), with a dual basis of lanes.
 */
function functionals(mats: readonly (readonly number[])[], nLane: number): { masks: number[]; duals: number[] } {
  const masks: number[] = [];
  for (const cols of mats) {
    for (let t = 0; t < 32; t++) {
      let m = 0;
      for (let j = 0; j < nLane; j++) if (((cols[j] ?? 0) >>> t) & 1) m |= 1 << j;
      if (m !== 0 && rank([...masks, m]) > masks.length) masks.push(m);
    }
  }
  // Lane bit j's column in the functional matrix: bit b = functional b of lane bit j.
  const fcols: number[] = [];
  for (let j = 0; j < nLane; j++) fcols.push(masks.reduce((acc, m, b) => acc | (((m >>> j) & 1) << b), 0));
  const solver = new Solver(fcols);
  const duals = masks.map((_, b) => solver.solve(1 << b) ?? 0);
  return { masks, duals };
}

function permutations(n: number): number[][] {
  if (n === 0) return [[]];
  const out: number[][] = [];
  for (const p of permutations(n - 1)) for (let i = 0; i <= p.length; i++) out.push([...p.slice(0, i), n - 1, ...p.slice(i)]);
  return out;
}

/** The receivers' functionals (Q's and H's), ordered: `order[b]` is the functional used as table bit b. */
function receiverFunctionals(p: ShufflePlan): { masks: number[]; duals: number[] } {
  const f = functionals([p.Q, p.H], p.nLane);
  const order = p.recvOrder ?? f.masks.map((_, i) => i);
  return { masks: order.map((i) => f.masks[i]!), duals: order.map((i) => f.duals[i]!) };
}

function buildTables(p: ShufflePlan): Tables {
  const sf = functionals([p.Q], p.nLane);
  const rf = receiverFunctionals(p);
  const laneOf = (a: number, duals: readonly number[]): number => xorCols(duals, a);
  const send = new Map<number, number[]>();
  const local = new Map<number, boolean>();
  for (const r of p.rounds) {
    local.set(r.e, r.local);
    if (r.local) continue;
    const base = (xorCols(p.A, r.e) ^ xorCols(p.Q, r.xorLane)) >>> 0;
    const t: number[] = [];
    for (let a = 0; a < 2 ** sf.masks.length; a++) t.push((base ^ xorCols(p.Q, laneOf(a, sf.duals))) >>> 0);
    send.set(r.e, t);
  }
  const recv = new Map<number, number[]>();
  for (const r of p.rounds) {
    const d = r.e;
    const t: number[] = [];
    for (let a = 0; a < 2 ** rf.masks.length; a++) {
      const l = laneOf(a, rf.duals);
      const e = (d ^ xorCols(p.H, l)) >>> 0;
      if (local.get(e)) t.push((xorCols(p.A, e) ^ xorCols(p.Q, l)) >>> 0);
      else t.push(~e);
    }
    recv.set(d, t);
  }
  return { sendMasks: sf.masks, recvMasks: rf.masks, send, recv };
}

/** Number of selects the plan's tables need. */
function countSelects(p: ShufflePlan): number {
  const t = buildTables(p);
  const mux = new MuxBuilder<string>(
    (s) => s,
    (bit, h, l) => `(${bit}?${h}:${l})`,
  );
  for (const tab of t.send.values()) mux.build(tab.map(String), t.sendMasks);
  const recvVals = new Map<number, string>();
  for (const e of t.send.keys()) recvVals.set(e, `r${e}`);
  for (const tab of t.recv.values()) mux.build(tab.map((x) => (x < 0 ? `r${~x}` : String(x))), t.recvMasks);
  return mux.count;
}

// ---------------------------------------------------------------------------------------------------------
// Shuffle emission

/** Integer type of a payload of `n` elements of `bits` bits (at least 32 bits). */
function payloadType(bits: number, n: number): IntegerType {
  return IntegerType.get(Math.max(32, bits * n));
}

function packPayload(b: LLVMBuilder, elems: readonly Value[], bits: number): Value {
  const iw = IntegerType.get(bits);
  const ints = elems.map((e) => b.bitcast(e, iw));
  let v: Value;
  if (ints.length === 1) v = ints[0]!;
  else v = b.bitcast(b.packVector(ints), IntegerType.get(bits * ints.length));
  const pt = payloadType(bits, ints.length);
  return bits * ints.length < pt.width ? b.zext(v, pt) : v;
}

function unpackPayload(b: LLVMBuilder, v: Value, bits: number, n: number, elemTy: Type): Value[] {
  const total = bits * n;
  let x = v;
  if (total < (v.type as IntegerType).width) x = b.trunc(x, IntegerType.get(total));
  if (n === 1) return [b.bitcast(x, elemTy)];
  const vec = b.bitcast(x, VectorType.get([n], IntegerType.get(bits)));
  const out: Value[] = [];
  for (let i = 0; i < n; i++) out.push(b.bitcast(b.extractElement(vec, i), elemTy));
  return out;
}

function shuffle(b: LLVMBuilder, v: Value, kind: 'bfly' | 'idx', offset: Value): Value {
  const t = v.type as IntegerType;
  const clamp = b.i32(0x1f);
  if (t.width === 32) return b.shflSync(kind, v, offset, clamp);
  const vt = VectorType.get([t.width / 32], IntegerType.get(32));
  const parts = b.unpackVector(b.bitcast(v, vt)).map((w) => b.shflSync(kind, w, offset, clamp));
  return b.bitcast(b.packVector(parts), t);
}

function emitShuffles(ctx: LoweringContext, p: ShufflePlan, srcVals: readonly Value[], elemTy: Type, bits: number): Value[] {
  const b = ctx.b;
  const t = buildTables(p);
  const nPack = 2 ** p.packDst.length;
  const packed = new Map<number, Value>();
  const srcPayload = (g: number): Value => {
    let v = packed.get(g);
    if (!v) {
      const elems: Value[] = [];
      for (let i = 0; i < nPack; i++) {
        let r = g;
        p.packSrc.forEach((k, bit) => ((i >>> bit) & 1 ? (r |= 1 << k) : 0));
        elems.push(srcVals[r]!);
      }
      packed.set(g, (v = packPayload(b, elems, bits)));
    }
    return v;
  };
  const lane = ctx.laneId();
  const preds = new Map<number, Value>();
  /** The parity of `lane & mask` as an i1. */
  const pred = (mask: number): Value => {
    let v = preds.get(mask);
    if (!v) {
      const masked = b.and(lane, b.i32(mask));
      const bits = (mask & (mask - 1)) === 0 ? masked : b.and(b.op('llvm.intr.ctpop', [masked], IntegerType.get(32)), b.i32(1));
      preds.set(mask, (v = b.icmp('ne', bits, b.i32(0))));
    }
    return v;
  };
  const ids = new Map<Value, number>();
  const idOf = (v: Value): string => {
    let i = ids.get(v);
    if (i === undefined) ids.set(v, (i = ids.size));
    return String(i);
  };
  const mux = new MuxBuilder<Value>(idOf, (bit, h, l) => b.select(pred(bit), h, l));
  let kLane: Value | undefined;
  const targetLane = (xorLane: number): Value => {
    if (!kLane) {
      const ll = LinearLayout.fromBasesWithSizes([['lane', p.K.map((k) => [k])]], [['lane', 2 ** p.nLane]], false);
      kLane = applyLinearLayout(b, ll, [['lane', lane]])[0]![1];
    }
    return xorLane === 0 ? kLane : b.xor(kLane, b.i32(xorLane));
  };
  const received = new Map<number, Value>();
  for (const [e, tab] of t.send) {
    const v = mux.build(
      tab.map((g) => srcPayload(g)),
      t.sendMasks,
    );
    const r = p.rounds.find((x) => x.e === e)!;
    received.set(e, p.kIdentity ? shuffle(b, v, 'bfly', b.i32(r.xorLane)) : shuffle(b, v, 'idx', targetLane(r.xorLane)));
  }
  const out: Value[] = new Array<Value>(2 ** p.nDstReg);
  for (const [d, tab] of t.recv) {
    const v = mux.build(
      tab.map((x) => (x < 0 ? received.get(~x)! : srcPayload(x))),
      t.recvMasks,
    );
    const elems = unpackPayload(b, v, bits, nPack, elemTy);
    for (let i = 0; i < nPack; i++) {
      let r = d;
      p.packDst.forEach((k, bit) => ((i >>> bit) & 1 ? (r |= 1 << k) : 0));
      out[r] = elems[i]!;
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// Broadcast registers

/** Positions of the non-zero register bases of a layout. */
function nonZeroRegBits(ll: LinearLayout): number[] {
  return columns(ll, 'register')
    .map((c, i) => (c !== 0 ? i : -1))
    .filter((i) => i >= 0);
}

/** The index among unique registers of register r, given the unique (non-zero) bit positions. */
function compress(r: number, uniqueBits: readonly number[]): number {
  let u = 0;
  uniqueBits.forEach((bit, k) => ((r >>> bit) & 1 ? (u |= 1 << k) : 0));
  return u;
}
function expand(u: number, uniqueBits: readonly number[]): number {
  let r = 0;
  uniqueBits.forEach((bit, k) => ((u >>> k) & 1 ? (r |= 1 << bit) : 0));
  return r;
}

// ---------------------------------------------------------------------------------------------------------
// Shared memory path

/**
 * Rough cost (in shared-memory-pipe issue slots, where a shuffle or a 32-bit access costs 1 and a select 0.5) of
 * a conversion through shared memory: every word stored and loaded once, an address operation per access,
 * and two barriers.
 */
function smemCostEstimate(nSrcUnique: number, nDstUnique: number, bits: number): number {
  const words = Math.ceil((nSrcUnique * bits) / 32) + Math.ceil((nDstUnique * bits) / 32);
  const accesses = Math.ceil((nSrcUnique * bits) / 128) + Math.ceil((nDstUnique * bits) / 128);
  return words + 0.5 * accesses + 16;
}

function viaShared(ctx: LoweringContext, op: Operation, srcTy: RankedTensorType, dstTy: RankedTensorType, vals: readonly Value[]): Value[] {
  const b = ctx.b;
  const elemTy = convertElementType(srcTy.elementType);
  const sTy = storageType(elemTy);
  const bits = elemBits(sTy);
  const threadCols = [srcTy, dstTy].flatMap((t) => [...columns(tensorLayout(t), 'lane'), ...columns(tensorLayout(t), 'warp')]);
  const L = cvtSmemLayout(srcTy, dstTy, ctx.computeCapability, threadCols);
  const base = ctx.sharedMemoryBase(op);
  if (L.threadDependent) return viaSharedPredicated(ctx, base, L, srcTy, dstTy, vals);
  const bufBits = log2(L.bufferElems);
  const offMask = L.bufferElems - 1;
  const side = (ll: LinearLayout): { acc: SmemAccess; reps: number[] } => {
    const regFlat = columns(ll, 'register').map(L.inverse);
    const laneFlat = columns(ll, 'lane').map(L.inverse);
    const warpFlat = columns(ll, 'warp').map(L.inverse);
    if ([...laneFlat, ...warpFlat].some((x) => x >>> bufBits !== 0)) ctx.error('convert_layout: a round of the swizzled layout depends on the lane or warp');
    return {
      acc: { regCols: regFlat.map((x) => x & offMask), laneCols: laneFlat, warpCols: warpFlat },
      reps: regFlat.map((x) => x >>> bufBits),
    };
  };
  const src = side(tensorLayout(srcTy));
  const dst = side(tensorLayout(dstTy));
  const srcZero = src.acc.regCols.reduce((m, c, i) => (c === 0 && src.reps[i] === 0 ? m | (1 << i) : m), 0);
  const dstZero = dst.acc.regCols.reduce((m, c, i) => (c === 0 && dst.reps[i] === 0 ? m | (1 << i) : m), 0);
  const repMask = (reps: number[]): number => reps.reduce((m, r, i) => (r !== 0 ? m | (1 << i) : m), 0);
  const roundOf = (reps: number[], r: number): number => xorCols(reps, r);
  const stored = vals.map((v, r) => ((r & srcZero) === 0 ? toStorage(b, v) : undefined));
  const out: (Value | undefined)[] = new Array<Value | undefined>(2 ** dst.acc.regCols.length).fill(undefined);
  for (let k = 0; k < L.nReps; k++) {
    if (k > 0) b.barrier();
    const inRoundSrc = (r: number): boolean => roundOf(src.reps, r) === k && (r & srcZero) === 0;
    const inRoundDst = (r: number): boolean => roundOf(dst.reps, r) === k && (r & dstZero) === 0;
    let done = false;
    if (L.tiles[0] !== 0) {
      const roundVals = stored.map((v, r) => (inRoundSrc(r) ? v : undefined));
      done = tryStMatrix(ctx, base, src.acc, sTy, () => roundVals as Value[], {}, L.tiles[0] === 2 ? 'trans' : 'plain', { regFilter: inRoundSrc, noMatRegMask: repMask(src.reps) | srcZero, copyMask: srcZero });
    }
    if (!done) {
      accessShared(
        ctx,
        base,
        src.acc,
        sTy,
        { noVecRegMask: repMask(src.reps), regFilter: inRoundSrc },
        stored,
      );
    }
    b.barrier();
    let loaded: (Value | undefined)[] | undefined;
    if (L.tiles[1] !== 0) {
      loaded = tryLdMatrix(ctx, base, dst.acc, sTy, {}, L.tiles[1] === 2 ? 'trans' : 'plain', { regFilter: inRoundDst, noMatRegMask: repMask(dst.reps) | dstZero, copyMask: dstZero });
    }
    if (!loaded) loaded = accessShared(ctx, base, dst.acc, sTy, { noVecRegMask: repMask(dst.reps), regFilter: inRoundDst });
    loaded.forEach((v, r) => {
      if (v && inRoundDst(r)) out[r] = v;
    });
  }
  return out.map((_, r) => fromStorage(b, out[r & ~dstZero]!, elemTy));
}

/**
 * Shared memory conversion whose rounds depend on the thread (possible only for layouts with non-unit bases,
 * where every choice of rounds meets the span of the lanes and warps): in round k, each register is stored
 * with a predicated `st.shared` when its round is k for this thread, and every register is loaded and kept
 * when its round is k (selects).
 */
function viaSharedPredicated(ctx: LoweringContext, base: Value, L: CvtSmemLayout, srcTy: RankedTensorType, dstTy: RankedTensorType, vals: readonly Value[]): Value[] {
  const b = ctx.b;
  const elemTy = convertElementType(srcTy.elementType);
  const sTy = storageType(elemTy);
  const bits = elemBits(sTy);
  const bytes = bits / 8;
  const bufBits = log2(L.bufferElems);
  const offMask = L.bufferElems - 1;
  const [lane, warp] = ctx.laneWarp();
  const side = (ll: LinearLayout): { regOff: number[]; regRound: number[]; threadOff: Value; threadRound: Value; zero: number } => {
    const regFlat = columns(ll, 'register').map(L.inverse);
    const laneFlat = columns(ll, 'lane').map(L.inverse);
    const warpFlat = columns(ll, 'warp').map(L.inverse);
    const apply = (f: (x: number) => number, size: number): Value => {
      const lc = laneFlat.map(f);
      const wc = warpFlat.map(f);
      if ([...lc, ...wc].every((c) => c === 0)) return b.i32(0);
      const lay = LinearLayout.fromBasesWithSizes(
        [
          ['lane', lc.map((c) => [c])],
          ['warp', wc.map((c) => [c])],
        ],
        [['o', size]],
        false,
      );
      return applyLinearLayout(b, lay, [
        ['lane', lane],
        ['warp', warp],
      ])[0]![1];
    };
    const regCols = regFlat.map((x) => x & offMask);
    const regRound = regFlat.map((x) => x >>> bufBits);
    return {
      regOff: regCols,
      regRound,
      threadOff: apply((x) => (x & offMask) * bytes, L.bufferElems * bytes),
      threadRound: apply((x) => x >>> bufBits, L.nReps),
      zero: regFlat.reduce((m, c, i) => (c === 0 ? m | (1 << i) : m), 0),
    };
  };
  const src = side(tensorLayout(srcTy));
  const dst = side(tensorLayout(dstTy));
  const addrOf = (s: typeof src, r: number): Value => {
    const c = xorCols(s.regOff, r) * bytes;
    return b.gep(base, IntegerType.get(8), c === 0 ? s.threadOff : b.xor(s.threadOff, b.i32(c)), base.type, true);
  };
  const nSrc = vals.length;
  const nDst = 2 ** dst.regOff.length;
  const out: (Value | undefined)[] = new Array<Value | undefined>(nDst).fill(undefined);
  const wc = bits === 64 ? 'l' : bits === 32 ? 'r' : bits === 16 ? 'h' : 'c';
  const iw = IntegerType.get(bits);
  for (let k = 0; k < L.nReps; k++) {
    if (k > 0) b.barrier();
    for (let r = 0; r < nSrc; r++) {
      if (r & src.zero) continue;
      const pred = b.icmp('eq', src.threadRound, b.i32(k ^ xorCols(src.regRound, r)));
      const addr = b.ptrtoint(addrOf(src, r), IntegerType.get(32));
      const v = b.bitcast(toStorage(b, vals[r]!), iw);
      ptx(b, `@$2 st.shared.b${bits} [ $0 + 0 ], $1;`, [], [
        [addr, 'r'],
        [v, wc],
        [pred, 'b'],
      ], []);
    }
    b.barrier();
    for (let r = 0; r < nDst; r++) {
      if (r & dst.zero) continue;
      const v = b.load(addrOf(dst, r), sTy, bytes);
      const prev = out[r];
      out[r] = prev === undefined ? v : b.select(b.icmp('eq', dst.threadRound, b.i32(k ^ xorCols(dst.regRound, r))), v, prev);
    }
  }
  return out.map((_, r) => fromStorage(b, out[r & ~dst.zero]!, elemTy));
}

// ---------------------------------------------------------------------------------------------------------
// The pattern

function isDistributed(t: RankedTensorType): boolean {
  return t.encoding !== undefined && !(t.encoding instanceof SharedEncodingAttr);
}

/** Lowers a distributed → distributed conversion of `vals` (registers of `srcTy`) and says how. */
export function lowerConvertLayout(ctx: LoweringContext, op: Operation, srcTy: RankedTensorType, dstTy: RankedTensorType, vals: readonly Value[]): [Value[], CvtMethod] {
  const comp = minimalCvtLayout(srcTy, dstTy);
  if (!comp) ctx.error('convert_layout: the layouts are not convertible');
  const dims = comp.getInDimNames();
  const hasScratch = op.getAttr('allocation.offset') !== undefined;
  if (dims.includes('block')) ctx.error('convert_layout between CTAs is not supported');
  if (dims.includes('warp')) {
    if (!hasScratch) ctx.error('convert_layout through shared memory needs a scratch buffer (run allocate-shared-memory)');
    return [viaShared(ctx, op, srcTy, dstTy, vals), 'shared'];
  }
  if (dims.includes('lane')) {
    const elemTy = convertElementType(srcTy.elementType);
    const sTy = storageType(elemTy);
    const bits = elemBits(sTy);
    const srcLL = tensorLayout(srcTy);
    const dstLL = tensorLayout(dstTy);
    const S = removeBroadcastedRegs(srcLL);
    const D = removeBroadcastedRegs(dstLL);
    const plan = planShuffles(S, D, bits);
    const useShuffles =
      plan !== undefined && (!hasScratch || plan.shuffles + 0.5 * plan.selects <= smemCostEstimate(2 ** plan.nSrcReg, 2 ** plan.nDstReg, bits));
    if (useShuffles) {
      const b = ctx.b;
      const srcBits = nonZeroRegBits(srcLL);
      const dstBits = nonZeroRegBits(dstLL);
      const srcUnique: Value[] = [];
      for (let u = 0; u < 2 ** srcBits.length; u++) srcUnique.push(toStorage(b, vals[expand(u, srcBits)]!));
      const outUnique = emitShuffles(ctx, plan!, srcUnique, sTy, bits);
      const n = 2 ** columns(dstLL, 'register').length;
      const out: Value[] = [];
      const conv = new Map<Value, Value>();
      for (let r = 0; r < n; r++) {
        const v = outUnique[compress(r, dstBits)]!;
        let c = conv.get(v);
        if (!c) conv.set(v, (c = fromStorage(b, v, elemTy)));
        out.push(c);
      }
      return [out, 'shuffle'];
    }
    if (!hasScratch) ctx.error('convert_layout: no shuffle sequence found and no scratch buffer');
    return [viaShared(ctx, op, srcTy, dstTy, vals), 'shared'];
  }
  if (dims.includes('register')) {
    const n = 2 ** columns(tensorLayout(dstTy), 'register').length;
    const out: Value[] = [];
    for (let r = 0; r < n; r++) {
      const src = comp.apply(dims.map((d): [string, number] => [d, d === 'register' ? r : 0])).find(([d]) => d === 'register')![1];
      out.push(vals[src]!);
    }
    return [out, 'registers'];
  }
  return [[...vals], 'identity'];
}

registerLowering('ttg.convert_layout', (op, ctx) => {
  const srcTy = op.operand(0).type;
  const dstTy = op.result().type;
  if (!(srcTy instanceof RankedTensorType) || !(dstTy instanceof RankedTensorType)) return 'not a tensor conversion';
  if (!isDistributed(srcTy) || !isDistributed(dstTy)) return 'not a conversion between distributed layouts';
  const [vals, how] = lowerConvertLayout(ctx, op, srcTy, dstTy, ctx.operand(0));
  cvtStats[how]++;
  ctx.replaceWith(vals);
});
