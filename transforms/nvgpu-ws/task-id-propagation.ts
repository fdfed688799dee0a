/**
 * Task id propagation (Triton 3.6's doTaskIdPropagate with its TaskIdBackwardPropagation analysis): every op
 * that feeds an anchor op (one with `async_task_id`) runs in the anchor's tasks too. A sparse backward dataflow
 * over SSA values whose lattice is a set of task ids (meet = union): an anchor gives its ids to its operands, any
 * other op gives the union of its results' ids to its operands; an op inside an `scf.for` / `scf.if` also gives
 * them to the loop's bounds and step / the branch condition. Region-carried values follow MLIR's backward
 * region-branch rules (an `scf.for` init meets its iter-arg and result, a yield operand meets the iter-arg and
 * result it flows to; once all results of an `scf.for`/`scf.if` are known, its yields meet them again).
 * Afterwards every op gets the union of its results' sets (of its operands' for an op without results), unless
 * it already has ids (constants are always overwritten), and its enclosing ops get those ids added.
 * The result is the analysis' least fixed point, computed here by iterating the rules until nothing changes.
 */
import type { Operation, Value } from '../../dialect/ir/ir.js';
import { DenseArrayAttr } from '../../dialect/ir/attribute.js';
import { ConstantOp } from '../../dialect/arith/ops.js';
import { ConditionOp, ForOp, IfOp, YieldOp } from '../../dialect/scf/ops.js';
import { FuncOp, ReduceOp, ReduceReturnOp, ReturnOp } from '../../dialect/tt/ops.js';
import { ASYNC_TASK_ID, hasAsyncTaskIds, labelParentOps, setAsyncTaskIds, unionTaskIds } from './task-ids.js';

/** Where Triton's analysis reaches llvm_unreachable: the op inside an unsupported parent. */
export class TaskIdPropagationError extends Error {
  constructor(
    readonly op: Operation,
    message: string,
  ) {
    super(message);
  }
}

class Lattice {
  private readonly ids = new Map<Value, number[]>();
  changed = false;

  get(v: Value): number[] | undefined {
    return this.ids.get(v);
  }
  meet(v: Value, ids: readonly number[] | undefined): void {
    if (ids === undefined) return;
    const cur = this.ids.get(v);
    const next = cur === undefined ? [...ids] : unionTaskIds(cur, ids);
    if (cur === undefined || next.length !== cur.length) {
      this.ids.set(v, next);
      this.changed = true;
    }
  }
}

function anchorIds(op: Operation): number[] | undefined {
  const a = op.getAttr(ASYNC_TASK_ID);
  return a instanceof DenseArrayAttr ? [...a.values] : undefined;
}

/** Triton's propagateToParent: loop bounds/step and branch conditions of every enclosing op. */
function propagateToParents(lat: Lattice, op: Operation, ids: readonly number[] | undefined): void {
  // Triton walks the parents even for an unknown value, so an unsupported parent fails either way.
  for (let p = op.parentOp; p && !FuncOp.is(p); p = p.parentOp) {
    if (ForOp.is(p)) {
      lat.meet(ForOp.lowerBound(p), ids);
      lat.meet(ForOp.upperBound(p), ids);
      lat.meet(ForOp.step(p), ids);
    } else if (IfOp.is(p)) {
      lat.meet(IfOp.condition(p), ids);
    } else if (!ReduceOp.is(p)) {
      throw new TaskIdPropagationError(op, `task id propagation does not support ops nested in '${p.name}'`);
    }
  }
}

function reduceToTerminator(lat: Lattice, op: Operation): void {
  if (!ReduceOp.is(op)) return;
  const ret = op.regions[0]?.blocks[0]?.terminator;
  if (!ret || !ReduceReturnOp.is(ret)) return;
  ret.operandValues.forEach((v, i) => lat.meet(v, i < op.results.length ? lat.get(op.result(i)) : undefined));
}

function visit(lat: Lattice, op: Operation): void {
  if (ForOp.is(op)) {
    const body = op.region(0).blocks[0]!;
    const inits = ForOp.initArgs(op);
    inits.forEach((v, i) => {
      lat.meet(v, lat.get(body.args[i + 1]!));
      lat.meet(v, lat.get(op.result(i)));
    });
    // The bounds and step are branch operands: once every result is known, the yield meets the results.
    if (op.results.every((r) => lat.get(r) !== undefined)) {
      const y = body.terminator!;
      y.operandValues.forEach((v, i) => lat.meet(v, lat.get(op.result(i))));
    }
    return;
  }
  if (IfOp.is(op)) {
    if (op.results.every((r) => lat.get(r) !== undefined)) {
      for (const region of op.regions) {
        const y = region.blocks[0]?.terminator;
        if (y) y.operandValues.forEach((v, i) => lat.meet(v, lat.get(op.result(i))));
      }
    }
    return;
  }
  if (YieldOp.is(op)) {
    const parent = op.parentOp;
    if (parent && ForOp.is(parent)) {
      const body = parent.region(0).blocks[0]!;
      op.operandValues.forEach((v, i) => {
        lat.meet(v, lat.get(body.args[i + 1]!));
        lat.meet(v, lat.get(parent.result(i)));
      });
      return;
    }
    if (parent && IfOp.is(parent)) {
      op.operandValues.forEach((v, i) => lat.meet(v, lat.get(parent.result(i))));
      return;
    }
  }
  // A public function's return: its callers are unknown (the exit state adds nothing).
  if (ReturnOp.is(op)) return;
  const anchor = anchorIds(op);
  if (anchor !== undefined) {
    for (const v of op.operandValues) lat.meet(v, anchor);
    propagateToParents(lat, op, anchor);
  } else {
    for (const r of op.results) for (const v of op.operandValues) lat.meet(v, lat.get(r));
    for (const r of op.results) propagateToParents(lat, op, lat.get(r));
  }
  reduceToTerminator(lat, op);
}

/** Propagates task ids through `func`; throws TaskIdPropagationError where Triton's analysis would crash. */
export function doTaskIdPropagate(func: Operation): void {
  const ops: Operation[] = [];
  func.walk((op) => {
    if (op !== func) ops.push(op);
  });
  // An scf.condition's condition is a branch operand of neither an scf.for nor an scf.if: Triton asserts.
  const cond = ops.find((op) => ConditionOp.is(op));
  if (cond) throw new TaskIdPropagationError(cond, 'task id propagation does not support scf.while (Triton 3.6 asserts)');
  const lat = new Lattice();
  do {
    lat.changed = false;
    for (let i = ops.length - 1; i >= 0; i--) visit(lat, ops[i]!);
  } while (lat.changed);

  func.walkPostOrder((op) => {
    if (op === func) return;
    let ids: number[] | undefined;
    const vals = op.results.length > 0 ? op.results : op.operandValues;
    for (const v of vals) {
      const l = lat.get(v);
      if (l !== undefined) ids = ids === undefined ? [...l] : unionTaskIds(ids, l);
    }
    if (ids !== undefined && (ConstantOp.is(op) || !hasAsyncTaskIds(op))) {
      setAsyncTaskIds(op, ids);
      labelParentOps(op);
    }
  });
}
