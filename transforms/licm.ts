/**
 * `--triton-licm` (Triton's LoopInvariantCodeMotion, MLIR's moveLoopInvariantCode with Triton's hoisting rule):
 * moves loop-invariant ops in front of their loop, innermost loops first (post-order over `scf.for`,
 * `scf.while` and the other loop-like ops).
 *
 * For each region of a loop, its top-level ops are queued in order; an op is moved when it is not a
 * terminator, every value it or its nested ops use (other than values defined inside the op) is defined
 * outside the loop, and
 * - it is not a `tt.load`: it is speculatable and free of memory effects;
 * - it is a `tt.load`: it only reads memory and so does the whole loop (all effects nested in the loop are
 *   reads; computed once per loop, at its first load). In an `scf.for` its mask gets the trip-count guard
 *   `lb < ub` (an `arith.cmpi slt` before the loop, splat to the pointer's shape, and-ed with an existing
 *   mask); in other loops such a load stays where it is.
 * When an op moves, its users at the top level of the region are queued again.
 */
import type { Operation, Region, Value } from '../dialect/ir/ir.js';
import { IntegerAttr } from '../dialect/ir/attribute.js';
import { Builder } from '../dialect/ir/builder.js';
import { getEffectsRecursively, isMemoryEffectFree, isSpeculatable, isTerminator } from '../dialect/ir/traits.js';
import { IntegerType, RankedTensorType } from '../dialect/ir/type.js';
import { registerPass } from './pass.js';
import { ForOp, WhileOp } from '../dialect/scf/ops.js';
import { LoadOp, SplatOp } from '../dialect/tt/ops.js';
import { AndIOp, CmpIOp } from '../dialect/arith/ops.js';

/** scf.parallel / scf.forall have no declaration here; named for parity with MLIR's loop-like ops. */
const UNDECLARED_LOOPS = new Set(['scf.parallel', 'scf.forall']);

/** The regions that make up the loop body (MLIR's LoopLikeOpInterface::getLoopRegions). */
function loopRegions(loop: Operation): Region[] {
  return WhileOp.is(loop) ? [loop.region(0), loop.region(1)] : [loop.region(0)];
}

/** Whether `v` is defined outside `loop` (its defining region's parent op is not the loop or nested in it). */
function definedOutside(loop: Operation, v: Value): boolean {
  const owner = v.parentBlock?.parent?.parent;
  return !owner || !loop.isAncestorOf(owner);
}

/** Whether every value used by `op` or its nested ops, other than those defined inside `op`, is defined outside `loop`. */
function operandsInvariant(op: Operation, loop: Operation): boolean {
  let ok = true;
  op.walk((child) => {
    if (!ok) return 'skip';
    for (const v of child.operandValues) {
      const owner = v.parentBlock?.parent?.parent;
      if (owner && op.isAncestorOf(owner)) continue;
      if (!definedOutside(loop, v)) {
        ok = false;
        return 'skip';
      }
    }
    return undefined;
  });
  return ok;
}

function onlyReads(op: Operation): boolean {
  const effects = getEffectsRecursively(op);
  return !!effects && effects.every((e) => e.kind === 'read');
}

/** The i1 type with the shape of `t` (Triton's getI1SameShape). */
function i1SameShape(t: Value['type']): Value['type'] {
  const i1 = IntegerType.get(1);
  return t instanceof RankedTensorType ? RankedTensorType.get(t.shape, i1, t.encoding) : i1;
}

/** Guards a load hoisted out of an `scf.for` with `lb < ub`, and-ed into its mask. */
function guardLoadWithTripCount(load: Operation, forOp: Operation): void {
  const b = new Builder();
  b.setInsertionPoint(forOp);
  const loc = forOp.loc;
  const cond = b.create({
    name: CmpIOp.opName,
    operands: [ForOp.lowerBound(forOp), ForOp.upperBound(forOp)],
    resultTypes: [IntegerType.get(1)],
    attributes: [['predicate', IntegerAttr.get(IntegerType.get(64), 2n)]],
    loc,
  }).result();
  const ptr = LoadOp.ptr(load);
  const oldMask = LoadOp.mask(load);
  const other = LoadOp.other(load);
  const maskType = i1SameShape(ptr.type);
  let mask: Value = cond;
  if (maskType instanceof RankedTensorType) mask = b.create({ name: SplatOp.opName, operands: [cond], resultTypes: [maskType], loc }).result();
  if (oldMask) {
    mask = b.create({ name: AndIOp.opName, operands: [mask, oldMask], resultTypes: [maskType], loc }).result();
    load.setOperand(1, mask);
    return;
  }
  load.setOperands([ptr, mask, ...(other ? [other] : [])]);
  load.operandSegments = [1, 1, other ? 1 : 0];
}

/**
 * Moves the invariant ops of one loop in front of it. With `hoistLoads` (triton-licm), read-only `tt.load`s
 * move too as described above; without it this is MLIR's moveLoopInvariantCode(LoopLikeOpInterface).
 */
export function hoistLoopInvariantOps(loop: Operation, hoistLoads: boolean): void {
  let loopOnlyReads: boolean | undefined;
  const shouldMove = (op: Operation): boolean => {
    if (!hoistLoads || !LoadOp.is(op)) return isSpeculatable(op) && isMemoryEffectFree(op);
    loopOnlyReads ??= onlyReads(loop);
    return onlyReads(op) && loopOnlyReads;
  };
  for (const region of loopRegions(loop)) {
    const queue: Operation[] = [];
    for (const b of region.blocks) queue.push(...b.ops);
    for (let i = 0; i < queue.length; i++) {
      const op = queue[i]!;
      if (op.parent?.parent !== region) continue;
      if (!shouldMove(op) || isTerminator(op) || !operandsInvariant(op, loop)) continue;
      if (LoadOp.is(op)) {
        if (!ForOp.is(loop)) continue;
        guardLoadWithTripCount(op, loop);
      }
      op.moveBefore(loop);
      for (const user of op.results.flatMap((r) => r.users)) if (user.parent?.parent === region) queue.push(user);
    }
  }
}

export function runLICM(module: Operation): void {
  const loops: Operation[] = [];
  module.walkPostOrder((op) => {
    if (ForOp.is(op) || WhileOp.is(op) || UNDECLARED_LOOPS.has(op.name)) loops.push(op);
  });
  for (const l of loops) hoistLoopInvariantOps(l, true);
}

export const LICM_PASS = registerPass({
  name: 'triton-licm',
  className: 'TritonLoopInvariantCodeMotion',
  description: "MLIR's LICM plus hoist load ops out of loops with masks",
  run(module) {
    runLICM(module);
  },
});
