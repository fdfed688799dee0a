/**
 * LLVM dialect types: `!llvm.ptr` / `!llvm.ptr<3>`, `!llvm.struct<(...)>` (literal, `packed`, identified
 * `"name"`, opaque), `!llvm.array<N x T>`, `!llvm.func<R (A, ...)>`, `!llvm.void`, `!llvm.token`,
 * `!llvm.label`, `!llvm.metadata`, `!llvm.ppc_fp128`, `!llvm.x86_amx` and `!llvm.target<"name", ...>`.
 *
 * As in MLIR's LLVMTypeSyntax, an LLVM dialect type nested in another LLVM dialect type is written without
 * the `!llvm.` prefix (`!llvm.struct<(ptr<1>, array<4 x i8>, f32)>`), while every other type (integers,
 * floats, vectors, other dialects) is written as usual. When parsing a nested type, the bare LLVM mnemonics
 * are tried before falling back to a regular type.
 */
import type { AsmParser, AsmPrinter } from '../ir/asm-interfaces.js';
import type { Attribute } from '../ir/attribute.js';
import { registerTypeParser } from '../ir/dialect-registry.js';
import { IntegerType, Type, VectorType, intern } from '../ir/type.js';
import { escapeString } from '../ir/string-escape.js';

const ptrCache = new Map<number, LLVMPointerType>();
const structCache = new Map<string, LLVMStructType>();

/** Base class of the LLVM dialect types: prints `!llvm.` followed by the prefix-free body. */
export abstract class LLVMType extends Type {
  /** The type as written inside another LLVM type: `ptr<1>`, `struct<(i32)>`. */
  abstract printBody(p: AsmPrinter): void;
  print(p: AsmPrinter): void {
    p.write('!llvm.');
    this.printBody(p);
  }
}

/** Prints a type nested in an LLVM type: LLVM dialect types lose their `!llvm.` prefix. */
export function printNestedType(p: AsmPrinter, t: Type): void {
  if (t instanceof LLVMType) t.printBody(p);
  else p.printType(t);
}

/** Non-LLVM types nested (at any depth) in an LLVM type: what the alias collector must visit. */
function nestedChildren(types: readonly Type[]): Type[] {
  const out: Type[] = [];
  for (const t of types) {
    if (t instanceof LLVMType) out.push(...t.children().filter((c): c is Type => c instanceof Type));
    else out.push(t);
  }
  return out;
}

export class LLVMPointerType extends LLVMType {
  private constructor(readonly addressSpace: number) {
    super();
  }
  static get(addressSpace = 0): LLVMPointerType {
    let t = ptrCache.get(addressSpace);
    if (t === undefined) ptrCache.set(addressSpace, (t = intern(new LLVMPointerType(addressSpace))));
    return t;
  }
  printBody(p: AsmPrinter): void {
    p.write(this.addressSpace === 0 ? 'ptr' : `ptr<${this.addressSpace}>`);
  }
}

export class LLVMVoidType extends LLVMType {
  static get(): LLVMVoidType {
    return intern(new LLVMVoidType());
  }
  printBody(p: AsmPrinter): void {
    p.write('void');
  }
}

/** Types with no parameters besides their mnemonic: `token`, `label`, `metadata`, `ppc_fp128`, `x86_amx`. */
export class LLVMSimpleType extends LLVMType {
  private constructor(readonly mnemonic: string) {
    super();
  }
  static get(mnemonic: 'token' | 'label' | 'metadata' | 'ppc_fp128' | 'x86_amx'): LLVMSimpleType {
    return intern(new LLVMSimpleType(mnemonic));
  }
  printBody(p: AsmPrinter): void {
    p.write(this.mnemonic);
  }
}

export class LLVMArrayType extends LLVMType {
  private constructor(
    readonly elementType: Type,
    readonly numElements: number,
  ) {
    super();
  }
  static get(elementType: Type, numElements: number): LLVMArrayType {
    return intern(new LLVMArrayType(elementType, numElements));
  }
  printBody(p: AsmPrinter): void {
    p.write(`array<${this.numElements} x `);
    printNestedType(p, this.elementType);
    p.write('>');
  }
  override children(): readonly (Type | Attribute)[] {
    return nestedChildren([this.elementType]);
  }
}

/**
 * `struct<(T, ...)>`, `struct<packed (T, ...)>`, `struct<"name", (T, ...)>`, `struct<"name", opaque>`.
 * Identified structs are uniqued by name plus body (MLIR uniques them by name alone and allows recursion;
 * recursive bodies are not supported here).
 */
export class LLVMStructType extends LLVMType {
  private constructor(
    readonly body: readonly Type[],
    readonly packed: boolean,
    readonly name: string | undefined,
    readonly opaque: boolean,
  ) {
    super();
  }
  static getLiteral(body: readonly Type[], packed = false): LLVMStructType {
    // Large literal structs (one field per register) are spelled out on every use: look them up by their
    // fields' keys instead of re-printing them for the uniquer.
    let k = packed ? 'p' : 'l';
    for (const t of body) k += t.key + '\u0000';
    let hit = structCache.get(k);
    if (hit === undefined) structCache.set(k, (hit = intern(new LLVMStructType([...body], packed, undefined, false))));
    return hit;
  }
  static getIdentified(name: string, body: readonly Type[] | undefined, packed = false): LLVMStructType {
    return intern(new LLVMStructType(body ? [...body] : [], packed, name, body === undefined));
  }
  get isIdentified(): boolean {
    return this.name !== undefined;
  }
  printBody(p: AsmPrinter): void {
    p.write('struct<');
    if (this.name !== undefined) {
      p.write(escapeString(this.name) + ', ');
      if (this.opaque) {
        p.write('opaque>');
        return;
      }
    }
    if (this.packed) p.write('packed ');
    p.write('(');
    this.body.forEach((t, i) => {
      if (i) p.write(', ');
      printNestedType(p, t);
    });
    p.write(')>');
  }
  override children(): readonly (Type | Attribute)[] {
    return nestedChildren(this.body);
  }
}

/** `func<R (A, B, ...)>`: the LLVM function type (`void` result for no result). */
export class LLVMFunctionType extends LLVMType {
  private constructor(
    readonly returnType: Type,
    readonly params: readonly Type[],
    readonly isVarArg: boolean,
  ) {
    super();
  }
  static get(returnType: Type, params: readonly Type[], isVarArg = false): LLVMFunctionType {
    return intern(new LLVMFunctionType(returnType, [...params], isVarArg));
  }
  /** The MLIR-style result list: empty for `void`. */
  get results(): Type[] {
    return this.returnType instanceof LLVMVoidType ? [] : [this.returnType];
  }
  printBody(p: AsmPrinter): void {
    p.write('func<');
    printNestedType(p, this.returnType);
    p.write(' (');
    this.params.forEach((t, i) => {
      if (i) p.write(', ');
      printNestedType(p, t);
    });
    if (this.isVarArg) p.write(this.params.length ? ', ...' : '...');
    p.write(')>');
  }
  override children(): readonly (Type | Attribute)[] {
    return nestedChildren([this.returnType, ...this.params]);
  }
}

/** `target<"name", T..., N...>`: a target extension type. */
export class LLVMTargetExtType extends LLVMType {
  private constructor(
    readonly extName: string,
    readonly typeParams: readonly Type[],
    readonly intParams: readonly number[],
  ) {
    super();
  }
  static get(extName: string, typeParams: readonly Type[], intParams: readonly number[]): LLVMTargetExtType {
    return intern(new LLVMTargetExtType(extName, [...typeParams], [...intParams]));
  }
  printBody(p: AsmPrinter): void {
    p.write('target<' + escapeString(this.extName));
    for (const t of this.typeParams) {
      p.write(', ');
      printNestedType(p, t);
    }
    for (const n of this.intParams) p.write(`, ${n}`);
    p.write('>');
  }
  override children(): readonly (Type | Attribute)[] {
    return nestedChildren(this.typeParams);
  }
}

// ---- parsing --------------------------------------------------------------------------------------

const MNEMONICS = new Set(['ptr', 'void', 'token', 'label', 'metadata', 'ppc_fp128', 'x86_amx', 'array', 'struct', 'func', 'target']);

/** Parses a type inside an LLVM type: a bare LLVM mnemonic (`ptr<1>`, `struct<...>`) or any other type. */
export function parseNestedType(p: AsmParser): Type {
  const kw = p.peekKeyword();
  if (kw !== undefined && MNEMONICS.has(kw)) {
    p.parseKeyword();
    return parseLLVMTypeBody(p, kw);
  }
  return p.parseType();
}

function parseNonNegative(p: AsmParser, what: string): number {
  const at = p.pos();
  const v = p.parseInteger();
  if (v < 0n || v > 0xffffffffn) p.error(`expected ${what}`, at);
  return Number(v);
}

/** Parses what follows the mnemonic of an LLVM type (the mnemonic itself has been consumed). */
export function parseLLVMTypeBody(p: AsmParser, mnemonic: string): Type {
  switch (mnemonic) {
    case 'ptr': {
      if (!p.consumeIf('<')) return LLVMPointerType.get(0);
      const space = parseNonNegative(p, 'address space');
      p.expect('>');
      return LLVMPointerType.get(space);
    }
    case 'void':
      return LLVMVoidType.get();
    case 'token':
    case 'label':
    case 'metadata':
    case 'ppc_fp128':
    case 'x86_amx':
      return LLVMSimpleType.get(mnemonic);
    case 'array': {
      p.expect('<');
      const n = parseNonNegative(p, 'array size');
      if (!p.consumeKeywordIf('x')) p.error("expected 'x' in dimension list");
      const el = parseNestedType(p);
      p.expect('>');
      return LLVMArrayType.get(el, n);
    }
    case 'struct':
      return parseStructBody(p);
    case 'func': {
      p.expect('<');
      const ret = parseNestedType(p);
      p.expect('(');
      const params: Type[] = [];
      let varArg = false;
      if (!p.peek(')')) {
        do {
          if (p.consumeIf('.')) {
            p.expect('.');
            p.expect('.');
            varArg = true;
            break;
          }
          params.push(parseNestedType(p));
        } while (p.consumeIf(','));
      }
      p.expect(')');
      p.expect('>');
      return LLVMFunctionType.get(ret, params, varArg);
    }
    case 'target': {
      p.expect('<');
      const name = p.parseString();
      const types: Type[] = [];
      const ints: number[] = [];
      while (p.consumeIf(',')) {
        if (peekIsInteger(p)) ints.push(Number(p.parseInteger()));
        else {
          if (ints.length) p.error('failed to parse parameter list for target extension type');
          types.push(parseNestedType(p));
        }
      }
      p.expect('>');
      return LLVMTargetExtType.get(name, types, ints);
    }
  }
  return p.error(`unknown LLVM type: ${mnemonic}`);
}

/** The parser's token lookahead (AsmParser only exposes punctuation and keyword peeks). */
function peekToken(p: AsmParser): { kind: number; text: string } {
  return (p as AsmParser & { peekToken(): { kind: number; text: string } }).peekToken();
}
const TOK_INT = 7;
const TOK_STRING = 9;
function peekIsInteger(p: AsmParser): boolean {
  const t = peekToken(p);
  return t.kind === TOK_INT || (t.text === '-' && t.kind === 10);
}

function parseStructBody(p: AsmParser): LLVMStructType {
  p.expect('<');
  let name: string | undefined;
  let nameOnly = false;
  if (peekToken(p).kind === TOK_STRING) {
    name = p.parseString();
    if (!p.consumeIf(',')) nameOnly = true;
  }
  if (name !== undefined && nameOnly) {
    p.expect('>');
    return LLVMStructType.getIdentified(name, undefined);
  }
  if (name !== undefined && p.consumeKeywordIf('opaque')) {
    p.expect('>');
    return LLVMStructType.getIdentified(name, undefined);
  }
  const packed = p.consumeKeywordIf('packed');
  p.expect('(');
  const body: Type[] = [];
  if (!p.peek(')')) {
    do body.push(parseNestedType(p));
    while (p.consumeIf(','));
  }
  p.expect(')');
  p.expect('>');
  return name !== undefined ? LLVMStructType.getIdentified(name, body, packed) : LLVMStructType.getLiteral(body, packed);
}

/**
 * Triton's LLVM IR spells out the same large literal structs (one field per register) on almost every line.
 * Types are context free within one input (aliases are file-global), so once a struct's text has been
 * parsed, later occurrences of exactly the same text reuse the type: the parser is moved past the text
 * instead of lexing its fields again. Falls back to a normal parse when the parser does not expose its
 * source (`src`) and repositioning (`resetTo`).
 */
interface RepositionableParser {
  readonly src: string;
  resetTo(pos: number): void;
}
const structTexts = new WeakMap<object, { text: string; type: Type }[]>();
const MEMO_MIN_LENGTH = 64;

function parseStructMemoized(p: AsmParser): Type {
  const rp = p as unknown as Partial<RepositionableParser>;
  const src = rp.src;
  if (typeof src !== 'string' || typeof rp.resetTo !== 'function') return parseLLVMTypeBody(p, 'struct');
  const start = p.pos();
  let seen = structTexts.get(p);
  if (seen) {
    for (const e of seen) {
      if (src.startsWith(e.text, start)) {
        rp.resetTo.call(p, start + e.text.length);
        return e.type;
      }
    }
  }
  const type = parseLLVMTypeBody(p, 'struct');
  // The text ends with the struct's closing `>`; only whitespace may separate it from the next token
  // (text followed by a comment is simply not memoized).
  let end = p.pos();
  while (end > start && (src[end - 1] === ' ' || src[end - 1] === '\n' || src[end - 1] === '\t' || src[end - 1] === '\r')) end--;
  if (src[end - 1] === '>' && end - start >= MEMO_MIN_LENGTH && src.startsWith('<', start)) {
    if (!seen) structTexts.set(p, (seen = []));
    seen.unshift({ text: src.slice(start, end), type });
    if (seen.length > 32) seen.pop();
  }
  return type;
}

for (const m of MNEMONICS) registerTypeParser('llvm.' + m, m === 'struct' ? parseStructMemoized : (p) => parseLLVMTypeBody(p, m));

// ---- helpers used by the ops ------------------------------------------------------------------------

/** Whether `t` is an LLVM pointer, or a vector of them. */
export function isPointerLike(t: Type): boolean {
  return t instanceof LLVMPointerType || (t instanceof VectorType && t.elementType instanceof LLVMPointerType);
}

/** i1 with the shape of `t` (scalar, or a vector of the same length), as LLVM comparisons return. */
export function i1SameShape(t: Type): Type {
  const i1 = IntegerType.get(1);
  return t instanceof VectorType ? VectorType.get(t.shape, i1) : i1;
}

/**
 * The type at `position` inside an aggregate (struct or array), as `llvm.extractvalue` / `insertvalue`
 * compute it. Returns an error message instead of a type when the position does not fit.
 */
export function aggregateElementType(container: Type, position: readonly number[]): Type | string {
  let t = container;
  for (const idx of position) {
    if (t instanceof LLVMArrayType) {
      if (idx < 0 || idx >= t.numElements) return `position out of bounds: ${idx}`;
      t = t.elementType;
    } else if (t instanceof LLVMStructType) {
      if (idx < 0 || idx >= t.body.length) return `position out of bounds: ${idx}`;
      t = t.body[idx]!;
    } else return `expected LLVM IR structure/array type, got: ${t.key}`;
  }
  return t;
}
