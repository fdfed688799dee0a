/**
 * How `ttg.convert_layout` between distributed layouts is lowered, decided from the types alone (no code is
 * emitted here): the path (`planConvertLayout`), the warp shuffle plan (`planShuffles`) and, through shared
 * memory, the swizzled layout with the instructions of every round (`planCvtSmem`). convert-layout.ts emits what
 * these plans say and `ttg-layout --convert` explains them, so the two cannot disagree.
 *
 * The path follows the conversion layout `minimalCvtLayout(src, dst)` (dst.invertAndCompose(src) with the
 * hardware dims on which both layouts agree quotiented out): no dims left → no-op; registers only → a register
 * permutation; lanes → shuffles, or shared memory where Triton 3.6 goes through it (its decomposition needs two or
 * more mixed register↔lane transpositions: cvtNeedsWarpShuffle is false and the allocation reserved a scratch
 * buffer); warps → shared memory; blocks → unsupported.
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
import type { RankedTensorType, Type } from '../dialect/ir/type.js';
import { LinearLayout } from '../dialect/linear-layout/linear-layout.js';
import { pivotColumns, rank } from '../dialect/linear-layout/f2.js';
import { removeBroadcastedRegs } from '../analysis/generic-swizzling.js';
import { cvtNeedsWarpShuffle } from '../analysis/allocation.js';
import { minimalCvtLayout } from '../dialect/ttg/utils/layout-utils.js';
import { tensorLayout } from './layout-indices.js';
import { matrixReps, selectMatrixPlan, type MatrixPlan } from './ldmatrix.js';
import { elemBits, storageType } from './shared-memory.js';
import { columns, cvtSmemLayout, log2, planSmemAccess, Solver, xorCols, type CvtSmemLayout, type SmemAccess, type SmemAccessOptions, type SmemAccessPlan } from './swizzle.js';
import { convertElementType } from './type-converter.js';

/** How a conversion is lowered. */
export type CvtMethod = 'identity' | 'registers' | 'shuffle' | 'shared';

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

export function bitList(x: number): number[] {
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
export class MuxBuilder<T> {
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

export interface Tables {
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

export function buildTables(p: ShufflePlan): Tables {
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
// Shuffles or shared memory

/**
 * Rough cost (in shared-memory-pipe issue slots, where a shuffle or a 32-bit access costs 1 and a select 0.5) of
 * a conversion through shared memory: every word stored and loaded once, an address operation per access,
 * and two barriers.
 */
export function smemCostEstimate(nSrcUnique: number, nDstUnique: number, bits: number): number {
  const words = Math.ceil((nSrcUnique * bits) / 32) + Math.ceil((nDstUnique * bits) / 32);
  const accesses = Math.ceil((nSrcUnique * bits) / 128) + Math.ceil((nDstUnique * bits) / 128);
  return words + 0.5 * accesses + 16;
}

// ---------------------------------------------------------------------------------------------------------
// Shared memory plan

/** One side of a conversion through shared memory: its access map in the buffer, rounds and copies. */
export interface CvtSmemSide {
  /** Offsets in the buffer (elements, one round) of the register, lane and warp bases. */
  acc: SmemAccess;
  /** The round (reps coordinate) of each register basis; lanes and warps stay in every round. */
  reps: number[];
  /** Register bits whose registers are copies (zero offset, zero round). */
  zero: number;
  /** Lane or warp bases whose round is not zero (only a thread-dependent layout allows them). */
  threadRounds: boolean;
}

/** The store (source side) or load (destination side) of one round. */
export type CvtSmemStep =
  | { kind: 'matrix'; plan: MatrixPlan; reps: number[] }
  | { kind: 'access'; plan: SmemAccessPlan; opts: SmemAccessOptions };

export interface CvtSmemPlan {
  layout: CvtSmemLayout;
  /** The element type as stored (storageType). */
  elemTy: Type;
  src: CvtSmemSide;
  dst: CvtSmemSide;
  /**
   * Per round: the store, a barrier, the load (a barrier before every round but the first). Empty for a
   * thread-dependent layout (`layout.threadDependent`): every round then stores every unique source register
   * with a predicated scalar `st.shared` and loads every unique destination register.
   */
  rounds: { store: CvtSmemStep; load: CvtSmemStep }[];
}

function smemSide(L: CvtSmemLayout, ll: LinearLayout): CvtSmemSide {
  const bufBits = log2(L.bufferElems);
  const offMask = L.bufferElems - 1;
  const regFlat = columns(ll, 'register').map(L.inverse);
  const laneFlat = columns(ll, 'lane').map(L.inverse);
  const warpFlat = columns(ll, 'warp').map(L.inverse);
  return {
    acc: { regCols: regFlat.map((x) => x & offMask), laneCols: laneFlat, warpCols: warpFlat },
    reps: regFlat.map((x) => x >>> bufBits),
    zero: regFlat.reduce((m, c, i) => (c === 0 ? m | (1 << i) : m), 0),
    threadRounds: [...laneFlat, ...warpFlat].some((x) => x >>> bufBits !== 0),
  };
}

/**
 * The shared memory plan of a conversion: the layout `allocate-shared-memory-nv` sized the scratch buffer for
 * (swizzle.ts), each side's access map, and per round the stmatrix/ldmatrix (when the layout chose their tiles
 * and they apply to the round's registers) or vectorized `st.shared`/`ld.shared` instructions. Registers that
 * are copies are stored and loaded once; round bits never form vectors or matrices.
 */
export function planCvtSmem(srcTy: RankedTensorType, dstTy: RankedTensorType, computeCapability: number): CvtSmemPlan {
  const elemTy = storageType(convertElementType(srcTy.elementType));
  const bits = elemBits(elemTy);
  const threadCols = [srcTy, dstTy].flatMap((t) => [...columns(tensorLayout(t), 'lane'), ...columns(tensorLayout(t), 'warp')]);
  const L = cvtSmemLayout(srcTy, dstTy, computeCapability, threadCols);
  const src = smemSide(L, tensorLayout(srcTy));
  const dst = smemSide(L, tensorLayout(dstTy));
  const plan: CvtSmemPlan = { layout: L, elemTy, src, dst, rounds: [] };
  if (L.threadDependent) return plan;
  if (src.threadRounds || dst.threadRounds) throw new CvtPlanError('convert_layout: a round of the swizzled layout depends on the lane or warp');
  const repMask = (reps: number[]): number => reps.reduce((m, r, i) => (r !== 0 ? m | (1 << i) : m), 0);
  const step = (kind: 'load' | 'store', s: CvtSmemSide, tile: number, inRound: (r: number) => boolean): CvtSmemStep => {
    if (tile !== 0) {
      const sel = { regFilter: inRound, noMatRegMask: repMask(s.reps) | s.zero, copyMask: s.zero };
      const m = selectMatrixPlan(kind, computeCapability, s.acc, elemTy, {}, tile === 2 ? 'trans' : 'plain', sel);
      if (m) return { kind: 'matrix', plan: m, reps: matrixReps(kind, m, s.acc, sel) };
    }
    const opts: SmemAccessOptions = { noVecRegMask: repMask(s.reps), regFilter: inRound };
    // Stores skip the copies (they hold no value), loads filter them out.
    return { kind: 'access', plan: planSmemAccess(s.acc, bits, opts, kind === 'store' ? (r) => (r & s.zero) === 0 : undefined), opts };
  };
  for (let k = 0; k < L.nReps; k++) {
    const inRoundSrc = (r: number): boolean => xorCols(src.reps, r) === k && (r & src.zero) === 0;
    const inRoundDst = (r: number): boolean => xorCols(dst.reps, r) === k && (r & dst.zero) === 0;
    plan.rounds.push({ store: step('store', src, L.tiles[0], inRoundSrc), load: step('load', dst, L.tiles[1], inRoundDst) });
  }
  return plan;
}

// ---------------------------------------------------------------------------------------------------------
// The path

/** A conversion the lowering rejects (the message is the lowering's error). */
export class CvtPlanError extends Error {}

export type CvtPlan =
  | { method: 'identity'; conversion: LinearLayout }
  /** Destination register r is source register perm[r]. */
  | { method: 'registers'; conversion: LinearLayout; perm: number[] }
  /** `smemCost` is the shared memory estimate the shuffles were compared with (when a scratch buffer exists). */
  | { method: 'shuffle'; conversion: LinearLayout; shuffle: ShufflePlan; bits: number; smemCost?: number }
  /**
   * `why`: data crosses warps; or only lanes but no shuffle sequence was found, or Triton 3.6 does not shuffle
   * this conversion (`shuffle` is then the plan not taken, `smemCost` the shared memory estimate).
   */
  | { method: 'shared'; conversion: LinearLayout; why: 'warps' | 'no-shuffles' | 'triton'; shuffle?: ShufflePlan; smemCost?: number; smem: CvtSmemPlan };

/**
 * The lowering path of a conversion between distributed tensor types (see the file header); `hasScratch`: the
 * op has a scratch buffer (allocate-shared-memory-nv reserved one: `cvtScratchBytes` > 0). Throws CvtPlanError
 * for conversions the lowering rejects.
 */
export function planConvertLayout(srcTy: RankedTensorType, dstTy: RankedTensorType, computeCapability: number, hasScratch: boolean): CvtPlan {
  const conversion = minimalCvtLayout(srcTy, dstTy);
  if (!conversion) throw new CvtPlanError('convert_layout: the layouts are not convertible');
  const dims = conversion.getInDimNames();
  if (dims.includes('block')) throw new CvtPlanError('convert_layout between CTAs is not supported');
  if (dims.includes('warp')) {
    if (!hasScratch) throw new CvtPlanError('convert_layout through shared memory needs a scratch buffer (run allocate-shared-memory)');
    return { method: 'shared', conversion, why: 'warps', smem: planCvtSmem(srcTy, dstTy, computeCapability) };
  }
  if (dims.includes('lane')) {
    const bits = elemBits(storageType(convertElementType(srcTy.elementType)));
    const S = removeBroadcastedRegs(tensorLayout(srcTy));
    const D = removeBroadcastedRegs(tensorLayout(dstTy));
    const shuffle = planShuffles(S, D, bits);
    // Triton 3.6 shuffles only when its decomposition has fewer than two mixed transpositions (and then reserves
    // no scratch buffer); otherwise it goes through shared memory, and so do we.
    if (shuffle && (!hasScratch || cvtNeedsWarpShuffle(srcTy, dstTy))) return { method: 'shuffle', conversion, shuffle, bits };
    if (!hasScratch) throw new CvtPlanError('convert_layout: no shuffle sequence found and no scratch buffer');
    const smem = planCvtSmem(srcTy, dstTy, computeCapability);
    if (!shuffle) return { method: 'shared', conversion, why: 'no-shuffles', smem };
    return { method: 'shared', conversion, why: 'triton', shuffle, smemCost: smemCostEstimate(2 ** shuffle.nSrcReg, 2 ** shuffle.nDstReg, bits), smem };
  }
  if (dims.includes('register')) {
    const n = 2 ** columns(tensorLayout(dstTy), 'register').length;
    const perm: number[] = [];
    for (let r = 0; r < n; r++) {
      perm.push(conversion.apply(dims.map((d): [string, number] => [d, d === 'register' ? r : 0])).find(([d]) => d === 'register')![1]);
    }
    return { method: 'registers', conversion, perm };
  }
  return { method: 'identity', conversion };
}
