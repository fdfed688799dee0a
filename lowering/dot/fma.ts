/**
 * `tt.dot` on a blocked accumulator → scalar multiply-adds (Triton 3.6's parametricConvertFMADot with the
 * generic multiplier): for every accumulator element `acc = fmuladd(a[m, k], b[k, n], acc)` for k = 0..K-1
 * (operands extended to the accumulator type first; integers use `mul` + `add`).
 *
 * The operands (dot_op layouts of the blocked parent) hold, in each thread, every K value of the rows / columns
 * the thread owns in D. Registers are found by their lane-0 coordinates: this requires that lanes, warps and
 * CTAs move A along the same rows as D and B along the same columns, and never along K (checked).
 */
import type { Operation, Value } from '../../dialect/ir/ir.js';
import { FloatType, IntegerType, RankedTensorType } from '../../dialect/ir/type.js';
import type { LinearLayout } from '../../dialect/linear-layout/linear-layout.js';
import type { LoweringContext } from '../conversion.js';
import { DotOp } from '../../dialect/tt/ops.js';
import { BLOCK, LANE, tensorLayout, WARP } from '../layout-indices.js';
import { coordAt, registerMap } from './mma-v2.js';

/** Whether the hardware dims of A/B move along the same rows/columns as D, never along K. */
function checkFmaLayouts(aLL: LinearLayout, bLL: LinearLayout, dLL: LinearLayout, rank: number): string | undefined {
  const bo = rank === 3 ? 1 : 0;
  for (const dim of [LANE, WARP, BLOCK]) {
    const n = Math.max(...[aLL, bLL, dLL].map((ll) => (ll.hasInDim(dim) ? ll.getInDimSizeLog2(dim) : 0)));
    for (let i = 0; i < n; i++) {
      const at = (ll: LinearLayout): number[] => (ll.hasInDim(dim) && i < ll.getInDimSizeLog2(dim) ? [...ll.getBasis(dim, i)] : new Array<number>(rank).fill(0));
      const a = at(aLL);
      const b = at(bLL);
      const d = at(dLL);
      if (a[bo + 1] !== 0 || b[bo] !== 0) return `${dim} bases of the operands move along K`;
      if (a[bo] !== d[bo] || b[bo + 1] !== d[bo + 1] || (rank === 3 && (a[0] !== d[0] || b[0] !== d[0]))) return `${dim} bases of the operands and the accumulator disagree`;
    }
  }
  return undefined;
}

export function lowerFmaDot(op: Operation, ctx: LoweringContext): void {
  const b = ctx.b;
  const [aT, bT, dT] = [DotOp.a(op), DotOp.b(op), DotOp.d(op)].map((v) => v.type as RankedTensorType) as [RankedTensorType, RankedTensorType, RankedTensorType];
  const rank = dT.rank;
  const bo = rank === 3 ? 1 : 0;
  const K = aT.shape[rank - 1]!;
  const aLL = tensorLayout(aT);
  const bLL = tensorLayout(bT);
  const dLL = tensorLayout(dT);
  const bad = checkFmaLayouts(aLL, bLL, dLL, rank);
  if (bad) ctx.error(`tt.dot (FMA): unsupported operand layouts: ${bad}`);
  const aMap = registerMap(aLL);
  const bMap = registerMap(bLL);
  const aVals = ctx.lowered(DotOp.a);
  const bVals = ctx.lowered(DotOp.b);
  const cVals = ctx.lowered(DotOp.c);
  const accTy = cVals[0]!.type;
  const isFloat = accTy instanceof FloatType;
  const ext = (v: Value): Value => {
    if (v.type === accTy) return v;
    if (isFloat) return b.fpext(v, accTy);
    return (v.type as IntegerType).width < (accTy as IntegerType).width ? b.sext(v, accTy) : b.trunc(v, accTy);
  };
  const key = (...xs: number[]): string => xs.join(',');
  const extA = new Map<number, Value>();
  const extB = new Map<number, Value>();
  const get = (cache: Map<number, Value>, vals: readonly Value[], r: number): Value => {
    let v = cache.get(r);
    if (!v) cache.set(r, (v = ext(vals[r]!)));
    return v;
  };
  // One accumulator per distinct D coordinate (duplicated registers share it).
  const accs = new Map<string, Value>();
  const nReg = cVals.length;
  const coordsOf = (r: number): number[] => coordAt(dLL, r, 0, 0);
  const order: string[] = [];
  for (let r = 0; r < nReg; r++) {
    const k = coordsOf(r).join(',');
    if (!accs.has(k)) {
      accs.set(k, cVals[r]!);
      order.push(k);
    }
  }
  for (let k = 0; k < K; k++) {
    for (const ck of order) {
      const c = ck.split(',').map(Number);
      const bt = rank === 3 ? [c[0]!] : [];
      const ra = aMap.get(key(...bt, c[bo]!, k));
      const rb = bMap.get(key(...bt, k, c[bo + 1]!));
      if (ra === undefined || rb === undefined) ctx.error(`tt.dot (FMA): no operand register for (${ck}) at k = ${k}`);
      const x = get(extA, aVals, ra);
      const y = get(extB, bVals, rb);
      const acc = accs.get(ck)!;
      accs.set(ck, isFloat ? b.op('llvm.intr.fmuladd', [x, y, acc], accTy) : b.add(b.mul(x, y), acc));
    }
  }
  const results: Value[] = [];
  for (let r = 0; r < nReg; r++) results.push(accs.get(coordsOf(r).join(','))!);
  ctx.replaceWith(results);
}

