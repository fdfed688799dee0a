/**
 * The math dialect: elementwise transcendental and rounding functions on floats (with optional
 * `fastmath<...>` flags), integer abs / bit counting, fma and powers (MLIR's MathOps.td formats).
 */
import { defineOp } from '../ir/op-definition.js';
import { IntegerType, RankedTensorType, type Type } from '../ir/type.js';
import { FASTMATH_ATTR } from '../arith/ops.js';
import { floatLike, intLike } from '../common/type-constraints.js';

const unaryFloat = [
  'absf', 'acos', 'acosh', 'asin', 'asinh', 'atan', 'atanh', 'cbrt', 'ceil', 'cos', 'cosh', 'erf', 'erfc', 'exp', 'exp2',
  'expm1', 'floor', 'log', 'log10', 'log1p', 'log2', 'round', 'roundeven', 'rsqrt', 'sin', 'sinh', 'sqrt', 'tan', 'tanh', 'trunc',
];
for (const n of unaryFloat) {
  defineOp({
    name: `math.${n}`,
    operands: [{ name: 'operand', kind: 'single', type: floatLike }],
    results: [{ name: 'result', kind: 'single', type: floatLike }],
    attributes: [FASTMATH_ATTR],
    traits: ['Pure', 'SameOperandsAndResultType', 'Elementwise'],
    format: '$operand (`fastmath` `` $fastmath^)? attr-dict `:` type($result)',
  });
}

for (const n of ['atan2', 'copysign', 'powf']) {
  defineOp({
    name: `math.${n}`,
    operands: [{ name: 'lhs', kind: 'single', type: floatLike }, { name: 'rhs', kind: 'single', type: floatLike }],
    results: [{ name: 'result', kind: 'single', type: floatLike }],
    attributes: [FASTMATH_ATTR],
    traits: ['Pure', 'SameOperandsAndResultType', 'Elementwise'],
    format: '$lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($result)',
  });
}

export const FmaOp = defineOp({
  name: 'math.fma',
  operands: [
    { name: 'a', kind: 'single', type: floatLike },
    { name: 'b', kind: 'single', type: floatLike },
    { name: 'c', kind: 'single', type: floatLike },
  ],
  results: [{ name: 'result', kind: 'single', type: floatLike }],
  attributes: [FASTMATH_ATTR],
  traits: ['Pure', 'SameOperandsAndResultType', 'Elementwise'],
  format: '$a `,` $b `,` $c (`fastmath` `` $fastmath^)? attr-dict `:` type($result)',
});

for (const n of ['absi', 'ctlz', 'cttz', 'ctpop']) {
  defineOp({
    name: `math.${n}`,
    operands: [{ name: 'operand', kind: 'single', type: intLike }],
    results: [{ name: 'result', kind: 'single', type: intLike }],
    traits: ['Pure', 'SameOperandsAndResultType', 'Elementwise'],
    format: '$operand attr-dict `:` type($result)',
  });
}

defineOp({
  name: 'math.ipowi',
  operands: [{ name: 'lhs', kind: 'single', type: intLike }, { name: 'rhs', kind: 'single', type: intLike }],
  results: [{ name: 'result', kind: 'single', type: intLike }],
  traits: ['Pure', 'SameOperandsAndResultType', 'Elementwise'],
  format: '$lhs `,` $rhs attr-dict `:` type($result)',
});

defineOp({
  name: 'math.fpowi',
  operands: [{ name: 'lhs', kind: 'single', type: floatLike }, { name: 'rhs', kind: 'single', type: intLike }],
  results: [{ name: 'result', kind: 'single', type: floatLike }],
  attributes: [FASTMATH_ATTR],
  traits: ['Pure', 'Elementwise'],
  format: '$lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($lhs) `,` type($rhs)',
  inferResultTypes: (ts) => [ts[0]!],
});

/** i1 of the operand's shape. */
function boolOf(t: Type): Type {
  return t instanceof RankedTensorType ? t.withElementType(IntegerType.get(1)) : IntegerType.get(1);
}
for (const n of ['isnan', 'isinf', 'isfinite', 'isnormal']) {
  defineOp({
    name: `math.${n}`,
    operands: [{ name: 'operand', kind: 'single', type: floatLike }],
    results: ['result'],
    attributes: [FASTMATH_ATTR],
    traits: ['Pure', 'Elementwise'],
    format: '$operand (`fastmath` `` $fastmath^)? attr-dict `:` type($operand)',
    inferResultTypes: (ts) => [boolOf(ts[0]!)],
  });
}
