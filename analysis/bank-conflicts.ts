/**
 * Bank conflicts of reading / writing a distributed tensor from / to a shared memory descriptor (Triton 3.6's
 * `bankConflictsMemDesc`, what gluon's `bank_conflicts` reports), and the largest vectorisation of a
 * register→shared map (`largestVectorisation`, `regPermForDivide` with left division).
 *
 * The count is the number of extra wavefronts one warp-wide access needs: the register layout (broadcast
 * registers dropped, registers permuted so the widest vector is contiguous) is composed with the shared layout's
 * inverse, shared memory is seen as `vector × bank × segment`, and the lanes that land in different segments of
 * the same bank conflict.
 */
import { ColumnAction, divideLeft, LinearLayout } from '../dialect/linear-layout/linear-layout.js';
import { bankConflicts, flattenBases, LANE, REGISTER, removeBroadcastedRegs } from './generic-swizzling.js';

const OFFSET = 'offset';

/**
 * The permutation of `a`'s register bases that puts the register bases of `tile` (a layout with the register
 * in-dim only) first, in the tile's order, the other bases after them in their order; undefined when a tile
 * basis is not among `a`'s register bases.
 */
export function regPermForDivideLeft(a: LinearLayout, tile: LinearLayout): ColumnAction | undefined {
  const outs = a.getOutDimNames();
  const aRegs = a.hasInDim(REGISTER) ? [...a.getBases().get(REGISTER)!] : [];
  const tRegs = tile.hasInDim(REGISTER) ? [...tile.getBases().get(REGISTER)!] : [];
  const tOuts = tile.getOutDimNames();
  const used = aRegs.map(() => false);
  const order: number[] = [];
  for (const tb of tRegs) {
    // the tile's basis over all of a's out-dims (zero where the tile has no such dim)
    const want = outs.map((d) => (tOuts.includes(d) ? tb[tOuts.indexOf(d)]! : 0));
    const j = aRegs.findIndex((ab, k) => !used[k] && ab.length === want.length && ab.every((v, i) => v === want[i]));
    if (j < 0) return undefined;
    used[j] = true;
    order.push(j);
  }
  aRegs.forEach((_, k) => {
    if (!used[k]) order.push(k);
  });
  return new ColumnAction(order, REGISTER, aRegs.length);
}

/**
 * The widest vector (in elements, at most 128 bits) that a register→offset map `cvt` can move with one
 * instruction, and the register permutation that makes its registers contiguous.
 */
export function largestVectorisation(cvt: LinearLayout, bitwidth: number, maxVecElems?: number): { elems: number; permutation: ColumnAction } {
  const allowPerm = maxVecElems === undefined;
  for (let v = maxVecElems ?? Math.floor(128 / bitwidth); v >= 1; v = Math.floor(v / 2)) {
    const tile = LinearLayout.identity1D(v, REGISTER, OFFSET);
    const perm = regPermForDivideLeft(cvt, tile);
    if (!perm || (!allowPerm && !perm.isIdentity())) continue;
    if (divideLeft(perm.apply(cvt), tile)) return { elems: v, permutation: perm };
  }
  throw new Error('largestVectorisation: no vectorisation (not even 1 element) divides the layout');
}

/**
 * Bank conflicts of a warp-wide access of the register layout `reg` (register, lane, warp, block → tensor) to
 * the shared layout `smem` (offset, block → tensor) with `bitwidth`-bit elements.
 */
export function bankConflictsMemDesc(reg: LinearLayout, smem: LinearLayout, bitwidth: number): number {
  if (!smem.hasInDim(OFFSET)) throw new Error('bankConflictsMemDesc: the shared layout has no offset dimension');
  if (!reg.hasInDim(REGISTER)) throw new Error('bankConflictsMemDesc: the register layout has no register dimension');
  let regs = removeBroadcastedRegs(reg);
  const { elems: vec, permutation } = largestVectorisation(regs.invertAndCompose(smem), bitwidth);
  regs = permutation.apply(regs);
  const total = smem.getTotalInDimSize();
  const bankSize = Math.min(Math.floor((32 * 32) / (vec * bitwidth)), total);
  const segmentSize = Math.floor(total / (bankSize * vec));
  const reshaped = smem.reshapeIns([
    ['vector', vec],
    ['bank', bankSize],
    ['segment', segmentSize],
  ]);
  // bankConflictsLdSt with the same layout on both sides: lanes of one vector's 32-bit words do not conflict
  const lanes = flattenBases(regs.flattenOuts(), LANE);
  const log2Vec = Math.log2(Math.max((vec * bitwidth) / 32, 1));
  const tile = lanes.slice(0, lanes.length - log2Vec);
  return bankConflicts(tile, tile, reshaped)[0];
}
