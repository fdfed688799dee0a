/**
 * Buffer slot and phase of a channel inside a loop (Triton 3.6's getAccumCount and getBufferIdxAndPhase,
 * CodePartitionUtility.cpp): the enclosing loop's accumulation counter (accum-counts.ts) for the op's immediate
 * region gives `slot = cnt - cnt / n * n` (i32) and `phase = (cnt / n) & 1` (i1), built from scratch at each use
 * (Triton does not share them), every op labelled with the given tasks. Also the barrier of a slot of an mbarrier
 * ring (getBarrierForPipelineStage) and the slot of a data buffer (getBufferForPipelineStage).
 */
import { IntegerAttr } from '../../dialect/ir/attribute.js';
import type { Builder } from '../../dialect/ir/builder.js';
import type { Operation, OperationInit, Value } from '../../dialect/ir/ir.js';
import type { Location } from '../../dialect/ir/location.js';
import { IntegerType, RankedTensorType } from '../../dialect/ir/type.js';
import { ForOp } from '../../dialect/scf/ops.js';
import { SharedMemorySpaceAttr } from '../../dialect/ttg/attrs/memory-space.js';
import { MemDescType } from '../../dialect/ttg/types.js';
import { accumArgIndex, accumCount } from './accum-counts.js';
import { CodePartitionError } from './channels.js';
import { setAsyncTaskIds } from './task-ids.js';

/** Creates an op and labels it with `ids` (Triton's OpBuilderWithAsyncTaskIds::createWithAsyncTaskIds). */
export function createTagged(b: Builder, ids: readonly number[], init: OperationInit): Operation {
  const op = b.create(init);
  if (ids.length > 0) setAsyncTaskIds(op, ids);
  return op;
}

export function constInt(b: Builder, ids: readonly number[], value: number, width: number, loc: Location): Value {
  const t = IntegerType.get(width);
  return createTagged(b, ids, { name: 'arith.constant', resultTypes: [t], attributes: [['value', IntegerAttr.get(t, value)]], loc }).result(0);
}

function arith(b: Builder, ids: readonly number[], name: string, operands: Value[], type: IntegerType, loc: Location): Value {
  return createTagged(b, ids, { name, operands, resultTypes: [type], loc }).result(0);
}

/** getAccumCount: the counter of `op`'s immediate region, an iter arg of its enclosing loop. */
export function accumCountOf(op: Operation, regions: readonly Operation[]): Value {
  const loop = op.getParentWhere((p) => ForOp.is(p));
  if (!loop) throw new CodePartitionError(op, 'code partition expects a buffer index inside a loop');
  const args = loop.region(0).blocks[0]!.args;
  const idx = accumArgIndex(loop, op.parentOp!, regions);
  if (idx < 0) throw new CodePartitionError(op, 'code partition found no accumulation counter for this op (error in getAccumArgIdx)');
  const arg = args[args.length - accumCount(loop, regions) + idx];
  if (!arg) throw new CodePartitionError(op, 'code partition found no accumulation counter for this op');
  return arg;
}

export interface SlotAndPhase {
  index: Value;
  phase: Value;
}

/** getBufferIdxAndPhase for `op` (its location) with `n` buffers, inserted at `b`'s insertion point. */
export function slotAndPhase(b: Builder, ids: readonly number[], op: Operation, n: number, regions: readonly Operation[]): SlotAndPhase {
  const cnt = accumCountOf(op, regions);
  const loc = op.loc;
  const i64 = IntegerType.get(64);
  const n32 = constInt(b, ids, n, 32, loc);
  const n64 = arith(b, ids, 'arith.extsi', [n32], i64, loc);
  const div = arith(b, ids, 'arith.divui', [cnt, n64], i64, loc);
  const mul = arith(b, ids, 'arith.muli', [div, n64], i64, loc);
  const sub = arith(b, ids, 'arith.subi', [cnt, mul], i64, loc);
  const index = arith(b, ids, 'arith.trunci', [sub], IntegerType.get(32), loc);
  const one = constInt(b, ids, 1, 64, loc);
  const and = arith(b, ids, 'arith.andi', [div, one], i64, loc);
  const phase = arith(b, ids, 'arith.trunci', [and], IntegerType.get(1), loc);
  return { index, phase };
}

/** getBarrierForPipelineStage: slot `index` of an mbarrier ring (a 1 x i64 mutable view). */
export function barrierSlot(b: Builder, ids: readonly number[], ring: Value, index: Value, loc: Location): Value {
  const t = ring.type as MemDescType;
  const type = MemDescType.get({ shape: [1], elementType: IntegerType.get(64), encoding: t.encoding, memorySpace: SharedMemorySpaceAttr.get(), mutableMemory: true });
  return createTagged(b, ids, { name: 'ttg.memdesc_index', operands: [ring, index], resultTypes: [type], loc }).result(0);
}

/** A slot of a data buffer holding `tensor` (getBufferForPipelineStage and the views of WSLowerMem.cpp). */
export function bufferSlot(b: Builder, ids: readonly number[], buffer: Value, tensor: RankedTensorType, index: Value, mutable: boolean, loc: Location): Value {
  const t = buffer.type as MemDescType;
  const type = MemDescType.get({ shape: tensor.shape, elementType: tensor.elementType, encoding: t.encoding, memorySpace: SharedMemorySpaceAttr.get(), mutableMemory: mutable });
  return createTagged(b, ids, { name: 'ttg.memdesc_index', operands: [buffer, index], resultTypes: [type], loc }).result(0);
}
