/**
 * Small IR helpers the pipeliner shares: `scf.for` accessors, adding loop-carried values, stage-aware
 * builders (new ops join the schedule at the builder's stage/cluster), buffer views and wrap-around counters,
 * and the top-level users of a value inside a loop (through the yield and memdesc views).
 */
import { IntegerAttr, type Attribute } from '../../../dialect/ir/attribute.js';
import { Builder } from '../../../dialect/ir/builder.js';
import { createOperation } from '../../../dialect/ir/create.js';
import type { Block, BlockArgument, OpOperand, Operation, Value } from '../../../dialect/ir/ir.js';
import { IntegerType, RankedTensorType, type Type } from '../../../dialect/ir/type.js';
import { ForOp, YieldOp } from '../../../dialect/scf/ops.js';
import { MemDescType } from '../../../dialect/ttg/types.js';
import type { CoarseSchedule, Cluster } from './coarse-schedule.js';

export function forBody(forOp: Operation): Block {
  return forOp.region(0).blocks[0]!;
}
export function forIV(forOp: Operation): BlockArgument {
  return forBody(forOp).args[0]!;
}
export function forIterArgs(forOp: Operation): BlockArgument[] {
  return forBody(forOp).args.slice(1);
}
export function forInits(forOp: Operation): Value[] {
  return ForOp.initArgs(forOp);
}
export function forYield(forOp: Operation): Operation {
  return forBody(forOp).terminator!;
}
export function forLowerBound(forOp: Operation): Value {
  return ForOp.lowerBound(forOp);
}
export function forUpperBound(forOp: Operation): Value {
  return ForOp.upperBound(forOp);
}
export function forStep(forOp: Operation): Value {
  return ForOp.step(forOp);
}
/** Whether `v` is defined outside the loop's body region. */
export function definedOutsideOfLoop(forOp: Operation, v: Value): boolean {
  const b = v.parentBlock;
  if (!b) return true;
  for (let op: Operation | undefined = b.parentOp; op; op = op.parentOp) if (op === forOp) return false;
  return true;
}

/** The ancestor of `op` (or `op`) that lies directly in `block`. */
export function ancestorInBlock(block: Block, op: Operation): Operation | undefined {
  for (let o: Operation | undefined = op; o; o = o.parentOp) if (o.parent === block) return o;
  return undefined;
}

/** Triton's addIterArgsToLoop: a new loop with `inits` appended, the body moved, old results replaced. */
export function addIterArgsToLoop(b: Builder, loop: Operation, inits: readonly Value[]): Operation {
  const newLoop = createOperation({
    name: 'scf.for',
    operands: [...loop.operandValues, ...inits],
    resultTypes: [...loop.results.map((r) => r.type), ...inits.map((v) => v.type)],
    attributes: [...loop.attributes],
    regions: 1,
    loc: loop.loc,
  });
  loop.parent!.insertBefore(loop, newLoop);
  newLoop.region(0).takeBody(loop.region(0));
  const body = forBody(newLoop);
  for (const v of inits) body.addArgument(v.type, v.definingOp?.loc ?? loop.loc);
  loop.results.forEach((r, i) => r.replaceAllUsesWith(newLoop.result(i)));
  if (b.insertionPointOp === loop) b.setInsertionPoint(newLoop);
  loop.erase();
  return newLoop;
}

export function appendYieldOperands(forOp: Operation, values: readonly Value[]): void {
  const y = forYield(forOp);
  y.setOperands([...y.operandValues, ...values]);
}

const i32 = (): Type => IntegerType.get(32);

export function constI32(b: Builder, v: number): Value {
  return constInt(b, i32(), v);
}
export function constInt(b: Builder, t: Type, v: number): Value {
  return b.create({ name: 'arith.constant', resultTypes: [t], attributes: [['value', IntegerAttr.get(t, v)]] }).result(0);
}
export function constBool(b: Builder, v: boolean): Value {
  return b.create({ name: 'arith.constant', resultTypes: [IntegerType.get(1)], attributes: [['value', IntegerAttr.bool(v)]] }).result(0);
}

export function binary(b: Builder, name: string, lhs: Value, rhs: Value): Value {
  return b.create({ name, operands: [lhs, rhs], resultTypes: [lhs.type] }).result(0);
}

const CMP_PREDICATES: Record<string, number> = { eq: 0, ne: 1, slt: 2, sle: 3, sgt: 4, sge: 5, ult: 6, ule: 7, ugt: 8, uge: 9 };

export function cmpi(b: Builder, pred: keyof typeof CMP_PREDICATES | string, lhs: Value, rhs: Value): Value {
  const i1 = IntegerType.get(1);
  const t = lhs.type;
  const resultType = t instanceof RankedTensorType ? t.withElementType(i1) : i1;
  return b
    .create({ name: 'arith.cmpi', operands: [lhs, rhs], resultTypes: [resultType], attributes: [['predicate', IntegerAttr.get(IntegerType.get(64), CMP_PREDICATES[pred]!)]] })
    .result(0);
}

export function select(b: Builder, cond: Value, t: Value, f: Value): Value {
  return b.create({ name: 'arith.select', operands: [cond, t, f], resultTypes: [t.type] }).result(0);
}

/** `counter + 1`, wrapped to `zero` when it reaches `modulus`; also returns the wrap condition. */
export function incrementModulo(b: Builder, counter: Value, modulus: Value, zero: Value, one: Value): { value: Value; wrapped: Value } {
  const addOne = binary(b, 'arith.addi', counter, one);
  const wrapped = cmpi(b, 'sge', addOne, modulus);
  return { value: select(b, wrapped, zero, addOne), wrapped };
}

/** `ttg.memdesc_index alloc[idx]`: one buffer of a multi-buffered allocation. */
export function singleBufferView(b: Builder, alloc: Value, idx: Value): Value {
  const t = alloc.type as MemDescType;
  const view = MemDescType.get({
    shape: t.shape.slice(1),
    elementType: t.elementType,
    encoding: t.encoding,
    memorySpace: t.memorySpace,
    mutableMemory: t.mutableMemory,
  });
  return b.create({ name: 'ttg.memdesc_index', operands: [alloc, idx], resultTypes: [view], loc: alloc.definingOp?.loc }).result(0);
}

/** A builder whose new ops join `schedule` at its current stage and cluster (OpBuilderForStage). */
export class StageBuilder extends Builder {
  stage: number | undefined;
  cluster: Cluster | undefined;
  constructor(readonly schedule: CoarseSchedule) {
    super();
    this.listener = {
      notifyOperationInserted: (op) => {
        if (this.stage !== undefined && this.cluster) this.schedule.insert(op, this.stage, this.cluster);
      },
    };
  }
  /** Starts at `op` (inserting before it) with `op`'s stage and cluster, when it has one. */
  static at(schedule: CoarseSchedule, op: Operation): StageBuilder {
    const b = new StageBuilder(schedule);
    b.setInsertionPoint(op);
    const e = schedule.entries.get(op);
    if (e) {
      b.stage = e.stage;
      b.cluster = e.cluster;
    }
    return b;
  }
  setStageCluster(sc: { stage: number; cluster: Cluster | undefined }): void {
    this.stage = sc.stage;
    this.cluster = sc.cluster;
  }
}

/**
 * The ops directly in `forOp`'s body that use `op`'s results, following loop-carried values into their
 * next-iteration uses and memdesc views into their users (getTopLevelUsersInLoop).
 */
export function topLevelUsersInLoop(op: Operation, forOp: Operation, filter?: (user: Operation) => boolean): Set<Operation> {
  const out = new Set<Operation>();
  const body = forBody(forOp);
  const queue: OpOperand[] = [];
  for (const r of op.results) queue.push(...r.uses);
  while (queue.length) {
    const use = queue.pop()!;
    const owner = use.owner;
    if (YieldOp.is(owner) && owner.parentOp === forOp) {
      queue.push(...forIterArgs(forOp)[use.index]!.uses);
      continue;
    }
    if (owner.hasTrait('MemDescViewTrait')) {
      for (const r of owner.results) queue.push(...r.uses);
      continue;
    }
    if (filter && !filter(owner)) continue;
    const top = ancestorInBlock(body, owner);
    if (top) out.add(top);
  }
  return out;
}

/** The use of `ops` that comes first in the pipelined loop (stage, then cluster, then body order). */
export function firstUseOfPipelinedOp(ops: readonly Operation[], forOp: Operation, schedule: CoarseSchedule): Operation | undefined {
  const users = new Set<Operation>();
  for (const op of ops) for (const u of topLevelUsersInLoop(op, forOp)) users.add(u);
  let best: Operation | undefined;
  for (const u of users) {
    if (!best) {
      best = u;
      continue;
    }
    const c = schedule.get(u);
    const cur = schedule.get(best);
    if (
      c.stage < cur.stage ||
      (c.stage === cur.stage && schedule.isBefore(c.cluster, cur.cluster)) ||
      (c.stage === cur.stage && c.cluster === cur.cluster && u.isBeforeInBlock(best))
    )
      best = u;
  }
  return best;
}

export function attrsOf(op: Operation): [string, Attribute][] {
  return [...op.attributes];
}
