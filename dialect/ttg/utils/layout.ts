/**
 * Layout helpers shared by the TritonGPU layout passes (convert-triton-to-tritongpu, coalesce, ...):
 * Triton 3.6's shape-driven `BlockedEncodingAttr::get` builders (threads and warps distributed over the
 * dims starting from the fastest one), `getDefaultBlockedEncoding`, the CGA layout and per-CTA shape of an
 * encoding, permutation helpers (the `ttg.num-warps` & co. lookups are in ../context.ts).
 */
import { ArrayAttr, IntegerAttr } from '../../ir/attribute.js';
import { RankedTensorType, type Type } from '../../ir/type.js';
import type { Attribute } from '../../ir/attribute.js';
import {
  BlockedEncodingAttr,
  LayoutEncodingAttr,
  type Bases,
} from '../attrs/index.js';
import { cgaFromSplitParams, cgaSplitNum } from '../attrs/cga.js';

// ---- permutations -------------------------------------------------------------------------------

/** `[0, 1, ..., n-1]` */
export function iota(n: number): number[] {
  return Array.from({ length: n }, (_, i) => i);
}

/** Triton's argSort: dims sorted by decreasing value, ties kept in increasing dim order (stable). */
export function argSortDesc(values: readonly (number | bigint)[]): number[] {
  const idx = iota(values.length);
  return idx.sort((a, b) => {
    const x = values[a]!;
    const y = values[b]!;
    if (x > y) return -1;
    if (x < y) return 1;
    return a - b;
  });
}

/** inversePermutation(p)[p[i]] = i. */
export function inversePermutation(p: readonly number[]): number[] {
  const out = new Array<number>(p.length).fill(0);
  p.forEach((v, i) => (out[v] = i));
  return out;
}

/** applyPermutation(vec, perm)[i] = vec[perm[i]]. */
export function applyPermutation<T>(vec: readonly T[], perm: readonly number[]): T[] {
  return perm.map((i) => vec[i]!);
}

export function isIota(p: readonly number[]): boolean {
  return p.every((v, i) => v === i);
}

export function productOf(xs: readonly number[]): number {
  return xs.reduce((a, b) => a * b, 1);
}

/** Smallest power of two >= n (Triton's nextPowOf2 / llvm::PowerOf2Ceil; 1 for n <= 1). */
export function nextPowOf2(n: number): number {
  let p = 1;
  while (p < n) p *= 2;
  return p;
}

// ---- CGA layouts ----------------------------------------------------------------------------------

/**
 * The CGA layout (bases of the `block` in-dim) of an encoding, as Triton's getCGALayout: a slice drops
 * its dim from the parent's bases, a dot operand zeroes the parent's K dim. Empty for a single CTA.
 */
export function cgaBasesOf(enc: Attribute | undefined): Bases {
  if (enc instanceof LayoutEncodingAttr) return enc.getCGALayout();
  // Encodings outside the TritonGPU layout families (tensor memory) carry no CGA layout here.
  return [];
}

/** Number of CTAs a CGA layout spans. */
export function numCTAsOfCGA(cga: Bases): number {
  return 2 ** cga.length;
}

/** Triton's getShapePerCTA(CTASplitNum, shape): each dim divided by how many tiles the CTAs split it in. */
export function shapePerCTAFromCGA(cga: Bases, shape: readonly number[]): number[] {
  if (cga.length === 0) return [...shape];
  const split = cgaSplitNum(cga, shape.length);
  return shape.map((s, i) => Math.max(1, Math.floor(s / Math.min(s, split[i]!))));
}

/** Triton's getShapePerCTA(type). */
export function shapePerCTA(t: Type): number[] {
  if (!(t instanceof RankedTensorType)) return [];
  return shapePerCTAFromCGA(cgaBasesOf(t.encoding), t.shape);
}

// ---- blocked encodings --------------------------------------------------------------------------

const clamp = (v: number, lo: number, hi: number): number => Math.min(Math.max(v, lo), hi);

/**
 * `BlockedEncodingAttr::get(shape, sizePerThread, order, numWarps, threadsPerWarp, CGALayout)`: starting from
 * the fastest dim (`order[0]`), each dim takes as many lanes then warps as it has thread-sized chunks; the
 * slowest dim takes whatever lanes and warps remain.
 */
export function blockedFromShape(
  shape: readonly number[],
  sizePerThread: readonly number[],
  order: readonly number[],
  numWarps: number,
  threadsPerWarp: number,
  cga: Bases = [],
): BlockedEncodingAttr {
  const rank = sizePerThread.length;
  const tpw = new Array<number>(rank).fill(0);
  const wpc = new Array<number>(rank).fill(0);
  const perCTA = shapePerCTAFromCGA(cga, shape);
  let remainingLanes = threadsPerWarp;
  let remainingThreads = numWarps * threadsPerWarp;
  let remainingWarps = numWarps;
  let prevLanes = 1;
  let prevWarps = 1;
  for (let d = 0; d < rank - 1; d++) {
    const i = order[d]!;
    const threadsPerCTA = clamp(remainingThreads, 1, Math.max(1, Math.trunc(perCTA[i]! / sizePerThread[i]!)));
    tpw[i] = clamp(threadsPerCTA, 1, remainingLanes);
    wpc[i] = clamp(Math.trunc(threadsPerCTA / tpw[i]!), 1, remainingWarps);
    remainingWarps = Math.trunc(remainingWarps / wpc[i]!);
    remainingLanes = Math.trunc(remainingLanes / tpw[i]!);
    remainingThreads = Math.trunc(remainingThreads / threadsPerCTA);
    prevLanes *= tpw[i]!;
    prevWarps *= wpc[i]!;
  }
  if (rank > 0) {
    tpw[order[rank - 1]!] = Math.trunc(threadsPerWarp / prevLanes);
    wpc[order[rank - 1]!] = Math.trunc(numWarps / prevWarps);
  }
  return BlockedEncodingAttr.get({ sizePerThread, threadsPerWarp: tpw, warpsPerCTA: wpc, order, cgaLayout: cga });
}

/**
 * The CGA layout Triton's `BlockedEncodingAttr::get(shape, sizePerThread, order, numWarps, threadsPerWarp,
 * numCTAs)` builds: CTAs split the dims from the slowest one, the remainder wraps on the last dim.
 */
export function cgaForNumCTAs(shape: readonly number[], sizePerThread: readonly number[], order: readonly number[], numCTAs: number): Bases {
  if (numCTAs <= 1) return [];
  const rank = sizePerThread.length;
  const ctasPerCGA = new Array<number>(rank).fill(1);
  const splitNum = new Array<number>(rank).fill(1);
  let remaining = numCTAs;
  for (let d = rank - 1; d >= 0; d--) {
    const i = order[d]!;
    ctasPerCGA[i] = clamp(remaining, 1, Math.max(1, Math.trunc(shape[i]! / sizePerThread[i]!)));
    splitNum[i] = ctasPerCGA[i]!;
    remaining = Math.trunc(remaining / ctasPerCGA[i]!);
  }
  ctasPerCGA[rank - 1]! *= remaining;
  return cgaFromSplitParams(ctasPerCGA, splitNum, order);
}

export function blockedFromShapeNumCTAs(
  shape: readonly number[],
  sizePerThread: readonly number[],
  order: readonly number[],
  numWarps: number,
  threadsPerWarp: number,
  numCTAs: number,
): BlockedEncodingAttr {
  return blockedFromShape(shape, sizePerThread, order, numWarps, threadsPerWarp, cgaForNumCTAs(shape, sizePerThread, order, numCTAs));
}

/** Triton's getDefaultBlockedEncoding: one element per thread, row-major order (last dim fastest). */
export function defaultBlockedEncoding(shape: readonly number[], numWarps: number, threadsPerWarp: number, numCTAs: number): BlockedEncodingAttr {
  const rank = shape.length;
  const order = iota(rank).reverse();
  return blockedFromShapeNumCTAs(shape, new Array<number>(rank).fill(1), order, numWarps, threadsPerWarp, numCTAs);
}

/** Elements each thread holds (Triton's getTotalElemsPerThread) for a blocked encoding. */
export function blockedTotalElemsPerThread(enc: BlockedEncodingAttr, shape: readonly number[]): number {
  const perCTA = shapePerCTAFromCGA(enc.cgaLayout, shape);
  let total = 1;
  for (let d = 0; d < shape.length; d++) {
    const tile = enc.sizePerThread[d]! * enc.threadsPerWarp[d]! * enc.warpsPerCTA[d]!;
    total *= enc.sizePerThread[d]! * Math.max(1, Math.trunc(perCTA[d]! / tile));
  }
  return total;
}

/** Integer elements of an ArrayAttr or dense array attribute. */
export function intsOf(a: Attribute | undefined): number[] | undefined {
  if (!a) return undefined;
  if (a instanceof ArrayAttr) return a.elements.map((e) => (e instanceof IntegerAttr ? Number(e.value) : 0));
  const vals = (a as { values?: readonly unknown[] }).values;
  if (Array.isArray(vals)) return vals.map((v) => Number(v));
  return undefined;
}
