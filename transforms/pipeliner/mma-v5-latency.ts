/**
 * Latencies of Blackwell's tcgen05 MMAs (`ttng.tc_gen5_mma[_scaled]`) for assign-latencies, as Triton 3.6
 * decides them (AssignMMALatencies and MMAv5PipelineUtility):
 *
 * - An MMA overlaps with itself (`tt.self_latency = 1`) when its A/B (and scale) operands are loop-invariant or
 *   come through a `ttg.local_alloc` from a load that gets pipelined (and can be an async copy), or when that is
 *   undecided only because an operand is produced in registers and no `ttng.tmem_load` of the accumulator follows
 *   the MMA in the body. Loops that also contain a `tt.dot` are skipped.
 * - Its users move one stage later (`tt.latency = 1`) when the accumulator is not read in the loop, or it can be
 *   multi-buffered (the use-accumulator flag is false or loop-varying, or the accumulator is overwritten with a
 *   `ttng.tmem_store` in the loop) and the loop does not carry `tt.disallow_acc_multi_buffer`.
 * - In a warp-specialized loop (`tt.warp_specialize` on it or an enclosing loop) the latency grows by one, unless
 *   the accumulator is read, modified and written back in the loop (then the MMA gets none).
 */
import { IntegerAttr } from '../../dialect/ir/attribute.js';
import { BlockArgument, type Operation, type Value } from '../../dialect/ir/ir.js';
import { RankedTensorType } from '../../dialect/ir/type.js';
import { SharedEncodingAttr, SwizzledSharedEncodingAttr } from '../../dialect/ttg/attrs/index.js';
import { getCGALayout, getOrder } from '../../dialect/ttg/layout-queries.js';
import { MemDescType } from '../../dialect/ttg/types.js';
import {
  ATTR_WARP_SPECIALIZE,
  ancestorInBlock,
  bodyOps,
  copyVecBytes,
  disallowAccMultiBuffer,
  isLoadLike,
  isMMAv5,
  isTMALoad,
  localAllocUsersEncoding,
  loopBody,
  loopYield,
  resultUsers,
  serializeLatencies,
  ATTR_SELF_LATENCY,
  sharedEncIfAllUsersAreDotEnc,
} from './latency-utils.js';
import { ConstantOp } from '../../dialect/arith/ops.js';
import { ForOp, IfOp, YieldOp } from '../../dialect/scf/ops.js';
import { DotOp } from '../../dialect/tt/ops.js';
import { LocalAllocOp, LocalStoreOp, MemDescReshapeOp, MemDescTransOp } from '../../dialect/ttg/ops.js';
import { TCGen5MMAScaledOp } from '../../dialect/ttng/mma-v5-ops.js';
import { TMEMAllocOp, TMEMLoadOp, TMEMStoreOp } from '../../dialect/ttng/ops.js';
import type { OpHandleCore } from '../../dialect/ir/op-handle.js';

function definedOutside(forOp: Operation, v: Value): boolean {
  const owner = v.definingOp ?? v.parentBlock?.parentOp;
  if (!owner) return true;
  if (v.definingOp) return !forOp.isAncestorOf(v.definingOp);
  return owner !== forOp && !forOp.isAncestorOf(owner);
}

function opOutside(forOp: Operation, op: Operation): boolean {
  return !forOp.isAncestorOf(op) || op === forOp;
}

/** Inside the loop (at any depth). */
function insideLoop(forOp: Operation, op: Operation): boolean {
  const p = op.parentOp;
  return p !== undefined && forOp.isAncestorOf(p);
}

function accumulatorAlloc(mma: Operation): Operation | undefined {
  const d = mma.operandGroup('d')[0]!.definingOp;
  return TMEMAllocOp.is(d) ? d : undefined;
}

/** The shared layout a pipelined load would be copied into (Triton's getSharedEncoding(Operation*)). */
function sharedEncodingForLoad(load: Operation): SharedEncodingAttr | undefined {
  const { enc } = localAllocUsersEncoding(load);
  if (enc instanceof SharedEncodingAttr) return enc;
  const ty = load.result(0).type;
  if (!(ty instanceof RankedTensorType) || !ty.encoding) return undefined;
  const dotEnc = sharedEncIfAllUsersAreDotEnc(load.result(0), { incompatible: false });
  if (dotEnc) return dotEnc;
  return SwizzledSharedEncodingAttr.get({ vec: 1, perPhase: 1, maxPhase: 1, order: getOrder(ty.encoding, ty.shape), cgaLayout: getCGALayout(ty.encoding) });
}

/** canBeAsyncLoad: a TMA load, or a copy of at least 4 contiguous bytes into its shared layout. */
function canBeAsyncLoad(load: Operation): boolean {
  if (isTMALoad(load)) return true;
  const enc = sharedEncodingForLoad(load);
  const ty = load.result(0).type;
  return enc !== undefined && ty instanceof RankedTensorType && copyVecBytes(ty, enc) >= 4;
}

/** Holds the producer of an operand that keeps it from being pipelined, when there is one. */
interface FoundDef {
  op: Operation | undefined;
}

function isOperandPipelineable(v: Value, forOp: Operation, found: FoundDef, isLoadToBePipelined: (op: Operation) => boolean): boolean {
  if (definedOutside(forOp, v)) return true;
  let def = v.definingOp;
  if (!def) return false;
  while (def && (MemDescTransOp.is(def) || MemDescReshapeOp.is(def))) {
    v = MemDescTransOp.is(def) ? MemDescTransOp.src(def) : MemDescReshapeOp.src(def);
    def = v.definingOp;
  }
  if (!def) return false;
  if (LocalStoreOp.is(def) || TMEMStoreOp.is(def) || TMEMAllocOp.is(def)) {
    found.op = def;
    return false;
  }
  if (!LocalAllocOp.is(def)) return false;
  found.op = def;
  const src = LocalAllocOp.src(def);
  if (!src) return false;
  if (definedOutside(forOp, src)) return true;
  const srcDef = src.definingOp;
  if (!srcDef || !isLoadLike(srcDef)) return false;
  found.op = srcDef;
  if (!isLoadToBePipelined(srcDef)) return false;
  return canBeAsyncLoad(srcDef);
}

function isSharedMemDesc(v: Value): boolean {
  return v.type instanceof MemDescType && v.type.encoding instanceof SharedEncodingAttr;
}

/** The verdict of MMAv5PipelineableOperandsHelper on an MMA's operands. */
export interface PipelineableOperands {
  pipelineable: boolean;
  /** False when an operand's producer could not be decided (e.g. a register value). */
  determined: boolean;
  /** The in-loop producers that keep operands from being pipelined (unpipelineableOperandDefs). */
  blockers: Operation[];
}

/** MMAv5PipelineableOperandsHelper: whether the operands allow pipelining, and whether that is decided. */
export function pipelineableOperands(mma: Operation, forOp: Operation, isLoadToBePipelined: (op: Operation) => boolean): PipelineableOperands {
  const blockers: Operation[] = [];
  let determined = true;
  const alloc = accumulatorAlloc(mma);
  if (!alloc || !opOutside(forOp, alloc)) return { pipelineable: false, determined, blockers };
  const check = (v: Value, found: FoundDef): void => {
    if (isOperandPipelineable(v, forOp, found, isLoadToBePipelined)) return;
    if (found.op) blockers.push(found.op);
    else determined = false;
  };
  // One slot for A and B, as Triton shares the variable between the two checks.
  const ab: FoundDef = { op: undefined };
  check(mma.operandGroup('a')[0]!, ab);
  check(mma.operandGroup('b')[0]!, ab);
  if (TCGen5MMAScaledOp.is(mma)) {
    const aScale = TCGen5MMAScaledOp.a_scale(mma);
    const bScale = TCGen5MMAScaledOp.b_scale(mma);
    if ((!isSharedMemDesc(aScale) && !definedOutside(forOp, aScale)) || (!isSharedMemDesc(bScale) && !definedOutside(forOp, bScale))) {
      return { pipelineable: false, determined: false, blockers };
    }
    const scales: FoundDef = { op: undefined };
    check(aScale, scales);
    check(bScale, scales);
  }
  return { pipelineable: determined && blockers.length === 0, determined, blockers };
}

function tmemUsersInLoop(alloc: Operation, forOp: Operation, kind: OpHandleCore): Operation[] {
  return resultUsers(alloc).filter((u) => kind.is(u) && insideLoop(forOp, u));
}

/** Whether a value read from the accumulator in the loop is modified and stored back into it. */
function hasAccReadModifyWrite(mma: Operation, forOp: Operation): boolean {
  const alloc = accumulatorAlloc(mma);
  if (!alloc || !opOutside(forOp, alloc)) return true;
  const stores = tmemUsersInLoop(alloc, forOp, TMEMStoreOp);
  const loads = tmemUsersInLoop(alloc, forOp, TMEMLoadOp);
  if (stores.length === 0 || loads.length === 0) return false;
  const seen = new Set<Value>();
  const forward = (owner: Operation, operandIndex: number): Value | undefined => {
    const parent = owner.parentOp;
    if (parent && IfOp.is(parent)) return parent.result(operandIndex);
    if (parent === forOp) return loopBody(forOp).args[operandIndex + 1];
    return undefined;
  };
  const read: Value[] = loads.map((l) => l.result(0));
  const modified: Value[] = [];
  const addModified = (v: Value): void => {
    const i = modified.indexOf(v);
    if (i < 0) modified.push(v);
  };
  while (read.length) {
    const v = read.pop()!;
    if (seen.has(v)) continue;
    seen.add(v);
    for (const use of v.uses) {
      if (stores.includes(use.owner)) continue;
      if (YieldOp.is(use.owner)) {
        const next = forward(use.owner, use.index);
        if (next) read.push(next);
      } else {
        for (const r of use.owner.results) addModified(r);
      }
    }
  }
  while (modified.length) {
    const v = modified.pop()!;
    if (seen.has(v)) continue;
    seen.add(v);
    for (const use of v.uses) {
      if (stores.includes(use.owner)) return true;
      if (YieldOp.is(use.owner)) {
        const next = forward(use.owner, use.index);
        if (next) addModified(next);
      } else {
        for (const r of use.owner.results) addModified(r);
      }
    }
  }
  return false;
}

function isConstantZero(v: Value): boolean {
  const def = v.definingOp;
  if (!def || !ConstantOp.is(def)) return false;
  const a = ConstantOp.value(def);
  return a instanceof IntegerAttr && a.value === 0n;
}

/** The use-accumulator flag is false, or changes within the loop. */
function accUseFlagSetToFalse(mma: Operation, forOp: Operation): boolean {
  let flag = mma.operandGroup('useD')[0]!;
  if (isConstantZero(flag)) return true;
  const yieldOp = loopYield(forOp);
  const seen = new Set<Value>();
  while (flag instanceof BlockArgument && flag.owner === loopBody(forOp) && flag.index > 0 && !seen.has(flag)) {
    seen.add(flag);
    flag = yieldOp.operand(flag.index - 1);
  }
  const def = flag.definingOp;
  return def !== undefined && forOp.isAncestorOf(def);
}

function accOverwrittenInLoop(mma: Operation, forOp: Operation): boolean {
  const alloc = accumulatorAlloc(mma);
  if (!alloc || !opOutside(forOp, alloc)) return false;
  return tmemUsersInLoop(alloc, forOp, TMEMStoreOp).length > 0;
}

function isAccMultibufferingPossible(mma: Operation, forOp: Operation): boolean {
  return accUseFlagSetToFalse(mma, forOp) || accOverwrittenInLoop(mma, forOp);
}

/** The accumulator is read in the loop (or its allocation is not hoisted out of it). */
function requiresAccMultiBuffering(mma: Operation, forOp: Operation): boolean {
  const alloc = accumulatorAlloc(mma);
  if (!alloc || !opOutside(forOp, alloc)) return true;
  return tmemUsersInLoop(alloc, forOp, TMEMLoadOp).length > 0;
}

/** A `ttng.tmem_load` of the accumulator after the MMA in the loop body. */
function hasLoadsAfterMMA(mma: Operation, forOp: Operation): boolean {
  const alloc = accumulatorAlloc(mma);
  if (!alloc || !opOutside(forOp, alloc)) return false;
  for (const user of resultUsers(alloc)) {
    if (!TMEMLoadOp.is(user)) continue;
    const anc = ancestorInBlock(loopBody(forOp), user);
    if (anc && mma.isBeforeInBlock(anc)) return true;
  }
  return false;
}

function isWarpSpecialized(forOp: Operation): boolean {
  for (let cur: Operation | undefined = forOp; cur; cur = cur.getParentWhere((p) => ForOp.is(p))) {
    if (cur.getAttr(ATTR_WARP_SPECIALIZE) !== undefined) return true;
  }
  return false;
}

/** Assigns the MMAv5 latencies of one loop into `latencies` and writes their `tt.self_latency`. */
export function assignMMAv5Latencies(forOp: Operation, latencies: Map<Operation, number>): void {
  const selfLatency = new Map<Operation, number>();
  const isLoadToBePipelined = (op: Operation): boolean => (latencies.get(op) ?? 0) > 0;
  const ops = bodyOps(forOp);
  const hasSyncDots = ops.some((op) => DotOp.is(op));
  for (const op of ops) {
    if (!isMMAv5(op) || hasSyncDots) continue;
    const { pipelineable, determined } = pipelineableOperands(op, forOp, isLoadToBePipelined);
    if (!pipelineable && !(determined && !hasLoadsAfterMMA(op, forOp))) continue;
    selfLatency.set(op, 1);
    if (!requiresAccMultiBuffering(op, forOp) || (isAccMultibufferingPossible(op, forOp) && !disallowAccMultiBuffer(forOp))) {
      latencies.set(op, 1);
    }
    if (isWarpSpecialized(forOp)) {
      if (hasAccReadModifyWrite(op, forOp)) latencies.delete(op);
      else latencies.set(op, (latencies.get(op) ?? 0) + 1);
    }
  }
  serializeLatencies(selfLatency, ATTR_SELF_LATENCY);
}

