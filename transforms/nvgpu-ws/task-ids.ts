/**
 * The `async_task_id` attribute (a dense i32 array, sorted) that Triton 3.6's Hopper warp specialization puts on
 * every op to say which partition (warp group) runs it: task 0 is the producer, 1..n the consumers. Helpers that
 * read, set, merge and remove it as Triton's WarpSpecialization/Utility.cpp does.
 */
import { DenseArrayAttr } from '../../dialect/ir/attribute.js';
import type { Operation } from '../../dialect/ir/ir.js';
import { IntegerType } from '../../dialect/ir/type.js';
import { FuncOp } from '../../dialect/tt/ops.js';

export const ASYNC_TASK_ID = 'async_task_id';

/** The op's task ids; a run of equal ids counts once (Triton drops consecutive duplicates only). */
export function getAsyncTaskIds(op: Operation): number[] {
  const a = op.getAttr(ASYNC_TASK_ID);
  if (!(a instanceof DenseArrayAttr)) return [];
  const out: number[] = [];
  for (const v of a.values) if (out.length === 0 || out[out.length - 1] !== v) out.push(v);
  return out;
}

export function hasAsyncTaskIds(op: Operation): boolean {
  return op.getAttr(ASYNC_TASK_ID) !== undefined;
}

export function taskIdsAttr(ids: readonly number[]): DenseArrayAttr {
  return DenseArrayAttr.get(IntegerType.get(32), ids);
}

/** Sets the op's task ids, sorted (duplicates are kept, as Triton's setAsyncTaskIds keeps them). */
export function setAsyncTaskIds(op: Operation, ids: readonly number[]): void {
  op.setAttr(ASYNC_TASK_ID, taskIdsAttr([...ids].sort((a, b) => a - b)));
}

/** Adds the ids the op does not have yet (nothing is written when the result would be empty). */
export function addAsyncTaskIds(op: Operation, ids: readonly number[]): void {
  const cur = getAsyncTaskIds(op);
  const seen = new Set(cur);
  for (const id of ids) if (!seen.has(id)) cur.push(id);
  if (cur.length > 0) setAsyncTaskIds(op, cur);
}

export function removeAsyncTaskId(op: Operation, id: number): void {
  const cur = getAsyncTaskIds(op).filter((x) => x !== id);
  if (cur.length === 0) op.removeAttr(ASYNC_TASK_ID);
  else setAsyncTaskIds(op, cur);
}

/** Adds the op's task ids to every enclosing op below the function (Triton's labelParentOps). */
export function labelParentOps(op: Operation): void {
  const ids = getAsyncTaskIds(op);
  for (let p = op.parentOp; p && !FuncOp.is(p); p = p.parentOp) addAsyncTaskIds(p, ids);
}

/** The sorted union of the task ids of `op` and every op nested in it. */
export function getNestedAsyncTaskIds(op: Operation): number[] {
  const ids = new Set<number>();
  op.walk((o) => {
    for (const id of getAsyncTaskIds(o)) ids.add(id);
  });
  return [...ids].sort((a, b) => a - b);
}

/** The sorted union of two id lists, without duplicates (the task-id lattice's meet). */
export function unionTaskIds(a: readonly number[], b: readonly number[]): number[] {
  return [...new Set([...a, ...b])].sort((x, y) => x - y);
}
