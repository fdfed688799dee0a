/**
 * The LLVM dialect's debug-info attributes (`#llvm.di_file`, `#llvm.di_compile_unit`, `#llvm.di_subprogram`,
 * `#llvm.di_lexical_block_file`, ...), kept as structured parameter lists: every nested attribute (another DI
 * attribute, a `distinct[N]<>` id) is a real attribute, so the printer aliases it (`#di_file`, `#di_subprogram`,
 * as MLIR's LLVM OpAsmDialectInterface does) and numbers distinct ids; leaf values (integers, enum keywords,
 * strings, flags) are kept as the text MLIR prints for them. `enable-line-info` builds these attributes.
 */
import type { AsmParser, AsmPrinter } from '../ir/asm-interfaces.js';
import { Attribute } from '../ir/attribute.js';
import { registerAliasHook, registerAttrParser } from '../ir/dialect-registry.js';
import { DistinctAttr } from '../ir/distinct-attr.js';
import { escapeString } from '../ir/string-escape.js';
import { intern, type Type } from '../ir/type.js';
import './attrs.js';

/** A parameter value: nested attributes (one, or a list such as `types = #a, #b`), or a leaf's printed text. */
export type DIValue = Attribute | readonly Attribute[] | { readonly text: string };

/** The DI attributes written `key = value, ...` (MLIR's struct-like assembly format); all are aliased. */
const STRUCT_KINDS = [
  'di_basic_type', 'di_common_block', 'di_compile_unit', 'di_composite_type', 'di_derived_type',
  'di_global_variable', 'di_global_variable_expression', 'di_imported_entity', 'di_label', 'di_lexical_block',
  'di_lexical_block_file', 'di_local_variable', 'di_module', 'di_namespace', 'di_string_type', 'di_subprogram',
  'di_subroutine_type',
] as const;

/** `#llvm.<mnemonic><key = value, ...>`, `#llvm.di_file<"name" in "dir">`, or `#llvm.di_null_type`. */
export class DIAttr extends Attribute {
  private constructor(
    readonly mnemonic: string,
    readonly params: readonly (readonly [string, DIValue])[],
  ) {
    super();
  }
  static get(mnemonic: string, params: readonly (readonly [string, DIValue | undefined])[]): DIAttr {
    const present = params.filter((e): e is [string, DIValue] => e[1] !== undefined);
    return intern(new DIAttr(mnemonic, present));
  }
  /** A parameter's value, if present. */
  param(name: string): DIValue | undefined {
    return this.params.find((e) => e[0] === name)?.[1];
  }
  print(p: AsmPrinter): void {
    p.write(`#llvm.${this.mnemonic}`);
    if (this.mnemonic === 'di_null_type') return;
    if (this.mnemonic === 'di_file') {
      p.write(`<${leafText(this.param('name'))} in ${leafText(this.param('directory'))}>`);
      return;
    }
    p.write('<');
    this.params.forEach(([k, v], i) => {
      p.write(`${i ? ', ' : ''}${k} = `);
      printValue(p, v);
    });
    p.write('>');
  }
  override children(): readonly (Type | Attribute)[] {
    return this.params.flatMap(([, v]) => (v instanceof Attribute ? [v] : Array.isArray(v) ? v : []));
  }
}

/** A leaf parameter: the text MLIR prints for it. */
export const diText = (text: string): DIValue => ({ text });
export const diString = (s: string): DIValue => diText(escapeString(s));
export const diInt = (n: number): DIValue => diText(String(n));

function leafText(v: DIValue | undefined): string {
  return v !== undefined && !(v instanceof Attribute) && !Array.isArray(v) ? (v as { text: string }).text : '""';
}

function printValue(p: AsmPrinter, v: DIValue): void {
  if (v instanceof Attribute) p.printAttribute(v);
  else if (Array.isArray(v)) {
    v.forEach((a: Attribute, i: number) => {
      if (i) p.write(', ');
      p.printAttribute(a);
    });
  } else p.write((v as { text: string }).text);
}

// ---- parsing ---------------------------------------------------------------------------------------------------

/** The parser's source and the current token's offset (the AsmParser interface has no "peek a string"). */
function nextChar(p: AsmParser): string {
  const src = (p as unknown as { src?: unknown }).src;
  return typeof src === 'string' ? (src[p.pos()] ?? '') : '';
}

/** `distinct[N]<attr?>`: the same N within one parse is the same attribute. */
const distinctIds = new WeakMap<object, Map<bigint, DistinctAttr>>();
function parseDistinct(p: AsmParser): DistinctAttr {
  p.expect('[');
  const n = p.parseInteger();
  p.expect(']');
  p.expect('<');
  const referenced = p.peek('>') ? undefined : p.parseAttribute();
  p.expect('>');
  let ids = distinctIds.get(p);
  if (!ids) distinctIds.set(p, (ids = new Map()));
  let d = ids.get(n);
  if (!d) ids.set(n, (d = DistinctAttr.create(referenced)));
  return d;
}

function parseValue(p: AsmParser): DIValue {
  const c = nextChar(p);
  if (c === '#') {
    const first = p.parseAttribute();
    // A list parameter continues with `, #...`; a `, key = ...` starts the next parameter.
    const items = [first];
    while (p.peek(',') && nextCharAfterComma(p) === '#') {
      p.expect(',');
      items.push(p.parseAttribute());
    }
    return items.length === 1 ? first : items;
  }
  if (c === '"') return diString(p.parseString());
  if (c === '-' || (c >= '0' && c <= '9')) return diText(String(p.parseInteger()));
  const kw = p.parseKeyword('a debug-info parameter value');
  if (kw === 'distinct') return parseDistinct(p);
  return diText(kw);
}

/** The first non-blank character after the `,` at the parser's position. */
function nextCharAfterComma(p: AsmParser): string {
  const src = (p as unknown as { src?: unknown }).src;
  if (typeof src !== 'string') return '';
  let i = p.pos() + 1;
  while (i < src.length && /\s/.test(src[i]!)) i++;
  return src[i] ?? '';
}

function parseStruct(mnemonic: string, p: AsmParser): DIAttr {
  const params: [string, DIValue][] = [];
  p.expect('<');
  if (!p.consumeIf('>')) {
    do {
      const key = p.parseKeyword('a parameter name');
      p.expect('=');
      params.push([key, parseValue(p)]);
    } while (p.consumeIf(','));
    p.expect('>');
  }
  return DIAttr.get(mnemonic, params);
}

for (const m of STRUCT_KINDS) registerAttrParser('llvm.' + m, (p) => parseStruct(m, p));
registerAttrParser('llvm.di_file', (p) => {
  p.expect('<');
  const name = p.parseString();
  if (!p.consumeKeywordIf('in')) p.error("expected 'in'");
  const directory = p.parseString();
  p.expect('>');
  return DIAttr.get('di_file', [
    ['name', diString(name)],
    ['directory', diString(directory)],
  ]);
});
registerAttrParser('llvm.di_null_type', () => DIAttr.get('di_null_type', []));

const ALIASED = new Set<string>([...STRUCT_KINDS, 'di_file', 'di_null_type']);
registerAliasHook((x) => (x instanceof DIAttr && ALIASED.has(x.mnemonic) ? x.mnemonic : undefined));

// ---- builders --------------------------------------------------------------------------------------------------

export function diFile(name: string, directory: string): DIAttr {
  return DIAttr.get('di_file', [
    ['name', diString(name)],
    ['directory', diString(directory)],
  ]);
}
