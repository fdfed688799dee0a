/**
 * Linear algebra over GF(2), the two-element field, on bit-vectors stored in
 * plain JavaScript numbers.
 *
 * A vector of up to 31 bits is a non-negative integer: bit `i` is coordinate
 * `i`.  Addition is XOR, scalar multiplication is AND.  A matrix is an array
 * of such vectors; whether the array holds its rows or its columns is stated
 * per function.  Everything here is pure: inputs are never mutated.
 *
 * The linear-layout code (`linear-layout.ts`) mostly works with *columns*: the
 * image of each input bit is one column vector over the output bits.  The
 * central notion is the list of *pivot columns*: scanning the columns left to
 * right, a column is a pivot when it is not in the span of the columns before
 * it.  These are exactly the pivot columns of the reduced row echelon form
 * (RREF) of the matrix, so solving with "free variables set to zero" (as
 * Triton's f2reduce-based code does) is the same as expressing a vector in the
 * basis formed by the pivot columns.
 */

/** Largest number of bits a vector may carry (so that XOR/AND stay exact on 32-bit ints). */
export const MAX_BITS = 31;

/** Number of set bits. Example: `popcount(0b1011) === 3`. */
export function popcount(x: number): number {
  let v = x >>> 0;
  let n = 0;
  while (v !== 0) {
    v &= v - 1;
    n++;
  }
  return n;
}

/** Index of the lowest set bit, or 32 for zero. Example: `ctz(0b1000) === 3`. */
export function ctz(x: number): number {
  const v = x >>> 0;
  if (v === 0) return 32;
  return 31 - Math.clz32(v & -v);
}

/** Index of the highest set bit, or -1 for zero. Example: `msb(0b1010) === 3`. */
export function msb(x: number): number {
  return 31 - Math.clz32(x >>> 0);
}

/** True for 1, 2, 4, ... (zero and negatives are not powers of two). Example: `isPowerOf2(8)`. */
export function isPowerOf2(x: number): boolean {
  return Number.isInteger(x) && x > 0 && x <= 0x80000000 && (x & (x - 1)) === 0;
}

/** Floor of log2 for positive integers (like llvm::Log2_32). Example: `log2Floor(12) === 3`. */
export function log2Floor(x: number): number {
  return msb(x);
}

/**
 * Smallest power of two strictly greater than `x` (like llvm::NextPowerOf2).
 * Example: `nextPowerOf2(0) === 1`, `nextPowerOf2(4) === 8`, `nextPowerOf2(5) === 8`.
 */
export function nextPowerOf2(x: number): number {
  if (x < 0) throw new RangeError(`nextPowerOf2: negative input ${x}`);
  return 2 ** (msb(x) + 1);
}

/**
 * Incrementally built echelon basis of a span, remembering for every stored
 * vector which of the inserted vectors (by insertion index) XOR to it.
 * Insertion indices are limited to 0..30 so the combination fits in a number.
 */
interface Echelon {
  /** lead[h] = a stored vector whose highest set bit is h, or undefined. */
  readonly lead: ({ vec: number; comb: number } | undefined)[];
  /** Insertion indices that were independent of everything inserted before. */
  readonly pivots: number[];
}

function echelonOf(cols: readonly number[]): Echelon {
  if (cols.length > MAX_BITS) {
    throw new RangeError(`GF(2) matrix has ${cols.length} columns; at most ${MAX_BITS} are supported`);
  }
  const lead: ({ vec: number; comb: number } | undefined)[] = [];
  const pivots: number[] = [];
  cols.forEach((col, j) => {
    let v = col >>> 0;
    let comb = 2 ** j;
    while (v !== 0) {
      const h = msb(v);
      const e = lead[h];
      if (e === undefined) {
        lead[h] = { vec: v, comb };
        pivots.push(j);
        return;
      }
      v = (v ^ e.vec) >>> 0;
      comb = (comb ^ e.comb) >>> 0;
    }
  });
  return { lead, pivots };
}

/**
 * Pivot columns of a matrix given by its columns: the indices of columns that
 * are not in the span of the columns before them (the RREF pivots).
 * Example: `pivotColumns([1, 1, 2, 3]) → [0, 2]`.
 */
export function pivotColumns(cols: readonly number[]): number[] {
  return echelonOf(cols).pivots;
}

/** Rank of the matrix whose columns (or rows; rank is the same) are `vecs`. Example: `rank([1, 2, 3]) === 2`. */
export function rank(vecs: readonly number[]): number {
  // Rank does not depend on order or on tracking combinations: plain elimination.
  const lead: number[] = [];
  let r = 0;
  for (const x of vecs) {
    let v = x >>> 0;
    while (v !== 0) {
      const h = msb(v);
      const e = lead[h];
      if (e === undefined) {
        lead[h] = v;
        r++;
        break;
      }
      v = (v ^ e) >>> 0;
    }
  }
  return r;
}

/**
 * Solves `XOR_{j in x} cols[j] = target` for each target, choosing the unique
 * solution supported on the pivot columns (free variables set to zero).
 * Returns, per target, the bitmask `x` over column indices, or `undefined`
 * when the target is not in the column span.
 * Example: `solveMinimal([0, 2, 1, 4], [1, 6]) → [0b0100, 0b1010]`.
 */
export function solveMinimal(cols: readonly number[], targets: readonly number[]): (number | undefined)[] {
  const { lead } = echelonOf(cols);
  return targets.map((t) => {
    let v = t >>> 0;
    let comb = 0;
    while (v !== 0) {
      const e = lead[msb(v)];
      if (e === undefined) return undefined;
      v = (v ^ e.vec) >>> 0;
      comb = (comb ^ e.comb) >>> 0;
    }
    return comb;
  });
}

/** XOR of the columns selected by the bitmask `x`. Example: `combine([1, 2, 4], 0b101) === 5`. */
export function combine(cols: readonly number[], x: number): number {
  let acc = 0;
  let m = x >>> 0;
  while (m !== 0) {
    const j = ctz(m);
    acc = (acc ^ (cols[j] ?? 0)) >>> 0;
    m = (m & (m - 1)) >>> 0;
  }
  return acc;
}

/**
 * Transposes a bit matrix: `rows[r]` bit `c` becomes `out[c]` bit `r`.
 * Example: `transpose([0b01, 0b11], 2) → [0b11, 0b10]`.
 */
export function transpose(rows: readonly number[], numCols: number): number[] {
  const out: number[] = new Array<number>(numCols).fill(0);
  rows.forEach((row, r) => {
    for (let c = 0; c < numCols; c++) {
      if ((row >>> c) & 1) out[c] = (out[c]! | (2 ** r)) >>> 0;
    }
  });
  return out;
}

/**
 * Reduced row echelon form, with columns processed from bit 0 upwards (the
 * convention of f2reduce as Triton uses it: column c is bit c of every row).
 * Non-zero rows come first, ordered by pivot column; zero rows follow.
 * Example: `rref([0b11, 0b01], 2) → [0b01, 0b10]`.
 */
export function rref(rows: readonly number[], numCols: number): number[] {
  if (numCols > MAX_BITS) throw new RangeError(`rref: ${numCols} columns; at most ${MAX_BITS} are supported`);
  const m = rows.map((r) => r >>> 0);
  let pivotRow = 0;
  for (let c = 0; c < numCols && pivotRow < m.length; c++) {
    const bit = 2 ** c;
    let sel = -1;
    for (let r = pivotRow; r < m.length; r++) {
      if (m[r]! & bit) {
        sel = r;
        break;
      }
    }
    if (sel < 0) continue;
    const tmp = m[sel]!;
    m[sel] = m[pivotRow]!;
    m[pivotRow] = tmp;
    for (let r = 0; r < m.length; r++) {
      if (r !== pivotRow && m[r]! & bit) m[r] = (m[r]! ^ tmp) >>> 0;
    }
    pivotRow++;
  }
  return m;
}
