/**
 * Helpers of `tritongpu-hoist-tmem-alloc` (hoist-tmem-alloc.ts) for tensor-memory ops that carry async tokens
 * (Triton's `HasToken<...>` constraint: the pass only reasons about aliasing through tokens), MLIR's structured
 * (post-)dominance queries it needs, and the rewriter-driven loop / if rewrites of Triton's sinkValueRedefinition.
 */
import { IntegerAttr } from '../dialect/ir/attribute.js';
import type { Builder } from '../dialect/ir/builder.js';
import { createOperation } from '../dialect/ir/create.js';
import type { Block, Operation, Region, Value } from '../dialect/ir/ir.js';
import { operationProperlyDominates } from '../dialect/ir/rewrite/dominance.js';
import type { Rewriter } from '../dialect/ir/rewriter.js';
import { IntegerType } from '../dialect/ir/type.js';
import { ForOp, IfOp, YieldOp } from '../dialect/scf/ops.js';
import { ConstantOp } from '../dialect/arith/ops.js';
import { AsyncTokenType } from '../dialect/ttg/types.js';
import { TMEMAllocOp, TMEMLoadOp, TMEMStoreOp } from '../dialect/ttng/ops.js';
import { TCGen5MMAOp, TCGen5MMAScaledOp } from '../dialect/ttng/mma-v5-ops.js';
import { forBody, forYield } from './pipeliner/expand/loop-utils.js';

export const tokenType = (): AsyncTokenType => AsyncTokenType.get();

/** A `ttng.tmem_load` with a token result (HasToken<TMEMLoadOp>). */
export function isTokenLoad(op: Operation | undefined): op is Operation {
  return op !== undefined && TMEMLoadOp.is(op) && TMEMLoadOp.token(op) !== undefined;
}
/** A `ttng.tmem_store` with a token result. */
export function isTokenStore(op: Operation | undefined): op is Operation {
  return op !== undefined && TMEMStoreOp.is(op) && TMEMStoreOp.token(op) !== undefined;
}
/** A `ttng.tmem_alloc` with a token result. */
export function isTokenAlloc(op: Operation | undefined): op is Operation {
  return op !== undefined && TMEMAllocOp.is(op) && TMEMAllocOp.token(op) !== undefined;
}
/** An MMAv5 op (`ttng.tc_gen5_mma*`) with a token result. */
export function isTokenMma(op: Operation | undefined): op is Operation {
  const h = op && mmaV5Handle(op);
  return h !== undefined && h.token(op!) !== undefined;
}

/** Replaces operand `i` of the operand group `positions` gives (its first position). */
export function setGroupOperand(op: Operation, positions: number[], v: Value): void {
  const at = positions[0];
  if (at === undefined) throw new Error(`${op.name}: operand group is absent`);
  op.setOperand(at, v);
}

/** `ttng.tmem_store %src, %dst[%dep], %pred` returning a token, at the builder's insertion point. */
export function createTokenStore(b: Builder, dst: Value, dep: Value | undefined, src: Value, pred: Value, loc: Operation['loc']): Operation {
  return b.create({ name: TMEMStoreOp.opName, operands: dep ? [dst, dep, src, pred] : [dst, src, pred], resultTypes: [tokenType()], loc });
}

/** `ttng.tmem_load %src[%dep]` returning the tensor and a token. */
export function createTokenLoad(b: Builder, resultType: Value['type'], src: Value, dep: Value, loc: Operation['loc']): Operation {
  return b.create({ name: TMEMLoadOp.opName, operands: [src, dep], resultTypes: [resultType, tokenType()], loc });
}

/** `arith.constant true`. */
export function constTrue(b: Builder, loc: Operation['loc']): Value {
  return b.create({ name: ConstantOp.opName, resultTypes: [boolType()], attributes: [['value', trueAttr()]], loc }).result(0);
}

const boolType = (): IntegerType => IntegerType.get(1);
const trueAttr = (): IntegerAttr => IntegerAttr.bool(true);

// ---- structured dominance -----------------------------------------------------------------------------

/** The chain of blocks enclosing `b` (itself first). */
function blockChain(b: Block): Block[] {
  const out: Block[] = [];
  for (let x: Block | undefined = b; x; x = x.parentOp?.parent) out.push(x);
  return out;
}

/**
 * MLIR's DominanceInfo::findNearestCommonDominator over the blocks of `ops`, for structured control flow: the
 * ancestors of the blocks in their innermost common region, which must coincide (a region of several blocks
 * would need its dominator tree: undefined, which makes the caller give up).
 */
function nearestCommonDominatorBlock(blocks: readonly Block[]): Block | undefined {
  let acc: Block | undefined = blocks[0];
  for (const b of blocks.slice(1)) {
    if (!acc) return undefined;
    if (acc === b) continue;
    const regionsOfB = new Map<Region | undefined, Block>();
    for (const x of blockChain(b)) regionsOfB.set(x.parent, x);
    let found: Block | undefined;
    for (const x of blockChain(acc)) {
      const other = regionsOfB.get(x.parent);
      if (other) {
        found = other === x ? x : undefined;
        break;
      }
    }
    acc = found;
  }
  return acc;
}

/** The ancestor of `op` (or `op`) directly in `block`. */
function ancestorInBlock(block: Block, op: Operation): Operation | undefined {
  for (let o: Operation | undefined = op; o; o = o.parentOp) if (o.parent === block) return o;
  return undefined;
}

/**
 * Triton's findNearestCommonDominator(ops): in the nearest common dominator block of the ops' blocks, the
 * earliest of their ancestors there (undefined when there are none).
 */
export function nearestCommonDominator(ops: readonly Operation[]): Operation | undefined {
  if (ops.length === 0) return undefined;
  if (ops.length === 1) return ops[0];
  const block = nearestCommonDominatorBlock([...new Set(ops.map((o) => o.parent!))]);
  if (!block) return undefined;
  const ancestors = ops.map((o) => ancestorInBlock(block, o)!);
  let dom = ancestors[0]!;
  for (const a of ancestors.slice(1)) if (a.isBeforeInBlock(dom)) dom = a;
  return dom;
}

/** MLIR's DominanceInfo::properlyDominates(Operation *a, Operation *b) (an enclosing `a` dominates). */
export function opProperlyDominates(a: Operation, b: Operation): boolean {
  return operationProperlyDominates(a, b, true);
}

/**
 * MLIR's PostDominanceInfo::properlyPostDominates(a, b) with enclosing ops allowed, in structured control flow:
 * `b` is brought into `a`'s region (no relation when it is not nested there), then `a` must follow it in one block.
 */
export function opProperlyPostDominates(a: Operation, b: Operation): boolean {
  if (a === b) return false;
  const aBlock = a.parent;
  if (!aBlock || !b.parent) return false;
  let bb: Operation | undefined = b;
  if (aBlock.parent !== b.parent.parent) {
    while (bb && bb.parent?.parent !== aBlock.parent) bb = bb.parentOp;
    if (!bb) return false;
    if (bb === a) return true;
  }
  if (bb.parent === aBlock) return bb.isBeforeInBlock(a);
  return false;
}

// ---- loop-carried and branch-carried values -------------------------------------------------------------

/**
 * Triton's addIterArgsToLoop through a rewriter: a new `scf.for` with `inits` appended (created by the rewriter,
 * so it is announced), the body moved over with new block arguments, the old results replaced, the old loop erased.
 */
export function addIterArgs(r: Rewriter, loop: Operation, inits: readonly Value[]): Operation {
  const newLoop = createOperation({
    name: ForOp.opName,
    operands: [...loop.operandValues, ...inits],
    resultTypes: [...loop.results.map((x) => x.type), ...inits.map((v) => v.type)],
    attributes: [...loop.attributes],
    regions: 1,
    loc: loop.loc,
  });
  const saved = r.saveInsertionPoint();
  r.setInsertionPoint(loop);
  r.insert(newLoop);
  r.restoreInsertionPoint(saved);
  newLoop.region(0).takeBody(loop.region(0));
  const body = forBody(newLoop);
  for (const v of inits) body.addArgument(v.type, loop.loc);
  loop.results.forEach((x, i) => x.replaceAllUsesWith(newLoop.result(i)));
  if (r.insertionPointOp === loop) r.setInsertionPoint(newLoop);
  r.eraseOp(loop);
  return newLoop;
}

/** Triton's appendToForOpYield. */
export function appendToYield(loop: Operation, values: readonly Value[]): void {
  const y = forYield(loop);
  y.setOperands([...y.operandValues, ...values]);
}

/** An `scf.if` like `ifOp` with one more result of type `t` (Triton's replaceIfOpWithNewSignature). */
function addIfResult(r: Rewriter, ifOp: Operation, t: Value['type']): Operation {
  const newIf = createOperation({
    name: IfOp.opName,
    operands: [IfOp.condition(ifOp)],
    resultTypes: [...ifOp.results.map((x) => x.type), t],
    attributes: [...ifOp.attributes],
    regions: 2,
    loc: ifOp.loc,
  });
  const saved = r.saveInsertionPoint();
  r.setInsertionPoint(ifOp);
  r.insert(newIf);
  newIf.region(0).takeBody(ifOp.region(0));
  newIf.region(1).takeBody(ifOp.region(1));
  for (const region of newIf.regions) {
    if (!region.blocks.length) region.addBlock();
    const blk = region.blocks[0]!;
    if (!YieldOp.is(blk.terminator)) {
      r.setInsertionPointToEnd(blk);
      r.create({ name: YieldOp.opName, loc: ifOp.loc });
    }
  }
  r.restoreInsertionPoint(saved);
  ifOp.results.forEach((x, i) => x.replaceAllUsesWith(newIf.result(i)));
  return newIf;
}

/**
 * Triton's sinkValueRedefinition: `out` redefines `input` inside `block`; thread it out through the enclosing
 * `scf.for` (a new iter arg starting at `input`) and `scf.if` ops (a new result: `out` from the branch holding
 * it, `input` from the other) up to `input`'s block, and return the value visible there.
 */
export function sinkValueRedefinition(r: Rewriter, input: Value, out: Value, block: Block): Value {
  for (; block !== input.parentBlock; block = block.parentOp!.parent!) {
    const op = block.parentOp!;
    if (ForOp.is(op)) {
      const loop = addIterArgs(r, op, [input]);
      appendToYield(loop, [out]);
      out = loop.result(loop.results.length - 1);
      continue;
    }
    if (IfOp.is(op)) {
      const newIf = addIfResult(r, op, out.type);
      let taken = newIf.region(0).blocks[0]!.terminator!;
      let other = newIf.region(1).blocks[0]!.terminator!;
      if (block === newIf.region(1).blocks[0]) [taken, other] = [other, taken];
      taken.setOperands([...taken.operandValues, out]);
      other.setOperands([...other.operandValues, input]);
      out = newIf.result(newIf.results.length - 1);
      r.eraseOp(op);
      continue;
    }
    throw new Error(`FIXME: sinking into unhandled control flow op: ${op.name}`);
  }
  return out;
}

// ---- MMAv5 ops ---------------------------------------------------------------------------------------

const MMAV5 = [TCGen5MMAOp, TCGen5MMAScaledOp] as const;
type MmaV5Handle = (typeof MMAV5)[number];

/** The handle of an MMAv5 op (MMAv5OpInterface), or undefined. */
export function mmaV5Handle(op: Operation): MmaV5Handle | undefined {
  return MMAV5.find((h) => h.is(op));
}
