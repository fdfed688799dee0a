/**
 * The math dialect: elementwise transcendental and rounding functions on floats (with optional
 * `fastmath<...>` flags), integer abs / bit counting, fma and powers (MLIR's MathOps.td formats).
 */
import { defineOp } from '../ir/op-definition.js';
import { IntegerType, RankedTensorType, type Type } from '../ir/type.js';
import { FASTMATH_ATTR } from '../arith/ops.js';
import { floatLike, intLike } from '../common/type-constraints.js';

function unaryFloatOp<const N extends string>(n: N) {
  return defineOp({
    name: `math.${n}`,
    operands: [{ name: 'operand', kind: 'single', type: floatLike }],
    results: [{ name: 'result', kind: 'single', type: floatLike }],
    attributes: [FASTMATH_ATTR],
    traits: ['Pure', 'SameOperandsAndResultType', 'Elementwise'],
    format: '$operand (`fastmath` `` $fastmath^)? attr-dict `:` type($result)',
  });
}
export const AbsFOp = unaryFloatOp('absf');
export const AcosOp = unaryFloatOp('acos');
export const AcoshOp = unaryFloatOp('acosh');
export const AsinOp = unaryFloatOp('asin');
export const AsinhOp = unaryFloatOp('asinh');
export const AtanOp = unaryFloatOp('atan');
export const AtanhOp = unaryFloatOp('atanh');
export const CbrtOp = unaryFloatOp('cbrt');
export const CeilOp = unaryFloatOp('ceil');
export const CosOp = unaryFloatOp('cos');
export const CoshOp = unaryFloatOp('cosh');
export const ErfOp = unaryFloatOp('erf');
export const ErfcOp = unaryFloatOp('erfc');
export const ExpOp = unaryFloatOp('exp');
export const Exp2Op = unaryFloatOp('exp2');
export const ExpM1Op = unaryFloatOp('expm1');
export const FloorOp = unaryFloatOp('floor');
export const LogOp = unaryFloatOp('log');
export const Log10Op = unaryFloatOp('log10');
export const Log1pOp = unaryFloatOp('log1p');
export const Log2Op = unaryFloatOp('log2');
export const RoundOp = unaryFloatOp('round');
export const RoundEvenOp = unaryFloatOp('roundeven');
export const RsqrtOp = unaryFloatOp('rsqrt');
export const SinOp = unaryFloatOp('sin');
export const SinhOp = unaryFloatOp('sinh');
export const SqrtOp = unaryFloatOp('sqrt');
export const TanOp = unaryFloatOp('tan');
export const TanhOp = unaryFloatOp('tanh');
export const TruncOp = unaryFloatOp('trunc');

function binaryFloatOp<const N extends string>(n: N) {
  return defineOp({
    name: `math.${n}`,
    operands: [{ name: 'lhs', kind: 'single', type: floatLike }, { name: 'rhs', kind: 'single', type: floatLike }],
    results: [{ name: 'result', kind: 'single', type: floatLike }],
    attributes: [FASTMATH_ATTR],
    traits: ['Pure', 'SameOperandsAndResultType', 'Elementwise'],
    format: '$lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($result)',
  });
}
export const Atan2Op = binaryFloatOp('atan2');
export const CopySignOp = binaryFloatOp('copysign');
export const PowFOp = binaryFloatOp('powf');

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

function unaryIntOp<const N extends string>(n: N) {
  return defineOp({
    name: `math.${n}`,
    operands: [{ name: 'operand', kind: 'single', type: intLike }],
    results: [{ name: 'result', kind: 'single', type: intLike }],
    traits: ['Pure', 'SameOperandsAndResultType', 'Elementwise'],
    format: '$operand attr-dict `:` type($result)',
  });
}
export const AbsIOp = unaryIntOp('absi');
export const CountLeadingZerosOp = unaryIntOp('ctlz');
export const CountTrailingZerosOp = unaryIntOp('cttz');
export const CtPopOp = unaryIntOp('ctpop');

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
function floatClassOp<const N extends string>(n: N) {
  return defineOp({
    name: `math.${n}`,
    operands: [{ name: 'operand', kind: 'single', type: floatLike }],
    results: ['result'],
    attributes: [FASTMATH_ATTR],
    traits: ['Pure', 'Elementwise'],
    format: '$operand (`fastmath` `` $fastmath^)? attr-dict `:` type($operand)',
    inferResultTypes: (ts) => [boolOf(ts[0]!)],
  });
}
export const IsNaNOp = floatClassOp('isnan');
export const IsInfOp = floatClassOp('isinf');
export const IsFiniteOp = floatClassOp('isfinite');
export const IsNormalOp = floatClassOp('isnormal');
