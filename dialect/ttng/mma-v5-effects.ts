/**
 * `ttng.tc_gen5_commit` (an mbarrier arrive when the preceding Blackwell MMAs complete), and the memory effects of
 * the tcgen05 MMAs of mma-v5-ops.ts (TCGen5MMAOp::getEffects: the accumulator is read unless useD is a constant
 * false, then written, in tensor memory; A (and scales) from shared or tensor memory, B from shared memory).
 */
import { IntegerAttr } from '../ir/attribute.js';
import { defineOp } from '../ir/op-definition.js';
import { IntegerType } from '../ir/type.js';
import { registerMemoryEffects, type MemoryEffect } from '../ir/traits.js';
import { constraint } from '../common/type-constraints.js';
import { unitAttr } from '../tt/attr-kinds.js';
import { SharedMemorySpaceAttr } from '../ttg/attrs/memory-space.js';
import { memDesc } from '../ttg/ops.js';
import { MemDescType } from '../ttg/types.js';
import { getConstantValue } from '../ir/rewrite/registry.js';
import './mma-v5-ops.js';

const i1 = constraint('1-bit signless integer', (t) => t instanceof IntegerType && t.width === 1);

export const TCGen5CommitOp = defineOp({
  name: 'ttng.tc_gen5_commit',
  operands: [
    { name: 'barrier', kind: 'single', type: memDesc },
    { name: 'pred', kind: 'optional', type: i1 },
  ],
  attributes: [{ name: 'two_ctas', kind: unitAttr, optional: true }],
  format: '$barrier (`,` $pred^)? attr-dict `:` qualified(type($barrier))',
});

registerMemoryEffects('ttng.tc_gen5_mma', (op) => {
  const e: MemoryEffect[] = [];
  const d = op.operandGroup('d')[0]!;
  const useD = getConstantValue(op.operandGroup('useD')[0]!);
  if (!(useD instanceof IntegerAttr) || useD.value !== 0n) e.push({ kind: 'read', resource: 'tensor', value: d });
  e.push({ kind: 'write', resource: 'tensor', value: d });
  const a = op.operandGroup('a')[0]!;
  e.push({ kind: 'read', resource: (a.type as MemDescType).memorySpace instanceof SharedMemorySpaceAttr ? 'shared' : 'tensor', value: a });
  e.push({ kind: 'read', resource: 'shared', value: op.operandGroup('b')[0]! });
  return e;
});
registerMemoryEffects('ttng.tc_gen5_mma_scaled', (op) => {
  const e: MemoryEffect[] = [];
  const d = op.operandGroup('d')[0]!;
  const useD = getConstantValue(op.operandGroup('useD')[0]!);
  if (!(useD instanceof IntegerAttr) || useD.value !== 0n) e.push({ kind: 'read', resource: 'tensor', value: d });
  e.push({ kind: 'write', resource: 'tensor', value: d });
  for (const name of ['a', 'b', 'a_scale', 'b_scale']) {
    const v = op.operandGroup(name)[0]!;
    e.push({ kind: 'read', resource: (v.type as MemDescType).memorySpace instanceof SharedMemorySpaceAttr ? 'shared' : 'tensor', value: v });
  }
  return e;
});
registerMemoryEffects('ttng.tc_gen5_commit', (op) => [{ kind: 'write', resource: 'shared', value: op.operand(0) }]);
