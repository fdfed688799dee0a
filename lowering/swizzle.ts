/**
 * The shared memory layout a `ttg.convert_layout` goes through (paper "Linear Layouts" §5.4, Triton 3.6's
 * GenericSwizzling `optimalSwizzling`), seen from the lowering.
 *
 * The layout itself is computed by `analysis/generic-swizzling.ts` through the allocation analysis'
 * `swizzledCvtLayout`, so that the lowering and `allocate-shared-memory-nv` agree on the scratch buffer: its
 * in-dims are `vector` (elements moved by one access), `bank` (the accesses of one wavefront), `segment` and
 * `reps` (rounds: bases that are registers on both sides, so the conversion can go through a buffer
 * `reps` times smaller than the tensor). Flattened in that order, the in-dims give the element index in shared
 * memory: `vector` bits lowest, `reps` bits highest (the round number).
 *
 * This file also holds the small GF(2) helpers the data movement lowerings share: layouts as lists of flattened
 * columns (`columns`), solving for preimages (`Solver`), and the masks of the bits a set of columns can touch.
 */
import type { ExactAddressing } from './ldst-address.js';
import { UnsupportedInputError } from '../dialect/ir/diagnostics.js';
import { RankedTensorType } from '../dialect/ir/type.js';
import { LinearLayout } from '../dialect/linear-layout/linear-layout.js';
import { pivotColumns, rank, solveMinimal } from '../dialect/linear-layout/f2.js';
import { swizzledCvtLayout, tensorBitwidth } from '../analysis/allocation.js';
import { toLinearLayout } from '../dialect/ttg/to-linear-layout.js';
import type { Value } from '../dialect/ir/ir.js';
import type { PaddedSharedEncodingAttr } from '../dialect/ttg/attrs/shared.js';

/** The flattened images (out-dims packed in order, dim0 minor) of the bases of `inDim` (empty when absent). */
export function columns(ll: LinearLayout, inDim: string): number[] {
  let perLayout = columnCache.get(ll);
  if (!perLayout) columnCache.set(ll, (perLayout = new Map()));
  const hit = perLayout.get(inDim);
  if (hit) return [...hit];
  let out: number[] = [];
  if (ll.hasInDim(inDim)) {
    const flat = ll.getNumOutDims() > 1 ? ll.flattenOuts() : ll;
    const n = flat.getInDimSizeLog2(inDim);
    out = [];
    for (let i = 0; i < n; i++) out.push(flat.getNumOutDims() ? flat.getBasis(inDim, i)[0]! : 0);
  }
  perLayout.set(inDim, out);
  return [...out];
}
const columnCache = new WeakMap<LinearLayout, Map<string, number[]>>();

/** XOR of `cols[i]` over the set bits i of `x`. */
export function xorCols(cols: readonly number[], x: number): number {
  let acc = 0;
  for (let i = 0; x !== 0; i++, x >>>= 1) if (x & 1) acc ^= cols[i] ?? 0;
  return acc;
}

/** OR of all columns: the bits a linear combination of them may set. */
export function spanMask(cols: readonly number[]): number {
  let m = 0;
  for (const c of cols) m |= c;
  return m;
}

export function log2(x: number): number {
  return 31 - Math.clz32(x);
}

/**
 * Solves `xorCols(cols, x) = y` (the solution whose free variables are zero), for columns given once.
 * `kernel()` is a basis of the solutions of `xorCols(cols, x) = 0`.
 */
export class Solver {
  constructor(readonly cols: readonly number[]) {}
  solve(y: number): number | undefined {
    return solveMinimal(this.cols, [y >>> 0])[0];
  }
  kernel(): number[] {
    const piv = new Set(pivotColumns(this.cols));
    const out: number[] = [];
    this.cols.forEach((c, j) => {
      if (piv.has(j)) return;
      const x = this.solve(c);
      if (x !== undefined) out.push((x ^ (1 << j)) >>> 0);
    });
    return out;
  }
}

/** Offsets (in elements) of the register, lane and warp basis bits of an access. */
export interface SmemAccess {
  regCols: number[];
  laneCols: number[];
  warpCols: number[];
}

export interface SmemAccessOptions {
  /** A runtime offset (elements) XORed into every address (a view's offset). */
  affine?: Value;
  /** The bits `affine` may set. */
  affineMask?: number;
  /** Padding of a `#ttg.padded_shared` layout. */
  padded?: PaddedSharedEncodingAttr;
  /** At most this many elements per access. */
  maxVecElems?: number;
  /** Register bits that must not be vectorized (e.g. the round bits of a conversion). */
  noVecRegMask?: number;
  /** Only the registers r with `regFilter(r)` are accessed. */
  regFilter?: (r: number) => boolean;
  /** Alignment of the base pointer in bytes (default 16). */
  baseAlignment?: number;
  /** Build the addresses op for op as Triton's lowerLdSt (ldst-address.ts); padded layouts excepted. */
  exact?: ExactAddressing;
}

/**
 * The register bits forming vectors (bit t of the offset is the image of register bit `result[t]`), see the file
 * header.
 */
export function vectorBits(acc: SmemAccess, bitwidth: number, opts: SmemAccessOptions = {}): number[] {
  const maxElems = Math.min(Math.max(1, Math.floor(128 / bitwidth)), opts.maxVecElems ?? Infinity);
  const chosen: number[] = [];
  const others = (): number[] => [...acc.regCols.filter((_, i) => !chosen.includes(i)), ...acc.laneCols, ...acc.warpCols, opts.affineMask ?? 0];
  for (let t = 0; 2 ** (t + 1) <= maxElems; t++) {
    const bit = 2 ** t;
    const i = acc.regCols.findIndex((c, k) => c === bit && !chosen.includes(k) && !(((opts.noVecRegMask ?? 0) >>> k) & 1));
    if (i < 0) break;
    chosen.push(i);
    if (others().some((c) => (c & (2 * bit - 1)) !== 0)) {
      chosen.pop();
      break;
    }
  }
  return chosen;
}

/**
 * Shared memory wavefronts of one warp-wide access of `vecElems` elements of `bytes` bytes per thread: the warp
 * is served in phases of 128 bytes; in a phase, lanes whose addresses fall in the same bank (in distinct words)
 * serialize. With XOR-linear addresses the lanes of a phase touch a coset of the span V of their columns (in
 * units of max(4, access) bytes), so a phase takes |V| / |V projected on the bank bits| wavefronts.
 */
export function accessWavefronts(laneCols: readonly number[], vecElems: number, bytes: number): number {
  const access = vecElems * bytes;
  const unit = Math.max(4, access);
  const lanesPerPhase = phaseLanes(laneCols.length, access);
  const phases = 2 ** (laneCols.length - lanesPerPhase);
  const shift = log2(unit);
  const slots = 128 / unit;
  const vc = laneCols.slice(0, lanesPerPhase).map((c) => Math.floor((c * bytes) / 2 ** shift));
  const r = rank(vc);
  const rb = rank(vc.map((c) => c & (slots - 1)));
  return phases * 2 ** (r - rb);
}

/** Lane bits served by one 128-byte phase of a warp access of `access` bytes per lane. */
function phaseLanes(nLaneBits: number, access: number): number {
  return Math.min(nLaneBits, log2(Math.max(1, Math.floor(128 / Math.max(access, 4)))));
}

/** Wavefronts of a conflict-free warp access of `vecElems` elements of `bytes` bytes per lane (one per phase). */
export function idealAccessWavefronts(nLaneBits: number, vecElems: number, bytes: number): number {
  return 2 ** (nLaneBits - phaseLanes(nLaneBits, vecElems * bytes));
}

/**
 * The vector width an access uses: among the prefixes of `vectorBits`, the one with the fewest wavefronts per
 * element (ties: the widest). Returns the register bits and the wavefronts per instruction.
 */
export function chooseVector(acc: SmemAccess, bitwidth: number, opts: SmemAccessOptions = {}): { bits: number[]; wavefronts: number } {
  const bytes = bitwidth / 8;
  const maxVb = vectorBits(acc, bitwidth, opts);
  let best = { bits: maxVb, wavefronts: Infinity };
  let bestPerElem = Infinity;
  for (let t = maxVb.length; t >= 0; t--) {
    const w = accessWavefronts(acc.laneCols, 2 ** t, bytes);
    if (w / 2 ** t < bestPerElem) {
      bestPerElem = w / 2 ** t;
      best = { bits: maxVb.slice(0, t), wavefronts: w };
    }
  }
  return best;
}

/** The `ld.shared`/`st.shared` instructions of an access (what `accessShared` emits, see shared-memory.ts). */
export interface SmemAccessPlan {
  /** Register bits forming the vectors (bit t of a vector's offset is register bit vecBits[t]). */
  vecBits: number[];
  /** Wavefronts of one warp-wide instruction. */
  wavefronts: number;
  /** One instruction per entry: its registers, element k of the vector being register regs[k]. */
  instrs: number[][];
}

/**
 * Plans an access: the vector width with the fewest wavefronts (`chooseVector`), then one instruction per vector
 * of registers kept by `opts.regFilter`; with `present` (a store), vectors with no register present are skipped.
 */
export function planSmemAccess(acc: SmemAccess, bitwidth: number, opts: SmemAccessOptions = {}, present?: (r: number) => boolean): SmemAccessPlan {
  const { bits: vb, wavefronts } = chooseVector(acc, bitwidth, opts);
  const vec = 2 ** vb.length;
  const vecMask = vb.reduce((m, i) => m | (1 << i), 0);
  const instrs: number[][] = [];
  for (let r = 0; r < 2 ** acc.regCols.length; r++) {
    if (r & vecMask) continue;
    if (opts.regFilter && !opts.regFilter(r)) continue;
    const regs: number[] = [];
    for (let k = 0; k < vec; k++) {
      let rr = r;
      vb.forEach((bit, t) => {
        if ((k >>> t) & 1) rr |= 1 << bit;
      });
      regs.push(rr);
    }
    if (present && !regs.some(present)) continue;
    instrs.push(regs);
  }
  return { vecBits: vb, wavefronts, instrs };
}

/** An incrementally built GF(2) span (echelon form by highest bit) with membership tests. */
export class Echelon {
  private readonly lead = new Map<number, number>();
  constructor(vs: readonly number[] = []) {
    for (const v of vs) this.add(v);
  }
  private reduce(v: number): number {
    let x = v >>> 0;
    while (x !== 0) {
      const e = this.lead.get(31 - Math.clz32(x));
      if (e === undefined) return x;
      x = (x ^ e) >>> 0;
    }
    return 0;
  }
  contains(v: number): boolean {
    return this.reduce(v) === 0;
  }
  /** Adds v; returns whether it was independent. */
  add(v: number): boolean {
    const x = this.reduce(v);
    if (x === 0) return false;
    this.lead.set(31 - Math.clz32(x), x);
    return true;
  }
  get size(): number {
    return this.lead.size;
  }
}

/** The shared memory layout of a conversion through shared memory (see the file header). */
export interface CvtSmemLayout {
  smem: LinearLayout;
  /** Chosen instructions: [source side, destination side]; 0 ld/st.shared, 1 ldmatrix/stmatrix, 2 their `.trans`. */
  tiles: [number, number];
  /** Elements in the scratch buffer (one round). */
  bufferElems: number;
  nReps: number;
  /** Maps a flattened tensor coordinate to the flattened smem index (vector | bank | segment | reps). */
  inverse: (x: number) => number;
  /**
   * The round of an element depends on the lane or warp holding it (no rounds independent of the threads
   * exist for this buffer size): accesses must be predicated per round.
   */
  threadDependent?: boolean;
  /**
   * Which construction gave the layout: Triton's GenericSwizzling, our bank-conflict-free one (only in place of
   * a thread-dependent fallback), or the fallback for layouts the swizzling cannot serve.
   */
  origin: 'triton' | 'bank-conflict-free' | 'fallback';
}

/**
 * The layout `allocate-shared-memory-nv` sized the scratch buffer of this conversion for.
 *
 * Rounds: the element x is stored in round `reps(x)` at offset `offset(x)`. The offset is the swizzled layout's
 * (vector | bank | segment) coordinates, whose kernel is span(reps). The round is the reps coordinate of x in a
 * decomposition T = W ⊕ span(reps) where W contains every lane and warp basis of both layouts (`threadCols`),
 * so that the round of an element only depends on the register holding it; when the lanes and warps already
 * lie in span(vector, bank, segment) this is the swizzled layout's own reps coordinate.
 */
export function cvtSmemLayout(srcTy: RankedTensorType, dstTy: RankedTensorType, computeCapability: number, threadCols: readonly number[] = []): CvtSmemLayout {
  // Types are uniqued: cache per (source, destination, target).
  const key = `${computeCapability}|${threadCols.join(',')}`;
  let bySrc = layoutCache.get(srcTy);
  if (!bySrc) layoutCache.set(srcTy, (bySrc = new WeakMap()));
  let byDst = bySrc.get(dstTy);
  if (!byDst) bySrc.set(dstTy, (byDst = new Map()));
  const hit = byDst.get(key);
  if (hit) return hit;
  const L = computeCvtSmemLayout(srcTy, dstTy, computeCapability, threadCols);
  byDst.set(key, L);
  return L;
}
const layoutCache = new WeakMap<RankedTensorType, WeakMap<RankedTensorType, Map<string, CvtSmemLayout>>>();

function computeCvtSmemLayout(srcTy: RankedTensorType, dstTy: RankedTensorType, computeCapability: number, threadCols: readonly number[]): CvtSmemLayout {
  const tri = tritonSmemLayout(srcTy, dstTy, computeCapability, threadCols);
  // Triton 3.6 always goes through its own swizzled layout (the vector widths of the stores and loads follow from
  // it), so it is kept whenever its rounds could be made independent of the threads; only the thread-dependent
  // fallback is replaced by our bank-conflict-free layout.
  if (!tri.threadDependent) return tri;
  const src = toLinearLayout(srcTy.shape, srcTy.encoding!);
  const dst = toLinearLayout(dstTy.shape, dstTy.encoding!);
  return optimalSwizzle(src, dst, tensorBitwidth(srcTy), tri.nReps) ?? tri;
}

/** Triton's swizzled layout (GenericSwizzling), with rounds made independent of the threads (see cvtSmemLayout). */
function tritonSmemLayout(srcTy: RankedTensorType, dstTy: RankedTensorType, computeCapability: number, threadCols: readonly number[]): CvtSmemLayout {
  const { smem, tiles } = swizzledCvtLayout(srcTy, dstTy, computeCapability);
  return tritonLayoutFrom(smem, tiles, srcTy, dstTy, threadCols);
}

function tritonLayoutFrom(smem: LinearLayout, tiles: [number, number], srcTy: RankedTensorType, dstTy: RankedTensorType, threadCols: readonly number[]): CvtSmemLayout {
  const nReps = smem.hasInDim('reps') ? smem.getInDimSize('reps') : 1;
  const offsetCols: number[] = [];
  for (const d of smem.getInDimNames()) if (d !== 'reps') offsetCols.push(...columns(smem, d));
  const repsCols = columns(smem, 'reps');
  const cols = [...offsetCols, ...repsCols];
  const solver = new Solver(cols);
  const nOff = offsetCols.length;
  const flat = (x: number): number => {
    const s = solver.solve(x);
    if (s === undefined) throw new Error('convert_layout: element outside the swizzled shared layout');
    return s;
  };
  const total = smem.getTotalOutDimSizeLog2();
  if (cols.length !== total || rank(cols) !== total) return fallbackSmemLayout(srcTy, dstTy, nReps);
  let round = (x: number): number => flat(x) >>> nOff;
  if (threadCols.some((c) => flat(c) >>> nOff !== 0)) {
    if (rank([...repsCols, ...threadCols]) !== repsCols.length + rank(threadCols)) return fallbackSmemLayout(srcTy, dstTy, nReps);
    // Basis: reps first, then the thread vectors, then the offset bases (independent ones kept, in that order).
    const basis: number[] = [...repsCols];
    for (const c of [...threadCols, ...offsetCols]) {
      if (c !== 0 && rank([...basis, c]) > basis.length) basis.push(c);
    }
    if (basis.length !== cols.length || rank(repsCols) !== repsCols.length) throw new Error('convert_layout: the rounds of the swizzled layout cannot be made independent of the threads');
    const dec = new Solver(basis);
    round = (x: number): number => (dec.solve(x) ?? 0) & ((1 << repsCols.length) - 1);
    if (threadCols.some((c) => round(c) !== 0)) throw new Error('convert_layout: a lane or warp basis lies in the rounds of the swizzled layout');
  }
  const offMask = (1 << nOff) - 1;
  const inverse = (x: number): number => (flat(x) & offMask) | (round(x) << nOff);
  return { smem, tiles, bufferElems: smem.getTotalOutDimSize() / nReps, nReps, inverse, origin: 'triton' };
}

/** Flattened register / lane / warp columns of a layout's flattened inverse image in a shared layout. */
function sideAccess(L: CvtSmemLayout, ll: LinearLayout): { acc: SmemAccess; noVec: number; nUnique: number } {
  const bufBits = log2(L.bufferElems);
  const offMask = L.bufferElems - 1;
  const regFlat = columns(ll, 'register').map(L.inverse);
  return {
    acc: {
      regCols: regFlat.map((x) => x & offMask),
      laneCols: columns(ll, 'lane').map((c) => L.inverse(c) & offMask),
      warpCols: columns(ll, 'warp').map((c) => L.inverse(c) & offMask),
    },
    noVec: regFlat.reduce((m, x, i) => (x >>> bufBits !== 0 ? m | (1 << i) : m), 0),
    nUnique: 2 ** columns(ll, 'register').filter((c) => c !== 0).length,
  };
}

/**
 * Cost of storing `src` and loading `dst` through a shared layout with ld/st.shared (as accessShared does): the
 * wavefronts, plus a quarter per instruction issued.
 */
export function sharedLayoutCost(L: CvtSmemLayout, src: LinearLayout, dst: LinearLayout, bitwidth: number): number {
  let total = 0;
  for (const ll of [src, dst]) {
    const s = sideAccess(L, ll);
    const { bits, wavefronts } = chooseVector(s.acc, bitwidth, { noVecRegMask: s.noVec });
    const instrs = s.nUnique / 2 ** bits.length;
    total += instrs * (wavefronts + 0.25);
  }
  return total;
}

/**
 * A bank-conflict-free shared layout for a conversion with ld/st.shared (paper §5.4), with `nReps` rounds:
 * - vectors: registers common to both layouts (both sides access 2^|V| contiguous elements), extended with one
 *   side's registers when that side can access more (up to 128 bits), and to a 32-bit word;
 * - rounds: `nReps` register vectors common to both layouts (independent of every lane and warp);
 * - the remaining offset bits are a basis split into bank bits (inside the 128 bytes one wavefront serves) and
 *   segment bits (above); the segment is chosen so that, on each side, the lanes of one wavefront phase are
 *   independent modulo the segment (and the vector bits below the side's access): their addresses then fall in
 *   distinct banks. Segment vectors come first from XORs of a source lane and a destination lane (the classic
 *   swizzle), then registers and unit vectors; when no vector keeps both sides conflict free, the one with the
 *   fewest conflicts is taken.
 * Among the vector choices, the layout with the fewest wavefronts (`sharedLayoutCost`) is returned.
 */
export function optimalSwizzle(srcLL: LinearLayout, dstLL: LinearLayout, bitwidth: number, nReps: number): CvtSmemLayout | undefined {
  const n = srcLL.getTotalOutDimSizeLog2();
  const k = log2(nReps);
  const eb = bitwidth / 8;
  const nz = (xs: number[]): number[] => xs.filter((x) => x !== 0);
  const sReg = nz(columns(srcLL, 'register'));
  const dReg = nz(columns(dstLL, 'register'));
  const sLane = columns(srcLL, 'lane');
  const dLane = columns(dstLL, 'lane');
  const threads = nz([...sLane, ...dLane, ...columns(srcLL, 'warp'), ...columns(dstLL, 'warp')]);
  const common = sReg.filter((c) => dReg.includes(c));
  const maxV = log2(Math.max(1, Math.floor(16 / eb)));
  const wordBits = eb < 4 ? log2(4 / eb) : 0;
  const W = log2(128 / eb);
  const indep = (set: readonly number[], c: number): boolean => c !== 0 && rank([...set, c]) > rank(set);
  // Rounds: common registers independent of the threads (the last ones first: the first ones make vectors).
  const R: number[] = [];
  for (const c of [...common].reverse()) {
    if (R.length === k) break;
    if (indep([...threads, ...R], c)) R.push(c);
  }
  if (R.length !== k) return undefined;
  const build = (V: number[]): CvtSmemLayout | undefined => {
    const tOf = (regs: readonly number[]): number => {
      let t = 0;
      while (t < V.length && regs.includes(V[t]!)) t++;
      return t;
    };
    const sides = [
      { t: tOf(sReg), lanes: sLane, ll: srcLL },
      { t: tOf(dReg), lanes: dLane, ll: dstLL },
    ].map(({ t, lanes, ll }) => {
      const accessBytes = 2 ** t * eb;
      const phaseLanes = 5 - Math.max(0, log2(Math.max(1, accessBytes / 4)));
      const lo = Math.max(t, wordBits);
      // A side vectorizing t bits needs every other column of its layout to leave the vector bits zero: the
      // offset bases other than V[0..t) must span exactly those columns.
      const vec = V.slice(0, t);
      const others = nz([...columns(ll, 'register'), ...columns(ll, 'lane'), ...columns(ll, 'warp')]).filter((c) => !vec.includes(c));
      return { P: nz(lanes.slice(0, phaseLanes)), U: V.slice(0, Math.min(lo, V.length)), t, others: new Echelon(others) };
    });
    const allowed = (c: number): boolean => sides.every((sd) => sd.t === 0 || sd.others.contains(c));
    const nOff = n - k;
    const nWin = Math.min(W, nOff);
    const nSeg = nOff - Math.max(nWin, V.length);
    // Segment: vectors outside span(V, R, Sg) (bijectivity) and, on each side, outside span(P, U, R, Sg) (the
    // phase lanes keep distinct banks). The XOR of a lane of one side and a lane of the other is outside both
    // when each lane is outside the other side's span; otherwise every vector is tried.
    const Sg: number[] = [];
    const glob = new Echelon([...V, ...R]);
    const sideSpans = sides.map((sd) => new Echelon([...sd.P, ...sd.U, ...R]));
    const cands: number[] = [];
    for (const p of sides[0]!.P) for (const q of sides[1]!.P) if (p !== q) cands.push((p ^ q) >>> 0);
    cands.push(...sReg, ...dReg, ...Array.from({ length: n }, (_, i) => 1 << i), ...threads);
    while (Sg.length < nSeg) {
      let best: [number, number] | undefined;
      const consider = (c: number): boolean => {
        if (c === 0 || glob.contains(c) || !allowed(c)) return false;
        const d = sideSpans.reduce((a, sp) => a + (sp.contains(c) ? 1 : 0), 0);
        if (!best || d < best[0]) best = [d, c];
        return d === 0;
      };
      let done = false;
      for (const c of cands) if ((done = consider(c))) break;
      if (!done && n <= 16) for (let c = 1; c < 2 ** n; c++) if ((done = consider(c))) break;
      if (!best) return undefined;
      const c = best[1];
      Sg.push(c);
      glob.add(c);
      sideSpans.forEach((sp) => sp.add(c));
    }
    const Bk: number[] = [];
    const all = new Echelon([...V, ...R, ...Sg]);
    const tryBank = (c: number): void => {
      if (V.length + Bk.length + Sg.length < nOff && allowed(c) && all.add(c)) Bk.push(c);
    };
    for (const c of [...sides[0]!.P, ...sides[1]!.P, ...Array.from({ length: n }, (_, i) => 1 << i)]) tryBank(c);
    if (n <= 16) for (let c = 1; c < 2 ** n && V.length + Bk.length + Sg.length < nOff; c++) tryBank(c);
    const offs = [...V, ...Bk, ...Sg];
    if (offs.length !== nOff || rank([...offs, ...R]) !== n) return undefined;
    const solver = new Solver([...offs, ...R]);
    const inverse = (x: number): number => {
      const s = solver.solve(x);
      if (s === undefined) throw new UnsupportedInputError('convert_layout: the shared layout does not cover every element');
      return s;
    };
    const smem = LinearLayout.fromBasesWithSizes(
      [
        ['offset', offs.map((c) => [c])],
        ['reps', R.map((c) => [c])],
      ],
      [['flat', 2 ** n]],
      true,
    );
    return { smem, tiles: [0, 0], bufferElems: 2 ** nOff, nReps, inverse, origin: 'bank-conflict-free' };
  };
  // Vector choices: common registers, then one side's registers; filled up to a 32-bit word.
  const options: number[][] = [];
  const extend = (base: number[], extra: readonly number[]): number[] => {
    const V = [...base];
    for (const c of extra) {
      if (V.length >= maxV) break;
      if (!V.includes(c) && indep([...V, ...R], c)) V.push(c);
    }
    return V;
  };
  const vc = extend([], common);
  const prefixes: number[][] = [];
  for (const V of [vc, extend(vc, sReg), extend(vc, dReg)]) for (let i = V.length; i >= 0; i--) prefixes.push(V.slice(0, i));
  for (const V of prefixes) {
    // Sub-word elements: fill the word (lanes sharing a word never conflict).
    const filled = [...V];
    for (const c of [...sReg, ...dReg, ...dLane, ...sLane]) {
      if (filled.length >= wordBits) break;
      if (indep([...filled, ...R], c)) filled.push(c);
    }
    if (!options.some((o) => o.length === filled.length && o.every((x, i) => x === filled[i]))) options.push(filled);
  }
  let best: [number, CvtSmemLayout] | undefined;
  for (const V of options) {
    const L = build(V);
    if (!L) continue;
    const c = sharedLayoutCost(L, srcLL, dstLL, bitwidth);
    if (!best || c < best[0]) best = [c, L];
  }
  return best?.[1];
}

/**
 * A shared layout for a conversion when the swizzled one cannot be used (it is not a bijection, which happens
 * for layouts with non-unit bases, or a lane/warp basis lies in its rounds): `nReps` rounds whose bases are
 * independent of every lane and warp basis (registers common to both layouts first), and offsets whose lowest
 * bits are common registers (vectors), then the lanes of both sides (banks), then the rest.
 */
export function fallbackSmemLayout(srcTy: RankedTensorType, dstTy: RankedTensorType, nReps: number): CvtSmemLayout {
  const src = toLinearLayout(srcTy.shape, srcTy.encoding!);
  const dst = toLinearLayout(dstTy.shape, dstTy.encoding!);
  const n = src.getTotalOutDimSizeLog2();
  const k = log2(nReps);
  const srcRegs = columns(src, 'register').filter((c) => c !== 0);
  const dstRegs = columns(dst, 'register').filter((c) => c !== 0);
  const common = srcRegs.filter((c) => dstRegs.includes(c));
  const lanes = [...columns(src, 'lane'), ...columns(dst, 'lane')];
  const warps = [...columns(src, 'warp'), ...columns(dst, 'warp')];
  const threads = [...lanes, ...warps].filter((c) => c !== 0);
  const units = Array.from({ length: n }, (_, i) => 1 << i);
  let reps: number[] = [];
  for (const c of [...common, ...srcRegs, ...dstRegs, ...units]) {
    if (reps.length === k) break;
    if (rank([...threads, ...reps, c]) > rank([...threads, ...reps])) reps.push(c);
  }
  let threadDependent = false;
  if (reps.length !== k) {
    // Rounds cannot avoid the threads' span: take any independent register (or unit) vectors.
    threadDependent = true;
    reps = [];
    for (const c of [...common, ...srcRegs, ...dstRegs, ...units]) {
      if (reps.length === k) break;
      if (c !== 0 && rank([...reps, c]) > reps.length) reps.push(c);
    }
  }
  const offs: number[] = [];
  for (const c of [...common, ...lanes, ...warps, ...srcRegs, ...dstRegs, ...units]) {
    if (offs.length === n - k) break;
    if (c !== 0 && rank([...reps, ...offs, c]) > reps.length + offs.length) offs.push(c);
  }
  const solver = new Solver([...offs, ...reps]);
  const inverse = (x: number): number => {
    const s = solver.solve(x);
    if (s === undefined) throw new UnsupportedInputError('convert_layout: the shared layout does not cover every element');
    return s;
  };
  const smem = LinearLayout.fromBasesWithSizes(
    [
      ['offset', offs.map((c) => [c])],
      ['reps', reps.map((c) => [c])],
    ],
    [['flat', 2 ** n]],
    true,
  );
  return { smem, tiles: [0, 0], bufferElems: 2 ** (n - k), nReps, inverse, origin: 'fallback', ...(threadDependent ? { threadDependent } : {}) };
}
