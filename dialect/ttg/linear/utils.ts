/**
 * Building blocks shared by the layout → linear-layout conversions (Triton's LayoutUtils and the helpers of
 * LinearLayoutConversions.cpp): standard out-dim names, N-d identities, shape fitting, CGA combination.
 */
import { RawLayout as LinearLayout } from './raw.js';

type BasisList = readonly (readonly number[])[];
import type { Bases } from '../attrs/common.js';

/** Thrown when a layout cannot be converted (Triton would assert or report a fatal error). */
export class LayoutConversionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LayoutConversionError';
  }
}

export function fail(message: string): never {
  throw new LayoutConversionError(message);
}

export const REGISTER = 'register';
export const LANE = 'lane';
export const WARP = 'warp';
export const BLOCK = 'block';
export const OFFSET = 'offset';

/** `['dim0', 'dim1', ...]` */
export function standardOutDimNames(rank: number): string[] {
  return Array.from({ length: rank }, (_, i) => `dim${i}`);
}

/** Triton's getMatrixOrder: `[rank-1, ..., 0]`, with the two minor dims swapped when not row-major. */
export function getMatrixOrder(rank: number, rowMajor: boolean): number[] {
  if (rank < 2) return new Array<number>(rank).fill(0);
  const order = Array.from({ length: rank }, (_, i) => rank - 1 - i);
  if (!rowMajor) [order[0], order[1]] = [order[1]!, order[0]!];
  return order;
}

/** Triton's getOrderForDotOperand: operand A is [*, m, k], B is [*, k, n]. */
export function getOrderForDotOperand(opIdx: number, rank: number, kContig: boolean): number[] {
  const rowMajor = (opIdx !== 0) !== kContig;
  return getMatrixOrder(rank, rowMajor);
}

/** The identity from `inDim` onto the N-d shape, the fastest dim first in `order` (Triton's identityStandardND). */
export function identityStandardND(inDim: string, shape: readonly number[], order: readonly number[]): LinearLayout {
  const names = standardOutDimNames(shape.length);
  let ret = LinearLayout.empty();
  for (const d of order) ret = ret.mul(LinearLayout.identity1D(shape[d]!, inDim, names[d]!));
  return ret;
}

/** Layout from bases with out-dim sizes inferred (Triton's `LinearLayout(bases, outDimNames)`, surjective). */
export function fromBases(bases: readonly (readonly [string, BasisList])[], outDims: readonly string[]): LinearLayout {
  return LinearLayout.fromBases(bases, outDims);
}

export function basesOf(ll: LinearLayout): [string, number[][]][] {
  return [...ll.getBases()].map(([d, bs]) => [d, bs.map((b) => [...b])]);
}

/**
 * Grows the layout along its first in-dim (register / offset) until each out-dim is at least `shape`'s size
 * (Triton's ensureLayoutNotSmallerThan). `shape` is keyed by out-dim name.
 */
export function ensureLayoutNotSmallerThan(layout: LinearLayout, shape: ReadonlyMap<string, number>): LinearLayout {
  if (shape.size === 0) return layout;
  const kDim = layout.getInDimNames()[0]!;
  let ret = layout;
  for (const out of layout.getOutDimNames()) {
    const actual = layout.getOutDimSize(out);
    const desired = shape.get(out)!;
    const factor = Math.floor(desired / actual);
    if (factor >= 1) ret = ret.mul(LinearLayout.identity1D(factor, kDim, out));
  }
  return ret;
}

/**
 * Shrinks each out-dim larger than `shape` by zeroing its largest bases (broadcast), or, for registers when
 * `broadcastRegisters` is false, by dropping them (Triton's ensureLayoutNotLargerThan).
 */
export function ensureLayoutNotLargerThan(
  layout: LinearLayout,
  shape: ReadonlyMap<string, number>,
  broadcastRegisters = true,
): LinearLayout {
  if (shape.size === 0) return layout;
  const bases = basesOf(layout);
  const dropped = new Set<number>();
  layout.getOutDimNames().forEach((out, k) => {
    let actual = layout.getOutDimSize(out);
    const desired = shape.get(out)!;
    if (actual <= desired) return;
    const sorted: { dim: number; idx: number; value: number }[] = [];
    bases.forEach(([, bs], dim) =>
      bs.forEach((b, idx) => {
        if (b[k] !== 0) sorted.push({ dim, idx, value: b[k]! });
      }),
    );
    sorted.sort((a, b) => b.value - a.value);
    for (const { dim, idx } of sorted) {
      if (actual <= desired) break;
      if (!broadcastRegisters && bases[dim]![0] === REGISTER) dropped.add(idx);
      else bases[dim]![1][idx]![k] = 0;
      actual >>= 1;
    }
  });
  if (!broadcastRegisters) {
    const reg = bases.find(([d]) => d === REGISTER);
    if (reg) reg[1] = reg[1].filter((_, i) => !dropped.has(i));
  }
  return fromBases(bases, layout.getOutDimNames());
}

export function namedShape(names: readonly string[], shape: readonly number[]): Map<string, number> {
  return new Map(names.map((n, i) => [n, shape[i]!]));
}

/** The CGA layout (in-dim `block`) of an encoding's CGA bases, out-dims dim0..dimN-1 with inferred sizes. */
export function makeCgaLayout(cga: Bases, rank: number): LinearLayout {
  return LinearLayout.fromBasesWithSizes(
    [[BLOCK, cga]],
    standardOutDimNames(rank).map((d, i) => [d, inferredSize(cga, i)] as const),
  );
}

function inferredSize(bases: Bases, i: number): number {
  let s = 1;
  for (const b of bases) while (s <= b[i]!) s *= 2;
  return s;
}

/**
 * Combines a CTA layout (in-dims register/lane/warp or offset) with a CGA layout (in-dim block) and fits the
 * result to `shape` (Triton's combineCtaCgaWithShape). The CTA layout's out-dim order decides how it is
 * grown; the result has out-dims dim0..dimN-1 in order.
 */
export function combineCtaCgaWithShape(ctaLayout: LinearLayout, cgaLayout: LinearLayout, shape: readonly number[]): LinearLayout {
  const rank = shape.length;
  if (ctaLayout.getNumOutDims() !== rank) fail(`layout rank ${ctaLayout.getNumOutDims()} does not match shape rank ${rank}`);
  if (cgaLayout.getNumOutDims() !== rank) fail(`CGA layout rank ${cgaLayout.getNumOutDims()} does not match shape rank ${rank}`);
  const names = standardOutDimNames(rank);
  const labeled = namedShape(names, shape);
  const cga = ensureLayoutNotLargerThan(cgaLayout, labeled).transposeOuts(ctaLayout.getOutDimNames());
  const ctaShape = new Map<string, number>();
  for (const d of ctaLayout.getOutDimNames()) ctaShape.set(d, Math.max(1, Math.floor(labeled.get(d)! / cga.getOutDimSize(d))));
  let cta = ensureLayoutNotSmallerThan(ctaLayout, ctaShape);
  cta = ensureLayoutNotLargerThan(cta, ctaShape);
  return cta.mul(cga).transposeOuts(names);
}

/** Triton's reshapeLayout: reshapes the out-dims (row-major) to `shape`, named dim0..dimN-1. */
export function reshapeLayout(layout: LinearLayout, shape: readonly number[]): LinearLayout {
  const src = [...layout.getOutDimNames()].reverse();
  const names = standardOutDimNames(shape.length);
  const dst = names.map((n, i) => [n, shape[i]!] as const).reverse();
  return layout.transposeOuts(src).reshapeOuts(dst).transposeOuts(names);
}

/** Triton's transposeLinearLayout: permutes the components of every basis (out-dim names unchanged). */
export function transposeLinearLayout(layout: LinearLayout, order: readonly number[]): LinearLayout {
  const bases = basesOf(layout).map(([d, bs]) => [d, bs.map((b) => order.map((i) => b[i]!))] as [string, number[][]]);
  return fromBases(bases, layout.getOutDimNames());
}

/** The basis list of `inDim` (empty if absent). */
export function basesFor(ll: LinearLayout, inDim: string): number[][] {
  const bs = ll.getBases().get(inDim);
  return bs ? bs.map((b) => [...b]) : [];
}

/** Zeros from `inDim` for each of `shape` along `kDim`, identity elsewhere (Triton's broadcastedDotOperandLayout). */
export function broadcastedDotOperandLayout(
  shape: readonly number[],
  order: readonly number[],
  kDim: number,
  inDim: string,
): LinearLayout {
  const names = standardOutDimNames(shape.length);
  let layout = LinearLayout.empty();
  for (const d of order) {
    layout = layout.mul(
      d === kDim ? LinearLayout.zeros1D(shape[d]!, inDim, names[d]!) : LinearLayout.identity1D(shape[d]!, inDim, names[d]!),
    );
  }
  return layout;
}
