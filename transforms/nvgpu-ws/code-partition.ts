/**
 * Triton 3.6's doCodePartition (WSCodePartition.cpp) up to specializeRegion: channels and their groups, producer
 * reordering, accumulation counters, buffers, async copies, tokens, the communication ops, and local-load
 * folding, in Triton's order. The result is the function with every op still in one body, each labelled with
 * the tasks that run it: specializeRegion (WSSpecialize.cpp) then clones each task's ops into the partitions of a
 * `ttg.warp_specialize`. Returns false when there is no channel (Triton then leaves the function alone).
 * Failures where Triton asserts are CodePartitionErrors (located at the op).
 */
import type { Operation } from '../../dialect/ir/ir.js';
import { appendAccumCnts, regionsWithChannels } from './accum-counts.js';
import { insertAsyncComm } from './async-comm.js';
import { insertAsyncCopies } from './async-copy.js';
import { createBuffers } from './buffers.js';
import { collectAsyncChannels, groupChannels, taskTopOps } from './channels.js';
import { foldLocalLoads } from './fold-local-loads.js';
import { reorderProducerOps } from './reorder-producers.js';
import { createTokens } from './tokens.js';

export function codePartitionBeforeSpecialize(func: Operation, numBuffers: number): boolean {
  const channels = collectAsyncChannels(func, numBuffers);
  if (channels.length === 0) return false;
  const groups = groupChannels(channels);
  reorderProducerOps(channels);
  const topOps = taskTopOps(func, channels);
  const regions = regionsWithChannels(channels);
  appendAccumCnts(topOps, regions);
  const buffers = createBuffers(func, channels, groups);
  const copies = insertAsyncCopies(groups, buffers, regions);
  const comms = createTokens(func, groups, copies);
  insertAsyncComm(func, groups, comms, buffers, copies, regions);
  foldLocalLoads(func);
  return true;
}
