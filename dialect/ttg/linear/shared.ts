/**
 * Shared-memory layouts → linear layouts (in-dims offset, block; out-dims dim0..dimN-1), as Triton 3.6's
 * LinearLayoutConversions.cpp computes them. `shape` is the allocation shape (without a pipelining dim).
 */
import { RawLayout as LinearLayout } from './raw.js';
import { cgaSplitNum, shapePerCTA } from '../attrs/cga.js';
import type {
  AMDRotatingSharedEncodingAttr,
  NVMMASharedEncodingAttr,
  PaddedSharedEncodingAttr,
  SharedLinearEncodingAttr,
  SwizzledSharedEncodingAttr,
} from '../attrs/shared.js';
import {
  OFFSET,
  combineCtaCgaWithShape,
  ensureLayoutNotSmallerThan,
  fail,
  fromBases,
  makeCgaLayout,
  namedShape,
  reshapeLayout,
  standardOutDimNames,
  transposeLinearLayout,
} from './utils.js';

function checkShape(shape: readonly number[], rank: number, what: string): void {
  if (shape.length !== rank) fail(`shape rank ${shape.length} does not match the rank ${rank} of the ${what} layout`);
  if (!shape.every((d) => Number.isInteger(d) && d >= 1 && (d & (d - 1)) === 0)) fail('shape must be a postive power of 2');
}

function swizzledLike(
  shape: readonly number[],
  s: SwizzledSharedEncodingAttr | AMDRotatingSharedEncodingAttr,
  rotating: boolean,
): LinearLayout {
  const rank = shape.length;
  checkShape(shape, s.rank, rotating ? 'amd_rotating_shared' : 'swizzled_shared');
  const perCTA = shapePerCTA(cgaSplitNum(s.cgaLayout, rank), shape);
  const cga = makeCgaLayout(s.cgaLayout, rank);
  if (rank === 1) return combineCtaCgaWithShape(LinearLayout.identity1D(perCTA[0]!, OFFSET, 'dim0'), cga, shape);
  const names = standardOutDimNames(rank);
  const colDim = s.order[0]!;
  const rowDim = s.order[1]!;
  // The rotating layout sizes its swizzle by the whole shape, as Triton does.
  const dims = rotating ? shape : perCTA;
  const numCols = dims[colDim]!;
  const numRows = dims[rowDim]!;
  if (s.maxPhase === 0 || s.perPhase === 0) fail('swizzled shared layout needs perPhase and maxPhase >= 1');
  const bases: number[][] = [];
  for (let col = 1; col < numCols; col *= 2) bases.push([0, col]);
  for (let row = 1; row < numRows; row *= 2) {
    const phase = Math.floor(row / s.perPhase) % s.maxPhase;
    const p = rotating ? phase ^ (Math.floor(Math.floor(row / s.maxPhase) / s.perPhase) % s.maxPhase) : phase;
    bases.push([row, (s.vec * p) % numCols]);
  }
  let cta = fromBases([[OFFSET, bases]], [names[rowDim]!, names[colDim]!]);
  for (let i = 2; i < rank; i++) {
    const d = s.order[i]!;
    cta = cta.mul(LinearLayout.identity1D(dims[d]!, OFFSET, names[d]!));
  }
  return combineCtaCgaWithShape(cta, cga, shape);
}

export function swizzledSharedToLinearLayout(shape: readonly number[], s: SwizzledSharedEncodingAttr): LinearLayout {
  return swizzledLike(shape, s, false);
}

export function amdRotatingSharedToLinearLayout(shape: readonly number[], s: AMDRotatingSharedEncodingAttr): LinearLayout {
  return swizzledLike(shape, s, true);
}

/**
 * The swizzle arithmetic divides by the element width: only power-of-two widths give whole tiles. A parsed
 * attribute without `elementBitWidth` carries Triton 3.6's uninitialised value (23), rejected here.
 */
function checkElementBitWidth(e: NVMMASharedEncodingAttr): void {
  const w = e.elementBitWidth;
  if (!(w > 0 && (w & (w - 1)) === 0)) fail(`nvmma_shared elementBitWidth ${w} is not a power of two`);
}

/** Triton's getTMABlockShape for an NVMMA encoding: the box a TMA copy moves per CTA. */
export function tmaBlockShape(e: NVMMASharedEncodingAttr, perCTA: readonly number[], packedSize: boolean): number[] {
  checkElementBitWidth(e);
  const block = [...perCTA];
  const contig = e.transposed ? 0 : block.length - 1;
  if (e.fp4Padded) block[contig]! *= 2;
  for (let i = 0; i < block.length; i++) block[i] = Math.min(block[i]!, 256);
  if (e.swizzlingByteWidth !== 0) {
    const need = (8 * e.swizzlingByteWidth) / e.elementBitWidth;
    if (block[contig]! < need) {
      fail(
        `block shape along the contiguous dimension ${contig} is too small for the swizzle byte size ${e.swizzlingByteWidth} in an NVMMASharedLayout, got ${block[contig]} but expected at least ${need}`,
      );
    }
    block[contig] = need;
  }
  if (e.fp4Padded && packedSize) block[contig] = block[contig]! / 2;
  return block;
}

/** The 8-row core matrix an NVMMA layout tiles with (Triton's getCoreMatrixLinearLayout). */
export function coreMatrixLinearLayout(e: NVMMASharedEncodingAttr, disableSwizzle: boolean): LinearLayout {
  checkElementBitWidth(e);
  const tileRows = 8;
  const tileCols = (8 * Math.max(16, e.swizzlingByteWidth)) / e.elementBitWidth;
  const { vec, perPhase, maxPhase } = e;
  const bases: number[][] = [];
  for (let col = 1; col < tileCols; col *= 2) {
    // fp4Padded: each 16 offsets hold 8 real and 8 padding elements; padding maps onto the real ones.
    bases.push([0, e.fp4Padded ? Math.floor(col / 16) * 8 + (col % 8) : col]);
  }
  for (let row = 1; row < tileRows; row *= 2) {
    if (disableSwizzle) bases.push([row, 0]);
    else {
      const c = vec * (Math.floor(row / perPhase) % maxPhase);
      bases.push([row, e.fp4Padded ? Math.floor(c / 16) * 8 + (c % 8) : c]);
    }
  }
  return fromBases([[OFFSET, bases]], standardOutDimNames(2));
}

export function nvmmaSharedToLinearLayout(shape: readonly number[], e: NVMMASharedEncodingAttr, disableSwizzle = false): LinearLayout {
  const rank = shape.length;
  checkShape(shape, e.rank, 'nvmma_shared');
  const perCTA = shapePerCTA(cgaSplitNum(e.cgaLayout, rank), shape);
  const cga = makeCgaLayout(e.cgaLayout, rank);
  const tma = tmaBlockShape(e, perCTA, true);
  const names = standardOutDimNames(rank);
  if (e.swizzlingByteWidth === 0) {
    let layout = LinearLayout.identity1D(tma[rank - 1]!, OFFSET, names[rank - 1]!);
    for (let i = rank - 2; i >= 0; i--) layout = layout.mul(LinearLayout.identity1D(tma[i]!, OFFSET, names[i]!));
    layout = ensureLayoutNotSmallerThan(layout, namedShape(names, perCTA));
    return combineCtaCgaWithShape(layout, cga, shape);
  }
  if (rank < 2) fail('swizzled nvmma_shared layouts need rank >= 2');
  const collapsed = [1, tma[rank - 1]!];
  for (let i = 0; i + 1 < rank; i++) collapsed[0]! *= tma[i]!;
  if (e.transposed) collapsed.reverse();
  const tile = coreMatrixLinearLayout(e, disableSwizzle);
  const names2 = standardOutDimNames(2);
  const tileRows = tile.getOutDimSize('dim0');
  const tileCols = tile.getOutDimSize('dim1');
  const packing = e.fp4Padded ? 2 : 1;
  if (collapsed[1]! * packing < tileCols || collapsed[0]! < tileRows) {
    fail(
      `Illegal shared layout; expected collapsed shapePerCTA to be at least [${tileRows}, ${tileCols / packing}], collapsedTmaShape: [${collapsed[0]}, ${collapsed[1]}]`,
    );
  }
  const layout = ensureLayoutNotSmallerThan(tile, namedShape(names2, collapsed));
  const target = [...tma];
  if (e.transposed) target.push(target.shift()!);
  let reshaped = reshapeLayout(layout, target);
  if (e.transposed) {
    const order = [rank - 1, ...Array.from({ length: rank - 1 }, (_, i) => i)];
    reshaped = transposeLinearLayout(reshaped, order);
  }
  reshaped = ensureLayoutNotSmallerThan(reshaped, namedShape(names, perCTA));
  return combineCtaCgaWithShape(reshaped, cga, shape);
}

/** The layout the attribute spells out, sizes inferred from its bases. */
export function sharedLinearLayoutOf(e: SharedLinearEncodingAttr | PaddedSharedEncodingAttr): LinearLayout {
  return LinearLayout.fromBases(e.namedBases(), standardOutDimNames(e.rank));
}

export function sharedLinearToLinearLayout(shape: readonly number[], e: SharedLinearEncodingAttr | PaddedSharedEncodingAttr): LinearLayout {
  const ll = sharedLinearLayoutOf(e);
  if (shape.length !== e.rank) fail(`shape rank ${shape.length} does not match the rank ${e.rank} of the layout`);
  ll.getOutDimNames().forEach((d, i) => {
    if (ll.getOutDimSize(d) !== shape[i]) {
      fail(`shape [${shape.join(', ')}] does not match the layout's shape [${ll.getOutDims().map(([, s]) => s).join(', ')}]`);
    }
  });
  return ll;
}
