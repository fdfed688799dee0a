/**
 * Multi-dimensional index arithmetic as Triton 3.6 emits it (lib/Conversion/TritonGPUToLLVM/Utility.cpp):
 *
 * - `linearize(b, coords, shape, order)`: `((c[o_k] * s[o_{k-1}] + c[o_{k-1}]) * ... ) + c[o_0]`, the fastest dim
 *   first in `order` (a dead zero constant first, as Triton builds one);
 * - `delinearize(b, x, shape, order)`: the inverse, `urem` / `udiv` per dim in `order`;
 * - `delinearizeInDim(b, ll, inDim, x)`: the coordinates of a lane or warp id in the grid of its layout's bases
 *   (basesPerDim / orderPerDim), after dropping its free (broadcast) bits with `pextI32`, and whether the id is
 *   the representative of its broadcast group;
 * - `pextI32(b, x, mask)`: the bits of `x` under `mask`, packed low, one `or(lshr(and))` per run of bits.
 *
 * `delinearizeMatches` says, by evaluating these formulas on every id, whether they locate ids the way the
 * layout does: Triton assumes so for the layouts its passes make, random linear layouts need not comply.
 *
 *   const [coords, isRep] = delinearizeInDim(b, ll, 'warp', warpId);   // warp grid coordinates
 *   const off = linearize(b, coords, [4, 128], [0, 1]);                 // coords[1] * 4 + coords[0]
 */
import type { Value } from '../dialect/ir/ir.js';
import type { LinearLayout } from '../dialect/linear-layout/linear-layout.js';
import { basesPerDim, llOrder, orderPerDim } from '../dialect/ttg/linear/read.js';
import type { LLVMBuilder } from './builder.js';

/** Triton's pext_i32: `x`'s bits under `mask`, packed to the low bits (starting from an `or` with zero). */
export function pextI32(b: LLVMBuilder, x: Value, mask: number): Value {
  if (mask >>> 0 === 0xffffffff) return x;
  let m = mask >>> 0;
  let packed = 0;
  let result = b.i32(0);
  while (m) {
    const old = m;
    const lsb = (m & -m) >>> 0;
    m = (m & (lsb + m)) >>> 0;
    const group = (m ^ old) >>> 0;
    const lsbPos = 31 - Math.clz32(lsb);
    const len = countTrailingZeros(~(group >>> lsbPos) >>> 0);
    const shift = lsbPos - packed;
    packed += len;
    result = b.or(result, b.lshr(b.and(b.i32(group | 0), x), b.i32(shift)));
  }
  return result;
}

function popcount(x: number): number {
  let n = 0;
  for (let v = x >>> 0; v; v &= v - 1) n++;
  return n;
}

function countTrailingZeros(x: number): number {
  return x === 0 ? 32 : 31 - Math.clz32((x & -x) >>> 0);
}

/** The same bit gather on numbers. */
function pextNumber(x: number, mask: number): number {
  let out = 0;
  let k = 0;
  for (let i = 0; i < 32; i++) {
    if (!((mask >>> i) & 1)) continue;
    if ((x >>> i) & 1) out |= 1 << k;
    k++;
  }
  return out;
}

/** Triton's delinearize(linear, shape, order): one `urem` and one `udiv` per dim, in `order`. */
export function delinearize(b: LLVMBuilder, x: Value, shape: readonly number[], order: readonly number[]): Value[] {
  const out = new Array<Value>(shape.length);
  let rem = x;
  for (const d of order) {
    const size = b.i32(shape[d]!);
    out[d] = b.urem(rem, size);
    rem = b.udiv(rem, size);
  }
  return out;
}

function delinearizeNumber(x: number, shape: readonly number[], order: readonly number[]): number[] {
  const out = new Array<number>(shape.length).fill(0);
  let rem = x;
  for (const d of order) {
    out[d] = rem % shape[d]!;
    rem = Math.floor(rem / shape[d]!);
  }
  return out;
}

/** Triton's linearize(multiDim, shape, order), op for op. */
export function linearize(b: LLVMBuilder, coords: readonly Value[], shape: readonly number[], order: readonly number[]): Value {
  let linear = b.i32(0);
  if (order.length === 0) return linear;
  linear = coords[order[order.length - 1]!]!;
  for (let i = order.length - 2; i >= 0; i--) {
    const d = order[i]!;
    linear = b.add(b.mul(linear, b.i32(shape[d]!)), coords[d]!);
  }
  return linear;
}

interface InDimGrid {
  free: number;
  nonFree: number;
  shape: number[];
  order: number[];
}

function inDimGrid(ll: LinearLayout, inDim: string): InDimGrid {
  const free = ll.getFreeVariableMasks().get(inDim) ?? 0;
  return {
    free,
    nonFree: ~free & (ll.getInDimSize(inDim) - 1),
    shape: basesPerDim(ll, inDim),
    order: orderPerDim(ll, inDim, llOrder(ll)),
  };
}

/**
 * Triton's delinearize(layout, shape, dimName, linear): the grid coordinates of `x` (a lane or warp id) and an
 * i1 saying it is the representative of its broadcast group (the constant true when `inDim` has no free bits).
 */
export function delinearizeInDim(b: LLVMBuilder, ll: LinearLayout, inDim: string, x: Value): [Value[], Value] {
  const g = inDimGrid(ll, inDim);
  let isRep = b.i1(true);
  let linear = x;
  if (g.free !== 0) {
    isRep = b.icmp('eq', b.and(b.i32(g.free), linear), b.i32(0));
    linear = pextI32(b, linear, g.nonFree);
  }
  return [delinearize(b, linear, g.shape, g.order), isRep];
}

/** Grid coordinate along `axis` of every id of `inDim` that is the representative of its broadcast group. */
function axisCoordinates(ll: LinearLayout, inDim: string, axis: number): Map<number, number> {
  const g = inDimGrid(ll, inDim);
  const out = new Map<number, number>();
  for (let id = 0; id < ll.getInDimSize(inDim); id++) {
    if (id & g.free) continue;
    out.set(id, delinearizeNumber(pextNumber(id, g.nonFree), g.shape, g.order)[axis]!);
  }
  return out;
}

/**
 * Whether Triton's grid coordinates locate the ids of `inDim` along `axis` as the layout does: an id's axis
 * coordinate is a function of its bits in `axisMask` only, one-to-one, below `2^popcount(axisMask)`, and zero
 * exactly when those bits are.
 */
export function delinearizeMatches(ll: LinearLayout, inDim: string, axis: number, axisMask: number): boolean {
  if (!ll.hasInDim(inDim)) return axisMask === 0;
  const limit = 2 ** popcount(axisMask);
  const byAxisBits = new Map<number, number>();
  const used = new Set<number>();
  for (const [id, c] of axisCoordinates(ll, inDim, axis)) {
    const key = id & axisMask;
    if (c >= limit || (c === 0) !== (key === 0)) return false;
    const prev = byAxisBits.get(key);
    if (prev === undefined) {
      if (used.has(c)) return false;
      used.add(c);
      byAxisBits.set(key, c);
    } else if (prev !== c) return false;
  }
  return true;
}

/** The grid coordinates `delinearizeInDim` computes for the id `id`, as numbers (its free bits dropped). */
export function delinearizeInDimNumber(ll: LinearLayout, inDim: string, id: number): number[] {
  const g = inDimGrid(ll, inDim);
  return delinearizeNumber(pextNumber(id, g.nonFree), g.shape, g.order);
}

/** `linearize` on numbers. */
export function linearizeNumber(coords: readonly number[], shape: readonly number[], order: readonly number[]): number {
  let linear = 0;
  for (let i = order.length - 1; i >= 0; i--) linear = linear * shape[order[i]!]! + coords[order[i]!]!;
  return linear;
}
