/**
 * Distributed layouts → linear layouts (in-dims register, lane, warp, block; out-dims dim0..dimN-1), as
 * Triton 3.6's LinearLayoutConversions.cpp computes them.
 */
import { RawLayout as LinearLayout } from './raw.js';
// The layout classes call these conversions from their methods; types only here, so no import cycle at run time.
import type { AMDMfmaEncodingAttr, AMDWmmaEncodingAttr } from '../attrs/amd.js';
import type { BlockedEncodingAttr } from '../attrs/blocked.js';
import type { Bases } from '../attrs/common.js';
import type { DotOperandEncodingAttr } from '../attrs/dot-operand.js';
import type { LinearEncodingAttr } from '../attrs/linear.js';
import type { NvidiaMmaEncodingAttr } from '../attrs/mma.js';
import { orderPerDim } from '../attrs/cga.js';
import {
  BLOCK,
  LANE,
  REGISTER,
  WARP,
  basesOf,
  broadcastedDotOperandLayout,
  combineCtaCgaWithShape,
  ensureLayoutNotLargerThan,
  ensureLayoutNotSmallerThan,
  fail,
  fromBases,
  getMatrixOrder,
  getOrderForDotOperand,
  identityStandardND,
  makeCgaLayout,
  namedShape,
  standardOutDimNames,
} from './utils.js';

const id1 = (size: number, inDim: string, outDim: string): LinearLayout => LinearLayout.identity1D(size, inDim, outDim);
const zeros1 = (size: number, inDim: string, outDim: string): LinearLayout => LinearLayout.zeros1D(size, inDim, outDim);

export function checkRank(shape: readonly number[], rank: number, what: string): void {
  if (shape.length !== rank) fail(`shape rank ${shape.length} does not match the rank ${rank} of the ${what} layout`);
}

/** The CGA layout of a dot operand: the parent's, broadcast along K. */
export function dotOperandCgaLayout(cga: Bases, rank: number, opIdx: number): LinearLayout {
  const kDim = opIdx === 0 ? rank - 1 : rank - 2;
  const parent = makeCgaLayout(cga, rank);
  const bases = cga.map((b) => b.map((v, i) => (i === kDim ? 0 : v)));
  const sizes = parent.getOutDims().map(([d, s], i) => [d, i === kDim ? 1 : s] as const);
  return LinearLayout.fromBasesWithSizes([[BLOCK, bases]], sizes);
}

// ---- blocked -----------------------------------------------------------------------------------------

export function blockedToLinearLayout(shape: readonly number[], b: BlockedEncodingAttr): LinearLayout {
  checkRank(shape, b.rank, 'blocked');
  const cta = identityStandardND(REGISTER, b.sizePerThread, b.order)
    .mul(identityStandardND(LANE, b.threadsPerWarp, b.order))
    .mul(identityStandardND(WARP, b.warpsPerCTA, b.order));
  return combineCtaCgaWithShape(cta, makeCgaLayout(b.cgaLayout, b.rank), shape);
}

// ---- NVIDIA mma ---------------------------------------------------------------------------------------

/**
 * One mma tile: kWidth registers and 4 lanes along the inner dim, 8 lanes along the outer dim, then register
 * repetitions (outer first, then inner). Out-dims are ordered by `repOrder`.
 */
export function nvidiaMmaTile(tileShape: readonly number[], kWidth: number, order: readonly number[], repOrder: readonly number[]): LinearLayout {
  const rank = repOrder.length;
  const names = standardOutDimNames(rank);
  let cta = identityStandardND(REGISTER, new Array<number>(rank).fill(1), repOrder);
  const inner = order[0]!;
  const outer = order[1]!;
  const m = tileShape[outer]!;
  const n = tileShape[inner]!;
  if (m % 8 !== 0 || n % (kWidth * 4) !== 0) fail(`mma tile ${m}x${n} is not a multiple of 8x${kWidth * 4}`);
  cta = cta
    .mul(id1(kWidth, REGISTER, names[inner]!))
    .mul(id1(4, LANE, names[inner]!))
    .mul(id1(8, LANE, names[outer]!))
    .mul(id1(m / 8, REGISTER, names[outer]!))
    .mul(id1(n / (kWidth * 4), REGISTER, names[inner]!));
  return cta;
}

export function nvidiaMmaToLinearLayout(shape: readonly number[], mma: NvidiaMmaEncodingAttr): LinearLayout {
  const rank = shape.length;
  checkRank(shape, mma.rank, 'nvidia_mma');
  if (rank < 2) fail('nvidia_mma layouts need rank >= 2');
  let tileShape: number[];
  if (mma.isAmpere()) tileShape = [...mma.instrShape];
  else if (mma.isHopper()) tileShape = mma.instrShape.slice(0, 2);
  else fail(`unsupported MMA version ${mma.versionMajor}`);
  if (tileShape.length !== rank) fail(`instrShape [${mma.instrShape.join(', ')}] does not match rank ${rank}`);
  const order = getMatrixOrder(rank, true);
  let cta = nvidiaMmaTile(tileShape, 2, order, order);
  const warpOrder = getMatrixOrder(rank, !mma.isHopper());
  cta = cta.mul(identityStandardND(WARP, mma.warpsPerCTA, warpOrder).transposeOuts(cta.getOutDimNames()));
  return combineCtaCgaWithShape(cta, makeCgaLayout(mma.cgaLayout, rank), shape);
}

export function nvidiaDotToLinearLayout(shape: readonly number[], dot: DotOperandEncodingAttr, mma: NvidiaMmaEncodingAttr): LinearLayout {
  const rank = shape.length;
  const kWidth = dot.kWidth;
  const isA = dot.opIdx === 0;
  if (!mma.isAmpere() && !mma.isHopper()) fail(`unsupported MMA version ${mma.versionMajor}`);
  if (kWidth === 0) fail('dot operand of an mma layout needs kWidth');
  const tileShape = new Array<number>(rank).fill(1);
  if (isA) {
    tileShape[rank - 2] = 16;
    tileShape[rank - 1] = kWidth * 8;
  } else {
    if (!mma.isAmpere()) fail('Hopper takes the B operand from shared memory');
    tileShape[rank - 2] = kWidth * 8;
    tileShape[rank - 1] = 8;
  }
  const order = getOrderForDotOperand(dot.opIdx, rank, true);
  let cta = nvidiaMmaTile(tileShape, kWidth, order, order);
  const kDim = isA ? rank - 1 : rank - 2;
  const warpOrder = getMatrixOrder(rank, !mma.isHopper());
  cta = cta.mul(broadcastedDotOperandLayout(mma.warpsPerCTA, warpOrder, kDim, WARP).transposeOuts(cta.getOutDimNames()));
  return combineCtaCgaWithShape(cta, dotOperandCgaLayout(mma.cgaLayout, rank, dot.opIdx), shape);
}

// ---- FMA dot operands (blocked parent) --------------------------------------------------------------

export function fmaDotToLinearLayout(shape: readonly number[], dot: DotOperandEncodingAttr, blocked: BlockedEncodingAttr): LinearLayout {
  const rank = shape.length;
  const order = blocked.order;
  const kDim = dot.opIdx === 0 ? rank - 1 : rank - 2;
  const threadSize = [...blocked.sizePerThread];
  threadSize[kDim] = shape[kDim]!;
  const names = standardOutDimNames(rank);
  const repNames = order.map((d) => names[d]!);
  const regs = identityStandardND(REGISTER, threadSize, order);
  const lanes = broadcastedDotOperandLayout(blocked.threadsPerWarp, order, kDim, LANE);
  const warps = broadcastedDotOperandLayout(blocked.warpsPerCTA, order, kDim, WARP);
  const cta = regs.transposeOuts(repNames).mul(lanes.transposeOuts(repNames)).mul(warps.transposeOuts(repNames));
  return combineCtaCgaWithShape(cta, dotOperandCgaLayout(blocked.cgaLayout, rank, dot.opIdx), shape);
}

// ---- AMD MFMA ------------------------------------------------------------------------------------------

export function mfmaToLinearLayout(shape: readonly number[], mfma: AMDMfmaEncodingAttr): LinearLayout {
  const rank = shape.length;
  checkRank(shape, mfma.rank, 'amd_mfma');
  if (rank !== 2 && rank !== 3) fail('amd_mfma layouts have rank 2 or 3');
  const hasBatch = rank === 3;
  const mIndex = hasBatch ? 1 : 0;
  const nIndex = mIndex + 1;
  const names = standardOutDimNames(rank);
  const order = getMatrixOrder(rank, true);
  const dimM = names[order[1]!]!;
  const dimN = names[order[0]!]!;
  const mDim = mfma.mDim;
  const nDim = mfma.nDim;
  const height = mfma.elementBitWidth === 64 ? 1 : 4;
  const warpSize = 64;
  if (mDim === 64 && nDim === 4 && !mfma.isTransposed) fail('64x4 mfma must be transposed');
  const tiles = Math.floor((mDim * nDim) / (warpSize * height));
  let tile: LinearLayout;
  if (!mfma.isTransposed) {
    const regs = id1(height, REGISTER, dimM);
    const lanes = id1(nDim, LANE, dimN).mul(id1(warpSize / nDim, LANE, dimM));
    tile = regs.mul(lanes);
    if (tiles > 0) tile = tile.mul(id1(tiles, REGISTER, dimM));
  } else {
    const regs = id1(height, REGISTER, dimN);
    const lanes = id1(mDim, LANE, dimM).mul(id1(warpSize / mDim, LANE, dimN));
    tile = regs.mul(lanes);
    if (tiles > 0) tile = tile.mul(id1(tiles, REGISTER, dimN));
  }
  tile = tile.transposeOuts([dimN, dimM]);
  const tpw = mfma.tilesPerWarp;
  const wpc = mfma.warpsPerCTA;
  const tilesM = tpw[mIndex] ?? 1;
  const tilesN = tpw[nIndex] ?? 1;
  const warpsM = wpc[mIndex]!;
  const warpsN = wpc[nIndex]!;
  tile = tile.mul(id1(tilesN, REGISTER, dimN));
  tile = tile.mul(id1(warpsN, WARP, dimN));
  tile = tile.mul(id1(Math.floor(shape[nIndex]! / (nDim * warpsN * tilesN)), REGISTER, dimN));
  tile = tile.mul(id1(tilesM, REGISTER, dimM));
  tile = tile.mul(id1(warpsM, WARP, dimM));
  if (hasBatch) {
    const b = names[order[2]!]!;
    tile = tile.mul(id1(1, REGISTER, b)).mul(id1(1, LANE, b)).mul(id1(wpc[0]!, WARP, b));
  }
  return combineCtaCgaWithShape(tile, makeCgaLayout(mfma.cgaLayout, rank), shape);
}

export function mfmaDotToLinearLayout(shape: readonly number[], dot: DotOperandEncodingAttr, mfma: AMDMfmaEncodingAttr): LinearLayout {
  const rank = shape.length;
  const hasBatch = rank === 3;
  const kWidth = dot.kWidth;
  const opIdx = dot.opIdx;
  const nonKIndex = opIdx === 0 ? rank - 2 : rank - 1;
  const kIndex = opIdx === 0 ? rank - 1 : rank - 2;
  const tilesNonK = mfma.tilesPerWarp[nonKIndex] ?? 1;
  const mDim = mfma.mDim;
  const nDim = mfma.nDim;
  const nonKDim = opIdx === 0 ? mDim : nDim;
  const warpSize = 64;
  const kSize = shape[kIndex]!;
  const names = standardOutDimNames(rank);
  const order = getOrderForDotOperand(opIdx, rank, true);
  const dimK = names[order[0]!]!;
  const dimNonK = names[order[1]!]!;
  const warpOrder = getMatrixOrder(rank, true);
  const regs = id1(kWidth, REGISTER, dimK);
  const lanes = id1(nonKDim, LANE, dimNonK).mul(id1(warpSize / nonKDim, LANE, dimK));
  let tile = regs.mul(lanes);
  let kTileSize = (warpSize / nonKDim) * kWidth;
  if ((mDim === 64 && nDim === 4 && opIdx === 0) || (mDim === 4 && nDim === 64 && opIdx === 1)) {
    tile = tile.mul(id1(16, REGISTER, dimK));
    kTileSize *= 16;
  }
  if (kSize > kTileSize) tile = tile.mul(id1(kSize / kTileSize, REGISTER, dimK));
  tile = tile.mul(id1(tilesNonK, REGISTER, dimNonK));
  tile = tile.transposeOuts([dimK, dimNonK]);
  if (hasBatch) {
    const b = names[order[2]!]!;
    tile = tile.mul(id1(1, REGISTER, b)).mul(id1(1, LANE, b));
  }
  const warps = identityStandardND(WARP, mfma.warpsPerCTA, warpOrder);
  const cta = tile.mul(warps);
  return combineCtaCgaWithShape(cta, dotOperandCgaLayout(mfma.cgaLayout, rank, opIdx), shape).transposeOuts(names);
}

// ---- AMD WMMA ------------------------------------------------------------------------------------------

export function wmmaToLinearLayout(shape: readonly number[], wmma: AMDWmmaEncodingAttr): LinearLayout {
  const rank = shape.length;
  checkRank(shape, wmma.rank, 'amd_wmma');
  if (rank !== 2 && rank !== 3) fail('amd_wmma layouts have rank 2 or 3');
  const hasBatch = rank === 3;
  const mIndex = hasBatch ? 1 : 0;
  const nIndex = mIndex + 1;
  const names = standardOutDimNames(rank);
  const dimM = names[mIndex]!;
  const dimN = names[nIndex]!;
  // One 16x16 tile: registers along M and lanes along N, swapped when transposed.
  const threadOrder = getMatrixOrder(rank, !wmma.isTransposed);
  const outs = [names[threadOrder[0]!]!, names[threadOrder[1]!]!];
  let tile =
    wmma.version === 1
      ? fromBases(
          [
            [REGISTER, [[0, 2], [0, 4], [0, 8]]],
            [LANE, [[1, 0], [2, 0], [4, 0], [8, 0], [0, 1]]],
          ],
          outs,
        )
      : fromBases(
          [
            [REGISTER, [[0, 1], [0, 2], [0, 4]]],
            [LANE, [[1, 0], [2, 0], [4, 0], [8, 0], [0, 8]]],
          ],
          outs,
        );
  tile = tile.transposeOuts([dimN, dimM]);
  // As for MFMA: tiles per warp and warps along N, the rest of N, then tiles per warp and warps along M.
  const nDim = wmma.instrShape[1]!;
  const tilesM = wmma.tilesPerWarp[mIndex] ?? 1;
  const tilesN = wmma.tilesPerWarp[nIndex] ?? 1;
  const warpsM = wmma.warpsPerCTA[mIndex]!;
  const warpsN = wmma.warpsPerCTA[nIndex]!;
  tile = tile
    .mul(id1(tilesN, REGISTER, dimN))
    .mul(id1(warpsN, WARP, dimN))
    .mul(id1(Math.floor(shape[nIndex]! / (nDim * warpsN * tilesN)), REGISTER, dimN))
    .mul(id1(tilesM, REGISTER, dimM))
    .mul(id1(warpsM, WARP, dimM));
  if (hasBatch) {
    const b = names[0]!;
    tile = tile.mul(id1(1, REGISTER, b)).mul(id1(1, LANE, b)).mul(id1(wmma.warpsPerCTA[0]!, WARP, b));
  }
  return combineCtaCgaWithShape(tile, makeCgaLayout(wmma.cgaLayout, rank), shape);
}

export function wmmaDotToLinearLayout(shape: readonly number[], dot: DotOperandEncodingAttr, wmma: AMDWmmaEncodingAttr): LinearLayout {
  const rank = shape.length;
  const hasBatch = rank === 3;
  const names = standardOutDimNames(rank);
  const order = getOrderForDotOperand(dot.opIdx, rank, true);
  const dimK = names[order[0]!]!;
  const dimNonK = names[order[1]!]!;
  const [m, n, k] = wmma.instrShape as [number, number, number];
  const nonKDim = dot.opIdx === 0 ? m : n;
  const kIndex = dot.opIdx === 0 ? rank - 1 : rank - 2;
  const nonKIndex = dot.opIdx === 0 ? rank - 2 : rank - 1;
  const kWidth = dot.kWidth;
  if (kWidth === 0) fail('dot operand of a wmma layout needs kWidth');
  const warpSize = 32;
  const depth = warpSize / nonKDim;
  // kWidth registers along K, nonKDim lanes along the other dim, then the remaining lanes along K (v1
  // duplicates them), registers repeating the instruction along K, the rest of K, and the tiles per warp.
  let tile = id1(kWidth, REGISTER, dimK).mul(id1(nonKDim, LANE, dimNonK));
  tile = tile.mul(wmma.version === 1 ? zeros1(depth, LANE, dimK) : id1(depth, LANE, dimK));
  tile = tile.mul(id1(Math.floor(k / (depth * kWidth)), REGISTER, dimK));
  // The K extent of one tile in K units (for v1 the duplicated lanes count too): the rest of K repeats it.
  const kTileSize = Math.max(k, depth * kWidth);
  if (shape[kIndex]! > kTileSize) tile = tile.mul(id1(shape[kIndex]! / kTileSize, REGISTER, dimK));
  tile = tile.mul(id1(wmma.tilesPerWarp[nonKIndex] ?? 1, REGISTER, dimNonK));
  tile = tile.transposeOuts([dimK, dimNonK]);
  if (hasBatch) {
    const b = names[order[2]!]!;
    tile = tile.mul(id1(1, REGISTER, b)).mul(id1(1, LANE, b));
  }
  const warpOrder = getMatrixOrder(rank, true);
  const warps = broadcastedDotOperandLayout(wmma.warpsPerCTA, warpOrder, kIndex, WARP);
  const repNames = order.map((d) => names[d]!);
  const cta = tile.transposeOuts(repNames).mul(warps.transposeOuts(repNames));
  return combineCtaCgaWithShape(cta, dotOperandCgaLayout(wmma.cgaLayout, rank, dot.opIdx), shape);
}

// ---- linear ---------------------------------------------------------------------------------------------

/** The layout the attribute spells out, out-dim sizes inferred from its bases. */
export function linearEncodingLayout(l: LinearEncodingAttr): LinearLayout {
  const names = standardOutDimNames(l.rank);
  return LinearLayout.fromBases(l.namedBases(), names);
}

/** Triton's LinearEncodingAttr::getOrder: dims as the registers move along them, then from the last dim down. */
export function linearEncodingOrder(l: LinearEncodingAttr): number[] {
  return orderPerDim(l.register, [...Array(l.rank).keys()].reverse());
}

export function linearEncodingToLinearLayout(shape: readonly number[], l: LinearEncodingAttr): LinearLayout {
  checkRank(shape, l.rank, 'linear');
  let ll = linearEncodingLayout(l);
  const names = ll.getOutDimNames();
  const repOrder = linearEncodingOrder(l);
  const permuted = repOrder.map((d) => names[d]!);
  const named = namedShape(
    permuted,
    repOrder.map((d) => shape[d]!),
  );
  ll = ll.transposeOuts(permuted);
  ll = ensureLayoutNotSmallerThan(ll, named);
  ll = ensureLayoutNotLargerThan(ll, named, false);
  return ll.transposeOuts(names);
}

/** Removes a tensor dimension from a parent layout of the slice's padded shape. */
export function sliceLinearLayout(parentLL: LinearLayout, dim: number): LinearLayout {
  const rank = parentLL.getNumOutDims() - 1;
  const bases = basesOf(parentLL).map(([d, bs]) => {
    let nb = bs.map((b) => b.filter((_, i) => i !== dim));
    if (d === REGISTER) nb = nb.filter((b) => b.some((v) => v !== 0));
    return [d, nb] as [string, number[][]];
  });
  return fromBases(bases, standardOutDimNames(rank));
}
