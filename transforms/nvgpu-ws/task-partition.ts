/**
 * Task partition (Triton 3.6's doTaskPartition, WSTaskPartition.cpp): picks the anchor ops of each warp group.
 * Decides from the function's `scf.for`s, `ttng.warp_group_dot`s, loads and stores: the descriptor loads (and
 * expensive pointer loads) in the backward slice of a dot's A and B operands go to task 0, the producer; every
 * dot and every store goes to all consumer tasks 1..numWarpGroups-1. Nothing happens when any op already has
 * task ids (user annotations, or a previous attempt with more warp groups), or when the function has no loop,
 * no load or no dot, or no producer load feeds a dot.
 */
import type { Operation } from '../../dialect/ir/ir.js';
import { ForOp } from '../../dialect/scf/ops.js';
import { DescriptorLoadOp, DescriptorStoreOp, LoadOp, StoreOp } from '../../dialect/tt/ops.js';
import { WarpGroupDotOp } from '../../dialect/ttng/ops.js';
import { isExpensiveLoadOrStore } from '../../dialect/ttg/utils/layout-utils.js';
import { getBackwardSliceOfValue } from '../../dialect/ttg/utils/mma-utils.js';
import { getAsyncTaskIds, setAsyncTaskIds } from './task-ids.js';

export function doTaskPartition(func: Operation, numWarpGroups: number): void {
  if (numWarpGroups <= 1) return;
  let annotated = false;
  func.walk((op) => {
    if (getAsyncTaskIds(op).length > 0) annotated = true;
  });
  if (annotated) return;

  const loops: Operation[] = [];
  const loads: Operation[] = [];
  const stores: Operation[] = [];
  const dots: Operation[] = [];
  func.walkPostOrder((op) => {
    if (ForOp.is(op)) loops.push(op);
    else if (WarpGroupDotOp.is(op)) dots.push(op);
    else if (LoadOp.is(op) || DescriptorLoadOp.is(op)) loads.push(op);
    else if (StoreOp.is(op) || DescriptorStoreOp.is(op)) stores.push(op);
  });
  if (loops.length === 0 || loads.length === 0 || dots.length === 0) return;

  // Loads feeding a dot's shared-memory operands are the producer's work.
  const producers = new Set<Operation>();
  for (const dot of dots) {
    const opts = { omitBlockArguments: true, inclusive: true };
    const slice = new Set([...getBackwardSliceOfValue(WarpGroupDotOp.a(dot), opts), ...getBackwardSliceOfValue(WarpGroupDotOp.b(dot), opts)]);
    for (const dep of slice) {
      if (DescriptorLoadOp.is(dep) || (LoadOp.is(dep) && isExpensiveLoadOrStore(dep))) producers.add(dep);
    }
  }
  if (producers.size === 0) return;

  const consumerIds = Array.from({ length: numWarpGroups - 1 }, (_, i) => i + 1);
  for (const op of producers) setAsyncTaskIds(op, [0]);
  for (const op of dots) setAsyncTaskIds(op, consumerIds);
  for (const op of stores) setAsyncTaskIds(op, consumerIds);
}
