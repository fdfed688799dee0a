/**
 * The cf dialect (unstructured control flow): `cf.br`, `cf.cond_br` with successor operands, and
 * `cf.assert`. Successor operands are ordinary operand groups of the branch op, as in MLIR.
 */
import { defineOp } from '../ir/op-definition.js';
import { IntegerType } from '../ir/type.js';
import { stringAttr } from '../common/attr-kinds.js';
import { DenseArrayAttr } from '../ir/attribute.js';
import type { AttrKind } from '../ir/op-definition.js';
import type { Operation, Value } from '../ir/ir.js';

/** A DenseI32ArrayAttr in a format: `[90, 10]`. */
const weightsAttr: AttrKind = {
  description: 'i32 dense array attribute',
  parse: (p) => DenseArrayAttr.get(IntegerType.get(32), p.parseIntegerList()),
  print: (p, v) => p.write('[' + (v as DenseArrayAttr).values.join(', ') + ']'),
};

function checkSuccessorOperands(op: Operation, succIndex: number, values: readonly Value[]): string | undefined {
  const b = op.successors[succIndex];
  if (!b) return `expected successor #${succIndex}`;
  if (b.args.length !== values.length) return `branch has ${values.length} operands for successor #${succIndex}, but target block has ${b.args.length}`;
  for (const [i, v] of values.entries()) {
    if (b.args[i]!.type !== v.type) return `type mismatch for bb argument #${i} of successor #${succIndex}`;
  }
  return undefined;
}

export const BranchOp = defineOp({
  name: 'cf.br',
  operands: ['destOperands*'],
  successors: ['dest'],
  traits: ['Pure', 'Terminator', 'BranchOpInterface'],
  format: '$dest (`(` $destOperands^ `:` type($destOperands) `)`)? attr-dict',
  verify: (op) => checkSuccessorOperands(op, 0, op.operandValues),
});

export const CondBranchOp = defineOp({
  name: 'cf.cond_br',
  operands: ['condition', 'trueDestOperands*', 'falseDestOperands*'],
  successors: ['trueDest', 'falseDest'],
  attributes: [{ name: 'branch_weights', kind: weightsAttr, optional: true }],
  traits: ['AttrSizedOperandSegments', 'Pure', 'Terminator', 'BranchOpInterface'],
  format:
    '$condition (`weights` `(` $branch_weights^ `)`)? `,` $trueDest (`(` $trueDestOperands^ `:` type($trueDestOperands) `)`)? `,` $falseDest (`(` $falseDestOperands^ `:` type($falseDestOperands) `)`)? attr-dict',
  verify: (op) => {
    if (op.operand(0).type !== IntegerType.get(1)) return 'operand #0 must be 1-bit signless integer';
    return checkSuccessorOperands(op, 0, op.operandGroup('trueDestOperands')) ?? checkSuccessorOperands(op, 1, op.operandGroup('falseDestOperands'));
  },
});

export const AssertOp = defineOp({
  name: 'cf.assert',
  operands: ['arg'],
  attributes: [{ name: 'msg', kind: stringAttr }],
  traits: ['MemoryEffects<MemWrite>'],
  format: '$arg `,` $msg attr-dict',
});
