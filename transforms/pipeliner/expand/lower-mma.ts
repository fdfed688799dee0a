/**
 * LowerLoops' MMAv5 half (Triton 3.6's lowerMMAs in LowerLoops.cpp), run on each scheduled loop before its
 * loads are lowered. Every `ttng.tc_gen5_mma[_scaled]` that `tritongpu-assign-latencies` marked with
 * `tt.self_latency` (and whose accumulator is a `ttng.tmem_alloc`) becomes asynchronous:
 *   - a ring of mbarriers (one per stage the MMA stays in flight) is allocated around the loop; the MMA gets
 *     `is_async` and arrives on the current barrier; a `ttng.wait_barrier` (with the A/B/scale buffers as
 *     `deps`, since they stay in use until it completes) is placed `self_latency` stages later, or earlier,
 *     right before the first `ttng.tmem_load` of the accumulator in the MMA's block (or before the first
 *     unpipelineable operand producer, which is first moved out of the loop as an alloc + store), in a new
 *     cluster split off in front of that op. Loads of the accumulator nested in `scf.if`s of earlier stages get
 *     a wait of their own. The phase and the ring index are loop-carried (`xori` / wrap-around counter).
 *   - when the accumulator is used across stages (its first and last in-loop users are scheduled apart), it
 *     is multi-buffered: a `N x` tensor-memory allocation replaces it, a loop-carried index picks the buffer,
 *     advanced wherever the accumulator is overwritten (a `ttng.tmem_store` in the loop, or an MMA whose
 *     use-accumulator flag is not constant true); the token chains of the accumulator are cut (`ub.poison`).
 * New ops join the schedule at their anchors' stage and cluster.
 */
import { UnitAttr } from '../../../dialect/ir/attribute.js';
import { Builder } from '../../../dialect/ir/builder.js';
import { DiagnosticError, opError } from '../../../dialect/ir/diagnostics.js';
import { OpOperand, type Operation, type Value } from '../../../dialect/ir/ir.js';
import { operationProperlyDominates } from '../../../dialect/ir/rewrite/dominance.js';
import { getConstantValue } from '../../../dialect/ir/rewrite/registry.js';
import { IntegerAttr } from '../../../dialect/ir/attribute.js';
import { IntegerType } from '../../../dialect/ir/type.js';
import { AsyncTokenType, MemDescType } from '../../../dialect/ttg/types.js';
import { LocalAllocOp, LocalStoreOp } from '../../../dialect/ttg/ops.js';
import { TCGen5MMAScaledOp } from '../../../dialect/ttng/mma-v5-ops.js';
import { TMEMAllocOp, TMEMLoadOp, TMEMStoreOp, WaitBarrierOp } from '../../../dialect/ttng/ops.js';
import { ATTR_SELF_LATENCY, isMMAv5 } from '../latency-utils.js';
import { pipelineableOperands } from '../mma-v5-latency.js';
import type { CoarseSchedule, StageCluster } from './coarse-schedule.js';
import { createBarrierAlloc } from './lower-loops.js';
import { replaceUsesAndPropagateType } from './memdesc-uses.js';
import {
  StageBuilder,
  addIterArgsToLoop,
  ancestorInBlock,
  appendYieldOperands,
  binary,
  constBool,
  constI32,
  forBody,
  forIterArgs,
  forYield,
  incrementModulo,
  select,
  singleBufferView,
} from './loop-utils.js';

/** Lowers the MMAv5 ops of `forOp` (nested ones included); returns the loop, rebuilt when iter args were added. */
export function lowerMMAs(forOp: Operation, schedule: CoarseSchedule): Operation {
  const mmas: Operation[] = [];
  forOp.walkPostOrder((op) => {
    if (isMMAv5(op)) mmas.push(op);
  });
  for (const mma of mmas) forOp = lowerMMA(mma, forOp, schedule);
  return forOp;
}

// ---- operand groups -------------------------------------------------------------------------------------

/** The start and size of operand group `name` of `op`. */
function groupRange(op: Operation, name: string): { start: number; size: number } {
  const def = op.def!;
  const idx = def.operands.findIndex((o) => o.name === name);
  const sizes = op.groupSizes();
  let start = 0;
  for (let i = 0; i < idx; i++) start += sizes[i]!;
  return { start, size: sizes[idx]! };
}

/** Empties the optional operand group `name` (MutableOperandRange::clear); other operands keep their uses. */
function clearGroup(op: Operation, name: string): void {
  const { start, size } = groupRange(op, name);
  if (!size) return;
  const sizes = [...op.groupSizes()];
  const idx = op.def!.operands.findIndex((o) => o.name === name);
  const kept: OpOperand[] = [];
  op.operands.forEach((o, i) => {
    if (i >= start && i < start + size) o.detach();
    else kept.push(o);
  });
  kept.forEach((o, i) => (o.index = i));
  op.operands = kept;
  sizes[idx] = 0;
  if (op.operandSegments) op.operandSegments = sizes;
}

/** Sets the single operand of group `name`. */
function setSingle(op: Operation, name: string, v: Value): void {
  op.setOperand(groupRange(op, name).start, v);
}

/** MMAv5OpInterface::addCompletionBarrier: appends a barrier and its predicate (the operand list is rebuilt). */
function addCompletionBarrier(mma: Operation, barrier: Value, pred: Value): void {
  const names = mma.def!.operands.map((o) => o.name);
  const groups = names.map((n) => [...mma.operandGroup(n)]);
  groups[names.indexOf('barriers')]!.push(barrier);
  groups[names.indexOf('barrier_preds')]!.push(pred);
  mma.setOperands(groups.flat());
  mma.operandSegments = groups.map((g) => g.length);
}

/** Operation::getUsers over all results (a user once per use, as MLIR). */
function usersOf(op: Operation): Operation[] {
  const out: Operation[] = [];
  for (const r of op.results) for (const u of r.uses) out.push(u.owner);
  return out;
}

/** Triton's getSelfLatencyFromAttr: the MMA's `tt.self_latency` (0 without it), removed from the op. */
function takeSelfLatency(op: Operation): number {
  const a = op.getAttr(ATTR_SELF_LATENCY);
  if (!(a instanceof IntegerAttr)) return 0;
  op.removeAttr(ATTR_SELF_LATENCY);
  return Number(a.value);
}

function isConstTrue(v: Value): boolean {
  const a = getConstantValue(v);
  return a instanceof IntegerAttr && a.type instanceof IntegerType && a.type.width === 1 && a.value !== 0n;
}

/** The op is directly in the loop body or nested in it (forOp->isAncestor(op)). */
function inLoop(forOp: Operation, op: Operation): boolean {
  return forOp.isAncestorOf(op);
}

// ---- lowering -------------------------------------------------------------------------------------------

/** The earliest and latest (by schedule) top-level loop ops that use the accumulator allocation. */
function tmemUseStageBoundOps(alloc: Operation, forOp: Operation, schedule: CoarseSchedule): [Operation, Operation] | undefined {
  let first: Operation | undefined;
  let last: Operation | undefined;
  for (const user of usersOf(alloc)) {
    const parent = user.parentOp;
    if (!parent || !(parent === forOp || forOp.isAncestorOf(parent))) continue;
    const top = ancestorInBlock(forBody(forOp), user);
    if (!top || !schedule.has(top)) return undefined;
    first ??= top;
    last ??= top;
    if (schedule.isOpBefore(top, first)) first = top;
    if (schedule.isOpBefore(last, top)) last = top;
  }
  return first && last ? [first, last] : undefined;
}

function lowerMMA(mma: Operation, forOp: Operation, schedule: CoarseSchedule): Operation {
  const alloc = mma.operandGroup('d')[0]!.definingOp;
  if (!alloc || !TMEMAllocOp.is(alloc)) return forOp;
  const selfLatency = takeSelfLatency(mma);
  if (selfLatency === 0) return forOp;
  // Only MMAs directly in the loop body are scheduled; nested ones have nothing to anchor their waits to.
  if (mma.parent !== forBody(forOp) || !schedule.has(mma)) return forOp;

  const bounds = tmemUseStageBoundOps(alloc, forOp, schedule);
  if (!bounds) return forOp;
  const [firstUse, lastUse] = bounds;
  let tmemUseNumStages = schedule.get(lastUse).stage - schedule.get(firstUse).stage;
  // A use in a later cluster (or later in the same cluster) than the def overlaps the next def: one more buffer.
  if (
    schedule.isOpInEarlierCluster(firstUse, lastUse) ||
    (schedule.isOpInSameCluster(firstUse, lastUse) && firstUse.isBeforeInBlock(lastUse))
  ) {
    tmemUseNumStages += 1;
  }

  const b = new Builder();
  b.setInsertionPoint(forOp);
  const minusOne = constI32(b, -1);
  const zero = constI32(b, 0);
  const newOperands = [zero, zero];
  if (tmemUseNumStages > 1) newOperands.push(minusOne);
  const firstNew = forIterArgs(forOp).length;
  forOp = addIterArgsToLoop(b, forOp, newOperands);
  const args = forIterArgs(forOp);
  appendYieldOperands(forOp, newOperands.map((_, i) => args[firstNew + i]!));

  createBarrierAndWaitOps(forOp, schedule, mma, selfLatency, alloc, firstNew, firstNew + 1);
  if (tmemUseNumStages > 1) multibufferTensorMemory(forOp, schedule, alloc, firstNew + 2, tmemUseNumStages);
  return forOp;
}

/**
 * Moves an in-loop `ttng.tmem_alloc` / `ttg.local_alloc` with a source out of the loop as a mutable
 * allocation, storing the source into it where the alloc was; returns that store (hoistBufferOutOfLoop).
 */
function hoistBufferOutOfLoop(forOp: Operation, op: Operation, schedule: CoarseSchedule): Operation | undefined {
  if (!TMEMAllocOp.is(op) && !LocalAllocOp.is(op)) return undefined;
  if (!forOp.isAncestorOf(op)) return undefined;
  const b = StageBuilder.at(schedule, forOp);
  const t = op.result(0).type as MemDescType;
  const newAlloc = b.clone(op);
  newAlloc.result(0).type = MemDescType.get({
    shape: t.shape,
    elementType: t.elementType,
    encoding: t.encoding,
    memorySpace: t.memorySpace,
    mutableMemory: true,
  });
  const src = op.operandGroup('src')[0]!;
  clearGroup(newAlloc, 'src');
  b.setStageCluster(schedule.get(op));
  b.setInsertionPointAfter(op);
  let store: Operation;
  if (TMEMAllocOp.is(newAlloc)) {
    const vTrue = constBool(b, true);
    store = b.create({ name: TMEMStoreOp.opName, operands: [newAlloc.result(0), src, vTrue], loc: op.loc });
  } else {
    store = b.create({ name: LocalStoreOp.opName, operands: [src, newAlloc.result(0)], loc: op.loc });
  }
  replaceUsesAndPropagateType(b, op, newAlloc.result(0));
  op.erase();
  return store;
}

function createBarrierAndWaitOps(
  forOp: Operation,
  schedule: CoarseSchedule,
  mma: Operation,
  selfLatency: number,
  alloc: Operation,
  phaseArgIdx: number,
  barrierIdxArgIdx: number,
): void {
  const mmaStage = schedule.get(mma).stage;
  const isLoadToBePipelined = (op: Operation): boolean => mmaStage > schedule.get(op).stage;

  // The first read of the accumulator in the MMA's block bounds how long the MMA may stay in flight.
  let latestSyncPoint: Operation | undefined;
  for (const user of usersOf(alloc)) {
    if (!TMEMLoadOp.is(user) || user.parent !== mma.parent) continue;
    if (!latestSyncPoint || schedule.isOpBefore(user, latestSyncPoint)) latestSyncPoint = user;
  }

  const helper = pipelineableOperands(mma, forOp, isLoadToBePipelined);
  const updatedDefs = helper.blockers.map((def) => hoistBufferOutOfLoop(forOp, def, schedule) ?? def);
  if (!helper.pipelineable && helper.determined) {
    // Operands written in the loop: the MMA must be done before the first of them is overwritten.
    for (const def of updatedDefs) {
      if (!latestSyncPoint || schedule.isOpBefore(def, latestSyncPoint)) latestSyncPoint = def;
    }
  }

  let mainWait: StageCluster = { stage: mmaStage + selfLatency, cluster: schedule.get(mma).cluster };
  if (latestSyncPoint && helper.determined) {
    const stage = schedule.isOpBefore(latestSyncPoint, mma) ? mmaStage + 1 : schedule.get(latestSyncPoint).stage;
    mainWait = { stage, cluster: schedule.newBefore(schedule.splitClusterBefore(latestSyncPoint, forOp)!) };
  }
  const numStages = mainWait.stage - mmaStage + 1;

  const b = StageBuilder.at(schedule, mma);
  const barrierAlloc = createBarrierAlloc(forOp, numStages);
  const vTrue = constBool(b, true);
  const phase = forIterArgs(forOp)[phaseArgIdx]!;
  const zero = constI32(b, 0);
  const barrierIdx = numStages > 1 ? forIterArgs(forOp)[barrierIdxArgIdx]! : zero;
  const one = constI32(b, 1);
  const numStagesVal = constI32(b, numStages);

  const barrierSlice = singleBufferView(b, barrierAlloc, barrierIdx);
  addCompletionBarrier(mma, barrierSlice, vTrue);
  mma.setAttr('is_async', UnitAttr.get());

  // The operand buffers stay in use until the MMA completes.
  const waitBuffers = [mma.operandGroup('a')[0]!, mma.operandGroup('b')[0]!];
  if (TCGen5MMAScaledOp.is(mma)) waitBuffers.push(TCGen5MMAScaledOp.a_scale(mma), TCGen5MMAScaledOp.b_scale(mma));
  const createWait = (): Operation =>
    b.create({ name: WaitBarrierOp.opName, operands: [barrierSlice, phase, ...waitBuffers], operandSegments: [1, 1, 0, waitBuffers.length], loc: mma.loc });

  b.setInsertionPointAfter(mma);
  b.setStageCluster(mainWait);
  createWait();

  // Reads of the accumulator nested in conditionals of earlier stages wait for the MMA themselves.
  for (const user of usersOf(alloc)) {
    if (!TMEMLoadOp.is(user) || user.parent === mma.parent) continue;
    const top = ancestorInBlock(forBody(forOp), user);
    if (!top) continue;
    const at = schedule.get(top);
    if (at.stage < mainWait.stage) {
      b.setStageCluster(at);
      b.setInsertionPoint(user);
      createWait();
    }
  }

  b.setStageCluster(schedule.get(mma));
  const yieldOp = forYield(forOp);
  b.setInsertionPoint(yieldOp);
  let newPhase = binary(b, 'arith.xori', phase, one);
  let newBarrierIdx = barrierIdx;
  if (numStages > 1) {
    const inc = incrementModulo(b, barrierIdx, numStagesVal, zero, one);
    newBarrierIdx = inc.value;
    newPhase = select(b, inc.wrapped, newPhase, phase);
  }
  replaceUsesOfWith(yieldOp, phase, newPhase);
  replaceUsesOfWith(yieldOp, barrierIdx, newBarrierIdx);
}

function replaceUsesOfWith(op: Operation, from: Value, to: Value): void {
  op.operands.forEach((o, i) => {
    if (o.value === from) op.setOperand(i, to);
  });
}

/** Replaces the uses of `oldValue` in ops that `domOp` properly dominates. */
function replaceAllUsesDominatedBy(domOp: Operation, newValue: Value, oldValue: Value): void {
  if (newValue === oldValue) return;
  oldValue.replaceUsesWithIf(newValue, (use) => operationProperlyDominates(domOp, use.owner));
}

function multibufferTensorMemory(forOp: Operation, schedule: CoarseSchedule, alloc: Operation, bufIdxArgIdx: number, numBuffers: number): void {
  const bufIdx = forIterArgs(forOp)[bufIdxArgIdx]!;
  // The buffer index in effect after each op that may switch buffers, in body order.
  const bufIdxDefs: [Operation, Value][] = [[forBody(forOp).ops[0]!, bufIdx]];
  const currBufIdx = (op: Operation): Value | undefined => {
    for (let i = bufIdxDefs.length - 1; i >= 0; i--) if (operationProperlyDominates(bufIdxDefs[i]![0], op)) return bufIdxDefs[i]![1];
    return undefined;
  };

  const b = StageBuilder.at(schedule, alloc);
  const t = alloc.result(0).type as MemDescType;
  const newAlloc = b.create({
    name: TMEMAllocOp.opName,
    resultTypes: [
      MemDescType.get({ shape: [numBuffers, ...t.shape], elementType: t.elementType, encoding: t.encoding, memorySpace: t.memorySpace, mutableMemory: true }),
      AsyncTokenType.get(),
    ],
    loc: alloc.loc,
  });
  const numBuffersVal = constI32(b, numBuffers);
  const zero = constI32(b, 0);
  const one = constI32(b, 1);

  let multibufferingIsValid = false;
  const allocUsers = alloc.result(0).uses.map((u) => u.owner);
  const aux = new Builder();
  aux.setInsertionPoint(forOp);
  const replTok = aux.create({ name: 'ub.poison', resultTypes: [AsyncTokenType.get()], loc: forOp.loc }).result(0);
  newAlloc.result(1).replaceAllUsesWith(replTok);

  const cutToken = (op: Operation, depGroup: string): void => {
    clearGroup(op, depGroup);
    const tok = op.results.find((r) => r.type instanceof AsyncTokenType);
    tok?.replaceAllUsesWith(replTok);
  };
  const advance = (op: Operation, cur: Value, pred: Value | undefined, keepOnPred: boolean): Value => {
    let next = incrementModulo(b, cur, numBuffersVal, zero, one).value;
    if (pred) next = keepOnPred ? select(b, pred, cur, next) : select(b, pred, next, cur);
    replaceAllUsesDominatedBy(op, next, cur);
    bufIdxDefs.push([op, next]);
    return next;
  };

  for (const user of allocUsers) {
    if (TMEMStoreOp.is(user)) {
      cutToken(user, 'dep');
      if (inLoop(forOp, user)) {
        // A store overwrites the accumulator: the point where the next buffer can be taken.
        multibufferingIsValid = true;
        b.setStageCluster(schedule.get(user));
        b.setInsertionPoint(user);
        const next = advance(user, currBufIdx(user)!, TMEMStoreOp.pred(user), false);
        setSingle(user, 'dst', singleBufferView(b, newAlloc.result(0), next));
      } else {
        b.setInsertionPoint(user);
        setSingle(user, 'dst', singleBufferView(b, newAlloc.result(0), zero));
      }
    } else if (TMEMLoadOp.is(user)) {
      cutToken(user, 'dep');
      if (inLoop(forOp, user)) {
        b.setStageCluster(schedule.get(user));
        b.setInsertionPoint(user);
        setSingle(user, 'src', singleBufferView(b, newAlloc.result(0), currBufIdx(user)!));
      } else {
        b.setInsertionPoint(user);
        setSingle(user, 'src', singleBufferView(b, newAlloc.result(0), forOp.result(bufIdxArgIdx)));
      }
    } else if (isMMAv5(user)) {
      cutToken(user, 'acc_dep');
      b.setStageCluster(schedule.get(user));
      b.setInsertionPoint(user);
      // An MMA that does not accumulate may start on the next buffer.
      const useAcc = user.operandGroup('useD')[0]!;
      multibufferingIsValid = !isConstTrue(useAcc);
      const next = advance(user, currBufIdx(user)!, useAcc, true);
      setSingle(user, 'd', singleBufferView(b, newAlloc.result(0), next));
    } else {
      throw new DiagnosticError(opError(user, 'is an unsupported user of the accumulator'));
    }
  }
  if (!multibufferingIsValid) {
    throw new DiagnosticError(
      opError(alloc, 'Trying to multibuffer TMEM while there is no store to the accumulator, and the mma uses the accumulator all the time.'),
    );
  }
  alloc.results[1]?.replaceAllUsesWith(newAlloc.result(1));
  alloc.erase();

  const last = bufIdxDefs[bufIdxDefs.length - 1]![1];
  replaceAllUsesDominatedBy(last.definingOp!, last, bufIdx);
}
