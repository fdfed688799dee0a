/**
 * Linear layouts: linear maps over GF(2) between named, power-of-two-sized
 * index spaces.  A re-implementation of Triton 3.6's `LinearLayout`
 * (lib/Tools/LinearLayout.cpp), with the same semantics, error conditions and
 * `toString` format.
 *
 * # Representation
 *
 * A layout L maps a tuple of *input* coordinates (one per in-dim, e.g.
 * `register`, `lane`, `warp`, `block`) to a tuple of *output* coordinates (one
 * per out-dim, e.g. `dim0`, `dim1`).  It is stored as:
 *
 *  - the ordered in-dims, each with its list of *bases*: basis `i` of in-dim
 *    `d` is `L(0, ..., d = 2^i, ..., 0)`, an array with one integer per
 *    out-dim (in out-dim order).  An in-dim with `k` bases has size `2^k`;
 *  - the ordered out-dims with their sizes (powers of two).  Every basis
 *    component is smaller than the size of its out-dim.
 *
 * Every other value follows by linearity, where "+" is XOR:
 * `L(x ⊕ y) = L(x) ⊕ L(y)`.  For example, with bases `lane: [[1], [2]]` and
 * `warp: [[4]]` into `dim0` (size 8), `L(lane=3, warp=1) = 1 ⊕ 2 ⊕ 4 = 7`.
 *
 * Dim order is minor-to-major.  It only matters for flattening (reshape*,
 * flatten*), for `mul`, and for equality.  Flattening the out-dims packs
 * component `k` at bit offset `sum(log2 size of out-dims before k)`; the
 * flattened image of each input bit is a *column* of the layout's matrix,
 * which is what the GF(2) algebra in `f2.ts` works on.
 *
 * Layouts are immutable: every operation returns a new layout.  A violated
 * precondition (where Triton would assert or report a fatal error) throws a
 * `LinearLayoutError`.  Where Triton reports a fatal error, the message is
 * Triton's text.  Total input and output sizes are limited to 2^30.
 */

import { isPowerOf2, log2Floor, nextPowerOf2, pivotColumns, rank as f2rank, solveMinimal } from './f2.js';

/** Thrown when a linear-layout operation's precondition does not hold. */
export class LinearLayoutError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LinearLayoutError';
  }
}

/** The bases of one in-dim: one basis per input bit, each with one component per out-dim. */
export type BasisList = readonly (readonly number[])[];
/** Bases of several in-dims, in order. */
export type NamedBases = readonly (readonly [string, BasisList])[];
/** Out-dims (or in-dims) with their sizes, in order. */
export type DimSizes = readonly (readonly [string, number])[];

/** Largest total number of input or output bits a layout may have. */
export const MAX_TOTAL_BITS = 30;

function fail(message: string): never {
  throw new LinearLayoutError(message);
}

function quoteJoin(dims: Iterable<string>): string {
  return [...dims].map((d) => `"${d}"`).join(', ');
}

function assertDimsEqualIgnoringOrder(aDims: Iterable<string>, bDims: Iterable<string>): void {
  const a = [...aDims];
  const b = [...bDims];
  const as = new Set(a);
  const bs = new Set(b);
  if (as.size !== bs.size || [...as].some((d) => !bs.has(d))) {
    fail(`Dimensions must match, ignoring order, but they don't.  Got dims: [${quoteJoin(a)}] and [${quoteJoin(b)}]`);
  }
}

/** Whether `names` are the keys of `dims` in their order (layouts are immutable: a transpose to it is the layout). */
function inOrder(names: readonly string[], dims: ReadonlyMap<string, unknown>): boolean {
  if (names.length !== dims.size) return false;
  let i = 0;
  for (const d of dims.keys()) if (names[i++] !== d) return false;
  return true;
}

/** Whether two basis lists are equal, basis by basis and component by component. */
function sameBasisLists(a: BasisList, b: BasisList): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x.length !== y.length) return false;
    for (let j = 0; j < x.length; j++) if (x[j] !== y[j]) return false;
  }
  return true;
}

/** Whether `ins` names each dim of `dims` exactly once (then the dims agree, ignoring order). */
function distinctDimsOf(ins: readonly (readonly [string, number])[], dims: ReadonlyMap<string, unknown>): boolean {
  if (ins.length !== dims.size) return false;
  for (let i = 0; i < ins.length; i++) {
    const d = ins[i]![0];
    if (!dims.has(d)) return false;
    for (let j = 0; j < i; j++) if (ins[j]![0] === d) return false;
  }
  return true;
}

function assertDimsSubsetIgnoringOrder(smallDims: Iterable<string>, bigDims: Iterable<string>): void {
  const small = [...smallDims];
  const big = [...bigDims];
  const bigSet = new Set(big);
  if (small.some((d) => !bigSet.has(d))) {
    fail(`Dimensions must be a subset, ignoring order, but they aren't.  Got dims: [${quoteJoin(small)}] and [${quoteJoin(big)}]`);
  }
}

function formatLayout(bases: ReadonlyMap<string, BasisList>, outDims: ReadonlyMap<string, number>): string {
  const outDimsStr = `[${[...outDims].map(([d, s]) => `${d} (size ${s})`).join(', ')}]`;
  if (bases.size === 0) {
    return outDims.size === 0 ? '\n(empty layout)' : `\n(empty layout with out-dims ${outDimsStr})`;
  }
  let ret = '\n';
  for (const [inDim, bs] of bases) {
    if (bs.length === 0) {
      ret += ` - ${inDim} is a size 1 dimension\n`;
      continue;
    }
    ret += ` - ${bs.map((b, i) => `${inDim}=${2 ** i} -> (${b.join(', ')})`).join('\n   ')}\n`;
  }
  return `${ret}where out dims are: ${outDimsStr}`;
}

/**
 * Computes the "supremum" of two ordered dim lists: a list containing both as
 * subsequences, preferring the first list's elements when several exist.
 * Example: `supremum(['a', 'b'], ['a', 'c']) → ['a', 'b', 'c']`,
 * `supremum(['a', 'b'], ['c', 'b', 'd']) → ['a', 'c', 'b', 'd']`.
 */
export function supremum(x: readonly string[], y: readonly string[]): string[] {
  const result: string[] = [];
  const inResult = new Set<string>();
  const posX = new Map<string, number>();
  const posY = new Map<string, number>();
  x.forEach((e, i) => posX.set(e, i));
  y.forEach((e, i) => posY.set(e, i));
  const push = (e: string): void => {
    if (!inResult.has(e)) {
      inResult.add(e);
      result.push(e);
    }
  };
  let i = 0;
  let j = 0;
  while (i < x.length || j < y.length) {
    while (i < x.length && inResult.has(x[i]!)) ++i;
    while (j < y.length && inResult.has(y[j]!)) ++j;
    if (i >= x.length && j >= y.length) break;
    if (i < x.length && j < y.length && x[i] === y[j]) {
      if (posY.get(x[i]!)! < j) fail('Supremum does not exist');
      push(x[i]!);
      ++i;
      ++j;
      continue;
    }
    let candX = Infinity;
    let candY = Infinity;
    if (i < x.length) {
      const p = posY.get(x[i]!);
      if (p !== undefined && p >= j) candX = p;
    }
    if (j < y.length) {
      const p = posX.get(y[j]!);
      if (p !== undefined && p >= i) candY = p;
    }
    if (i < x.length && candX === Infinity) {
      push(x[i]!);
      ++i;
      continue;
    }
    if (j < y.length && candY === Infinity) {
      push(y[j]!);
      ++j;
      continue;
    }
    if (candX <= candY) {
      if (posY.get(x[i]!)! < j) fail('Supremum does not exist');
      push(x[i]!);
      ++i;
    } else {
      if (posX.get(y[j]!)! < i) fail('Supremum does not exist');
      push(y[j]!);
      ++j;
    }
  }
  return result;
}

/**
 * A linear map over GF(2) from named input dims to named output dims.  See the
 * file header for the representation.
 */
export class LinearLayout {
  readonly #bases: ReadonlyMap<string, BasisList>;
  readonly #outDims: ReadonlyMap<string, number>;
  /** Flattened image of every input bit (in-dims in order), bit-packed by out-dim offsets. */
  readonly #cols: readonly number[];
  /** Computed when first asked (most layouts are intermediate results nobody asks it of). */
  #rank: number | undefined;
  /**
   * Whether the basis lists and columns were frozen. They are private copies that this class never mutates, so they
   * are frozen only when first handed out (getBasis, getBases, getFlatColumns): freezing every basis of every
   * intermediate layout was a third of the cost of building one.
   */
  #frozen = false;
  readonly #totalOutLog2: number;

  private constructor(
    bases: ReadonlyMap<string, BasisList>,
    outDims: ReadonlyMap<string, number>,
    cols: readonly number[],
    rank: number | undefined,
    totalOutLog2: number,
  ) {
    this.#bases = bases;
    this.#outDims = outDims;
    this.#cols = cols;
    this.#rank = rank;
    this.#totalOutLog2 = totalOutLog2;
  }

  // ---------------------------------------------------------------------------
  // Construction

  /** Whether every basis is within its out-dim, non-negative and integral, and every out-dim a power of two. */
  static #allValid(bm: ReadonlyMap<string, BasisList>, outSizes: readonly number[]): boolean {
    for (const size of outSizes) if (!isPowerOf2(size)) return false;
    const n = outSizes.length;
    for (const bs of bm.values()) {
      for (const b of bs) {
        if (b.length !== n) return false;
        for (let i = 0; i < n; i++) {
          const v = b[i]!;
          if (!(v >= 0 && v < outSizes[i]!) || !Number.isInteger(v)) return false;
        }
      }
    }
    return true;
  }

  /** Triton's checkInvariants, in its order: the message of the first check that fails, or undefined. */
  static #firstProblem(bm: ReadonlyMap<string, BasisList>, om: ReadonlyMap<string, number>): string | undefined {
    for (const [inDim, bs] of bm) {
      for (const b of bs) {
        if (b.some((v) => v < 0)) {
          return `Invalid bases passed to LinearLayout.  Expected all basis values to be non-negative, but found a negative value for in dimension '${inDim}'.  Full list of bases:${formatLayout(bm, om)}\n`;
        }
      }
    }
    for (const [inDim, bs] of bm) {
      for (const b of bs) {
        if (b.length !== om.size) {
          return `Invalid bases passed to LinearLayout.  Expect all bases to have the same size, equal to outDimNames.size() (${om.size}).  But this failed for in dimension '${inDim}'.  Full list of bases:${formatLayout(bm, om)}\n`;
        }
      }
    }
    for (const [outDim, size] of om) {
      if (!isPowerOf2(size)) {
        return `Invalid out-dim size ${size} for out-dim '${outDim}'.  Out-dim sizes must be powers of 2.\n`;
      }
    }
    const outNames = [...om.keys()];
    const outSizes = [...om.values()];
    for (const [inDim, bs] of bm) {
      for (const b of bs) {
        for (let i = 0; i < b.length; i++) {
          const v = b[i]!;
          if (!Number.isInteger(v)) {
            return `Invalid basis ${v} for in-dim '${inDim}' and out-dim '${outNames[i]}'.  Basis values must be integers.\n`;
          }
          if (v >= outSizes[i]!) {
            return `Invalid basis ${v} for in-dim '${inDim}' and out-dim '${outNames[i]}'.  Basis must be less than the out-dim size.\n`;
          }
        }
      }
    }
    return undefined;
  }

  /**
   * Builds a layout, or returns an error message (Triton's checkInvariants).
   * Duplicate in-dim or out-dim names behave like Triton's MapVector: the
   * first position is kept and the last value wins.
   */
  static #tryBuild(bases: NamedBases, outDims: DimSizes, requireSurjective: boolean): LinearLayout | string {
    const bm = new Map<string, BasisList>();
    for (const [inDim, bs] of bases) {
      const copy: (readonly number[])[] = new Array(bs.length);
      for (let i = 0; i < bs.length; i++) copy[i] = bs[i]!.slice();
      bm.set(inDim, copy);
    }
    const om = new Map<string, number>();
    for (const [outDim, size] of outDims) om.set(outDim, size);
    const outSizes = [...om.values()];
    // Layouts are built constantly (the lowering composes them per op): one pass over the bases tells whether all
    // is well, and only a layout with a problem goes through the checks one by one, in Triton's order, for the
    // message of the first that fails.
    if (!LinearLayout.#allValid(bm, outSizes)) {
      const problem = LinearLayout.#firstProblem(bm, om);
      if (problem !== undefined) return problem;
    }
    // 2^(bit offset of each out-dim): a basis component times it is its bits in the packed column.
    const scales: number[] = [];
    let totalOut = 0;
    for (const s of outSizes) {
      scales.push(2 ** totalOut);
      totalOut += log2Floor(s);
    }
    let totalIn = 0;
    for (const bs of bm.values()) totalIn += bs.length;
    if (totalOut > MAX_TOTAL_BITS || totalIn > MAX_TOTAL_BITS) {
      return `LinearLayout too large: ${totalIn} input bits and ${totalOut} output bits, but at most ${MAX_TOTAL_BITS} of each are supported.\n`;
    }
    const cols: number[] = [];
    for (const bs of bm.values()) {
      for (const b of bs) {
        let c = 0;
        for (let k = 0; k < b.length; k++) c += b[k]! * scales[k]!;
        cols.push(c);
      }
    }
    const r = requireSurjective ? f2rank(cols) : undefined;
    const ll = new LinearLayout(bm, om, cols, r, totalOut);
    if (requireSurjective && r !== totalOut) {
      return `Layout is expected to be surjective, i.e. every \`out\` coordinate can be reached by some \`in\` coordinate, but was not:${formatLayout(bm, om)}`;
    }
    return ll;
  }

  static #build(bases: NamedBases, outDims: DimSizes, requireSurjective: boolean): LinearLayout {
    const r = LinearLayout.#tryBuild(bases, outDims, requireSurjective);
    if (typeof r === 'string') fail(r);
    return r;
  }

  /** The layout with no in-dims and no out-dims; the identity of `mul`. Example: `empty().toString() === '\n(empty layout)'`. */
  static empty(): LinearLayout {
    return EMPTY;
  }

  /**
   * The map `L(x) = x * stride` for `x` in `[0, size)`, with out-dim size `size * stride`
   * (surjectivity is only required when `stride === 1`).  `size === 0` gives `empty()`.
   * Example: `strided1D(4, 2, 'i', 'o')` has bases `i: [[2], [4]]` and out size 8.
   */
  static strided1D(size: number, stride: number, inDim: string, outDim: string): LinearLayout {
    if (size === 0) return EMPTY;
    if (!isPowerOf2(size)) fail(`strided1D: size must be a power of 2, got ${size}`);
    const bases: number[][] = [];
    for (let i = 1; i < size; i *= 2) bases.push([i * stride]);
    return LinearLayout.#build([[inDim, bases]], [[outDim, stride * size]], stride === 1);
  }

  /**
   * The identity map `L(x) = x` for `x` in `[0, size)`; `size === 0` gives `empty()`.
   * Example: `identity1D(8, 'lane', 'dim0')` has bases `lane: [[1], [2], [4]]`.
   */
  static identity1D(size: number, inDim: string, outDim: string): LinearLayout {
    return LinearLayout.strided1D(size, 1, inDim, outDim);
  }

  /**
   * The map sending every `x` in `[0, size)` to 0, with out-dim size `outDimSize`
   * (surjective only when `outDimSize === 1`).  `size === 0` gives `empty()`.
   * Example: `zeros1D(4, 'reg', 'dim0')` has bases `reg: [[0], [0]]` and out size 1.
   */
  static zeros1D(size: number, inDim: string, outDim: string, outDimSize = 1): LinearLayout {
    if (size === 0) return EMPTY;
    if (!isPowerOf2(size)) fail(`zeros1D: size must be a power of 2, got ${size}`);
    const bases: number[][] = [];
    for (let i = 1; i < size; i *= 2) bases.push([0]);
    return LinearLayout.#build([[inDim, bases]], [[outDim, outDimSize]], outDimSize === 1);
  }

  /**
   * Builds a layout from bases, inferring each out-dim size as the smallest
   * power of two above every component (Triton's `LinearLayout(bases, outDimNames)`,
   * which always requires surjectivity; here that check is opt-in).
   * Example: `fromBases([['in', [[1], [2]]]], ['out'])` is `identity1D(4, 'in', 'out')`.
   */
  static fromBases(bases: NamedBases, outDimNames: readonly string[], requireSurjective = false): LinearLayout {
    const sizes = new Map<string, number>();
    for (const d of outDimNames) sizes.set(d, 1);
    for (const [, bs] of bases) {
      for (const b of bs) {
        for (let i = 0; i < b.length && i < outDimNames.length; i++) {
          const v = b[i]!;
          if (Number.isInteger(v) && v >= 0) {
            const d = outDimNames[i]!;
            sizes.set(d, Math.max(sizes.get(d)!, nextPowerOf2(v)));
          }
        }
      }
    }
    return LinearLayout.#build(bases, [...sizes], requireSurjective);
  }

  /**
   * Builds a layout from bases and explicit out-dim sizes (Triton's
   * `LinearLayout(bases, outDims, requireSurjective)`).
   * Example: `fromBasesWithSizes([['in', [[1], [4]]]], [['out', 8]])` is a non-surjective layout.
   */
  static fromBasesWithSizes(bases: NamedBases, outDims: DimSizes, requireSurjective = false): LinearLayout {
    return LinearLayout.#build(bases, outDims, requireSurjective);
  }

  /**
   * Like `fromBasesWithSizes`, but returns `undefined` instead of throwing when
   * the bases are not a valid layout (Triton's `tryCreate`).
   * Example: `tryCreate([['in', [[4]]]], [['out', 4]]) === undefined`.
   */
  static tryCreate(bases: NamedBases, outDims: DimSizes, requireSurjective = false): LinearLayout | undefined {
    const r = LinearLayout.#tryBuild(bases, outDims, requireSurjective);
    return typeof r === 'string' ? undefined : r;
  }

  // ---------------------------------------------------------------------------
  // Queries

  /** In-dim names, minor to major. Example: `['register', 'lane', 'warp', 'block']`. */
  getInDimNames(): string[] {
    return [...this.#bases.keys()];
  }

  /** Out-dim names, minor to major. Example: `['dim1', 'dim0']`. */
  getOutDimNames(): string[] {
    return [...this.#outDims.keys()];
  }

  /** Out-dims with their sizes, in order. Example: `[['dim0', 16], ['dim1', 8]]`. */
  getOutDims(): [string, number][] {
    return [...this.#outDims];
  }

  /** In-dims with their sizes, in order. Example: `[['register', 4], ['lane', 32]]`. */
  getInDims(): [string, number][] {
    return [...this.#bases].map(([d, bs]) => [d, 2 ** bs.length]);
  }

  /** Whether `inDim` is an in-dim. Example: `identity1D(4, 'i', 'o').hasInDim('i') === true`. */
  hasInDim(inDim: string): boolean {
    return this.#bases.has(inDim);
  }

  /** Whether `outDim` is an out-dim. Example: `identity1D(4, 'i', 'o').hasOutDim('i') === false`. */
  hasOutDim(outDim: string): boolean {
    return this.#outDims.has(outDim);
  }

  /** Number of in-dims. Example: `empty().getNumInDims() === 0`. */
  getNumInDims(): number {
    return this.#bases.size;
  }

  /** Number of out-dims. Example: `identity1D(4, 'i', 'o').getNumOutDims() === 1`. */
  getNumOutDims(): number {
    return this.#outDims.size;
  }

  #basesOf(inDim: string): BasisList {
    const bs = this.#bases.get(inDim);
    if (bs === undefined) fail(`inDim not found in layout: '${inDim}'${formatLayout(this.#bases, this.#outDims)}`);
    return bs;
  }

  /** log2 of an in-dim's size (its number of bases). Example: `identity1D(8, 'i', 'o').getInDimSizeLog2('i') === 3`. */
  getInDimSizeLog2(inDim: string): number {
    return this.#basesOf(inDim).length;
  }

  /** Size of an in-dim. Example: `identity1D(8, 'i', 'o').getInDimSize('i') === 8`. */
  getInDimSize(inDim: string): number {
    return 2 ** this.getInDimSizeLog2(inDim);
  }

  /** log2 of an out-dim's size. Example: `identity1D(8, 'i', 'o').getOutDimSizeLog2('o') === 3`. */
  getOutDimSizeLog2(outDim: string): number {
    return log2Floor(this.getOutDimSize(outDim));
  }

  /** Size of an out-dim. Example: `zeros1D(8, 'i', 'o', 4).getOutDimSize('o') === 4`. */
  getOutDimSize(outDim: string): number {
    const s = this.#outDims.get(outDim);
    if (s === undefined) fail(`outDim not found in layout: '${outDim}'${formatLayout(this.#bases, this.#outDims)}`);
    return s;
  }

  /** Sum of the in-dims' log2 sizes. Example: `(identity1D(4,'a','o').mul(identity1D(8,'b','p'))).getTotalInDimSizeLog2() === 5`. */
  getTotalInDimSizeLog2(): number {
    return this.#cols.length;
  }

  /** Product of the in-dim sizes. Example: `identity1D(4, 'i', 'o').getTotalInDimSize() === 4`. */
  getTotalInDimSize(): number {
    return 2 ** this.#cols.length;
  }

  /** Sum of the out-dims' log2 sizes. Example: `zeros1D(4, 'i', 'o', 8).getTotalOutDimSizeLog2() === 3`. */
  getTotalOutDimSizeLog2(): number {
    return this.#totalOutLog2;
  }

  /** Product of the out-dim sizes. Example: `zeros1D(4, 'i', 'o', 8).getTotalOutDimSize() === 8`. */
  getTotalOutDimSize(): number {
    return 2 ** this.getTotalOutDimSizeLog2();
  }

  /** Position of `outDim` among the out-dims. Example: `L.getOutDimIndex('dim1') === 1` for out-dims `[dim0, dim1]`. */
  getOutDimIndex(outDim: string): number {
    let i = 0;
    for (const d of this.#outDims.keys()) {
      if (d === outDim) return i;
      i++;
    }
    return fail(`outDim ${outDim} is not in layout${formatLayout(this.#bases, this.#outDims)}`);
  }

  /**
   * Basis `pos` of `inDim`: `L(inDim = 2^pos, others 0)`, one component per out-dim.
   * Example: `identity1D(8, 'i', 'o').getBasis('i', 2) → [4]`.
   */
  getBasis(inDim: string, pos: number): readonly number[] {
    this.#freeze();
    const bs = this.#basesOf(inDim);
    if (!Number.isInteger(pos) || pos < 0 || pos >= bs.length) {
      fail(`getBasis: position ${pos} out of range for in-dim '${inDim}' of size ${2 ** bs.length}`);
    }
    return bs[pos]!;
  }

  /** The `outDim` component of basis `pos` of `inDim` (Triton's 3-argument `getBasis`). Example: `identity1D(8,'i','o').getBasisComponent('i', 1, 'o') === 2`. */
  getBasisComponent(inDim: string, pos: number, outDim: string): number {
    return this.getBasis(inDim, pos)[this.getOutDimIndex(outDim)]!;
  }

  /** All bases, by in-dim, in order (read-only views). Example: `identity1D(4,'i','o').getBases().get('i') → [[1], [2]]`. */
  getBases(): ReadonlyMap<string, BasisList> {
    this.#freeze();
    return this.#bases;
  }

  /** Freezes the basis lists and columns before they are handed out (see #frozen). */
  #freeze(): void {
    if (this.#frozen) return;
    for (const bs of this.#bases.values()) {
      for (const b of bs) Object.freeze(b);
      Object.freeze(bs);
    }
    Object.freeze(this.#cols);
    this.#frozen = true;
  }

  /**
   * Flattened image of each input bit: in-dims flattened in order, out-dims
   * packed at their bit offsets (the columns of Triton's `getMatrix`).
   * Example: `identity1D(2,'a','x').mul(identity1D(2,'b','y')).getFlatColumns() → [1, 2]`.
   */
  getFlatColumns(): readonly number[] {
    // Frozen when handed out (see #frozen); one array, so no flag of its own.
    return Object.isFrozen(this.#cols) ? this.#cols : Object.freeze(this.#cols);
  }

  /** GF(2) rank of the layout's matrix. Example: `zeros1D(4, 'i', 'o').getRank() === 0`. */
  getRank(): number {
    return (this.#rank ??= f2rank(this.#cols));
  }

  /** Whether every output value is reached. Example: `zeros1D(4, 'i', 'o', 2).isSurjective() === false`. */
  isSurjective(): boolean {
    return this.getRank() === this.getTotalOutDimSizeLog2();
  }

  /** Whether distinct inputs give distinct outputs. Example: `zeros1D(4, 'i', 'o').isInjective() === false`. */
  isInjective(): boolean {
    return this.getRank() === this.#cols.length;
  }

  /** Surjective with total in size equal to total out size (hence bijective). Example: `identity1D(4,'i','o').isInvertible()`. */
  isInvertible(): boolean {
    return this.isSurjective() && this.getTotalInDimSizeLog2() === this.getTotalOutDimSizeLog2();
  }

  /**
   * For each in-dim, the mask of input bits that are free variables: bits
   * whose column is in the span of the columns before it, so they can be
   * changed without changing the output (given the earlier bits).
   * Example: `fromBases([['in', [[1], [1], [2]]]], ['out']).getFreeVariableMasks() → Map { in → 0b010 }`.
   */
  getFreeVariableMasks(): Map<string, number> {
    const pivots = new Set(pivotColumns(this.#cols));
    const ret = new Map<string, number>();
    let c = 0;
    for (const [inDim, bs] of this.#bases) {
      let mask = 0;
      for (let i = 0; i < bs.length; i++, c++) {
        if (!pivots.has(c)) mask |= 2 ** i;
      }
      ret.set(inDim, mask);
    }
    return ret;
  }

  /**
   * Number of consecutive values of the first in-dim that map to consecutive
   * values of the first out-dim (the largest V such that
   * `L(a*V + v, ...) = L(a*V, ...) + (v, 0, ...)` for `v < V`).
   * Example: `fromBases([['in', [[1], [2], [4], [10]]]], ['out']).getNumConsecutiveInOut() === 2`.
   */
  getNumConsecutiveInOut(): number {
    if (this.#bases.size === 0 || this.#outDims.size === 0) return 1;
    const [firstDim, firstBases] = this.#bases.entries().next().value as [string, BasisList];
    let consec = 0;
    for (; consec < firstBases.length; consec++) {
      const b = firstBases[consec]!;
      if (b[0] !== 2 ** consec || b.slice(1).some((x) => x !== 0)) break;
    }
    let otherBits = 0;
    for (const [inDim, bs] of this.#bases) {
      for (let i = 0; i < bs.length; i++) {
        if (inDim !== firstDim || i >= consec) otherBits |= bs[i]![0]!;
      }
    }
    const trailingZeros = otherBits !== 0 ? 31 - Math.clz32(otherBits & -otherBits) : 31;
    return 2 ** Math.min(consec, trailingZeros);
  }

  /**
   * Whether the layout acts as the identity on `dimNames` and does not mix
   * them with the other dims.  Returns false if a name is neither an in-dim
   * nor an out-dim; throws if it is only one of the two.
   * Example: `identity1D(4,'a','a').mul(zeros1D(2,'b','c')).isTrivialOver(['a']) === true`.
   */
  isTrivialOver(dimNames: readonly string[]): boolean {
    if (dimNames.length === 1 && this.#bases.has(dimNames[0]!) && this.#outDims.has(dimNames[0]!)) return this.#isTrivialOverDim(dimNames[0]!);
    for (const d of dimNames) {
      if (!this.hasInDim(d) && !this.hasOutDim(d)) return false;
    }
    const remainingIns = this.getInDimNames().filter((d) => !dimNames.includes(d));
    const remainingOuts = this.getOutDimNames().filter((d) => !dimNames.includes(d));
    return (
      this.squareSublayoutIsIdentity(dimNames) &&
      this.sublayoutIsZero(remainingIns, dimNames) &&
      this.sublayoutIsZero(dimNames, remainingOuts)
    );
  }

  /**
   * isTrivialOver([d]) for a dim that is both an in-dim and an out-dim, read off the bases instead of built
   * sublayouts (minimalCvtLayout quotients by block, warp and lane one at a time): d's bases are 2^i on d and
   * zero elsewhere, and no other in-dim reaches d.
   */
  #isTrivialOverDim(d: string): boolean {
    const bs = this.#bases.get(d)!;
    if (2 ** bs.length !== this.#outDims.get(d)) return false;
    const k = this.getOutDimIndex(d);
    for (let i = 0; i < bs.length; i++) {
      const b = bs[i]!;
      for (let j = 0; j < b.length; j++) if (b[j] !== (j === k ? 2 ** i : 0)) return false;
    }
    for (const [inDim, other] of this.#bases) {
      if (inDim === d) continue;
      for (const b of other) if (b[k] !== 0) return false;
    }
    return true;
  }

  #checkSquareSublayout(dimNames: readonly string[], check: (b: number, basis: number) => boolean): boolean {
    if (dimNames.length === 0) return true;
    let sl = this.sublayout(dimNames, dimNames);
    for (const d of dimNames) {
      if (this.getInDimSize(d) !== this.getOutDimSize(d)) return false;
    }
    sl = sl.flattenIns().flattenOuts();
    const first = sl.#bases.values().next().value as BasisList;
    return first.every((basis, b) => check(b, basis[0]!));
  }

  /**
   * Whether the sublayout on `dimNames` (as both in- and out-dims), once
   * flattened, is the identity.  Example: `identity1D(4,'a','a').squareSublayoutIsIdentity(['a']) === true`.
   */
  squareSublayoutIsIdentity(dimNames: readonly string[]): boolean {
    return this.#checkSquareSublayout(dimNames, (b, basis) => basis === 2 ** b);
  }

  /**
   * Whether the sublayout on `dimNames` (as both in- and out-dims), once
   * flattened, permutes the bits.  Example: `fromBases([['a', [[2], [1]]]], ['a']).squareSublayoutIsPermutation(['a']) === true`.
   */
  squareSublayoutIsPermutation(dimNames: readonly string[]): boolean {
    let mask = 0;
    return this.#checkSquareSublayout(dimNames, (_b, basis) => {
      if (!isPowerOf2(basis) || mask & basis) return false;
      mask |= basis;
      return true;
    });
  }

  /** Whether the sublayout from `inDimNames` to `outDimNames` is all zeros. Example: `identity1D(4,'i','o').sublayoutIsZero(['i'], []) === true`. */
  sublayoutIsZero(inDimNames: readonly string[], outDimNames: readonly string[]): boolean {
    const ss = this.sublayout(inDimNames, outDimNames);
    for (const bs of ss.#bases.values()) {
      for (const b of bs) if (b.some((v) => v !== 0)) return false;
    }
    return true;
  }

  /**
   * Equality: same in-dims (in order) with the same bases, same out-dims (in order) with the same sizes.
   * Example: `identity1D(4,'i','o').equals(fromBases([['i', [[1], [2]]]], ['o'])) === true`.
   */
  equals(other: LinearLayout): boolean {
    if (!this.equalIgnoringOutDimSizes(other)) return false;
    const a = [...this.#outDims.values()];
    const b = [...other.#outDims.values()];
    return a.every((s, i) => s === b[i]);
  }

  /**
   * Equality ignoring the out-dim sizes.
   * Example: `identity1D(4,'i','o').equalIgnoringOutDimSizes(fromBasesWithSizes([['i', [[1], [2]]]], [['o', 8]])) === true`.
   */
  equalIgnoringOutDimSizes(other: LinearLayout): boolean {
    const ao = this.getOutDimNames();
    const bo = other.getOutDimNames();
    if (ao.length !== bo.length || ao.some((d, i) => d !== bo[i])) return false;
    if (this.#bases.size !== other.#bases.size) return false;
    const bEntries = [...other.#bases];
    let k = 0;
    for (const [inDim, bs] of this.#bases) {
      const [oDim, obs] = bEntries[k++]!;
      if (inDim !== oDim || bs.length !== obs.length) return false;
      for (let i = 0; i < bs.length; i++) {
        const x = bs[i]!;
        const y = obs[i]!;
        if (x.length !== y.length || x.some((v, j) => v !== y[j])) return false;
      }
    }
    return true;
  }

  /**
   * Triton's dump format: one line per basis, then the out-dims.
   * Example: `identity1D(2, 'i', 'o').toString() === '\n - i=1 -> (1)\nwhere out dims are: [o (size 2)]'`.
   */
  toString(): string {
    return formatLayout(this.#bases, this.#outDims);
  }

  // ---------------------------------------------------------------------------
  // Evaluation

  /**
   * Evaluates the layout.  `ins` must name every in-dim exactly (any order);
   * bits of a value beyond its in-dim's size are ignored.  Returns one entry
   * per out-dim, in out-dim order.
   * Example: `identity1D(4,'i','o').apply([['i', 3]]) → [['o', 3]]`.
   */
  apply(ins: readonly (readonly [string, number])[]): [string, number][] {
    // Hot in the lowering: the common case (each in-dim once) is checked without building sets.
    if (!distinctDimsOf(ins, this.#bases)) {
      assertDimsEqualIgnoringOrder(
        ins.map(([d]) => d),
        this.#bases.keys(),
      );
    }
    const out = new Array<number>(this.#outDims.size).fill(0);
    for (const [inDim, val] of ins) {
      const bs = this.#bases.get(inDim)!;
      for (let i = 0; i < bs.length; i++) {
        if ((val >>> i) & 1) {
          const b = bs[i]!;
          for (let k = 0; k < out.length; k++) out[k] = out[k]! ^ b[k]!;
        }
      }
    }
    return this.getOutDimNames().map((d, k) => [d, out[k]!]);
  }

  /**
   * `apply` by position, for hot loops (the lowering evaluates layouts register by register): `values[i]` is the
   * value of the i-th in-dim in in-dim order (a missing entry is 0); returns one value per out-dim, in out-dim
   * order, with no names to build or look up. Example: `identity1D(4,'i','o').applyValues([3]) → [3]`.
   */
  applyValues(values: readonly number[]): number[] {
    const nOut = this.#outDims.size;
    const out = new Array<number>(nOut).fill(0);
    let d = 0;
    for (const bs of this.#bases.values()) {
      const val = values[d++] ?? 0;
      for (let i = 0; i < bs.length && val >>> i !== 0; i++) {
        if ((val >>> i) & 1) {
          const b = bs[i]!;
          for (let k = 0; k < nOut; k++) out[k] = out[k]! ^ b[k]!;
        }
      }
    }
    return out;
  }

  /**
   * Evaluates the layout on a flattened input index (in-dims packed in order,
   * minor first) and returns the flattened output index (out-dims packed in order).
   * Example: for `identity1D(4,'a','x').mul(identity1D(2,'b','y'))`, `applyFlat(5) === 5`.
   */
  applyFlat(flatIn: number): number {
    let acc = 0;
    const cols = this.#cols;
    for (let c = 0; c < cols.length; c++) if ((flatIn >>> c) & 1) acc ^= cols[c]!;
    return acc;
  }

  // ---------------------------------------------------------------------------
  // Operations

  /**
   * Triton's `operator*`: the direct sum where `this` is the minor part.  Dims
   * present in both are concatenated (this's bits first; `outer`'s components
   * are shifted above this's out-dim size); dim lists are merged with
   * `supremum`.  Example: `identity1D(4,'i','o').mul(identity1D(2,'i','o'))` equals `identity1D(8,'i','o')`;
   * `identity1D(4,'i','o1').mul(identity1D(8,'i','o2'))` maps `x → (x % 4, x / 4)`.
   */
  mul(outer: LinearLayout): LinearLayout {
    // biome-ignore lint/complexity/noUselessThisAlias: named after the math (outer ∘ inner), as in Triton's compose
    const inner = this;
    const inDims = supremum(inner.getInDimNames(), outer.getInDimNames());
    const outDims = supremum(inner.getOutDimNames(), outer.getOutDimNames());
    const inLog = new Map<string, number>(inDims.map((d) => [d, 0]));
    const outLog = new Map<string, number>(outDims.map((d) => [d, 0]));
    for (const l of [inner, outer]) {
      for (const [d, bs] of l.#bases) inLog.set(d, inLog.get(d)! + bs.length);
      for (const [d, s] of l.#outDims) outLog.set(d, outLog.get(d)! + log2Floor(s));
    }
    const allBases: [string, number[][]][] = [];
    for (const [inDim, n] of inLog) {
      const bs: number[][] = [];
      for (let i = 0; i < n; i++) bs.push(new Array<number>(outDims.length).fill(0));
      const innerBs = inner.#bases.get(inDim);
      const outerBs = outer.#bases.get(inDim);
      outDims.forEach((outDim, k) => {
        if (innerBs !== undefined && inner.#outDims.has(outDim)) {
          const idx = inner.getOutDimIndex(outDim);
          innerBs.forEach((b, i) => (bs[i]![k] = b[idx]!));
        }
        if (outerBs !== undefined && outer.#outDims.has(outDim)) {
          const idx = outer.getOutDimIndex(outDim);
          const offset = innerBs?.length ?? 0;
          const shift = inner.#outDims.has(outDim) ? inner.getOutDimSizeLog2(outDim) : 0;
          outerBs.forEach((b, i) => (bs[offset + i]![k] = b[idx]! * 2 ** shift));
        }
      });
      allBases.push([inDim, bs]);
    }
    return LinearLayout.#build(
      allBases,
      [...outLog].map(([d, l]) => [d, 2 ** l] as const),
      inner.isSurjective() && outer.isSurjective(),
    );
  }

  /**
   * `outer ∘ this`: the layout computing `outer(this(x))`.  Requires this's
   * out-dims to equal `outer`'s in-dims (any order) and each out-dim size to be
   * at most the matching in-dim size of `outer`.
   * Example: `identity1D(4,'i','o').compose(fromBases([['o', [[2], [1]]]], ['p']))` has bases `i: [[2], [1]]`.
   */
  compose(outer: LinearLayout): LinearLayout {
    assertDimsEqualIgnoringOrder(this.#outDims.keys(), outer.#bases.keys());
    for (const [outDim, size] of this.#outDims) {
      const outerSize = outer.getInDimSize(outDim);
      if (size > outerSize) {
        fail(`compose: getOutDimSize(outDim) <= outer.getInDimSize(outDim) does not hold for '${outDim}' (${size} > ${outerSize})`);
      }
    }
    const names = this.getOutDimNames();
    const newBases: [string, number[][]][] = [];
    for (const [inDim, bs] of this.#bases) {
      newBases.push([inDim, bs.map((b) => outer.apply(names.map((d, k) => [d, b[k]!] as const)).map(([, v]) => v))]);
    }
    const surjective =
      this.isSurjective() && outer.isSurjective() && names.every((d) => this.getOutDimSize(d) === outer.getInDimSize(d));
    return LinearLayout.#build(newBases, outer.getOutDims(), surjective);
  }

  /**
   * Solves `A X = B` over GF(2) for the layout X from B's in-dims to A's
   * in-dims, with the free variables of A set to zero.  Requires the image of B
   * to be inside the image of A, and equal out-dim names (in the same order)
   * with A's sizes at least B's.  (A private static: it reads both layouts' bases and columns directly.)
   */
  static #lstsq(A: LinearLayout, B: LinearLayout): LinearLayout {
    if (A.getTotalOutDimSizeLog2() < B.getTotalOutDimSizeLog2()) fail('A.lstsq(B) called with incompatible output shapes');
    const aIns = A.getInDimNames();
    if (aIns.length === 0) fail('attempt to solve lstsq for empty layout');
    // The flat result's out-dim name is immaterial (reshapeOuts renames it); with
    // no out-dims at all every input maps to 0.
    const flatOutName = A.getOutDimNames()[0] ?? aIns[0]!;
    // B's columns, re-packed at A's out-dim bit offsets.
    const offsets = new Map<string, number>();
    let off = 0;
    for (const [d, s] of A.getOutDims()) {
      offsets.set(d, off);
      off += log2Floor(s);
    }
    const bOuts = B.getOutDimNames().map((d) => offsets.get(d)!);
    const bCols: number[] = [];
    for (const bs of B.#bases.values()) {
      for (const b of bs) {
        let c = 0;
        b.forEach((v, k) => (c += v * 2 ** bOuts[k]!));
        bCols.push(c);
      }
    }
    const sol = solveMinimal(A.#cols, bCols);
    const flatBases = sol.map((x) => {
      if (x === undefined) fail('Precondition broken. Im(B) not contained in Im(A)');
      return [x];
    });
    const flat = LinearLayout.fromBasesWithSizes([[aIns[0]!, flatBases]], [[flatOutName, A.getTotalInDimSize()]], false);
    return flat.reshapeIns(B.getInDims()).reshapeOuts(A.getInDims());
  }

  /**
   * Returns C with `this(x) = outer(C(x))`: this composed with a
   * (pseudo)inverse of `outer`.  Requires the same out-dim names (any order),
   * `outer`'s out-dim sizes at least this's, and this's image inside `outer`'s.
   * In-dims on which both layouts agree map to themselves (identity); the
   * rest uses the solution whose free variables are zero (so, among
   * equivalent inputs of `outer`, the smallest).  The result has this's
   * in-dims and `outer`'s in-dims as out-dims.
   * Example: `fromBases([['in1', [[2], [1], [4]]]], ['out']).invertAndCompose(fromBases([['in2', [[4], [1], [2]]]], ['out']))`
   * has bases `in1: [[4], [2], [1]]` into `in2`.
   */
  invertAndCompose(outer: LinearLayout): LinearLayout {
    const outDims = this.getOutDimNames();
    assertDimsEqualIgnoringOrder(outDims, outer.#outDims.keys());
    // biome-ignore lint/complexity/noUselessThisAlias: named after the math (A.invertAndCompose(B)), as in Triton
    const B = this;
    const A = outer.transposeOuts(outDims);
    for (const d of outDims) {
      if (!(A.getOutDimSize(d) >= B.getOutDimSize(d))) {
        fail(`A.invertAndCompose(B) called with incompatible output shapes in ${d}: ${A.getOutDimSize(d)} >= ${B.getOutDimSize(d)}`);
      }
    }
    // An in-dim is an identity dim when its sublayouts onto all out-dims are equal: the same out-dim sizes (A's
    // out-dims are in B's order now) and the same bases, compared in place rather than built as sublayouts.
    const sameOutSizes = outDims.every((d) => A.#outDims.get(d) === B.#outDims.get(d));
    const identityDims = sameOutSizes
      ? A.getInDimNames().filter((d) => B.hasInDim(d) && sameBasisLists(A.#bases.get(d)!, B.#bases.get(d)!))
      : [];
    const aNonIdentity = A.getInDimNames().filter((d) => !identityDims.includes(d));
    const bNonIdentity = B.getInDimNames().filter((d) => !identityDims.includes(d));
    if ((aNonIdentity.length === 0) !== (bNonIdentity.length === 0)) {
      fail(
        `invertAndCompose: the in-dims that differ must be non-empty in both layouts or in neither ` +
          `(outer: [${aNonIdentity.join(', ')}], this: [${bNonIdentity.join(', ')}])`,
      );
    }
    const ret =
      aNonIdentity.length === 0
        ? EMPTY
        : LinearLayout.#lstsq(A.sublayout(aNonIdentity, outDims), B.sublayout(bNonIdentity, outDims));
    // ret times the identity on each identity dim, with B's in-dims and A's in-dims (as out-dims) in order: built
    // at once rather than by one `mul` per identity dim and two transposes (five layouts on the common path).
    const isIdentity = new Set(identityDims);
    const outs: [string, number][] = A.getInDimNames().map((d) => [d, isIdentity.has(d) ? A.getInDimSize(d) : ret.#outDims.get(d)!]);
    const outIndex = new Map(outs.map(([d], i) => [d, i]));
    const retOuts = [...ret.#outDims.keys()].map((d) => outIndex.get(d)!);
    const bases: [string, number[][]][] = B.getInDimNames().map((d) => {
      if (isIdentity.has(d)) {
        const k = outIndex.get(d)!;
        const n = log2Floor(A.getInDimSize(d));
        const bs: number[][] = [];
        for (let i = 0; i < n; i++) {
          const b = new Array<number>(outs.length).fill(0);
          b[k] = 2 ** i;
          bs.push(b);
        }
        return [d, bs];
      }
      return [
        d,
        ret.#bases.get(d)!.map((rb) => {
          const b = new Array<number>(outs.length).fill(0);
          for (let j = 0; j < rb.length; j++) b[retOuts[j]!] = rb[j]!;
          return b;
        }),
      ];
    });
    return LinearLayout.#build(bases, outs, false);
  }

  /**
   * The inverse of an invertible layout (surjective, total in size = total out size).
   * Example: `fromBases([['i', [[2], [1]]]], ['o']).invert()` has bases `o: [[2], [1]]` into `i`.
   */
  invert(): LinearLayout {
    if (!this.isInvertible()) fail('A linear layout must be surjective and square to be invertible');
    return this.pseudoinvert();
  }

  /**
   * A right inverse P of a surjective layout L, so that `L(P(y)) = y`: the
   * identity on L's out-dims `invertAndCompose` L.  Each output picks the input
   * whose free variables are zero.  Throws if L is not surjective.
   * Example: `fromBasesWithSizes([['i', [[1], [1], [2], [0]]]], [['o', 4]]).pseudoinvert()` has bases `o: [[1], [4]]` into `i` (size 16).
   */
  pseudoinvert(): LinearLayout {
    let identity = EMPTY;
    for (const [d, s] of this.#outDims) identity = identity.mul(LinearLayout.identity1D(s, d, d));
    return identity.invertAndCompose(this);
  }

  /**
   * The layout restricted to `inDimNames` (other inputs fixed to 0) and
   * `outDimNames` (other outputs dropped).  Dim order and out-dim sizes are
   * kept.  Example: `identity1D(4,'i','a').mul(identity1D(2,'j','b')).sublayout(['i'], ['a'])` is `identity1D(4,'i','a')`.
   */
  sublayout(inDimNames: readonly string[], outDimNames: readonly string[]): LinearLayout {
    assertDimsSubsetIgnoringOrder(inDimNames, this.#bases.keys());
    assertDimsSubsetIgnoringOrder(outDimNames, this.#outDims.keys());
    const inSet = new Set(inDimNames);
    const outSet = new Set(outDimNames);
    const keep: number[] = [];
    this.getOutDimNames().forEach((d, i) => {
      if (outSet.has(d)) keep.push(i);
    });
    const newBases: [string, number[][]][] = [];
    for (const [inDim, bs] of this.#bases) {
      if (inSet.has(inDim)) newBases.push([inDim, bs.map((b) => keep.map((i) => b[i]!))]);
    }
    return LinearLayout.#build(
      newBases,
      this.getOutDims().filter(([d]) => outSet.has(d)),
      false,
    );
  }

  /**
   * Quotient by `dimNames`: if the layout is trivial over them
   * (`isTrivialOver`), the sublayout on the remaining dims, else `undefined`.
   * Example: `identity1D(4,'a','a').mul(identity1D(2,'b','c')).quotient(['a'])` is `identity1D(2,'b','c')`.
   */
  quotient(dimNames: readonly string[]): LinearLayout | undefined {
    if (!this.isTrivialOver(dimNames)) return undefined;
    return this.sublayout(
      this.getInDimNames().filter((d) => !dimNames.includes(d)),
      this.getOutDimNames().filter((d) => !dimNames.includes(d)),
    );
  }

  /**
   * Reorders the in-dims (which must be a permutation of the current ones).
   * Example: `identity1D(2,'a','x').mul(identity1D(2,'b','y')).transposeIns(['b', 'a']).getInDimNames() → ['b', 'a']`.
   */
  transposeIns(newInDims: readonly string[]): LinearLayout {
    assertDimsEqualIgnoringOrder(newInDims, this.#bases.keys());
    if (inOrder(newInDims, this.#bases)) return this;
    return LinearLayout.#build(
      newInDims.map((d) => [d, this.#bases.get(d)!] as const),
      this.getOutDims(),
      this.isSurjective(),
    );
  }

  /**
   * Reorders the out-dims, permuting every basis accordingly.
   * Example: `identity1D(2,'a','x').mul(identity1D(2,'b','y')).transposeOuts(['y', 'x']).getBasis('a', 0) → [0, 1]`.
   */
  transposeOuts(newOutDims: readonly string[]): LinearLayout {
    assertDimsEqualIgnoringOrder(newOutDims, this.#outDims.keys());
    if (inOrder(newOutDims, this.#outDims)) return this;
    const perm = newOutDims.map((d) => this.getOutDimIndex(d));
    const newBases: [string, number[][]][] = [];
    for (const [inDim, bs] of this.#bases) newBases.push([inDim, bs.map((b) => perm.map((i) => b[i]!))]);
    return LinearLayout.#build(
      newBases,
      newOutDims.map((d) => [d, this.getOutDimSize(d)] as const),
      this.isSurjective(),
    );
  }

  /**
   * Re-splits the input bits (flattened in order) into new in-dims; the total
   * size must be unchanged.  Example: `fromBases([['in1', [[1], [4], [8]]], ['in2', [[2]]]], ['out']).reshapeIns([['in3', 2], ['in4', 8]])`
   * has bases `in3: [[1]]`, `in4: [[4], [8], [2]]`.
   */
  reshapeIns(newInDims: DimSizes): LinearLayout {
    for (const [d, s] of newInDims) {
      if (!isPowerOf2(s)) fail(`reshapeIns: size ${s} of in-dim '${d}' is not a power of 2`);
    }
    const total = newInDims.reduce((acc, [, s]) => acc * s, 1);
    if (total !== this.getTotalInDimSize()) {
      fail(`reshapeIns: new in-dims have total size ${total}, but the layout's total in size is ${this.getTotalInDimSize()}`);
    }
    const flat: BasisList[number][] = [];
    for (const bs of this.#bases.values()) flat.push(...bs);
    const newBases = new Map<string, (readonly number[])[]>();
    let i = 0;
    for (const [d, s] of newInDims) {
      let list = newBases.get(d);
      if (list === undefined) newBases.set(d, (list = []));
      for (let j = 1; j < s; j *= 2) list.push(flat[i++]!);
    }
    return LinearLayout.#build([...newBases], this.getOutDims(), this.isSurjective());
  }

  /**
   * Re-splits the output bits (out-dims packed in order) into new out-dims;
   * the total size must be unchanged.  Example: `fromBases([['in1', [[1], [4], [8]]], ['in2', [[3]]]], ['out']).reshapeOuts([['out2', 2], ['out3', 8]])`
   * has bases `in1: [[1, 0], [0, 2], [0, 4]]`, `in2: [[1, 1]]`.
   */
  reshapeOuts(newOutDims: DimSizes): LinearLayout {
    for (const [d, s] of newOutDims) {
      if (!isPowerOf2(s)) fail(`reshapeOuts: size ${s} of out-dim '${d}' is not a power of 2`);
    }
    const total = newOutDims.reduce((acc, [, s]) => acc * s, 1);
    if (total !== this.getTotalOutDimSize()) {
      fail(`reshapeOuts: new out-dims have total size ${total}, but the layout's total out size is ${this.getTotalOutDimSize()}`);
    }
    let c = 0;
    const newBases: [string, number[][]][] = [];
    for (const [inDim, bs] of this.#bases) {
      newBases.push([
        inDim,
        bs.map(() => {
          let b = this.#cols[c++]!;
          return newOutDims.map(([, s]) => {
            const v = b % s;
            b = Math.floor(b / s);
            return v;
          });
        }),
      ]);
    }
    return LinearLayout.#build(newBases, newOutDims, this.isSurjective());
  }

  /**
   * Merges all in-dims into one, named like the first in-dim.
   * Example: `fromBases([['in1', [[1], [4], [8]]], ['in2', [[2]]]], ['out']).flattenIns()` has bases `in1: [[1], [4], [8], [2]]`.
   */
  flattenIns(): LinearLayout {
    if (this.#bases.size === 0) return this.reshapeIns([]);
    return this.reshapeIns([[this.getInDimNames()[0]!, this.getTotalInDimSize()]]);
  }

  /**
   * Merges all out-dims into one, named like the first out-dim.
   * Example: a layout with out-dims `[o1 (16), o2 (8)]` and basis `(4, 1)` becomes out-dim `o1 (128)` with basis `(20)`.
   */
  flattenOuts(): LinearLayout {
    if (this.#outDims.size === 0) return this.reshapeOuts([]);
    return this.reshapeOuts([[this.getOutDimNames()[0]!, this.getTotalOutDimSize()]]);
  }

  /**
   * Appends `other`'s in-dims after this layout's; both must have the same
   * out-dims and sizes.  (As in Triton, an in-dim of `other` whose name this
   * layout already has is ignored.)  Example: `identity1D(4,'a','o').concatIns(zeros1D(2,'b','o',4))` has in-dims `[a, b]`.
   */
  concatIns(other: LinearLayout): LinearLayout {
    const ao = this.getOutDimNames();
    const bo = other.getOutDimNames();
    if (ao.length !== bo.length || ao.some((d, i) => d !== bo[i])) fail('concatIns: layouts must have the same output dimensions');
    for (const d of ao) {
      if (this.getOutDimSize(d) !== other.getOutDimSize(d)) fail('concatIns: layouts must have the same output dimension sizes');
    }
    const result: [string, BasisList][] = [...this.#bases];
    for (const [d, bs] of other.#bases) if (!this.#bases.has(d)) result.push([d, bs]);
    return LinearLayout.#build(result, this.getOutDims(), false);
  }

  /**
   * Appends `other`'s out-dims to this layout's: both must have the same
   * in-dims (in order) and sizes; each basis becomes the concatenation.
   * Example: `identity1D(4,'i','a').concatOuts(identity1D(4,'i','b'))` maps `x → (x, x)`.
   */
  concatOuts(other: LinearLayout): LinearLayout {
    const ai = this.getInDimNames();
    const bi = other.getInDimNames();
    if (ai.length !== bi.length || ai.some((d, i) => d !== bi[i])) fail('concatOuts: layouts must have the same input dimensions');
    for (const d of ai) {
      if (this.getInDimSize(d) !== other.getInDimSize(d)) fail('concatOuts: layouts must have the same input dimension sizes');
    }
    const result: [string, number[][]][] = [];
    for (const [d, bs] of this.#bases) {
      const obs = other.#bases.get(d)!;
      result.push([d, bs.map((b, i) => [...b, ...obs[i]!])]);
    }
    return LinearLayout.#build(result, [...this.getOutDims(), ...other.getOutDims()], false);
  }

  /**
   * Keeps only the first `log2(newSize)` bases of `inDim` (`newSize` must be a
   * power of two no larger than the current size).
   * Example: `identity1D(8,'i','o').resizeInDim('i', 2)` has bases `i: [[1]]` and out size 8.
   */
  resizeInDim(inDim: string, newSize: number): LinearLayout {
    if (!isPowerOf2(newSize)) fail(`resizeInDim: new size ${newSize} is not a power of 2`);
    if (newSize > this.getInDimSize(inDim)) {
      fail(`resizeInDim: new size ${newSize} exceeds the size ${this.getInDimSize(inDim)} of in-dim '${inDim}'`);
    }
    const newBases: [string, BasisList][] = [...this.#bases].map(([d, bs]) =>
      d === inDim ? [d, bs.slice(0, log2Floor(newSize))] : [d, bs],
    );
    return LinearLayout.#build(newBases, this.getOutDims(), false);
  }

  /**
   * Shrinks `outDim` to `newSize` (a power of two no larger than the current
   * size); basis components that do not fit (value ≥ newSize) become 0.
   * Example: `identity1D(8,'i','o').resizeOutDim('o', 4)` has bases `i: [[1], [2], [0]]`.
   */
  resizeOutDim(outDim: string, newSize: number): LinearLayout {
    if (!isPowerOf2(newSize)) fail(`resizeOutDim: new size ${newSize} is not a power of 2`);
    if (newSize > this.getOutDimSize(outDim)) {
      fail(`resizeOutDim: new size ${newSize} exceeds the size ${this.getOutDimSize(outDim)} of out-dim '${outDim}'`);
    }
    const k = this.getOutDimIndex(outDim);
    const newBases: [string, number[][]][] = [...this.#bases].map(([d, bs]) => [
      d,
      bs.map((b) => b.map((v, i) => (i === k && v >= newSize ? 0 : v))),
    ]);
    return LinearLayout.#build(
      newBases,
      this.getOutDims().map(([d, s]) => [d, d === outDim ? newSize : s] as const),
      false,
    );
  }

  /**
   * Removes in-dim `dim`, which must have size 1.
   * Example: `identity1D(4,'i','o').mul(identity1D(1,'j','o')).unsqueezeIn('j').getInDimNames() → ['i']`.
   */
  unsqueezeIn(dim: string): LinearLayout {
    if (this.getInDimSize(dim) !== 1) fail(`unsqueezeIn: in-dim '${dim}' has size ${this.getInDimSize(dim)}, expected 1`);
    return this.reshapeIns(this.getInDims().filter(([d]) => d !== dim));
  }

  /**
   * Removes out-dim `dim`, which must have size 1.
   * Example: `identity1D(4,'i','o').mul(identity1D(1,'i','p')).unsqueezeOut('p').getOutDimNames() → ['o']`.
   */
  unsqueezeOut(dim: string): LinearLayout {
    if (this.getOutDimSize(dim) !== 1) fail(`unsqueezeOut: out-dim '${dim}' has size ${this.getOutDimSize(dim)}, expected 1`);
    return this.reshapeOuts(this.getOutDims().filter(([d]) => d !== dim));
  }

  /**
   * Drops the all-zero bases of in-dim `stripDim` (other in-dims unchanged).
   * Example: `fromBases([['reg', [[1], [0], [2]]]], ['o']).removeZeroBasesAlongDim('reg')` has bases `reg: [[1], [2]]`.
   */
  removeZeroBasesAlongDim(stripDim: string): LinearLayout {
    const newBases: [string, BasisList][] = [...this.#bases].map(([d, bs]) =>
      d === stripDim ? [d, bs.filter((b) => b.some((v) => v !== 0))] : [d, bs],
    );
    return LinearLayout.#build(newBases, this.getOutDims(), this.isSurjective());
  }
}

const EMPTY: LinearLayout = LinearLayout.fromBasesWithSizes([], []);

/**
 * Left division: the C with `B.mul(C)` equal to A, if A has that block
 * form (B's bases first in every shared in-dim, C's bases shifted above B's
 * out-dim sizes); `undefined` otherwise.  C has A's in-dims and out-dims.
 * Example: `divideLeft(identity1D(8,'i','o'), identity1D(4,'i','o'))` is `identity1D(2,'i','o')`.
 */
export function divideLeft(A: LinearLayout, B: LinearLayout): LinearLayout | undefined {
  for (const d of B.getInDimNames()) if (!A.hasInDim(d)) return undefined;
  for (const d of B.getOutDimNames()) if (!A.hasOutDim(d)) return undefined;
  const cOut: [string, number][] = [];
  for (const d of A.getOutDimNames()) {
    const outC = A.getOutDimSizeLog2(d) - (B.hasOutDim(d) ? B.getOutDimSizeLog2(d) : 0);
    if (outC < 0) return undefined;
    cOut.push([d, 2 ** outC]);
  }
  const cBases: [string, number[][]][] = [];
  for (const inDim of A.getInDimNames()) {
    const inA = A.getInDimSizeLog2(inDim);
    const inB = B.hasInDim(inDim) ? B.getInDimSizeLog2(inDim) : 0;
    if (inA - inB < 0) return undefined;
    for (let i = 0; i < inB; i++) {
      for (const outDim of A.getOutDimNames()) {
        const expected = B.hasOutDim(outDim) ? B.getBasisComponent(inDim, i, outDim) : 0;
        if (A.getBasisComponent(inDim, i, outDim) !== expected) return undefined;
      }
    }
    const bs: number[][] = [];
    for (let i = inB; i < inA; i++) {
      const candidate: number[] = [];
      for (const [outDim] of cOut) {
        const outB = B.hasOutDim(outDim) ? B.getOutDimSizeLog2(outDim) : 0;
        const v = A.getBasisComponent(inDim, i, outDim);
        if (v % 2 ** outB !== 0) return undefined;
        candidate.push(Math.floor(v / 2 ** outB));
      }
      bs.push(candidate);
    }
    cBases.push([inDim, bs]);
  }
  const C = LinearLayout.fromBasesWithSizes(cBases, cOut, A.isSurjective() && B.isSurjective());
  if (!B.mul(C).equals(A)) fail('divideLeft: B * C == A does not hold for the computed quotient');
  return C;
}

/**
 * Right division: the C with `C.mul(B)` equal to A, if A has that block
 * form (C's bases first, then B's bases shifted above C's out-dim sizes);
 * `undefined` otherwise.  C has A's in-dims and out-dims.
 * Example: `divideRight(identity1D(8,'i','o'), identity1D(2,'i','o'))` is `identity1D(4,'i','o')`.
 */
export function divideRight(A: LinearLayout, B: LinearLayout): LinearLayout | undefined {
  for (const d of B.getInDimNames()) if (!A.hasInDim(d)) return undefined;
  for (const d of B.getOutDimNames()) if (!A.hasOutDim(d)) return undefined;
  const cOut: [string, number][] = [];
  for (const d of A.getOutDimNames()) {
    const outC = A.getOutDimSizeLog2(d) - (B.hasOutDim(d) ? B.getOutDimSizeLog2(d) : 0);
    if (outC < 0) return undefined;
    cOut.push([d, 2 ** outC]);
  }
  const cBases: [string, number[][]][] = [];
  for (const inDim of A.getInDimNames()) {
    const inA = A.getInDimSizeLog2(inDim);
    const inB = B.hasInDim(inDim) ? B.getInDimSizeLog2(inDim) : 0;
    const inC = inA - inB;
    if (inC < 0) return undefined;
    const bs: number[][] = [];
    for (let i = 0; i < inC; i++) bs.push(cOut.map(([outDim]) => A.getBasisComponent(inDim, i, outDim)));
    for (let i = inC; i < inA; i++) {
      const j = i - inC;
      for (const outDim of B.getOutDimNames()) {
        const shift = A.getOutDimSizeLog2(outDim) - B.getOutDimSizeLog2(outDim);
        const v = A.getBasisComponent(inDim, i, outDim);
        if (v % 2 ** shift !== 0) return undefined;
        if (Math.floor(v / 2 ** shift) !== B.getBasisComponent(inDim, j, outDim)) return undefined;
      }
    }
    cBases.push([inDim, bs]);
  }
  const C = LinearLayout.fromBasesWithSizes(cBases, cOut, A.isSurjective() && B.isSurjective());
  if (!C.mul(B).equals(A)) fail('divideRight: C * B == A does not hold for the computed quotient');
  return C;
}

/**
 * Free-function form of `layout.quotient(dimNames)`.
 * Example: `quotient(identity1D(4,'a','a').mul(identity1D(2,'b','c')), ['a'])` is `identity1D(2,'b','c')`.
 */
export function quotient(layout: LinearLayout, dimNames: readonly string[]): LinearLayout | undefined {
  return layout.quotient(dimNames);
}

/**
 * A map on the bases (columns) of one in-dim: new basis `i` is old basis
 * `action[i]`.  Permutes (and possibly drops) bases of a layout, or the
 * matching elements of a per-register value array.
 * Example: `new ColumnAction([2, 0, 1], 'register', 3)` turns bases `[[1], [2], [4]]` into `[[4], [1], [2]]`.
 */
export class ColumnAction {
  readonly #action: readonly number[];
  readonly inDim: string;
  readonly inSizeLog2: number;
  readonly #isIdentity: boolean;

  constructor(action: readonly number[], inDim: string, inSizeLog2: number) {
    if (action.some((a) => !Number.isInteger(a) || a < 0 || a >= inSizeLog2)) {
      fail(`ColumnAction: action [${action.join(', ')}] has an entry outside [0, ${inSizeLog2})`);
    }
    this.#action = Object.freeze([...action]);
    this.inDim = inDim;
    this.inSizeLog2 = inSizeLog2;
    this.#isIdentity = action.length === inSizeLog2 && action.every((a, i) => a === i);
  }

  /** The identity action on `inSizeLog2` bases. Example: `ColumnAction.identity('register', 2).isIdentity() === true`. */
  static identity(inDim: string, inSizeLog2: number): ColumnAction {
    return new ColumnAction(
      Array.from({ length: inSizeLog2 }, (_, i) => i),
      inDim,
      inSizeLog2,
    );
  }

  /** The action as a list (`action[i]` = source basis of new basis `i`). Example: `[2, 0, 1]`. */
  getAction(): readonly number[] {
    return this.#action;
  }

  /** Whether the action keeps every basis in place. Example: `new ColumnAction([0, 1], 'r', 2).isIdentity() === true`. */
  isIdentity(): boolean {
    return this.#isIdentity;
  }

  /**
   * Applies the action to `layout`'s bases of `inDim` (out-dims and sizes kept; not required surjective).
   * Example: `new ColumnAction([1, 0], 'in', 3)` turns bases `[[1], [2], [4]]` into `[[2], [1]]`.
   */
  apply(layout: LinearLayout): LinearLayout {
    if (!layout.hasInDim(this.inDim)) fail(`ColumnAction.apply: layout has no in-dim '${this.inDim}'`);
    if (layout.getInDimSizeLog2(this.inDim) !== this.inSizeLog2) fail('Layout has a different size than the ColumnAction');
    if (this.#isIdentity) return layout;
    const bases: [string, BasisList][] = [...layout.getBases()].map(([d, bs]) =>
      d === this.inDim ? [d, this.#action.map((a) => bs[a]!)] : [d, bs],
    );
    return LinearLayout.fromBasesWithSizes(bases, layout.getOutDims(), false);
  }

  /**
   * Applies the action to an array of per-register values (length `2^inSizeLog2`).
   * Example: `new ColumnAction([2, 0, 1], 'register', 3).applyValues([1, 2, 3, 4, 5, 6, 7, 8]) → [1, 5, 2, 6, 3, 7, 4, 8]`.
   */
  applyValues<T>(values: readonly T[]): T[] {
    if (values.length !== 2 ** this.inSizeLog2) fail('Values have a different size than the ColumnAction');
    if (this.#isIdentity) return [...values];
    const perm = this.apply(LinearLayout.identity1D(values.length, this.inDim, this.inDim));
    const ret: T[] = [];
    for (let i = 0; i < perm.getInDimSize(this.inDim); i++) ret.push(values[perm.applyFlat(i)]!);
    return ret;
  }

  /** The inverse permutation. Example: `new ColumnAction([2, 0, 1], 'r', 3).inverse().getAction() → [1, 2, 0]`. */
  inverse(): ColumnAction {
    const inv: number[] = new Array<number>(this.#action.length).fill(0);
    this.#action.forEach((a, i) => (inv[a] = i));
    return new ColumnAction(inv, this.inDim, this.inSizeLog2);
  }

  /**
   * Composition `ret[i] = this[other[i]]` (apply `this`, then `other`).
   * Example: `new ColumnAction([1, 0], 'r', 2).leftCompose(new ColumnAction([1, 0], 'r', 2)).isIdentity() === true`.
   */
  leftCompose(other: ColumnAction): ColumnAction {
    if (other.inDim !== this.inDim || other.inSizeLog2 !== this.inSizeLog2 || other.#action.length !== this.#action.length) {
      fail('ColumnAction.leftCompose: actions on different dims or sizes');
    }
    return new ColumnAction(
      other.#action.map((o) => this.#action[o]!),
      this.inDim,
      this.inSizeLog2,
    );
  }

  /** Triton's format. Example: `'ColumnAction([2, 0, 1], register, 3)'`. */
  toString(): string {
    return `ColumnAction([${this.#action.join(', ')}], ${this.inDim}, ${this.inSizeLog2})`;
  }
}
