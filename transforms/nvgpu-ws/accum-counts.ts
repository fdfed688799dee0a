/**
 * The accumulation counters of code partition (Triton 3.6's collectRegionsWithChannels and appendAccumCntsForOps,
 * WSBuffer.cpp / CodePartitionUtility.cpp): every loop that holds a channel's consumer counts its iterations in an
 * extra i64 iter arg (from 0 at the top level, else from the enclosing loop's counter), from which the buffer
 * index and phase are derived; an enclosing loop carries the counters of the loops it holds, in pre-order. The
 * new loops are made without the old ones' attributes (as Triton's ForOp::create), labelled with the tasks of
 * everything they hold. Only scf.for nests are done here: an scf.if holding a channel is a located error.
 */
import { IntegerAttr } from '../../dialect/ir/attribute.js';
import { Builder } from '../../dialect/ir/builder.js';
import type { Operation, Value } from '../../dialect/ir/ir.js';
import { IntegerType } from '../../dialect/ir/type.js';
import { ForOp, IfOp } from '../../dialect/scf/ops.js';
import { type Channel, CodePartitionError } from './channels.js';
import { getNestedAsyncTaskIds, setAsyncTaskIds } from './task-ids.js';

/** collectRegionsWithChannels: the loops and ifs that directly hold a channel's consumer (first-seen order). */
export function regionsWithChannels(channels: readonly Channel[]): Operation[] {
  const out: Operation[] = [];
  for (const c of channels) {
    const p = c.dst.parentOp;
    if (p && (ForOp.is(p) || IfOp.is(p)) && !out.includes(p)) out.push(p);
  }
  return out;
}

function isProperAncestor(a: Operation, op: Operation): boolean {
  for (let cur = op.parentOp; cur; cur = cur.parentOp) if (cur === a) return true;
  return false;
}

/** getAccumCnts: how many counters `ctrl` carries (itself and what it encloses). */
export function accumCount(ctrl: Operation, regions: readonly Operation[]): number {
  return regions.filter((r) => r === ctrl || isProperAncestor(ctrl, r)).length;
}

/** getAccumCntsPreOrder: the regions with channels in `ctrl` (itself included), in pre-order. */
function preOrderRegions(ctrl: Operation, regions: readonly Operation[]): Operation[] {
  const out: Operation[] = [];
  const visit = (op: Operation): void => {
    if ((ForOp.is(op) || IfOp.is(op)) && regions.includes(op)) out.push(op);
    for (const r of op.regions) for (const b of r.blocks) for (const o of b.ops) visit(o);
  };
  visit(ctrl);
  return out;
}

/** getAccumArgIdx: how many regions with channels a pre-order walk of `loop` meets before `ctrl`. */
export function accumArgIndex(loop: Operation, ctrl: Operation, regions: readonly Operation[]): number {
  let n = 0;
  let found = -1;
  const visit = (op: Operation): void => {
    if (op === ctrl) found = n;
    if (regions.includes(op)) n++;
    for (const r of op.regions) for (const b of r.blocks) for (const o of b.ops) visit(o);
  };
  visit(loop);
  return found;
}

function withIds<T extends Operation>(op: T, ids: readonly number[]): T {
  setAsyncTaskIds(op, ids);
  return op;
}

const i64 = (): IntegerType => IntegerType.get(64);

function constI64(b: Builder, v: number, ids: readonly number[], loc: Operation['loc']): Value {
  return withIds(b.create({ name: 'arith.constant', resultTypes: [i64()], attributes: [['value', IntegerAttr.get(i64(), v)]], loc }), ids).result(0);
}

interface State {
  regions: Operation[];
  topOps: Operation[];
}

function replaceIn(list: Operation[], from: Operation, to: Operation): void {
  const i = list.indexOf(from);
  if (i >= 0) list[i] = to;
}

/** createNewLoop: `forOp` with `inits.length` more i64 iter args (yielded unchanged for now). */
function loopWithCounters(forOp: Operation, inits: readonly Value[]): Operation {
  const ids = getNestedAsyncTaskIds(forOp);
  const body = forOp.region(0).blocks[0]!;
  const first = body.args.length;
  for (let i = 0; i < inits.length; i++) body.addArgument(i64(), forOp.loc);
  const yieldOp = body.terminator!;
  yieldOp.setOperands([...yieldOp.operandValues, ...body.args.slice(first)]);
  const b = new Builder();
  b.setInsertionPoint(forOp);
  const operands = [ForOp.lowerBound(forOp), ForOp.upperBound(forOp), ForOp.step(forOp), ...ForOp.initArgs(forOp), ...inits];
  const newFor = withIds(b.create({ name: 'scf.for', operands, resultTypes: [...forOp.results.map((r) => r.type), ...inits.map(() => i64())], regions: 1, loc: forOp.loc }), ids);
  newFor.region(0).takeBody(forOp.region(0));
  forOp.results.forEach((r, i) => r.replaceAllUsesWith(newFor.result(i)));
  forOp.erase();
  return newFor;
}

/** createNewLoopWrapper. */
function rewriteLoop(forOp: Operation, st: State): Operation {
  const parent = forOp.getParentWhere((p) => ForOp.is(p));
  const own = preOrderRegions(forOp, st.regions);
  const inits: Value[] = [];
  if (parent) {
    const args = parent.region(0).blocks[0]!.args;
    const base = args.length - accumCount(parent, st.regions) + (own.length > 0 ? accumArgIndex(parent, own[0]!, st.regions) : 0);
    for (let i = 0; i < own.length; i++) inits.push(args[base + i]!);
  } else {
    const b = new Builder();
    b.setInsertionPoint(forOp);
    const ids = getNestedAsyncTaskIds(forOp);
    for (let i = 0; i < own.length; i++) inits.push(constI64(b, 0, ids, forOp.loc));
  }
  const newFor = loopWithCounters(forOp, inits);
  replaceIn(st.topOps, forOp, newFor);
  replaceIn(st.regions, forOp, newFor);
  const body = newFor.region(0).blocks[0]!;
  const inner = body.ops.filter((op) => op !== body.terminator && (ForOp.is(op) || IfOp.is(op)));
  const rewritten = rewriteAll(inner, st);
  if (inits.length === 0) return newFor;
  const yieldOp = body.terminator!;
  let argId = body.args.length - inits.length;
  if (st.regions.includes(newFor)) {
    const arg = body.args[argId]!;
    const b = new Builder();
    b.setInsertionPoint(yieldOp);
    const ids = getNestedAsyncTaskIds(newFor);
    const one = constI64(b, 1, ids, newFor.loc);
    const end = withIds(b.create({ name: 'arith.addi', operands: [arg, one], resultTypes: [i64()], loc: newFor.loc }), ids).result(0);
    yieldOp.setOperands(yieldOp.operandValues.map((v) => (v === arg ? end : v)));
    argId++;
  }
  for (const op of rewritten) {
    const n = accumCount(op, st.regions);
    if (n === 0) continue;
    for (let i = 0; i < n; i++) {
      const arg = body.args[argId]!;
      const end = op.results[op.results.length - n + i]!;
      yieldOp.setOperands(yieldOp.operandValues.map((v) => (v === arg ? end : v)));
      argId++;
    }
  }
  return newFor;
}

/** updateAccumLoopCount on a list of loops and ifs of one block; returns them as rewritten. */
function rewriteAll(ops: readonly Operation[], st: State): Operation[] {
  return ops.map((op) => {
    if (ForOp.is(op)) return rewriteLoop(op, st);
    if (accumCount(op, st.regions) > 0) throw new CodePartitionError(op, 'code partition of a channel inside an scf.if is not supported yet');
    // An if without channels: Triton gives the loops it holds counters; not done here.
    let holdsLoop = false;
    op.walk((o) => {
      if (ForOp.is(o)) holdsLoop = true;
    });
    if (holdsLoop) throw new CodePartitionError(op, 'code partition of a loop inside an scf.if is not supported yet');
    return op;
  });
}

/**
 * appendAccumCntsForOps on the task top ops (getTaskTopRegion's); `regions` (collectRegionsWithChannels') and
 * `topOps` are updated to the new loops.
 */
export function appendAccumCnts(topOps: Operation[], regions: Operation[]): void {
  const st: State = { regions, topOps };
  const list = topOps.filter((op) => ForOp.is(op) || IfOp.is(op));
  rewriteAll(list, st);
}
