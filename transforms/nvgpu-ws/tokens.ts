/**
 * The tokens of code partition (Triton 3.6's createToken, WSCodePartition.cpp), for Hopper channels: per consumer
 * group (in the order the groups were made), an mbarrier ring for the producer when it is a TMA load (the copies
 * arrive on it), and an `nvws.create_token` per consumer task of the group's first channel, with the channel's
 * buffer count (1 outside loops) and the kind of copy that fills the buffer (TMA load, async copy, else a local
 * store). Rings are made at the very start of the function each (so a later ring comes first); the tokens in order
 * at the start of the function as it was when this step began. Blackwell's MMA barriers are not made here.
 */
import { IntegerAttr } from '../../dialect/ir/attribute.js';
import { Builder } from '../../dialect/ir/builder.js';
import type { Operation, Value } from '../../dialect/ir/ir.js';
import { IntegerType, RankedTensorType } from '../../dialect/ir/type.js';
import { ForOp } from '../../dialect/scf/ops.js';
import { DescriptorLoadOp, LoadOp } from '../../dialect/tt/ops.js';
import { SwizzledSharedEncodingAttr } from '../../dialect/ttg/attrs/shared.js';
import { SharedMemorySpaceAttr } from '../../dialect/ttg/attrs/memory-space.js';
import { MemDescType } from '../../dialect/ttg/types.js';
import { AsyncCopyGlobalToLocalOp, LocalStoreOp } from '../../dialect/ttg/ops.js';
import { NvwsTokenType, TOKEN_LOAD_TYPE } from '../../dialect/nvws/ops.js';
import { type Channel, type ChannelGroups, channelSrcOp, CodePartitionError } from './channels.js';

/** Triton's CommChannel: a token per consumer task, and the producer's barrier ring for a TMA load. */
export interface CommChannel {
  tokens: Map<number, Value>;
  producerBarrier?: Value;
}

function ringType(shape: readonly number[]): MemDescType {
  const encoding = SwizzledSharedEncodingAttr.get({ vec: 1, perPhase: 1, maxPhase: 1, order: [0], cgaLayout: [] });
  return MemDescType.get({ shape, elementType: IntegerType.get(64), encoding, memorySpace: SharedMemorySpaceAttr.get(), mutableMemory: true });
}

/** createBarrierAlloc: an `n` x i64 ring at the start of the function, each slot initialized for one arrival. */
function createBarrierRing(func: Operation, n: number): Value {
  const block = func.region(0).blocks[0]!;
  const b = new Builder();
  if (block.ops[0]) b.setInsertionPoint(block.ops[0]);
  else b.setInsertionPointToEnd(block);
  const loc = func.loc;
  const ring = b.create({ name: 'ttg.local_alloc', resultTypes: [ringType([n, 1])], loc }).result(0);
  for (let i = 0; i < n; i++) {
    const idx = b.create({ name: 'arith.constant', resultTypes: [IntegerType.get(32)], attributes: [['value', IntegerAttr.i32(i)]], loc }).result(0);
    const slot = b.create({ name: 'ttg.memdesc_index', operands: [ring, idx], resultTypes: [ringType([1])], loc }).result(0);
    b.create({ name: 'ttng.init_barrier', operands: [slot], attributes: [['count', IntegerAttr.i32(1)]], loc });
  }
  return ring;
}

/** The kind of copy that fills the buffer: from insertAsyncCopy's op when given (Triton's order), else the producer. */
function loadTypeOf(src: Operation, copy: Operation | undefined): number {
  if (copy) {
    if (AsyncCopyGlobalToLocalOp.is(copy)) return TOKEN_LOAD_TYPE.asyncLoadOp;
    if (DescriptorLoadOp.is(copy)) return TOKEN_LOAD_TYPE.tmaLoadOp;
    if (LocalStoreOp.is(copy)) return TOKEN_LOAD_TYPE.localStoreOp;
    throw new CodePartitionError(copy, 'code partition: unexpected load type for a token');
  }
  if (DescriptorLoadOp.is(src)) return TOKEN_LOAD_TYPE.tmaLoadOp;
  if (LoadOp.is(src)) return TOKEN_LOAD_TYPE.asyncLoadOp;
  return TOKEN_LOAD_TYPE.localStoreOp;
}

/**
 * createToken: the communication of each channel (shared by the channels of a consumer group). `copies` are
 * insertAsyncCopy's (Triton runs this step after it: a channel's producer is then what its consumer reads).
 */
export function createTokens(func: Operation, groups: ChannelGroups, copies?: ReadonlyMap<Channel, { producer: Operation }>): Map<Channel, CommChannel> {
  const out = new Map<Channel, CommChannel>();
  const block = func.region(0).blocks[0]!;
  const tokenAt = block.ops[0];
  const b = new Builder();
  for (const key of groups.ordered) {
    const group = groups.byConsumer.get(key)!;
    const channel = group[0]!;
    const src = channelSrcOp(channel)!;
    const comm: CommChannel = { tokens: new Map() };
    if (DescriptorLoadOp.is(src)) comm.producerBarrier = createBarrierRing(func, channel.numBuffers);
    const n = src.getParentWhere((p) => ForOp.is(p)) ? channel.numBuffers : 1;
    for (const task of channel.consumers) {
      if (tokenAt) b.setInsertionPoint(tokenAt);
      else b.setInsertionPointToEnd(block);
      const token = b.create({
        name: 'nvws.create_token',
        resultTypes: [RankedTensorType.get([n], NvwsTokenType.get())],
        attributes: [
          ['numBuffers', IntegerAttr.i32(n)],
          ['loadType', IntegerAttr.i32(loadTypeOf(src, copies?.get(channel)?.producer))],
        ],
        loc: func.loc,
      });
      comm.tokens.set(task, token.result(0));
    }
    for (const c of group) out.set(c, comm);
  }
  return out;
}
