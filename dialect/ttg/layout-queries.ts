/**
 * Properties of TritonGPU layouts read off their linear layouts, as Triton 3.6 computes them (mostly through
 * `toLinearEncoding(layout, shape)` and LinearEncodingAttr's methods): order, sizePerThread, threadsPerWarp,
 * warpsPerCTA, contiguity, elements per thread, CTA split, and the per-type rep orders.
 *
 * Every function taking `(layout, shape)` works for any distributed layout (blocked, slice, mma, dot_op,
 * linear, ...); the shared-layout cases are noted where they apply.
 */
import type { Attribute } from '../ir/attribute.js';
import { RankedTensorType, type Type } from '../ir/type.js';
import type { LinearLayout } from '../linear-layout/linear-layout.js';
import { basesPerDim as basesPerDimOfList } from './attrs/cga.js';
import { type Bases, DistributedEncodingAttr, LayoutEncodingAttr, SharedEncodingAttr } from './attrs/common.js';
import { basesOfInDim as bases, basesPerDim, contig, llOrder, orderPerDim, rankOf } from './linear/read.js';
import { fail } from './linear/utils.js';
import { memDescLinearLayout, toLinearLayout } from './to-linear-layout.js';
import { MemDescType, shapePerCTA as shapePerCTAOf } from './types.js';

export { getMatrixOrder, getOrderForDotOperand } from './linear/utils.js';

const REGISTER = 'register';
const LANE = 'lane';
const WARP = 'warp';
const BLOCK = 'block';

// The generic readings of a linear layout live below the layout classes, which use them too.
export { basesPerDim, fitToShape, llOrder, orderPerDim } from './linear/read.js';

// ---- distributed layouts ----------------------------------------------------------------------------

function distributedLL(layout: Attribute, shape: readonly number[]): LinearLayout {
  if (!(layout instanceof DistributedEncodingAttr)) fail(`${layout.key} is not a distributed layout`);
  return toLinearLayout(shape, layout);
}

/** The order of the layout's dims, fastest first (Triton's getOrder). Shared layouts use their own orders. */
export function getOrder(layout: Attribute, shape: readonly number[]): number[] {
  if (layout instanceof LayoutEncodingAttr) return layout.getOrder(shape);
  return llOrder(distributedLL(layout, shape));
}

/** The order of lanes (Triton's getThreadOrder). */
export function getThreadOrder(layout: Attribute, shape: readonly number[]): number[] {
  const ll = distributedLL(layout, shape);
  return orderPerDim(ll, LANE, llOrder(ll));
}

/** The order of warps (Triton's getWarpOrder). */
export function getWarpOrder(layout: Attribute, shape: readonly number[]): number[] {
  const ll = distributedLL(layout, shape);
  return orderPerDim(ll, WARP, llOrder(ll));
}

/** Lanes along each dim (Triton's getThreadsPerWarp; broadcast lanes are not counted). */
export function getThreadsPerWarp(layout: Attribute, shape: readonly number[]): number[] {
  return basesPerDim(distributedLL(layout, shape), LANE);
}

/** Warps along each dim (Triton's getWarpsPerCTA; broadcast warps are not counted). */
export function getWarpsPerCTA(layout: Attribute, shape: readonly number[]): number[] {
  return basesPerDim(distributedLL(layout, shape), WARP);
}

/**
 * Elements per thread along each dim within one repetition of the layout (LinearEncodingAttr::getSizePerThread):
 * register bases left after peeling the trailing repetitions.
 */
export function getSizePerThread(layout: Attribute, shape: readonly number[]): number[] {
  const ll = distributedLL(layout, shape);
  const rank = rankOf(ll);
  const split = basesPerDim(ll, BLOCK);
  const ctaShape = ll.getOutDims().map(([, s], i) => s / split[i]!);
  const regs = [...bases(ll, REGISTER)];
  const seen: number[] = [];
  while (regs.length) {
    const b = regs[regs.length - 1]!;
    const dim = b.findIndex((v) => v !== 0);
    if (dim < 0) break;
    if (!seen.includes(dim)) seen.push(dim);
    if (dim !== seen[seen.length - 1] || 2 * b[dim]! !== ctaShape[dim]) break;
    ctaShape[dim]! /= 2;
    regs.pop();
  }
  return basesPerDimOfList(regs, rank, true);
}

/** Consecutive elements a thread holds along each dim (Triton's getContigPerThread). */
export function getContigPerThread(layout: Attribute, shape: readonly number[]): number[] {
  const ll = distributedLL(layout, shape);
  return contig(ll, REGISTER, new Array<number>(rankOf(ll)).fill(1));
}

/** Consecutive elements a warp holds along each dim (Triton's getContigPerWarp). */
export function getContigPerWarp(layout: Attribute, shape: readonly number[]): number[] {
  const ll = distributedLL(layout, shape);
  return contig(ll, LANE, contig(ll, REGISTER, new Array<number>(rankOf(ll)).fill(1)));
}

/** Registers per thread along each dim, broadcast registers included (Triton's getElemsPerThread). */
export function getElemsPerThread(layout: Attribute, shape: readonly number[]): number[] {
  if (!(layout instanceof DistributedEncodingAttr)) fail(`${layout.key} is not a distributed layout`);
  return layout.getElemsPerThread(shape);
}

/** Registers per thread (Triton's getTotalElemsPerThread); 1 for scalars. */
export function getTotalElemsPerThread(layout: Attribute, shape: readonly number[]): number {
  return getElemsPerThread(layout, shape).reduce((a, b) => a * b, 1);
}

/** Registers per thread holding distinct elements (Triton's getUniqueElemsPerThread). */
export function getUniqueElemsPerThread(layout: Attribute, shape: readonly number[]): number {
  const ll = distributedLL(layout, shape);
  return 2 ** bases(ll, REGISTER).filter((b) => b.some((v) => v !== 0)).length;
}

/** Per-type element counts for tensor types: 1 for scalars and pointers. */
export function getTotalElemsPerThreadOfType(t: Type): number {
  if (t instanceof RankedTensorType && t.encoding) return getTotalElemsPerThread(t.encoding, t.shape);
  return 1;
}

/** Triton's getOrderForMemory: the element order, unless the fastest dim holds one element per thread. */
export function getOrderForMemory(layout: Attribute, shape: readonly number[]): number[] {
  const order = getOrder(layout, shape);
  const threadOrder = getThreadOrder(layout, shape);
  if (order.join() === threadOrder.join()) return order;
  const c = getElemsPerThread(layout, shape);
  return c[threadOrder[0]!] === 1 ? threadOrder : order;
}

/** The order in which the layout repeats over a larger tensor (Triton's getRepOrder). */
export function getRepOrder(layout: Attribute): number[] {
  if (layout instanceof DistributedEncodingAttr) return layout.getRepOrder();
  fail(`getRepOrder not implemented for ${layout.key}`);
}

// ---- shared layouts ---------------------------------------------------------------------------------

/** The order of a shared layout (Triton's getOrder(SharedEncodingTrait, shape)). */
export function getSharedOrder(layout: SharedEncodingAttr, shape: readonly number[]): number[] {
  return layout.getOrder(shape);
}

// ---- CTAs ---------------------------------------------------------------------------------------------

function asLayout(layout: Attribute, what: string): LayoutEncodingAttr {
  if (layout instanceof LayoutEncodingAttr) return layout;
  fail(`${what} ${layout.key}`);
}

/** The CGA layout (block bases) of an encoding, derived for slices and dot operands as Triton does. */
export function getCGALayout(layout: Attribute): Bases {
  return asLayout(layout, 'no CGA layout for').getCGALayout();
}

/** CTAs per CGA along each dim (Triton's getCTAsPerCGA). */
export function getCTAsPerCGA(layout: Attribute): number[] {
  return asLayout(layout, 'no CGA layout for').getCTAsPerCGA();
}

/** Tiles the tensor is split into across CTAs, per dim (Triton's getCTASplitNum). */
export function getCTASplitNum(layout: Attribute): number[] {
  return asLayout(layout, 'no CGA layout for').getCTASplitNum();
}

/** The order of CTA tiles (Triton's getCTAOrder). */
export function getCTAOrder(layout: Attribute): number[] {
  return asLayout(layout, 'no CGA layout for').getCTAOrder();
}

/** Number of CTAs (Triton's getNumCTAs). */
export function getNumCTAs(layout: Attribute): number {
  return asLayout(layout, 'no CGA layout for').getNumCTAs();
}

/** The shape one CTA holds (Triton's getShapePerCTA). */
export function getShapePerCTA(layout: Attribute, shape: readonly number[]): number[] {
  return shapePerCTAOf(getCTASplitNum(layout), shape);
}

// ---- types ---------------------------------------------------------------------------------------------

/** The linear layout of a tensor type (its encoding over its shape) or of a memdesc (over its alloc shape). */
export function typeLinearLayout(t: Type): LinearLayout {
  if (t instanceof MemDescType) return memDescLinearLayout(t);
  if (t instanceof RankedTensorType && t.encoding) return toLinearLayout(t.shape, t.encoding);
  fail(`${t.key} has no layout`);
}

/** True when two layouts give the same linear layout over `shape` (Triton's areLayoutsEquivalent). */
export function areLayoutsEquivalent(shape: readonly number[], a: Attribute, b: Attribute): boolean {
  return a === b || toLinearLayout(shape, a).equals(toLinearLayout(shape, b));
}

/** Number of lanes, warps and CTAs the layout spans (the in-dim sizes of its linear layout). */
export function hardwareSizes(layout: Attribute, shape: readonly number[]): { lanes: number; warps: number; ctas: number } {
  const ll = distributedLL(layout, shape);
  return { lanes: ll.getInDimSize(LANE), warps: ll.getInDimSize(WARP), ctas: ll.getInDimSize(BLOCK) };
}

/**
 * Triton's verifyTensorLayout for a tensor with this encoding: the layout must be distributed, of the tensor's
 * rank, on a power-of-two shape, and use exactly the module's lanes (`threadsPerWarp`, default 32), the
 * context's warps (`numWarps`, checked when given; with `requireNumWarps` its absence is an error, as in the
 * verifier) and CTAs (`numCTAs`, default 1). Returns the message Triton appends after "... has an invalid
 * layout: ", or undefined.
 */
export function verifyTensorLayout(
  layout: Attribute,
  shape: readonly number[],
  context: { numWarps?: number; threadsPerWarp?: number; numCTAs?: number; requireNumWarps?: boolean } = {},
): string | undefined {
  if (!(layout instanceof DistributedEncodingAttr)) return 'Non-distributed layout is not allowed in tensor type.';
  const rank = layout.rank;
  if (rank !== shape.length) return `Layout has rank ${rank}, but the tensor it's attached to has rank ${shape.length}.`;
  if (shape.some((d) => !(d > 0 && (d & (d - 1)) === 0))) {
    const s = shape.join(', ');
    return `Layout has shape ${s}, but the tensor it's attached to has shape ${s} which is not a power of two.`;
  }
  let sizes: { lanes: number; warps: number; ctas: number };
  try {
    sizes = hardwareSizes(layout, shape);
  } catch (e) {
    return `${layout.key}.\n${e instanceof Error ? e.message : String(e)}`;
  }
  const threads = context.threadsPerWarp ?? 32;
  if (sizes.lanes !== threads) {
    return `${layout.key}.\nLayout has ${sizes.lanes} threads per warp, but the module specifies ${threads} threads per warp.`;
  }
  if (context.numWarps === undefined && context.requireNumWarps) {
    return 'Could not determine the number of warps per CTA. Operation is not in a context with `ttg.num-warps`.';
  }
  if (context.numWarps !== undefined && sizes.warps !== context.numWarps) {
    return `${layout.key}.\nLayout has ${sizes.warps} warps per CTA, but the context requires ${context.numWarps} warps per CTA.`;
  }
  const ctas = context.numCTAs ?? 1;
  if (sizes.ctas !== ctas) {
    return `${layout.key}.\nLayout has ${sizes.ctas} CTAs per CGA, but the context requires ${ctas} CTAs per CGA.`;
  }
  return undefined;
}
