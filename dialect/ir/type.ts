/**
 * Types: the base class and the builtin types (integers, floats, index, none, tensor, vector, function).
 * Dialect types (`!tt.ptr`, `!ttg.memdesc`, `!llvm.struct`, ...) live with their dialects and extend `Type`.
 */
import type { AsmPrinter } from './asm-interfaces.js';
import type { Attribute } from './attribute.js';
import { StructuralTable, unique } from './uniquer.js';

export abstract class Type {
  /** Canonical text of the type with every alias expanded; also its uniquing key. */
  key = '';
  abstract print(p: AsmPrinter): void;
  toString(): string {
    return this.key;
  }
  /** Types nested in this one, visited by the alias collector. */
  children(): readonly (Type | Attribute)[] {
    return [];
  }
}

/** Prints without aliases; used to compute uniquing keys and for messages. */
class InlinePrinter implements AsmPrinter {
  out = '';
  write(text: string): void {
    this.out += text;
  }
  printType(type: Type): void {
    this.out += type.key || inlineText(type);
  }
  printAttribute(attr: Attribute): void {
    this.out += attr.key || inlineText(attr);
  }
  printAttributeWithoutType(attr: Attribute): void {
    const p = new InlinePrinter();
    attr.printWithoutType(p);
    this.out += p.out;
  }
}

export function inlineText(x: Type | Attribute): string {
  const p = new InlinePrinter();
  x.print(p);
  return p.out;
}

/** Returns the uniqued instance structurally equal to `fresh` (which becomes it if first). */
export function intern<T extends Type | Attribute>(fresh: T): T {
  const key = (fresh instanceof Type ? 'T' : 'A') + inlineText(fresh);
  return unique(key, () => {
    fresh.key = key.slice(1);
    return fresh;
  });
}

export type Signedness = 'signless' | 'signed' | 'unsigned';

const intCache = new Map<number, IntegerType>();
const floatCache = new Map<string, FloatType>();

export class IntegerType extends Type {
  private constructor(
    readonly width: number,
    readonly signedness: Signedness,
  ) {
    super();
  }
  static get(width: number, signedness: Signedness = 'signless'): IntegerType {
    // Fast path: integer types are requested constantly (every `i32` in the input); skip re-interning.
    const k = signedness === 'signless' ? width : signedness === 'signed' ? -width : width + 0.5;
    let t = intCache.get(k);
    if (t === undefined) intCache.set(k, (t = intern(new IntegerType(width, signedness))));
    return t;
  }
  print(p: AsmPrinter): void {
    p.write((this.signedness === 'signed' ? 'si' : this.signedness === 'unsigned' ? 'ui' : 'i') + this.width);
  }
  get isSignless(): boolean {
    return this.signedness === 'signless';
  }
}

/** Float semantics known to ttg-opt: name, storage width, mantissa bits (incl. implicit), exponent bits. */
export const FLOAT_KINDS = {
  f16: { width: 16, mantissa: 11, exponent: 5 },
  bf16: { width: 16, mantissa: 8, exponent: 8 },
  f32: { width: 32, mantissa: 24, exponent: 8 },
  f64: { width: 64, mantissa: 53, exponent: 11 },
  tf32: { width: 19, mantissa: 11, exponent: 8 },
  f80: { width: 80, mantissa: 64, exponent: 15 },
  f128: { width: 128, mantissa: 113, exponent: 15 },
  f8E4M3FN: { width: 8, mantissa: 4, exponent: 4 },
  f8E4M3: { width: 8, mantissa: 4, exponent: 4 },
  f8E5M2: { width: 8, mantissa: 3, exponent: 5 },
  f8E4M3FNUZ: { width: 8, mantissa: 4, exponent: 4 },
  f8E5M2FNUZ: { width: 8, mantissa: 3, exponent: 5 },
  f8E4M3B11FNUZ: { width: 8, mantissa: 4, exponent: 4 },
  f8E3M4: { width: 8, mantissa: 5, exponent: 3 },
  f8E8M0FNU: { width: 8, mantissa: 1, exponent: 8 },
  f6E2M3FN: { width: 6, mantissa: 4, exponent: 2 },
  f6E3M2FN: { width: 6, mantissa: 3, exponent: 3 },
  f4E2M1FN: { width: 4, mantissa: 2, exponent: 2 },
} as const;
export type FloatKind = keyof typeof FLOAT_KINDS;

export function isFloatKind(name: string): name is FloatKind {
  return Object.hasOwn(FLOAT_KINDS, name);
}

export class FloatType extends Type {
  private constructor(readonly kind: FloatKind) {
    super();
  }
  static get(kind: FloatKind): FloatType {
    let t = floatCache.get(kind);
    if (t === undefined) floatCache.set(kind, (t = intern(new FloatType(kind))));
    return t;
  }
  get width(): number {
    return FLOAT_KINDS[this.kind].width;
  }
  print(p: AsmPrinter): void {
    p.write(this.kind);
  }
}

export class IndexType extends Type {
  static get(): IndexType {
    return intern(new IndexType());
  }
  print(p: AsmPrinter): void {
    p.write('index');
  }
}

export class NoneType extends Type {
  static get(): NoneType {
    return intern(new NoneType());
  }
  print(p: AsmPrinter): void {
    p.write('none');
  }
}

/** A dynamic dimension, printed `?`. */
export const DYNAMIC = -1;

function printShape(p: AsmPrinter, shape: readonly number[]): void {
  for (const d of shape) p.write((d === DYNAMIC ? '?' : String(d)) + 'x');
}

/** Shaped types share shape + element type; tensors add an optional encoding attribute. */
export abstract class ShapedType extends Type {
  abstract readonly shape: readonly number[];
  abstract readonly elementType: Type;
  get rank(): number {
    return this.shape.length;
  }
  get numElements(): number {
    return this.shape.reduce((a, b) => a * b, 1);
  }
}

// Front tables of the hot `get`s (see StructuralTable).
const tensorTypes = new StructuralTable<RankedTensorType>();
const vectorTypes = new StructuralTable<VectorType>();
const functionTypes = new StructuralTable<FunctionType>();

export class RankedTensorType extends ShapedType {
  private constructor(
    readonly shape: readonly number[],
    readonly elementType: Type,
    readonly encoding: Attribute | undefined,
  ) {
    super();
  }
  static get(shape: readonly number[], elementType: Type, encoding?: Attribute): RankedTensorType {
    return tensorTypes.get([shape.length, ...shape, elementType, encoding], () => intern(new RankedTensorType([...shape], elementType, encoding)));
  }
  /** Same shape and element type, another encoding. */
  withEncoding(encoding: Attribute | undefined): RankedTensorType {
    return RankedTensorType.get(this.shape, this.elementType, encoding);
  }
  withElementType(elementType: Type): RankedTensorType {
    return RankedTensorType.get(this.shape, elementType, this.encoding);
  }
  withShape(shape: readonly number[]): RankedTensorType {
    return RankedTensorType.get(shape, this.elementType, this.encoding);
  }
  print(p: AsmPrinter): void {
    p.write('tensor<');
    printShape(p, this.shape);
    p.printType(this.elementType);
    if (this.encoding) {
      p.write(', ');
      p.printAttribute(this.encoding);
    }
    p.write('>');
  }
  override children(): readonly (Type | Attribute)[] {
    return this.encoding ? [this.elementType, this.encoding] : [this.elementType];
  }
}

export class VectorType extends ShapedType {
  private constructor(
    readonly shape: readonly number[],
    readonly elementType: Type,
  ) {
    super();
  }
  static get(shape: readonly number[], elementType: Type): VectorType {
    return vectorTypes.get([shape.length, ...shape, elementType], () => intern(new VectorType([...shape], elementType)));
  }
  print(p: AsmPrinter): void {
    p.write('vector<');
    printShape(p, this.shape);
    p.printType(this.elementType);
    p.write('>');
  }
  override children(): readonly (Type | Attribute)[] {
    return [this.elementType];
  }
}

export class FunctionType extends Type {
  private constructor(
    readonly inputs: readonly Type[],
    readonly results: readonly Type[],
  ) {
    super();
  }
  static get(inputs: readonly Type[], results: readonly Type[]): FunctionType {
    return functionTypes.get([inputs.length, ...inputs, results.length, ...results], () => intern(new FunctionType([...inputs], [...results])));
  }
  print(p: AsmPrinter): void {
    p.write('(');
    this.inputs.forEach((t, i) => {
      if (i) p.write(', ');
      p.printType(t);
    });
    p.write(') -> ');
    printResultTypes(p, this.results);
  }
  override children(): readonly (Type | Attribute)[] {
    return [...this.inputs, ...this.results];
  }
}

/** Result list of a function type: a single non-function type bare, otherwise parenthesized. */
export function printResultTypes(p: AsmPrinter, results: readonly Type[]): void {
  const wrap = results.length !== 1 || results[0] instanceof FunctionType;
  if (wrap) p.write('(');
  results.forEach((t, i) => {
    if (i) p.write(', ');
    p.printType(t);
  });
  if (wrap) p.write(')');
}

/** A dialect type we have no definition for, kept verbatim (`!foo.bar<...>`). */
export class OpaqueType extends Type {
  private constructor(readonly text: string) {
    super();
  }
  static get(text: string): OpaqueType {
    return intern(new OpaqueType(text));
  }
  print(p: AsmPrinter): void {
    p.write(this.text);
  }
}

export const i1 = (): IntegerType => IntegerType.get(1);
export const i8 = (): IntegerType => IntegerType.get(8);
export const i16 = (): IntegerType => IntegerType.get(16);
export const i32 = (): IntegerType => IntegerType.get(32);
export const i64 = (): IntegerType => IntegerType.get(64);
export const f16 = (): FloatType => FloatType.get('f16');
export const bf16 = (): FloatType => FloatType.get('bf16');
export const f32 = (): FloatType => FloatType.get('f32');
export const f64 = (): FloatType => FloatType.get('f64');
export const index = (): IndexType => IndexType.get();

/** The element type of a shaped type, or the type itself for scalars. */
export function elementTypeOf(t: Type): Type {
  return t instanceof ShapedType ? t.elementType : t;
}

/** Bit width of an integer or float type (index counts as 64). */
export function bitWidth(t: Type): number {
  if (t instanceof IntegerType) return t.width;
  if (t instanceof FloatType) return t.width;
  if (t instanceof IndexType) return 64;
  throw new Error(`type ${t.key} has no bit width`);
}
