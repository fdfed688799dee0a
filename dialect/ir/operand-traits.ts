/**
 * Operand accessors by operand structure rather than by op, for code that handles any op of that structure and
 * has no single handle to ask: MLIR's `OneOperand` trait (`getOperand()`) and the two operands of a binary op
 * (`NOperands<2>`: the lhs / rhs of arith's binary ops, `tt.addptr`'s ptr and offset).
 *
 *   if (OneOperand.is(op)) chain.push(OneOperand.operand(op));     // any unary op: ext, broadcast, cvt, ...
 *   mapping.map(BinaryOperands.lhs(update), acc);                  // a reduction's binary combine op
 *
 * They are operand accessors (op-handle.ts), so they also give positions: the LLVM lowering reads the
 * registers of any unary elementwise op as `ctx.lowered(OneOperand.operand)`. Reading an op of another
 * structure is a programming error (it throws), as calling `getOperand()` on such an op asserts in MLIR.
 */
import type { Operation } from './ir.js';
import { makeOperandAccessor, type OperandAccessor } from './op-handle.js';

/** The operand at `index` of ops with exactly `count` operands. */
function fixedOperand(name: string, index: number, count: number, structure: string): OperandAccessor<'single'> {
  const check = (op: Operation): void => {
    if (op.operands.length !== count) throw new Error(`${op.name} is not ${structure} (it has ${op.operands.length} operands)`);
  };
  return makeOperandAccessor(
    name,
    'single',
    (op) => {
      check(op);
      return op.operandValues[index]!;
    },
    (op) => {
      check(op);
      return [index];
    },
  );
}

/** Ops with exactly one operand (MLIR's `OneOperand`): unary elementwise ops, casts, views. */
export const OneOperand = {
  is: (op: Operation | undefined): boolean => op !== undefined && op.operands.length === 1,
  operand: fixedOperand('operand', 0, 1, 'a one-operand op'),
} as const;

/** Ops with exactly two operands, read as a binary op's left and right operand. */
export const BinaryOperands = {
  is: (op: Operation | undefined): boolean => op !== undefined && op.operands.length === 2,
  lhs: fixedOperand('lhs', 0, 2, 'a binary op'),
  rhs: fixedOperand('rhs', 1, 2, 'a binary op'),
} as const;
