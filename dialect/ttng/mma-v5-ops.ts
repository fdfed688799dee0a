/**
 * Blackwell's fifth-generation tensor-core MMAs, `ttng.tc_gen5_mma` and `ttng.tc_gen5_mma_scaled`
 * (Triton 3.6's TritonNvidiaGPUOps.td): D (tensor memory) += A·B from shared/tensor memory, with an optional
 * accumulator token (`custom<Token>`), a use-accumulator flag, a predicate and optional mbarriers to arrive on,
 * each with its predicate (`, %bar[%pred]`).
 */
import { UnitAttr } from '../ir/attribute.js';
import { defineCustomDirective, defineOp, type AttrKind } from '../ir/op-definition.js';
import { IntegerType } from '../ir/type.js';
import { constraint } from '../common/type-constraints.js';
import { SCALE_DOT_ELEM_TYPE } from '../tt/attr-kinds.js';
import { asyncToken, memDesc } from '../ttg/ops.js';
import './ops.js';

const i1 = constraint('1-bit signless integer', (t) => t instanceof IntegerType && t.width === 1);

const unitAttr: AttrKind = {
  description: 'unit attribute',
  parse: () => UnitAttr.get(),
  print: () => {},
  verify: (v) => (v instanceof UnitAttr ? undefined : 'expected unit attribute'),
};

/** `(, %barrier[%pred])*`. */
defineCustomDirective('BarriersAndPreds', {
  parse(p, op, args) {
    const bars = args[0]!;
    const preds = args[1]!;
    if (bars.kind !== 'operand' || preds.kind !== 'operand') throw new Error('custom<BarriersAndPreds> expects ($barriers, $preds)');
    const barRefs = [];
    const predRefs = [];
    while (p.consumeIf(',')) {
      barRefs.push(p.parseOperandRef());
      p.expect('[');
      predRefs.push(p.parseOperandRef());
      p.expect(']');
    }
    op.operands.set(bars.name, barRefs);
    op.operands.set(preds.name, predRefs);
    op.operandTypes.set(preds.name, predRefs.map(() => IntegerType.get(1)));
  },
  print(p, op, args) {
    const bars = args[0]!;
    const preds = args[1]!;
    if (bars.kind !== 'operand' || preds.kind !== 'operand') return;
    const b = op.operandGroup(bars.name);
    const q = op.operandGroup(preds.name);
    b.forEach((bar, i) => {
      p.write(', ');
      p.printOperand(bar);
      p.write('[');
      p.printOperand(q[i]!);
      p.write(']');
    });
  },
});

export const TCGen5MMAOp = defineOp({
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
  traits: ['MemRead', 'MemWrite', 'AttrSizedOperandSegments', 'DotOpInterface', 'MMAv5OpInterface'],
  format:
    '$a `,` $b `,` $d `` custom<Token>($acc_dep, type($token)) `,` $useD `,` $pred `` custom<BarriersAndPreds>($barriers, $barrier_preds) attr-dict `:` qualified(type($a)) `,` qualified(type($b)) `,` qualified(type($d)) (`,` qualified(type($barriers)^))?',
});

export const TCGen5MMAScaledOp = defineOp({
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
  traits: ['MemRead', 'MemWrite', 'AttrSizedOperandSegments', 'DotOpInterface', 'MMAv5OpInterface'],
  format:
    '$a `,` $b `,` $d `` custom<Token>($acc_dep, type($token)) `,` $a_scale `,` $b_scale `,` $useD `,` $pred `lhs` `=` $a_type `rhs` `=` $b_type `` custom<BarriersAndPreds>($barriers, $barrier_preds) attr-dict `:` qualified(type($a)) `,` qualified(type($b)) `,` qualified(type($d)) `,` qualified(type($a_scale)) `,` qualified(type($b_scale)) (`,` qualified(type($barriers)^))?',
});
