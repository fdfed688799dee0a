/**
 * Attributes: the base class and MLIR's builtin attributes (integer, float, string, unit, array,
 * dictionary, type, symbol reference, dense elements, dense arrays). Locations are attributes too
 * (`location.ts`); dialect attributes (`#ttg.blocked`, ...) live with their dialects.
 */
import type { AsmPrinter } from './asm-interfaces.js';
import { compareBytes, escapeString } from './string-escape.js';
import { formatFloat } from './float-format.js';
import {
  FloatType,
  IndexType,
  IntegerType,
  NoneType,
  ShapedType,
  Type,
  intern,
  type FloatKind,
} from './type.js';
import { StructuralTable } from './uniquer.js';

export abstract class Attribute {
  /** Canonical text with every alias expanded; also the uniquing key. */
  key = '';
  abstract print(p: AsmPrinter): void;
  /** The form used where the type is implied (e.g. `arith.constant 1 : i32` prints `1` then the type). */
  printWithoutType(p: AsmPrinter): void {
    this.print(p);
  }
  /** Nested types and attributes, visited by the alias collector. */
  children(): readonly (Type | Attribute)[] {
    return [];
  }
  toString(): string {
    return this.key;
  }
}

/** Attributes that carry a value type (integers, floats, dense elements). */
export interface TypedAttr {
  readonly type: Type;
}

const integerAttrs = new Map<Type, Map<bigint, IntegerAttr>>();

export class IntegerAttr extends Attribute implements TypedAttr {
  private constructor(
    readonly type: Type,
    readonly value: bigint,
  ) {
    super();
  }
  /** `value` is normalised to the type's width (signed for signless/signed, unsigned for unsigned). */
  static get(type: Type, value: bigint | number): IntegerAttr {
    const v = normalizeInt(type, BigInt(value));
    // Fast path: the lowering asks for the same few constants constantly; types are uniqued, so (type, value)
    // finds the interned attribute without printing its key.
    let byValue = integerAttrs.get(type);
    if (!byValue) integerAttrs.set(type, (byValue = new Map()));
    let a = byValue.get(v);
    if (!a) byValue.set(v, (a = intern(new IntegerAttr(type, v))));
    return a;
  }
  static i32(value: number): IntegerAttr {
    return IntegerAttr.get(IntegerType.get(32), value);
  }
  static i64(value: number): IntegerAttr {
    return IntegerAttr.get(IntegerType.get(64), value);
  }
  static bool(value: boolean): IntegerAttr {
    return IntegerAttr.get(IntegerType.get(1), value ? 1 : 0);
  }
  get num(): number {
    return Number(this.value);
  }
  isBool(): boolean {
    return this.type instanceof IntegerType && this.type.width === 1 && this.type.isSignless;
  }
  print(p: AsmPrinter): void {
    this.printWithoutType(p);
    if (this.isBool()) return;
    p.write(' : ');
    p.printType(this.type);
  }
  override printWithoutType(p: AsmPrinter): void {
    if (this.isBool()) p.write(this.value ? 'true' : 'false');
    else p.write(this.value.toString());
  }
  override children(): readonly (Type | Attribute)[] {
    return [this.type];
  }
}

/** Wraps `value` into the range of `type`: two's complement for signless/signed, modulo for unsigned. */
export function normalizeInt(type: Type, value: bigint): bigint {
  if (type instanceof IndexType) return BigInt.asIntN(64, value);
  if (!(type instanceof IntegerType)) return value;
  const w = type.width;
  if (w === 1 && type.isSignless) return BigInt.asUintN(1, value);
  return type.signedness === 'unsigned' ? BigInt.asUintN(w, value) : BigInt.asIntN(w, value);
}

export class FloatAttr extends Attribute implements TypedAttr {
  private constructor(
    readonly type: FloatType,
    readonly value: number,
  ) {
    super();
  }
  static get(type: FloatType, value: number): FloatAttr {
    return intern(new FloatAttr(type, value));
  }
  print(p: AsmPrinter): void {
    this.printWithoutType(p);
    p.write(' : ');
    p.printType(this.type);
  }
  override printWithoutType(p: AsmPrinter): void {
    p.write(formatFloat(this.value, this.type.kind as FloatKind));
  }
  override children(): readonly (Type | Attribute)[] {
    return [this.type];
  }
}

export class StringAttr extends Attribute {
  private constructor(readonly value: string) {
    super();
  }
  static get(value: string): StringAttr {
    return intern(new StringAttr(value));
  }
  print(p: AsmPrinter): void {
    p.write(escapeString(this.value));
  }
}

export class UnitAttr extends Attribute {
  static get(): UnitAttr {
    return intern(new UnitAttr());
  }
  print(p: AsmPrinter): void {
    p.write('unit');
  }
}

export class ArrayAttr extends Attribute {
  private constructor(readonly elements: readonly Attribute[]) {
    super();
  }
  static get(elements: readonly Attribute[]): ArrayAttr {
    return intern(new ArrayAttr([...elements]));
  }
  print(p: AsmPrinter): void {
    p.write('[');
    this.elements.forEach((e, i) => {
      if (i) p.write(', ');
      // Inside arrays MLIR elides the implied `: i64` / `: f64`.
      if (elidesDefaultType(e)) p.printAttributeWithoutType(e);
      else p.printAttribute(e);
    });
    p.write(']');
  }
  override children(): readonly (Type | Attribute)[] {
    return this.elements;
  }
}

function elidesDefaultType(a: Attribute): boolean {
  if (a instanceof IntegerAttr) return a.type instanceof IntegerType && a.type.width === 64 && a.type.isSignless;
  if (a instanceof FloatAttr) return a.type.kind === 'f64' && !formatFloat(a.value, 'f64').startsWith('0x');
  return false;
}

export interface NamedAttribute {
  readonly name: string;
  readonly value: Attribute;
}

export class DictionaryAttr extends Attribute {
  private constructor(readonly entries: readonly NamedAttribute[]) {
    super();
  }
  /** Entries are sorted by name, as MLIR's DictionaryAttr always is. */
  static get(entries: readonly NamedAttribute[]): DictionaryAttr {
    const sorted = [...entries].sort((a, b) => compareBytes(a.name, b.name));
    return intern(new DictionaryAttr(sorted));
  }
  get(name: string): Attribute | undefined {
    return this.entries.find((e) => e.name === name)?.value;
  }
  print(p: AsmPrinter): void {
    p.write('{');
    printNamedAttributes(p, this.entries);
    p.write('}');
  }
  override children(): readonly (Type | Attribute)[] {
    return this.entries.map((e) => e.value);
  }
}

/** `a = 1 : i32, b, c = "x"`: unit values print as the bare name; names that are not identifiers are quoted. */
export function printNamedAttributes(p: AsmPrinter, entries: readonly NamedAttribute[]): void {
  entries.forEach((e, i) => {
    if (i) p.write(', ');
    p.write(printableAttrName(e.name));
    if (e.value instanceof UnitAttr) return;
    p.write(' = ');
    p.printAttribute(e.value);
  });
}

/** Attribute names are printed bare when they are valid identifiers, quoted otherwise (`"ttg.num-warps"`). */
export function printableAttrName(name: string): string {
  return /^[a-zA-Z_][a-zA-Z0-9_$.]*$/.test(name) ? name : escapeString(name);
}

// Front tables of the hot `get`s (see StructuralTable).
const typeAttrs = new StructuralTable<TypeAttr>();
const denseArrays = new StructuralTable<DenseArrayAttr>();

export class TypeAttr extends Attribute {
  private constructor(readonly value: Type) {
    super();
  }
  static get(value: Type): TypeAttr {
    return typeAttrs.get([value], () => intern(new TypeAttr(value)));
  }
  print(p: AsmPrinter): void {
    p.printType(this.value);
  }
  override children(): readonly (Type | Attribute)[] {
    return [this.value];
  }
}

export class SymbolRefAttr extends Attribute {
  private constructor(
    readonly root: string,
    readonly nested: readonly string[],
  ) {
    super();
  }
  static get(root: string, nested: readonly string[] = []): SymbolRefAttr {
    return intern(new SymbolRefAttr(root, [...nested]));
  }
  print(p: AsmPrinter): void {
    p.write(printSymbolName(this.root));
    for (const n of this.nested) p.write('::' + printSymbolName(n));
  }
}

/** `@name`, quoted when the name is not a bare identifier. */
export function printSymbolName(name: string): string {
  return '@' + (/^[a-zA-Z_][a-zA-Z0-9_$.]*$/.test(name) ? name : escapeString(name));
}

/** Element values of a dense attribute: integers as bigint, floats as number. */
export type DenseValue = bigint | number;

export class DenseElementsAttr extends Attribute implements TypedAttr {
  private constructor(
    readonly type: ShapedType,
    /** One value for a splat, otherwise one per element in row-major order. */
    readonly values: readonly DenseValue[],
  ) {
    super();
  }
  static get(type: ShapedType, values: readonly DenseValue[]): DenseElementsAttr {
    const all = values.length > 1 && values.every((v) => v === values[0]) ? [values[0]!] : [...values];
    return intern(new DenseElementsAttr(type, all));
  }
  get isSplat(): boolean {
    return this.values.length === 1;
  }
  splatValue(): DenseValue {
    return this.values[0]!;
  }
  /** The same values under another shaped type (e.g. a new encoding). */
  withType(type: ShapedType): DenseElementsAttr {
    return DenseElementsAttr.get(type, this.values);
  }
  print(p: AsmPrinter): void {
    this.printWithoutType(p);
    p.write(' : ');
    p.printType(this.type);
  }
  override printWithoutType(p: AsmPrinter): void {
    const el = this.type.elementType;
    const fmt = (v: DenseValue): string => formatElement(el, v);
    if (this.isSplat) {
      p.write(`dense<${fmt(this.values[0]!)}>`);
      return;
    }
    if (this.values.length > 100) {
      p.write(`dense<"0x${hexBlob(el, this.values)}">`);
      return;
    }
    const shape = this.type.shape;
    let i = 0;
    const nest = (d: number): string => {
      if (d === shape.length) return fmt(this.values[i++]!);
      const parts: string[] = [];
      for (let k = 0; k < shape[d]!; k++) parts.push(nest(d + 1));
      return '[' + parts.join(', ') + ']';
    };
    p.write(`dense<${nest(0)}>`);
  }
  override children(): readonly (Type | Attribute)[] {
    return [this.type];
  }
}

function formatElement(el: Type, v: DenseValue): string {
  if (el instanceof FloatType) return formatFloat(Number(v), el.kind);
  if (el instanceof IntegerType && el.width === 1) return v ? 'true' : 'false';
  return normalizeInt(el, BigInt(v)).toString();
}

/** Little-endian raw bytes of the elements, as MLIR's hex form of large dense attributes. */
function hexBlob(el: Type, values: readonly DenseValue[]): string {
  const width = el instanceof FloatType || el instanceof IntegerType ? el.width : 64;
  const bytes = Math.max(1, Math.ceil(width / 8));
  // One hex text per distinct value (constants repeat their values), its bytes reversed into little-endian order.
  // (A Map key does not tell -0 from 0, whose bits differ.)
  const memo = new Map<DenseValue | '-0', string>();
  const parts: string[] = [];
  for (const v of values) {
    const key = Object.is(v, -0) ? '-0' : v;
    let hex = memo.get(key);
    if (hex === undefined) {
      const bits = el instanceof FloatType ? floatBits(Number(v), el.kind) : BigInt.asUintN(bytes * 8, BigInt(v));
      const be = bits.toString(16).toUpperCase().padStart(bytes * 2, '0');
      hex = '';
      for (let b = bytes - 1; b >= 0; b--) hex += be.slice(2 * b, 2 * b + 2);
      memo.set(key, hex);
    }
    parts.push(hex);
  }
  return parts.join('');
}

import { floatBits } from './float-format.js';

export class DenseArrayAttr extends Attribute {
  private constructor(
    readonly elementType: Type,
    readonly values: readonly number[],
  ) {
    super();
  }
  static get(elementType: Type, values: readonly number[]): DenseArrayAttr {
    return denseArrays.get([elementType, ...values], () => intern(new DenseArrayAttr(elementType, [...values])));
  }
  print(p: AsmPrinter): void {
    p.write('array<');
    p.printType(this.elementType);
    if (this.values.length) {
      p.write(': ');
      p.write(this.values.map((v) => formatElement(this.elementType, v)).join(', '));
    }
    p.write('>');
  }
}

/** A dialect attribute we have no definition for, kept verbatim (`#foo.bar<...>`). */
export class OpaqueAttr extends Attribute {
  private constructor(readonly text: string) {
    super();
  }
  static get(text: string): OpaqueAttr {
    return intern(new OpaqueAttr(text));
  }
  print(p: AsmPrinter): void {
    p.write(this.text);
  }
}

export function isNoneType(t: Type): boolean {
  return t instanceof NoneType;
}
