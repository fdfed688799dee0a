/**
 * Predication of pipelined ops (Triton 3.6's wrapInMaskOp / resolveMaskOp / predicateOp): the expander wraps
 * every op of a not-always-executed stage in a `ttg.mask %pred` region; after expansion (and an arith fold
 * pass over the module) each mask is dissolved: its ops move in front of it and the ones with memory effects
 * get the predicate folded into their own mask/pred operand (`tt.splat` of the predicate `arith.andi` the
 * existing mask). Pure ops, local loads/stores, commit groups and waits run unpredicated; a predicate that
 * folded to `true` changes nothing.
 */
import { IntegerAttr } from '../../../dialect/ir/attribute.js';
import { DiagnosticError, opError } from '../../../dialect/ir/diagnostics.js';
import type { Builder } from '../../../dialect/ir/builder.js';
import { Rewriter } from '../../../dialect/ir/rewriter.js';
import type { Operation, Value } from '../../../dialect/ir/ir.js';
import { isMemoryEffectFree } from '../../../dialect/ir/traits.js';
import { IntegerType, RankedTensorType, type Type } from '../../../dialect/ir/type.js';
import { applyPatternsGreedily } from '../../../dialect/ir/rewrite/greedy.js';
import { getConstantValue } from '../../../dialect/ir/rewrite/registry.js';
import { opNameOf } from '../../../dialect/ir/op-handle.js';
import { AssumeOp } from '../../../dialect/llvm/ops.js';
import { IfOp } from '../../../dialect/scf/ops.js';
import { AtomicRMWOp, LoadOp, StoreOp } from '../../../dialect/tt/ops.js';
import { AsyncCommitGroupOp, AsyncCopyGlobalToLocalOp, AsyncWaitOp, LocalLoadOp, LocalStoreOp, MaskOp } from '../../../dialect/ttg/ops.js';
import { TCGen5CommitOp } from '../../../dialect/ttng/mma-v5-effects.js';
import { TCGen5MMAOp, TCGen5MMAScaledOp } from '../../../dialect/ttng/mma-v5-ops.js';
import {
  ArriveBarrierOp,
  AsyncTMACopyGlobalToLocalOp,
  BarrierExpectOp,
  FenceAsyncSharedOp,
  TMEMAllocOp,
  TMEMLoadOp,
  TMEMStoreOp,
  WaitBarrierOp,
} from '../../../dialect/ttng/ops.js';
import { AsyncTMAGatherOp } from '../../../dialect/ttng/tma-gather-op.js';

/** Moves `op` into a new `ttg.mask pred` at the builder's insertion point; returns the mask. */
export function wrapInMaskOp(b: Builder, op: Operation, pred: Value): Operation {
  const mask = b.create({ name: 'ttg.mask', operands: [pred], resultTypes: op.results.map((r) => r.type), regions: 1, loc: op.loc });
  b.createBlock(mask.region(0));
  const copy = b.clone(op);
  b.create({ name: 'ttg.mask.return', operands: copy.results, loc: op.loc });
  op.results.forEach((r, i) => r.replaceAllUsesWith(mask.result(i)));
  op.erase();
  return mask;
}

/** The arith cleanup Triton runs between pipelining steps: folding, constant uniquing, dead-op removal. */
export function foldArith(module: Operation): void {
  applyPatternsGreedily(module, []);
}

/** Dissolves every `ttg.mask` of `module` (see the file comment). */
export function resolveMaskOps(module: Operation): void {
  foldArith(module);
  const masks: Operation[] = [];
  module.walkPostOrder((op) => {
    if (MaskOp.is(op)) masks.push(op);
  });
  const rw = new Rewriter();
  for (const mask of masks) {
    const body = mask.region(0).blocks[0]!;
    const pred = MaskOp.pred(mask);
    while (body.ops[0] !== body.terminator) {
      const op = body.ops[0]!;
      op.moveBefore(mask);
      predicateOp(rw, op, pred);
    }
    const ret = body.terminator!;
    mask.results.forEach((r, i) => r.replaceAllUsesWith(ret.operand(i)));
    mask.dropAllReferences();
    mask.remove();
  }
}

function i1SameShape(t: Type): Type {
  const i1 = IntegerType.get(1);
  return t instanceof RankedTensorType ? t.withElementType(i1) : i1;
}

/** `splat(pred)` (for tensors) `andi` the current mask, created before the builder's insertion point. */
function predMask(b: Builder, typeLike: Type, current: Value | undefined, pred: Value): Value {
  const maskType = i1SameShape(typeLike);
  let mask = pred;
  if (maskType instanceof RankedTensorType) mask = b.create({ name: 'tt.splat', operands: [pred], resultTypes: [maskType], loc: pred.definingOp?.loc }).result(0);
  if (current) mask = b.create({ name: 'arith.andi', operands: [mask, current], resultTypes: [mask.type], loc: pred.definingOp?.loc }).result(0);
  return mask;
}

/**
 * MLIR's isConstantIntValue(v, 1): the constant's value sign-extended from its width equals 1. An i1 `true`
 * sign-extends to -1, so a predicate that folded to `true` does not count (ops stay predicated by it, as in
 * Triton).
 */
function isConstantIntOne(v: Value): boolean {
  const a = getConstantValue(v);
  if (!(a instanceof IntegerAttr)) return false;
  const t = a.type;
  const width = t instanceof IntegerType ? t.width : 64;
  return BigInt.asIntN(width, a.value) === 1n;
}

const UNPREDICATED: ReadonlySet<string> = new Set(
  [AssumeOp, FenceAsyncSharedOp, AsyncCommitGroupOp, AsyncWaitOp, LocalLoadOp, LocalStoreOp, TMEMAllocOp, TMEMLoadOp].map(opNameOf),
);
/** Ops whose `pred` operand takes the predicate (type from their current one). */
const PRED_OPERAND = [AsyncTMACopyGlobalToLocalOp, AsyncTMAGatherOp, BarrierExpectOp, TMEMStoreOp, TCGen5MMAOp, TCGen5MMAScaledOp];
/** Ops whose optional `pred` operand takes the predicate, or the predicate combined with the current one. */
const OPTIONAL_PRED_OPERAND = [WaitBarrierOp, ArriveBarrierOp, TCGen5CommitOp];

/** Replaces the optional operand group `group` of `op` by `value`. */
function setOptionalGroup(op: Operation, group: string, value: Value): void {
  const def = op.def!;
  const idx = def.operands.findIndex((o) => o.name === group);
  const sizes = [...op.groupSizes()];
  let start = 0;
  for (let i = 0; i < idx; i++) start += sizes[i]!;
  const values = op.operandValues;
  if (sizes[idx] === 1) {
    op.setOperand(start, value);
    return;
  }
  values.splice(start, 0, value);
  sizes[idx] = 1;
  op.setOperands(values);
  if (op.operandSegments) op.operandSegments = sizes;
}

/** Folds `pred` into `op`'s own predicate/mask (predicateOp); ops that need none are left alone. */
export function predicateOp(b: Builder, op: Operation, pred: Value): Operation {
  if (isMemoryEffectFree(op)) return op;
  if (isConstantIntOne(pred)) return op;
  if (UNPREDICATED.has(op.name)) return op;
  b.setInsertionPoint(op);
  const withGroup = (typeLike: Type, group: string): Operation => {
    const cur = op.operandGroup(group)[0];
    setOptionalGroup(op, group, predMask(b, typeLike, cur, pred));
    return op;
  };
  if (IfOp.is(op)) {
    const cond = IfOp.condition(op);
    op.setOperand(0, predMask(b, cond.type, cond, pred));
    return op;
  }
  if (AsyncCopyGlobalToLocalOp.is(op)) return withGroup(AsyncCopyGlobalToLocalOp.src(op).type, 'mask');
  if (LoadOp.is(op)) return withGroup(LoadOp.ptr(op).type, 'mask');
  if (StoreOp.is(op)) return withGroup(StoreOp.ptr(op).type, 'mask');
  if (AtomicRMWOp.is(op)) return withGroup(AtomicRMWOp.ptr(op).type, 'mask');
  if (PRED_OPERAND.some((h) => h.is(op))) return withGroup(op.operandGroup('pred')[0]!.type, 'pred');
  if (OPTIONAL_PRED_OPERAND.some((h) => h.is(op))) {
    const cur = op.operandGroup('pred')[0];
    setOptionalGroup(op, 'pred', cur ? predMask(b, cur.type, cur, pred) : pred);
    return op;
  }
  if (!op.def) return op;
  throw new DiagnosticError(opError(op, "pipeliner doesn't know how to predicate this op."));
}
