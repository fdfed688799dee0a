/**
 * The buffers of code partition (Triton 3.6's createBuffer, WSCodePartition.cpp): one shared-memory array per
 * producer group, made at the start of the function in the order of the channels (doCodePartition passes all of
 * them, not the ordered consumer groups), with
 * `numBuffers` slots for a producer inside a loop (else 1) of the produced tensor's shape. The layout is an NVMMA
 * shared layout when a dot reads it (through local_alloc and transposes), else the TMA descriptor's layout for a
 * descriptor load of the descriptor's shape, else an unswizzled one. Tensor-memory channels (Blackwell) are not
 * made here (collectAsyncChannels rejects them).
 */
import { Builder } from '../../dialect/ir/builder.js';
import type { Operation, Value } from '../../dialect/ir/ir.js';
import { RankedTensorType } from '../../dialect/ir/type.js';
import { ForOp } from '../../dialect/scf/ops.js';
import { DescriptorLoadOp, DotOp, DotScaledOp } from '../../dialect/tt/ops.js';
import { TensorDescType } from '../../dialect/tt/types.js';
import { SwizzledSharedEncodingAttr } from '../../dialect/ttg/attrs/shared.js';
import { SharedMemorySpaceAttr } from '../../dialect/ttg/attrs/memory-space.js';
import { getCGALayout, getOrderForMemory } from '../../dialect/ttg/layout-queries.js';
import { MemDescType, elementBitWidth } from '../../dialect/ttg/types.js';
import { WarpGroupDotOp } from '../../dialect/ttng/ops.js';
import { nvmmaSharedForShape } from '../../dialect/ttg/utils/mma-utils.js';
import { type Channel, type ChannelGroups, actualConsumers, channelSrcOp, CodePartitionError } from './channels.js';

function isDot(op: Operation): boolean {
  return DotOp.is(op) || DotScaledOp.is(op) || WarpGroupDotOp.is(op);
}

function bufferType(channel: Channel): MemDescType {
  const src = channel.dst.operandValues[channel.operandIdx]!;
  const srcOp = channelSrcOp(channel)!;
  const t = src.type;
  if (!(t instanceof RankedTensorType) || !t.encoding) throw new CodePartitionError(srcOp, 'code partition expects a channel to carry a tensor with a layout');
  const order = getOrderForMemory(t.encoding, t.shape);
  const cga = getCGALayout(t.encoding);
  let encoding;
  if (actualConsumers(channel.dst).some(isDot)) {
    encoding = nvmmaSharedForShape(t.shape, order, cga, elementBitWidth(t.elementType));
  } else if (DescriptorLoadOp.is(srcOp)) {
    const block = (DescriptorLoadOp.desc(srcOp).type as TensorDescType).blockType;
    if (!block.encoding || block.shape.join() !== t.shape.join()) throw new CodePartitionError(srcOp, 'code partition of a descriptor load of another shape than its descriptor is not supported yet');
    encoding = block.encoding;
  } else {
    encoding = SwizzledSharedEncodingAttr.get({ vec: 1, perPhase: 1, maxPhase: 1, order, cgaLayout: cga });
  }
  const slots = srcOp.getParentWhere((p) => ForOp.is(p)) ? channel.numBuffers : 1;
  return MemDescType.get({ shape: [slots, ...t.shape], elementType: t.elementType, encoding, memorySpace: SharedMemorySpaceAttr.get(), mutableMemory: true });
}

/** createBuffer: the buffer of each channel (shared by the channels of one producer). */
export function createBuffers(func: Operation, channels: readonly Channel[], groups: ChannelGroups): Map<Channel, Value> {
  const out = new Map<Channel, Value>();
  const body = func.region(0).blocks[0]!;
  const first = body.ops[0];
  const b = new Builder();
  for (const key of channels) {
    const group = groups.byProducer.get(key);
    if (!group) continue;
    if (first) b.setInsertionPoint(first);
    else b.setInsertionPointToEnd(body);
    const buffer = b.create({ name: 'ttg.local_alloc', resultTypes: [bufferType(group[0]!)], loc: func.loc }).result(0);
    for (const c of group) out.set(c, buffer);
  }
  return out;
}
