/**
 * Queries on CGA layouts (the `block` bases of an encoding: how a tensor is split over the CTAs of a
 * cluster). A basis `[0, 1]` means the next CTA bit moves one tile along dim1; an all-zero basis means
 * the CTAs that differ in that bit hold the same data (broadcast).
 */
import type { Bases } from './common.js';

/**
 * Triton's basesPerDim: how many distinct steps the bases take along each dim. With `skipBroadcast` false,
 * a zero basis doubles the dim of the last non-zero basis (this counts CTAs rather than tiles).
 */
export function basesPerDim(bases: Bases, rank: number, skipBroadcast = true): number[] {
  const ret = new Array<number>(rank).fill(1);
  let last = 0;
  for (const b of bases) {
    const i = b.findIndex((v) => v !== 0);
    if (i >= 0) {
      last = i;
      ret[i]! *= 2;
    } else if (!skipBroadcast) ret[last]! *= 2;
  }
  return ret;
}

/** Triton's orderPerDim: dims in the order the bases first move along them, then `defaultOrder`. */
export function orderPerDim(bases: Bases, defaultOrder: readonly number[]): number[] {
  const order: number[] = [];
  for (const b of bases) {
    const i = b.findIndex((v) => v !== 0);
    if (i >= 0 && !order.includes(i)) order.push(i);
  }
  for (const d of defaultOrder) if (!order.includes(d)) order.push(d);
  return order;
}

/** CTAs per CGA along each dim (split and broadcast CTAs alike). */
export function cgaCTAsPerCGA(cga: Bases, rank: number): number[] {
  return basesPerDim(cga, rank, false);
}

/** Tiles the tensor is split into along each dim. */
export function cgaSplitNum(cga: Bases, rank: number): number[] {
  return basesPerDim(cga, rank, true);
}

/** The order of the CTA tiles, fastest first. */
export function cgaOrder(cga: Bases, rank: number): number[] {
  return orderPerDim(cga, [...Array(rank).keys()]);
}

/**
 * The CGA layout of the legacy parameters (CTAsPerCGA, CTASplitNum, CTAOrder): per dim in CTAOrder, the split
 * CTAs step along the dim and the rest broadcast.
 */
export function cgaFromSplitParams(ctasPerCGA: readonly number[], splitNum: readonly number[], ctaOrder: readonly number[]): number[][] {
  const rank = ctaOrder.length;
  const out: number[][] = [];
  for (const d of ctaOrder) {
    for (let v = 1; v < splitNum[d]!; v *= 2) {
      const b = new Array<number>(rank).fill(0);
      b[d] = v;
      out.push(b);
    }
    for (let v = 1; v < ctasPerCGA[d]! / splitNum[d]!; v *= 2) out.push(new Array<number>(rank).fill(0));
  }
  return out;
}

/** Triton's getShapePerCTA: each dim divided by its CTA split (split dims aligned to the trailing dims). */
export function shapePerCTA(splitNum: readonly number[], shape: readonly number[]): number[] {
  const rank = shape.length;
  let split = [...splitNum];
  if (split.length <= rank) split = [...new Array<number>(rank - split.length).fill(1), ...split];
  else split = split.slice(split.length - rank);
  return shape.map((s, i) => s / Math.min(s, split[i]!));
}
