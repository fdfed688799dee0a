/**
 * `llvm.switch`: a multi-way branch on an integer, as MLIR's LLVM dialect prints it:
 *
 *   llvm.switch %v : i8, ^default [
 *     0: ^bb4,
 *     1: ^bb5(%x : i32)
 *   ]
 *
 * Operands are the flag, the default destination's operands and every case's operands (one flat group, split by
 * `case_operand_segments`); successors are the default destination then one per case; `case_values` holds the
 * case constants as a dense vector of the flag's type (absent when there are no cases, printed `[` `]`).
 */
import { DenseArrayAttr, DenseElementsAttr } from '../ir/attribute.js';
import type { Block, Operation, Value } from '../ir/ir.js';
import { defineCustomDirective, defineOp, type OperandRef } from '../ir/op-definition.js';
import { IntegerType, VectorType, type Type } from '../ir/type.js';
import { anyAttr } from '../common/attr-kinds.js';
import './ops.js';

/** The case values of a switch as bigints (a splat attribute expanded to one per case). */
export function switchCaseValues(op: Operation): bigint[] {
  const attr = op.getAttr('case_values');
  if (!(attr instanceof DenseElementsAttr)) return [];
  const n = attr.type.shape[0] ?? 0;
  return Array.from({ length: n }, (_, i) => BigInt(attr.isSplat ? attr.splatValue() : attr.values[i]!));
}

/** The operands forwarded to each case destination. */
export function switchCaseOperands(op: Operation): Value[][] {
  const flat = op.operandGroup('caseOperands');
  const sizes = (op.getAttr('case_operand_segments') as DenseArrayAttr | undefined)?.values ?? [];
  const out: Value[][] = [];
  let at = 0;
  for (const n of sizes) {
    out.push(flat.slice(at, at + n));
    at += n;
  }
  return out;
}

/** The integer `v` of `width` bits read as signed, as APInt prints it. */
function signed(v: bigint, width: number): bigint {
  return BigInt.asIntN(width, v);
}

defineCustomDirective('SwitchOpCases', {
  parse(p, op) {
    const flagType = op.operandTypes.get('value')?.[0];
    const width = flagType instanceof IntegerType ? flagType.width : 32;
    p.expect('[');
    const values: bigint[] = [];
    const dests: unknown[] = [];
    const refs: OperandRef[] = [];
    const types: Type[] = [];
    const sizes: number[] = [];
    if (!p.consumeIf(']')) {
      do {
        values.push(BigInt.asUintN(width, p.parseInteger()));
        p.expect(':');
        dests.push(p.parseSuccessor());
        let n = 0;
        if (p.consumeIf('(')) {
          const here: OperandRef[] = [];
          do here.push(p.parseOperandRef());
          while (p.consumeIf(','));
          p.expect(':');
          for (let i = 0; i < here.length; i++) {
            if (i) p.expect(',');
            types.push(p.parseType());
          }
          p.expect(')');
          refs.push(...here);
          n = here.length;
        }
        sizes.push(n);
      } while (p.consumeIf(','));
      p.expect(']');
    }
    if (values.length && flagType) op.attributes.set('case_values', DenseElementsAttr.get(VectorType.get([values.length], flagType), values));
    op.attributes.set('case_operand_segments', DenseArrayAttr.get(IntegerType.get(32), sizes));
    op.successors.set('caseDestinations', dests);
    op.operands.set('caseOperands', refs);
    op.operandTypes.set('caseOperands', types);
  },
  print(p, op) {
    const values = switchCaseValues(op);
    const width = op.operand(0).type instanceof IntegerType ? (op.operand(0).type as IntegerType).width : 32;
    const dests: readonly Block[] = op.successors.slice(1);
    const operands = switchCaseOperands(op);
    p.write('[');
    p.printNewline();
    if (!values.length) {
      p.write(']');
      return;
    }
    values.forEach((v, i) => {
      if (i) {
        p.write(',');
        p.printNewline();
      }
      p.write(`  ${signed(v, width)}: `);
      p.printSuccessorAndOperands(dests[i]!, operands[i] ?? []);
    });
    p.printNewline();
    p.write(']');
  },
});

export const SwitchOp = defineOp({
  name: 'llvm.switch',
  operands: [
    { name: 'value', kind: 'single' },
    { name: 'defaultOperands', kind: 'variadic' },
    { name: 'caseOperands', kind: 'variadic' },
  ],
  attributes: [
    { name: 'case_values', kind: anyAttr, optional: true },
    { name: 'case_operand_segments', kind: anyAttr },
    { name: 'branch_weights', kind: anyAttr, optional: true },
  ],
  successors: ['defaultDestination', 'caseDestinations*'],
  traits: ['Pure', 'Terminator', 'AttrSizedOperandSegments'],
  format:
    '$value `:` type($value) `,` $defaultDestination (`(` $defaultOperands^ `:` type($defaultOperands) `)`)? custom<SwitchOpCases>($case_values, $caseDestinations, $caseOperands, $case_operand_segments) attr-dict',
  verify: (op) => {
    const values = switchCaseValues(op);
    const dests = op.successors.length - 1;
    if (values.length !== dests) return `expects number of case values to match number of case destinations`;
    const sizes = (op.getAttr('case_operand_segments') as DenseArrayAttr | undefined)?.values ?? [];
    if (sizes.length !== dests) return `expects number of case operand segments to match number of case destinations`;
    return undefined;
  },
});

/** Creates `llvm.switch %value : T, ^default [v_i: ^dest_i, ...]` (no block operands) before the builder's point. */
export function switchOpInit(value: Value, defaultDest: Block, cases: readonly (readonly [bigint, Block])[]): {
  name: string;
  operands: Value[];
  resultTypes: Type[];
  attributes: [string, import('../ir/attribute.js').Attribute][];
  successors: Block[];
  operandSegments: number[];
} {
  const attributes: [string, import('../ir/attribute.js').Attribute][] = [
    ['case_operand_segments', DenseArrayAttr.get(IntegerType.get(32), cases.map(() => 0))],
  ];
  if (cases.length) attributes.push(['case_values', DenseElementsAttr.get(VectorType.get([cases.length], value.type), cases.map(([v]) => v))]);
  return { name: 'llvm.switch', operands: [value], resultTypes: [], attributes, successors: [defaultDest, ...cases.map(([, b]) => b)], operandSegments: [1, 0, 0] };
}
