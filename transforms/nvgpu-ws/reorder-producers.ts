/**
 * reorderProducerOps (Triton 3.6, WSCodePartition.cpp): when every channel's producer sits in one block, the
 * producers are regrouped so that consumers are unblocked in turn: grouped by their channel's first consumer task
 * (smaller first), within a group by number of consumer tasks (fewer first, stable), and moved one after another
 * from the first channel's producer on. Then, from the last one backwards, each producer's backward slice (block
 * arguments left out) that lives in the block moves right before it, so it is computed as late as possible.
 */
import type { Operation } from '../../dialect/ir/ir.js';
import { getBackwardSliceOfOp } from '../../dialect/ttg/utils/mma-utils.js';
import { type Channel, channelSrcOp } from './channels.js';

export function reorderProducerOps(channels: readonly Channel[]): void {
  if (channels.length <= 1) return;
  const block = channelSrcOp(channels[0]!)!.parent;
  if (channels.some((c) => channelSrcOp(c)!.parent !== block)) return;
  const byTask = new Map<number, Channel[]>();
  for (const c of channels) {
    const task = c.consumers[0]!;
    const group = byTask.get(task) ?? [];
    group.push(c);
    byTask.set(task, group);
  }
  if (byTask.size <= 1) return;
  const groups = [...byTask.entries()].sort((a, b) => a[0] - b[0]).map(([, g]) => g);
  // Triton's std::sort is not stable, but below 17 elements libstdc++ sorts by insertion, which keeps equal keys
  // in order as this stable sort does.
  for (const g of groups) g.sort((a, b) => a.consumers.length - b.consumers.length);
  let current: Operation = channelSrcOp(channels[0]!)!;
  for (const g of groups) {
    for (const c of g) {
      const src = channelSrcOp(c)!;
      if (src !== current) src.moveAfter(current);
      current = src;
    }
  }
  for (const g of [...groups].reverse()) {
    for (const c of [...g].reverse()) {
      const src = channelSrcOp(c)!;
      for (const op of getBackwardSliceOfOp(src, { omitBlockArguments: true })) {
        if (op.parent === block) op.moveBefore(src);
      }
    }
  }
}
