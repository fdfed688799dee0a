/**
 * Generic readings of a distributed linear layout (in-dims register, lane, warp, block), as Triton 3.6's
 * LinearEncodingAttr computes them: steps and order per dim of an in-dim, the register order, the layout
 * fitted to a shape, contiguity. They know no layout kind, so the layout classes and the free queries share them.
 */
import type { LinearLayout } from '../../linear-layout/linear-layout.js';
import { basesPerDim as basesPerDimOfList, orderPerDim as orderPerDimOfList } from '../attrs/cga.js';
import type { Bases } from '../attrs/common.js';
import { RawLayout } from './raw.js';
import { REGISTER, ensureLayoutNotLargerThan, ensureLayoutNotSmallerThan, namedShape } from './utils.js';

export function rankOf(ll: LinearLayout): number {
  return ll.getNumOutDims();
}

export function basesOfInDim(ll: LinearLayout, inDim: string): Bases {
  return ll.getBases().get(inDim) ?? [];
}

/** `[rank-1, ..., 0]` */
export function reversedIota(rank: number): number[] {
  return Array.from({ length: rank }, (_, i) => rank - 1 - i);
}

/** Triton's basesPerDim: the number of distinct steps of `inDim` along each out-dim. */
export function basesPerDim(ll: LinearLayout, inDim: string, skipBroadcast = true): number[] {
  return basesPerDimOfList(basesOfInDim(ll, inDim), rankOf(ll), skipBroadcast);
}

/** Triton's orderPerDim: out-dims in the order `inDim`'s bases first move along them, then `defaultOrder`. */
export function orderPerDim(ll: LinearLayout, inDim: string, defaultOrder: readonly number[]): number[] {
  return orderPerDimOfList(basesOfInDim(ll, inDim), defaultOrder);
}

/** LinearEncodingAttr::getOrder: dims as the registers move, then from the last dim down. */
export function llOrder(ll: LinearLayout): number[] {
  return orderPerDim(ll, REGISTER, reversedIota(rankOf(ll)));
}

/** LinearEncodingAttr::toLinearLayout(shape): the layout grown/shrunk to `shape`, following its order. */
export function fitToShape(ll: LinearLayout, shape: readonly number[]): LinearLayout {
  const names = ll.getOutDimNames();
  const order = llOrder(ll);
  const permuted = order.map((d) => names[d]!);
  const named = namedShape(
    permuted,
    order.map((d) => shape[d]!),
  );
  let r = RawLayout.fromLinearLayout(ll).transposeOuts(permuted);
  r = ensureLayoutNotSmallerThan(r, named);
  r = ensureLayoutNotLargerThan(r, named, false);
  return r.transposeOuts(names).toLinearLayout();
}

/** LinearEncodingAttr::getContig: how many consecutive elements `inDim` covers along each dim, from `lower`. */
export function contig(ll: LinearLayout, inDim: string, lower: readonly number[]): number[] {
  const bs = basesOfInDim(ll, inDim);
  const order = llOrder(ll);
  const rank = order.length;
  const out = [...lower];
  let i = 0;
  for (const dim of order) {
    const want = new Array<number>(rank).fill(0);
    want[dim] = out[dim]!;
    while (i < bs.length && bs[i]!.every((v, k) => v === want[k])) {
      out[dim]! *= 2;
      want[dim]! *= 2;
      i++;
    }
  }
  return out;
}
