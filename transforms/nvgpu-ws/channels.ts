/**
 * The channels of code partition (Triton 3.6's collectAsyncChannels and groupChannels, WSCodePartition.cpp): the
 * first steps of doCodePartition, which is not implemented further yet (nvgpu-warp-specialization.ts stops with a
 * located error before it). A channel carries one value from the single producer task of a load or dot to a
 * user (through loop yields) run by other tasks; it will get `numBuffers` buffers (the loop's `tt.num_stages`, else
 * the pass option). Channels are grouped by producer op (one buffer each) and by consumer (one token per consumer
 * task each). Triton keys both groupings by op pointers, so its group order can vary between runs; here groups
 * keep the order in which their first channel was found, one of Triton's orders.
 */
import type { Operation, Value } from '../../dialect/ir/ir.js';
import { ForOp, YieldOp } from '../../dialect/scf/ops.js';
import { DescriptorLoadOp, DotOp, DotScaledOp, LoadOp, TransOp } from '../../dialect/tt/ops.js';
import { LocalAllocOp, MemDescTransOp } from '../../dialect/ttg/ops.js';
import { WarpGroupDotOp } from '../../dialect/ttng/ops.js';
import { TCGen5MMAOp, TCGen5MMAScaledOp } from '../../dialect/ttng/mma-v5-ops.js';
import { IntegerAttr } from '../../dialect/ir/attribute.js';
import { getAsyncTaskIds } from './task-ids.js';

/** A failure where Triton would assert or reach code this port does not have: a located error at `op`. */
export class CodePartitionError extends Error {
  constructor(
    readonly op: Operation,
    message: string,
  ) {
    super(message);
  }
}

/** Triton's Channel (shared memory kind): `dst`'s operand `operandIdx`, made by task `producer`, read by `consumers`. */
export interface Channel {
  readonly producer: number;
  readonly consumers: readonly number[];
  readonly dst: Operation;
  readonly operandIdx: number;
  readonly numBuffers: number;
}

export function channelSrcOp(c: Channel): Operation | undefined {
  return c.dst.operandValues[c.operandIdx]?.definingOp;
}

/** MLIR's properlyDominates(a, b) for ops of structured control flow (single-block regions): an op encloses what it holds. */
export function opProperlyDominates(a: Operation, b: Operation): boolean {
  if (a === b) return false;
  for (let cur: Operation | undefined = b; cur; cur = cur.parentOp) {
    if (cur.parent === a.parent) {
      if (cur === a) return true;
      const ops = a.parent!.ops;
      return ops.indexOf(a) < ops.indexOf(cur);
    }
  }
  return false;
}

/** getTransitiveUsers: the (user, operand index) pairs of `root`, looking through scf.yield to the parent's result. */
function transitiveUsers(root: Value, out: Map<string, [Operation, number]>, ids: Map<Operation, number>): void {
  for (const user of root.users) {
    if (YieldOp.is(user)) {
      user.operandValues.forEach((v, i) => {
        if (v === root) transitiveUsers(user.parentOp!.result(i), out, ids);
      });
      continue;
    }
    const idx = user.operandValues.indexOf(root);
    if (!ids.has(user)) ids.set(user, ids.size);
    const key = `${ids.get(user)}:${idx}`;
    if (!out.has(key)) out.set(key, [user, idx]);
  }
}

function isDot(op: Operation): boolean {
  return DotOp.is(op) || DotScaledOp.is(op) || WarpGroupDotOp.is(op) || TCGen5MMAOp.is(op) || TCGen5MMAScaledOp.is(op);
}

function numBuffersFor(op: Operation, numBuffers: number): number {
  const loop = op.getParentWhere((p) => ForOp.is(p));
  const stages = loop?.getAttr('tt.num_stages');
  return stages instanceof IntegerAttr ? Number(stages.value) : numBuffers;
}

/** collectAsyncChannels: a channel from each single-task load or dot to each later user run by other tasks. */
export function collectAsyncChannels(func: Operation, numBuffers: number): Channel[] {
  const channels: Channel[] = [];
  func.walk((op) => {
    if (!(LoadOp.is(op) || DescriptorLoadOp.is(op) || isDot(op))) return;
    const producerIds = getAsyncTaskIds(op);
    if (producerIds.length !== 1) return;
    if (TCGen5MMAOp.is(op) || TCGen5MMAScaledOp.is(op)) throw new CodePartitionError(op, 'code partition of a Blackwell MMA (tensor memory channels) is not supported');
    const producer = producerIds[0]!;
    const n = numBuffersFor(op, numBuffers);
    for (const result of op.results) {
      if (result.numberOfUses === 0) continue;
      const users = new Map<string, [Operation, number]>();
      transitiveUsers(result, users, new Map());
      for (const [user, operandIdx] of users.values()) {
        if (user === op) continue;
        if (op.parent !== user.parent) {
          if (!opProperlyDominates(op.parentOp!, user)) continue;
        } else if (!opProperlyDominates(op, user)) continue;
        const consumers = getAsyncTaskIds(user).filter((id) => id !== producer);
        if (consumers.length > 0) channels.push({ producer, consumers, dst: user, operandIdx, numBuffers: n });
      }
    }
  });
  return channels;
}

/** getActualConsumers: the users of a local_alloc that read the shared memory (looking through transposes). */
export function actualConsumers(op: Operation): Operation[] {
  if (!LocalAllocOp.is(op)) return [op];
  const found = new Set<Operation>();
  for (const user of op.result(0).users) {
    if (!(TransOp.is(user) || MemDescTransOp.is(user))) {
      found.add(user);
      continue;
    }
    const visited = new Set<Operation>();
    const work: Operation[] = [user];
    while (work.length) {
      const t: Operation = work.pop()!;
      visited.add(t);
      if (TransOp.is(t) || MemDescTransOp.is(t)) {
        for (const u of t.results[0]!.users) if (!visited.has(u)) work.push(u);
      } else found.add(t);
    }
  }
  return [...found];
}

/** getUniqueActualConsumer, optionally the one of task `taskId`; `op` itself when there is none or several. */
export function uniqueActualConsumer(op: Operation, taskId?: number): Operation {
  const consumers = actualConsumers(op);
  if (consumers.length === 1) return consumers[0]!;
  if (taskId === undefined) return op;
  let unique: Operation | undefined;
  for (const c of consumers) {
    const ids = getAsyncTaskIds(c);
    if (ids.length > 1) return op;
    if (ids[0] === taskId) {
      if (unique) return op;
      unique = c;
    }
  }
  return unique ?? op;
}

const sameIds = (a: readonly number[], b: readonly number[]): boolean => a.length === b.length && a.every((x, i) => x === b[i]);

/** Two channels share a consumer group: producers in one block, and one destination or one actual consumer. */
function canBeMerged(c1: Channel, c2: Channel): boolean {
  const s1 = channelSrcOp(c1);
  const s2 = channelSrcOp(c2);
  if (!s1 || !s2 || s1.parent !== s2.parent) return false;
  if (c1.dst === c2.dst) return true;
  if (!sameIds(getAsyncTaskIds(s1), getAsyncTaskIds(s2))) return false;
  if (!sameIds(getAsyncTaskIds(c1.dst), getAsyncTaskIds(c2.dst))) return false;
  const u1 = uniqueActualConsumer(c1.dst);
  const u2 = uniqueActualConsumer(c2.dst);
  return u1 === u2 && u1.parent === c1.dst.parent;
}

export interface ChannelGroups {
  /** Channels of one producer op (they share its buffers), keyed by the group's first channel. */
  byProducer: Map<Channel, Channel[]>;
  /** Channels that share tokens, keyed by the group's first channel, each ordered by its producers' program order. */
  byConsumer: Map<Channel, Channel[]>;
  /** The first channel of each consumer group, in the order the groups were made. */
  ordered: Channel[];
}

/** groupChannels. */
export function groupChannels(channels: readonly Channel[]): ChannelGroups {
  const producers = new Map<Operation, Channel[]>();
  for (const c of channels) {
    const src = channelSrcOp(c)!;
    const group = producers.get(src) ?? [];
    group.push(c);
    producers.set(src, group);
  }
  const consumers = new Map<Operation, Channel[]>();
  const ordered: Channel[] = [];
  for (const c of channels) {
    let merged = false;
    for (const group of consumers.values()) {
      if (group.length > 0 && canBeMerged(c, group[0]!)) {
        group.push(c);
        merged = true;
        break;
      }
    }
    if (merged) continue;
    if (!consumers.has(c.dst)) ordered.push(c);
    const group = consumers.get(c.dst) ?? [];
    group.push(c);
    consumers.set(c.dst, group);
  }
  for (const group of consumers.values()) {
    const ops = channelSrcOp(group[0]!)!.parent!.ops;
    group.sort((a, b) => ops.indexOf(channelSrcOp(a)!) - ops.indexOf(channelSrcOp(b)!));
  }
  const byProducer = new Map<Channel, Channel[]>();
  for (const group of producers.values()) byProducer.set(group[0]!, group);
  const byConsumer = new Map<Channel, Channel[]>();
  for (const group of consumers.values()) byConsumer.set(group[0]!, group);
  return { byProducer, byConsumer, ordered };
}

/** getTaskTopRegion: the function's top-level ops with regions, run by several tasks, that hold a whole channel. */
export function taskTopOps(func: Operation, channels: readonly Channel[]): Operation[] {
  const topOf = (op: Operation): Operation => {
    let cur = op;
    while (cur.parentOp && cur.parentOp !== func) cur = cur.parentOp;
    return cur;
  };
  const out: Operation[] = [];
  for (const block of func.regions[0]!.blocks) {
    for (const op of block.ops) {
      if (op.regions.length === 0 || getAsyncTaskIds(op).length === 1) continue;
      if (channels.some((c) => topOf(channelSrcOp(c)!) === op && topOf(c.dst) === op)) out.push(op);
    }
  }
  return out;
}
