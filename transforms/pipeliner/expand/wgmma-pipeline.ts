/**
 * After expansion: Hopper wgmma made asynchronous (Triton 3.6's WGMMAPipeline.cpp) and the async-copy waits
 * given their counts.
 *
 * asyncLaunchDots: every `ttng.warp_group_dot` of a loop gets `isAsync = true`. A dot whose shared operands
 * come from the multi-buffered ring (or from outside the loop), whose fp32 result only feeds the loop's yield
 * and whose previous-iteration result only feeds other dots' accumulators stays in flight: one
 * `ttng.warp_group_dot_wait {pendings = #async dots}` after the last such dot, and a `pendings = 0` wait after
 * the loop; any other dot is followed by `pendings = 0`. Waits take the dot results (and the dots' memdesc
 * operands, to keep the buffers alive) as operands and later users read the wait's results.
 *
 * updateWaits: each `ttg.async_wait`'s `num` becomes the smallest number of `ttg.async_commit_group`s between
 * its token's commit and the wait along every path (through loop iter_args), and adjacent waits merge.
 */
import { IntegerAttr } from '../../../dialect/ir/attribute.js';
import { Builder } from '../../../dialect/ir/builder.js';
import type { OpOperand, Operation, Value } from '../../../dialect/ir/ir.js';
import { FloatType, RankedTensorType } from '../../../dialect/ir/type.js';
import { NvidiaMmaEncodingAttr } from '../../../dialect/ttg/attrs/mma.js';
import { MemDescType } from '../../../dialect/ttg/types.js';
import { minimalCvtLayout } from '../../../dialect/ttg/utils/layout-utils.js';
import { splitRSDot } from './split-rs-dot.js';
import { ancestorInBlock, definedOutsideOfLoop, forBody, forInits, forIterArgs, forYield } from './loop-utils.js';
import { ForOp, IfOp, YieldOp } from '../../../dialect/scf/ops.js';
import { ReshapeOp, TransOp } from '../../../dialect/tt/ops.js';
import { AsyncCommitGroupOp, AsyncWaitOp, ConvertLayoutOp, MemDescIndexOp, MemDescReshapeOp, MemDescSubsliceOp, MemDescTransOp } from '../../../dialect/ttg/ops.js';
import { WarpGroupDotOp, WarpGroupDotWaitOp } from '../../../dialect/ttng/ops.js';

function pendingsOf(op: Operation): number {
  return Number(WarpGroupDotWaitOp.pendings(op).value);
}

function createDotWait(b: Builder, operands: readonly Value[], pendings: number, loc: Operation['loc']): Operation {
  return b.create({
    name: 'ttng.warp_group_dot_wait',
    operands,
    resultTypes: operands.map((v) => v.type),
    attributes: [['pendings', IntegerAttr.i32(pendings)]],
    loc,
  });
}

/** Triton's isNoop: reshapes, transposes, and layout conversions that move no data. */
function isNoop(op: Operation): boolean {
  if (ReshapeOp.is(op) || TransOp.is(op)) return true;
  if (!ConvertLayoutOp.is(op)) return false;
  const l = minimalCvtLayout(ConvertLayoutOp.src(op).type as RankedTensorType, op.result(0).type as RankedTensorType);
  return l !== undefined && l.getNumInDims() === 0 && l.getOutDimNames().length === 0;
}

/** Adds `values` (and the memdesc operands of the dots they come from) to `wait`; later users read its results. */
function threadValuesThroughWait(wait: Operation, values: readonly Value[]): void {
  const b = new Builder();
  b.setInsertionPoint(wait);
  const orig = wait.operands.length;
  const newOperands: Value[] = [...wait.operandValues];
  const add = (v: Value): void => {
    if (!newOperands.includes(v)) newOperands.push(v);
  };
  for (const v of values) add(v);
  const asyncDots: Operation[] = [];
  for (const v of values) backwardDots(v, wait.parent!, asyncDots, new Set());
  for (const dot of asyncDots) for (const o of dot.operandValues) if (o.type instanceof MemDescType) add(o);
  const newWait = createDotWait(b, newOperands, pendingsOf(wait), wait.loc);
  const dominated = (use: OpOperand): boolean => {
    const inBlock = ancestorInBlock(newWait.parent!, use.owner);
    return inBlock !== undefined && newWait.isBeforeInBlock(inBlock);
  };
  for (let i = 0; i < orig; i++) {
    if (!(wait.result(i).type instanceof MemDescType)) wait.result(i).replaceAllUsesWith(newWait.result(i));
  }
  for (let i = orig; i < newOperands.length; i++) {
    const v = newWait.operand(i);
    if (!(v.type instanceof MemDescType)) v.replaceUsesWithIf(newWait.result(i), dominated);
  }
  wait.erase();
}

/** getBackwardSlice of `v` within `block` (block arguments omitted), collecting the wgmma dots it stops at. */
function backwardDots(v: Value, block: Operation['parent'], dots: Operation[], seen: Set<Operation>): void {
  const def = v.definingOp;
  if (!def || seen.has(def)) return;
  if (WarpGroupDotOp.is(def)) {
    dots.push(def);
    return;
  }
  if (def.parent !== block) return;
  seen.add(def);
  for (const o of def.operandValues) backwardDots(o, block, dots, seen);
}

function rsDotNeedsWait(dot: Operation, forOp: Operation): boolean {
  if (!WarpGroupDotOp.is(dot)) return false;
  const a = WarpGroupDotOp.a(dot);
  if (!(a.type instanceof RankedTensorType)) return false;
  if (definedOutsideOfLoop(forOp, a)) return false;
  const def = a.definingOp;
  if (ConvertLayoutOp.is(def)) return !((ConvertLayoutOp.src(def!).type as RankedTensorType).encoding instanceof NvidiaMmaEncodingAttr);
  return true;
}

function dotCanBeProperlyAsync(dot: Operation, forOp: Operation): number | undefined {
  const body = forBody(forOp);
  const checkOperand = (operand: Value): boolean => {
    if (operand.type instanceof RankedTensorType) return true;
    let t = operand;
    const VIEWS = [ConvertLayoutOp, MemDescTransOp, MemDescReshapeOp, MemDescSubsliceOp];
    for (;;) {
      const def = t.definingOp;
      const view = def && VIEWS.find((h) => h.is(def));
      if (def && view) {
        t = view.src(def);
        continue;
      }
      if (!def) {
        const arg = t as unknown as { owner: unknown; index: number };
        if (arg.owner === body) {
          t = forYield(forOp).operand(arg.index - 1);
          continue;
        }
        // A block argument of another block: Triton loops here; treat it as not multi-buffered.
        return definedOutsideOfLoop(forOp, t);
      }
      break;
    }
    return definedOutsideOfLoop(forOp, t) || MemDescIndexOp.is(t.definingOp);
  };
  if (!checkOperand(WarpGroupDotOp.a(dot)) || !checkOperand(WarpGroupDotOp.b(dot))) return undefined;

  let iterArgIdx = -1;
  let iterArg: Value | undefined;
  const queue: [Operation, number][] = [];
  for (const u of dot.result(0).uses) queue.push([u.owner, u.index]);
  while (queue.length) {
    const [user, argIdx] = queue.pop()!;
    if (user.parentOp === forOp) {
      if (isNoop(user)) {
        for (const u of user.result(0).uses) queue.push([u.owner, u.index]);
        continue;
      }
      if (YieldOp.is(user)) {
        if (iterArg) return undefined;
        iterArgIdx = argIdx;
        iterArg = forIterArgs(forOp)[argIdx];
        continue;
      }
      return undefined;
    }
    const parent = user.parentOp;
    if (parent && IfOp.is(parent)) {
      if (YieldOp.is(user)) for (const u of parent.result(argIdx).uses) queue.push([u.owner, u.index]);
    } else {
      return undefined;
    }
  }
  const c = WarpGroupDotOp.c(dot).type as RankedTensorType;
  if (!(c.elementType instanceof FloatType) || c.elementType !== FloatType.get('f32')) return undefined;
  if (!iterArg) return undefined;
  const isTransitivelyDot = (use: OpOperand): boolean => {
    const user = use.owner;
    if (WarpGroupDotOp.is(user)) return use.index === 2;
    if (isNoop(user)) return user.result(0).uses.every(isTransitivelyDot);
    return false;
  };
  if (iterArg.uses.every(isTransitivelyDot)) return iterArgIdx;
  const firstWait = body.ops.find((o) => WarpGroupDotWaitOp.is(o) && pendingsOf(o) === 0);
  if (
    firstWait &&
    iterArg.users.every((u) => {
      const top = ancestorInBlock(body, u)!;
      return firstWait.isBeforeInBlock(top);
    })
  ) {
    threadValuesThroughWait(firstWait, [iterArg]);
    return iterArgIdx;
  }
  return undefined;
}

function insertAsyncWaitInLoop(forOp: Operation, asyncDots: Map<Operation, number>): void {
  if (!asyncDots.size) return;
  const body = forBody(forOp);
  if (body.ops.some((o) => WarpGroupDotWaitOp.is(o) && pendingsOf(o) === 0)) return;
  for (const dot of asyncDots.keys()) {
    if (rsDotNeedsWait(dot, forOp)) {
      const b = new Builder();
      b.setInsertionPointAfter(dot);
      const w = createDotWait(b, [], asyncDots.size - 1, dot.loc);
      threadValuesThroughWait(w, [dot.result(0)]);
      continue;
    }
    const byBlock = new Map<Operation['parent'], Value[]>();
    for (const u of dot.result(0).uses) {
      if (YieldOp.is(u.owner)) continue;
      const blk = u.owner.parent;
      const l = byBlock.get(blk) ?? [];
      l.push(u.value);
      byBlock.set(blk, l);
    }
    for (const [blk, users] of byBlock) {
      const b = new Builder();
      b.setInsertionPointToStart(blk!);
      const w = createDotWait(b, [], 0, dot.loc);
      threadValuesThroughWait(w, users);
    }
  }
  const last = [...asyncDots.keys()].pop()!;
  if (rsDotNeedsWait(last, forOp)) return;
  const b = new Builder();
  b.setInsertionPointAfter(last);
  const w = createDotWait(b, [], asyncDots.size, last.loc);
  threadValuesThroughWait(
    w,
    [...asyncDots.keys()].map((d) => d.result(0)),
  );
}

/** Makes the loop's wgmma dots asynchronous and places their waits (see the file comment). */
export function asyncLaunchDots(forOp: Operation): void {
  const body = forBody(forOp);
  const asyncDots = new Map<Operation, number>();
  for (const dot of body.ops.filter((o) => WarpGroupDotOp.is(o))) {
    dot.setAttr('isAsync', IntegerAttr.bool(true));
    const idx = dotCanBeProperlyAsync(dot, forOp);
    if (idx !== undefined) asyncDots.set(dot, idx);
    else {
      const b = new Builder();
      b.setInsertionPointAfter(dot);
      const w = createDotWait(b, [], 0, dot.loc);
      threadValuesThroughWait(w, [dot.result(0)]);
    }
  }
  if (!asyncDots.size) return;
  // Split register-A dots into instruction-K dots, unless a wait 0 in the loop would serialize them anyway.
  let dots = asyncDots;
  if (body.ops.every((o) => !WarpGroupDotWaitOp.is(o) || pendingsOf(o) !== 0)) {
    dots = new Map();
    for (const [dot, idx] of asyncDots) for (const d of splitRSDot(dot)) dots.set(d, idx);
  }
  insertAsyncWaitInLoop(forOp, dots);
  const b = new Builder();
  b.setInsertionPointAfter(forOp);
  const w = createDotWait(b, [], 0, forOp.loc);
  threadValuesThroughWait(
    w,
    [...dots.values()].map((i) => forOp.result(i)),
  );
}

// ---- async copy wait counts ------------------------------------------------------------------------

function commitsBetween(from: Operation | undefined, to: Operation): number {
  let n = 0;
  for (let op = from; op && op !== to; op = op.nextOp) if (AsyncCommitGroupOp.is(op)) n++;
  return n;
}

function minInterleavedCommits(wait: Operation): number {
  let minCommits = Number.MAX_SAFE_INTEGER;
  const minOver = (v: Value, sink: Operation, sum: number): number => {
    const def = v.definingOp;
    if (def) {
      sum += commitsBetween(def.nextOp, sink);
      minCommits = Math.min(minCommits, sum);
      return minCommits;
    }
    const arg = v as unknown as { owner: { parentOp: Operation | undefined; ops: Operation[]; terminator: Operation | undefined }; index: number };
    const forOp = arg.owner.parentOp;
    if (!forOp || !ForOp.is(forOp)) return 0;
    sum += commitsBetween(arg.owner.ops[0], sink);
    if (sum >= minCommits) return minCommits;
    const m1 = minOver(forInits(forOp)[arg.index - 1]!, forOp, sum);
    const m2 = minOver(arg.owner.terminator!.operand(arg.index - 1), arg.owner.terminator!, sum);
    return Math.min(m1, m2, minCommits);
  };
  if (wait.operands.length !== 1) return 0;
  const v = AsyncWaitOp.asyncToken(wait)[0]!;
  let sink = wait;
  const vRegion = v.parentBlock?.parent;
  while (sink.parent?.parent !== vRegion && sink.parentOp) sink = sink.parentOp;
  return minOver(v, sink, 0);
}

/** Sets every `ttg.async_wait`'s count and merges waits with no commit or control flow between them. */
export function updateWaits(module: Operation): void {
  const waits: Operation[] = [];
  module.walkPostOrder((op) => {
    if (!AsyncWaitOp.is(op)) return;
    op.setAttr('num', IntegerAttr.i32(minInterleavedCommits(op)));
    if (!waits.includes(op)) waits.push(op);
  });
  const replaced = new Map<Operation, Operation>();
  for (const w of waits) {
    if (replaced.has(w)) continue;
    const group = [w];
    const tokens = [...w.operandValues];
    let minNum = Number(AsyncWaitOp.num(w).value);
    for (let next = w.nextOp; next && !AsyncCommitGroupOp.is(next) && !next.hasTrait('RegionBranchOpInterface'); next = next.nextOp) {
      if (AsyncWaitOp.is(next)) {
        group.push(next);
        minNum = Math.min(minNum, Number(AsyncWaitOp.num(next).value));
        tokens.push(...next.operandValues);
      }
    }
    if (group.length === 1) continue;
    const b = new Builder();
    b.setInsertionPoint(group[0]!);
    const nw = b.create({ name: 'ttg.async_wait', operands: tokens, resultTypes: [w.result(0).type], attributes: [['num', IntegerAttr.i32(minNum)]], loc: w.loc });
    for (const g of group) replaced.set(g, nw);
  }
  for (const [old, nw] of replaced) {
    old.result(0).replaceAllUsesWith(nw.result(0));
    old.erase();
  }
}
