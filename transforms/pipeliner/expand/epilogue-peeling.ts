/**
 * Peeling the last iteration of a pipelined loop (Triton 3.6's peelLoopEpilogue and the pipeliner's use of
 * it), done for Blackwell loops whose MMAv5 completion waits sit in the last stage: the loop runs one
 * iteration less (`ub - step`) and a `scf.if lb < ub` after it runs the body once more for the last
 * induction value (`(ub - lb - 1) / step * step + lb`). The kernel's `ttg.predicate_stage` ops are resolved:
 * in the loop, stage maxStage-1 is always on (`true`) and other stages get `iv < ub - k*step`; in the peeled
 * copy every stage predicate is `false`, and the masked ops that this turns off are dropped (their results
 * become `ub.poison`).
 */
import { IntegerAttr } from '../../../dialect/ir/attribute.js';
import { Builder, IRMapping, cloneOperation } from '../../../dialect/ir/builder.js';
import { createOperation } from '../../../dialect/ir/create.js';
import type { Operation, Value } from '../../../dialect/ir/ir.js';
import { IntegerType } from '../../../dialect/ir/type.js';
import { getConstantValue } from '../../../dialect/ir/rewrite/registry.js';
import type { CoarseSchedule } from './coarse-schedule.js';
import { binary, cmpi, forBody, forIV, forIterArgs, forLowerBound, forStep, forUpperBound } from './loop-utils.js';
import { emitPredicateForStage } from './pipeline-expander.js';
import { TCGen5MMAOp, TCGen5MMAScaledOp } from '../../../dialect/ttng/mma-v5-ops.js';
import { WaitBarrierOp } from '../../../dialect/ttng/ops.js';
import { MaskOp, PredicateStageOp } from '../../../dialect/ttg/ops.js';

const MMA_V5 = [TCGen5MMAOp, TCGen5MMAScaledOp];

/** Whether the loop has an MMAv5 op and a `ttng.wait_barrier` in its last stage. */
export function hasMMAv5WaitsInLastStage(forOp: Operation, schedule: CoarseSchedule): boolean {
  const maxStage = schedule.numStages - 1;
  let mma = false;
  let wait = false;
  for (const op of forBody(forOp).ops.slice(0, -1)) {
    if (WaitBarrierOp.is(op) && schedule.get(op).stage === maxStage) wait = true;
    if (MMA_V5.some((h) => h.is(op))) mma = true;
  }
  return mma && wait;
}

function lastInductionValue(b: Builder, forOp: Operation): Value {
  const lb = forLowerBound(forOp);
  let diff = binary(b, 'arith.subi', forUpperBound(forOp), lb);
  const one = b.create({ name: 'arith.constant', resultTypes: [diff.type], attributes: [['value', IntegerAttr.get(diff.type, 1)]] }).result(0);
  diff = binary(b, 'arith.subi', diff, one);
  const ceil = binary(b, 'arith.muli', binary(b, 'arith.divsi', diff, forStep(forOp)), forStep(forOp));
  return binary(b, 'arith.addi', ceil, lb);
}

function constI1(b: Builder, v: boolean): Value {
  const i1 = IntegerType.get(1);
  return b.create({ name: 'arith.constant', resultTypes: [i1], attributes: [['value', IntegerAttr.get(i1, v ? 1 : 0)]] }).result(0);
}

/** Resolves a predicate_stage / records a mask of the peeled copy; returns the op standing for `op`. */
function processPeeledOp(b: Builder, op: Operation, isEpilogue: boolean, peeledMasks: Set<Operation>): Operation {
  const saved = b.saveInsertionPoint();
  b.setInsertionPoint(op);
  try {
    if (PredicateStageOp.is(op)) {
      if (isEpilogue) return constI1(b, false).definingOp!;
      const maxStage = Number(PredicateStageOp.maxStage(op).value);
      const stage = Number(PredicateStageOp.stage(op).value);
      if (stage === maxStage - 1) return constI1(b, true).definingOp!;
      return emitPredicateForStage(b, PredicateStageOp.iv(op), PredicateStageOp.ub(op), PredicateStageOp.step(op), maxStage, stage).definingOp!;
    }
    if (MaskOp.is(op) && isEpilogue) peeledMasks.add(op);
    return op;
  } finally {
    b.restoreInsertionPoint(saved);
  }
}

/** Peels the last iteration of `forOp` into a following `scf.if` (see the file comment). */
export function peelLoopEpilogue(forOp: Operation): void {
  const b = new Builder();
  b.setInsertionPoint(forOp);
  const lb = forLowerBound(forOp);
  const ub = forUpperBound(forOp);
  const newUb = binary(b, 'arith.subi', ub, forStep(forOp));
  b.setInsertionPointAfter(forOp);
  const lastIV = lastInductionValue(b, forOp);
  const cond = cmpi(b, 'slt', lb, ub);
  const map = new IRMapping();
  forIterArgs(forOp).forEach((a, i) => map.map(a, forOp.result(i)));
  map.map(forIV(forOp), lastIV);
  const ifOp = createOperation({ name: 'scf.if', operands: [cond], resultTypes: forOp.results.map((r) => r.type), regions: 2, loc: forOp.loc });
  b.insert(ifOp);
  // The body, cloned with its arguments mapped (so the copy has none).
  const thenBlock = ifOp.region(0).addBlock();
  for (const op of forBody(forOp).ops) thenBlock.append(cloneOperation(op, map));
  const elseBlock = b.createBlock(ifOp.region(1));
  b.setInsertionPointToStart(elseBlock);
  b.create({ name: 'scf.yield', operands: forOp.results, loc: forOp.loc });
  forOp.results.forEach((r, i) => r.replaceUsesWithIf(ifOp.result(i), (u) => !ifOp.isAncestorOf(u.owner)));
  forOp.setOperand(1, newUb);

  const peeledMasks = new Set<Operation>();
  const rw = new Builder();
  for (const [ops, epilogue] of [
    [forBody(forOp).ops.slice(0, -1), false],
    [thenBlock.ops.slice(0, -1), true],
  ] as const) {
    for (const op of ops) {
      const n = processPeeledOp(rw, op, epilogue, peeledMasks);
      if (n !== op) op.results.forEach((r, i) => r.replaceAllUsesWith(n.result(i)));
    }
  }
  // Masks of the peeled copy whose predicate is statically false do nothing: drop them.
  for (const mask of peeledMasks) {
    const pred = getConstantValue(MaskOp.pred(mask));
    if (!(pred instanceof IntegerAttr) || pred.value !== 0n) continue;
    rw.setInsertionPoint(mask);
    for (const r of mask.results) r.replaceAllUsesWith(rw.create({ name: 'ub.poison', resultTypes: [r.type], loc: mask.loc }).result(0));
    mask.dropAllReferences();
    mask.remove();
  }
}
