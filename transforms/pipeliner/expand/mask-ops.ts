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
    if (op.name === 'ttg.mask') masks.push(op);
  });
  const rw = new Rewriter();
  for (const mask of masks) {
    const body = mask.region(0).blocks[0]!;
    const pred = mask.operand(0);
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

const UNPREDICATED = new Set([
  'llvm.intr.assume',
  'ttng.fence_async_shared',
  'ttg.async_commit_group',
  'ttg.async_wait',
  'ttg.local_load',
  'ttg.local_store',
  'ttng.tmem_alloc',
  'ttng.tmem_load',
]);

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
  switch (op.name) {
    case 'scf.if': {
      const cond = op.operand(0);
      op.setOperand(0, predMask(b, cond.type, cond, pred));
      return op;
    }
    case 'ttg.async_copy_global_to_local':
      return withGroup(op.operand(0).type, 'mask');
    case 'tt.load':
      return withGroup(op.operand(0).type, 'mask');
    case 'tt.store':
      return withGroup(op.operand(0).type, 'mask');
    case 'tt.atomic_rmw':
      return withGroup(op.operand(0).type, 'mask');
    case 'ttng.async_tma_copy_global_to_local':
    case 'ttng.async_tma_gather':
    case 'ttng.barrier_expect':
    case 'ttng.tmem_store':
    case 'ttng.tc_gen5_mma':
    case 'ttng.tc_gen5_mma_scaled':
      return withGroup(op.operandGroup('pred')[0]!.type, 'pred');
    case 'ttng.wait_barrier':
    case 'ttng.arrive_barrier':
    case 'ttng.tc_gen5_commit': {
      const cur = op.operandGroup('pred')[0];
      setOptionalGroup(op, 'pred', cur ? predMask(b, cur.type, cur, pred) : pred);
      return op;
    }
    default:
      if (!op.def) return op;
      throw new DiagnosticError(opError(op, "pipeliner doesn't know how to predicate this op."));
  }
}
