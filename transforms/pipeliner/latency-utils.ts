/**
 * Shared helpers of the software pipeliner's first passes (assign-latencies, schedule-loops), as Triton 3.6
 * computes them:
 *
 * - The pipeliner's attribute names (`tt.latency`, `loop.stage`, ...) and their (de)serialisation.
 * - Loop queries: the body of an `scf.for`, `loopHasDistGreaterThanOne` (a yielded value that is a block argument),
 *   `isOuterLoop` (a loop directly in the body), the per-loop stage count (`tt.num_stages` or the default).
 * - `nestedOperands`: the values an op and the ops nested in it use from outside the op, in MLIR's post-order walk.
 * - Load eligibility: `canBeConvertedToAsyncLoad` (at least 32 contiguous bits per thread, from AxisInfo
 *   contiguity, bounded by the mask's constancy), `copyVecBytes` (contiguous bytes of a register → shared copy,
 *   from the two linear layouts) and `sharedEncIfAllUsersAreDotEnc` (the swizzled layout every dot-operand use of a
 *   load asks for, or a conflict; a convert to a non-dot layout made of mma operand microtiles counts as that
 *   operand, Triton's swizzleDotOperandLike).
 */
import { IntegerAttr, type Attribute } from '../../dialect/ir/attribute.js';
import type { Block, Operation, Value } from '../../dialect/ir/ir.js';
import { IntegerType, RankedTensorType, type Type } from '../../dialect/ir/type.js';
import { PointerType } from '../../dialect/tt/types.js';
import { DotOperandEncodingAttr, LinearEncodingAttr, SharedEncodingAttr, SwizzledSharedEncodingAttr, type Bases } from '../../dialect/ttg/attrs/index.js';
import { getCGALayout, getOrderForMemory, getSharedOrder } from '../../dialect/ttg/layout-queries.js';
import { toLinearLayout } from '../../dialect/ttg/to-linear-layout.js';
import { MemDescType } from '../../dialect/ttg/types.js';
import type { ModuleAxisInfoAnalysis } from '../../analysis/axis-info.js';
import { getContigPerThread, getOrder, getOrderForDotOperand, getThreadOrder } from '../../dialect/ttg/layout-queries.js';
import { nvidiaMmaTile } from '../../dialect/ttg/linear/distributed.js';
import { divideLeft } from '../../dialect/linear-layout/linear-layout.js';
import { iota, shapePerCTAFromCGA } from '../../dialect/ttg/utils/layout.js';
import { bitWidthOf, swizzledSharedForDotOperand } from '../../dialect/ttg/utils/mma-utils.js';
import { ForOp, WhileOp } from '../../dialect/scf/ops.js';
import { DescriptorGatherOp, DescriptorLoadOp, DotOp, DotScaledOp, LoadOp } from '../../dialect/tt/ops.js';
import { ConvertLayoutOp, LocalAllocOp, LocalLoadOp } from '../../dialect/ttg/ops.js';
import { TCGen5MMAOp, TCGen5MMAScaledOp } from '../../dialect/ttng/mma-v5-ops.js';
import { WarpGroupDotOp } from '../../dialect/ttng/ops.js';

// ---- attribute names ------------------------------------------------------------------------------------

export const ATTR_LATENCY = 'tt.latency';
export const ATTR_SELF_LATENCY = 'tt.self_latency';
export const ATTR_NUM_STAGES = 'tt.num_stages';
export const ATTR_DISALLOW_ACC_MULTI_BUFFER = 'tt.disallow_acc_multi_buffer';
export const ATTR_WARP_SPECIALIZE = 'tt.warp_specialize';
export const ATTR_LOOP_STAGE = 'loop.stage';
export const ATTR_LOOP_CLUSTER = 'loop.cluster';
export const ATTR_SCHEDULED_MAX_STAGE = 'tt.scheduled_max_stage';

/** The integer value of an attribute (IntegerAttr), if any. */
export function intAttr(op: Operation, name: string): number | undefined {
  const a = op.getAttr(name);
  return a instanceof IntegerAttr ? a.num : undefined;
}

export function setI32Attr(op: Operation, name: string, value: number): void {
  op.setAttr(name, IntegerAttr.get(IntegerType.get(32), value));
}

/** Writes `tt.latency` on each op of the map. */
export function serializeLatencies(latencies: ReadonlyMap<Operation, number>, name = ATTR_LATENCY): void {
  for (const [op, lat] of latencies) setI32Attr(op, name, lat);
}

/** Reads (and removes) every `tt.latency` under `root`. */
export function deserializeLatencies(root: Operation): Map<Operation, number> {
  const out = new Map<Operation, number>();
  root.walkPostOrder((op) => {
    const a = op.getAttr(ATTR_LATENCY);
    if (a instanceof IntegerAttr) {
      out.set(op, a.num);
      op.removeAttr(ATTR_LATENCY);
    }
  });
  return out;
}

// ---- loops ------------------------------------------------------------------------------------------------

export function loopBody(forOp: Operation): Block {
  const b = forOp.region(0).blocks[0];
  if (!b) throw new Error('scf.for without a body');
  return b;
}

/** The body's ops, terminator excluded. */
export function bodyOps(forOp: Operation): Operation[] {
  const ops = loopBody(forOp).ops;
  return ops.slice(0, ops.length - 1);
}

export function loopYield(forOp: Operation): Operation {
  const t = loopBody(forOp).terminator;
  if (!t) throw new Error('scf.for without a terminator');
  return t;
}

/** Every `scf.for` under `root`, in MLIR's post-order walk (inner loops first). */
export function collectForOps(root: Operation): Operation[] {
  const loops: Operation[] = [];
  root.walkPostOrder((op) => {
    if (ForOp.is(op)) loops.push(op);
  });
  return loops;
}

/** A loop-carried value that is yielded straight from a block argument (a distance above one). */
export function loopHasDistGreaterThanOne(forOp: Operation): boolean {
  return loopYield(forOp).operandValues.some((v) => v.definingOp === undefined);
}

/** A loop with another loop directly in its body. */
export function isOuterLoop(forOp: Operation): boolean {
  return loopBody(forOp).ops.some((op) => ForOp.is(op) || WhileOp.is(op));
}

export function numStagesOrDefault(forOp: Operation, defaultNumStages: number): number {
  return intAttr(forOp, ATTR_NUM_STAGES) ?? defaultNumStages;
}

export function disallowAccMultiBuffer(forOp: Operation): boolean {
  return forOp.getAttr(ATTR_DISALLOW_ACC_MULTI_BUFFER) !== undefined;
}

/** The op of `block` that is `op` or contains it (findAncestorOpInBlock). */
export function ancestorInBlock(block: Block, op: Operation): Operation | undefined {
  for (let cur: Operation | undefined = op; cur; cur = cur.parentOp) if (cur.parent === block) return cur;
  return undefined;
}

/**
 * The values used by `op` or by ops nested in it that are defined outside `op`, each once, in the order of a
 * post-order walk (nested ops before `op`), as Triton's getNestedOperands.
 */
export function nestedOperands(op: Operation): Value[] {
  const seen = new Set<Value>();
  const out: Value[] = [];
  op.walkPostOrder((nested) => {
    for (const v of nested.operandValues) {
      const owner = v.parentBlock?.parentOp;
      if (owner && owner !== op && owner.isAncestorOf(op) && !seen.has(v)) {
        seen.add(v);
        out.push(v);
      }
    }
  });
  return out;
}

/** The ops using `v`, one entry per use, in use-list order (MLIR's getUsers). */
export function usersOf(v: Value): Operation[] {
  return v.uses.map((u) => u.owner);
}

export function resultUsers(op: Operation): Operation[] {
  return op.results.flatMap((r) => usersOf(r));
}

// ---- op kinds ---------------------------------------------------------------------------------------------

const DOT_OPS = [DotOp, DotScaledOp, WarpGroupDotOp, TCGen5MMAOp, TCGen5MMAScaledOp];
const MMAV5_OPS = [TCGen5MMAOp, TCGen5MMAScaledOp];

/** DotOpInterface. */
export function isDotLike(op: Operation): boolean {
  return DOT_OPS.some((h) => h.is(op));
}

export function isMMAv5(op: Operation): boolean {
  return MMAV5_OPS.some((h) => h.is(op));
}

/** The accumulator operand of a dot-like op: `c`, or `d` for the MMAv5 ops. */
export function dotAccumulator(op: Operation): Value {
  return op.operandGroup(isMMAv5(op) ? 'd' : 'c')[0]!;
}

export function isTMALoad(op: Operation): boolean {
  return DescriptorLoadOp.is(op) || DescriptorGatherOp.is(op);
}

/** tt.load, tt.descriptor_load, tt.descriptor_gather. */
export function isLoadLike(op: Operation): boolean {
  return LoadOp.is(op) || isTMALoad(op);
}

// ---- load eligibility -------------------------------------------------------------------------------------

function pointeeWidth(t: Type): number {
  const elem = t instanceof RankedTensorType ? t.elementType : t;
  return elem instanceof PointerType ? bitWidthOf(elem.pointee) : bitWidthOf(elem);
}

/**
 * Whether a `tt.load` moves at least 32 contiguous bits per thread (the smallest cp.async): the pointer's
 * contiguity along the layout's fastest dim, bounded by the mask's constancy, times the element width.
 */
export function canBeConvertedToAsyncLoad(load: Operation, axisInfo: ModuleAxisInfoAnalysis): boolean {
  const ptr = LoadOp.ptr(load);
  const t = ptr.type;
  if (!(t instanceof RankedTensorType)) return pointeeWidth(t) >= 32;
  const bits = pointeeWidth(t);
  let vec = 1;
  if (t.encoding) {
    const order = getOrder(t.encoding, t.shape);
    const contig = getContigPerThread(t.encoding, t.shape)[order[0]!]!;
    vec = axisInfo.getContiguity(ptr, order[0]!, contig, bits);
  }
  const mask = load.operandGroup('mask')[0];
  if (mask && mask.type instanceof RankedTensorType && mask.type.encoding) {
    const mt = mask.type;
    const enc = mt.encoding!;
    vec = Math.min(vec, axisInfo.getMaskAlignment(mask, getOrder(enc, mt.shape)[0]!));
  }
  return vec * bits >= 32;
}

/** How many contiguous bytes a thread copies from registers of `registerTy` into `sharedEnc`. */
export function copyVecBytes(registerTy: RankedTensorType, sharedEnc: Attribute): number {
  const shape = registerTy.shape;
  const reg = toLinearLayout(shape, registerTy.encoding!);
  const shared = toLinearLayout(shape, sharedEnc);
  const vecElems = reg.invertAndCompose(shared).getNumConsecutiveInOut();
  return Math.trunc((vecElems * bitWidthOf(registerTy.elementType)) / 8);
}

/** The shared encoding of the `ttg.local_alloc` users of `op`, when they all agree (undefined: none or a conflict). */
export function localAllocUsersEncoding(op: Operation): { enc: Attribute | undefined; conflict: boolean } {
  let enc: Attribute | undefined;
  for (const user of resultUsers(op)) {
    if (!LocalAllocOp.is(user)) continue;
    const t = user.result(0).type;
    const e = t instanceof MemDescType ? t.encoding : undefined;
    if (!enc) enc = e;
    if (e !== enc) return { enc: undefined, conflict: true };
  }
  return { enc, conflict: false };
}

/** The flag Triton's getSharedEncIfAllUsersAreDotEnc sets when two users need different shared layouts. */
export interface Incompatibility {
  incompatible: boolean;
}

function tensorOrMemDescInfo(t: Type): { shape: readonly number[]; enc: Attribute | undefined; elem: Type } | undefined {
  if (t instanceof RankedTensorType) return { shape: t.shape, enc: t.encoding, elem: t.elementType };
  if (t instanceof MemDescType) return { shape: t.shape, enc: t.encoding, elem: t.elementType };
  return undefined;
}

/**
 * If every (transitive through local_alloc) use of `val` converts it to a dot operand (or an mma-tile-like
 * layout), the swizzled shared layout those uses need; undefined otherwise. `state.incompatible` is set when two
 * users need different layouts (reset on each call, as in Triton).
 */
export function sharedEncIfAllUsersAreDotEnc(val: Value, state: Incompatibility): SwizzledSharedEncodingAttr | undefined {
  let attr: SwizzledSharedEncodingAttr | undefined;
  state.incompatible = false;
  for (const user of usersOf(val)) {
    let temp: SwizzledSharedEncodingAttr | undefined;
    if (user.numResults !== 1) return undefined;
    const resTy = user.result(0).type;
    if (resTy instanceof MemDescType) {
      if (!(resTy.encoding instanceof SwizzledSharedEncodingAttr)) return undefined;
      temp = resTy.encoding;
      if (!sharedEncIfAllUsersAreDotEnc(user.result(0), state)) return undefined;
    } else {
      if (!LocalLoadOp.is(user) && !ConvertLayoutOp.is(user)) return undefined;
      const src = tensorOrMemDescInfo(val.type);
      if (!src || !(resTy instanceof RankedTensorType) || !resTy.encoding || !src.enc) return undefined;
      const cga: Bases = resTy.encoding instanceof LinearEncodingAttr ? getCGALayout(src.enc) : getCGALayout(resTy.encoding);
      if (resTy.encoding instanceof DotOperandEncodingAttr) {
        const order = src.enc instanceof SharedEncodingAttr ? getSharedOrder(src.enc, src.shape) : getOrderForMemory(src.enc, src.shape);
        temp = swizzledSharedForDotOperand(resTy.encoding, src.shape, order, cga, bitWidthOf(src.elem));
      } else {
        temp = swizzleDotOperandLike(resTy, cga);
      }
      if (!temp) return undefined;
    }
    if (attr && attr !== temp) {
      state.incompatible = true;
      return undefined;
    }
    attr = temp;
  }
  return attr;
}

/**
 * SwizzledSharedEncodingAttr::get(opIdx, kWidth, shape, order, CGA, bitwidth, needTrans): the swizzling of an
 * NVIDIA mma operand (the same parameters as `swizzledSharedForDotOperand`, from opIdx and kWidth directly).
 */
function swizzledForMmaOperand(opIdx: number, kWidth: number, shape: readonly number[], order: readonly number[], cga: Bases, bitwidth: number): SwizzledSharedEncodingAttr {
  const K = shapePerCTAFromCGA(cga, shape)[order[0]!]!;
  const perPhase = Math.max(Math.trunc(1024 / (bitwidth * K)), 1);
  let mmaStride = 8;
  let vec = 4 * kWidth;
  const rank = order.length;
  const kDim = opIdx === 0 ? rank - 1 : rank - 2;
  if (order[0] !== kDim) [vec, mmaStride] = [mmaStride, vec];
  let maxPhase = Math.max(Math.min(mmaStride, Math.trunc(1024 / (vec * bitwidth))), 1);
  maxPhase = Math.max(Math.trunc(maxPhase / perPhase), 1);
  return SwizzledSharedEncodingAttr.get({ vec, perPhase, maxPhase, order, cgaLayout: cga });
}

/**
 * Triton's swizzleDotOperandLike: a register layout whose thread order is an mma operand's (K fastest) and that
 * is made of mma operand microtiles (8 rows of 4·kWidth elements, kWidth = the contiguous elements per thread)
 * gets that operand's swizzling.
 */
function swizzleDotOperandLike(ty: RankedTensorType, cga: Bases): SwizzledSharedEncodingAttr | undefined {
  const enc = ty.encoding!;
  const shape = ty.shape;
  const rank = shape.length;
  if (rank < 2) return undefined;
  const order = getThreadOrder(enc, shape);
  const same = (a: readonly number[]): boolean => a.length === order.length && a.every((x, i) => x === order[i]);
  let opIdx: number;
  if (same(getOrderForDotOperand(0, rank, true))) opIdx = 0;
  else if (same(getOrderForDotOperand(1, rank, true))) opIdx = 1;
  else return undefined;
  const kWidth = getContigPerThread(enc, shape)[order[0]!]!;
  const micro = new Array<number>(rank).fill(1);
  micro[order[0]!] = 4 * kWidth;
  micro[order[1]!] = 8;
  const tile = nvidiaMmaTile(micro, kWidth, order, iota(rank)).toLinearLayout();
  if (!divideLeft(toLinearLayout(shape, enc), tile)) return undefined;
  return swizzledForMmaOperand(opIdx, kWidth, shape, order, cga, bitWidthOf(ty.elementType));
}
