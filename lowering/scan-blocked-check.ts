/**
 * Whether Triton's scan algorithm (scan-blocked.ts) computes the right scan for a given blocked tensor type.
 * Triton reads its sizes off the layout as if registers, lanes and warps tiled the tensor exactly; for tensors
 * smaller than the layout's tile (broadcast registers or lanes) or unusual orders its index arithmetic does not
 * locate the elements, and Triton asserts or computes a wrong scan. We run that arithmetic on numbers, for every
 * lane, warp and register, and compare it with the linear layout:
 *
 * - each register's position along the axis (chunk element, lane, warp, axis block; reversed for a reverse scan,
 *   whose values are first flipped across registers and lanes) must be the element's coordinate;
 * - the values Triton combines together (same parallel thread id and accumulator slot) must be of one row;
 * - every `shfl.up` / `shfl.idx` source lane must be the lane Triton means (same row, the expected lane along
 *   the axis), and the parallel ids must fit the scratch buffer.
 *
 * When this fails the general lowering (scan.ts) takes the scan.
 */
import type { RankedTensorType } from '../dialect/ir/type.js';
import type { BlockedEncodingAttr } from '../dialect/ttg/attrs/blocked.js';
import type { LinearLayout } from '../dialect/linear-layout/linear-layout.js';
import { delinearizeInDimNumber, linearizeNumber } from './delinearize.js';
import { LANE, REGISTER, tensorLayout, WARP } from './layout-indices.js';
import { chunkPlace, scanHelper } from './scan-blocked.js';

/** Largest lanes x warps x registers product checked (larger scans take the general lowering). */
const MAX_CHECKED = 1 << 20;

/** Coordinates of one in-dim id with the other in-dims at zero. */
function coordsOfId(ll: LinearLayout, inDim: string, id: number): number[] {
  return ll.apply(ll.getInDimNames().map((d) => [d, d === inDim ? id : 0] as const)).map(([, v]) => v);
}

export function blockedScanApplies(t: RankedTensorType, enc: BlockedEncodingAttr, axis: number, reverse: boolean): boolean {
  const ll = tensorLayout(t);
  if (!ll.hasInDim(REGISTER) || !ll.hasInDim(LANE) || !ll.hasInDim(WARP)) return false;
  const h = scanHelper(t, enc, axis);
  const nReg = ll.getInDimSize(REGISTER);
  const nLane = ll.getInDimSize(LANE);
  const nWarp = ll.getInDimSize(WARP);
  if (h.axisNumBlocks * h.nonAxisNumBlocks * h.nonAxisElems * h.axisElems !== nReg) return false;
  if (nReg * nLane * nWarp > MAX_CHECKED) return false;
  const regC = Array.from({ length: nReg }, (_, r) => coordsOfId(ll, REGISTER, r));
  const laneC = Array.from({ length: nLane }, (_, l) => coordsOfId(ll, LANE, l));
  const warpC = Array.from({ length: nWarp }, (_, w) => coordsOfId(ll, WARP, w));

  // Triton's lane/warp coordinate along the axis and flat parallel ids.
  const tpwParallel = h.threadsPerWarp.map((n, d) => (d === axis ? 1 : n));
  const wpcParallel = h.warpsPerCTA.map((n, d) => (d === axis ? 1 : n));
  const laneAxis: number[] = [];
  const laneFlat: number[] = [];
  const laneLast: number[] = [];
  for (let l = 0; l < nLane; l++) {
    const c = delinearizeInDimNumber(ll, LANE, l);
    laneAxis.push(c[axis]!);
    laneLast.push(linearizeNumber(c.map((v, d) => (d === axis ? h.scanDim - 1 : v)), h.threadsPerWarp, h.order));
    laneFlat.push(linearizeNumber(c.map((v, d) => (d === axis ? 0 : v)), tpwParallel, h.order));
  }
  const warpAxis: number[] = [];
  const warpFlat: number[] = [];
  for (let w = 0; w < nWarp; w++) {
    const c = delinearizeInDimNumber(ll, WARP, w);
    warpAxis.push(c[axis]!);
    warpFlat.push(linearizeNumber(c.map((v, d) => (d === axis ? 0 : v)), wpcParallel, h.order));
  }
  if (laneAxis.some((v) => v >= h.scanDim) || warpAxis.some((v) => v >= h.axisNumWarps)) return false;
  const multiWarp = h.axisNumWarps > 1;
  const groupOf = (l: number, w: number): string => {
    const flat = laneFlat[l]! + warpFlat[w]! * h.nonAxisThreadsPerWarp;
    return multiWarp ? String(flat) : `${w}:${laneFlat[l]}`;
  };
  if (multiWarp) {
    for (let l = 0; l < nLane; l++) for (let w = 0; w < nWarp; w++) if (laneFlat[l]! + warpFlat[w]! * h.nonAxisThreadsPerWarp >= h.numParallelLane) return false;
  }

  // Shuffle sources.
  for (let l = 0; l < nLane; l++) {
    for (let i = 1; i <= h.scanDim / 2 && i <= laneAxis[l]!; i <<= 1) {
      const s = l - i * h.threadStride;
      if (s < 0 || laneAxis[s] !== laneAxis[l]! - i || laneFlat[s] !== laneFlat[l]) return false;
    }
    if (!multiWarp && h.scanDim > 1 && h.axisNumBlocks > 1) {
      const s = laneLast[l]!;
      if (s >= nLane || laneAxis[s] !== h.scanDim - 1 || laneFlat[s] !== laneFlat[l]) return false;
    }
  }

  // Positions and rows.
  const size = t.shape[axis]!;
  const rowOf = new Map<string, string>();
  const regPlace = Array.from({ length: nReg }, (_, r) => {
    const chunkId = (r % h.elementStride) + Math.floor(Math.floor(r / h.elementStride) / h.axisElems) * h.elementStride;
    return { elem: Math.floor(r / h.elementStride) % h.axisElems, ...chunkPlace(h, chunkId) };
  });
  for (let l = 0; l < nLane; l++) {
    for (let w = 0; w < nWarp; w++) {
      const group = groupOf(l, w);
      const wAxis = reverse ? h.axisNumWarps - 1 - warpAxis[w]! : warpAxis[w]!;
      const srcLane = reverse ? l ^ (nLane - 1) : l;
      for (let r = 0; r < nReg; r++) {
        const p = regPlace[r]!;
        const e = regC[reverse ? nReg - 1 - r : r]!.map((v, d) => v ^ laneC[srcLane]![d]! ^ warpC[w]![d]!);
        const pos = p.elem + h.axisElems * (laneAxis[l]! + h.scanDim * (wAxis + h.axisNumWarps * p.axisBlockId));
        if (pos !== (reverse ? size - 1 - e[axis]! : e[axis]!)) return false;
        const key = `${group}/${p.slot}`;
        const row = e.filter((_, d) => d !== axis).join(',');
        const seen = rowOf.get(key);
        if (seen === undefined) rowOf.set(key, row);
        else if (seen !== row) return false;
      }
    }
  }
  return true;
}
