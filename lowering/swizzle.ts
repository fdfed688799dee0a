/**
 * The shared memory layout a `ttg.convert_layout` goes through (paper "Linear Layouts" §5.4, Triton 3.6's
 * GenericSwizzling `optimalSwizzling`), seen from the lowering.
 *
 * The layout itself is computed by `transforms/analysis/generic-swizzling.ts` through the allocation analysis'
 * `swizzledCvtLayout`, so that the lowering and `allocate-shared-memory-nv` agree on the scratch buffer: its
 * in-dims are `vector` (elements moved by one access), `bank` (the accesses of one wavefront), `segment` and
 * `reps` (rounds: bases that are registers on both sides, so the conversion can go through a buffer
 * `reps` times smaller than the tensor). Flattened in that order, the in-dims give the element index in shared
 * memory: `vector` bits lowest, `reps` bits highest (the round number).
 *
 * This file also holds the small GF(2) helpers the data movement lowerings share: layouts as lists of flattened
 * columns (`columns`), solving for preimages (`Solver`), and the masks of the bits a set of columns can touch.
 */
import { RankedTensorType } from '../dialect/ir/type.js';
import { LinearLayout } from '../dialect/linear-layout/linear-layout.js';
import { pivotColumns, rank, solveMinimal } from '../dialect/linear-layout/f2.js';
import { swizzledCvtLayout } from '../transforms/analysis/allocation.js';
import { toLinearLayout } from '../dialect/ttg/to-linear-layout.js';

/** The flattened images (out-dims packed in order, dim0 minor) of the bases of `inDim` (empty when absent). */
export function columns(ll: LinearLayout, inDim: string): number[] {
  if (!ll.hasInDim(inDim)) return [];
  const flat = ll.getNumOutDims() > 1 ? ll.flattenOuts() : ll;
  const n = flat.getInDimSizeLog2(inDim);
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push(flat.getNumOutDims() ? flat.getBasis(inDim, i)[0]! : 0);
  return out;
}

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
  const { smem, tiles } = swizzledCvtLayout(srcTy, dstTy, computeCapability);
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
  return { smem, tiles, bufferElems: smem.getTotalOutDimSize() / nReps, nReps, inverse };
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
    if (s === undefined) throw new Error('convert_layout: element outside the shared layout');
    return s;
  };
  const outDims = src.getOutDims();
  const smem = LinearLayout.fromBasesWithSizes(
    [
      ['offset', offs.map((c) => [c])],
      ['reps', reps.map((c) => [c])],
    ],
    [['flat', 2 ** n]],
    true,
  );
  void outDims;
  return { smem, tiles: [0, 0], bufferElems: 2 ** (n - k), nReps, inverse, ...(threadDependent ? { threadDependent } : {}) };
}
