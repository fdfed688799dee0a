/**
 * Speculatability of the ops whose ODS definitions implement ConditionallySpeculatable (everything else
 * follows its traits, see `isSpeculatable` in ir/traits.ts). Queried by loop-invariant code motion, which
 * only hoists ops that may run when the loop body would not have.
 *
 * - arith.divui / ceildivui: only by a constant non-zero divisor (x / 0 is undefined behaviour).
 * - arith.divsi / ceildivsi: only by a constant divisor that is neither 0 nor -1 (INT_MIN / -1 overflows).
 * - scf.for: recursively speculatable when its step is the constant 1 (it then terminates for any bounds);
 *   otherwise not.
 * - tt.extern_elementwise / tt.elementwise_inline_asm: speculatable iff `pure`.
 */
import { IntegerAttr, UnitAttr } from './ir/attribute.js';
import type { Operation, Value } from './ir/ir.js';
import { registerSpeculatability, type Speculatability } from './ir/traits.js';
import { elementTypeOf, IntegerType } from './ir/type.js';
import { getConstantValue, intOrSplatValue } from './ir/rewrite/registry.js';

function constantInt(v: Value): { value: bigint; width: number } | undefined {
  const value = intOrSplatValue(getConstantValue(v));
  if (value === undefined) return undefined;
  const et = elementTypeOf(v.type);
  return { value, width: et instanceof IntegerType ? et.width : 64 };
}

const unsignedDivision = (op: Operation): Speculatability => {
  const c = constantInt(op.operand(1));
  return c && BigInt.asUintN(c.width, c.value) !== 0n ? 'speculatable' : 'not';
};

const signedDivision = (op: Operation): Speculatability => {
  const c = constantInt(op.operand(1));
  if (!c) return 'not';
  const v = BigInt.asIntN(c.width, c.value);
  return v !== 0n && v !== -1n ? 'speculatable' : 'not';
};

registerSpeculatability('arith.divui', unsignedDivision);
registerSpeculatability('arith.ceildivui', unsignedDivision);
registerSpeculatability('arith.divsi', signedDivision);
registerSpeculatability('arith.ceildivsi', signedDivision);

registerSpeculatability('scf.for', (op) => {
  const step = constantInt(op.operand(2));
  return step && step.value === 1n ? 'recursive' : 'not';
});
registerSpeculatability('scf.if', () => 'recursive');

const pureAttr = (op: Operation): Speculatability => {
  const a = op.getAttr('pure');
  return a instanceof UnitAttr || (a instanceof IntegerAttr && a.value !== 0n) ? 'speculatable' : 'not';
};
registerSpeculatability('tt.extern_elementwise', pureAttr);
registerSpeculatability('tt.elementwise_inline_asm', pureAttr);
