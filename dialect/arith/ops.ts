/**
 * The arith dialect: integer and float arithmetic, comparisons, casts, select and constants, with
 * MLIR's `fastmath<...>` / `overflow<...>` flag attributes and truncf rounding modes.
 * Binary ops share `$lhs, $rhs attr-dict : type($result)` with SameOperandsAndResultType.
 */
import { Attribute, DenseElementsAttr, FloatAttr, IntegerAttr, StringAttr } from '../ir/attribute.js';
import type { AsmParser, AsmPrinter } from '../ir/asm-interfaces.js';
import { defineCustomDirective, defineOp, type AttrKind } from '../ir/op-definition.js';
import { registerAttrParser } from '../ir/dialect-registry.js';
import { FloatType, IndexType, IntegerType, RankedTensorType, ShapedType, intern, type Type } from '../ir/type.js';
import { enumAttr } from '../common/attr-kinds.js';
import { constraint, floatLike, intLike } from '../common/type-constraints.js';

// ---- bit-enum flag attributes ---------------------------------------------------------------------

/** A set of named bits printed `#arith.<mnemonic><a,b>` (fastmath, overflow). */
export class ArithFlagsAttr extends Attribute {
  private constructor(
    readonly mnemonic: 'fastmath' | 'overflow',
    /** Flag names in canonical order; empty means `none`. */
    readonly flags: readonly string[],
  ) {
    super();
  }
  static get(mnemonic: 'fastmath' | 'overflow', flags: readonly string[]): ArithFlagsAttr {
    const order = FLAG_ORDER[mnemonic];
    const sorted = [...new Set(flags)].filter((f) => f !== 'none').sort((a, b) => order.indexOf(a) - order.indexOf(b));
    return intern(new ArithFlagsAttr(mnemonic, sorted));
  }
  get isNone(): boolean {
    return this.flags.length === 0;
  }
  has(flag: string): boolean {
    return this.flags.includes(flag);
  }
  /** The `<...>` body (MLIR's stringifyEnum: `fast` for all fastmath bits). */
  body(): string {
    if (this.flags.length === 0) return 'none';
    if (this.mnemonic === 'fastmath' && FAST.every((f) => this.flags.includes(f))) return 'fast';
    return this.flags.join(this.mnemonic === 'fastmath' ? ',' : ', ');
  }
  print(p: AsmPrinter): void {
    p.write(`#arith.${this.mnemonic}<${this.body()}>`);
  }
  override printWithoutType(p: AsmPrinter): void {
    this.print(p);
  }
}

const FAST = ['reassoc', 'nnan', 'ninf', 'nsz', 'arcp', 'contract', 'afn'];
const FLAG_ORDER: Record<'fastmath' | 'overflow', readonly string[]> = { fastmath: FAST, overflow: ['nsw', 'nuw'] };

function parseFlagsBody(p: AsmParser, mnemonic: 'fastmath' | 'overflow'): ArithFlagsAttr {
  p.expect('<');
  const flags: string[] = [];
  const allowed: readonly string[] = FLAG_ORDER[mnemonic];
  do {
    const at = p.pos();
    const w = p.parseKeyword(`${mnemonic} flag`);
    if (w === 'fast' && mnemonic === 'fastmath') flags.push(...FAST);
    else if (w === 'none') continue;
    else if (allowed.includes(w)) flags.push(w);
    else p.error(`expected ${mnemonic === 'fastmath' ? '::mlir::arith::FastMathFlags' : '::mlir::arith::IntegerOverflowFlags'} to be one of: none, ${allowed.join(', ')}${mnemonic === 'fastmath' ? ', fast' : ''}`, at);
  } while (p.consumeIf(','));
  p.expect('>');
  return ArithFlagsAttr.get(mnemonic, flags);
}

registerAttrParser('arith.fastmath', (p) => parseFlagsBody(p, 'fastmath'));
registerAttrParser('arith.overflow', (p) => parseFlagsBody(p, 'overflow'));

/** The flags attribute as a format variable after the `fastmath`/`overflow` keyword: `<fast>`. */
function flagsKind(mnemonic: 'fastmath' | 'overflow'): AttrKind<ArithFlagsAttr> {
  return {
    description: `${mnemonic} flags`,
    canStart: (t) => t.text === '<',
    parse: (p) => parseFlagsBody(p, mnemonic),
    print: (p, v) => p.write(`<${(v as ArithFlagsAttr).body()}>`),
    verify: (v) => (v instanceof ArithFlagsAttr && v.mnemonic === mnemonic ? undefined : `expected ${mnemonic} flags`),
  };
}
export const fastmathKind = flagsKind('fastmath');
export const overflowKind = flagsKind('overflow');
export const FASTMATH_NONE = (): ArithFlagsAttr => ArithFlagsAttr.get('fastmath', []);
export const OVERFLOW_NONE = (): ArithFlagsAttr => ArithFlagsAttr.get('overflow', []);

/** `attributes` entry for an op's default-valued fastmath flags. */
export const FASTMATH_ATTR = { name: 'fastmath', kind: fastmathKind, default: FASTMATH_NONE() };
const OVERFLOW_ATTR = { name: 'overflowFlags', kind: overflowKind, default: OVERFLOW_NONE() };

// ---- binary arithmetic --------------------------------------------------------------------------

const withOverflow = new Set(['addi', 'subi', 'muli', 'shli']);
const commutative = new Set(['addi', 'muli', 'andi', 'ori', 'xori', 'maxsi', 'maxui', 'minsi', 'minui', 'addf', 'mulf', 'maxnumf', 'minnumf', 'maximumf', 'minimumf', 'mulhisi', 'mulhiui']);

function binaryIntOp<const N extends string>(n: N) {
  const ov = withOverflow.has(n);
  return defineOp({
    name: `arith.${n}`,
    operands: [{ name: 'lhs', kind: 'single', type: intLike }, { name: 'rhs', kind: 'single', type: intLike }],
    results: [{ name: 'result', kind: 'single', type: intLike }],
    attributes: ov ? [OVERFLOW_ATTR] : [],
    traits: ['Pure', 'SameOperandsAndResultType', 'Elementwise', ...(commutative.has(n) ? ['Commutative'] : [])],
    format: ov ? '$lhs `,` $rhs (`overflow` `` $overflowFlags^)? attr-dict `:` type($result)' : '$lhs `,` $rhs attr-dict `:` type($result)',
  });
}
export const AddIOp = binaryIntOp('addi');
export const SubIOp = binaryIntOp('subi');
export const MulIOp = binaryIntOp('muli');
export const DivSIOp = binaryIntOp('divsi');
export const DivUIOp = binaryIntOp('divui');
export const RemSIOp = binaryIntOp('remsi');
export const RemUIOp = binaryIntOp('remui');
export const AndIOp = binaryIntOp('andi');
export const OrIOp = binaryIntOp('ori');
export const XOrIOp = binaryIntOp('xori');
export const ShLIOp = binaryIntOp('shli');
export const ShRSIOp = binaryIntOp('shrsi');
export const ShRUIOp = binaryIntOp('shrui');
export const MaxSIOp = binaryIntOp('maxsi');
export const MaxUIOp = binaryIntOp('maxui');
export const MinSIOp = binaryIntOp('minsi');
export const MinUIOp = binaryIntOp('minui');
export const CeilDivSIOp = binaryIntOp('ceildivsi');
export const CeilDivUIOp = binaryIntOp('ceildivui');
export const FloorDivSIOp = binaryIntOp('floordivsi');
export const MulHISIOp = binaryIntOp('mulhisi');
export const MulHIUIOp = binaryIntOp('mulhiui');

function binaryFloatOp<const N extends string>(n: N) {
  return defineOp({
    name: `arith.${n}`,
    operands: [{ name: 'lhs', kind: 'single', type: floatLike }, { name: 'rhs', kind: 'single', type: floatLike }],
    results: [{ name: 'result', kind: 'single', type: floatLike }],
    attributes: [FASTMATH_ATTR],
    traits: ['Pure', 'SameOperandsAndResultType', 'Elementwise', ...(commutative.has(n) ? ['Commutative'] : [])],
    format: '$lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($result)',
  });
}
export const AddFOp = binaryFloatOp('addf');
export const SubFOp = binaryFloatOp('subf');
export const MulFOp = binaryFloatOp('mulf');
export const DivFOp = binaryFloatOp('divf');
export const RemFOp = binaryFloatOp('remf');
export const MaxNumFOp = binaryFloatOp('maxnumf');
export const MinNumFOp = binaryFloatOp('minnumf');
export const MaximumFOp = binaryFloatOp('maximumf');
export const MinimumFOp = binaryFloatOp('minimumf');

export const NegFOp = defineOp({
  name: 'arith.negf',
  operands: [{ name: 'operand', kind: 'single', type: floatLike }],
  results: [{ name: 'result', kind: 'single', type: floatLike }],
  attributes: [FASTMATH_ATTR],
  traits: ['Pure', 'SameOperandsAndResultType', 'Elementwise'],
  format: '$operand (`fastmath` `` $fastmath^)? attr-dict `:` type($result)',
});

// ---- comparisons --------------------------------------------------------------------------------

/** i1 (or tensor of i1 with the operand's shape and encoding) for comparisons. */
function boolLike(t: Type): Type {
  const i1 = IntegerType.get(1);
  return t instanceof RankedTensorType ? t.withElementType(i1) : i1;
}

export const CMPI_PREDICATES = enumAttr('arith.cmpi predicate', ['eq', 'ne', 'slt', 'sle', 'sgt', 'sge', 'ult', 'ule', 'ugt', 'uge'], () => IntegerType.get(64));
export const CMPF_PREDICATES = enumAttr('arith.cmpf predicate', ['false', 'oeq', 'ogt', 'oge', 'olt', 'ole', 'one', 'ord', 'ueq', 'ugt', 'uge', 'ult', 'ule', 'une', 'uno', 'true'], () => IntegerType.get(64));

function verifyCmpResult(op: import('../ir/ir.js').Operation): string | undefined {
  return op.result().type === boolLike(op.operand(0).type) ? undefined : 'result must be i1 of the operand shape';
}

export const CmpIOp = defineOp({
  name: 'arith.cmpi',
  operands: [{ name: 'lhs', kind: 'single', type: intLike }, { name: 'rhs', kind: 'single', type: intLike }],
  results: ['result'],
  attributes: [{ name: 'predicate', kind: CMPI_PREDICATES }],
  traits: ['Pure', 'SameTypeOperands', 'Elementwise'],
  format: '$predicate `,` $lhs `,` $rhs attr-dict `:` type($lhs)',
  inferResultTypes: (ts) => [boolLike(ts[0]!)],
  verify: verifyCmpResult,
});
export const CmpFOp = defineOp({
  name: 'arith.cmpf',
  operands: [{ name: 'lhs', kind: 'single', type: floatLike }, { name: 'rhs', kind: 'single', type: floatLike }],
  results: ['result'],
  attributes: [{ name: 'predicate', kind: CMPF_PREDICATES }, FASTMATH_ATTR],
  traits: ['Pure', 'SameTypeOperands', 'Elementwise'],
  format: '$predicate `,` $lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($lhs)',
  inferResultTypes: (ts) => [boolLike(ts[0]!)],
  verify: verifyCmpResult,
});

// ---- select -------------------------------------------------------------------------------------

/** `: T` for a scalar i1 condition, `: condT, T` for a shaped one (arith.select's custom printer). */
defineCustomDirective('ArithSelectType', {
  parse(p, op) {
    const first = p.parseType();
    let cond: Type = IntegerType.get(1);
    let result = first;
    if (p.consumeIf(',')) {
      cond = first;
      result = p.parseType();
    }
    op.operandTypes.set('condition', [cond]);
    op.operandTypes.set('true_value', [result]);
    op.operandTypes.set('false_value', [result]);
    op.resultTypes.set('result', [result]);
  },
  print(p, op) {
    const cond = op.operand(0).type;
    if (cond instanceof ShapedType) {
      p.printType(cond);
      p.write(', ');
    }
    p.printType(op.result().type);
  },
});

export const SelectOp = defineOp({
  name: 'arith.select',
  operands: [{ name: 'condition', kind: 'single', type: constraint('bool-like', (t) => boolLike(t) === t) }, 'true_value', 'false_value'],
  results: ['result'],
  traits: ['Pure', 'Elementwise', 'AllTypesMatch<true_value, false_value, result>'],
  format: '$condition `,` $true_value `,` $false_value attr-dict `:` custom<ArithSelectType>()',
  verify: (op) => {
    const [c, a, b] = op.operandValues.map((v) => v.type);
    const r = op.result().type;
    if (a !== r || b !== r) return "failed to verify that all of {true_value, false_value, result} have same type";
    if (c instanceof ShapedType && (!(r instanceof ShapedType) || c.shape.join('x') !== r.shape.join('x'))) {
      return "expected condition type to have the same shape as the result type";
    }
    return undefined;
  },
});

// ---- casts --------------------------------------------------------------------------------------

export const ROUNDING_MODES = enumAttr('rounding mode', ['to_nearest_even', 'downward', 'upward', 'toward_zero', 'to_nearest_away'], () => IntegerType.get(32));
const roundingKind: AttrKind = { ...ROUNDING_MODES, canStart: (t) => ROUNDING_MODES.cases.includes(t.text) };

function castOp<const N extends string>(n: N) {
  return defineOp({
    name: `arith.${n}`,
    operands: ['in'],
    results: ['out'],
    traits: ['Pure', 'Elementwise', 'CastOp', 'SameOperandsAndResultShape'],
    format: '$in attr-dict `:` type($in) `to` type($out)',
  });
}
export const ExtSIOp = castOp('extsi');
export const ExtUIOp = castOp('extui');
export const TruncIOp = castOp('trunci');
export const IndexCastOp = castOp('index_cast');
export const IndexCastUIOp = castOp('index_castui');
export const BitcastOp = castOp('bitcast');
export const SIToFPOp = castOp('sitofp');
export const UIToFPOp = castOp('uitofp');
export const FPToSIOp = castOp('fptosi');
export const FPToUIOp = castOp('fptoui');
export const ExtFOp = defineOp({
  name: 'arith.extf',
  operands: [{ name: 'in', kind: 'single', type: floatLike }],
  results: [{ name: 'out', kind: 'single', type: floatLike }],
  // OptionalAttr in MLIR, as truncf's: Triton's generic dumps print no `fastmath` on an extf without one.
  attributes: [{ ...FASTMATH_ATTR, optional: true }],
  traits: ['Pure', 'Elementwise', 'CastOp', 'SameOperandsAndResultShape'],
  format: '$in (`fastmath` `` $fastmath^)? attr-dict `:` type($in) `to` type($out)',
});
export const TruncFOp = defineOp({
  name: 'arith.truncf',
  operands: [{ name: 'in', kind: 'single', type: floatLike }],
  results: [{ name: 'out', kind: 'single', type: floatLike }],
  // OptionalAttr in MLIR (not default-valued): the generic form prints no `fastmath` when it is absent.
  attributes: [{ name: 'roundingmode', kind: roundingKind, optional: true }, { ...FASTMATH_ATTR, optional: true }],
  traits: ['Pure', 'Elementwise', 'CastOp', 'SameOperandsAndResultShape'],
  format: '$in ($roundingmode^)? (`fastmath` `` $fastmath^)? attr-dict `:` type($in) `to` type($out)',
});

// ---- constants ----------------------------------------------------------------------------------

/** `%c32_i32`, `%c-1_i32`, `%c0` (index), `%true`/`%false`, `%cst` for everything else. */
function constantName(v: unknown): string {
  if (v instanceof IntegerAttr) {
    if (v.isBool()) return v.value ? 'true' : 'false';
    return `c${v.value}` + (v.type instanceof IntegerType ? `_${v.type.key}` : '');
  }
  return 'cst';
}

export const ConstantOp = defineOp({
  name: 'arith.constant',
  results: ['result'],
  attributes: [
    {
      name: 'value',
      kind: {
        description: 'typed attribute',
        parse: (p) => p.parseAttribute(),
        print: (p, v) => p.printAttribute(v),
        // TypedAttr: the attributes that carry a type (a string's is none).
        storage: (v) => v instanceof IntegerAttr || v instanceof FloatAttr || v instanceof DenseElementsAttr || v instanceof StringAttr,
      },
    },
  ],
  traits: ['Pure', 'ConstantLike'],
  format: 'attr-dict $value',
  resultNames: (op) => [constantName(op.getAttr('value'))],
  inferResultTypes: (_ts, attrs) => {
    const v = attrs.get('value');
    if (v instanceof IntegerAttr || v instanceof FloatAttr || v instanceof DenseElementsAttr) return [v.type];
    throw new Error('value must be a typed attribute');
  },
  verify: (op) => {
    const v = op.getAttr('value');
    const t = op.result().type;
    // ODS checks the AllTypesMatch constraint before the op's own verifier; a string's type (none) never matches.
    if (v instanceof StringAttr || ((v instanceof IntegerAttr || v instanceof FloatAttr || v instanceof DenseElementsAttr) && v.type !== t)) {
      return `failed to verify that all of {value, result} have same type`;
    }
    if (v instanceof DenseElementsAttr && !(t instanceof ShapedType)) return 'value must be a scalar';
    if (v instanceof IntegerAttr && !(t instanceof IntegerType || t instanceof IndexType)) return 'integer constant must have an integer type';
    if (v instanceof FloatAttr && !(t instanceof FloatType)) return 'float constant must have a float type';
    return undefined;
  },
});
