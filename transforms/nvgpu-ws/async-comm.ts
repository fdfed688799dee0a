/**
 * The synchronization of code partition (Triton 3.6's insertAsyncComm and optimizeTMALoads, WSCodePartition.cpp /
 * WSLowerMem.cpp), for Hopper channels (shared memory; Blackwell's tensor-memory channels and MMA barriers are
 * rejected earlier). Per consumer group:
 *   - the head and tail producers (copy ops of insertAsyncCopy) in the producer's block, the head and tail
 *     consumers (the read ops, the channel destinations and their unique actual consumers) in the consumer's;
 *   - the buffer slot and phase, computed before the head producer (labelled with producer and consumer tasks);
 *   - per consumer token (in Triton's DenseMap<int> order): `nvws.producer_acquire` before the producer, and for a
 *     producer that is not a TMA load `nvws.producer_commit` after the tail producer; then per token
 *     `nvws.consumer_wait` before the head consumer (not for TMA loads) and `nvws.consumer_release` after the last
 *     user of the consumer (releaseHeuristic);
 *   - TMA loads: `ttng.barrier_expect` of the loads' bytes on the producer ring's slot, an
 *     `ttng.async_tma_copy_global_to_local` into the slot for each load, and before the head consumer a
 *     `ttng.wait_barrier` on the slot with the phase and a `ttg.local_load` of each slot that replaces the load.
 * Triton visits the groups in a pointer-keyed order; here they come in the order they were made (one of its
 * orders). Where two groups insert at one point (consecutive consumer releases after one op), that order shows.
 */
import { IntegerAttr } from '../../dialect/ir/attribute.js';
import { Builder } from '../../dialect/ir/builder.js';
import type { Operation, Value } from '../../dialect/ir/ir.js';
import { IntegerType, RankedTensorType } from '../../dialect/ir/type.js';
import { ForOp } from '../../dialect/scf/ops.js';
import { DescriptorLoadOp, FuncOp } from '../../dialect/tt/ops.js';
import { elementBitWidth } from '../../dialect/ttg/types.js';
import type { CopyOps } from './async-copy.js';
import { barrierSlot, bufferSlot, constInt, createTagged, slotAndPhase } from './buffer-index.js';
import { actualConsumers, type Channel, type ChannelGroups, channelSrcOp, CodePartitionError, uniqueActualConsumer } from './channels.js';
import type { CommChannel } from './tokens.js';
import { getAsyncTaskIds } from './task-ids.js';

/** getSameLevelOp: the ancestor of `c` (or `c`) beside `p`'s ancestors, for placing sync ops around loops. */
function sameLevelOp(p: Operation, c: Operation): Operation {
  for (let op: Operation | undefined = c; op && !FuncOp.is(op); op = op.parentOp) if (op.parentOp === p.parentOp) return op;
  for (let op: Operation | undefined = p; op && !FuncOp.is(op); op = op.parentOp) if (c.parentOp === op.parentOp) return c;
  throw new CodePartitionError(c, "code partition: failed to find the consumer's op at the producer's level");
}

/** MLIR's properlyPostDominates(a, b) for single-block regions: `a` encloses `b` or comes after `b`'s ancestor. */
function properlyPostDominates(a: Operation, b: Operation): boolean {
  if (a === b) return false;
  let cur: Operation | undefined = b;
  while (cur && cur.parent !== a.parent) cur = cur.parentOp;
  if (!cur) return false;
  if (cur === a) return true;
  return cur.isBeforeInBlock(a);
}

/** consumerReleaseHeuristic: the op after which the consumer task `task` releases its buffer slot. */
function releasePoint(p: Operation, c: Operation, task: number): Operation {
  if (c.parent !== p.parent) return sameLevelOp(p, c);
  const kept: Operation[] = [];
  for (const user of actualConsumers(c)) {
    let dominated = false;
    for (let i = 0; i < kept.length; ) {
      if (properlyPostDominates(user, kept[i]!)) kept.splice(i, 1);
      else if (properlyPostDominates(kept[i]!, user)) {
        dominated = true;
        break;
      } else i++;
    }
    if (!dominated) kept.push(user);
  }
  if (kept.length === 1) {
    let user: Operation | undefined = kept[0]!;
    while (user && user.parentOp !== c.parentOp) user = user.parentOp;
    if (!user) throw new CodePartitionError(c, 'code partition: failed to find the common parent of the consumer and its user');
    return user;
  }
  const ops = c.parent!.ops;
  for (let i = ops.length - 1; i >= 0; i--) {
    const ids = getAsyncTaskIds(ops[i]!);
    if (ids.length === 1 && ids[0] === task) return ops[i]!;
  }
  throw new CodePartitionError(c, `code partition: no place to release the buffer of consumer task ${task}`);
}

/** The order in which Triton's DenseMap<int, Value> of tokens iterates (64 buckets, hash 37 * key). */
function tokenOrder(tokens: ReadonlyMap<number, Value>): [number, Value][] {
  return [...tokens.entries()].sort(([a], [b]) => ((a * 37) & 63) - ((b * 37) & 63));
}

function firstIn(ops: readonly Operation[], set: ReadonlySet<Operation>): Operation | undefined {
  return ops.find((op) => set.has(op));
}

function lastIn(ops: readonly Operation[], set: ReadonlySet<Operation>): Operation | undefined {
  for (let i = ops.length - 1; i >= 0; i--) if (set.has(ops[i]!)) return ops[i];
  return undefined;
}

function tmaLoadBytes(load: Operation): number {
  const t = load.result(0).type as RankedTensorType;
  return (t.shape.reduce((a, b) => a * b, 1) * elementBitWidth(t.elementType)) / 8;
}

/** optimizeTMALoads: the TMA copies of a group into their slots, on one barrier, and their reads by the consumers. */
function lowerTMALoads(loads: readonly Operation[], buffers: readonly Value[], ring: Value, index: Value, phase: Value, headProducer: Operation, headConsumer: Operation): void {
  const loc = ring.definingOp?.loc ?? headProducer.loc;
  const bytes = loads.reduce((n, l) => n + Math.trunc(tmaLoadBytes(l)), 0);
  const b = new Builder();
  b.setInsertionPoint(headProducer);
  let ids = getAsyncTaskIds(headProducer);
  const prodBarrier = barrierSlot(b, ids, ring, index, loc);
  const pred = constInt(b, ids, 1, 1, loc);
  createTagged(b, ids, { name: 'ttng.barrier_expect', operands: [prodBarrier, pred], attributes: [['size', IntegerAttr.i32(bytes)]], loc });
  loads.forEach((load, i) => {
    b.setInsertionPoint(load);
    const buffer = buffers[i]!;
    const slot = bufferSlot(b, ids, buffer, load.result(0).type as RankedTensorType, index, true, buffer.definingOp?.loc ?? loc);
    const indices = DescriptorLoadOp.indices(load);
    createTagged(b, ids, {
      name: 'ttng.async_tma_copy_global_to_local',
      operands: [DescriptorLoadOp.desc(load), ...indices, prodBarrier, slot, pred],
      operandSegments: [1, indices.length, 1, 1, 1],
      loc,
    });
  });
  b.setInsertionPoint(headConsumer);
  ids = getAsyncTaskIds(headConsumer);
  const consBarrier = barrierSlot(b, ids, ring, index, loc);
  const phase32 = createTagged(b, ids, { name: 'arith.extsi', operands: [phase], resultTypes: [IntegerType.get(32)], loc }).result(0);
  createTagged(b, ids, { name: 'ttng.wait_barrier', operands: [consBarrier, phase32], operandSegments: [1, 1, 0, 0], loc });
  loads.forEach((load, i) => {
    const buffer = buffers[i]!;
    const slot = bufferSlot(b, ids, buffer, load.result(0).type as RankedTensorType, index, false, buffer.definingOp?.loc ?? loc);
    const read = createTagged(b, ids, { name: 'ttg.local_load', operands: [slot], resultTypes: [load.result(0).type], loc });
    load.result(0).replaceAllUsesWith(read.result(0));
    load.erase();
  });
}

/** insertAsyncComm over the consumer groups (Hopper: no tensor-memory channels, no consumer barriers). */
export function insertAsyncComm(func: Operation, groups: ChannelGroups, comms: ReadonlyMap<Channel, CommChannel>, buffers: ReadonlyMap<Channel, Value>, copies: ReadonlyMap<Channel, CopyOps>, regions: readonly Operation[]): void {
  for (const [master, group] of groups.byConsumer) {
    const producerOps = new Set<Operation>();
    const consumerOps = new Set<Operation>();
    for (const c of group) {
      const copy = copies.get(c)!;
      producerOps.add(copy.producer);
      consumerOps.add(copy.consumer);
      consumerOps.add(c.dst);
      consumerOps.add(uniqueActualConsumer(c.dst));
    }
    const front = group[0]!;
    const producerBlockOps = channelSrcOp(front)!.parent!.ops;
    const headProducer = firstIn(producerBlockOps, producerOps);
    const tailProducer = lastIn(producerBlockOps, producerOps);
    const consumerBlockOps = front.dst.parent!.ops;
    const headConsumer = firstIn(consumerBlockOps, consumerOps);
    const tailConsumer = lastIn(consumerBlockOps, consumerOps);
    if (!headProducer || !tailProducer) throw new CodePartitionError(channelSrcOp(front)!, "code partition: no producer of this channel group in its producer's block");
    if (!headConsumer || !tailConsumer) throw new CodePartitionError(front.dst, "code partition: no consumer of this channel group in its consumer's block");
    const comm = comms.get(front)!;

    const pcIds = [master.producer, ...master.consumers];
    const b = new Builder();
    let index: Value;
    let phase: Value;
    if (headProducer.getParentWhere((p) => ForOp.is(p))) {
      b.setInsertionPoint(headProducer);
      ({ index, phase } = slotAndPhase(b, pcIds, headProducer, front.numBuffers, regions));
    } else {
      if (FuncOp.is(headProducer.parentOp!)) b.setInsertionPointToStart(func.region(0).blocks[0]!);
      else b.setInsertionPoint(headProducer.parentOp!);
      index = constInt(b, pcIds, 0, 32, headProducer.loc);
      phase = constInt(b, pcIds, 0, 1, headProducer.loc);
    }

    const tmaLoads: Operation[] = [];
    const tmaBuffers: Value[] = [];
    for (const c of group) {
      const src = channelSrcOp(c)!;
      if (DescriptorLoadOp.is(src)) {
        tmaLoads.push(src);
        tmaBuffers.push(buffers.get(c)!);
      }
    }

    const tokens = tokenOrder(comm.tokens);
    const producerIds = [master.producer];
    for (const [, token] of tokens) {
      b.setInsertionPoint(sameLevelOp(headConsumer, headProducer));
      createTagged(b, producerIds, { name: 'nvws.producer_acquire', operands: [token, index, phase], loc: headProducer.loc });
      if (!comm.producerBarrier) {
        b.setInsertionPointAfter(sameLevelOp(headConsumer, tailProducer));
        createTagged(b, producerIds, { name: 'nvws.producer_commit', operands: [token, index], loc: tailProducer.loc });
      }
    }
    for (const [task, token] of tokens) {
      if (!comm.producerBarrier) {
        b.setInsertionPoint(sameLevelOp(headProducer, headConsumer));
        createTagged(b, [task], { name: 'nvws.consumer_wait', operands: [token, index, phase], loc: headConsumer.loc });
      }
      const point = releasePoint(tailProducer, tailConsumer, task);
      b.setInsertionPointAfter(point);
      createTagged(b, [task], { name: 'nvws.consumer_release', operands: [token, index], loc: point.loc });
    }

    if (tmaLoads.length > 0) lowerTMALoads(tmaLoads, tmaBuffers, comm.producerBarrier!, index, phase, headProducer, headConsumer);
  }
}
