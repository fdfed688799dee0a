/**
 * foldLocalLoads (Triton 3.6, WSCodePartition.cpp): a `ttg.local_alloc` of a `ttg.local_load` run by the same
 * tasks reads the loaded buffer slot directly: its uses take the slot (memdesc views of it are rebuilt on the slot,
 * replaceUsesAndPropagateType). The alloc and the load stay (dead) as in Triton, for later cleanups.
 */
import type { Operation, Value } from '../../dialect/ir/ir.js';
import { Rewriter } from '../../dialect/ir/rewriter.js';
import { LocalAllocOp, LocalLoadOp } from '../../dialect/ttg/ops.js';
import { replaceUsesAndPropagateType } from '../../dialect/ttg/utils/propagate-memdesc.js';
import { getAsyncTaskIds } from './task-ids.js';

const sameIds = (a: readonly number[], b: readonly number[]): boolean => a.length === b.length && a.every((x, i) => x === b[i]);

export function foldLocalLoads(func: Operation): void {
  const folds: [Operation, Value][] = [];
  func.walk((op) => {
    if (!LocalAllocOp.is(op)) return;
    const src = op.operandValues[0];
    const load = src?.definingOp;
    if (!load || !LocalLoadOp.is(load)) return;
    if (sameIds(getAsyncTaskIds(load), getAsyncTaskIds(op))) folds.push([op, load.operandValues[0]!]);
  });
  const rw = new Rewriter();
  for (const [alloc, slot] of folds) replaceUsesAndPropagateType(rw, alloc, slot);
}
