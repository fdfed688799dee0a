/**
 * Tensor-memory layouts (Triton 3.6's tensorMemoryToLinearLayout / tensorMemoryScalesToLinearLayout and the
 * feasibility half of TensorMemoryUtils.cpp's computeTMemLdStEncodingInfo):
 *
 * - A TMEM memdesc's linear layout maps its `row` (the 128 lanes of tensor memory) and `col` (32-bit columns)
 *   coordinates to the tensor's (dim0, dim1); zeros mark broadcast (rows 32 / 64) or undefined cells.
 * - A register layout can be loaded from / stored to a TMEM memdesc when, after composing it with the inverse of
 *   the memdesc's layout, warps 1 and 2 land on rows 32 and 64 and the result splits into one of the tcgen05.ld/st
 *   messages (32x32b, 16x256b, 16x64b, 16x128b, or 16x32bx2 with a second-half offset) times repetitions, packing
 *   16- or 8-bit elements into 32-bit columns first. The canonicalizer (canonicalize.ts) and verifiers ask this.
 */
import { LinearLayout, divideLeft, divideRight } from '../linear-layout/linear-layout.js';
import type { Operation } from '../ir/ir.js';
import { FloatType, IntegerType, type RankedTensorType } from '../ir/type.js';
import { MemDescType } from '../ttg/types.js';
import { toLinearLayout } from '../ttg/to-linear-layout.js';
import { TensorMemoryEncodingAttr, TensorMemoryScalesEncodingAttr } from './attrs.js';

const REG = 'register';
const LANE = 'lane';
const WARP = 'warp';
const ROW = 'row';
const COL = 'col';
const D0 = 'dim0';
const D1 = 'dim1';

type Bases = [string, number[][]][];

function basesOf(ll: LinearLayout): Bases {
  return [...ll.getBases()].map(([d, bs]) => [d, bs.map((b) => [...b])]);
}

/** tensorMemoryToLinearLayout: (row, col) -> (dim0, dim1) of a 2-D shape. */
function tmemLayout(shape: readonly number[], enc: TensorMemoryEncodingAttr): LinearLayout {
  const [m, n] = [shape[0]!, shape[1]!];
  if (enc.ctaSplitN > 1) {
    const inner = TensorMemoryEncodingAttr.get({ blockM: enc.blockM, blockN: enc.blockN, colStride: enc.colStride, ctaSplitM: enc.ctaSplitM, ctaSplitN: 1, twoCTAs: enc.twoCTAs });
    return tmemLayout([m, n / enc.ctaSplitN], inner).mul(LinearLayout.identity1D(enc.ctaSplitN, COL, D1));
  }
  if (enc.ctaSplitM > 1) {
    let splitM = enc.ctaSplitM;
    let blockM = enc.blockM;
    // blockM = 64 with two CTAs is laid out as the transpose of 128 x blockN.
    const m64TwoCta = blockM === 64 && enc.twoCTAs;
    if (m64TwoCta) {
      blockM *= 2;
      splitM /= 2;
    }
    const inner = TensorMemoryEncodingAttr.get({ blockM, blockN: enc.blockN, colStride: enc.colStride, ctaSplitM: 1, ctaSplitN: enc.ctaSplitN, twoCTAs: enc.twoCTAs });
    let ret = tmemLayout([m / splitM, n], inner).mul(LinearLayout.identity1D(splitM, COL, D0));
    if (m64TwoCta) {
      const bases = basesOf(ret);
      const rows = bases.find(([d]) => d === ROW)![1];
      const cols = bases.find(([d]) => d === COL)![1];
      [rows[rows.length - 1], cols[cols.length - 1]] = [cols[cols.length - 1]!, rows[rows.length - 1]!];
      ret = LinearLayout.fromBasesWithSizes(bases, ret.getOutDims(), ret.isSurjective());
    }
    return ret;
  }
  const blockM = enc.blockM;
  const blockN = Math.min(enc.blockN, n);
  let tile = LinearLayout.zeros1D(enc.colStride, COL, D1);
  if (blockM === 64) {
    // As C++'s `tile *= a * b`: the product on the right is formed first (it fixes the out-dim order).
    tile = tile.mul(LinearLayout.identity1D(16, ROW, D0).mul(LinearLayout.identity1D(blockN, COL, D1)));
    const bases = basesOf(tile);
    let rows = bases.find(([d]) => d === ROW)?.[1];
    if (!rows) bases.push([ROW, (rows = [])]);
    const dims = tile.getOutDimNames();
    const vec = (a: number, b: number): number[] => dims.map((d) => (d === D0 ? a : b));
    if (m > blockM) rows.push(vec(64, 0));
    else if (n > blockN) rows.push(vec(0, blockN));
    else rows.push(vec(0, 0)); // undefined rows
    rows.push(vec(16, 0), vec(32, 0));
    tile = LinearLayout.fromBases(bases, [D0, D1]);
  } else {
    tile = tile.mul(LinearLayout.identity1D(blockM, ROW, D0).mul(LinearLayout.identity1D(blockN, COL, D1)));
  }
  const repsM = m / tile.getOutDimSize(D0);
  const repsN = n / tile.getOutDimSize(D1);
  return tile.mul(LinearLayout.identity1D(repsM, COL, D0)).mul(LinearLayout.identity1D(repsN, COL, D1));
}

/** tensorMemoryScalesToLinearLayout for the 2-D scale tensors of tc_gen5_mma_scaled. */
function tmemScalesLayout(shape: readonly number[], enc: TensorMemoryScalesEncodingAttr): LinearLayout {
  const [m, n] = [shape[0]!, shape[1]!];
  if (enc.ctaSplitN > 1) return tmemScalesLayout([m, n / enc.ctaSplitN], TensorMemoryScalesEncodingAttr.get(enc.ctaSplitM, 1)).mul(LinearLayout.identity1D(enc.ctaSplitN, COL, D1));
  if (enc.ctaSplitM > 1) return tmemScalesLayout([m / enc.ctaSplitM, n], TensorMemoryScalesEncodingAttr.get(1, enc.ctaSplitN)).mul(LinearLayout.identity1D(enc.ctaSplitM, COL, D0));
  let tile = LinearLayout.identity1D(32, ROW, D0)
    .mul(LinearLayout.zeros1D(4, ROW, D0))
    .mul(LinearLayout.identity1D(4, COL, D1))
    .mul(LinearLayout.identity1D(2, COL, D0));
  tile = tile.mul(LinearLayout.identity1D(Math.ceil(m / tile.getOutDimSize(D0)), COL, D0).mul(LinearLayout.identity1D(Math.ceil(n / tile.getOutDimSize(D1)), COL, D1)));
  // Rows / columns past a shape smaller than 64 x 4 are undefined: the largest bases along each too-large dim
  // become zeros (ensureLayoutNotLargerThan).
  const bases = basesOf(tile);
  tile.getOutDimNames().forEach((out, k) => {
    let actual = tile.getOutDimSize(out);
    const desired = out === D0 ? m : n;
    const sorted: number[][] = [];
    for (const [, bs] of bases) for (const b of bs) if (b[k] !== 0) sorted.push(b);
    sorted.sort((a, b) => b[k]! - a[k]!);
    for (const b of sorted) {
      if (actual <= desired) break;
      b[k] = 0;
      actual >>= 1;
    }
  });
  return LinearLayout.fromBases(bases, tile.getOutDimNames());
}

/** The (row, col) -> (dim0, dim1) layout of a 2-D TMEM memdesc, or undefined for other memdescs. */
export function tmemLinearLayout(memTy: MemDescType): LinearLayout | undefined {
  if (memTy.shape.length !== 2) return undefined;
  const enc = memTy.encoding;
  if (enc instanceof TensorMemoryEncodingAttr) return tmemLayout(memTy.shape, enc);
  if (enc instanceof TensorMemoryScalesEncodingAttr) return tmemScalesLayout(memTy.shape, enc);
  return undefined;
}

// ---- tcgen05.ld / tcgen05.st messages ---------------------------------------------------------------

type Atom = '32x32b' | '16x256b' | '16x64b' | '16x128b' | '16x32bx2';

/** getTileLayout(atom, unpacked, withWarp): (register, lane[, warp]) -> (row, col) of one message. */
function tileLayout(atom: Atom, unpacked: boolean, withWarp = true): LinearLayout {
  let tile = LinearLayout.fromBasesWithSizes(
    [
      [REG, []],
      [LANE, []],
    ],
    [
      [ROW, 1],
      [COL, 1],
    ],
  );
  if (unpacked) tile = tile.mul(LinearLayout.zeros1D(1, REG, COL, 2));
  if (atom === '32x32b') tile = tile.mul(LinearLayout.identity1D(32, LANE, ROW));
  else if (atom === '16x32bx2') tile = tile.mul(LinearLayout.identity1D(16, LANE, ROW));
  else if (atom === '16x64b') {
    tile = tile.mul(
      LinearLayout.fromBases(
        [
          [
            LANE,
            [
              [8, 0],
              [0, 1],
              [1, 0],
              [2, 0],
              [4, 0],
            ],
          ],
        ],
        [ROW, COL],
      ),
    );
  } else if (atom === '16x128b') {
    tile = tile.mul(LinearLayout.identity1D(4, LANE, COL).mul(LinearLayout.identity1D(8, LANE, ROW)).mul(LinearLayout.identity1D(2, REG, ROW)));
  } else {
    tile = tile.mul(
      LinearLayout.identity1D(2, REG, COL).mul(LinearLayout.identity1D(4, LANE, COL)).mul(LinearLayout.identity1D(8, LANE, ROW)).mul(LinearLayout.identity1D(2, REG, ROW)),
    );
  }
  if (!withWarp) return tile;
  const nCol = tile.getOutDimSize(COL);
  const bases = basesOf(tile).filter(([d]) => d !== WARP);
  bases.push([WARP, [rowVec(tile, 32), rowVec(tile, 64)]]);
  return LinearLayout.fromBasesWithSizes(bases, [
    [ROW, 128],
    [COL, nCol],
  ], false);
}

/** A basis of `ll`'s (row, col) out-dims that moves `row` rows. */
function rowVec(ll: LinearLayout, row: number): number[] {
  return ll.getOutDimNames().map((d) => (d === ROW ? row : 0));
}

/** Drops the zero register bases (Triton's actionRemoveBroadcastedRegs applied). */
function withoutBroadcastRegs(ll: LinearLayout): LinearLayout {
  if (!ll.hasInDim(REG)) return ll;
  const bases = basesOf(ll);
  const regs = bases.find(([d]) => d === REG)![1];
  if (regs.every((b) => b.some((v) => v !== 0))) return ll;
  return LinearLayout.fromBasesWithSizes(
    bases.map(([d, bs]): [string, number[][]] => [d, d === REG ? bs.filter((b) => b.some((v) => v !== 0)) : bs]),
    ll.getOutDims(),
    false,
  );
}

/**
 * regPermForDivide(cvt, tile, left) followed by getReps: whether some order of cvt's registers starts with the
 * tile's register bases and the rest of cvt (every in-dim past the tile's bases) stays clear of the tile's bits.
 */
function splitsByTile(cvt: LinearLayout, tile: LinearLayout): LinearLayout | undefined {
  const outs = cvt.getOutDimNames();
  const tileVec = (dim: string, i: number): number[] => outs.map((o) => (tile.hasOutDim(o) ? tile.getBasisComponent(dim, i, o) : 0));
  for (const o of outs) if (cvt.getOutDimSizeLog2(o) - (tile.hasOutDim(o) ? tile.getOutDimSizeLog2(o) : 0) < 0) return undefined;
  // Register permutation: the tile's register bases first (each used once), then the others in order.
  const aRegs = cvt.hasInDim(REG) ? basesOf(cvt).find(([d]) => d === REG)![1] : [];
  const used = new Array<boolean>(aRegs.length).fill(false);
  const first: number[] = [];
  const nTileRegs = tile.hasInDim(REG) ? tile.getInDimSizeLog2(REG) : 0;
  for (let i = 0; i < nTileRegs; i++) {
    const want = tileVec(REG, i);
    const j = aRegs.findIndex((b, k) => !used[k] && b.every((v, x) => v === want[x]));
    if (j < 0) return undefined;
    used[j] = true;
    first.push(j);
  }
  const order = [...first, ...aRegs.map((_, k) => k).filter((k) => !used[k])];
  const permuted = LinearLayout.fromBasesWithSizes(
    basesOf(cvt).map(([d, bs]): [string, number[][]] => [d, d === REG ? order.map((k) => aRegs[k]!) : bs]),
    cvt.getOutDims(),
    cvt.isSurjective(),
  );
  // getReps: the tile's bases lead every in-dim, the remaining bases avoid the tile's bits.
  const mask = outs.map(() => 0);
  for (const d of tile.getInDimNames()) for (let i = 0; i < tile.getInDimSizeLog2(d); i++) tileVec(d, i).forEach((v, x) => (mask[x]! |= v));
  const reps: [string, number[][]][] = [];
  for (const d of permuted.getInDimNames()) {
    const inA = permuted.getInDimSizeLog2(d);
    const inB = tile.hasInDim(d) ? tile.getInDimSizeLog2(d) : 0;
    if (inB > inA) return undefined;
    const bs: number[][] = [];
    for (let i = 0; i < inA; i++) {
      const a = outs.map((o) => permuted.getBasisComponent(d, i, o));
      if (i < inB) {
        const b = tileVec(d, i);
        if (a.some((v, x) => v !== b[x])) return undefined;
        bs.push(outs.map(() => 0));
      } else {
        if (a.some((v, x) => (v & mask[x]!) !== 0)) return undefined;
        bs.push(a);
      }
    }
    reps.push([d, bs]);
  }
  return LinearLayout.fromBasesWithSizes(reps, permuted.getOutDims(), false);
}

/** lowerTMemLdSt's feasibility: whether `cvt` ((register, lane, warp) -> (row, col)) splits into messages. */
function lowerable(cvt: LinearLayout, bitwidth: number, isScales: boolean, unpacked = false): boolean {
  const stripped = withoutBroadcastRegs(cvt);
  if (stripped !== cvt) return lowerable(stripped, bitwidth, isScales, unpacked);
  if (bitwidth < 32) {
    let quot: LinearLayout | undefined;
    let bestContig = 1;
    for (let contig = 1; bitwidth * contig <= 32; contig *= 2) {
      const q = divideLeft(cvt, LinearLayout.identity1D(contig, REG, COL));
      if (!q) break;
      quot = q;
      bestContig = contig;
    }
    let next: LinearLayout;
    let nextUnpacked = unpacked;
    let newBits = bitwidth;
    if (bestContig > 1) {
      nextUnpacked = false;
      newBits = bitwidth * bestContig;
      next = quot!;
    } else {
      const unpackedQuot = bitwidth === 16 ? divideLeft(cvt, LinearLayout.zeros1D(1, REG, COL, 32 / bitwidth).mul(LinearLayout.identity1D(2, REG, COL))) : undefined;
      const paddedQuot = unpackedQuot ? undefined : divideLeft(cvt, LinearLayout.zeros1D(1, REG, COL, 32 / bitwidth));
      if (unpackedQuot) {
        nextUnpacked = true;
        next = unpackedQuot;
      } else if (paddedQuot) {
        nextUnpacked = bitwidth === 16;
        next = paddedQuot;
      } else return false;
      newBits = 32;
    }
    if (nextUnpacked) next = LinearLayout.zeros1D(1, REG, COL, 32 / bitwidth).mul(next);
    return lowerable(next, newBits, isScales, nextUnpacked);
  }
  for (const atom of ['32x32b', '16x256b', '16x64b', '16x128b'] as const) {
    if (splitsByTile(cvt, tileLayout(atom, unpacked))) return true;
  }
  const reps = splitsByTile(cvt, tileLayout('16x32bx2', unpacked));
  if (!reps) return false;
  // The second half of the message sits at the last lane basis; offset zero only works for (padded) scales.
  const offset = (reps.getBasisComponent(LANE, 4, ROW) << 16) | reps.getBasisComponent(LANE, 4, COL);
  return offset !== 0 || isScales;
}

function elementBits(t: MemDescType): number {
  const e = t.elementType;
  return e instanceof IntegerType || e instanceof FloatType ? e.width : 32;
}

/**
 * isDistributedLayoutTMemCompatible: whether a tensor of `regTy` can be loaded from / stored to `memTy` with
 * tcgen05.ld / tcgen05.st (the register limit only tunes message sizes, which this question does not depend on).
 */
export function isTmemCompatible(_op: Operation, regTy: RankedTensorType, memTy: MemDescType): boolean {
  const memLayout = tmemLinearLayout(memTy);
  if (!memLayout || !regTy.encoding || regTy.shape.length !== 2) return false;
  const regLayout = toLinearLayout(regTy.shape, regTy.encoding);
  if (!regLayout.hasInDim(WARP) || regLayout.getInDimSizeLog2(WARP) < 2 || memLayout.getInDimSizeLog2(ROW) < 7) return false;
  // Warps 1 and 2 must map to rows 32 and 64.
  const same = (a: readonly number[], b: readonly number[]): boolean => a.length === b.length && a.every((v, i) => v === b[i]);
  if (!same(regLayout.getBasis(WARP, 0), memLayout.getBasis(ROW, 5)) || !same(regLayout.getBasis(WARP, 1), memLayout.getBasis(ROW, 6))) return false;
  let cvt: LinearLayout;
  try {
    cvt = regLayout.invertAndCompose(memLayout);
  } catch {
    return false;
  }
  // Put warps 1 and 2 on rows 32 and 64 explicitly (the inverse cannot tell those rows from their broadcast).
  const bases = basesOf(cvt).map(([d, bs]): [string, number[][]] => [d, d === WARP ? bs.map((b, i) => (i === 0 ? rowVec(cvt, 32) : i === 1 ? rowVec(cvt, 64) : b)) : bs]);
  cvt = LinearLayout.fromBasesWithSizes(bases, cvt.getOutDims(), cvt.isSurjective());
  return lowerable(cvt, elementBits(memTy), memTy.encoding instanceof TensorMemoryScalesEncodingAttr);
}

// ---- the register layouts of tcgen05.ld / tcgen05.st ------------------------------------------------------

/**
 * getDistributedLayoutForTmemLdSt: the register layout (register, lane, warp[, block]) -> (dim0, dim1) that loads
 * `ll` ((row, col) -> (dim0, dim1)) with messages of `atom` on `numWarps` warps, or undefined. 8- and 16-bit
 * elements are packed along the columns first (or unpacked / padded); the message is widened along the columns by
 * registers, and warps past the first four take more columns (broadcast once the columns run out) or row 16.
 */
function distributedForTmem(ll: LinearLayout, atom: Atom, numWarps: number, bitwidth: number, cta?: LinearLayout): LinearLayout | undefined {
  if (cta) {
    // The CTA split of the columns goes first (TMEM's CTA order is [0, 1]); the full CGA layout is appended.
    const ctaCol = LinearLayout.identity1D(cta.getOutDimSize(D0), COL, D0).mul(LinearLayout.identity1D(cta.getOutDimSize(D1), COL, D1));
    const quot = divideRight(ll, ctaCol);
    if (!quot) return undefined;
    const r = distributedForTmem(quot, atom, numWarps, bitwidth);
    return r && r.mul(cta);
  }
  if (bitwidth !== 32) {
    let quot: LinearLayout | undefined;
    let bestContig = 1;
    for (let contig = 1; bitwidth * contig <= 32; contig *= 2) {
      const q = divideLeft(ll, LinearLayout.identity1D(contig, COL, D1));
      if (!q) break;
      quot = q;
      bestContig = contig;
    }
    if (bestContig > 1) {
      const r = distributedForTmem(quot!, atom, numWarps, bitwidth * bestContig);
      return r && LinearLayout.identity1D(bestContig, REG, D1).mul(r);
    }
    const unpackedQuot = bitwidth === 16 ? divideLeft(ll, LinearLayout.zeros1D(32 / bitwidth, COL, D1).mul(LinearLayout.identity1D(2, COL, D1))) : undefined;
    if (unpackedQuot) {
      const r = distributedForTmem(unpackedQuot, atom, numWarps, 32);
      return r && LinearLayout.identity1D(2, REG, D1).mul(r);
    }
    const padded = divideLeft(ll, LinearLayout.zeros1D(32 / bitwidth, COL, D1));
    if (padded) return distributedForTmem(padded, atom, numWarps, 32);
    if (ll.getInDimSize(COL) === 1) return distributedForTmem(ll, atom, numWarps, 32);
    return undefined;
  }
  let tile = tileLayout(atom, false, false);
  const nColsTile = tile.getOutDimSize(COL);
  let nColsMissing = Math.floor(ll.getInDimSize(COL) / nColsTile);
  if (nColsMissing === 0) return undefined;
  const instr32Rows = atom === '32x32b';
  const row16Basis = ll.getBasis(ROW, 4);
  const layout16Rows = row16Basis.every((v) => v === 0);
  // The layout must be left-divisible by the tile: the tile composed with ll may not map two inputs together.
  let comp = tile.compose(ll).sublayout([REG, LANE], ll.getOutDimNames());
  // 32x32b messages go by 16x32bx2 for lane 16, so that lane basis does not count.
  if (instr32Rows) comp = comp.resizeInDim(LANE, comp.getInDimSize(LANE) / 2);
  if (!comp.isInjective()) return undefined;
  // Row 16, when the message does not cover it and the layout has 32 rows: a warp (more than 4), else a register.
  let row16: string | undefined;
  if (!instr32Rows && !layout16Rows) row16 = numWarps > 4 ? WARP : REG;
  let warpsToTile = numWarps / (row16 === WARP ? 8 : 4);
  const warpBroadcast = warpsToTile / Math.min(nColsMissing, warpsToTile);
  warpsToTile /= warpBroadcast;
  nColsMissing /= warpsToTile;
  if (nColsMissing > 1) {
    if (instr32Rows && layout16Rows) {
      // Lane 16 would load repeated rows: it loads the second half of the columns instead (16x32bx2).
      tile = divideLeft(tile, LinearLayout.identity1D(2, LANE, ROW))!;
      tile = tile.mul(LinearLayout.identity1D(nColsMissing / 2, REG, COL).mul(LinearLayout.identity1D(2, LANE, COL)));
    } else {
      tile = tile.mul(LinearLayout.identity1D(nColsMissing, REG, COL));
    }
  }
  const bases = basesOf(tile);
  let warps = bases.find(([d]) => d === WARP)?.[1];
  if (!warps) bases.push([WARP, (warps = [])]);
  warps.push(rowVec(tile, 32), rowVec(tile, 64));
  if (row16) bases.find(([d]) => d === row16)![1].push(rowVec(tile, 16));
  tile = LinearLayout.fromBasesWithSizes(bases, [
    [ROW, 128],
    [COL, tile.getOutDimSize(COL)],
  ], false);
  tile = tile.mul(LinearLayout.identity1D(warpsToTile, WARP, COL));
  tile = tile.mul(LinearLayout.zeros1D(warpBroadcast, WARP, COL));
  return tile.compose(ll);
}

/**
 * getDefaultLayoutForTmemLdSt: the register layout of a TMEM memdesc's loads and stores with 32x32b messages
 * (Triton's default; TRITON_PREFER_TMEM_16x256_LAYOUT is not consulted), as `#ttg.linear` bases with the CGA
 * layout `cga` (block bases) appended. Undefined when no such layout exists.
 */
export function defaultTmemRegisterLayout(memTy: MemDescType, numWarps: number, cga: readonly (readonly number[])[]): LinearLayout | undefined {
  const ll = tmemLinearLayout(memTy);
  if (!ll) return undefined;
  const ctaLayout = LinearLayout.fromBases([['block', cga.map((b) => [...b])]], [D0, D1]);
  return distributedForTmem(ll, '32x32b', numWarps, elementBits(memTy), ctaLayout)?.transposeOuts([D0, D1]);
}
