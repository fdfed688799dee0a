/**
 * The copies of code partition (Triton 3.6's insertAsyncCopy, WSLowerMem.cpp). For each producer group (one
 * buffer), the channel whose consumer dominates the others' is the one lowered (consumers that do not dominate
 * each other, i.e. conditional ones, are a located error as Triton asserts). First the buffer slot of the producer
 * is computed before it (its loop's counter, labelled with the producer's and the consumers' tasks; a constant 0
 * outside loops), then:
 *   - a TMA load (`tt.descriptor_load`) is left as it is: insertAsyncComm turns it into a TMA copy;
 *   - a `tt.load` becomes a `ttg.async_copy_global_to_local` into the slot, read back by a `ttg.local_load` right
 *     before the consumer;
 *   - any other producer keeps its value and stores it (`ttg.local_store`) into the slot right after itself; every
 *     user of the value reads it back with a `ttg.local_load` before the consumer.
 * The index computation of this step stays even when nothing uses it (Triton leaves it for later cleanups).
 * Returns, per channel, the op that fills the buffer and the op that reads it (Triton's copyOpMap).
 */
import { Builder } from '../../dialect/ir/builder.js';
import type { Operation, Value } from '../../dialect/ir/ir.js';
import { RankedTensorType } from '../../dialect/ir/type.js';
import { ForOp } from '../../dialect/scf/ops.js';
import { DescriptorLoadOp, LoadOp } from '../../dialect/tt/ops.js';
import { AsyncTokenType } from '../../dialect/ttg/types.js';
import { LocalLoadOp } from '../../dialect/ttg/ops.js';
import { bufferSlot, constInt, createTagged, slotAndPhase } from './buffer-index.js';
import { type Channel, type ChannelGroups, channelSrcOp, CodePartitionError, opProperlyDominates } from './channels.js';
import { getAsyncTaskIds } from './task-ids.js';

/** The op that fills a channel's buffer and the op that reads it (Triton's copyOpMap entry). */
export interface CopyOps {
  producer: Operation;
  consumer: Operation;
}

/** The channel of `group` whose consumer dominates the other consumers (Triton's mutuallyNonDominatingChannels). */
function dominatingChannel(group: readonly Channel[]): Channel {
  const kept: Channel[] = [];
  for (const c of group) {
    let dominated = false;
    for (let i = 0; i < kept.length; ) {
      const other = kept[i]!;
      if (opProperlyDominates(c.dst, other.dst)) kept.splice(i, 1);
      else if (opProperlyDominates(other.dst, c.dst)) {
        dominated = true;
        break;
      } else i++;
    }
    if (!dominated) kept.push(c);
  }
  if (kept.length !== 1) throw new CodePartitionError(group[0]!.dst, 'code partition: conditional consumers not supported (the consumers of one producer do not dominate each other)');
  return kept[0]!;
}

function tensorOf(v: Value, op: Operation): RankedTensorType {
  if (!(v.type instanceof RankedTensorType)) throw new CodePartitionError(op, 'code partition expects a channel to carry a tensor');
  return v.type;
}

/** Task ids of the users of `v`, first-seen order (Triton's setAsyncTaskIdsFromValueUsers; sorted when set). */
function userTaskIds(v: Value): number[] {
  const ids: number[] = [];
  for (const u of v.users) for (const id of getAsyncTaskIds(u)) if (!ids.includes(id)) ids.push(id);
  return ids;
}

/** createAsyncCopy: a `tt.load` into a buffer slot by `ttg.async_copy_global_to_local`, read back before the consumer. */
function asyncCopy(c: Channel, load: Operation, buffer: Value, index: Value): CopyOps {
  const tensor = tensorOf(load.result(0), load);
  const b = new Builder();
  const loadIds = getAsyncTaskIds(load);
  b.setInsertionPointAfter(load);
  const view = bufferSlot(b, loadIds, buffer, tensor, index, true, load.loc);
  const mask = LoadOp.mask(load);
  const other = LoadOp.other(load);
  const attrs = ['cache', 'evict', 'isVolatile'].flatMap((n) => {
    const a = load.getAttr(n);
    return a ? [[n, a] as [string, NonNullable<typeof a>]] : [];
  });
  const copy = createTagged(b, loadIds, {
    name: 'ttg.async_copy_global_to_local',
    operands: [LoadOp.ptr(load), view, ...(mask ? [mask] : []), ...(other ? [other] : [])],
    operandSegments: [1, 1, mask ? 1 : 0, other ? 1 : 0],
    resultTypes: [AsyncTokenType.get()],
    attributes: attrs,
    loc: load.loc,
  });
  const readIds = userTaskIds(load.result(0));
  b.setInsertionPoint(c.dst);
  const readView = bufferSlot(b, readIds, buffer, tensor, index, true, load.loc);
  const read = createTagged(b, readIds, { name: 'ttg.local_load', operands: [readView], resultTypes: [load.result(0).type], loc: load.loc });
  load.result(0).replaceAllUsesWith(read.result(0));
  load.erase();
  return { producer: copy, consumer: read };
}

/** createLocalCopy: the produced value stored into a buffer slot after its producer and loaded before the consumer. */
function localCopy(c: Channel, buffer: Value, index: Value): CopyOps {
  const src = channelSrcOp(c)!;
  const value = c.dst.operandValues[c.operandIdx]!;
  const tensor = tensorOf(value, src);
  const b = new Builder();
  const dstIds = getAsyncTaskIds(c.dst);
  b.setInsertionPoint(c.dst);
  const view = bufferSlot(b, dstIds, buffer, tensor, index, true, c.dst.loc);
  const read = createTagged(b, dstIds, { name: 'ttg.local_load', operands: [view], resultTypes: [value.type], loc: c.dst.loc });
  value.replaceAllUsesWith(read.result(0));
  b.setInsertionPointAfter(src);
  const srcView = bufferSlot(b, [c.producer], buffer, tensor, index, true, src.loc);
  const store = createTagged(b, [c.producer], { name: 'ttg.local_store', operands: [value, srcView], loc: src.loc });
  return { producer: store, consumer: read };
}

/**
 * insertAsyncCopy over the producer groups (in `groups.byProducer`'s order; Triton's is pointer-keyed, which only
 * matters where two groups insert at one point). `regions` are collectRegionsWithChannels' (after the counters).
 */
export function insertAsyncCopies(groups: ChannelGroups, buffers: Map<Channel, Value>, regions: readonly Operation[]): Map<Channel, CopyOps> {
  const out = new Map<Channel, CopyOps>();
  for (const [key, group] of groups.byProducer) {
    const dom = dominatingChannel(group);
    const src = channelSrcOp(key)!;
    const ids = getAsyncTaskIds(src);
    for (const id of getAsyncTaskIds(dom.dst)) if (!ids.includes(id)) ids.push(id);
    const b = new Builder();
    b.setInsertionPoint(src);
    const index = src.getParentWhere((p) => ForOp.is(p)) ? slotAndPhase(b, ids, src, key.numBuffers, regions).index : constInt(b, ids, 0, 32, src.loc);
    const buffer = buffers.get(dom)!;
    let ops: CopyOps;
    if (DescriptorLoadOp.is(src)) ops = { producer: src, consumer: dom.dst };
    else if (LoadOp.is(src)) ops = asyncCopy(dom, channelSrcOp(dom)!, buffer, index);
    else {
      if (LocalLoadOp.is(src)) throw new CodePartitionError(src, 'code partition: a local_load producer should reuse its buffer (not supported)');
      ops = localCopy(dom, buffer, index);
    }
    for (const c of group) out.set(c, ops);
  }
  return out;
}
