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

  // Positions and rows. A register's coordinates are its own xor its lane's xor its warp's (linearity); each stays
  // below its dimension's (power-of-two) size, so a row (the coordinates off the axis) is one mixed-radix number,
  // and a (group, accumulator slot) pair another: no arrays or strings per (lane, warp, register).
  const size = t.shape[axis]!;
  const rank = t.shape.length;
  const regPlace = Array.from({ length: nReg }, (_, r) => {
    const chunkId = (r % h.elementStride) + Math.floor(Math.floor(r / h.elementStride) / h.axisElems) * h.elementStride;
    return { elem: Math.floor(r / h.elementStride) % h.axisElems, ...chunkPlace(h, chunkId) };
  });
  const slots = 1 + Math.max(0, ...regPlace.map((p) => p.slot));
  const laneGroups = 1 + Math.max(0, ...laneFlat);
  const rowStride = t.shape.map((_, d) => t.shape.slice(d + 1).reduce((a, n, i) => (d + 1 + i === axis ? a : a * n), 1));
  const rowOf = new Map<number, number>();
  for (let l = 0; l < nLane; l++) {
    const srcLane = reverse ? l ^ (nLane - 1) : l;
    const lc = laneC[srcLane]!;
    for (let w = 0; w < nWarp; w++) {
      const group = multiWarp ? laneFlat[l]! + warpFlat[w]! * h.nonAxisThreadsPerWarp : w * laneGroups + laneFlat[l]!;
      const wAxis = reverse ? h.axisNumWarps - 1 - warpAxis[w]! : warpAxis[w]!;
      const wc = warpC[w]!;
      for (let r = 0; r < nReg; r++) {
        const p = regPlace[r]!;
        const rc = regC[reverse ? nReg - 1 - r : r]!;
        const pos = p.elem + h.axisElems * (laneAxis[l]! + h.scanDim * (wAxis + h.axisNumWarps * p.axisBlockId));
        const along = rc[axis]! ^ lc[axis]! ^ wc[axis]!;
        if (pos !== (reverse ? size - 1 - along : along)) return false;
        let row = 0;
        for (let d = 0; d < rank; d++) if (d !== axis) row += (rc[d]! ^ lc[d]! ^ wc[d]!) * rowStride[d]!;
        const key = group * slots + p.slot;
        const seen = rowOf.get(key);
        if (seen === undefined) rowOf.set(key, row);
        else if (seen !== row) return false;
      }
    }
  }
  return true;
}
