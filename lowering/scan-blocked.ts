/**
 * `tt.scan` of a blocked layout, op for op as Triton 3.6's ScanOpToLLVM `emitFastScan` (the only layouts Triton
 * lowers), so that our LLVM is Triton's:
 *
 * 1. thread, warp (`udiv`) and lane (`urem`) ids; the lane and warp coordinates along the axis and the flat id of
 *    the thread among those scanning other rows (Triton's delinearize / linearize of the layout's grid);
 * 2. a reverse scan flips the values first: the register order is reversed and every value goes through a full
 *    butterfly of `shfl.bfly` (which reverses the lanes), the warp coordinate is mirrored; the result is flipped
 *    back the same way at the end;
 * 3. in-thread inclusive scan of each contiguous chunk, then a Hillis-Steele `shfl.up` scan of each chunk's last
 *    element across the lanes along the axis;
 * 4. several warps along the axis: the last lane of each warp stores the chunk totals in the scratch buffer, a
 *    barrier, every thread loads the totals of all the warps and combines those before its own
 *    (AddPartialReduce); one warp: the chunk totals of the previous axis blocks are carried with `shfl.idx` from
 *    the last lane (AddPartialReduceOneWarp).
 *
 * The sizes come from the tensor's linear layout as Triton's ScanLoweringHelper reads them (contiguity per
 * thread, lanes and warps per dim), the dim order from the blocked encoding.
 */
import type { Operation, Value } from '../dialect/ir/ir.js';
import type { RankedTensorType } from '../dialect/ir/type.js';
import type { BlockedEncodingAttr } from '../dialect/ttg/attrs/blocked.js';
import { basesPerDim, contig } from '../dialect/ttg/linear/read.js';
import type { LoweringContext } from './conversion.js';
import { delinearizeInDim, linearize } from './delinearize.js';
import { LANE, REGISTER, tensorLayout, WARP } from './layout-indices.js';
import { combine, loadShared, operandElementTypes, scratchBases, shuffle, storeShared } from './reduce-scan-common.js';

/** Triton's ScanLoweringHelper quantities for one scan. */
export interface ScanHelper {
  axis: number;
  order: readonly number[];
  /** Lanes and warps per dim (without broadcast), lanes per dim with broadcast. */
  threadsPerWarp: number[];
  warpsPerCTA: number[];
  axisElems: number;
  nonAxisElems: number;
  scanDim: number;
  nonAxisThreadsPerWarp: number;
  numParallelLane: number;
  axisNumWarps: number;
  axisNumBlocks: number;
  nonAxisNumBlocks: number;
  elementStride: number;
  threadStride: number;
  blockStride: number;
  scratchElems: number;
}

const product = (xs: readonly number[]): number => xs.reduce((a, x) => a * x, 1);

/** The stride of `axis` when dims are walked in `order` with sizes `sizes` (Triton's get*Stride). */
function strideOf(order: readonly number[], axis: number, sizes: readonly number[]): number {
  let stride = 1;
  for (const dim of order) {
    if (dim === axis) return stride;
    stride *= sizes[dim]!;
  }
  throw new Error('tt.scan: axis not in the layout order');
}

export function scanHelper(t: RankedTensorType, enc: BlockedEncodingAttr, axis: number): ScanHelper {
  const ll = tensorLayout(t);
  const rank = t.rank;
  const contigPerThread = contig(ll, REGISTER, new Array<number>(rank).fill(1));
  const threadsPerWarp = basesPerDim(ll, LANE);
  const warpsPerCTA = basesPerDim(ll, WARP);
  const lanesWithBroadcast = basesPerDim(ll, LANE, false);
  const blocks = t.shape.map((s, d) => Math.ceil(s / (contigPerThread[d]! * threadsPerWarp[d]! * warpsPerCTA[d]!)));
  const scanDim = threadsPerWarp[axis]!;
  const nonAxisThreadsPerWarp = product(threadsPerWarp) / scanDim;
  const axisNumWarps = warpsPerCTA[axis]!;
  const nonAxisElems = product(contigPerThread.map((c, d) => (d === axis ? 1 : c)));
  const nonAxisNumBlocks = product(blocks.filter((_, d) => d !== axis));
  return {
    axis,
    order: enc.order,
    threadsPerWarp,
    warpsPerCTA,
    axisElems: contigPerThread[axis]!,
    nonAxisElems,
    scanDim,
    nonAxisThreadsPerWarp,
    numParallelLane: (product(warpsPerCTA) / axisNumWarps) * nonAxisThreadsPerWarp,
    axisNumWarps,
    axisNumBlocks: blocks[axis]!,
    nonAxisNumBlocks,
    elementStride: strideOf(enc.order, axis, contigPerThread),
    threadStride: strideOf(enc.order, axis, lanesWithBroadcast),
    blockStride: strideOf(enc.order, axis, blocks),
    scratchElems: product(warpsPerCTA) * nonAxisThreadsPerWarp * nonAxisElems * blocks[axis]! * nonAxisNumBlocks,
  };
}

type Values = Value[][];

export function lowerBlockedScan(op: Operation, ctx: LoweringContext, srcT: RankedTensorType, enc: BlockedEncodingAttr, axis: number, reverse: boolean): void {
  const b = ctx.b;
  const h = scanHelper(srcT, enc, axis);
  const region = op.region(0);
  const nOps = op.operands.length;
  const ll = tensorLayout(srcT);
  const acc = (a: readonly Value[], cur: readonly Value[]): Value[] => combine(ctx, region, a, cur);
  const isLast = (srcIndex: number): boolean => Math.floor(srcIndex / h.elementStride) % h.axisElems === h.axisElems - 1;

  // 1. Ids.
  const threadId = ctx.threadId();
  const warpSize = b.i32(ctx.threadsPerWarp);
  const warpId = b.udiv(threadId, warpSize);
  const laneId = b.urem(threadId, warpSize);
  const [laneCoords, isRepLane] = delinearizeInDim(b, ll, LANE, laneId);
  const [warpCoords, isRepWarp] = delinearizeInDim(b, ll, WARP, warpId);
  const laneIdAxis = laneCoords[axis]!;
  let warpIdAxis = warpCoords[axis]!;
  laneCoords[axis] = b.i32(0);
  const tpwParallel = h.threadsPerWarp.map((n, d) => (d === axis ? 1 : n));
  const laneIdParallel = linearize(b, laneCoords, tpwParallel, h.order);
  warpCoords[axis] = b.i32(0);
  const wpcParallel = h.warpsPerCTA.map((n, d) => (d === axis ? 1 : n));
  const warpIdParallel = linearize(b, warpCoords, wpcParallel, h.order);
  const flatIdParallel = b.add(laneIdParallel, b.mul(warpIdParallel, b.i32(h.nonAxisThreadsPerWarp)));
  const isRepresentative = b.and(isRepLane, isRepWarp);

  const inputs = ctx.operands();
  let src: Values = inputs[0]!.map((_, r) => inputs.map((x) => x[r]!));

  // 2. Reverse: flip the registers and the lanes, mirror the warps.
  if (reverse) {
    warpIdAxis = b.sub(b.i32(h.axisNumWarps - 1), warpIdAxis);
    src = flip(ctx, src, nOps);
  }

  // 3. In-thread chunks, then the lanes.
  scanThreadContiguous(src, h, acc);
  for (let srcIndex = 0; srcIndex < src.length; srcIndex++) {
    if (!isLast(srcIndex)) continue;
    let cur = src[srcIndex]!;
    for (let i = 1; i <= h.scanDim / 2; i <<= 1) {
      const shfl = cur.map((v) => shuffle(b, 'up', v, i * h.threadStride));
      const mask = b.icmp('sge', laneIdAxis, b.i32(i));
      const temp = acc(shfl, cur);
      cur = cur.map((v, j) => b.select(mask, temp[j]!, v));
    }
    src[srcIndex] = cur;
  }

  // 4. Across warps or axis blocks.
  if (h.axisNumWarps > 1) {
    const bases = scratchBases(ctx, op, h.scratchElems);
    const types = operandElementTypes(op);
    storeWarpTotals(ctx, src, h, isLast, laneIdAxis, warpIdAxis, bases, types, flatIdParallel, isRepresentative);
    b.barrier();
    addPartialReduce(ctx, src, h, isLast, acc, bases, types, warpIdAxis, laneIdAxis, flatIdParallel);
  } else if (src.length > 1) {
    const [lastCoords] = delinearizeInDim(b, ll, LANE, laneId);
    lastCoords[axis] = b.i32(h.scanDim - 1);
    const laneIdLast = linearize(b, lastCoords, h.threadsPerWarp, h.order);
    addPartialReduceOneWarp(ctx, src, h, isLast, acc, warpIdAxis, laneIdAxis, laneIdLast);
  }

  if (reverse) src = flip(ctx, src, nOps);
  ctx.replace(Array.from({ length: nOps }, (_, i) => src.map((v) => v[i]!)));
}

/** Triton's flipSrcValues: registers in reverse order, each value through a full butterfly (reversing the lanes). */
function flip(ctx: LoweringContext, src: Values, nOps: number): Values {
  const out: Values = [];
  for (let i = 0; i < src.length; i++) {
    const rev = src[src.length - 1 - i]!;
    const vals: Value[] = [];
    for (let j = 0; j < nOps; j++) {
      for (let k = ctx.threadsPerWarp / 2; k >= 1; k >>= 1) rev[j] = shuffle(ctx.b, 'bfly', rev[j]!, k);
      vals.push(rev[j]!);
    }
    out.push(vals);
  }
  return out;
}

type Acc = (a: readonly Value[], cur: readonly Value[]) => Value[];

/** Triton's scanThreadContiguousElements: inclusive scan of each run of contiguous registers along the axis. */
function scanThreadContiguous(src: Values, h: ScanHelper, acc: Acc): void {
  const stride = h.elementStride;
  const accs: Value[][] = Array.from({ length: src.length / h.axisElems }, () => []);
  for (let srcIndex = 0; srcIndex < src.length; srcIndex++) {
    const k = (srcIndex % stride) + Math.floor(Math.floor(srcIndex / stride) / h.axisElems) * stride;
    accs[k] = acc(accs[k]!, src[srcIndex]!);
    src[srcIndex] = accs[k]!;
  }
}

/** Triton's storeWarpAccumulator: the last lane of each warp stores each chunk's total. */
function storeWarpTotals(
  ctx: LoweringContext,
  src: Values,
  h: ScanHelper,
  isLast: (i: number) => boolean,
  laneIdAxis: Value,
  warpIdAxis: Value,
  bases: Value[],
  types: ReturnType<typeof operandElementTypes>,
  flatIdParallel: Value,
  isRepresentative: Value,
): void {
  const b = ctx.b;
  let chunkId = 0;
  for (let srcIndex = 0; srcIndex < src.length; srcIndex++) {
    if (!isLast(srcIndex)) continue;
    const last = src[srcIndex]!;
    const mask = b.and(b.icmp('eq', laneIdAxis, b.i32(h.scanDim - 1)), isRepresentative);
    let index = b.add(flatIdParallel, b.mul(warpIdAxis, b.i32(h.numParallelLane)));
    index = b.add(index, b.i32(chunkId * h.numParallelLane * h.axisNumWarps));
    last.forEach((v, i) => storeShared(b, b.gep(bases[i]!, types[i]!, index), v, mask));
    chunkId++;
  }
}

/** Accumulator slot and axis block of the `chunkId`-th chunk (Triton's AddPartialReduce indexing). */
export function chunkPlace(h: ScanHelper, chunkId: number): { slot: number; axisBlockId: number } {
  const blockId = Math.floor(chunkId / h.nonAxisElems);
  const parallelBlockId = (blockId % h.blockStride) + Math.floor(Math.floor(blockId / h.blockStride) / h.axisNumBlocks) * h.blockStride;
  return {
    slot: (chunkId % h.nonAxisElems) + parallelBlockId * h.nonAxisElems,
    axisBlockId: Math.floor(blockId / h.blockStride) % h.axisNumBlocks,
  };
}

/** Triton's AddPartialReduce: combine the totals of the warps (and blocks) before this thread's into its values. */
function addPartialReduce(
  ctx: LoweringContext,
  src: Values,
  h: ScanHelper,
  isLast: (i: number) => boolean,
  acc: Acc,
  bases: Value[],
  types: ReturnType<typeof operandElementTypes>,
  warpId: Value,
  laneIdAxis: Value,
  parallelLaneId: Value,
): void {
  const b = ctx.b;
  const maskNotFirstWarp = b.icmp('ne', warpId, b.i32(0));
  const maskNotFirstLane = b.icmp('ne', laneIdAxis, b.i32(0));
  const maskNotFirstThread = b.or(maskNotFirstWarp, maskNotFirstLane);
  const accumulators = Array.from({ length: h.nonAxisNumBlocks * h.nonAxisElems }, () => ({ acc: [] as Value[], masked: [] as Value[] }));
  let chunkId = 0;
  for (let srcIndex = 0; srcIndex < src.length; srcIndex++) {
    if (!isLast(srcIndex)) continue;
    const { slot, axisBlockId } = chunkPlace(h, chunkId);
    const a = accumulators[slot]!;
    for (let i = 0; i < h.axisNumWarps; i++) {
      const index = b.add(parallelLaneId, b.i32(h.numParallelLane * (i + chunkId * h.axisNumWarps)));
      const partial = bases.map((base, j) => loadShared(b, b.gep(base, types[j]!, index), types[j]!));
      if (a.acc.length === 0) {
        a.acc = partial;
        a.masked = partial;
        continue;
      }
      const mask = b.icmp('sge', warpId, b.i32(i + 1));
      a.acc = acc(a.acc, partial);
      a.masked = a.masked.map((v, j) => b.select(mask, a.acc[j]!, v));
    }
    const first = axisBlockId === 0;
    let temp = acc(a.masked, src[srcIndex]!);
    if (first) {
      const val = src[srcIndex]!;
      temp = temp.map((v, j) => b.select(maskNotFirstWarp, v, val[j]!));
    }
    src[srcIndex] = temp;
    const lastElement = temp.map((v, j) => b.select(maskNotFirstLane, shuffle(b, 'up', v, h.threadStride), a.masked[j]!));
    for (let i = 1; i < h.axisElems; i++) {
      const at = srcIndex - i * h.elementStride;
      const orig = src[at]!;
      let laneValue = acc(lastElement, orig);
      if (first) laneValue = laneValue.map((v, j) => b.select(maskNotFirstThread, v, orig[j]!));
      src[at] = laneValue;
    }
    a.masked = a.acc;
    chunkId++;
  }
}

/** Triton's AddPartialReduceOneWarp: carry each chunk's total to the next axis block with `shfl.idx`. */
function addPartialReduceOneWarp(
  ctx: LoweringContext,
  src: Values,
  h: ScanHelper,
  isLast: (i: number) => boolean,
  acc: Acc,
  warpId: Value,
  laneIdAxis: Value,
  laneIdLast: Value,
): void {
  const b = ctx.b;
  const maskFirstWarp = b.icmp('eq', warpId, b.i32(0));
  const maskFirstLane = b.icmp('eq', laneIdAxis, b.i32(0));
  const maskFirstThread = b.and(maskFirstWarp, maskFirstLane);
  const accumulators: Value[][] = Array.from({ length: h.nonAxisNumBlocks * h.nonAxisElems }, () => []);
  let chunkId = 0;
  for (let srcIndex = 0; srcIndex < src.length; srcIndex++) {
    if (!isLast(srcIndex)) continue;
    const { slot, axisBlockId } = chunkPlace(h, chunkId);
    if (axisBlockId === 0) accumulators[slot] = [...src[srcIndex]!];
    else src[srcIndex] = acc(accumulators[slot]!, src[srcIndex]!);
    const total = src[srcIndex]!;
    let lastElement = [...total];
    if (h.scanDim > 1) {
      const carried = accumulators[slot]!;
      lastElement = total.map((v, i) => {
        const up = shuffle(b, 'up', v, h.threadStride);
        const sel = b.select(maskFirstLane, carried[i]!, up);
        if (h.axisNumBlocks > 1) carried[i] = shuffle(b, 'idx', v, laneIdLast);
        return sel;
      });
    } else if (h.axisNumBlocks > 1) {
      accumulators[slot] = [...total];
    }
    for (let i = 1; i < h.axisElems; i++) {
      const at = srcIndex - i * h.elementStride;
      const orig = src[at]!;
      let laneValue = acc(lastElement, orig);
      if (axisBlockId === 0) laneValue = laneValue.map((v, j) => b.select(maskFirstThread, orig[j]!, v));
      src[at] = laneValue;
    }
    chunkId++;
  }
}
