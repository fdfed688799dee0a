/**
 * The arith dialect: integer and float arithmetic, comparisons, casts, select and constants.
 * Binary ops share `$lhs, $rhs attr-dict : type($result)` with SameOperandsAndResultType.
 */
import { DenseElementsAttr, FloatAttr, IntegerAttr } from '../ir/attribute.js';
import { defineOp } from '../ir/op-definition.js';
import { IntegerType, RankedTensorType, ShapedType, type Type } from '../ir/type.js';
import { anyAttr, enumAttr } from '../common/attr-kinds.js';
import { floatLike, intLike } from '../common/type-constraints.js';

const binaryInt = ['addi', 'subi', 'muli', 'divsi', 'divui', 'remsi', 'remui', 'andi', 'ori', 'xori', 'shli', 'shrsi', 'shrui', 'maxsi', 'maxui', 'minsi', 'minui', 'ceildivsi', 'ceildivui', 'floordivsi', 'mulhisi', 'mulhiui'];
const binaryFloat = ['addf', 'subf', 'mulf', 'divf', 'remf', 'maxnumf', 'minnumf', 'maximumf', 'minimumf'];
const commutative = new Set(['addi', 'muli', 'andi', 'ori', 'xori', 'maxsi', 'maxui', 'minsi', 'minui', 'addf', 'mulf', 'maxnumf', 'minnumf', 'maximumf', 'minimumf', 'mulhisi', 'mulhiui']);

for (const n of binaryInt) {
  defineOp({
    name: `arith.${n}`,
    operands: [{ name: 'lhs', kind: 'single', type: intLike }, { name: 'rhs', kind: 'single', type: intLike }],
    results: [{ name: 'result', kind: 'single', type: intLike }],
    attributes: [{ name: 'overflowFlags', kind: anyAttr, optional: true }],
    traits: ['Pure', 'SameOperandsAndResultType', 'Elementwise', ...(commutative.has(n) ? ['Commutative'] : [])],
    format: '$lhs `,` $rhs attr-dict `:` type($result)',
  });
}
for (const n of binaryFloat) {
  defineOp({
    name: `arith.${n}`,
    operands: [{ name: 'lhs', kind: 'single', type: floatLike }, { name: 'rhs', kind: 'single', type: floatLike }],
    results: [{ name: 'result', kind: 'single', type: floatLike }],
    attributes: [{ name: 'fastmath', kind: anyAttr, optional: true }],
    traits: ['Pure', 'SameOperandsAndResultType', 'Elementwise', ...(commutative.has(n) ? ['Commutative'] : [])],
    format: '$lhs `,` $rhs attr-dict `:` type($result)',
  });
}
for (const n of ['negf']) {
  defineOp({
    name: `arith.${n}`,
    operands: [{ name: 'operand', kind: 'single', type: floatLike }],
    results: [{ name: 'result', kind: 'single', type: floatLike }],
    attributes: [{ name: 'fastmath', kind: anyAttr, optional: true }],
    traits: ['Pure', 'SameOperandsAndResultType', 'Elementwise'],
    format: '$operand attr-dict `:` type($result)',
  });
}

/** i1 (or tensor of i1 with the operand's shape and encoding) for comparisons. */
function boolLike(t: Type): Type {
  const i1 = IntegerType.get(1);
  return t instanceof RankedTensorType ? t.withElementType(i1) : i1;
}

export const CMPI_PREDICATES = enumAttr('arith.cmpi predicate', ['eq', 'ne', 'slt', 'sle', 'sgt', 'sge', 'ult', 'ule', 'ugt', 'uge'], () => IntegerType.get(64));
export const CMPF_PREDICATES = enumAttr('arith.cmpf predicate', ['false', 'oeq', 'ogt', 'oge', 'olt', 'ole', 'one', 'ord', 'ueq', 'ugt', 'uge', 'ult', 'ule', 'une', 'uno', 'true'], () => IntegerType.get(64));

defineOp({
  name: 'arith.cmpi',
  operands: [{ name: 'lhs', kind: 'single', type: intLike }, { name: 'rhs', kind: 'single', type: intLike }],
  results: ['result'],
  attributes: [{ name: 'predicate', kind: CMPI_PREDICATES }],
  traits: ['Pure', 'SameTypeOperands', 'Elementwise'],
  format: '$predicate `,` $lhs `,` $rhs attr-dict `:` type($lhs)',
  inferResultTypes: (ts) => [boolLike(ts[0]!)],
});
defineOp({
  name: 'arith.cmpf',
  operands: [{ name: 'lhs', kind: 'single', type: floatLike }, { name: 'rhs', kind: 'single', type: floatLike }],
  results: ['result'],
  attributes: [{ name: 'predicate', kind: CMPF_PREDICATES }, { name: 'fastmath', kind: anyAttr, optional: true }],
  traits: ['Pure', 'SameTypeOperands', 'Elementwise'],
  format: '$predicate `,` $lhs `,` $rhs attr-dict `:` type($lhs)',
  inferResultTypes: (ts) => [boolLike(ts[0]!)],
});

defineOp({
  name: 'arith.select',
  operands: ['condition', 'true_value', 'false_value'],
  results: ['result'],
  traits: ['Pure', 'Elementwise'],
  format: '$condition `,` $true_value `,` $false_value attr-dict `:` type($condition) `,` type($result)',
});

const casts = ['extf', 'truncf', 'extsi', 'extui', 'trunci', 'sitofp', 'uitofp', 'fptosi', 'fptoui', 'bitcast', 'index_cast', 'index_castui'];
for (const n of casts) {
  defineOp({
    name: `arith.${n}`,
    operands: ['in'],
    results: ['out'],
    attributes: n === 'truncf' ? [{ name: 'roundingmode', kind: anyAttr, optional: true }, { name: 'fastmath', kind: anyAttr, optional: true }] : n === 'extf' ? [{ name: 'fastmath', kind: anyAttr, optional: true }] : [],
    traits: ['Pure', 'Elementwise', 'CastOp'],
    format: '$in attr-dict `:` type($in) `to` type($out)',
  });
}

/** `%c32_i32`, `%c-1_i32`, `%c0` (index), `%true`/`%false`, `%cst` for everything else. */
function constantName(v: unknown): string {
  if (v instanceof IntegerAttr) {
    if (v.isBool()) return v.value ? 'true' : 'false';
    return `c${v.value}` + (v.type instanceof IntegerType ? `_${v.type.key}` : '');
  }
  return 'cst';
}

defineOp({
  name: 'arith.constant',
  results: ['result'],
  attributes: [{ name: 'value', kind: anyAttr }],
  traits: ['Pure', 'ConstantLike'],
  format: 'attr-dict $value',
  resultNames: (op) => [constantName(op.getAttr('value'))],
  inferResultTypes: (_ts, attrs) => {
    const v = attrs.get('value');
    if (v instanceof IntegerAttr || v instanceof FloatAttr || v instanceof DenseElementsAttr) return [v.type];
    throw new Error('arith.constant value must be a typed attribute');
  },
  verify: (op) => {
    const v = op.getAttr('value');
    const t = op.result().type;
    if (v instanceof DenseElementsAttr && !(t instanceof ShapedType)) return 'value must be a scalar';
    if ((v instanceof IntegerAttr || v instanceof FloatAttr || v instanceof DenseElementsAttr) && v.type !== t) {
      return `failed to verify that all of {value, result} have same type`;
    }
    return undefined;
  },
});
