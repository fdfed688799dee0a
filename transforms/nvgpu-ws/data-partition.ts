/**
 * Data partition (Triton 3.6's doDataPartition, WSDataPartition.cpp): splits the consumers' work between the
 * consumer warp groups. Decides from the `ttng.warp_group_dot`s that run on more than one task: each dot's
 * accumulator is cut along M (when M / #consumers >= 64) or else N (N / #consumers >= 128); the closure of ops
 * that produce or consume the accumulator (backward through elementwise ops, layout changes, loads, loop-carried
 * values; forward through users and yields) is cut along the same dimension (flipped through transposes, shifted
 * through expand_dims), the dot's other operand is shared. Each op of the closure is then cloned once per
 * consumer with the sliced type, that consumer's task id (plus the producer's, for ops both run), sliced
 * make_range bounds, constants and descriptor-load coordinates; `scf.for`s get one iter arg per slice. The
 * originals are erased, dead loop arguments removed (scf canonicalizations), and arith producers get the task
 * ids of their users. Fails (returns false) when the dims of the closure conflict or no dot can be cut.
 */
import { DenseArrayAttr, DenseElementsAttr, IntegerAttr, UnitAttr } from '../../dialect/ir/attribute.js';
import { Builder, IRMapping } from '../../dialect/ir/builder.js';
import type { Block, Operation, Value } from '../../dialect/ir/ir.js';
import { BlockArgument, OpResult } from '../../dialect/ir/ir.js';
import { IntegerType, RankedTensorType, type Type } from '../../dialect/ir/type.js';
import { applyPatternsGreedily } from '../../dialect/ir/rewrite/greedy.js';
import { ConstantOp, ExtFOp, ExtSIOp, ExtUIOp } from '../../dialect/arith/ops.js';
import { ForOp, IfOp, YieldOp } from '../../dialect/scf/ops.js';
import { SCF_FOR_PATTERNS, SCF_IF_PATTERNS } from '../../dialect/scf/canonicalize.js';
import {
  AddPtrOp,
  AtomicRMWOp,
  BroadcastOp,
  DescriptorLoadOp,
  DescriptorReduceOp,
  DescriptorStoreOp,
  ExpandDimsOp,
  FpToFpOp,
  FuncOp,
  LoadOp,
  MakeRangeOp,
  MakeTensorDescOp,
  ReduceOp,
  ReturnOp,
  SplatOp,
  StoreOp,
  TransOp,
} from '../../dialect/tt/ops.js';
import { PointerType, TensorDescType } from '../../dialect/tt/types.js';
import { ConvertLayoutOp, LocalAllocOp, MemDescSubsliceOp, MemDescTransOp } from '../../dialect/ttg/ops.js';
import { MemDescType } from '../../dialect/ttg/types.js';
import { ReinterpretTensorDescOp, TMEMAllocOp, TMEMLoadOp, WarpGroupDotOp } from '../../dialect/ttng/ops.js';
import { TCGen5MMAOp } from '../../dialect/ttng/mma-v5-ops.js';
import { FOR_OP_DEAD_ARG_ELIMINATION } from '../remove-layout-conversions/scf-cleanup.js';
import { addAsyncTaskIds, getAsyncTaskIds, setAsyncTaskIds } from './task-ids.js';

/** Where Triton's data partition reaches llvm_unreachable or an unimplemented (Blackwell) op. */
export class DataPartitionError extends Error {
  constructor(
    readonly op: Operation,
    message: string,
  ) {
    super(message);
  }
}

/** An op that is duplicated rather than cut (the dot's accumulator when the other operand is cut). */
const NO_DIM = -1;
const TO_BE_REMOVED = 'to_be_removed';

/** An insertion-ordered set (llvm::SetVector). */
class OrderedSet<T> {
  readonly items: T[] = [];
  private readonly set = new Set<T>();
  insert(x: T): boolean {
    if (this.set.has(x)) return false;
    this.set.add(x);
    this.items.push(x);
    return true;
  }
  has(x: T): boolean {
    return this.set.has(x);
  }
  remove(x: T): void {
    if (!this.set.delete(x)) return;
    this.items.splice(this.items.indexOf(x), 1);
  }
  get size(): number {
    return this.items.length;
  }
  clone(): OrderedSet<T> {
    const c = new OrderedSet<T>();
    for (const x of this.items) c.insert(x);
    return c;
  }
}

class Scheme {
  numPartitions = 0;
  ops = new OrderedSet<Operation>();
  dims = new Map<Operation, number>();
  dotOperand = new Map<Operation, number>();
  remat = new Map<Operation, OrderedSet<number>>();
  skipped = new Set<Operation>();

  clone(): Scheme {
    const s = new Scheme();
    s.numPartitions = this.numPartitions;
    s.ops = this.ops.clone();
    s.dims = new Map(this.dims);
    s.dotOperand = new Map(this.dotOperand);
    s.remat = new Map([...this.remat].map(([k, v]) => [k, v.clone()]));
    s.skipped = new Set(this.skipped);
    return s;
  }
  /** Triton's append: what `other` adds, keeping this scheme's entries where both have one. */
  append(other: Scheme): void {
    for (const op of other.ops.items) this.ops.insert(op);
    for (const [k, v] of other.dims) if (!this.dims.has(k)) this.dims.set(k, v);
    for (const [k, v] of other.dotOperand) if (!this.dotOperand.has(k)) this.dotOperand.set(k, v);
    for (const [k, v] of other.remat) if (!this.remat.has(k)) this.remat.set(k, v);
    for (const op of other.skipped) this.skipped.add(op);
  }
  flip(dim: number): number {
    return dim === NO_DIM ? dim : this.numPartitions - 1 - dim;
  }
  /** The op's dim (a missing entry reads as 0, as DenseMap's operator[] inserts a zero). */
  dimOf(op: Operation): number {
    if (!this.dims.has(op)) this.dims.set(op, 0);
    return this.dims.get(op)!;
  }
  undo(op: Operation): void {
    if (!this.dims.has(op)) return;
    this.dims.delete(op);
    this.ops.remove(op);
    this.skipped.add(op);
  }
}

function shapeOf(t: Type): readonly number[] {
  if (t instanceof MemDescType || t instanceof RankedTensorType) return t.shape;
  if (t instanceof TensorDescType) return t.blockType.shape;
  if (t instanceof PointerType) return shapeOf(t.pointee);
  return [];
}

function needToSlice(v: Value, dim: number, size: number): boolean {
  if (dim === NO_DIM) return true;
  const shape = shapeOf(v.type);
  return shape.length > dim && shape[dim]! > size;
}

function isControlFlowOp(op: Operation): boolean {
  return ReturnOp.is(op) || FuncOp.is(op) || YieldOp.is(op) || ForOp.is(op) || IfOp.is(op);
}

function isTrans(op: Operation): boolean {
  return TransOp.is(op) || MemDescTransOp.is(op);
}

function isBlackwellMma(op: Operation): boolean {
  return TCGen5MMAOp.is(op) || TMEMAllocOp.is(op) || TMEMLoadOp.is(op);
}

/** MLIR's getBackwardSlice(op) (not inclusive, block arguments followed into single-block parents). */
function backwardSliceOf(op: Operation): Operation[] {
  const slice = new OrderedSet<Operation>();
  const visit = (o: Operation): void => {
    for (const v of o.operandValues) {
      const def = v.definingOp;
      if (def) {
        if (!slice.has(def)) visit(def);
      } else {
        const parent = v.parentBlock?.parentOp;
        if (parent && !FuncOp.is(parent) && !slice.has(parent) && parent.regions.length === 1 && parent.regions[0]!.blocks.length === 1) visit(parent);
      }
    }
    if (o !== op) slice.insert(o);
  };
  visit(op);
  return slice.items;
}

function rematerialize(op: Operation, s: Scheme, dim: number): boolean {
  const existing = s.remat.get(op);
  if (existing) {
    existing.insert(dim);
    return true;
  }
  if (LocalAllocOp.is(op) || ConstantOp.is(op)) {
    const set = new OrderedSet<number>();
    set.insert(s.dimOf(op));
    set.insert(dim);
    s.remat.set(op, set);
    for (const dep of backwardSliceOf(op)) s.undo(dep);
    return true;
  }
  return false;
}

const BACKWARD_THROUGH = (op: Operation): boolean =>
  op.hasTrait('Elementwise') ||
  ConstantOp.is(op) ||
  ExtSIOp.is(op) || ExtUIOp.is(op) || ExtFOp.is(op) || TMEMAllocOp.is(op) || TMEMLoadOp.is(op) ||
  BroadcastOp.is(op) ||
  ExpandDimsOp.is(op) ||
  MakeRangeOp.is(op) ||
  SplatOp.is(op) ||
  ConvertLayoutOp.is(op) ||
  LocalAllocOp.is(op) ||
  LoadOp.is(op) ||
  TransOp.is(op) ||
  MemDescTransOp.is(op) ||
  AtomicRMWOp.is(op) ||
  AddPtrOp.is(op) ||
  DescriptorLoadOp.is(op) ||
  FpToFpOp.is(op);

function backward(v: Value, s: Scheme, dimIn: number): boolean {
  let dim = dimIn;
  if (!needToSlice(v, dim, s.numPartitions)) return true;
  const op = v.definingOp;
  if (op) {
    if (!s.ops.insert(op)) {
      if (!isControlFlowOp(op) && s.dimOf(op) !== dim) return rematerialize(op, s, dim);
      return true;
    }
    s.dims.set(op, dim);
    if (isTrans(op)) dim = s.flip(dim);
    if (ExpandDimsOp.is(op)) {
      const axis = ExpandDimsOp.axis(op).num;
      if (axis < dim) dim--;
    }
    if (BACKWARD_THROUGH(op)) {
      for (const o of op.operandValues) if (!backward(o, s, dim)) return false;
    } else if (WarpGroupDotOp.is(op)) {
      if (!backward(dim === 0 ? WarpGroupDotOp.a(op) : WarpGroupDotOp.b(op), s, dim)) return false;
      if (!backward(WarpGroupDotOp.c(op), s, dim)) return false;
      s.dotOperand.set(op, dim === 0 ? 0 : 1);
    } else if (ReinterpretTensorDescOp.is(op) || MakeTensorDescOp.is(op)) {
      return true;
    } else if (IfOp.is(op)) {
      const index = Math.max(0, op.results.indexOf(v as OpResult));
      const thenYield = op.regions[0]!.blocks[0]!.terminator!;
      const elseYield = op.regions[1]!.blocks[0]!.terminator!;
      s.ops.insert(thenYield);
      s.dims.set(thenYield, dim);
      s.ops.insert(elseYield);
      s.dims.set(elseYield, dim);
      // Triton fails here when the then-branch slice succeeds (an inverted test, kept for identical results).
      if (backward(thenYield.operand(index), s, dim)) return false;
      if (!backward(elseYield.operand(index), s, dim)) return false;
    } else {
      throw new DataPartitionError(op, `data partitioning does not support '${op.name}' (Triton 3.6 aborts)`);
    }
  } else if (v instanceof BlockArgument) {
    const owner = v.parentBlock.parentOp;
    if (owner && ForOp.is(owner)) {
      const i = v.index - 1;
      if (!backward(ForOp.initArgs(owner)[i]!, s, dim)) return false;
      if (!backward(owner.region(0).blocks[0]!.terminator!.operand(i), s, dim)) return false;
    }
  }
  return true;
}

/** The users of `v`, once per use, in use-list order (MLIR's getUsers). */
function usersOf(v: Value): Operation[] {
  return v.uses.map((u) => u.owner);
}

/** MLIR's getForwardSlice(Value): every transitive user (and nested op), in topological order. */
function forwardSliceOf(v: Value): Operation[] {
  const slice = new OrderedSet<Operation>();
  const visit = (op: Operation): void => {
    for (const r of op.regions) for (const b of r.blocks) for (const o of b.ops) if (!slice.has(o)) visit(o);
    for (const res of op.results) for (const u of usersOf(res)) if (!slice.has(u)) visit(u);
    slice.insert(op);
  };
  for (const u of usersOf(v)) if (!slice.has(u)) visit(u);
  return [...slice.items].reverse();
}

/**
 * Whether everything computed from `v` ends in one atomic store (`tt.atomic_rmw` / `tt.descriptor_reduce`).
 * Triton reads an uninitialized pointer when the slice has no atomic store at all; that counts as false here.
 */
function onlyUsedByAtomicStore(v: Value): boolean {
  const slice = forwardSliceOf(v);
  const atomic = slice.find((op) => AtomicRMWOp.is(op) || DescriptorReduceOp.is(op));
  if (!atomic) return false;
  const rest = new Set(slice);
  rest.delete(atomic);
  const queue: Operation[] = [atomic];
  while (queue.length > 0) {
    const op = queue.pop()!;
    for (const o of op.operandValues) {
      const def = o.definingOp;
      if (def && rest.has(def)) {
        rest.delete(def);
        queue.push(def);
      }
    }
  }
  return rest.size === 0;
}

function forward(v: Value, s: Scheme, dimIn: number, seen: Set<Value>): boolean {
  if (seen.has(v)) return true;
  seen.add(v);
  if (!needToSlice(v, dimIn, s.numPartitions)) return true;
  for (const user of usersOf(v)) {
    let dim = dimIn;
    if (isTrans(user)) dim = s.flip(dim);
    if (!s.ops.insert(user)) {
      if (!isControlFlowOp(user) && s.dimOf(user) !== dim) return false;
      if (!YieldOp.is(user)) continue;
    }
    s.dims.set(user, dim);
    if (WarpGroupDotOp.is(user)) {
      if ((dim === 0 && v === WarpGroupDotOp.b(user)) || (dim === 1 && v === WarpGroupDotOp.a(user))) {
        // A partial product is fine when the dot's result only feeds an atomic store: its users are then
        // duplicated, not cut.
        if (!onlyUsedByAtomicStore(WarpGroupDotOp.d(user))) return false;
        s.dotOperand.set(user, v === WarpGroupDotOp.a(user) ? 0 : 1);
        dim = NO_DIM;
      } else {
        s.dotOperand.set(user, dim === 0 ? 0 : 1);
      }
    }
    if (isBlackwellMma(user)) throw new DataPartitionError(user, 'data partitioning of Blackwell MMA ops is not supported');
    for (const r of user.results) if (!forward(r, s, dim, seen)) return false;
    if (YieldOp.is(user)) {
      const parent = user.parentOp!;
      for (const [i, o] of user.operandValues.entries()) {
        if (o !== v) continue;
        s.ops.insert(parent);
        if (!forward(parent.result(i), s, dim, seen)) return false;
      }
    }
  }
  return true;
}

function sliceClosure(root: Value, s: Scheme, dim0: number): boolean {
  if (!backward(root, s, dim0)) return false;
  const fwd = s.clone();
  const ok = forward(root, fwd, dim0, new Set());
  s.append(fwd);
  if (!ok) return false;
  for (const op of fwd.ops.items) {
    const dim = s.dimOf(op);
    if (dim === NO_DIM) continue;
    if (op.hasTrait('Elementwise') || StoreOp.is(op) || DescriptorStoreOp.is(op) || AtomicRMWOp.is(op)) {
      for (const o of op.operandValues) if (!backward(o, s, dim)) return false;
    } else if (WarpGroupDotOp.is(op)) {
      const idx = s.dotOperand.get(op) ?? 0;
      if (!backward(op.operand(idx), s, dim)) return false;
      const acc = WarpGroupDotOp.c(op);
      if ((dim === 0 && idx === 0) || (dim === 1 && idx === 1)) {
        if (!backward(acc, s, dim)) return false;
      } else {
        if (!backward(op.operand(1 - idx), s, 1 - dim)) return false;
        if (!backward(acc, s, NO_DIM)) return false;
      }
    }
  }
  return true;
}

function computeScheme(func: Operation, s: Scheme): boolean {
  const dots = new OrderedSet<Operation>();
  func.walkPostOrder((op) => {
    if (getAsyncTaskIds(op).length > 1 && (WarpGroupDotOp.is(op) || TCGen5MMAOp.is(op))) dots.insert(op);
  });
  if (dots.size === 0) return true;
  for (const op of dots.items) {
    if (s.dims.has(op) || s.remat.has(op) || s.skipped.has(op)) continue;
    if (!WarpGroupDotOp.is(op)) throw new DataPartitionError(op, 'data partitioning of Blackwell MMA ops is not supported');
    const acc = WarpGroupDotOp.d(op);
    const shape = shapeOf(acc.type);
    if (shape.length !== 2) return false;
    const n = getAsyncTaskIds(op).length;
    const dims: number[] = [];
    if (Math.trunc(shape[0]! / n) >= 64) dims.push(0);
    if (Math.trunc(shape[1]! / n) >= 128) dims.push(1);
    if (dims.length === 0) return false;
    if (s.numPartitions === 0) s.numPartitions = n;
    else if (s.numPartitions !== n) return false;
    let success = false;
    for (const d of dims) {
      const trial = s.clone();
      if (sliceClosure(acc, trial, d)) {
        success = true;
        Object.assign(s, trial);
        break;
      }
    }
    if (!success) return false;
  }
  return s.ops.size > 0;
}

function withIds(op: Operation, ids: readonly number[]): Operation {
  setAsyncTaskIds(op, ids);
  return op;
}

function slicedShape(shape: readonly number[], dim: number, n: number): number[] {
  const out = [...shape];
  out[dim] = Math.trunc(out[dim]! / n);
  return out;
}

function rewriteRematerialized(s: Scheme): void {
  for (const [oldOp, dims] of s.remat) {
    const b = new Builder();
    b.setInsertionPoint(oldOp);
    for (let i = 1; i < dims.size; i++) {
      const dim = dims.items[i]!;
      let newOp: Operation;
      if (LocalAllocOp.is(oldOp)) {
        const t = oldOp.result(0).type as MemDescType;
        const shape = slicedShape(t.shape, dim, s.numPartitions);
        const sliced = MemDescType.get({ shape, elementType: t.elementType, encoding: t.encoding, memorySpace: t.memorySpace, mutableMemory: t.mutableMemory });
        newOp = b.create({
          name: MemDescSubsliceOp.opName,
          operands: [oldOp.result(0)],
          resultTypes: [sliced],
          attributes: [['offsets', DenseArrayAttr.get(IntegerType.get(32), shape.map(() => 0))]],
          loc: oldOp.loc,
        });
      } else {
        newOp = b.clone(oldOp);
      }
      setAsyncTaskIds(newOp, getAsyncTaskIds(oldOp));
      s.ops.insert(newOp);
      s.dims.set(newOp, dim);
      const matches = (user: Operation): boolean => {
        let userDim = s.dimOf(user);
        if (isTrans(user)) userDim = s.flip(userDim);
        else if (WarpGroupDotOp.is(user)) {
          const idx = s.dotOperand.get(user) ?? 0;
          if ((userDim === 0 && idx === 1) || (userDim === 1 && idx === 0)) userDim = NO_DIM;
        }
        return userDim === dim;
      };
      oldOp.result(0).replaceUsesWithIf(newOp.result(0), (use) => matches(use.owner));
    }
  }
}

interface SliceState {
  s: Scheme;
  offset: number;
  map: IRMapping;
  /** Ops (and values) this round created: slicing them again is a no-op. */
  created: Set<Operation>;
  opMap: Map<Operation, Operation>;
}

function sliceValue(v: Value, st: SliceState): Operation | undefined {
  const def = v.definingOp;
  if (def) return sliceOp(def, st);
  const owner = v.parentBlock?.parentOp;
  return owner ? sliceOp(owner, st) : undefined;
}

function retype(v: Value, dim: number, n: number): void {
  const t = v.type;
  if (t instanceof MemDescType) {
    if (t.encoding.constructor.name.includes('TensorMemory')) throw new DataPartitionError(v.definingOp!, 'data partitioning of tensor memory is not supported');
    v.type = MemDescType.get({ shape: slicedShape(t.shape, dim, n), elementType: t.elementType, encoding: t.encoding, memorySpace: t.memorySpace, mutableMemory: t.mutableMemory });
  } else if (t instanceof RankedTensorType) {
    v.type = RankedTensorType.get(slicedShape(t.shape, dim, n), t.elementType, t.encoding);
  } else if (t instanceof TensorDescType) {
    const bt = t.blockType;
    v.type = TensorDescType.get(RankedTensorType.get(slicedShape(bt.shape, dim, n), bt.elementType, bt.encoding));
  }
}

function sliceOp(op: Operation, st: SliceState): Operation {
  const { s, offset, map } = st;
  if (!s.ops.has(op)) return op;
  const done = st.opMap.get(op);
  if (done) return done;
  if (st.created.has(op)) return op;
  const dim = s.dimOf(op);
  const n = s.numPartitions;
  const ids = getAsyncTaskIds(op);
  let sliceIds: number[];
  if (ids.length === n) sliceIds = [ids[offset]!];
  else if (ids.length === 1) sliceIds = [ids[0]!];
  else if (ids.length > n) sliceIds = [ids[0]!, ids[offset + 1]!];
  else throw new DataPartitionError(op, `unexpected task ids for data partitioning (${ids.length} for ${n} partitions)`);
  const b = new Builder();
  const mapResult = (v: Value, nv: Value): void => {
    map.map(v, nv);
  };
  const cloneAndRetype = (): Operation => {
    b.setInsertionPoint(op);
    const c = b.clone(op, map);
    setAsyncTaskIds(c, sliceIds);
    st.opMap.set(op, c);
    st.created.add(c);
    if (op.results.length > 0) {
      const v = op.result(0);
      const nv = c.result(0);
      let needRetype = dim !== NO_DIM;
      if (needRetype && WarpGroupDotOp.is(op)) {
        const idx = s.dotOperand.get(op) ?? 0;
        if ((dim === 0 && idx === 1) || (dim === 1 && idx === 0)) needRetype = false;
      }
      if (needRetype) retype(nv, dim, n);
      mapResult(v, nv);
    }
    return c;
  };
  let newOp: Operation;
  if (dim === NO_DIM || op.hasTrait('Elementwise') || ConvertLayoutOp.is(op) || BroadcastOp.is(op) || SplatOp.is(op) || ExpandDimsOp.is(op) || FpToFpOp.is(op) || AtomicRMWOp.is(op) || LocalAllocOp.is(op)) {
    for (const o of op.operandValues) sliceValue(o, st);
    newOp = cloneAndRetype();
  } else if (isBlackwellMma(op)) {
    throw new DataPartitionError(op, 'data partitioning of tensor memory is not supported');
  } else if (ConstantOp.is(op)) {
    b.setInsertionPoint(op);
    const val = op.getAttr('value');
    if (!(val instanceof DenseElementsAttr) || !val.isSplat) throw new DataPartitionError(op, 'data partitioning needs a splat constant');
    const vt = val.type as RankedTensorType;
    const nt = RankedTensorType.get(slicedShape(vt.shape, dim, n), vt.elementType, vt.encoding);
    newOp = b.create({ name: 'arith.constant', resultTypes: [nt], attributes: [['value', DenseElementsAttr.get(nt, [val.splatValue()])]], loc: op.loc });
    // The original ids stay: constant folding may merge the slices.
    setAsyncTaskIds(newOp, ids);
    st.created.add(newOp);
    mapResult(op.result(0), newOp.result(0));
  } else if (MakeRangeOp.is(op)) {
    b.setInsertionPoint(op);
    const start0 = MakeRangeOp.start(op).num;
    const end0 = MakeRangeOp.end(op).num;
    const size = Math.trunc((end0 - start0) / n);
    const start = start0 + offset * size;
    const t = op.result(0).type as RankedTensorType;
    newOp = b.create({
      name: 'tt.make_range',
      resultTypes: [RankedTensorType.get([size], IntegerType.get(32), t.encoding)],
      attributes: [
        ['start', IntegerAttr.i32(start)],
        ['end', IntegerAttr.i32(start + size)],
      ],
      loc: op.loc,
    });
    setAsyncTaskIds(newOp, sliceIds);
    st.created.add(newOp);
    mapResult(op.result(0), newOp.result(0));
  } else if (StoreOp.is(op) || LoadOp.is(op)) {
    for (const o of op.operandValues) sliceValue(o, st);
    newOp = cloneAndRetype();
  } else if (DescriptorLoadOp.is(op) || DescriptorStoreOp.is(op)) {
    const desc = DescriptorLoadOp.is(op) ? DescriptorLoadOp.desc(op) : DescriptorStoreOp.desc(op);
    sliceValue(desc, st);
    const indices = DescriptorLoadOp.is(op) ? DescriptorLoadOp.indices(op) : DescriptorStoreOp.indices(op);
    const coord = indices[dim]!;
    const shape = shapeOf(DescriptorLoadOp.is(op) ? op.result(0).type : DescriptorStoreOp.src(op).type);
    if (offset) {
      const def = coord.definingOp;
      if (!def) throw new DataPartitionError(op, 'data partitioning needs a computed descriptor coordinate (Triton 3.6 aborts on a block argument)');
      b.setInsertionPointAfter(def);
      const c = withIds(b.create({ name: 'arith.constant', resultTypes: [IntegerType.get(32)], attributes: [['value', IntegerAttr.i32(Math.trunc((offset * shape[dim]!) / n))]], loc: op.loc }), sliceIds);
      const add = withIds(b.create({ name: 'arith.addi', operands: [coord, c.result(0)], resultTypes: [IntegerType.get(32)], loc: op.loc }), sliceIds);
      st.created.add(c);
      st.created.add(add);
      mapResult(coord, add.result(0));
    }
    newOp = cloneAndRetype();
  } else if (MakeTensorDescOp.is(op) || ReinterpretTensorDescOp.is(op)) {
    newOp = cloneAndRetype();
  } else if (isTrans(op)) {
    sliceValue(TransOp.is(op) ? TransOp.src(op) : MemDescTransOp.src(op), st);
    newOp = cloneAndRetype();
  } else if (WarpGroupDotOp.is(op)) {
    const idx = s.dotOperand.get(op) ?? 0;
    sliceValue(op.operand(idx), st);
    if ((dim === 0 && idx === 1) || (dim === 1 && idx === 0)) sliceValue(op.operand(1 - idx), st);
    sliceValue(WarpGroupDotOp.c(op), st);
    newOp = cloneAndRetype();
  } else if (ForOp.is(op)) {
    newOp = sliceFor(op, st);
  } else if (IfOp.is(op)) {
    newOp = sliceIf(op, st);
  } else if (YieldOp.is(op)) {
    const count = op.operandValues.length;
    for (let i = 0; i < count; i++) {
      const o = op.operand(i);
      sliceValue(o, st);
      const nv = map.lookup(o);
      if (nv) op.setOperands([...op.operandValues, nv]);
    }
    newOp = op;
  } else if (ReduceOp.is(op)) {
    for (const o of op.operandValues) sliceValue(o, st);
    newOp = cloneAndRetype();
    newOp.walk((c) => setAsyncTaskIds(c, sliceIds));
  } else {
    throw new DataPartitionError(op, `data partitioning does not support '${op.name}' (Triton 3.6 aborts)`);
  }
  st.opMap.set(op, newOp);
  st.created.add(newOp);
  return newOp;
}

function sliceFor(forOp: Operation, st: SliceState): Operation {
  const { map } = st;
  const inits = ForOp.initArgs(forOp);
  const newInits: Value[] = [...inits];
  const body = forOp.region(0).blocks[0]!;
  const newIndex = new Map<number, number>();
  inits.forEach((init, i) => {
    sliceValue(init, st);
    // Triton looks a block-argument init up in its own region, so it adds the same value once more (the extra
    // iter arg is dead and goes away in the cleanup).
    const nv = init instanceof BlockArgument ? init : map.lookup(init);
    if (nv) {
      newInits.push(nv);
      body.addArgument(nv.type, forOp.loc);
      newIndex.set(i, newInits.length - 1);
    }
  });
  const b = new Builder();
  b.setInsertionPoint(forOp);
  const lb = ForOp.lowerBound(forOp);
  const ub = ForOp.upperBound(forOp);
  const step = ForOp.step(forOp);
  const newFor = b.create({ name: 'scf.for', operands: [lb, ub, step, ...newInits], resultTypes: newInits.map((v) => v.type), regions: 1, loc: forOp.loc });
  for (const [k, v] of forOp.attributes) newFor.setAttr(k, v);
  st.s.ops.insert(newFor);
  newFor.region(0).takeBody(forOp.region(0));
  forOp.results.forEach((r, i) => r.replaceAllUsesWith(newFor.result(i)));
  forOp.setAttr(TO_BE_REMOVED, UnitAttr.get());
  const newBody: Block = newFor.region(0).blocks[0]!;
  for (const [from, to] of newIndex) {
    map.map(newFor.result(from), newFor.result(to));
    map.map(newBody.args[from + 1]!, newBody.args[to + 1]!);
  }
  return newFor;
}

/** An `scf.if` whose yields got sliced operands: a new if with the extra results, the regions moved over. */
function sliceIf(ifOp: Operation, st: SliceState): Operation {
  const thenYield = ifOp.regions[0]?.blocks[0]?.terminator;
  const elseYield = ifOp.regions[1]?.blocks[0]?.terminator;
  if (!thenYield || !elseYield) throw new DataPartitionError(ifOp, 'data partitioning of an scf.if needs both branches (Triton 3.6 aborts)');
  sliceOp(thenYield, st);
  sliceOp(elseYield, st);
  const b = new Builder();
  b.setInsertionPoint(ifOp);
  const newIf = b.create({ name: 'scf.if', operands: [IfOp.condition(ifOp)], resultTypes: thenYield.operandValues.map((v) => v.type), regions: 2, loc: ifOp.loc });
  newIf.region(0).takeBody(ifOp.region(0));
  newIf.region(1).takeBody(ifOp.region(1));
  for (const [k, v] of ifOp.attributes) newIf.setAttr(k, v);
  st.s.ops.insert(newIf);
  ifOp.setAttr(TO_BE_REMOVED, UnitAttr.get());
  ifOp.results.forEach((r, i) => r.replaceAllUsesWith(newIf.result(i)));
  const yielded = thenYield.operandValues;
  yielded.forEach((v, i) => {
    const nv = st.map.lookup(v);
    if (!nv) return;
    const j = yielded.indexOf(nv);
    if (j < 0) throw new DataPartitionError(ifOp, 'sliced value not yielded');
    st.map.map(newIf.result(i), newIf.result(j));
  });
  return newIf;
}

/** Erases the unused ops of the closure and dead loop arguments until nothing changes (doDeepCleanup). */
function deepCleanup(func: Operation, s: Scheme): void {
  for (;;) {
    const dead: Operation[] = [];
    func.walkPostOrder((op) => {
      if (YieldOp.is(op) || !s.ops.has(op)) return;
      if (op.results.every((r) => r.uses.length === 0)) dead.push(op);
    });
    if (dead.length === 0) return;
    for (const op of dead) {
      s.ops.remove(op);
      op.erase();
    }
    applyPatternsGreedily(func, [FOR_OP_DEAD_ARG_ELIMINATION, ...SCF_FOR_PATTERNS, ...SCF_IF_PATTERNS]);
  }
}

function containsAll(sup: readonly number[], sub: readonly number[]): boolean {
  return sub.every((x) => sup.includes(x));
}

/** Gives arith producers their users' task ids, and yields/ifs their single-use operands' (fixTaskId). */
function fixTaskIds(func: Operation): void {
  let changed: boolean;
  do {
    changed = false;
    func.walkPostOrder((op) => {
      const ids = getAsyncTaskIds(op);
      for (const v of op.operandValues) {
        const def = v.definingOp;
        if (!def || LoadOp.is(def) || DescriptorLoadOp.is(def)) continue;
        const defIds = getAsyncTaskIds(def);
        if (!containsAll(defIds, ids)) {
          if (YieldOp.is(op) || ForOp.is(op) || IfOp.is(op)) continue;
          if (def.name.startsWith('arith.')) {
            addAsyncTaskIds(def, ids);
            changed = true;
          }
        }
        if (v.uses.length === 1 && !containsAll(ids, defIds) && (YieldOp.is(op) || IfOp.is(op))) {
          addAsyncTaskIds(op, defIds);
          changed = true;
        }
      }
    });
  } while (changed);
}

/** Triton's doDataPartition; false when the consumers' work cannot be split that many ways. */
export function doDataPartition(func: Operation, numConsumerGroups: number): boolean {
  const s = new Scheme();
  if (!computeScheme(func, s)) return numConsumerGroups <= 1;
  rewriteRematerialized(s);
  for (let i = 0; i < s.numPartitions; i++) {
    const st: SliceState = { s, offset: i, map: new IRMapping(), created: new Set(), opMap: new Map() };
    const count = s.ops.size;
    for (let j = 0; j < count; j++) sliceOp(s.ops.items[j]!, st);
    for (const op of [...s.ops.items]) {
      if (op.getAttr(TO_BE_REMOVED) === undefined) continue;
      s.ops.remove(op);
      op.erase();
    }
  }
  deepCleanup(func, s);
  fixTaskIds(func);
  return true;
}
