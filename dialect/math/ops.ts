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
function unaryFloatOp(n: string) {
  return defineOp({
    name: `math.${n}`,
    operands: [{ name: 'operand', kind: 'single', type: floatLike }],
    results: [{ name: 'result', kind: 'single', type: floatLike }],
    attributes: [FASTMATH_ATTR],
    traits: ['Pure', 'SameOperandsAndResultType', 'Elementwise'],
    format: '$operand (`fastmath` `` $fastmath^)? attr-dict `:` type($result)',
  });
}
const unaryFloatOps = new Map(unaryFloat.map((n) => [n, unaryFloatOp(n)] as const));

function binaryFloatOp(n: string) {
  return defineOp({
    name: `math.${n}`,
    operands: [{ name: 'lhs', kind: 'single', type: floatLike }, { name: 'rhs', kind: 'single', type: floatLike }],
    results: [{ name: 'result', kind: 'single', type: floatLike }],
    attributes: [FASTMATH_ATTR],
    traits: ['Pure', 'SameOperandsAndResultType', 'Elementwise'],
    format: '$lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($result)',
  });
}
const binaryFloatOps = new Map(['atan2', 'copysign', 'powf'].map((n) => [n, binaryFloatOp(n)] as const));

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

function unaryIntOp(n: string) {
  return defineOp({
    name: `math.${n}`,
    operands: [{ name: 'operand', kind: 'single', type: intLike }],
    results: [{ name: 'result', kind: 'single', type: intLike }],
    traits: ['Pure', 'SameOperandsAndResultType', 'Elementwise'],
    format: '$operand attr-dict `:` type($result)',
  });
}
const unaryIntOps = new Map(['absi', 'ctlz', 'cttz', 'ctpop'].map((n) => [n, unaryIntOp(n)] as const));

export const IPowIOp = defineOp({
  name: 'math.ipowi',
  operands: [{ name: 'lhs', kind: 'single', type: intLike }, { name: 'rhs', kind: 'single', type: intLike }],
  results: [{ name: 'result', kind: 'single', type: intLike }],
  traits: ['Pure', 'SameOperandsAndResultType', 'Elementwise'],
  format: '$lhs `,` $rhs attr-dict `:` type($result)',
});

export const FPowIOp = defineOp({
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

// Handles, by MLIR MathOps.td class name.
export const AbsFOp = unaryFloatOps.get('absf')!;
export const AcosOp = unaryFloatOps.get('acos')!;
export const AcoshOp = unaryFloatOps.get('acosh')!;
export const AsinOp = unaryFloatOps.get('asin')!;
export const AsinhOp = unaryFloatOps.get('asinh')!;
export const AtanOp = unaryFloatOps.get('atan')!;
export const AtanhOp = unaryFloatOps.get('atanh')!;
export const CbrtOp = unaryFloatOps.get('cbrt')!;
export const CeilOp = unaryFloatOps.get('ceil')!;
export const CosOp = unaryFloatOps.get('cos')!;
export const CoshOp = unaryFloatOps.get('cosh')!;
export const ErfOp = unaryFloatOps.get('erf')!;
export const ErfcOp = unaryFloatOps.get('erfc')!;
export const ExpOp = unaryFloatOps.get('exp')!;
export const Exp2Op = unaryFloatOps.get('exp2')!;
export const ExpM1Op = unaryFloatOps.get('expm1')!;
export const FloorOp = unaryFloatOps.get('floor')!;
export const LogOp = unaryFloatOps.get('log')!;
export const Log10Op = unaryFloatOps.get('log10')!;
export const Log1pOp = unaryFloatOps.get('log1p')!;
export const Log2Op = unaryFloatOps.get('log2')!;
export const RoundOp = unaryFloatOps.get('round')!;
export const RoundEvenOp = unaryFloatOps.get('roundeven')!;
export const RsqrtOp = unaryFloatOps.get('rsqrt')!;
export const SinOp = unaryFloatOps.get('sin')!;
export const SinhOp = unaryFloatOps.get('sinh')!;
export const SqrtOp = unaryFloatOps.get('sqrt')!;
export const TanOp = unaryFloatOps.get('tan')!;
export const TanhOp = unaryFloatOps.get('tanh')!;
export const TruncOp = unaryFloatOps.get('trunc')!;
export const Atan2Op = binaryFloatOps.get('atan2')!;
export const CopySignOp = binaryFloatOps.get('copysign')!;
export const PowFOp = binaryFloatOps.get('powf')!;
export const AbsIOp = unaryIntOps.get('absi')!;
export const CountLeadingZerosOp = unaryIntOps.get('ctlz')!;
export const CountTrailingZerosOp = unaryIntOps.get('cttz')!;
export const CtPopOp = unaryIntOps.get('ctpop')!;
