/**
 * The partition scheme of data partition (Triton 3.6's computePartitionScheme, WSDataPartition.cpp): for each
 * `ttng.warp_group_dot` that runs on several consumer tasks, the closure of ops to cut (backward from the
 * accumulator through elementwise ops, layout changes, loads and loop-carried values; forward through its users and
 * yields), each with the dimension it is cut along (M if M / #consumers >= 64, else N if N / #consumers >= 128;
 * flipped through transposes, shifted through expand_dims), which dot operand is cut, and the local_allocs /
 * constants that both dims need (rematerialized). Fails when two paths need one op cut along different dims.
 */
import type { Operation, Value } from '../../dialect/ir/ir.js';
import { BlockArgument, type OpResult } from '../../dialect/ir/ir.js';
import { RankedTensorType, type Type } from '../../dialect/ir/type.js';
import { ConstantOp, ExtFOp, ExtSIOp, ExtUIOp } from '../../dialect/arith/ops.js';
import { ForOp, IfOp, YieldOp } from '../../dialect/scf/ops.js';
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
  ReturnOp,
  SplatOp,
  StoreOp,
  TransOp,
} from '../../dialect/tt/ops.js';
import { PointerType, TensorDescType } from '../../dialect/tt/types.js';
import { ConvertLayoutOp, LocalAllocOp, MemDescTransOp } from '../../dialect/ttg/ops.js';
import { MemDescType } from '../../dialect/ttg/types.js';
import { ReinterpretTensorDescOp, TMEMAllocOp, TMEMLoadOp, WarpGroupDotOp } from '../../dialect/ttng/ops.js';
import { TCGen5MMAOp } from '../../dialect/ttng/mma-v5-ops.js';
import { getAsyncTaskIds } from './task-ids.js';
import { SetVector } from '../../dialect/ttg/utils/layout-utils.js';

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
export const NO_DIM = -1;

export class Scheme {
  numPartitions = 0;
  ops = new SetVector<Operation>();
  dims = new Map<Operation, number>();
  dotOperand = new Map<Operation, number>();
  remat = new Map<Operation, SetVector<number>>();
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
    for (const op of other.ops) this.ops.insert(op);
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

export function shapeOf(t: Type): readonly number[] {
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

export function isTrans(op: Operation): boolean {
  return TransOp.is(op) || MemDescTransOp.is(op);
}

export function isBlackwellMma(op: Operation): boolean {
  return TCGen5MMAOp.is(op) || TMEMAllocOp.is(op) || TMEMLoadOp.is(op);
}

/** MLIR's getBackwardSlice(op) (not inclusive, block arguments followed into single-block parents). */
function backwardSliceOf(op: Operation): Operation[] {
  const slice = new SetVector<Operation>();
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
  return slice.toArray();
}

function rematerialize(op: Operation, s: Scheme, dim: number): boolean {
  const existing = s.remat.get(op);
  if (existing) {
    existing.insert(dim);
    return true;
  }
  if (LocalAllocOp.is(op) || ConstantOp.is(op)) {
    const set = new SetVector<number>();
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
  const slice = new SetVector<Operation>();
  const visit = (op: Operation): void => {
    for (const r of op.regions) for (const b of r.blocks) for (const o of b.ops) if (!slice.has(o)) visit(o);
    for (const res of op.results) for (const u of usersOf(res)) if (!slice.has(u)) visit(u);
    slice.insert(op);
  };
  for (const u of usersOf(v)) if (!slice.has(u)) visit(u);
  return slice.toArray().reverse();
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
  for (const op of fwd.ops) {
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

export function computeScheme(func: Operation, s: Scheme): boolean {
  const dots = new SetVector<Operation>();
  func.walkPostOrder((op) => {
    if (getAsyncTaskIds(op).length > 1 && (WarpGroupDotOp.is(op) || TCGen5MMAOp.is(op))) dots.insert(op);
  });
  if (dots.size === 0) return true;
  for (const op of dots) {
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
