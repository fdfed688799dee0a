/**
 * Attribute kinds shared by dialects: how an attribute named in an assembly format (`$predicate`,
 * `$value`, `$sym_name`) is read and written, and what values it admits.
 */
import type { AsmParser, AsmPrinter } from '../ir/asm-interfaces.js';
import { ArrayAttr, Attribute, DictionaryAttr, IntegerAttr, StringAttr, SymbolRefAttr, UnitAttr, TypeAttr, printSymbolName } from '../ir/attribute.js';
import type { AttrKind } from '../ir/op-definition.js';
import { IntegerType, type Type } from '../ir/type.js';

/** Any attribute, printed in full (with its type). */
export const anyAttr: AttrKind = {
  description: 'any attribute',
  parse: (p) => p.parseAttribute(),
  print: (p, v) => p.printAttribute(v),
};

/** Any attribute of one class (`storage`): an attribute of another class is refused where MLIR converts properties. */
export function anyAttrOf(description: string, storage: (v: Attribute) => boolean): AttrKind {
  return { ...anyAttr, description, storage };
}
export const flatSymbolRefAttr = anyAttrOf('flat symbol reference attribute', (v) => v instanceof SymbolRefAttr && v.nested.length === 0);
export const unitAttrOf = anyAttrOf('unit attribute', (v) => v instanceof UnitAttr);
export const arrayAttrOf = anyAttrOf('array attribute', (v) => v instanceof ArrayAttr);

/** An integer attribute of a fixed type, written as a bare integer in formats. */
export function intAttr(type: () => Type, description = 'integer attribute'): AttrKind<IntegerAttr> {
  return {
    description,
    parse: (p) => IntegerAttr.get(type(), p.parseInteger()),
    print: (p, v) => p.printAttributeWithoutType(v),
    verify: (v) => (v instanceof IntegerAttr && v.type === type() ? undefined : `expected ${description}`),
  };
}

export const i32Attr = intAttr(() => IntegerType.get(32), '32-bit signless integer attribute');
export const i64Attr = intAttr(() => IntegerType.get(64), '64-bit signless integer attribute');
export const boolAttr = intAttr(() => IntegerType.get(1), 'bool attribute');

/**
 * An enum stored as an integer attribute and written as a keyword (`slt`, `x`, `tf32`).
 * `cases[i]` is the keyword of value `values[i]` (default: i).
 */
export function enumAttr(name: string, cases: readonly string[], storage: () => Type = () => IntegerType.get(32), values?: readonly number[]): AttrKind<IntegerAttr> & { cases: readonly string[]; valueOf(kw: string): number | undefined; keywordOf(v: number): string | undefined } {
  const vals = values ?? cases.map((_, i) => i);
  return {
    description: name,
    cases,
    valueOf: (kw) => {
      const i = cases.indexOf(kw);
      return i < 0 ? undefined : vals[i];
    },
    keywordOf: (v) => {
      const i = vals.indexOf(v);
      return i < 0 ? undefined : cases[i];
    },
    parse(p: AsmParser): IntegerAttr {
      const at = p.pos();
      // Enum keywords may also be written as strings (`"slt"`), as MLIR's parseKeywordOrString allows.
      const peek = (p as AsmParser & { peekToken?: () => { kind: number } }).peekToken;
      const word = peek?.call(p).kind === 9 /* Tok.String */ ? p.parseString() : p.parseKeyword(`${name} keyword`);
      const i = cases.indexOf(word);
      if (i < 0) p.error(`expected ${name} to be one of: ${cases.join(', ')}`, at);
      return IntegerAttr.get(storage(), vals[i]!);
    },
    print(p: AsmPrinter, v: Attribute): void {
      const n = v instanceof IntegerAttr ? v.num : -1;
      const i = vals.indexOf(n);
      p.write(i >= 0 ? cases[i]! : String(n));
    },
    verify: (v) => (v instanceof IntegerAttr && vals.includes(v.num) ? undefined : `invalid ${name}`),
  };
}

/** A `@symbol` name stored as a StringAttr (sym_name). */
export const symbolNameAttr: AttrKind<StringAttr> = {
  description: 'symbol name',
  canStart: (t) => t.kind === 2 /* Tok.At */,
  parse: (p) => StringAttr.get((p as AsmParser & { symbolName(): string }).symbolName()),
  print: (p, v) => p.write(printSymbolName((v as StringAttr).value)),
  // The generic form can give any attribute; the printer relies on a string.
  verify: (v) => (v instanceof StringAttr ? undefined : 'expected string attribute'),
};

/** A string literal attribute. */
export const stringAttr: AttrKind<StringAttr> = {
  description: 'string attribute',
  parse: (p) => StringAttr.get(p.parseString()),
  print: (p, v) => p.printAttribute(v),
  verify: (v) => (v instanceof StringAttr ? undefined : 'expected string attribute'),
};

/** A unit attribute written as its own name (`has_side_effects`). */
export function unitKeywordAttr(keyword: string): AttrKind<UnitAttr> {
  return {
    description: 'unit',
    canStart: (t) => t.kind === 1 /* Tok.Bare */ && t.text === keyword,
    parse: (p) => {
      if (!p.consumeKeywordIf(keyword)) p.error(`expected '${keyword}'`);
      return UnitAttr.get();
    },
    print: (p) => p.write(keyword),
    verify: (v) => (v instanceof UnitAttr ? undefined : 'expected unit attribute'),
  };
}

/** ODS's DictArrayAttr (`arg_attrs` / `res_attrs` of functions): the printers index it per argument. */
export const dictArrayAttr: AttrKind = {
  description: 'Array of dictionary attributes',
  parse: (p) => p.parseAttribute(),
  print: (p, v) => p.printAttribute(v),
  verify: (v) => (v instanceof ArrayAttr && v.elements.every((e) => e instanceof DictionaryAttr) ? undefined : 'expected an array of dictionaries'),
};

/** A type stored as a TypeAttr. */
export const typeAttr: AttrKind<TypeAttr> = typeAttrOf('type attribute', () => true);

/** A TypeAttr whose type satisfies `pred` (ODS's TypeAttrOf<...>). */
export function typeAttrOf(description: string, pred: (t: Type) => boolean): AttrKind<TypeAttr> {
  return {
    description,
    parse: (p) => TypeAttr.get(p.parseType()),
    print: (p, v) => p.printType((v as TypeAttr).value),
    verify: (v) => (v instanceof TypeAttr && pred(v.value) ? undefined : `expected ${description}`),
  };
}
