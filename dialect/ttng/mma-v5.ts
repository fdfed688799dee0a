/**
 * Blackwell MMA ops as Triton 3.6 prints them: `ttng.tc_gen5_mma %a, %b, %d[%tok], %useD, %pred, %bar[%p] ...`
 * (completion barriers with their predicates, custom<BarriersAndPreds>) and `ttng.tc_gen5_commit`; their memory
 * effects (TCGen5MMAOp::getEffects: the accumulator is read unless useD is a constant false, then written, in
 * tensor memory; A from shared or tensor memory, B from shared memory).
 */
import { IntegerAttr } from '../ir/attribute.js';
import type { Operation } from '../ir/ir.js';
import { defineCustomDirective, defineOp } from '../ir/op-definition.js';
import { IntegerType } from '../ir/type.js';
import { registerMemoryEffects, type MemoryEffect } from '../ir/traits.js';
import { constraint } from '../common/type-constraints.js';
import { SCALE_DOT_ELEM_TYPE, unitAttr } from '../tt/attr-kinds.js';
import { NVMMASharedEncodingAttr, SharedLinearEncodingAttr } from '../ttg/attrs/shared.js';
import { SharedMemorySpaceAttr } from '../ttg/attrs/memory-space.js';
import { asyncToken, memDesc } from '../ttg/ops.js';
import { MemDescType, elementBitWidth } from '../ttg/types.js';
import { getConstantValue } from '../../transforms/rewrite/registry.js';
import { TensorMemoryEncodingAttr } from './attrs.js';

const i1 = constraint('1-bit signless integer', (t) => t instanceof IntegerType && t.width === 1);

/** `, %barrier[%pred]` for each completion barrier. */
defineCustomDirective('BarriersAndPreds', {
  parse(p, op, args) {
    const bars = args[0]!;
    const preds = args[1]!;
    if (bars.kind !== 'operand' || preds.kind !== 'operand') throw new Error('custom<BarriersAndPreds> expects ($barriers, $preds)');
    const b = [];
    const q = [];
    while (p.consumeIf(',')) {
      b.push(p.parseOperandRef());
      p.expect('[');
      q.push(p.parseOperandRef());
      p.expect(']');
    }
    op.operands.set(bars.name, b);
    op.operands.set(preds.name, q);
    op.operandTypes.set(preds.name, q.map(() => IntegerType.get(1)));
  },
  print(p, op, args) {
    const bars = args[0]!;
    const preds = args[1]!;
    if (bars.kind !== 'operand' || preds.kind !== 'operand') return;
    const b = op.operandGroup(bars.name);
    const q = op.operandGroup(preds.name);
    b.forEach((v, i) => {
      p.write(', ');
      p.printOperand(v);
      p.write('[');
      p.printOperand(q[i]!);
      p.write(']');
    });
  },
});

/** `(`,` qualified(type($barriers))^)?`: the barrier types after the operand types, when there are barriers. */
defineCustomDirective('BarrierTypes', {
  parse(p, op, args) {
    const t = args[0]!;
    if (t.kind !== 'type') throw new Error('custom<BarrierTypes> expects (type($barriers))');
    const types = [];
    while (p.consumeIf(',')) types.push(p.parseType());
    op.operandTypes.set(t.of, types);
  },
  print(p, op, args) {
    const t = args[0]!;
    if (t.kind !== 'type') return;
    for (const v of op.operandGroup(t.of)) {
      p.write(', ');
      p.printType(v.type);
    }
  },
});

function verifyMma(op: Operation): string | undefined {
  if (op.getAttr('is_async') === undefined && op.operandGroup('barriers').length > 0) return 'The op is synchronous but a barrier is present.';
  const a = op.operandGroup('a')[0]!.type as MemDescType;
  const b = op.operandGroup('b')[0]!.type as MemDescType;
  const d = op.operandGroup('d')[0]!.type as MemDescType;
  if (!(a.encoding instanceof NVMMASharedEncodingAttr || a.encoding instanceof SharedLinearEncodingAttr || a.encoding instanceof TensorMemoryEncodingAttr)) {
    return 'LHS operand must have a NVMMAShared or TensorMemory encoding';
  }
  if (!(b.encoding instanceof NVMMASharedEncodingAttr || b.encoding instanceof SharedLinearEncodingAttr)) return 'RHS operand must have a NVMMAShared encoding';
  if (!(d.encoding instanceof TensorMemoryEncodingAttr)) return 'Return operand must have a TensorMemory encoding';
  if (a.encoding instanceof TensorMemoryEncodingAttr && a.encoding.colStride !== 1) return 'The col stride of the LHS operand must be 1';
  const bw = elementBitWidth(d.elementType);
  if (d.encoding.colStride !== 32 / bw) return `The col stride of the return operand must be 32 / ${bw} but got ${d.encoding.colStride}`;
  return undefined;
}

defineOp({
  name: 'ttng.tc_gen5_mma',
  operands: [
    { name: 'a', kind: 'single', type: memDesc },
    { name: 'b', kind: 'single', type: memDesc },
    { name: 'd', kind: 'single', type: memDesc },
    { name: 'acc_dep', kind: 'optional', type: asyncToken },
    { name: 'useD', kind: 'single', type: i1 },
    { name: 'pred', kind: 'single', type: i1 },
    { name: 'barriers', kind: 'variadic', type: memDesc },
    { name: 'barrier_preds', kind: 'variadic', type: i1 },
  ],
  results: [{ name: 'token', kind: 'optional', type: asyncToken }],
  attributes: [
    { name: 'is_async', kind: unitAttr, optional: true },
    { name: 'two_ctas', kind: unitAttr, optional: true },
  ],
  traits: ['AttrSizedOperandSegments', 'DotOpInterface', 'MMAv5OpInterface'],
  format:
    '$a `,` $b `,` $d `` custom<Token>($acc_dep, type($token)) `,` $useD `,` $pred `` custom<BarriersAndPreds>($barriers, $barrier_preds) attr-dict `:` qualified(type($a)) `,` qualified(type($b)) `,` qualified(type($d)) `` custom<BarrierTypes>(type($barriers))',
  verify: verifyMma,
});

defineOp({
  name: 'ttng.tc_gen5_mma_scaled',
  operands: [
    { name: 'a', kind: 'single', type: memDesc },
    { name: 'b', kind: 'single', type: memDesc },
    { name: 'd', kind: 'single', type: memDesc },
    { name: 'acc_dep', kind: 'optional', type: asyncToken },
    { name: 'a_scale', kind: 'single', type: memDesc },
    { name: 'b_scale', kind: 'single', type: memDesc },
    { name: 'useD', kind: 'single', type: i1 },
    { name: 'pred', kind: 'single', type: i1 },
    { name: 'barriers', kind: 'variadic', type: memDesc },
    { name: 'barrier_preds', kind: 'variadic', type: i1 },
  ],
  results: [{ name: 'token', kind: 'optional', type: asyncToken }],
  attributes: [
    { name: 'a_type', kind: SCALE_DOT_ELEM_TYPE },
    { name: 'b_type', kind: SCALE_DOT_ELEM_TYPE },
    { name: 'is_async', kind: unitAttr, optional: true },
  ],
  traits: ['AttrSizedOperandSegments', 'DotOpInterface', 'MMAv5OpInterface'],
  format:
    '$a `,` $b `,` $d `` custom<Token>($acc_dep, type($token)) `,` $a_scale `,` $b_scale `,` $useD `,` $pred `lhs` `=` $a_type `rhs` `=` $b_type `` custom<BarriersAndPreds>($barriers, $barrier_preds) attr-dict `:` qualified(type($a)) `,` qualified(type($b)) `,` qualified(type($d)) `,` qualified(type($a_scale)) `,` qualified(type($b_scale)) `` custom<BarrierTypes>(type($barriers))',
  verify: (op) => (op.getAttr('is_async') === undefined && op.operandGroup('barriers').length > 0 ? 'The op is synchronous but a barrier is present.' : undefined),
});

defineOp({
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
