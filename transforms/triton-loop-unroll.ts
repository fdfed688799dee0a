/**
 * `triton-loop-unroll` (Triton's TritonLoopUnroll): unrolls every `scf.for` that carries
 * `tt.loop_unroll_factor = N` (N > 1; `tl.range(..., loop_unroll_factor=N)`) with MLIR's loopUnrollByFactor, and
 * marks the remainder loop `tt.num_stages = 1` so that the pipeliner leaves it alone.
 *
 * What it decides, and from what (MLIR's scf loopUnrollByFactor as Triton 3.6 builds it):
 * - Loops are taken in post-order (inner loops first); the factor attribute is removed; a loop whose body is only
 *   its yield is left as it is.
 * - Bounds: with constant lb/ub/step, the unrolled upper bound lb + (tc - tc mod N) * step and step * N are
 *   constants, and no remainder loop is made when the unrolled bound reaches ub; otherwise they are computed
 *   before the loop: tc = (ub - lb + (step - 1)) /u step, ub' = lb + (tc - tc rem N) * step, step' = step * N.
 * - The remainder loop is a copy of the original placed after it, running from ub' with the original step and
 *   starting from the unrolled loop's results; a remainder (or main) loop with one constant iteration is replaced
 *   by its body.
 * - The body is copied N - 1 times before the yield, each copy fed by the previous copy's yielded values, with
 *   the induction variable iv + step * i where the body uses it.
 */
import { IntegerAttr } from '../dialect/ir/attribute.js';
import { Builder, cloneOperation, IRMapping } from '../dialect/ir/builder.js';
import type { Location } from '../dialect/ir/location.js';
import type { Operation, Value } from '../dialect/ir/ir.js';
import { IntegerType, type Type } from '../dialect/ir/type.js';
import { registerPass } from './pass.js';
import { getConstantValue, intOrSplatValue } from '../dialect/ir/rewrite/registry.js';
import { ForOp } from '../dialect/scf/ops.js';
import { AddIOp, ConstantOp, DivUIOp, MulIOp, RemSIOp, SubIOp } from '../dialect/arith/ops.js';
import type { OpHandleCore } from '../dialect/ir/op-handle.js';

const UNROLL_FACTOR = 'tt.loop_unroll_factor';
const NUM_STAGES = 'tt.num_stages';

const constInt = (v: Value): bigint | undefined => intOrSplatValue(getConstantValue(v));

function intConstant(b: Builder, type: Type, value: bigint | number, loc: Location): Value {
  return b.create({ name: ConstantOp.opName, resultTypes: [type], attributes: [['value', IntegerAttr.get(type, BigInt(value))]], loc }).result();
}

const binary = (b: Builder, handle: OpHandleCore, lhs: Value, rhs: Value, loc: Location): Value =>
  b.create({ name: handle.opName, operands: [lhs, rhs], resultTypes: [lhs.type], loc }).result();

/** The constant trip count of a loop whose bounds and step are constants (undefined otherwise). */
function constantTripCount(loop: Operation): bigint | undefined {
  const [lb, ub, step] = [constInt(ForOp.lowerBound(loop)), constInt(ForOp.upperBound(loop)), constInt(ForOp.step(loop))];
  if (lb === undefined || ub === undefined || step === undefined || step <= 0n) return undefined;
  if (ub <= lb) return 0n;
  return (ub - lb + step - 1n) / step;
}

/** scf.for's promoteIfSingleIteration: a loop of exactly one constant iteration becomes its body. */
function promoteIfSingleIteration(loop: Operation): boolean {
  if (constantTripCount(loop) !== 1n) return false;
  const body = loop.regions[0]!.blocks[0]!;
  const yieldOp = body.terminator!;
  const yielded = yieldOp.operandValues;
  loop.results.forEach((r, i) => r.replaceAllUsesWith(yielded[i]!));
  const inits = ForOp.initArgs(loop);
  body.args.forEach((a, i) => a.replaceAllUsesWith(i === 0 ? ForOp.lowerBound(loop) : inits[i - 1]!));
  const block = loop.parent!;
  for (const op of [...body.ops]) if (op !== yieldOp) block.insertBefore(loop, op);
  yieldOp.erase();
  loop.erase();
  return true;
}

/** Unrolls `loop` by `factor`; returns the remainder loop when one was made. */
export function unrollLoopByFactor(loop: Operation, factor: number): Operation | undefined {
  const body = loop.regions[0]!.blocks[0]!;
  if (body.ops.length === 1) return undefined;
  const loc = loop.loc;
  const b = new Builder();
  b.setInsertionPoint(loop);
  const [lb, ub, step] = [ForOp.lowerBound(loop), ForOp.upperBound(loop), ForOp.step(loop)];
  let ubUnrolled: Value;
  let stepUnrolled: Value;
  let makeRemainder = true;
  const [lbC, ubC, stepC] = [constInt(lb), constInt(ub), constInt(step)];
  if (lbC !== undefined && ubC !== undefined && stepC !== undefined) {
    const tripCount = stepC > 0n && ubC > lbC ? (ubC - lbC + stepC - 1n) / stepC : 0n;
    const even = tripCount - (tripCount % BigInt(factor));
    const ubUnrolledC = lbC + even * stepC;
    const stepUnrolledC = stepC * BigInt(factor);
    makeRemainder = ubUnrolledC < ubC;
    ubUnrolled = makeRemainder ? intConstant(b, ub.type, ubUnrolledC, loc) : ub;
    stepUnrolled = stepUnrolledC === stepC ? step : intConstant(b, step.type, stepUnrolledC, loc);
  } else {
    const diff = binary(b, SubIOp, ub, lb, loc);
    const one = intConstant(b, diff.type, 1, loc);
    const stepMinusOne = binary(b, SubIOp, step, one, loc);
    const sum = binary(b, AddIOp, diff, stepMinusOne, loc);
    const tripCount = binary(b, DivUIOp, sum, step, loc);
    const factorC = intConstant(b, tripCount.type, factor, loc);
    const rem = binary(b, RemSIOp, tripCount, factorC, loc);
    const even = binary(b, SubIOp, tripCount, rem, loc);
    ubUnrolled = binary(b, AddIOp, lb, binary(b, MulIOp, even, step, loc), loc);
    stepUnrolled = binary(b, MulIOp, step, factorC, loc);
  }

  let remainder: Operation | undefined;
  if (makeRemainder) {
    const copy = cloneOperation(loop);
    loop.parent!.insertAfter(loop, copy);
    copy.setOperand(0, ubUnrolled);
    loop.results.forEach((r, i) => r.replaceAllUsesWith(copy.results[i]!));
    loop.results.forEach((r, i) => copy.setOperand(3 + i, r));
    if (!promoteIfSingleIteration(copy)) remainder = copy;
  }
  loop.setOperand(1, ubUnrolled);
  loop.setOperand(2, stepUnrolled);

  // Copies 1..factor-1 of the body, inserted before the yield.
  const iv = body.args[0]!;
  const iterArgs = body.args.slice(1);
  const yieldOp = body.terminator!;
  const original = body.ops.slice(0, -1);
  const yielded = yieldOp.operandValues;
  let lastYielded = yielded;
  const inner = new Builder();
  inner.setInsertionPoint(yieldOp);
  for (let i = 1; i < factor; i++) {
    const mapping = new IRMapping();
    iterArgs.forEach((a, k) => mapping.map(a, lastYielded[k]!));
    if (iv.uses.length) {
      const stride = binary(inner, MulIOp, step, intConstant(inner, iv.type, i, loc), loc);
      mapping.map(iv, binary(inner, AddIOp, iv, stride, loc));
    }
    for (const op of original) inner.insert(cloneOperation(op, mapping));
    lastYielded = yielded.map((v) => mapping.lookupOrDefault(v));
  }
  lastYielded.forEach((v, k) => yieldOp.setOperand(k, v));
  promoteIfSingleIteration(loop);
  return remainder;
}

function loopsPostOrder(op: Operation, out: Operation[]): Operation[] {
  for (const r of op.regions) for (const bl of r.blocks) for (const o of bl.ops) {
    loopsPostOrder(o, out);
    if (ForOp.is(o)) out.push(o);
  }
  return out;
}

function factorOf(loop: Operation): number {
  const a = loop.getAttr(UNROLL_FACTOR);
  return a instanceof IntegerAttr ? Number(a.value) : 1;
}

export const TRITON_LOOP_UNROLL_PASS = registerPass({
  name: 'triton-loop-unroll',
  className: 'TritonLoopUnroll',
  description: 'Loop unroller',
  run(module) {
    for (const loop of loopsPostOrder(module, []).filter((l) => factorOf(l) > 1)) {
      const factor = factorOf(loop);
      loop.removeAttr(UNROLL_FACTOR);
      const remainder = unrollLoopByFactor(loop, factor);
      remainder?.setAttr(NUM_STAGES, IntegerAttr.get(IntegerType.get(32), 1n));
    }
  },
});
