/**
 * Folders, canonicalization patterns and the constant materializer of the arith dialect, following
 * MLIR's ArithOps.cpp / ArithCanonicalization.td (integer arithmetic on the element bit width with two's
 * complement wrap-around; float arithmetic rounded to the element type, round-to-nearest-even).
 */
import {
  DenseElementsAttr,
  FloatAttr,
  IntegerAttr,
  normalizeInt,
  type Attribute,
  type DenseValue,
} from '../ir/attribute.js';
import type { Builder } from '../ir/builder.js';
import { createOperation } from '../ir/create.js';
import { roundToKind } from '../ir/float-format.js';
import type { Operation, Value } from '../ir/ir.js';
import { FusedLoc, UnknownLoc, type Location } from '../ir/location.js';
import type { PatternRewriter } from '../ir/rewriter.js';
import {
  FLOAT_KINDS,
  FloatType,
  IndexType,
  IntegerType,
  RankedTensorType,
  ShapedType,
  VectorType,
  elementTypeOf,
  type FloatKind,
  type Type,
} from '../ir/type.js';
import {
  floatOrSplatValue,
  getConstantValue,
  intOrSplatValue,
  isOneInt,
  isZeroInt,
  registerCanonicalization,
  registerConstantMaterializer,
  registerFolder,
  type FoldResult,
} from '../ir/rewrite/registry.js';
import type { RewritePattern } from '../ir/rewrite/pattern.js';
import { ArithFlagsAttr } from './ops.js';

type Operands = readonly (Attribute | undefined)[];

// ---------------------------------------------------------------------------------------------------
// Element helpers

/** Bit width of an integer-like element type (index: 64). */
function intWidth(t: Type): number {
  const e = elementTypeOf(t);
  if (e instanceof IntegerType) return e.width;
  if (e instanceof IndexType) return 64;
  throw new Error(`not an integer type: ${t.key}`);
}

function isIntElement(t: Type): boolean {
  const e = elementTypeOf(t);
  return e instanceof IntegerType || e instanceof IndexType;
}

/** Signed interpretation of `v` in `w` bits. */
const sext = (v: bigint, w: number): bigint => BigInt.asIntN(w, v);
/** Unsigned interpretation of `v` in `w` bits. */
const zext = (v: bigint, w: number): bigint => BigInt.asUintN(w, v);

/** Float kinds we fold exactly (f64 arithmetic rounded once is exact for these). */
function foldableFloatKind(t: Type): FloatKind | undefined {
  const e = elementTypeOf(t);
  if (!(e instanceof FloatType)) return undefined;
  return e.kind === 'f16' || e.kind === 'bf16' || e.kind === 'f32' || e.kind === 'f64' ? e.kind : undefined;
}

/** The largest finite value of an IEEE-like float kind. */
function maxFinite(kind: FloatKind): number {
  const { mantissa, exponent } = FLOAT_KINDS[kind];
  const bias = 2 ** (exponent - 1) - 1;
  return (2 - 2 ** (1 - mantissa)) * 2 ** bias;
}

/** Rounds a double to `kind` (ties to even), overflowing to infinity as APFloat does. */
export function roundFloat(x: number, kind: FloatKind): number {
  if (kind === 'f64') return x;
  const r = roundToKind(x, kind);
  if (Number.isFinite(r) && Math.abs(r) > maxFinite(kind)) return r < 0 ? -Infinity : Infinity;
  return r;
}

/** Element values of a constant operand, expanded (undefined if not an elements/scalar constant). */
function elementsOf(a: Attribute): DenseValue[] | undefined {
  if (a instanceof DenseElementsAttr) {
    if (a.isSplat) return Array(a.type.numElements).fill(a.splatValue());
    return [...a.values];
  }
  return undefined;
}

/** Builds a constant attribute of `type` (scalar attr, or dense for shaped types) from element values. */
function makeConst(type: Type, values: readonly DenseValue[]): Attribute | undefined {
  if (type instanceof ShapedType) {
    if (type.shape.some((d) => d < 0)) return undefined;
    const el = type.elementType;
    const norm = values.map((v) => (el instanceof FloatType ? Number(v) : normalizeInt(el, BigInt(v))));
    return DenseElementsAttr.get(type, norm);
  }
  const v = values[0]!;
  if (type instanceof FloatType) return FloatAttr.get(type, Number(v));
  return IntegerAttr.get(type, BigInt(v));
}

function typeOfAttr(a: Attribute): Type | undefined {
  if (a instanceof IntegerAttr || a instanceof FloatAttr || a instanceof DenseElementsAttr) return a.type;
  return undefined;
}

type Kind = 'int' | 'float';

function attrKind(a: Attribute): Kind | undefined {
  if (a instanceof IntegerAttr) return 'int';
  if (a instanceof FloatAttr) return 'float';
  if (a instanceof DenseElementsAttr) return a.type.elementType instanceof FloatType ? 'float' : 'int';
  return undefined;
}

/**
 * MLIR's constFoldBinaryOp: both operands constant of the same type (scalars, splats, or elementwise),
 * `fn` returns undefined to abort. The result has `resultType` (default: the operands' type).
 */
function constFoldBinary(operands: Operands, kind: Kind, fn: (a: DenseValue, b: DenseValue) => DenseValue | undefined, resultType?: Type): Attribute | undefined {
  const [l, r] = operands;
  if (!l || !r) return undefined;
  const lt = typeOfAttr(l);
  const rt = typeOfAttr(r);
  if (!lt || !rt || lt !== rt) return undefined;
  if (attrKind(l) !== kind || attrKind(r) !== kind) return undefined;
  const resType = resultType ?? lt;
  if ((l instanceof IntegerAttr || l instanceof FloatAttr) && (r instanceof IntegerAttr || r instanceof FloatAttr)) {
    const v = fn(l.value, r.value);
    return v === undefined ? undefined : makeConst(resType, [v]);
  }
  if (l instanceof DenseElementsAttr && r instanceof DenseElementsAttr) {
    if (l.isSplat && r.isSplat) {
      const v = fn(l.splatValue(), r.splatValue());
      return v === undefined ? undefined : makeConst(resType, [v]);
    }
    const a = elementsOf(l)!;
    const b = elementsOf(r)!;
    const out: DenseValue[] = [];
    for (let i = 0; i < a.length; i++) {
      const v = fn(a[i]!, b[i]!);
      if (v === undefined) return undefined;
      out.push(v);
    }
    return makeConst(resType, out);
  }
  return undefined;
}

/** MLIR's constFoldUnaryOp / constFoldCastOp: `fn` maps one element (undefined aborts). */
function constFoldUnary(operand: Attribute | undefined, kind: Kind, resType: Type, fn: (a: DenseValue) => DenseValue | undefined): Attribute | undefined {
  if (!operand || attrKind(operand) !== kind) return undefined;
  if (operand instanceof IntegerAttr || operand instanceof FloatAttr) {
    const v = fn(operand.value);
    return v === undefined ? undefined : makeConst(resType, [v]);
  }
  if (operand instanceof DenseElementsAttr) {
    if (operand.isSplat) {
      const v = fn(operand.splatValue());
      return v === undefined ? undefined : makeConst(resType, [v]);
    }
    const out: DenseValue[] = [];
    for (const x of operand.values) {
      const v = fn(x);
      if (v === undefined) return undefined;
      out.push(v);
    }
    return makeConst(resType, out);
  }
  return undefined;
}

/** Integer binary fold on the element width; `fn` gets signed-normalized operands. */
function intBinary(op: Operation, operands: Operands, fn: (a: bigint, b: bigint, w: number) => bigint | undefined, resultType?: Type): Attribute | undefined {
  const t = op.operand(0).type;
  if (!isIntElement(t)) return undefined;
  const w = intWidth(t);
  return constFoldBinary(operands, 'int', (a, b) => fn(sext(BigInt(a), w), sext(BigInt(b), w), w), resultType);
}

function floatBinary(op: Operation, operands: Operands, fn: (a: number, b: number) => number | undefined): Attribute | undefined {
  const kind = foldableFloatKind(op.result(0).type);
  if (!kind) return undefined;
  return constFoldBinary(operands, 'float', (a, b) => {
    const r = fn(Number(a), Number(b));
    return r === undefined ? undefined : roundFloat(r, kind);
  });
}

/** The zero attribute of `type` (MLIR's Builder::getZeroAttr). */
export function zeroAttr(type: Type): Attribute | undefined {
  const el = elementTypeOf(type);
  const zero: DenseValue = el instanceof FloatType ? 0 : 0n;
  if (!(el instanceof FloatType) && !isIntElement(el)) return undefined;
  return makeConst(type, [zero]);
}

/** A boolean constant of `type` (i1 or a shaped type of i1). */
function boolAttr(type: Type, v: boolean): Attribute | undefined {
  return makeConst(type, [v ? 1n : 0n]);
}

function defOp(v: Value, name: string): Operation | undefined {
  const d = v.definingOp;
  return d && d.name === name ? d : undefined;
}

function isAllOnes(a: Attribute | undefined, type: Type): boolean {
  const v = intOrSplatValue(a);
  if (v === undefined) return false;
  const w = intWidth(type);
  return zext(v, w) === (1n << BigInt(w)) - 1n;
}

// ---------------------------------------------------------------------------------------------------
// Fastmath / overflow flags

/** The fastmath flags set on `op`. */
function fastmathFlags(op: Operation): ReadonlySet<string> {
  const a = op.getAttr('fastmath');
  return new Set(a instanceof ArithFlagsAttr ? a.flags : []);
}

function overflowFlags(op: Operation): ReadonlySet<string> {
  const a = op.getAttr('overflowFlags');
  return new Set(a instanceof ArithFlagsAttr ? a.flags : []);
}

// ---------------------------------------------------------------------------------------------------
// Folders

registerFolder('arith.constant', (op) => op.getAttr('value'));

registerFolder('arith.addi', (op, c) => {
  if (isZeroInt(c[1])) return op.operand(0);
  const sub = defOp(op.operand(0), 'arith.subi');
  if (sub && op.operand(1) === sub.operand(1)) return sub.operand(0);
  const sub2 = defOp(op.operand(1), 'arith.subi');
  if (sub2 && op.operand(0) === sub2.operand(1)) return sub2.operand(0);
  return intBinary(op, c, (a, b) => a + b);
});

registerFolder('arith.subi', (op, c) => {
  if (op.operand(0) === op.operand(1)) {
    const t = op.result(0).type;
    if (!(t instanceof ShapedType) || t.shape.every((d) => d >= 0)) return zeroAttr(t);
  }
  if (isZeroInt(c[1])) return op.operand(0);
  const add = defOp(op.operand(0), 'arith.addi');
  if (add) {
    if (op.operand(1) === add.operand(1)) return add.operand(0);
    if (op.operand(1) === add.operand(0)) return add.operand(1);
  }
  return intBinary(op, c, (a, b) => a - b);
});

registerFolder('arith.muli', (op, c) => {
  if (isZeroInt(c[1])) return op.operand(1);
  if (isOneInt(c[1])) return op.operand(0);
  return intBinary(op, c, (a, b) => a * b);
});

/** `(a * b) / b -> a` when the multiplication has the given no-wrap flag. */
function foldDivMul(lhs: Value, rhs: Value, flag: string): Value | undefined {
  const mul = defOp(lhs, 'arith.muli');
  if (!mul || !overflowFlags(mul).has(flag)) return undefined;
  if (mul.operand(0) === rhs) return mul.operand(1);
  if (mul.operand(1) === rhs) return mul.operand(0);
  return undefined;
}

registerFolder('arith.divui', (op, c) => {
  if (isOneInt(c[1])) return op.operand(0);
  const dm = foldDivMul(op.operand(0), op.operand(1), 'nuw');
  if (dm) return dm;
  return intBinary(op, c, (a, b, w) => (zext(b, w) === 0n ? undefined : zext(a, w) / zext(b, w)));
});

registerFolder('arith.divsi', (op, c) => {
  if (isOneInt(c[1])) return op.operand(0);
  const dm = foldDivMul(op.operand(0), op.operand(1), 'nsw');
  if (dm) return dm;
  return intBinary(op, c, (a, b, w) => {
    if (b === 0n) return undefined;
    const q = a / b; // truncates toward zero, like APInt::sdiv
    if (q !== sext(q, w)) return undefined; // INT_MIN / -1 overflows
    return q;
  });
});

/** Signed ceil division of non-negative operands ((a - 1) / b + 1), with overflow detection. */
function signedCeilNonneg(a: bigint, b: bigint, w: number): bigint | undefined {
  const r = (a - 1n) / b + 1n;
  return r === sext(r, w) ? r : undefined;
}

registerFolder('arith.ceildivui', (op, c) => {
  if (isOneInt(c[1])) return op.operand(0);
  return intBinary(op, c, (a, b, w) => {
    const ua = zext(a, w);
    const ub = zext(b, w);
    if (ub === 0n) return undefined;
    const q = ua / ub;
    if (ua % ub === 0n) return q;
    const r = q + 1n;
    return r === zext(r, w) ? r : undefined;
  });
});

registerFolder('arith.ceildivsi', (op, c) => {
  if (isOneInt(c[1])) return op.operand(0);
  return intBinary(op, c, (a, b, w) => {
    if (b === 0n) return undefined;
    if (a === 0n) return a;
    const inRange = (x: bigint): boolean => x === sext(x, w);
    if (a > 0n && b > 0n) return signedCeilNonneg(a, b, w);
    if (a < 0n && b < 0n) {
      const pa = -a;
      const pb = -b;
      if (!inRange(pa) || !inRange(pb)) return undefined;
      return signedCeilNonneg(pa, pb, w);
    }
    if (a < 0n && b > 0n) {
      const pa = -a;
      if (!inRange(pa)) return undefined;
      const r = -(pa / b);
      return inRange(r) ? r : undefined;
    }
    const pb = -b;
    if (!inRange(pb)) return undefined;
    const r = -(a / pb);
    return inRange(r) ? r : undefined;
  });
});

registerFolder('arith.floordivsi', (op, c) => {
  if (isOneInt(c[1])) return op.operand(0);
  return intBinary(op, c, (a, b, w) => {
    if (b === 0n) return undefined;
    let q = a / b;
    if (a % b !== 0n && (a < 0n) !== (b < 0n)) q -= 1n;
    return q === sext(q, w) ? q : undefined;
  });
});

registerFolder('arith.remui', (op, c) => {
  if (isOneInt(c[1])) return zeroAttr(op.result(0).type);
  return intBinary(op, c, (a, b, w) => (zext(b, w) === 0n ? undefined : zext(a, w) % zext(b, w)));
});

registerFolder('arith.remsi', (op, c) => {
  if (isOneInt(c[1])) return zeroAttr(op.result(0).type);
  return intBinary(op, c, (a, b) => (b === 0n ? undefined : a % b));
});

/** `and(a, and(a, b)) -> and(a, b)` */
function foldAndOfAnd(op: Operation): Value | undefined {
  for (const reverse of [false, true]) {
    const prev = defOp(op.operand(reverse ? 1 : 0), 'arith.andi');
    if (!prev) continue;
    const other = op.operand(reverse ? 0 : 1);
    if (other !== prev.operand(0) && other !== prev.operand(1)) continue;
    return prev.result(0);
  }
  return undefined;
}

/** Whether `v` is `xori(x, allOnes)`. */
function isNotOf(v: Value, x: Value): boolean {
  const xor = defOp(v, 'arith.xori');
  return !!xor && xor.operand(0) === x && isAllOnes(getConstantValue(xor.operand(1)), xor.operand(1).type);
}

registerFolder('arith.andi', (op, c) => {
  const t = op.result(0).type;
  if (isZeroInt(c[1])) return op.operand(1);
  if (isAllOnes(c[1], t)) return op.operand(0);
  if (isNotOf(op.operand(1), op.operand(0)) || isNotOf(op.operand(0), op.operand(1))) return zeroAttr(t);
  const aa = foldAndOfAnd(op);
  if (aa) return aa;
  return intBinary(op, c, (a, b) => a & b);
});

registerFolder('arith.ori', (op, c) => {
  const t = op.result(0).type;
  const rv = intOrSplatValue(c[1]);
  if (rv !== undefined) {
    if (rv === 0n) return op.operand(0);
    if (isAllOnes(c[1], t)) return c[1];
  }
  if (isNotOf(op.operand(1), op.operand(0))) return defOp(op.operand(1), 'arith.xori')!.operand(1);
  if (isNotOf(op.operand(0), op.operand(1))) return defOp(op.operand(0), 'arith.xori')!.operand(1);
  return intBinary(op, c, (a, b) => a | b);
});

registerFolder('arith.xori', (op, c) => {
  if (isZeroInt(c[1])) return op.operand(0);
  if (op.operand(0) === op.operand(1)) return zeroAttr(op.result(0).type);
  const prev = defOp(op.operand(0), 'arith.xori');
  if (prev) {
    if (prev.operand(1) === op.operand(1)) return prev.operand(0);
    if (prev.operand(0) === op.operand(1)) return prev.operand(1);
  }
  const prev2 = defOp(op.operand(1), 'arith.xori');
  if (prev2) {
    if (prev2.operand(1) === op.operand(0)) return prev2.operand(0);
    if (prev2.operand(0) === op.operand(0)) return prev2.operand(1);
  }
  return intBinary(op, c, (a, b) => a ^ b);
});

for (const [name, shift] of [
  ['arith.shli', (a: bigint, b: bigint, w: number) => zext(a, w) << zext(b, w)],
  ['arith.shrui', (a: bigint, b: bigint, w: number) => zext(a, w) >> zext(b, w)],
  ['arith.shrsi', (a: bigint, b: bigint, w: number) => a >> zext(b, w)],
] as const) {
  registerFolder(name, (op, c) => {
    if (isZeroInt(c[1])) return op.operand(0);
    return intBinary(op, c, (a, b, w) => (zext(b, w) < BigInt(w) ? shift(a, b, w) : undefined));
  });
}

function minMaxFolder(name: string, signed: boolean, isMax: boolean): void {
  registerFolder(name, (op, c) => {
    if (op.operand(0) === op.operand(1)) return op.operand(1);
    const v = intOrSplatValue(c[1]);
    if (v !== undefined) {
      const w = intWidth(op.result(0).type);
      const val = signed ? sext(v, w) : zext(v, w);
      const max = signed ? (1n << BigInt(w - 1)) - 1n : (1n << BigInt(w)) - 1n;
      const min = signed ? -(1n << BigInt(w - 1)) : 0n;
      if (val === (isMax ? max : min)) return op.operand(1);
      if (val === (isMax ? min : max)) return op.operand(0);
    }
    return intBinary(op, c, (a, b, w) => {
      const x = signed ? a : zext(a, w);
      const y = signed ? b : zext(b, w);
      // biome-ignore lint/complexity/useMathMinMax: bigints (Math.max/min take numbers only)
      return isMax ? (x > y ? x : y) : x < y ? x : y;
    });
  });
}
minMaxFolder('arith.maxsi', true, true);
minMaxFolder('arith.maxui', false, true);
minMaxFolder('arith.minsi', true, false);
minMaxFolder('arith.minui', false, false);

// Floats

const isPosZero = (v: number | undefined): boolean => v === 0 && !Object.is(v, -0);
const isNegZero = (v: number | undefined): boolean => Object.is(v, -0);

registerFolder('arith.negf', (op, c) => {
  const inner = defOp(op.operand(0), 'arith.negf');
  if (inner) return inner.operand(0);
  const kind = foldableFloatKind(op.result(0).type);
  if (!kind) return undefined;
  return constFoldUnary(c[0], 'float', op.result(0).type, (a) => -Number(a));
});

registerFolder('arith.addf', (op, c) => {
  if (isNegZero(floatOrSplatValue(c[1]))) return op.operand(0);
  return floatBinary(op, c, (a, b) => a + b);
});

registerFolder('arith.subf', (op, c) => {
  if (isPosZero(floatOrSplatValue(c[1]))) return op.operand(0);
  return floatBinary(op, c, (a, b) => a - b);
});

registerFolder('arith.mulf', (op, c) => {
  if (floatOrSplatValue(c[1]) === 1) return op.operand(0);
  // (mulf(x, 0) -> 0 under nnan+nsz is newer than Triton 3.6's MLIR: not folded.)
  return floatBinary(op, c, (a, b) => a * b);
});

registerFolder('arith.divf', (op, c) => {
  if (floatOrSplatValue(c[1]) === 1) return op.operand(0);
  return floatBinary(op, c, (a, b) => a / b);
});

registerFolder('arith.remf', (op, c) => floatBinary(op, c, (a, b) => a % b));

/** IEEE maximum/minimum (NaN-propagating, -0 < +0). */
function ieeeMax(a: number, b: number): number {
  if (Number.isNaN(a) || Number.isNaN(b)) return NaN;
  if (a === 0 && b === 0) return Object.is(a, -0) ? b : a;
  return Math.max(a, b);
}
function ieeeMin(a: number, b: number): number {
  if (Number.isNaN(a) || Number.isNaN(b)) return NaN;
  if (a === 0 && b === 0) return Object.is(a, -0) ? a : b;
  return Math.min(a, b);
}
/** maxnum/minnum: NaN operands are ignored. */
function maxNum(a: number, b: number): number {
  if (Number.isNaN(a)) return b;
  if (Number.isNaN(b)) return a;
  return ieeeMax(a, b);
}
function minNum(a: number, b: number): number {
  if (Number.isNaN(a)) return b;
  if (Number.isNaN(b)) return a;
  return ieeeMin(a, b);
}

registerFolder('arith.maximumf', (op, c) => {
  if (op.operand(0) === op.operand(1)) return op.operand(1);
  if (floatOrSplatValue(c[1]) === -Infinity) return op.operand(0);
  return floatBinary(op, c, ieeeMax);
});
registerFolder('arith.minimumf', (op, c) => {
  if (op.operand(0) === op.operand(1)) return op.operand(1);
  if (floatOrSplatValue(c[1]) === Infinity) return op.operand(0);
  return floatBinary(op, c, ieeeMin);
});
registerFolder('arith.maxnumf', (op, c) => {
  if (op.operand(0) === op.operand(1)) return op.operand(1);
  const v = floatOrSplatValue(c[1]);
  if (v !== undefined && Number.isNaN(v)) return op.operand(0);
  return floatBinary(op, c, maxNum);
});
registerFolder('arith.minnumf', (op, c) => {
  if (op.operand(0) === op.operand(1)) return op.operand(1);
  const v = floatOrSplatValue(c[1]);
  if (v !== undefined && Number.isNaN(v)) return op.operand(0);
  return floatBinary(op, c, minNum);
});

// Casts

/** Converts a float to `kind` only if exact (MLIR's convertFloatValue without information loss). */
function convertFloatExact(x: number, kind: FloatKind): number | undefined {
  if (Number.isNaN(x)) return x;
  const r = roundFloat(x, kind);
  if (!Object.is(r, x) && r !== x) return undefined;
  return r;
}

registerFolder('arith.extui', (op, c) => {
  const inner = defOp(op.operand(0), 'arith.extui');
  if (inner) {
    op.setOperand(0, inner.operand(0));
    return op.result(0);
  }
  const w = intWidth(op.operand(0).type);
  return constFoldUnary(c[0], 'int', op.result(0).type, (a) => zext(BigInt(a), w));
});

registerFolder('arith.extsi', (op, c) => {
  const inner = defOp(op.operand(0), 'arith.extsi');
  if (inner) {
    op.setOperand(0, inner.operand(0));
    return op.result(0);
  }
  const w = intWidth(op.operand(0).type);
  return constFoldUnary(c[0], 'int', op.result(0).type, (a) => sext(BigInt(a), w));
});

registerFolder('arith.extf', (op, c) => {
  const trunc = defOp(op.operand(0), 'arith.truncf');
  if (trunc && trunc.operand(0).type === op.result(0).type && fastmathFlags(trunc).has('contract') && fastmathFlags(op).has('contract')) return trunc.operand(0);
  const kind = foldableFloatKind(op.result(0).type);
  if (!kind || !foldableFloatKind(op.operand(0).type)) return undefined;
  return constFoldUnary(c[0], 'float', op.result(0).type, (a) => convertFloatExact(Number(a), kind));
});

registerFolder('arith.trunci', (op, c) => {
  const src = op.operand(0).definingOp;
  if (src && (src.name === 'arith.extui' || src.name === 'arith.extsi')) {
    const x = src.operand(0);
    const srcW = intWidth(x.type);
    const dstW = intWidth(op.result(0).type);
    if (srcW > dstW) {
      op.setOperand(0, x);
      return op.result(0);
    }
    if (elementTypeOf(x.type) === elementTypeOf(op.result(0).type)) return x;
  }
  const tr = defOp(op.operand(0), 'arith.trunci');
  if (tr) {
    op.setOperand(0, tr.operand(0));
    return op.result(0);
  }
  const w = intWidth(op.result(0).type);
  return constFoldUnary(c[0], 'int', op.result(0).type, (a) => sext(BigInt(a), w));
});

registerFolder('arith.truncf', (op, c) => {
  const resKind = foldableFloatKind(op.result(0).type);
  const ext = defOp(op.operand(0), 'arith.extf');
  if (ext) {
    const src = ext.operand(0);
    const srcEl = elementTypeOf(src.type);
    const midEl = elementTypeOf(ext.result(0).type);
    const resEl = elementTypeOf(op.result(0).type);
    if (srcEl instanceof FloatType && midEl instanceof FloatType && resEl instanceof FloatType && representableBy(srcEl.kind, midEl.kind)) {
      if (srcEl.width > resEl.width) {
        op.setOperand(0, src);
        return op.result(0);
      }
      if (srcEl === resEl) return src;
    }
  }
  if (!resKind || !foldableFloatKind(op.operand(0).type) || op.getAttr('roundingmode')) return undefined;
  return constFoldUnary(c[0], 'float', op.result(0).type, (a) => convertFloatExact(Number(a), resKind));
});

/** APFloatBase::isRepresentableBy: every value of `a` is exactly representable in `b`. */
function representableBy(a: FloatKind, b: FloatKind): boolean {
  const A = FLOAT_KINDS[a];
  const B = FLOAT_KINDS[b];
  return A.exponent <= B.exponent && A.mantissa <= B.mantissa;
}

registerFolder('arith.sitofp', (op, c) => {
  const kind = foldableFloatKind(op.result(0).type);
  if (!kind) return undefined;
  const w = intWidth(op.operand(0).type);
  return constFoldUnary(c[0], 'int', op.result(0).type, (a) => roundFloat(Number(sext(BigInt(a), w)), kind));
});

registerFolder('arith.uitofp', (op, c) => {
  const kind = foldableFloatKind(op.result(0).type);
  if (!kind) return undefined;
  const w = intWidth(op.operand(0).type);
  return constFoldUnary(c[0], 'int', op.result(0).type, (a) => roundFloat(Number(zext(BigInt(a), w)), kind));
});

function fpToInt(op: Operation, c: Operands, signed: boolean): FoldResult {
  if (!foldableFloatKind(op.operand(0).type)) return undefined;
  const w = intWidth(op.result(0).type);
  return constFoldUnary(c[0], 'float', op.result(0).type, (a) => {
    const x = Number(a);
    if (!Number.isFinite(x)) return undefined;
    const t = BigInt(Math.trunc(x));
    const min = signed ? -(1n << BigInt(w - 1)) : 0n;
    const max = signed ? (1n << BigInt(w - 1)) - 1n : (1n << BigInt(w)) - 1n;
    if (t < min || t > max) return undefined;
    return t;
  });
}
registerFolder('arith.fptosi', (op, c) => fpToInt(op, c, true));
registerFolder('arith.fptoui', (op, c) => fpToInt(op, c, false));

function indexCastFolder(name: string, signed: boolean): void {
  registerFolder(name, (op, c) => {
    const resW = isIntElement(op.result(0).type) && elementTypeOf(op.result(0).type) instanceof IntegerType ? intWidth(op.result(0).type) : 64;
    const srcW = intWidth(op.operand(0).type);
    const folded = constFoldUnary(c[0], 'int', op.result(0).type, (a) => {
      const v = signed ? sext(BigInt(a), srcW) : zext(BigInt(a), srcW);
      return signed ? sext(v, resW) : zext(v, resW);
    });
    if (folded) return folded;
    const inner = defOp(op.operand(0), name);
    if (inner) {
      const x = inner.operand(0);
      if (x.type === op.result(0).type && intWidth(inner.result(0).type) >= intWidth(x.type)) return x;
    }
    return undefined;
  });
}
indexCastFolder('arith.index_cast', true);
indexCastFolder('arith.index_castui', false);

// CastOpInterface's trait fold, tried when the op's own fold gives nothing: a cast to its own type is its input.
registerFolder('arith.bitcast', (op, c) => bitcastConstFold(op, c) ?? (op.operand(0).type === op.result(0).type ? op.operand(0) : undefined));

function bitcastConstFold(op: Operation, c: readonly (Attribute | undefined)[]): Attribute | undefined {
  const a = c[0];
  if (!a) return undefined;
  const resType = op.result(0).type;
  const resEl = elementTypeOf(resType);
  const srcEl = elementTypeOf(op.operand(0).type);
  const toBits = (v: DenseValue): bigint | undefined => {
    if (srcEl instanceof FloatType) return floatToBits(Number(v), srcEl.kind);
    return zext(BigInt(v), intWidth(srcEl));
  };
  const fromBits = (b: bigint): DenseValue | undefined => {
    if (resEl instanceof FloatType) return bitsToFloat(b, resEl.kind);
    return sext(b, intWidth(resEl));
  };
  const conv = (v: DenseValue): DenseValue | undefined => {
    const b = toBits(v);
    return b === undefined ? undefined : fromBits(b);
  };
  return constFoldUnary(a, srcEl instanceof FloatType ? 'float' : 'int', resType, conv);
}

function floatToBits(x: number, kind: FloatKind): bigint | undefined {
  const dv = new DataView(new ArrayBuffer(8));
  if (kind === 'f64') {
    dv.setFloat64(0, x);
    return dv.getBigUint64(0);
  }
  if (kind === 'f32') {
    dv.setFloat32(0, x);
    return BigInt(dv.getUint32(0));
  }
  if (kind === 'bf16') {
    dv.setFloat32(0, x);
    return BigInt(dv.getUint32(0) >>> 16);
  }
  if (kind === 'f16') {
    if (Number.isNaN(x)) return 0x7e00n;
    const s = x < 0 || Object.is(x, -0) ? 0x8000 : 0;
    const a = Math.abs(x);
    if (a === Infinity) return BigInt(s | 0x7c00);
    if (a === 0) return BigInt(s);
    let e = Math.floor(Math.log2(a));
    if (2 ** e > a) e--;
    if (e < -14) return BigInt(s | Math.round(a / 2 ** -24));
    return BigInt(s | ((e + 15) << 10) | Math.round((a / 2 ** e - 1) * 1024));
  }
  return undefined;
}

function bitsToFloat(b: bigint, kind: FloatKind): number | undefined {
  const dv = new DataView(new ArrayBuffer(8));
  if (kind === 'f64') {
    dv.setBigUint64(0, BigInt.asUintN(64, b));
    return dv.getFloat64(0);
  }
  if (kind === 'f32') {
    dv.setUint32(0, Number(BigInt.asUintN(32, b)));
    return dv.getFloat32(0);
  }
  if (kind === 'bf16') {
    dv.setUint32(0, Number(BigInt.asUintN(16, b)) << 16);
    return dv.getFloat32(0);
  }
  if (kind === 'f16') {
    const n = Number(BigInt.asUintN(16, b));
    const s = n & 0x8000 ? -1 : 1;
    const e = (n >> 10) & 0x1f;
    const f = n & 0x3ff;
    if (e === 0x1f) return f ? NaN : s * Infinity;
    if (e === 0) return s * f * 2 ** -24;
    return s * (1 + f / 1024) * 2 ** (e - 15);
  }
  return undefined;
}

// Comparisons

const CMPI = ['eq', 'ne', 'slt', 'sle', 'sgt', 'sge', 'ult', 'ule', 'ugt', 'uge'] as const;
type CmpIPred = (typeof CMPI)[number];
const CMPF = ['false', 'oeq', 'ogt', 'oge', 'olt', 'ole', 'one', 'ord', 'ueq', 'ugt', 'uge', 'ult', 'ule', 'une', 'uno', 'true'] as const;

function cmpiPredicate(op: Operation): CmpIPred {
  const a = op.getAttr('predicate');
  return CMPI[a instanceof IntegerAttr ? a.num : 0]!;
}

function setCmpiPredicate(op: Operation, p: CmpIPred): void {
  const old = op.getAttr('predicate') as IntegerAttr;
  op.setAttr('predicate', IntegerAttr.get(old.type, CMPI.indexOf(p)));
}

export function applyCmpI(p: CmpIPred, a: bigint, b: bigint, w: number): boolean {
  const sa = sext(a, w);
  const sb = sext(b, w);
  const ua = zext(a, w);
  const ub = zext(b, w);
  switch (p) {
    case 'eq':
      return ua === ub;
    case 'ne':
      return ua !== ub;
    case 'slt':
      return sa < sb;
    case 'sle':
      return sa <= sb;
    case 'sgt':
      return sa > sb;
    case 'sge':
      return sa >= sb;
    case 'ult':
      return ua < ub;
    case 'ule':
      return ua <= ub;
    case 'ugt':
      return ua > ub;
    case 'uge':
      return ua >= ub;
  }
}

const EQUAL_OPERANDS_TRUE = new Set<CmpIPred>(['eq', 'sle', 'sge', 'ule', 'uge']);
const SWAPPED: Record<CmpIPred, CmpIPred> = { eq: 'eq', ne: 'ne', slt: 'sgt', sgt: 'slt', sle: 'sge', sge: 'sle', ult: 'ugt', ugt: 'ult', ule: 'uge', uge: 'ule' };
export const INVERTED: Record<CmpIPred, CmpIPred> = { eq: 'ne', ne: 'eq', slt: 'sge', sle: 'sgt', sgt: 'sle', sge: 'slt', ult: 'uge', ule: 'ugt', ugt: 'ule', uge: 'ult' };

/** i1 with the shape of `t`. */
function i1SameShape(t: Type): Type {
  const i1 = IntegerType.get(1);
  if (t instanceof RankedTensorType) return t.withElementType(i1);
  if (t instanceof VectorType) return VectorType.get(t.shape, i1);
  return i1;
}

function isI1Element(t: Type): boolean {
  const e = elementTypeOf(t);
  return e instanceof IntegerType && e.width === 1;
}

registerFolder('arith.cmpi', (op, c) => {
  const pred = cmpiPredicate(op);
  const lhs = op.operand(0);
  const rhs = op.operand(1);
  if (lhs === rhs) return boolAttr(op.result(0).type, EQUAL_OPERANDS_TRUE.has(pred));
  if (isZeroInt(c[1])) {
    for (const ext of ['arith.extsi', 'arith.extui']) {
      const e = defOp(lhs, ext);
      // Only scalar or vector i1 sources (MLIR's getIntegerWidth ignores tensors).
      if (e && pred === 'ne') {
        const st = e.operand(0).type;
        const w = st instanceof IntegerType ? st.width : st instanceof VectorType ? intWidth(st) : undefined;
        if (w === 1) return e.operand(0);
      }
    }
    if (isI1Element(lhs.type) && pred === 'ne') return lhs;
  }
  if (isOneInt(c[1]) && isI1Element(lhs.type) && pred === 'eq') return lhs;
  if (c[0] && !c[1]) {
    setCmpiPredicate(op, SWAPPED[pred]);
    op.setOperand(0, rhs);
    op.setOperand(1, lhs);
    return op.result(0);
  }
  if (c[0]) {
    const t = typeOfAttr(c[0])!;
    const w = intWidth(t);
    return constFoldBinary(c, 'int', (a, b) => (applyCmpI(pred, BigInt(a), BigInt(b), w) ? 1n : 0n), i1SameShape(t));
  }
  return undefined;
});

function applyCmpF(p: (typeof CMPF)[number], a: number, b: number): boolean {
  const unordered = Number.isNaN(a) || Number.isNaN(b);
  switch (p) {
    case 'false':
      return false;
    case 'true':
      return true;
    case 'oeq':
      return !unordered && a === b;
    case 'ogt':
      return !unordered && a > b;
    case 'oge':
      return !unordered && a >= b;
    case 'olt':
      return !unordered && a < b;
    case 'ole':
      return !unordered && a <= b;
    case 'one':
      return !unordered && a !== b;
    case 'ord':
      return !unordered;
    case 'ueq':
      return unordered || a === b;
    case 'ugt':
      return unordered || a > b;
    case 'uge':
      return unordered || a >= b;
    case 'ult':
      return unordered || a < b;
    case 'ule':
      return unordered || a <= b;
    case 'une':
      return unordered || a !== b;
    case 'uno':
      return unordered;
  }
}

registerFolder('arith.cmpf', (op, c) => {
  let l = c[0] instanceof FloatAttr ? c[0].value : undefined;
  let r = c[1] instanceof FloatAttr ? c[1].value : undefined;
  if (l !== undefined && Number.isNaN(l)) r = l;
  if (r !== undefined && Number.isNaN(r)) l = r;
  if (l === undefined || r === undefined) return undefined;
  const a = op.getAttr('predicate');
  const pred = CMPF[a instanceof IntegerAttr ? a.num : 0]!;
  // MLIR returns a scalar BoolAttr; it only materializes for scalar i1 results.
  if (!(op.result(0).type instanceof IntegerType)) return undefined;
  return IntegerAttr.bool(applyCmpF(pred, l, r));
});

// Select

registerFolder('arith.select', (op, c) => {
  const [cond, tv, fv] = [op.operand(0), op.operand(1), op.operand(2)];
  if (tv === fv) return tv;
  if (isOneInt(c[0])) return tv;
  if (isZeroInt(c[0])) return fv;
  const t = op.result(0).type;
  if (t instanceof IntegerType && t.width === 1 && t.isSignless && isOneInt(c[1]) && isZeroInt(c[2])) return cond;
  const cmp = defOp(cond, 'arith.cmpi');
  if (cmp) {
    const pred = cmpiPredicate(cmp);
    if (pred === 'eq' || pred === 'ne') {
      const [cl, cr] = [cmp.operand(0), cmp.operand(1)];
      if ((cl === tv && cr === fv) || (cr === tv && cl === fv)) return pred === 'ne' ? tv : fv;
    }
  }
  const cd = c[0];
  const l = c[1];
  const r = c[2];
  if (cd instanceof DenseElementsAttr && l instanceof DenseElementsAttr && r instanceof DenseElementsAttr) {
    const cv = elementsOf(cd)!;
    const lv = elementsOf(l)!;
    const rv = elementsOf(r)!;
    return makeConst(l.type, cv.map((x, i) => (BigInt(x) & 1n ? lv[i]! : rv[i]!)));
  }
  return undefined;
});

// ---------------------------------------------------------------------------------------------------
// Constant materialization

/** Whether `arith.constant` can hold `value` as a `type` constant (MLIR's ConstantOp::isBuildableWith). */
export function isBuildableArithConstant(value: Attribute, type: Type): boolean {
  const t = typeOfAttr(value);
  if (!t || t !== type) return false;
  const el = elementTypeOf(type);
  if (el instanceof IntegerType && !el.isSignless) return false;
  return true;
}

/** Creates `arith.constant value : type` at the builder's insertion point (undefined if not buildable). */
export function materializeArithConstant(builder: Builder, value: Attribute, type: Type, loc: Location): Operation | undefined {
  if (!isBuildableArithConstant(value, type)) return undefined;
  return builder.create({ name: 'arith.constant', resultTypes: [type], attributes: [['value', value]], loc });
}

registerConstantMaterializer('arith', materializeArithConstant);

// ---------------------------------------------------------------------------------------------------
// Canonicalization patterns (ArithCanonicalization.td; DRR benefit = number of matched ops)

/** MLIR's FusedLoc::get over the locations of the matched ops (what DRR rewrites use). */
export function fuseLocs(locs: readonly Location[]): Location {
  const out: Location[] = [];
  for (const l of locs) {
    const parts = l instanceof FusedLoc && l.metadata === undefined ? l.locations : [l];
    for (const p of parts) if (!(p instanceof UnknownLoc) && !out.includes(p)) out.push(p);
  }
  if (out.length === 0) return UnknownLoc.get();
  if (out.length === 1) return out[0]!;
  return FusedLoc.get(out);
}

/** The attribute of `v`'s defining constant if it is an integer (or integer splat) constant. */
function intConst(v: Value): Attribute | undefined {
  const a = getConstantValue(v);
  return intOrSplatValue(a) !== undefined ? a : undefined;
}

/** MergeOverflow: the overflow flags common to the matched ops (none → no attribute). */
function binOpAttrs(...ops: Operation[]): [string, Attribute][] {
  let common: string[] | undefined;
  for (const o of ops) {
    const f = [...overflowFlags(o)];
    common = common ? common.filter((x) => f.includes(x)) : f;
  }
  return common && common.length ? [['overflowFlags', ArithFlagsAttr.get('overflow', common)]] : [];
}

interface DrrCtx {
  rw: PatternRewriter;
  loc: Location;
}

function createConst(ctx: DrrCtx, value: Attribute): Value {
  const t = typeOfAttr(value)!;
  return ctx.rw.create({ name: 'arith.constant', resultTypes: [t], attributes: [['value', value]], loc: ctx.loc }).result(0);
}

function createOp(ctx: DrrCtx, name: string, operands: Value[], resultType: Type, attrs: [string, Attribute][] = []): Value {
  return ctx.rw.create({ name, operands, resultTypes: [resultType], attributes: attrs, loc: ctx.loc }).result(0);
}

/** The value of an integer attribute computed on `res`'s type (addIntegerAttrs etc.). */
function intAttrOp(type: Type, a: Attribute, b: Attribute, fn: (x: bigint, y: bigint) => bigint): Attribute | undefined {
  const x = intOrSplatValue(a);
  const y = intOrSplatValue(b);
  if (x === undefined || y === undefined) return undefined;
  // DRR builds an IntegerAttr of the result type (only valid for scalars).
  if (type instanceof ShapedType) return undefined;
  if (!(a instanceof IntegerAttr) || !(b instanceof IntegerAttr)) return undefined;
  return IntegerAttr.get(type, fn(x, y));
}

/**
 * A DRR pattern `root(inner(x, c0), c1) -> ...`: matches `root` whose lhs (or rhs) is defined by `inner`
 * with a constant operand, and rebuilds.
 */
function drr(rootName: string, name: string, benefit: number, fn: (op: Operation, ctx: DrrCtx) => boolean): RewritePattern {
  return {
    rootName,
    name,
    benefit,
    matchAndRewrite(op, rw) {
      return fn(op, { rw, loc: op.loc });
    },
  };
}

function withLoc(ctx: DrrCtx, ...ops: Operation[]): DrrCtx {
  return { rw: ctx.rw, loc: fuseLocs(ops.map((o) => o.loc)) };
}

/**
 * A match of `root(inner(...), ...)` with two integer constants: the inner op, its non-constant operand
 * `x`, the constants c0 (inner's) and c1 (root's), and the op whose location DRR fuses with the root's:
 * the second entry of its `tblgen_ops` list (root, then matched ops in post-order, operands left to
 * right, constant matchers included), i.e. the first constant met in the root's operand order.
 */
interface IntMatchResult {
  inner: Operation;
  x: Value;
  c0: Attribute;
  c1: Attribute;
  second: Operation;
}

/** The defining op of `v` if it is an integer (splat) constant. */
function intConstOp(v: Value): [Operation, Attribute] | undefined {
  const a = intConst(v);
  return a ? [v.definingOp!, a] : undefined;
}

/** `root(inner(x, c0), c1)`. */
function matchInnerConstRhs(op: Operation, innerName: string): IntMatchResult | undefined {
  const inner = defOp(op.operand(0), innerName);
  if (!inner) return undefined;
  const c0 = intConstOp(inner.operand(1));
  if (!c0) return undefined;
  const c1 = intConstOp(op.operand(1));
  if (!c1) return undefined;
  return { inner, x: inner.operand(0), c0: c0[1], c1: c1[1], second: c0[0] };
}

/** `root(inner(c0, x), c1)`. */
function matchInnerConstLhs(op: Operation, innerName: string): IntMatchResult | undefined {
  const inner = defOp(op.operand(0), innerName);
  if (!inner) return undefined;
  const c0 = intConstOp(inner.operand(0));
  if (!c0) return undefined;
  const c1 = intConstOp(op.operand(1));
  if (!c1) return undefined;
  return { inner, x: inner.operand(1), c0: c0[1], c1: c1[1], second: c0[0] };
}

/** `root(c1, inner(x, c0))`. */
function matchConstLhsInnerConstRhs(op: Operation, innerName: string): IntMatchResult | undefined {
  const c1 = intConstOp(op.operand(0));
  if (!c1) return undefined;
  const inner = defOp(op.operand(1), innerName);
  if (!inner) return undefined;
  const c0 = intConstOp(inner.operand(1));
  if (!c0) return undefined;
  return { inner, x: inner.operand(0), c0: c0[1], c1: c1[1], second: c1[0] };
}

/** `root(c1, inner(c0, x))`. */
function matchConstLhsInnerConstLhs(op: Operation, innerName: string): IntMatchResult | undefined {
  const c1 = intConstOp(op.operand(0));
  if (!c1) return undefined;
  const inner = defOp(op.operand(1), innerName);
  if (!inner) return undefined;
  const c0 = intConstOp(inner.operand(0));
  if (!c0) return undefined;
  return { inner, x: inner.operand(1), c0: c0[1], c1: c1[1], second: c1[0] };
}

type IntMatch = (op: Operation, innerName: string) => IntMatchResult | undefined;

/**
 * Builds `outName(x, const(fn(c0, c1)))` (or `outName(const, x)` when `constFirst`), the common shape of
 * the add/sub/mul constant-reassociation patterns.
 */
function reassoc(
  rootName: string,
  name: string,
  innerName: string,
  match: IntMatch,
  outName: string,
  constFirst: boolean,
  fn: (c0: bigint, c1: bigint) => bigint,
  extra?: (op: Operation, c0: Attribute, c1: Attribute) => boolean,
): RewritePattern {
  return drr(rootName, name, 2, (op, ctx0) => {
    const m = match(op, innerName);
    if (!m) return false;
    const type = op.result(0).type;
    if (extra && !extra(op, m.c0, m.c1)) return false;
    const v = intAttrOp(type, m.c0, m.c1, fn);
    if (!v) return false;
    const ctx = withLoc(ctx0, op, m.second);
    const cst = createConst(ctx, v);
    const out = createOp(ctx, outName, constFirst ? [cst, m.x] : [m.x, cst], type, binOpAttrs(op, m.inner));
    ctx.rw.replaceOp(op, [out]);
    return true;
  });
}

const plus = (a: bigint, b: bigint): bigint => a + b;
const minus = (a: bigint, b: bigint): bigint => a - b;

function isScalarOrSplatNegOne(v: Value): boolean {
  const a = getConstantValue(v);
  const x = intOrSplatValue(a);
  if (x === undefined) return false;
  const w = intWidth(v.type);
  return zext(x, w) === (1n << BigInt(w)) - 1n;
}

registerCanonicalization('arith.addi', [
  reassoc('arith.addi', 'AddIAddConstant', 'arith.addi', matchInnerConstRhs, 'arith.addi', false, plus),
  reassoc('arith.addi', 'AddISubConstantRHS', 'arith.subi', matchInnerConstRhs, 'arith.addi', false, (c0, c1) => c1 - c0),
  reassoc('arith.addi', 'AddISubConstantLHS', 'arith.subi', matchInnerConstLhs, 'arith.subi', true, plus),
  drr('arith.addi', 'AddIMulNegativeOneRhs', 2, (op, ctx0) => {
    const mul = defOp(op.operand(1), 'arith.muli');
    if (!mul || !getConstantValue(mul.operand(1)) || !isScalarOrSplatNegOne(mul.operand(1))) return false;
    const ctx = withLoc(ctx0, op, mul.operand(1).definingOp!);
    ctx.rw.replaceOp(op, [createOp(ctx, 'arith.subi', [op.operand(0), mul.operand(0)], op.result(0).type)]);
    return true;
  }),
  drr('arith.addi', 'AddIMulNegativeOneLhs', 2, (op, ctx0) => {
    const mul = defOp(op.operand(0), 'arith.muli');
    if (!mul || !getConstantValue(mul.operand(1)) || !isScalarOrSplatNegOne(mul.operand(1))) return false;
    const ctx = withLoc(ctx0, op, mul.operand(1).definingOp!);
    ctx.rw.replaceOp(op, [createOp(ctx, 'arith.subi', [op.operand(1), mul.operand(0)], op.result(0).type)]);
    return true;
  }),
]);

registerCanonicalization('arith.subi', [
  reassoc('arith.subi', 'SubIRHSAddConstant', 'arith.addi', matchInnerConstRhs, 'arith.addi', false, (c0, c1) => c0 - c1),
  reassoc('arith.subi', 'SubILHSAddConstant', 'arith.addi', matchConstLhsInnerConstRhs, 'arith.subi', true, (c0, c1) => c1 - c0),
  reassoc('arith.subi', 'SubIRHSSubConstantRHS', 'arith.subi', matchInnerConstRhs, 'arith.subi', false, plus),
  reassoc('arith.subi', 'SubIRHSSubConstantLHS', 'arith.subi', matchInnerConstLhs, 'arith.subi', true, minus),
  reassoc('arith.subi', 'SubILHSSubConstantRHS', 'arith.subi', matchConstLhsInnerConstRhs, 'arith.subi', true, plus),
  reassoc('arith.subi', 'SubILHSSubConstantLHS', 'arith.subi', matchConstLhsInnerConstLhs, 'arith.addi', false, (c0, c1) => c1 - c0),
  drr('arith.subi', 'SubISubILHSRHSLHS', 2, (op, ctx0) => {
    const sub = defOp(op.operand(0), 'arith.subi');
    if (!sub || sub.operand(0) !== op.operand(1)) return false;
    const y = sub.operand(1);
    const z = zeroAttr(y.type);
    if (!z) return false;
    const ctx = withLoc(ctx0, op, sub);
    const cst = createConst(ctx, z);
    ctx.rw.replaceOp(op, [createOp(ctx, 'arith.subi', [cst, y], op.result(0).type, binOpAttrs(op, sub))]);
    return true;
  }),
]);

registerCanonicalization('arith.muli', [
  reassoc('arith.muli', 'MulIMulIConstant', 'arith.muli', matchInnerConstRhs, 'arith.muli', false, (a, b) => a * b, (op, c0, c1) => {
    const t = op.result(0).type;
    return c0 instanceof IntegerAttr && c1 instanceof IntegerAttr && c0.type === t && c1.type === t;
  }),
]);

/** `op(ext(x), ext(y)) -> ext(op(x, y))` when x and y have the same type. */
function extOfBinary(rootName: string, name: string, extName: string): RewritePattern {
  return drr(rootName, name, 3, (op, ctx0) => {
    const a = defOp(op.operand(0), extName);
    const b = defOp(op.operand(1), extName);
    if (!a || !b || a.operand(0).type !== b.operand(0).type) return false;
    const ctx = withLoc(ctx0, op, a, b);
    const inner = createOp(ctx, rootName, [a.operand(0), b.operand(0)], a.operand(0).type);
    ctx.rw.replaceOp(op, [createOp(ctx, extName, [inner], op.result(0).type)]);
    return true;
  });
}

registerCanonicalization('arith.xori', [
  drr('arith.xori', 'XOrINotCmpI', 2, (op, ctx0) => {
    const cmp = defOp(op.operand(0), 'arith.cmpi');
    const c = getConstantValue(op.operand(1));
    // ConstantAttr<I1Attr, "1">: a scalar i1 `true`.
    if (!cmp || !(c instanceof IntegerAttr) || !c.isBool() || c.value !== 1n) return false;
    const ctx = withLoc(ctx0, op, cmp);
    const pred = cmpiPredicate(cmp);
    const predAttr = IntegerAttr.get((cmp.getAttr('predicate') as IntegerAttr).type, CMPI.indexOf(INVERTED[pred]));
    ctx.rw.replaceOp(op, [createOp(ctx, 'arith.cmpi', [cmp.operand(0), cmp.operand(1)], op.result(0).type, [['predicate', predAttr]])]);
    return true;
  }),
  extOfBinary('arith.xori', 'XOrIOfExtUI', 'arith.extui'),
  extOfBinary('arith.xori', 'XOrIOfExtSI', 'arith.extsi'),
]);

registerCanonicalization('arith.andi', [extOfBinary('arith.andi', 'AndOfExtUI', 'arith.extui'), extOfBinary('arith.andi', 'AndOfExtSI', 'arith.extsi')]);
registerCanonicalization('arith.ori', [extOfBinary('arith.ori', 'OrOfExtUI', 'arith.extui'), extOfBinary('arith.ori', 'OrOfExtSI', 'arith.extsi')]);

function cmpiOfExt(name: string, extName: string): RewritePattern {
  return drr('arith.cmpi', name, 3, (op, ctx0) => {
    const pred = cmpiPredicate(op);
    if (pred !== 'eq' && pred !== 'ne') return false;
    const a = defOp(op.operand(0), extName);
    const b = defOp(op.operand(1), extName);
    if (!a || !b || a.operand(0).type !== b.operand(0).type) return false;
    const ctx = withLoc(ctx0, op, a, b);
    ctx.rw.replaceOp(op, [createOp(ctx, 'arith.cmpi', [a.operand(0), b.operand(0)], op.result(0).type, [['predicate', op.getAttr('predicate')!]])]);
    return true;
  });
}
registerCanonicalization('arith.cmpi', [cmpiOfExt('CmpIExtSI', 'arith.extsi'), cmpiOfExt('CmpIExtUI', 'arith.extui')]);

function select(ctx: DrrCtx, cond: Value, a: Value, b: Value, type: Type): Value {
  return createOp(ctx, 'arith.select', [cond, a, b], type);
}

registerCanonicalization('arith.select', [
  drr('arith.select', 'RedundantSelectFalse', 2, (op, ctx0) => {
    const inner = defOp(op.operand(2), 'arith.select');
    if (!inner || inner.operand(0) !== op.operand(0)) return false;
    const ctx = withLoc(ctx0, op, inner);
    ctx.rw.replaceOp(op, [select(ctx, op.operand(0), op.operand(1), inner.operand(2), op.result(0).type)]);
    return true;
  }),
  drr('arith.select', 'RedundantSelectTrue', 2, (op, ctx0) => {
    const inner = defOp(op.operand(1), 'arith.select');
    if (!inner || inner.operand(0) !== op.operand(0)) return false;
    const ctx = withLoc(ctx0, op, inner);
    ctx.rw.replaceOp(op, [select(ctx, op.operand(0), inner.operand(1), op.operand(2), op.result(0).type)]);
    return true;
  }),
  drr('arith.select', 'SelectNotCond', 2, (op, ctx0) => {
    const xor = defOp(op.operand(0), 'arith.xori');
    if (!xor) return false;
    const ones = getConstantValue(xor.operand(1));
    if (!(ones instanceof IntegerAttr) || !isScalarOrSplatNegOne(xor.operand(1))) return false;
    const ctx = withLoc(ctx0, op, xor.operand(1).definingOp!);
    ctx.rw.replaceOp(op, [select(ctx, xor.operand(0), op.operand(2), op.operand(1), op.result(0).type)]);
    return true;
  }),
  drr('arith.select', 'SelectI1ToNot', 1, (op, ctx) => {
    const t = getConstantValue(op.operand(1));
    const f = getConstantValue(op.operand(2));
    if (!(t instanceof IntegerAttr) || !t.isBool() || t.value !== 0n) return false;
    if (!(f instanceof IntegerAttr) || !f.isBool() || f.value !== 1n) return false;
    const one = createConst(ctx, IntegerAttr.bool(true));
    ctx.rw.replaceOp(op, [createOp(ctx, 'arith.xori', [op.operand(0), one], op.result(0).type)]);
    return true;
  }),
  {
    rootName: 'arith.select',
    name: 'SelectToExtUI',
    matchAndRewrite(op, rw) {
      const t = op.result(0).type;
      if (!(t instanceof IntegerType) || t.width === 1) return false;
      const tv = getConstantValue(op.operand(1));
      const fv = getConstantValue(op.operand(2));
      if (isOneInt(tv) && isZeroInt(fv)) {
        rw.replaceOpWithNewOp(op, { name: 'arith.extui', operands: [op.operand(0)], resultTypes: [t], loc: op.loc });
        return true;
      }
      if (isZeroInt(tv) && isOneInt(fv)) {
        const condT = op.operand(0).type;
        const one = rw.create({ name: 'arith.constant', resultTypes: [condT], attributes: [['value', IntegerAttr.get(condT, 1)]], loc: op.loc });
        const xor = rw.create({ name: 'arith.xori', operands: [op.operand(0), one.result(0)], resultTypes: [condT], loc: op.loc });
        rw.replaceOpWithNewOp(op, { name: 'arith.extui', operands: [xor.result(0)], resultTypes: [t], loc: op.loc });
        return true;
      }
      return false;
    },
  },
]);

/** `outer(inner(x)) -> replacement` patterns on casts. */
function castChain(rootName: string, name: string, innerName: string, build: (op: Operation, inner: Operation, ctx: DrrCtx) => Value | undefined): RewritePattern {
  return drr(rootName, name, 2, (op, ctx0) => {
    const inner = defOp(op.operand(0), innerName);
    if (!inner) return false;
    const ctx = withLoc(ctx0, op, inner);
    const v = build(op, inner, ctx);
    if (!v) return false;
    ctx.rw.replaceOp(op, [v]);
    return true;
  });
}

registerCanonicalization('arith.index_cast', [castChain('arith.index_cast', 'IndexCastOfExtSI', 'arith.extsi', (op, inner, ctx) => createOp(ctx, 'arith.index_cast', [inner.operand(0)], op.result(0).type))]);
registerCanonicalization('arith.index_castui', [castChain('arith.index_castui', 'IndexCastUIOfExtUI', 'arith.extui', (op, inner, ctx) => createOp(ctx, 'arith.index_castui', [inner.operand(0)], op.result(0).type))]);
registerCanonicalization('arith.bitcast', [castChain('arith.bitcast', 'BitcastOfBitcast', 'arith.bitcast', (op, inner, ctx) => createOp(ctx, 'arith.bitcast', [inner.operand(0)], op.result(0).type))]);
registerCanonicalization('arith.extsi', [castChain('arith.extsi', 'ExtSIOfExtUI', 'arith.extui', (op, inner, ctx) => createOp(ctx, 'arith.extui', [inner.operand(0)], op.result(0).type))]);

function width(t: Type): number {
  const e = elementTypeOf(t);
  if (e instanceof IntegerType || e instanceof FloatType) return e.width;
  return -1;
}

registerCanonicalization('arith.trunci', [
  castChain('arith.trunci', 'TruncIExtSIToExtSI', 'arith.extsi', (op, ext, ctx) => {
    const x = ext.operand(0);
    if (!(width(ext.result(0).type) > width(op.result(0).type) && width(op.result(0).type) > 0)) return undefined;
    if (!(width(op.result(0).type) > width(x.type) && width(x.type) > 0)) return undefined;
    return createOp(ctx, 'arith.extsi', [x], op.result(0).type);
  }),
  castChain('arith.trunci', 'TruncIExtUIToExtUI', 'arith.extui', (op, ext, ctx) => {
    const x = ext.operand(0);
    if (!(width(ext.result(0).type) > width(op.result(0).type) && width(op.result(0).type) > 0)) return undefined;
    if (!(width(op.result(0).type) > width(x.type) && width(x.type) > 0)) return undefined;
    return createOp(ctx, 'arith.extui', [x], op.result(0).type);
  }),
  castChain('arith.trunci', 'TruncIShrSIToTrunciShrUI', 'arith.shrsi', (op, shr, ctx0) => {
    const cop = shr.operand(1).definingOp;
    const ctx = cop ? withLoc(ctx0, op, cop) : ctx0;
    const x = shr.operand(0);
    const c = getConstantValue(shr.operand(1));
    const amount = intOrSplatValue(c);
    if (!c || amount === undefined || BigInt(width(x.type) - width(op.result(0).type)) !== amount) return undefined;
    const cst = createConst(ctx, c);
    const ui = createOp(ctx, 'arith.shrui', [x, cst], x.type);
    return createOp(ctx, 'arith.trunci', [ui], op.result(0).type, op.getAttr('overflowFlags') ? [['overflowFlags', op.getAttr('overflowFlags')!]] : []);
  }),
]);

registerCanonicalization('arith.truncf', [
  castChain('arith.truncf', 'TruncFSIToFPToSIToFP', 'arith.sitofp', (op, fp, ctx) => (op.getAttr('roundingmode') ? undefined : createOp(ctx, 'arith.sitofp', [fp.operand(0)], op.result(0).type))),
  castChain('arith.truncf', 'TruncFUIToFPToUIToFP', 'arith.uitofp', (op, fp, ctx) => (op.getAttr('roundingmode') ? undefined : createOp(ctx, 'arith.uitofp', [fp.operand(0)], op.result(0).type))),
]);

/** `op(negf(x), negf(y)) -> op(x, y)` keeping op's fastmath flags. */
function ofNegF(rootName: string, name: string): RewritePattern {
  return drr(rootName, name, 3, (op, ctx0) => {
    const a = defOp(op.operand(0), 'arith.negf');
    const b = defOp(op.operand(1), 'arith.negf');
    if (!a || !b || a.operand(0).type !== b.operand(0).type) return false;
    const ctx = withLoc(ctx0, op, a, b);
    const fm = op.getAttr('fastmath');
    ctx.rw.replaceOp(op, [createOp(ctx, rootName, [a.operand(0), b.operand(0)], op.result(0).type, fm ? [['fastmath', fm]] : [])]);
    return true;
  });
}
registerCanonicalization('arith.mulf', [ofNegF('arith.mulf', 'MulFOfNegF')]);
registerCanonicalization('arith.divf', [ofNegF('arith.divf', 'DivFOfNegF')]);

/** Used by tests: creates a detached arith.constant. */
export function arithConstant(value: Attribute, loc: Location = UnknownLoc.get()): Operation {
  return createOperation({ name: 'arith.constant', resultTypes: [typeOfAttr(value)!], attributes: [['value', value]], loc });
}

// ---------------------------------------------------------------------------------------------------
// CmpFIntToFPConst (C++ pattern): `cmpf(sitofp/uitofp(x), C)` → `cmpi(x, int(C))` or a constant when the
// comparison is decidable on the integer.

/** MLIR's ilogb: the binary exponent of |x| (normalized; -Infinity for zero). */
function ilogb(x: number): number {
  const a = Math.abs(x);
  if (a === 0) return -Infinity;
  if (!Number.isFinite(a)) return Infinity;
  let e = Math.floor(Math.log2(a));
  if (2 ** e > a) e--;
  else if (2 ** (e + 1) <= a) e++;
  return e;
}

const CMPF_TO_CMPI: Partial<Record<(typeof CMPF)[number], [CmpIPred, CmpIPred]>> = {
  ueq: ['eq', 'eq'],
  oeq: ['eq', 'eq'],
  ugt: ['sgt', 'ugt'],
  ogt: ['sgt', 'ugt'],
  uge: ['sge', 'uge'],
  oge: ['sge', 'uge'],
  ult: ['slt', 'ult'],
  olt: ['slt', 'ult'],
  ule: ['sle', 'ule'],
  ole: ['sle', 'ule'],
  une: ['ne', 'ne'],
  one: ['ne', 'ne'],
};

registerCanonicalization('arith.cmpf', [
  {
    rootName: 'arith.cmpf',
    name: 'CmpFIntToFPConst',
    matchAndRewrite(op, rw) {
      const flt = getConstantValue(op.operand(1));
      if (!(flt instanceof FloatAttr)) return false;
      const rhs = flt.value;
      if (Number.isNaN(rhs)) return false;
      const kind = foldableFloatKind(flt.type);
      if (!kind) return false;
      const mantissaWidth = FLOAT_KINDS[kind].mantissa;
      let isUnsigned: boolean;
      let intVal: Value;
      const si = defOp(op.operand(0), 'arith.sitofp');
      const ui = defOp(op.operand(0), 'arith.uitofp');
      if (si) {
        isUnsigned = false;
        intVal = si.operand(0);
      } else if (ui) {
        isUnsigned = true;
        intVal = ui.operand(0);
      } else return false;
      if (!(intVal.type instanceof IntegerType)) return false;
      const w = intVal.type.width;
      const valueBits = isUnsigned ? w : w - 1;
      if (w > mantissaWidth) {
        const exponent = ilogb(rhs);
        if (exponent === Infinity) {
          if (ilogb(maxFinite(kind)) < valueBits) return false;
        } else if (mantissaWidth <= exponent && exponent <= valueBits) return false;
      }
      const fpred = CMPF[(op.getAttr('predicate') as IntegerAttr).num]!;
      const boolConst = (v: boolean): boolean => {
        rw.replaceOpWithNewOp(op, { name: 'arith.constant', resultTypes: [IntegerType.get(1)], attributes: [['value', IntegerAttr.bool(v)]], loc: op.loc });
        return true;
      };
      if (fpred === 'ord') return boolConst(true);
      if (fpred === 'uno') return boolConst(false);
      const preds = CMPF_TO_CMPI[fpred];
      if (!preds) return false;
      let pred = preds[isUnsigned ? 1 : 0];
      const toF = (v: bigint): number => roundFloat(Number(v), kind);
      if (!isUnsigned) {
        if (toF((1n << BigInt(w - 1)) - 1n) < rhs) return boolConst(pred === 'ne' || pred === 'slt' || pred === 'sle');
      } else if (toF((1n << BigInt(w)) - 1n) < rhs) return boolConst(pred === 'ne' || pred === 'ult' || pred === 'ule');
      if (!isUnsigned) {
        if (toF(-(1n << BigInt(w - 1))) > rhs) return boolConst(pred === 'ne' || pred === 'sgt' || pred === 'sge');
      } else if (0 > rhs) return boolConst(pred === 'ne' || pred === 'ugt' || pred === 'uge');
      if (!Number.isFinite(rhs)) return false;
      const rhsInt = BigInt(Math.trunc(rhs));
      const min = isUnsigned ? 0n : -(1n << BigInt(w - 1));
      const max = isUnsigned ? (1n << BigInt(w)) - 1n : (1n << BigInt(w - 1)) - 1n;
      if (rhsInt < min || rhsInt > max) return false;
      if (rhs !== 0 && toF(rhsInt) !== rhs) {
        const neg = rhs < 0;
        switch (pred) {
          case 'ne':
            return boolConst(true);
          case 'eq':
            return boolConst(false);
          case 'ule':
            if (neg) return boolConst(false);
            break;
          case 'sle':
            if (neg) pred = 'slt';
            break;
          case 'ult':
            if (neg) return boolConst(false);
            pred = 'ule';
            break;
          case 'slt':
            if (!neg) pred = 'sle';
            break;
          case 'ugt':
            if (neg) return boolConst(true);
            break;
          case 'sgt':
            if (neg) pred = 'sge';
            break;
          case 'uge':
            if (neg) return boolConst(true);
            pred = 'ugt';
            break;
          case 'sge':
            if (!neg) pred = 'sgt';
            break;
        }
      }
      const it = intVal.type;
      const cst = rw.create({ name: 'arith.constant', resultTypes: [it], attributes: [['value', IntegerAttr.get(it, rhsInt)]], loc: op.loc });
      const predAttr = IntegerAttr.get(IntegerType.get(64), CMPI.indexOf(pred));
      rw.replaceOpWithNewOp(op, { name: 'arith.cmpi', operands: [intVal, cst.result(0)], resultTypes: [op.result(0).type], attributes: [['predicate', predAttr]], loc: op.loc });
      return true;
    },
  },
]);
