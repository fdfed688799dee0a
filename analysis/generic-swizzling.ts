/**
 * Triton 3.6's GenericSwizzling (lib/Tools/GenericSwizzling.cpp): the shared memory layout a layout conversion
 * goes through, chosen to vectorize the accesses and minimise bank conflicts for the load/store instructions
 * each side can use (`ld.shared`/`st.shared`, `ldmatrix`/`stmatrix`, their `.trans` forms).
 *
 * The result is a linear layout from in-dims `vector` (elements moved by one access), `bank` (accesses of one
 * wavefront), `segment` (the rest) and `reps` (rounds: segment bases that are registers on both sides, so the
 * conversion can be done in several rounds through a smaller buffer) to the tensor's out-dims. The scratch
 * buffer of a conversion holds `totalOutDimSize / reps` elements.
 *
 * Everything works on the layouts' flattened out-dims: a basis is an integer (its flattened coordinate).
 */
import { LinearLayout } from '../dialect/linear-layout/linear-layout.js';
import { rref } from '../dialect/linear-layout/f2.js';

export const REGISTER = 'register';
export const LANE = 'lane';
export const WARP = 'warp';
export const BLOCK = 'block';

/** Lane bits an instruction reads contiguously (`laneContig`) and lane bits giving row addresses (`laneAddr`). */
export interface LocalMemOpTile {
  laneContig: number[];
  laneAddr: number[];
}

function log2(x: number): number {
  return 31 - Math.clz32(x);
}
function isPow2(x: number): boolean {
  return x > 0 && (x & (x - 1)) === 0;
}
function ctz(x: number): number {
  return 31 - Math.clz32(x & -x);
}

/** [[1], [2], [4]] → [1, 2, 4] for a single-out-dim layout. */
export function flattenBases(ll: LinearLayout, dim: string): number[] {
  if (!ll.hasInDim(dim)) return [];
  const out: number[] = [];
  const n = ll.getInDimSizeLog2(dim);
  for (let i = 0; i < n; i++) out.push(ll.getBasis(dim, i)[0]!);
  return out;
}

const unflatten = (v: readonly number[]): number[][] => v.map((b) => [b]);

/** Triton's actionRemoveBroadcastedRegs(...).apply(...): drops the zero register bases. */
export function removeBroadcastedRegs(ll: LinearLayout): LinearLayout {
  if (!ll.hasInDim(REGISTER)) return ll;
  const bases = ll.getBases();
  const regs = bases.get(REGISTER) ?? [];
  if (regs.every((b) => b.some((v) => v !== 0))) return ll;
  const named: [string, number[][]][] = [];
  for (const [d, bs] of bases) {
    named.push([d, d === REGISTER ? bs.filter((b) => b.some((v) => v !== 0)).map((b) => [...b]) : bs.map((b) => [...b])]);
  }
  return LinearLayout.fromBasesWithSizes(named, ll.getOutDims(), false);
}

/** Pivot columns of the RREF of `rows` (bit c = column c). */
function pivotsOf(rows: readonly number[], dim: number): { mat: number[]; pivots: Set<number> } {
  const mat = rref(rows, dim);
  const pivots = new Set<number>();
  for (const r of mat) if (r) pivots.add(ctz(r));
  return { mat, pivots };
}

/** A basis of { x : <v, x> = 0 for every v in vectors } (f2reduce-based, as Triton's nullspaceBasis). */
function nullspaceBasis(vectors: readonly number[], dim: number): number[] {
  const { mat, pivots } = pivotsOf(vectors, dim);
  const basis: number[] = [];
  for (let f = 0; f < dim; f++) {
    if (pivots.has(f)) continue;
    let vec = 1 << f;
    for (const r of mat) if (r & (1 << f)) vec ^= 1 << ctz(r);
    basis.push(vec | 0);
  }
  return basis;
}

/** Unit vectors completing `basis` to the whole space. */
function complementBasis(basis: readonly number[], dim: number): number[] {
  const { pivots } = pivotsOf(basis, dim);
  const out: number[] = [];
  for (let i = 0; i < dim; i++) if (!pivots.has(i)) out.push(1 << i);
  return out;
}

/** A basis of span(b1) ∩ span(b2); for unit vectors, in b1's order. */
export function intersectionBasis(b1: readonly number[], b2: readonly number[], dim: number): number[] {
  if (b1.every(isPow2) && b2.every(isPow2)) {
    const s2 = new Set(b2);
    return b1.filter((b) => b !== 0 && s2.has(b));
  }
  const ns1 = nullspaceBasis(b1, dim);
  const ns2 = nullspaceBasis(b2, dim);
  return nullspaceBasis([...ns1, ...ns2], dim);
}

function computeSegment(bankSrc: readonly number[], bankDst: readonly number[], dim: number, lenSegment: number): number[] {
  const setSrc = new Set(bankSrc);
  const setDst = new Set(bankDst);
  setSrc.delete(0);
  setDst.delete(0);
  let segment: number[] = [];
  for (let b = 0; b < dim; b++) if (!setSrc.has(1 << b) && !setDst.has(1 << b)) segment.push(1 << b);
  if (segment.length >= lenSegment) return segment.slice(0, Math.max(0, lenSegment));
  // DenseSet iteration order is hash order in Triton; both lists are sorted below, so order is irrelevant.
  let A = [...setSrc].filter((v) => !setDst.has(v));
  let B = [...setDst].filter((v) => !setSrc.has(v));
  if (A.length > B.length) [A, B] = [B, A];
  A.sort((x, y) => x - y);
  B.sort((x, y) => x - y);
  const logBankConflicts = Math.min(Math.max(0, lenSegment - A.length - segment.length), A.length);
  for (let i = logBankConflicts; i < A.length; i++) segment.push(A[i]! ^ B[i]!);
  segment.push(...A.slice(0, logBankConflicts));
  segment.push(...B.slice(0, logBankConflicts));
  if (segment.length > lenSegment) segment = segment.slice(0, lenSegment);
  return segment;
}

/** Splits the segment bases that are registers on both sides into a `reps` in-dim. */
function buildReps(src: LinearLayout, dst: LinearLayout, smem: LinearLayout, leaveReps: number): LinearLayout {
  const srcRegs = new Set(flattenBases(src, REGISTER));
  const dstRegs = new Set(flattenBases(dst, REGISTER));
  const segment: number[] = [];
  const reps: number[] = [];
  // SetVector: duplicates are dropped, first occurrence kept.
  const seen = new Set<number>();
  for (const s of flattenBases(smem, 'segment')) {
    if (seen.has(s)) continue;
    seen.add(s);
    if (srcRegs.has(s) && dstRegs.has(s)) {
      if (leaveReps > 0) {
        leaveReps--;
        segment.push(s);
      } else reps.push(s);
    } else segment.push(s);
  }
  return LinearLayout.fromBasesWithSizes(
    [
      ['vector', unflatten(flattenBases(smem, 'vector'))],
      ['bank', unflatten(flattenBases(smem, 'bank'))],
      ['segment', unflatten(segment)],
      ['reps', unflatten(reps)],
    ],
    smem.getOutDims(),
    true,
  );
}

function optimalSwizzlingCore(
  src: LinearLayout,
  dst: LinearLayout,
  bitwidth: number,
  vbasis: readonly number[],
  tileSrc: readonly number[],
  tileDst: readonly number[],
  outDims: readonly (readonly [string, number])[],
  leaveReps = 0,
): LinearLayout {
  const dim = src.getTotalOutDimSizeLog2();
  const bankSrc = [...vbasis, ...tileSrc];
  const bankDst = [...vbasis, ...tileDst];
  const bankBits = 32 * 32;
  const lenBbasis = Math.min(log2(Math.floor(bankBits / ((1 << vbasis.length) * bitwidth))), dim - vbasis.length);
  const lenSbasis = dim - lenBbasis - vbasis.length;
  const sbasis = computeSegment(bankSrc, bankDst, dim, lenSbasis);
  const bbasis = complementBasis([...vbasis, ...sbasis], dim);
  const outName = src.getOutDimNames()[0]!;
  let basis1D = LinearLayout.fromBasesWithSizes(
    [
      ['vector', unflatten(vbasis)],
      ['bank', unflatten(bbasis)],
      ['segment', unflatten(sbasis)],
    ],
    [[outName, src.getTotalOutDimSize()]],
    true,
  );
  basis1D = buildReps(src, dst, basis1D, leaveReps);
  return basis1D.reshapeOuts(outDims);
}

const removeZeros = (v: readonly number[]): number[] => v.filter((x) => x !== 0);

/**
 * The vectorisation bases of a ld.shared/st.shared conversion (Triton 3.6's optimalSwizzlingLdSt): the register
 * bases both sides share (at most 128 bits), filled up to 32 bits with registers of one side that are warps of
 * the other (the side with more, or with the lowest basis on a tie; `srcFillsBank` says which), then with warp
 * bases both share, then alternately with warp bases of each side.
 */
function ldStVbasis(srcFlat: LinearLayout, dstFlat: LinearLayout, bitwidth: number): { vbasis: number[]; srcFillsBank: boolean | undefined } {
  const regSrc = flattenBases(srcFlat, REGISTER);
  const regDst = flattenBases(dstFlat, REGISTER);
  const dim = srcFlat.getTotalOutDimSizeLog2();
  let vbasis = intersectionBasis(regSrc, regDst, dim);
  const maxVecBases = log2(Math.floor(128 / bitwidth));
  if (vbasis.length > maxVecBases) vbasis = vbasis.slice(0, maxVecBases);
  let srcFillsBank: boolean | undefined;
  if ((1 << vbasis.length) * bitwidth < 32) {
    const basesPerBank = log2(Math.floor(32 / bitwidth));
    const warpSrc = removeZeros(flattenBases(srcFlat, WARP));
    const warpDst = removeZeros(flattenBases(dstFlat, WARP));
    const removeVec = (v: readonly number[]): number[] => v.filter((r) => !vbasis.includes(r));
    const regSrcWarp = intersectionBasis(removeVec(regSrc), warpDst, dim);
    const regDstWarp = intersectionBasis(removeVec(regDst), warpSrc, dim);
    let largest: number[];
    if (regSrcWarp.length === regDstWarp.length && regSrcWarp.length > 0) {
      srcFillsBank = Math.min(...regSrcWarp) < Math.min(...regDstWarp);
      largest = srcFillsBank ? regSrcWarp : regDstWarp;
    } else {
      srcFillsBank = regSrcWarp.length > regDstWarp.length;
      largest = srcFillsBank ? regSrcWarp : regDstWarp;
    }
    vbasis = [...vbasis, ...largest];
    if (vbasis.length < basesPerBank) vbasis.push(...intersectionBasis(warpSrc, warpDst, dim));
    for (let i = 0; vbasis.length < basesPerBank && (i < warpSrc.length || i < warpDst.length); i++) {
      if (i < warpSrc.length && !vbasis.includes(warpSrc[i]!)) vbasis.push(warpSrc[i]!);
      if (vbasis.length < basesPerBank && i < warpDst.length && !vbasis.includes(warpDst[i]!)) vbasis.push(warpDst[i]!);
    }
    if (vbasis.length > basesPerBank) vbasis = vbasis.slice(0, basesPerBank);
  }
  return { vbasis, srcFillsBank };
}

/** The swizzled layout when only ld.shared / st.shared are used (Triton 3.6's optimalSwizzlingLdSt). */
export function optimalSwizzlingLdSt(src: LinearLayout, dst: LinearLayout, bitwidth: number): LinearLayout {
  const srcFlat = src.flattenOuts();
  const dstFlat = dst.flattenOuts();
  const regSrc = flattenBases(srcFlat, REGISTER);
  const regDst = flattenBases(dstFlat, REGISTER);
  const { vbasis, srcFillsBank } = ldStVbasis(srcFlat, dstFlat, bitwidth);
  // The lanes past a 32-bit access are not part of a wavefront's tile.
  const log2Vec = log2(Math.max(1, Math.floor(((1 << vbasis.length) * bitwidth) / 32)));
  const laneSrc = flattenBases(srcFlat, LANE);
  const laneDst = flattenBases(dstFlat, LANE);
  const tileSrc = laneSrc.slice(0, laneSrc.length - log2Vec);
  const tileDst = laneDst.slice(0, laneDst.length - log2Vec);
  let smem = optimalSwizzlingCore(srcFlat, dstFlat, bitwidth, vbasis, tileSrc, tileDst, src.getOutDims());
  if (log2Vec < 2) {
    // Bank bases that are registers of the side that filled the bank (or of the side with more) go first, so
    // that accesses can vectorise further along them.
    const banks = flattenBases(smem.flattenOuts(), 'bank');
    const inSrc = banks.map((b, i) => (regSrc.includes(b) ? i : -1)).filter((i) => i >= 0);
    const inDst = banks.map((b, i) => (regDst.includes(b) ? i : -1)).filter((i) => i >= 0);
    const order = srcFillsBank === true ? inSrc : srcFillsBank === false ? inDst : inSrc.length > inDst.length ? inSrc : inDst;
    for (let i = 0; i < banks.length; i++) if (!order.includes(i)) order.push(i);
    const bases = smem.getBases();
    const bank = bases.get('bank') ?? [];
    const named: [string, number[][]][] = [...bases].map(([d, bs]) => [d, (d === 'bank' ? order.map((i) => bank[i]!) : bs).map((b) => [...b])]);
    smem = LinearLayout.fromBasesWithSizes(named, smem.getOutDims(), true);
  }
  return smem;
}

/** Bank conflicts (read, write) of a swizzled layout for the given access tiles. */
export function bankConflicts(tileSrc: readonly number[], tileDst: readonly number[], smem: LinearLayout): [number, number] {
  const flat = smem.flattenOuts();
  const segmentBases = flattenBases(flat, 'segment');
  const rank = smem.getTotalOutDimSizeLog2();
  const write = 1 << intersectionBasis(segmentBases, tileSrc, rank).length;
  const read = 1 << intersectionBasis(segmentBases, tileDst, rank).length;
  return [read - 1, write - 1];
}

/** `b.invertAndCompose(a)` for the two orders of one (src, dst) pair, computed once per order (see optimalSwizzling). */
type CvtOf = (a: LinearLayout, b: LinearLayout) => LinearLayout;

function optimalSwizzlingTile(
  a: LinearLayout,
  b: LinearLayout,
  nRegA: number,
  nRegB: number,
  laneIdTileA: readonly number[],
  laneIdTileB: readonly number[],
  cvtOf: CvtOf,
): number[] | undefined {
  if (nRegA < nRegB) return optimalSwizzlingTile(b, a, nRegB, nRegA, laneIdTileB, laneIdTileA, cvtOf);
  const dim = a.getTotalOutDimSizeLog2();
  const cvt = cvtOf(a, b);
  const regA = flattenBases(a, REGISTER);
  const regB = flattenBases(b, REGISTER);
  const laneA = flattenBases(a, LANE);
  const laneB = flattenBases(b, LANE);
  let vbasis = intersectionBasis(regA, regB, dim);
  if (vbasis.length < nRegB) return undefined;
  vbasis = vbasis.slice(0, nRegB);
  const laneTileA = laneIdTileA.map((i) => laneA[i]);
  const laneTileB = laneIdTileB.map((i) => laneB[i]);
  if (laneTileA.some((x) => x === undefined || x === 0) || laneTileB.some((x) => x === undefined || x === 0)) return undefined;
  const basisOf = (inDim: string, idx: number, outDim: string): number => {
    if (idx >= cvt.getInDimSizeLog2(inDim)) return 0;
    return cvt.getBasis(inDim, idx)[cvt.getOutDimIndex(outDim)]!;
  };
  for (let i = 0; i < nRegA - nRegB; i++) {
    if (basisOf(LANE, laneIdTileB[i]!, REGISTER) === 0) return undefined;
  }
  const tailB = laneIdTileB.slice(laneIdTileB.length - laneIdTileA.length);
  for (let k = 0; k < laneIdTileA.length; k++) {
    if (basisOf(LANE, tailB[k]!, LANE) !== 1 << laneIdTileA[k]!) return undefined;
  }
  return [...vbasis, ...(laneTileB as number[])];
}

/**
 * The swizzled shared memory layout of a conversion `src → dst` (broadcast registers removed), choosing among
 * the instruction tiles each side can use the pair with the fewest bank conflicts (ties: most `reps`).
 * Returns the layout and the chosen (src, dst) tile indices.
 */
export function optimalSwizzling(src: LinearLayout, dst: LinearLayout, srcTiles: readonly LocalMemOpTile[], dstTiles: readonly LocalMemOpTile[], bitwidth: number): [LinearLayout, [number, number]] {
  const srcFlat = src.flattenOuts();
  const dstFlat = dst.flattenOuts();
  const totalBases = log2(Math.floor(128 / bitwidth));
  const instr: [[number, number], number[]][] = [];
  // Every tile pair needs the same conversion (one per direction): composed once, not per pair.
  const cvts = new Map<LinearLayout, LinearLayout>();
  const cvtOf: CvtOf = (a, b) => {
    let c = cvts.get(b);
    if (!c) cvts.set(b, (c = b.invertAndCompose(a)));
    return c;
  };
  srcTiles.forEach((is, i) => {
    const logRegSrc = totalBases - is.laneContig.length;
    dstTiles.forEach((id, j) => {
      const logRegDst = totalBases - id.laneContig.length;
      if (logRegSrc < 0 || logRegDst < 0) return;
      const t = optimalSwizzlingTile(srcFlat, dstFlat, logRegSrc, logRegDst, is.laneContig, id.laneContig, cvtOf);
      if (t) instr.push([[i, j], t]);
    });
  });
  const regSrc = flattenBases(srcFlat, REGISTER);
  const regDst = flattenBases(dstFlat, REGISTER);
  const laneSrc = flattenBases(srcFlat, LANE);
  const laneDst = flattenBases(dstFlat, LANE);
  const getTile = (ins: LocalMemOpTile, regs: readonly number[], lane: readonly number[], vbasis: readonly number[]): number[] | undefined => {
    const tile: number[] = [];
    let needed = 3 - ins.laneAddr.length;
    for (const r of regs) {
      if (needed === 0) break;
      if (!vbasis.includes(r)) {
        tile.push(r);
        needed--;
      }
    }
    if (needed > 0) return undefined;
    for (const i of ins.laneAddr) tile.push(lane[i]!);
    return tile;
  };
  const tiles: [[number, number], number[], number[], number[], number][] = [];
  for (const [pair, vbasis] of instr) {
    const ts = getTile(srcTiles[pair[0]]!, regSrc, laneSrc, vbasis);
    const td = getTile(dstTiles[pair[1]]!, regDst, laneDst, vbasis);
    if (!ts || !td) continue;
    const missing = (t: LocalMemOpTile): number => t.laneContig.length + t.laneAddr.length - 3;
    const leaveReps = Math.min(missing(srcTiles[pair[0]]!), missing(dstTiles[pair[1]]!));
    tiles.push([pair, vbasis, ts, td, leaveReps]);
  }
  if (tiles.length === 0) return [optimalSwizzlingLdSt(src, dst, bitwidth), [0, 0]];
  let best: [number, LinearLayout, [number, number]] | undefined;
  for (const [pair, vbasis, ts, td, leaveReps] of tiles) {
    const smem = optimalSwizzlingCore(srcFlat, dstFlat, bitwidth, vbasis, ts, td, src.getOutDims(), leaveReps);
    const [r, w] = bankConflicts(ts, td, smem);
    const cand: [number, LinearLayout, [number, number]] = [r + w, smem, pair];
    if (!best || cand[0] < best[0] || (cand[0] === best[0] && smem.getInDimSize('reps') > best[1].getInDimSize('reps'))) best = cand;
  }
  return [best![1], best![2]];
}

/**
 * Instruction tiles usable on each side (Triton's getSrcDstTiles): ld/st.shared always; stmatrix (sm90+) on the
 * source and ldmatrix (sm75+) on the destination for ≤32-bit elements, and their `.trans` forms for 16-bit.
 */
export function getSrcDstTiles(computeCapability: number, bitwidth: number, crossCTA: boolean): [LocalMemOpTile[], LocalMemOpTile[]] {
  const src: LocalMemOpTile[] = [];
  const dst: LocalMemOpTile[] = [];
  const ldst: LocalMemOpTile = { laneContig: [], laneAddr: [0, 1, 2] };
  src.push(ldst);
  dst.push(ldst);
  const ldMatrix = computeCapability >= 75;
  const stMatrix = computeCapability >= 90;
  if (ldMatrix || stMatrix) {
    if (bitwidth <= 32) {
      const t: LocalMemOpTile = { laneContig: [0, 1], laneAddr: [2, 3, 4] };
      if (stMatrix) src.push(t);
      if (!crossCTA && ldMatrix) dst.push(t);
    }
    if (bitwidth === 16) {
      const t: LocalMemOpTile = { laneContig: [2, 3, 4], laneAddr: [0, 1] };
      if (stMatrix) src.push(t);
      if (!crossCTA && ldMatrix) dst.push(t);
    }
  }
  return [src, dst];
}
