/**
 * LowerLoops, the first half of `tritongpu-pipeline` (Triton 3.6's LowerLoops.cpp): in every loop that
 * `tritongpu-schedule-loops` scheduled, each global load whose first use is scheduled `d > 0` stages later
 * becomes an asynchronous copy into a `d`-deep ring of shared-memory buffers:
 *   - `tt.load` → `ttg.memdesc_index` + `ttg.async_copy_global_to_local` + `ttg.async_commit_group` in the
 *     load's stage, `ttg.async_wait` + `ttg.memdesc_index` (+ `ttg.local_load`, or the buffer directly where
 *     the load fed a `ttg.local_alloc` of the same encoding) at the first use's stage;
 *   - `tt.descriptor_load` (TMA) → mbarrier ring (`ttng.init_barrier`, `ttng.barrier_expect`,
 *     `ttng.async_tma_copy_global_to_local`, `ttng.wait_barrier` on a loop-carried phase).
 * Loads whose copies would be narrower than 4 bytes, or whose `other` is not zero and feed no register use,
 * stay as they are. Decided from the schedule attributes, the axis analysis (contiguity, mask alignment), the
 * load's users (local_alloc encoding, dot operand encodings, wgmma uses need one more buffer). Buffer indices
 * are loop-carried counters (insert/extract per ring depth); the new ops are scheduled with their producers'
 * users and the schedule is written back to the IR.
 */
import { IntegerAttr } from '../../../dialect/ir/attribute.js';
import { Builder } from '../../../dialect/ir/builder.js';
import { DenseElementsAttr } from '../../../dialect/ir/attribute.js';
import type { Operation, Value } from '../../../dialect/ir/ir.js';
import { FloatType, IntegerType, RankedTensorType } from '../../../dialect/ir/type.js';
import { getContigPerThread, getOrder } from '../../../dialect/ttg/layout-queries.js';
import { MemDescType, AsyncTokenType } from '../../../dialect/ttg/types.js';
import { SwizzledSharedEncodingAttr } from '../../../dialect/ttg/attrs/shared.js';
import { SharedMemorySpaceAttr } from '../../../dialect/ttg/attrs/memory-space.js';
import { PointerType, TensorDescType } from '../../../dialect/tt/types.js';
import type { Attribute } from '../../../dialect/ir/attribute.js';
import { ModuleAxisInfoAnalysis } from '../../../analysis/axis-info.js';
import { defaultBlockedEncoding } from '../../../dialect/ttg/utils/layout.js';
import { lookupNumCTAs, lookupNumWarps, lookupThreadsPerWarp } from '../../../dialect/ttg/context.js';
import { CoarseSchedule, scheduleDependencies, bodyOpsWithoutTerminator } from './coarse-schedule.js';
import {
  StageBuilder,
  addIterArgsToLoop,
  ancestorInBlock,
  appendYieldOperands,
  binary,
  constBool,
  constI32,
  firstUseOfPipelinedOp,
  forBody,
  forIterArgs,
  forYield,
  incrementModulo,
  select,
  singleBufferView,
  topLevelUsersInLoop,
} from './loop-utils.js';
import { replaceUsesWithLocalLoad } from './memdesc-uses.js';
import { bitWidth, copyVecBytes, descriptorEncodingForShape, sharedEncodingOf } from './shared-encoding.js';
import { lowerTMADescriptors } from './tma-descriptors.js';
import { lowerMMAs } from './lower-mma.js';
import { ConstantOp } from '../../../dialect/arith/ops.js';
import { ForOp } from '../../../dialect/scf/ops.js';
import { DescriptorGatherOp, DescriptorLoadOp, LoadOp } from '../../../dialect/tt/ops.js';
import { LocalAllocOp } from '../../../dialect/ttg/ops.js';
import { WaitBarrierOp, WarpGroupDotOp } from '../../../dialect/ttng/ops.js';

const isTMALoad = (op: Operation): boolean => DescriptorLoadOp.is(op) || DescriptorGatherOp.is(op);
const isPipelinableLoad = (op: Operation): boolean => LoadOp.is(op) || isTMALoad(op);
/** The descriptor operand of a TMA load or gather. */
const tmaLoadDesc = (op: Operation): Value => (DescriptorGatherOp.is(op) ? DescriptorGatherOp.desc(op) : DescriptorLoadOp.desc(op));

interface AsyncLoad {
  stageDiff: number;
  contiguity: number;
  sharedEncoding: Attribute;
  alloc?: Value;
  barrier?: Value;
  waitOp?: Operation;
}

interface LoadGroup {
  insertIdx?: Value;
  extractIdx?: Value;
  phase?: Value;
  hasTMALoad: boolean;
}

/** Where the pipeliner reports remarks and warnings (the pass context). */
export interface PipelinerDiagnostics {
  emitRemark(op: Operation, message: string): void;
  emitWarning(op: Operation, message: string): void;
  emitError(op: Operation, message: string): void;
}

/** Lowers the loads of every scheduled loop of `module` (inner loops first). */
export function lowerLoops(module: Operation, diags?: PipelinerDiagnostics): void {
  const loops: Operation[] = [];
  module.walkPostOrder((op) => {
    if (ForOp.is(op)) loops.push(op);
  });
  if (!loops.length) return;
  const axisInfo = new ModuleAxisInfoAnalysis(module);
  for (const loop of loops) {
    const schedule = CoarseSchedule.deserialize(loop);
    if (!schedule) continue;
    let newLoop = lowerMMAs(loop, schedule);
    newLoop = lowerLoads(newLoop, schedule, axisInfo, diags);
    newLoop = lowerTMADescriptors(newLoop, schedule);
    schedule.serialize(newLoop);
  }
}

function isZeroConst(v: Value | undefined): boolean {
  const def = v?.definingOp;
  if (!def || !ConstantOp.is(def)) return false;
  const a = def.getAttr('value');
  if (!(a instanceof DenseElementsAttr) || !a.isSplat) return false;
  const s = a.splatValue();
  if (a.type.elementType instanceof FloatType) return Number(s) === 0;
  return BigInt(s as bigint | number) === 0n;
}

function loadMask(op: Operation): Value | undefined {
  return LoadOp.is(op) ? LoadOp.mask(op) : undefined;
}
function loadOther(op: Operation): Value | undefined {
  return LoadOp.is(op) ? LoadOp.other(op) : undefined;
}

/** Whether the load must land in registers (not only in shared memory through its one local_alloc). */
function mustLoadToRegisters(op: Operation): boolean {
  if (LoadOp.is(op)) {
    const other = loadOther(op);
    if (other && !isZeroConst(other)) return true;
  }
  if (op.result(0).uses.length !== 1) return true;
  const user = op.result(0).uses[0]!.owner;
  if (!LocalAllocOp.is(user)) return true;
  if (isTMALoad(op)) {
    const enc = descriptorEncoding(op);
    return enc !== undefined && enc !== (user.result(0).type as MemDescType).encoding;
  }
  return false;
}

export function descriptorEncoding(op: Operation): Attribute | undefined {
  const desc = tmaLoadDesc(op).type as TensorDescType;
  const enc = desc.blockType.encoding;
  return enc && descriptorEncodingForShape(op, enc, desc, op.result(0).type as RankedTensorType);
}

function defUseStageDiff(op: Operation, forOp: Operation, schedule: CoarseSchedule): number {
  const def = schedule.get(op);
  const users = topLevelUsersInLoop(op, forOp);
  if (isPipelinableLoad(op)) {
    const extra: Operation[] = [];
    for (const u of users) if (LocalAllocOp.is(u)) extra.push(...topLevelUsersInLoop(u, forOp));
    for (const u of extra) users.add(u);
  }
  let useStage: number | undefined;
  for (const u of users) {
    const e = schedule.get(u);
    let s = e.stage;
    if ((e.cluster?.id ?? 0) > (def.cluster?.id ?? 0)) s++;
    useStage = useStage === undefined ? s : Math.min(s, useStage);
  }
  for (const u of users) {
    if (!WaitBarrierOp.is(u)) continue;
    const s = schedule.get(u).stage;
    useStage = useStage === undefined ? s : Math.max(s, useStage);
  }
  return useStage === undefined ? 0 : useStage - def.stage;
}

function ptrContiguity(axis: ModuleAxisInfoAnalysis, ptr: Value): number {
  const t = ptr.type;
  if (!(t instanceof RankedTensorType)) return 1;
  const order = getOrder(t.encoding!, t.shape);
  const cpt = getContigPerThread(t.encoding!, t.shape)[order[0]!]!;
  return axis.getContiguity(ptr, order[0]!, cpt, bitWidth((t.elementType as PointerType).pointee));
}

function maskAlignment(axis: ModuleAxisInfoAnalysis, mask: Value): number {
  const t = mask.type;
  if (!(t instanceof RankedTensorType)) return 1;
  return axis.getMaskAlignment(mask, getOrder(t.encoding!, t.shape)[0]!);
}

/** The copy's vector: contiguity of the pointers bounded by the mask's alignment. */
function loadVector(axis: ModuleAxisInfoAnalysis, op: Operation): number {
  let vec = ptrContiguity(axis, LoadOp.ptr(op));
  const mask = loadMask(op);
  if (mask) vec = Math.min(vec, maskAlignment(axis, mask));
  return vec;
}

function canBeConvertedToAsyncLoad(axis: ModuleAxisInfoAnalysis, op: Operation): boolean {
  const ptr = LoadOp.ptr(op);
  const vec = loadVector(axis, op);
  const t = ptr.type;
  const width = t instanceof RankedTensorType ? vec * bitWidth((t.elementType as PointerType).pointee) : bitWidth((t as PointerType).pointee);
  return width >= 32;
}

function loadRequiresAdditionalBuffer(op: Operation): boolean {
  if (mustLoadToRegisters(op)) return false;
  const alloc = op.result(0).uses[0]!.owner;
  if (!LocalAllocOp.is(alloc)) return false;
  const nonView: Operation[] = [];
  const collect = (o: Operation): void => {
    for (const r of o.results)
      for (const u of r.uses) {
        if (u.owner.hasTrait('MemDescViewTrait')) collect(u.owner);
        else nonView.push(u.owner);
      }
  };
  collect(alloc);
  return nonView.some((o) => WarpGroupDotOp.is(o));
}

/** A `distance`-deep mutable buffer ring for the load's tensor, allocated before the loop and freed after it. */
function createAlloc(forOp: Operation, load: Operation, enc: Attribute, distance: number): Value {
  const ty = load.result(0).type as RankedTensorType;
  const b = new Builder();
  b.setInsertionPoint(forOp);
  const t = MemDescType.get({ shape: [distance, ...ty.shape], elementType: ty.elementType, encoding: enc, memorySpace: SharedMemorySpaceAttr.get(), mutableMemory: true });
  const alloc = b.create({ name: 'ttg.local_alloc', resultTypes: [t], loc: load.loc }).result(0);
  b.setInsertionPointAfter(forOp);
  b.create({ name: 'ttg.local_dealloc', operands: [alloc], loc: forOp.loc });
  return alloc;
}

/** An mbarrier ring (`n` x i64), initialized before `op` and invalidated and freed after it. */
export function createBarrierAlloc(op: Operation, n: number, arriveCount = 1): Value {
  const b = new Builder();
  b.setInsertionPoint(op);
  const enc = SwizzledSharedEncodingAttr.get({ vec: 1, perPhase: 1, maxPhase: 1, order: [0], cgaLayout: [] });
  const t = MemDescType.get({ shape: [n, 1], elementType: IntegerType.get(64), encoding: enc, memorySpace: SharedMemorySpaceAttr.get(), mutableMemory: true });
  const alloc = b.create({ name: 'ttg.local_alloc', resultTypes: [t], loc: op.loc }).result(0);
  for (let i = 0; i < n; i++) {
    const view = singleBufferView(b, alloc, constI32(b, i));
    b.create({ name: 'ttng.init_barrier', operands: [view], attributes: [['count', IntegerAttr.i32(arriveCount)]], loc: op.loc });
  }
  b.setInsertionPointAfter(op);
  for (let i = 0; i < n; i++) {
    const view = singleBufferView(b, alloc, constI32(b, i));
    b.create({ name: 'ttng.inval_barrier', operands: [view], loc: op.loc });
  }
  b.create({ name: 'ttg.local_dealloc', operands: [alloc], loc: op.loc });
  return alloc;
}

function createAsyncCopy(forOp: Operation, load: Operation, a: AsyncLoad, g: LoadGroup, schedule: CoarseSchedule): void {
  const b = StageBuilder.at(schedule, forOp);
  constI32(b, 0); // an unused zero, as Triton creates (the greedy cleanup erases it)
  const firstUse = firstUseOfPipelinedOp([load], forOp, schedule);
  b.setInsertionPoint(load);
  b.setStageCluster(schedule.get(load));
  const mask = loadMask(load);
  const other = loadOther(load);
  const view = singleBufferView(b, a.alloc!, g.insertIdx!);
  const attrs: [string, Attribute][] = [];
  for (const k of ['cache', 'evict', 'isVolatile']) {
    const v = load.getAttr(k);
    if (v) attrs.push([k, v]);
  }
  attrs.push(['contiguity', IntegerAttr.i32(a.contiguity)]);
  const copy = b.create({
    name: 'ttg.async_copy_global_to_local',
    operands: [LoadOp.ptr(load), view, ...(mask ? [mask] : []), ...(other ? [other] : [])],
    operandSegments: [1, 1, mask ? 1 : 0, other ? 1 : 0],
    resultTypes: [AsyncTokenType.get()],
    attributes: attrs,
    loc: load.loc,
  });
  const commit = b.create({ name: 'ttg.async_commit_group', operands: [copy.result(0)], resultTypes: [AsyncTokenType.get()], loc: load.loc });
  if (firstUse) b.setStageCluster(schedule.get(firstUse));
  const wait = b.create({ name: 'ttg.async_wait', operands: [commit.result(0)], resultTypes: [AsyncTokenType.get()], attributes: [['num', IntegerAttr.i32(0)]], loc: load.loc });
  const viewLoad = singleBufferView(b, a.alloc!, g.extractIdx!);
  if (!other || isZeroConst(other)) {
    replaceUsesWithLocalLoad(b, load.result(0), viewLoad, wait.result(0));
  } else if (load.result(0).uses.length) {
    const ll = b.create({ name: 'ttg.local_load', operands: [viewLoad, wait.result(0)], resultTypes: [load.result(0).type], loc: load.loc });
    const sel = select(b, mask!, ll.result(0), other);
    load.result(0).replaceAllUsesWith(sel);
  }
  schedule.erase(load);
  load.erase();
}

/** A TMA load or gather into the ring (async_tma_copy_global_to_local / async_tma_gather), read after the barrier wait. */
function createTMAAsyncLoad(forOp: Operation, load: Operation, a: AsyncLoad, g: LoadGroup, schedule: CoarseSchedule): void {
  const b = StageBuilder.at(schedule, forOp);
  constI32(b, 0);
  const firstUse = firstUseOfPipelinedOp([load], forOp, schedule);
  b.setInsertionPoint(load);
  b.setStageCluster(schedule.get(load));
  const view = singleBufferView(b, a.alloc!, g.insertIdx!);
  const pred = constBool(b, true);
  if (DescriptorGatherOp.is(load)) {
    const operands = [DescriptorGatherOp.desc(load), DescriptorGatherOp.x_offsets(load), DescriptorGatherOp.y_offset(load), a.barrier!, view, pred];
    b.create({ name: 'ttng.async_tma_gather', operands, loc: load.loc });
  } else {
    const indices = DescriptorLoadOp.indices(load);
    const attrs: [string, Attribute][] = [];
    for (const k of ['cache', 'evict']) {
      const v = load.getAttr(k);
      if (v) attrs.push([k, v]);
    }
    b.create({
      name: 'ttng.async_tma_copy_global_to_local',
      operands: [DescriptorLoadOp.desc(load), ...indices, a.barrier!, view, pred],
      attributes: attrs,
      loc: load.loc,
    });
  }
  b.setInsertionPointAfter(a.waitOp!);
  if (firstUse) b.setStageCluster(schedule.get(firstUse));
  const viewLoad = singleBufferView(b, a.alloc!, g.extractIdx!);
  replaceUsesWithLocalLoad(b, load.result(0), viewLoad, undefined);
  schedule.erase(load);
  load.erase();
}

/** Groups consecutive TMA loads of one stage (no use in between) behind one barrier expect/wait. */
function createTMABarrierAndWait(forOp: Operation, asyncLoads: Map<Operation, AsyncLoad>, groups: Map<number, LoadGroup>, schedule: CoarseSchedule): void {
  const waitGroups: Operation[][] = [];
  const visited = new Set<Operation>();
  for (const [load, a] of asyncLoads) {
    if (!isTMALoad(load) || visited.has(load)) continue;
    const users = new Set<Operation>();
    const group: Operation[] = [];
    const block = load.parent!;
    const addToGroup = (l: Operation): void => {
      group.push(l);
      visited.add(l);
      for (const user of l.result(0).users) {
        if (!mustLoadToRegisters(l)) {
          const alloc = l.result(0).uses[0]!.owner;
          if (alloc.parent === block) {
            for (const u of alloc.result(0).users) users.add(u);
            continue;
          }
        }
        const inBlock = ancestorInBlock(block, user);
        if (inBlock) users.add(inBlock);
      }
    };
    addToGroup(load);
    for (let next = load.nextOp; next; next = next.nextOp) {
      if (users.has(next) || visited.has(next)) break;
      if (isTMALoad(next) && asyncLoads.has(next)) {
        if (asyncLoads.get(next)!.stageDiff !== a.stageDiff) break;
        const s0 = schedule.get(group[0]!);
        const sn = schedule.get(next);
        if (s0.stage === sn.stage && s0.cluster === sn.cluster) addToGroup(next);
      }
    }
    waitGroups.push(group);
  }
  for (const group of waitGroups) {
    const n = asyncLoads.get(group[0]!)!.stageDiff;
    const g = groups.get(n)!;
    let bytes = 0;
    for (const op of group) {
      const t = op.result(0).type as RankedTensorType;
      bytes += (t.shape.reduce((x, y) => x * y, 1) * bitWidth(t.elementType)) / 8;
    }
    const barrierAlloc = createBarrierAlloc(forOp, n);
    const b = StageBuilder.at(schedule, group[0]!);
    const barrier = singleBufferView(b, barrierAlloc, g.insertIdx!);
    const pred = constBool(b, true);
    b.create({ name: 'ttng.barrier_expect', operands: [barrier, pred], attributes: [['size', IntegerAttr.i32(bytes)]], loc: forOp.loc });
    b.setInsertionPointAfter(group[group.length - 1]!);
    const firstUse = firstUseOfPipelinedOp(group, forOp, schedule);
    if (firstUse) b.setStageCluster(schedule.get(firstUse));
    const waitView = singleBufferView(b, barrierAlloc, g.extractIdx!);
    const wait = b.create({ name: 'ttng.wait_barrier', operands: [waitView, g.phase!], operandSegments: [1, 1, 0, 0], loc: forOp.loc });
    for (const op of group) {
      const a = asyncLoads.get(op)!;
      a.barrier = barrier;
      a.waitOp = wait;
    }
  }
}

/** Rewrites a scalar `tt.load` as a load of tensor<1xT> (splatted operands) followed by `tt.unsplat`. */
function convertScalarToTensorLoad(op: Operation, schedule: CoarseSchedule, forOp: Operation): void {
  const b = StageBuilder.at(schedule, op);
  const scalarTy = op.result(0).type;
  const enc = defaultBlockedEncoding([1], lookupNumWarps(op), lookupThreadsPerWarp(op), lookupNumCTAs(op));
  const splat = (v: Value): Value =>
    b.create({ name: 'tt.splat', operands: [v], resultTypes: [RankedTensorType.get([1], v.type, enc)], loc: op.loc }).result(0);
  const [mask, other] = [LoadOp.mask(op), LoadOp.other(op)];
  op.setOperand(0, splat(LoadOp.ptr(op)));
  if (mask) op.setOperand(1, splat(mask));
  if (other) op.setOperand(mask ? 2 : 1, splat(other));
  op.result(0).type = RankedTensorType.get([1], scalarTy, enc);
  b.setInsertionPointAfter(op);
  const firstUse = firstUseOfPipelinedOp([op], forOp, schedule);
  if (firstUse) b.setStageCluster(schedule.get(firstUse));
  const unsplat = b.create({ name: 'tt.unsplat', operands: [op.result(0)], resultTypes: [scalarTy], loc: op.loc });
  op.result(0).replaceUsesWithIf(unsplat.result(0), (u) => u.owner !== unsplat);
}

function lowerLoads(forOp: Operation, schedule: CoarseSchedule, axis: ModuleAxisInfoAnalysis, diags: PipelinerDiagnostics | undefined): Operation {
  const asyncLoads = new Map<Operation, AsyncLoad>();
  const scalarLoads: Operation[] = [];
  for (const op of bodyOpsWithoutTerminator(forOp)) {
    if (!isPipelinableLoad(op)) continue;
    let stageDiff = defUseStageDiff(op, forOp, schedule);
    if (stageDiff === 0) continue;
    const rt = op.result(0).type;
    if (!(rt instanceof RankedTensorType)) {
      // A scalar load is copied as a tensor<1xT> when its elements are at least 32 bits wide.
      if (bitWidth(rt) < 32 || !LoadOp.is(op)) {
        if (stageDiff > 1) diags?.emitRemark(op, 'Pipelining load that cannot use vectorized copy. This will likely lead to pipelining in registers and severe performance degradation.');
        continue;
      }
      scalarLoads.push(op);
      asyncLoads.set(op, { stageDiff, contiguity: 1, sharedEncoding: SwizzledSharedEncodingAttr.get({ vec: 1, perPhase: 1, maxPhase: 1, order: [0], cgaLayout: [] }) });
      continue;
    }
    const sharedEncoding = sharedEncodingOf(op, diags);
    let canUseAsyncCp = LoadOp.is(op) && canBeConvertedToAsyncLoad(axis, op);
    canUseAsyncCp = canUseAsyncCp && copyVecBytes(rt, sharedEncoding) >= 4;
    const contiguity = canUseAsyncCp ? loadVector(axis, op) : 1;
    if (canUseAsyncCp || isTMALoad(op)) {
      if (loadRequiresAdditionalBuffer(op)) stageDiff += 1;
      asyncLoads.set(op, { stageDiff, contiguity, sharedEncoding });
    } else if (stageDiff > 1) {
      diags?.emitRemark(op, 'Pipelining load that cannot use vectorized copy. This will likely lead to pipelining in registers and severe performance degradation.');
    }
  }
  for (const op of scalarLoads) convertScalarToTensorLoad(op, schedule, forOp);
  if (!asyncLoads.size) return forOp;

  const groups = new Map<number, LoadGroup>();
  for (const [load, a] of asyncLoads) {
    a.alloc = createAlloc(forOp, load, a.sharedEncoding, a.stageDiff);
    if (!groups.has(a.stageDiff)) groups.set(a.stageDiff, { hasTMALoad: false });
    if (isTMALoad(load)) groups.get(a.stageDiff)!.hasTMALoad = true;
  }

  const b = new Builder();
  b.setInsertionPoint(forOp);
  const minusOne = constI32(b, -1);
  const zero = constI32(b, 0);
  const one = constI32(b, 1);
  const newOperands: Value[] = [];
  const firstNewArg = forBody(forOp).args.length;
  for (const g of groups.values()) {
    newOperands.push(minusOne, minusOne);
    if (g.hasTMALoad) newOperands.push(zero);
  }
  forOp = addIterArgsToLoop(b, forOp, newOperands);
  appendYieldOperands(forOp, newOperands);

  let argIdx = firstNewArg;
  const body = forBody(forOp);
  for (const [n, g] of groups) {
    const insertArg = body.args[argIdx++]!;
    const extractArg = body.args[argIdx++]!;
    const phaseArg = g.hasTMALoad ? body.args[argIdx++]! : undefined;
    b.setInsertionPointToStart(body);
    const numBuffers = constI32(b, n);
    g.insertIdx = incrementModulo(b, insertArg, numBuffers, zero, one).value;
    const ext = incrementModulo(b, extractArg, numBuffers, zero, one);
    g.extractIdx = ext.value;
    if (phaseArg) {
      const next = binary(b, 'arith.xori', phaseArg, one);
      g.phase = select(b, ext.wrapped, next, phaseArg);
    }
  }

  createTMABarrierAndWait(forOp, asyncLoads, groups, schedule);

  let hasAsyncLoads = false;
  for (const [op, a] of asyncLoads) {
    const g = groups.get(a.stageDiff)!;
    if (LoadOp.is(op)) {
      createAsyncCopy(forOp, op, a, g, schedule);
      hasAsyncLoads = true;
    } else {
      createTMAAsyncLoad(forOp, op, a, g, schedule);
    }
  }

  const y = forYield(forOp);
  let yi = firstNewArg - 1;
  for (const g of groups.values()) {
    y.setOperand(yi++, g.insertIdx!);
    y.setOperand(yi++, g.extractIdx!);
    if (g.phase) y.setOperand(yi++, g.phase);
  }
  void forIterArgs;

  scheduleDependencies(forOp, schedule);

  for (const op of bodyOpsWithoutTerminator(forOp)) if (!schedule.has(op)) diags?.emitError(op, 'op not found in the schedule');

  if (hasAsyncLoads) {
    b.setInsertionPointAfter(forOp);
    b.create({ name: 'ttg.async_wait', resultTypes: [AsyncTokenType.get()], attributes: [['num', IntegerAttr.i32(0)]], loc: forOp.loc });
  }
  return forOp;
}

