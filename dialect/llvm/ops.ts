/**
 * The LLVM dialect (`llvm.*`) as MLIR's LLVMOps.td / LLVMIntrinsicOps.td define it (the version Triton 3.6
 * pins): functions, globals, constants, arithmetic, casts, memory, aggregates, vectors, control flow,
 * calls, inline assembly and the `llvm.intr.*` intrinsics. Formats are ODS declarative formats; the ops
 * MLIR prints by hand (func, global, call, icmp/fcmp, GEP indices) use custom directives defined here.
 *
 * Unit attributes that ODS writes as `(`keyword` $attr^)?` are declared as `($attr^)?` with a kind that
 * prints its own keyword (same text, same spacing).
 */
import {
  ArrayAttr,
  Attribute,
  DenseArrayAttr,
  DenseElementsAttr,
  FloatAttr,
  IntegerAttr,
  StringAttr,
  SymbolRefAttr,
  TypeAttr,
  UnitAttr,
  printSymbolName,
} from '../ir/attribute.js';
import type { Operation, Value } from '../ir/ir.js';
import {
  defineCustomDirective,
  defineOp,
  type AttrSpec,
  type OpFormatParser,
  type OperandRef,
  type OperandSpec,
  type PendingOp,
  type TypeConstraint,
} from '../ir/op-definition.js';
import { FloatType, FunctionType, IndexType, IntegerType, ShapedType, VectorType, type Type } from '../ir/type.js';
import { anyAttr, arrayAttrOf, dictArrayAttr, flatSymbolRefAttr, i32Attr, i64Attr, stringAttr, typeAttr, unitAttrOf, unitKeywordAttr } from '../common/attr-kinds.js';
import {
  parseFunctionBody,
  parseFunctionSignature,
  printFunctionSignature,
  setArgAndResultAttrs,
} from '../common/function-format.js';
import {
  ASM_DIALECTS,
  CCONVS,
  FCMP_PREDICATES,
  FastmathFlagsAttr,
  GEP_NONE,
  ICMP_PREDICATES,
  LINKAGES,
  LLVMEnumAttr,
  NOT_ATOMIC,
  TAIL_CALL_KINDS,
  UNNAMED_ADDRS,
  VISIBILITIES,
  atomicOrderingKind,
  denseArrayKind,
  gepNoWrapFlagsKind,
  llvmEnumKind,
  overflowFlagsKind,
  predicateKind,
  valuedEnumKind,
} from './attrs.js';
import {
  LLVMArrayType,
  LLVMFunctionType,
  LLVMPointerType,
  LLVMStructType,
  LLVMType,
  LLVMVoidType,
  aggregateElementType,
  i1SameShape,
  isPointerLike,
} from './types.js';
import '../common/function-format.js';

// ---- type constraints --------------------------------------------------------------------------

/** A constraint that may also name the one type it admits (ODS BuildableType), so formats can omit it. */
interface BuildableConstraint extends TypeConstraint {
  readonly buildable?: () => Type;
}

const c = (description: string, matches: (t: Type) => boolean, buildable?: () => Type): BuildableConstraint =>
  buildable ? { description, matches, buildable } : { description, matches };

const scalarOrVector = (t: Type, el: (e: Type) => boolean): boolean => (t instanceof VectorType ? el(t.elementType) : el(t));
const isSignlessInt = (t: Type): boolean => t instanceof IntegerType && t.isSignless;
const isLLVMFloat = (t: Type): boolean => t instanceof FloatType;

export const llvmType = c('LLVM dialect-compatible type', (t) => !(t instanceof IndexType) && !(t instanceof FunctionType));
export const intOrIntVector = c('signless integer or LLVM vector of signless integer', (t) => scalarOrVector(t, isSignlessInt));
export const floatOrFloatVector = c('floating point LLVM type or LLVM vector of floating point LLVM type', (t) => scalarOrVector(t, isLLVMFloat));
export const pointerOrPointerVector = c('LLVM pointer or vector of LLVM pointers', isPointerLike);
export const anyPointer = c('LLVM pointer type', (t) => t instanceof LLVMPointerType);
export const anyVector = c('LLVM dialect-compatible vector type', (t) => t instanceof VectorType);
export const anyAggregate = c('LLVM aggregate type', (t) => t instanceof LLVMStructType || t instanceof LLVMArrayType);
export const anySignlessInteger = c('signless integer', isSignlessInt);
export const i1Type = c('1-bit signless integer', (t) => t instanceof IntegerType && t.width === 1 && t.isSignless, () => IntegerType.get(1));
export const i1OrI1Vector = c('1-bit signless integer or vector of 1-bit signless integer', (t) =>
  scalarOrVector(t, (e) => e instanceof IntegerType && e.width === 1 && e.isSignless),
);

/** An operand spec that keeps its name and kind as literal types (the op handles' accessors are typed by them). */
function operand<const N extends string>(name: N, type: TypeConstraint): { readonly name: N; readonly kind: 'single'; readonly type: TypeConstraint };
function operand<const N extends string, const K extends OperandSpec['kind']>(name: N, type: TypeConstraint, kind: K): { readonly name: N; readonly kind: K; readonly type: TypeConstraint };
function operand(name: string, type: TypeConstraint, kind: OperandSpec['kind'] = 'single'): OperandSpec {
  return { name, kind, type };
}

/**
 * The op-specific part of verification (operand/result constraints, counts and traits are checked by the
 * generic verifier from the definition).
 */
function verifier(extra?: (op: Operation) => string | undefined): (op: Operation) => string | undefined {
  return (op) => extra?.(op);
}

// ---- shared custom directives -----------------------------------------------------------------

function isOperandName(op: PendingOp, name: string): boolean {
  return op.def.operands.some((o) => o.name === name);
}

function setType(op: PendingOp, name: string, t: Type): void {
  if (isOperandName(op, name)) {
    const n = op.operands.get(name)?.length ?? 1;
    op.operandTypes.set(name, new Array<Type>(n).fill(t));
  } else op.resultTypes.set(name, [t]);
}

function typeOfGroup(op: Operation, name: string): Type | undefined {
  const def = op.def!;
  const i = def.operands.findIndex((o) => o.name === name);
  if (i >= 0) {
    // Ops using this have only single operands before the named one: operand i is group i.
    if (def.operands.slice(0, i + 1).every((o) => o.kind === 'single')) return op.operands[i]?.value.type;
    return op.operandGroup(name)[0]?.type;
  }
  const idx = op.def!.results.findIndex((r) => r.name === name);
  return op.results[idx]?.type;
}

/** `custom<LLVMSameType>(type($a), type($b), ...)`: one written type shared by all the named values. */
defineCustomDirective('LLVMSameType', {
  parse(p: OpFormatParser, op: PendingOp, args) {
    const t = p.parseType();
    for (const a of args) if (a.kind === 'type') setType(op, a.of, t);
  },
  print(p, op, args) {
    const first = args[0];
    const t = first && first.kind === 'type' ? typeOfGroup(op, first.of) : undefined;
    if (t) p.printType(t);
  },
});

/** `custom<LLVMVectorWithElement>(type($vector), type($value), type($res))`: the vector type; the value is its element. */
defineCustomDirective('LLVMVectorWithElement', {
  parse(p: OpFormatParser, op: PendingOp, args) {
    const at = p.pos();
    const t = p.parseType();
    if (!(t instanceof VectorType)) p.error(`expected LLVM dialect-compatible vector type, got '${t.key}'`, at);
    args.forEach((a, i) => {
      if (a.kind === 'type') setType(op, a.of, i === 1 ? t.elementType : t);
    });
  },
  print(p, op, args) {
    const first = args[0];
    const t = first && first.kind === 'type' ? typeOfGroup(op, first.of) : undefined;
    if (t) p.printType(t);
  },
});

/**
 * `custom<LLVMExtractValueType>(type($res))`: the extracted type, from the container type and position.
 * Prints nothing; only the space ODS emits before a custom directive remains (`... : !llvm.struct<...> `).
 */
defineCustomDirective('LLVMExtractValueType', {
  parse(p: OpFormatParser, op: PendingOp) {
    const container = op.operandTypes.get('container')?.[0];
    const pos = op.attributes.get('position');
    if (!container || !(pos instanceof DenseArrayAttr)) p.error('llvm.extractvalue: missing container type or position');
    const t = aggregateElementType(container, pos.values);
    if (typeof t === 'string') p.error(t);
    op.resultTypes.set('res', [t]);
  },
  print() {},
});

/** `custom<LLVMShuffleType>(type($res))`: a vector of the first operand's element type, one lane per mask entry. */
defineCustomDirective('LLVMShuffleType', {
  parse(p: OpFormatParser, op: PendingOp) {
    const v1 = op.operandTypes.get('v1')?.[0];
    const mask = op.attributes.get('mask');
    if (!(v1 instanceof VectorType)) p.error('expected an LLVM compatible vector type');
    const n = mask instanceof DenseArrayAttr ? mask.values.length : 0;
    op.resultTypes.set('res', [VectorType.get([n], v1.elementType)]);
  },
  print() {},
});

/** `custom<LLVMInsertValueType>(type($value))`: the inserted value's type, from the container type and position. */
defineCustomDirective('LLVMInsertValueType', {
  parse(p: OpFormatParser, op: PendingOp) {
    const container = op.operandTypes.get('container')?.[0];
    const pos = op.attributes.get('position');
    if (!container || !(pos instanceof DenseArrayAttr)) p.error('llvm.insertvalue: missing container type or position');
    const t = aggregateElementType(container, pos.values);
    if (typeof t === 'string') p.error(t);
    op.operandTypes.set('value', [t]);
  },
  print() {},
});

const K_DYNAMIC_INDEX = -2147483648;

/** `custom<GEPIndices>($dynamicIndices, $rawConstantIndices)`: `%i, 1, %j` with constants inline. */
defineCustomDirective('GEPIndices', {
  parse(p: OpFormatParser, op: PendingOp) {
    const refs: OperandRef[] = [];
    const raw: number[] = [];
    do {
      const ref = p.parseOptionalOperandRef();
      if (ref) {
        refs.push(ref);
        raw.push(K_DYNAMIC_INDEX);
      } else {
        const at = p.pos();
        const v = p.parseInteger();
        if (v < -2147483648n || v > 2147483647n) p.error('integer constant out of range for a GEP index', at);
        raw.push(Number(v));
      }
    } while (p.consumeIf(','));
    op.operands.set('dynamicIndices', refs);
    op.attributes.set('rawConstantIndices', DenseArrayAttr.get(IntegerType.get(32), raw));
  },
  print(p, op) {
    const raw = op.getAttr('rawConstantIndices') as DenseArrayAttr;
    const dyn = op.operandGroup('dynamicIndices');
    let k = 0;
    raw.values.forEach((v, i) => {
      if (i) p.write(', ');
      if (v === K_DYNAMIC_INDEX) p.printOperand(dyn[k++]!);
      else p.write(String(v));
    });
  },
});

// ---- functions --------------------------------------------------------------------------------

const symbolName = (p: OpFormatParser): string => (p as OpFormatParser & { symbolName(): string }).symbolName();

function parseKeywordOf(p: OpFormatParser, cases: readonly string[]): string | undefined {
  const kw = p.peekKeyword();
  if (kw !== undefined && kw !== '' && cases.includes(kw)) {
    p.parseKeyword();
    return kw;
  }
  return undefined;
}

function enumValue(op: Operation, name: string): string | undefined {
  const a = op.getAttr(name);
  return a instanceof LLVMEnumAttr ? a.value : undefined;
}

/**
 * `llvm.func [linkage] [visibility] [unnamed_addr] [cconv] @name(args) [-> result] [comdat(@c)]
 *  [attributes {...}] [body]` (LLVMFuncOp::print). `sym_visibility` is not a keyword here: it stays in
 * the attribute dictionary, as MLIR prints it.
 */
defineCustomDirective('LLVMFuncOp', {
  parse(p: OpFormatParser, op: PendingOp) {
    const linkage = parseKeywordOf(p, LINKAGES);
    if (linkage) op.attributes.set('linkage', LLVMEnumAttr.get('linkage', linkage));
    const vis = parseKeywordOf(p, VISIBILITIES);
    if (vis) op.attributes.set('visibility_', LLVMEnumAttr.get('visibility', vis));
    const ua = parseKeywordOf(p, UNNAMED_ADDRS);
    if (ua) op.attributes.set('unnamed_addr', LLVMEnumAttr.get('unnamed_addr', ua));
    const cc = parseKeywordOf(p, CCONVS);
    if (cc) op.attributes.set('CConv', LLVMEnumAttr.get('cconv', cc));
    const at = p.pos();
    op.attributes.set('sym_name', StringAttr.get(symbolName(p)));
    const sig = parseFunctionSignature(p);
    if (sig.results.length > 1) p.error('failed to construct function type: expected zero or one function result', at);
    for (const t of [...sig.argTypes, ...sig.results]) {
      if (!llvmType.matches(t)) p.error(`failed to construct function type: expected LLVM type for function arguments and results, got '${t.key}'`, at);
    }
    const fnType = LLVMFunctionType.get(sig.results[0] ?? LLVMVoidType.get(), sig.argTypes, sig.variadic);
    op.attributes.set('function_type', TypeAttr.get(fnType));
    if (p.consumeKeywordIf('comdat')) {
      p.expect('(');
      op.attributes.set('comdat', p.parseAttribute());
      p.expect(')');
    }
    if (p.consumeKeywordIf('attributes')) {
      const m = new Map<string, Attribute>();
      p.parseOptionalAttrDict(m);
      for (const [k, v] of m) op.attributes.set(k, v);
    }
    setArgAndResultAttrs(op, sig);
    parseFunctionBody(p, op, sig);
  },
  print(p, op) {
    const linkage = enumValue(op, 'linkage');
    if (linkage && linkage !== 'external') p.write(linkage + ' ');
    const vis = enumValue(op, 'visibility_');
    if (vis && vis !== 'default') p.write(vis + ' ');
    const ua = enumValue(op, 'unnamed_addr');
    if (ua && ua !== 'none') p.write(ua + ' ');
    const cc = enumValue(op, 'CConv');
    if (cc && cc !== 'ccc') p.write(cc + ' ');
    p.write(printSymbolName((op.getAttr('sym_name') as StringAttr).value));
    const ft = (op.getAttr('function_type') as TypeAttr).value as LLVMFunctionType;
    printFunctionSignature(p, op, ft.params, ft.results, ft.isVarArg);
    const comdat = op.getAttr('comdat');
    if (comdat) {
      p.write(' comdat(');
      p.printAttribute(comdat);
      p.write(')');
    }
    p.printOptionalAttrDict(
      op,
      ['sym_name', 'function_type', 'arg_attrs', 'res_attrs', 'linkage', 'CConv', 'visibility_', 'comdat', 'unnamed_addr', 'vscale_range'],
      true,
    );
    const body = op.region(0);
    if (body.blocks[0]) {
      p.write(' ');
      p.printRegion(body, { printEntryBlockArgs: false });
    }
  },
});

const FUNC_ATTRS = [
  { name: 'sym_name', kind: stringAttr },
  { name: 'sym_visibility', kind: stringAttr, optional: true },
  { name: 'function_type', kind: typeAttr },
  { name: 'linkage', kind: llvmEnumKind('linkage'), optional: true },
  { name: 'dso_local', kind: anyAttr, optional: true },
  { name: 'CConv', kind: llvmEnumKind('cconv'), optional: true },
  { name: 'comdat', kind: anyAttr, optional: true },
  { name: 'personality', kind: anyAttr, optional: true },
  { name: 'passthrough', kind: anyAttr, optional: true },
  { name: 'arg_attrs', kind: dictArrayAttr, optional: true },
  { name: 'res_attrs', kind: dictArrayAttr, optional: true },
  { name: 'visibility_', kind: anyAttr, optional: true },
  { name: 'unnamed_addr', kind: anyAttr, optional: true },
  { name: 'alignment', kind: anyAttr, optional: true },
  { name: 'no_inline', kind: anyAttr, optional: true },
  { name: 'always_inline', kind: anyAttr, optional: true },
  { name: 'no_unwind', kind: anyAttr, optional: true },
  { name: 'will_return', kind: anyAttr, optional: true },
  { name: 'target_cpu', kind: anyAttr, optional: true },
  { name: 'target_features', kind: anyAttr, optional: true },
] as const satisfies readonly AttrSpec[];

export const LLVMFuncOp = defineOp({
  name: 'llvm.func',
  summary: 'LLVM dialect function',
  attributes: FUNC_ATTRS,
  regions: ['body'],
  traits: ['IsolatedFromAbove', 'FunctionOpInterface', 'Symbol', 'AutomaticAllocationScope'],
  format: 'custom<LLVMFuncOp>($body)',
  verify: (op) => {
    const ft = op.getAttr('function_type');
    if (!(ft instanceof TypeAttr) || !(ft.value instanceof LLVMFunctionType)) return 'requires a function_type of !llvm.func type';
    const fn = ft.value;
    const entry = op.regions[0]?.blocks[0];
    if (!entry) {
      const l = enumValue(op, 'linkage') ?? 'external';
      if (l !== 'external' && l !== 'extern_weak') return "external functions must have 'external' or 'extern_weak' linkage";
      return undefined;
    }
    if (entry.args.length !== fn.params.length) {
      return `entry block must have ${fn.params.length} arguments to match function signature`;
    }
    for (const [i, a] of entry.args.entries()) {
      if (a.type !== fn.params[i]) return `type of entry block argument #${i}('${a.type.key}') must match the type of the corresponding argument in function signature('${fn.params[i]!.key}')`;
    }
    // Checked after the signature match (FunctionOpInterface's trait verifier runs before LLVMFuncOp::verifyRegions).
    for (const [i, a] of entry.args.entries()) if (!isLLVMCompatible(a.type)) return `entry block argument #${i} is not of LLVM type`;
    return undefined;
  },
});

// ---- globals ----------------------------------------------------------------------------------

/** Number of bytes a (byte-per-character) MLIR string attribute holds. */
function stringByteLength(s: string): number {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) > 0xff) return Buffer.byteLength(s, 'utf8');
  return s.length;
}

/**
 * `llvm.mlir.global linkage [visibility] [thread_local] [unnamed_addr] [constant] @name([value])
 *  [comdat(@c)] [{attrs}] [: type [initializer-region]]` (GlobalOp::print). The type is left out for
 * string globals (it is `!llvm.array<len x i8>`).
 */
defineCustomDirective('LLVMGlobalOp', {
  parse(p: OpFormatParser, op: PendingOp) {
    op.attributes.set('linkage', LLVMEnumAttr.get('linkage', parseKeywordOf(p, LINKAGES) ?? 'external'));
    const vis = parseKeywordOf(p, VISIBILITIES);
    if (vis) op.attributes.set('visibility_', LLVMEnumAttr.get('visibility', vis));
    const ua = parseKeywordOf(p, UNNAMED_ADDRS);
    if (ua) op.attributes.set('unnamed_addr', LLVMEnumAttr.get('unnamed_addr', ua));
    if (p.consumeKeywordIf('thread_local')) op.attributes.set('thread_local_', unitAttr());
    if (p.consumeKeywordIf('constant')) op.attributes.set('constant', unitAttr());
    op.attributes.set('sym_name', StringAttr.get(symbolName(p)));
    p.expect('(');
    let value: Attribute | undefined;
    if (!p.peek(')')) {
      value = p.parseAttribute();
      op.attributes.set('value', value);
    }
    p.expect(')');
    if (p.consumeKeywordIf('comdat')) {
      p.expect('(');
      op.attributes.set('comdat', p.parseAttribute());
      p.expect(')');
    }
    const m = new Map<string, Attribute>();
    const dictAt = p.pos();
    p.parseOptionalAttrDict(m);
    for (const [k, v] of m) {
      if (op.attributes.has(k)) p.error(`attribute '${k}' occurs twice`, dictAt);
      op.attributes.set(k, v);
    }
    let type: Type;
    if (p.consumeIf(':')) {
      type = p.parseType();
      if (p.peek('{')) op.regions.set('initializer', [p.parseRegion()]);
    } else {
      if (!(value instanceof StringAttr)) p.error('type can only be omitted for string globals');
      type = LLVMArrayType.get(IntegerType.get(8), stringByteLength(value.value));
    }
    if (!op.regions.has('initializer')) op.regions.set('initializer', []);
    op.attributes.set('global_type', TypeAttr.get(type));
  },
  print(p, op) {
    p.write((enumValue(op, 'linkage') ?? 'external') + ' ');
    const vis = enumValue(op, 'visibility_');
    if (vis && vis !== 'default') p.write(vis + ' ');
    if (op.getAttr('thread_local_')) p.write('thread_local ');
    const ua = enumValue(op, 'unnamed_addr');
    if (ua && ua !== 'none') p.write(ua + ' ');
    if (op.getAttr('constant')) p.write('constant ');
    p.write(printSymbolName((op.getAttr('sym_name') as StringAttr).value) + '(');
    const value = op.getAttr('value');
    if (value) p.printAttribute(value);
    p.write(')');
    const comdat = op.getAttr('comdat');
    if (comdat) {
      p.write(' comdat(');
      p.printAttribute(comdat);
      p.write(')');
    }
    p.printOptionalAttrDict(op, ['sym_name', 'global_type', 'constant', 'value', 'linkage', 'unnamed_addr', 'thread_local_', 'visibility_', 'comdat']);
    if (value instanceof StringAttr) return;
    p.write(' : ');
    p.printType((op.getAttr('global_type') as TypeAttr).value);
    const init = op.region(0);
    if (init.blocks.length) {
      p.write(' ');
      p.printRegion(init, { printEntryBlockArgs: false });
    }
  },
});

const unitAttr = (): UnitAttr => UnitAttr.get();

defineOp({
  name: 'llvm.mlir.global',
  summary: 'LLVM dialect global',
  attributes: [
    { name: 'global_type', kind: typeAttr },
    { name: 'constant', kind: anyAttr, optional: true },
    { name: 'sym_name', kind: stringAttr },
    { name: 'linkage', kind: llvmEnumKind('linkage') },
    { name: 'dso_local', kind: anyAttr, optional: true },
    { name: 'thread_local_', kind: anyAttr, optional: true },
    { name: 'externally_initialized', kind: anyAttr, optional: true },
    { name: 'value', kind: anyAttr, optional: true },
    { name: 'alignment', kind: i64Attr, optional: true },
    { name: 'addr_space', kind: i32Attr, optional: true },
    { name: 'unnamed_addr', kind: anyAttr, optional: true },
    { name: 'section', kind: stringAttr, optional: true },
    { name: 'comdat', kind: anyAttr, optional: true },
    { name: 'dbg_exprs', kind: anyAttr, optional: true },
    { name: 'visibility_', kind: anyAttr, optional: true },
  ],
  regions: ['initializer'],
  traits: ['IsolatedFromAbove', 'SingleBlockImplicitTerminator', 'Symbol'],
  format: 'custom<LLVMGlobalOp>($initializer)',
  verify: (op) => {
    const type = (op.getAttr('global_type') as TypeAttr | undefined)?.value;
    if (!type) return "requires attribute 'global_type'";
    const value = op.getAttr('value');
    if (value instanceof StringAttr) {
      if (!(type instanceof LLVMArrayType) || type.elementType !== IntegerType.get(8) || type.numElements !== stringByteLength(value.value)) {
        return 'requires an i8 array type of the length equal to that of the string attribute';
      }
    }
    const align = op.getAttr('alignment');
    if (align instanceof IntegerAttr && (align.value <= 0n || (align.value & (align.value - 1n)) !== 0n)) return 'alignment attribute is not a power of 2';
    if (value && op.regions[0]?.blocks.length) return 'cannot have both initializer value and region';
    return undefined;
  },
});

defineOp({
  name: 'llvm.mlir.addressof',
  summary: 'Creates a pointer pointing to a global, alias or a function',
  results: [{ name: 'res', kind: 'single', type: anyPointer }],
  attributes: [{ name: 'global_name', kind: { description: 'flat symbol reference', parse: (p) => p.parseAttribute(), print: (p, v) => p.printAttribute(v), verify: (v) => (v instanceof SymbolRefAttr && v.nested.length === 0 ? undefined : 'expected flat symbol reference') } }],
  traits: ['Pure', 'ConstantLike'],
  format: '$global_name attr-dict `:` qualified(type($res))',
  verify: verifier(),
});

// ---- constants ----------------------------------------------------------------------------------

for (const n of ['undef', 'poison', 'zero']) {
  defineOp({
    name: `llvm.mlir.${n}`,
    results: [{ name: 'res', kind: 'single', type: llvmType }],
    traits: ['Pure', 'ConstantLike'],
    format: 'attr-dict `:` type($res)',
    verify: verifier(),
  });
}
defineOp({
  name: 'llvm.mlir.none',
  results: ['res'],
  traits: ['Pure'],
  format: 'attr-dict `:` type($res)',
});

function elementCount(t: Type): number {
  if (t instanceof VectorType) return t.numElements * elementCount(t.elementType);
  if (t instanceof LLVMArrayType) return t.numElements * elementCount(t.elementType);
  return 1;
}

export const ConstantOp = defineOp({
  name: 'llvm.mlir.constant',
  summary: 'Defines a constant of LLVM type',
  results: [{ name: 'res', kind: 'single', type: llvmType }],
  attributes: [{ name: 'value', kind: anyAttr }],
  traits: ['Pure', 'ConstantLike'],
  format: '`(` $value `)` attr-dict `:` type($res)',
  verify: verifier((op) => {
    const v = op.getAttr('value');
    const t = op.result().type;
    if (v instanceof StringAttr) {
      if (!(t instanceof LLVMArrayType) || t.elementType !== IntegerType.get(8) || t.numElements !== stringByteLength(v.value)) {
        return `expected array type of ${stringByteLength(v.value)} i8 elements for the string constant`;
      }
      return undefined;
    }
    if (t instanceof LLVMStructType) {
      if (!(v instanceof ArrayAttr)) return 'expected array attribute for a struct constant';
      if (v.elements.length !== t.body.length) return `expected array attribute of size ${t.body.length}`;
      return undefined;
    }
    if (v instanceof IntegerAttr) return t instanceof IntegerType ? undefined : 'expected integer type';
    if (v instanceof FloatAttr) {
      if (t instanceof FloatType && t.width !== v.type.width) return `expected float type of width ${v.type.width}`;
      if (t instanceof IntegerType && t.width !== v.type.width) return `expected integer type of width ${v.type.width}`;
      return undefined;
    }
    if (v instanceof DenseElementsAttr || v instanceof ArrayAttr) {
      if (!(t instanceof VectorType) && !(t instanceof LLVMArrayType)) return 'expected vector or array type';
      const n = v instanceof DenseElementsAttr ? (v.type as ShapedType).numElements : v.elements.length;
      if (!(v instanceof DenseElementsAttr && v.isSplat) && elementCount(t) !== n) {
        return `type and attribute have a different number of elements: ${elementCount(t)} vs. ${n}`;
      }
      return undefined;
    }
    return 'only supports integer, float, string or elements attributes';
  }),
});

// ---- arithmetic ---------------------------------------------------------------------------------

const FASTMATH_SPEC: AttrSpec = {
  name: 'fastmathFlags',
  kind: anyAttr,
  default: FastmathFlagsAttr.none(),
};

const sameTypeCheck = (op: Operation): string | undefined => {
  const ts = [...op.operandValues.map((v) => v.type), ...op.results.map((r) => r.type)];
  return ts.every((t) => t === ts[0]) ? undefined : 'requires the same type for all operands and results';
};

function defineIntBinary(name: string, flag: 'overflow' | 'exact' | 'disjoint' | undefined, commutative: boolean): void {
  const attributes: AttrSpec[] = [];
  let format = '$lhs `,` $rhs attr-dict `:` type($res)';
  if (flag === 'overflow') {
    attributes.push({ name: 'overflowFlags', kind: overflowFlagsKind, optional: true });
    format = '$lhs `,` $rhs ($overflowFlags^)? attr-dict `:` type($res)';
  } else if (flag === 'exact') {
    attributes.push({ name: 'isExact', kind: unitKeywordAttr('exact'), optional: true });
    format = '($isExact^)? ' + format;
  } else if (flag === 'disjoint') {
    attributes.push({ name: 'isDisjoint', kind: unitKeywordAttr('disjoint'), optional: true });
    format = '($isDisjoint^)? ' + format;
  }
  defineOp({
    name: `llvm.${name}`,
    operands: [operand('lhs', intOrIntVector), operand('rhs', intOrIntVector)],
    results: [{ name: 'res', kind: 'single', type: intOrIntVector }],
    attributes,
    traits: ['Pure', 'SameOperandsAndResultType', ...(commutative ? ['Commutative'] : [])],
    format,
    verify: verifier(sameTypeCheck),
  });
}

defineIntBinary('add', 'overflow', true);
defineIntBinary('sub', 'overflow', false);
defineIntBinary('mul', 'overflow', true);
defineIntBinary('shl', 'overflow', false);
defineIntBinary('udiv', 'exact', false);
defineIntBinary('sdiv', 'exact', false);
defineIntBinary('lshr', 'exact', false);
defineIntBinary('ashr', 'exact', false);
defineIntBinary('or', 'disjoint', false);
defineIntBinary('urem', undefined, false);
defineIntBinary('srem', undefined, false);
defineIntBinary('and', undefined, false);
defineIntBinary('xor', undefined, false);

for (const n of ['fadd', 'fsub', 'fmul', 'fdiv', 'frem']) {
  defineOp({
    name: `llvm.${n}`,
    operands: [operand('lhs', floatOrFloatVector), operand('rhs', floatOrFloatVector)],
    results: [{ name: 'res', kind: 'single', type: floatOrFloatVector }],
    attributes: [FASTMATH_SPEC],
    traits: ['Pure', 'SameOperandsAndResultType'],
    format: '$lhs `,` $rhs attr-dict `:` type($res)',
    verify: verifier(sameTypeCheck),
  });
}
defineOp({
  name: 'llvm.fneg',
  operands: [operand('operand', floatOrFloatVector)],
  results: [{ name: 'res', kind: 'single', type: floatOrFloatVector }],
  attributes: [FASTMATH_SPEC],
  traits: ['Pure', 'SameOperandsAndResultType'],
  format: '$operand attr-dict `:` type($res)',
  verify: verifier(sameTypeCheck),
});

const cmpResultCheck = (op: Operation): string | undefined => {
  const lhs = op.operand(0).type;
  if (op.operand(1).type !== lhs) return 'requires all operands to have the same type';
  return op.result().type === i1SameShape(lhs) ? undefined : 'result type must be i1 with the shape of the operands';
};

defineOp({
  name: 'llvm.icmp',
  operands: [
    operand('lhs', c('integer, pointer, or vector thereof', (t) => scalarOrVector(t, (e) => isSignlessInt(e) || e instanceof LLVMPointerType))),
    operand('rhs', c('integer, pointer, or vector thereof', (t) => scalarOrVector(t, (e) => isSignlessInt(e) || e instanceof LLVMPointerType))),
  ],
  results: [{ name: 'res', kind: 'single', type: i1OrI1Vector }],
  attributes: [{ name: 'predicate', kind: predicateKind('llvm.icmp predicate', ICMP_PREDICATES) }],
  traits: ['Pure', 'SameTypeOperands'],
  format: '$predicate $lhs `,` $rhs attr-dict `:` type($lhs)',
  inferResultTypes: (ts) => [i1SameShape(ts[0]!)],
  verify: verifier(cmpResultCheck),
});
defineOp({
  name: 'llvm.fcmp',
  operands: [operand('lhs', floatOrFloatVector), operand('rhs', floatOrFloatVector)],
  results: [{ name: 'res', kind: 'single', type: i1OrI1Vector }],
  attributes: [{ name: 'predicate', kind: predicateKind('llvm.fcmp predicate', FCMP_PREDICATES) }, FASTMATH_SPEC],
  traits: ['Pure', 'SameTypeOperands'],
  format: '$predicate $lhs `,` $rhs attr-dict `:` type($lhs)',
  inferResultTypes: (ts) => [i1SameShape(ts[0]!)],
  verify: verifier(cmpResultCheck),
});

defineOp({
  name: 'llvm.select',
  operands: [operand('condition', i1OrI1Vector), operand('trueValue', llvmType), operand('falseValue', llvmType)],
  results: [{ name: 'res', kind: 'single', type: llvmType }],
  attributes: [FASTMATH_SPEC],
  traits: ['Pure'],
  format: '$condition `,` $trueValue `,` $falseValue attr-dict `:` type($condition) `,` custom<LLVMSameType>(type($res), type($trueValue), type($falseValue))',
  verify: verifier((op) =>
    op.operand(1).type === op.operand(2).type && op.operand(1).type === op.result().type
      ? undefined
      : "failed to verify that all of {trueValue, falseValue, res} have same type",
  ),
});

defineOp({
  name: 'llvm.freeze',
  operands: [operand('val', llvmType)],
  results: ['res'],
  traits: ['Pure', 'SameOperandsAndResultType'],
  format: '$val attr-dict `:` type($val)',
  verify: verifier(sameTypeCheck),
});

// ---- casts --------------------------------------------------------------------------------------

const nonAggregate = c('LLVM non-aggregate type', (t) => !(t instanceof LLVMStructType) && !(t instanceof LLVMArrayType) && llvmType.matches(t));

function defineCast<const N extends string>(name: N, from: TypeConstraint, to: TypeConstraint, flag?: 'nneg' | 'overflow', extra?: (op: Operation) => string | undefined) {
  const attributes: AttrSpec[] = [];
  let format = '$arg attr-dict `:` type($arg) `to` type($res)';
  if (flag === 'nneg') {
    attributes.push({ name: 'nonNeg', kind: unitKeywordAttr('nneg'), optional: true });
    format = '($nonNeg^)? ' + format;
  } else if (flag === 'overflow') {
    attributes.push({ name: 'overflowFlags', kind: overflowFlagsKind, optional: true });
    format = '$arg ($overflowFlags^)? attr-dict `:` type($arg) `to` type($res)';
  }
  return defineOp({
    name: `llvm.${name}`,
    operands: [operand('arg', from)],
    results: [{ name: 'res', kind: 'single', type: to }],
    attributes,
    traits: ['Pure'],
    format,
    verify: verifier(extra),
  });
}

const widthOf = (t: Type): number => {
  const e = t instanceof VectorType ? t.elementType : t;
  return e instanceof IntegerType || e instanceof FloatType ? e.width : 0;
};
const extCheck = (op: Operation): string | undefined => {
  const a = op.operand(0).type;
  const r = op.result().type;
  if ((a instanceof VectorType) !== (r instanceof VectorType)) return 'input and output must both be vectors or both be scalars';
  if (a instanceof VectorType && r instanceof VectorType && a.numElements !== r.numElements) return 'input and output vectors are of incompatible shape';
  return widthOf(r) > widthOf(a) ? undefined : 'integer width of the output type is smaller or equal to the integer width of the input type';
};
const bitcastCheck = (op: Operation): string | undefined => {
  const a = op.operand(0).type;
  const r = op.result().type;
  if (isPointerLike(a) !== isPointerLike(r)) return 'can only cast pointers from and to pointers';
  const pa = a instanceof VectorType ? a.elementType : a;
  const pr = r instanceof VectorType ? r.elementType : r;
  if (pa instanceof LLVMPointerType && pr instanceof LLVMPointerType && pa.addressSpace !== pr.addressSpace) {
    return "cannot cast pointers of different address spaces, use 'llvm.addrspacecast' instead";
  }
  return undefined;
};

export const BitcastOp = defineCast('bitcast', nonAggregate, nonAggregate, undefined, bitcastCheck);
export const AddrSpaceCastOp = defineCast('addrspacecast', pointerOrPointerVector, pointerOrPointerVector);
defineCast('inttoptr', intOrIntVector, pointerOrPointerVector);
defineCast('ptrtoint', pointerOrPointerVector, intOrIntVector);
defineCast('sext', intOrIntVector, intOrIntVector, undefined, extCheck);
defineCast('zext', intOrIntVector, intOrIntVector, 'nneg', extCheck);
defineCast('trunc', intOrIntVector, intOrIntVector, 'overflow');
defineCast('sitofp', intOrIntVector, floatOrFloatVector);
defineCast('uitofp', intOrIntVector, floatOrFloatVector, 'nneg');
defineCast('fptosi', floatOrFloatVector, intOrIntVector);
defineCast('fptoui', floatOrFloatVector, intOrIntVector);
defineCast('fpext', floatOrFloatVector, floatOrFloatVector);
defineCast('fptrunc', floatOrFloatVector, floatOrFloatVector);

// ---- memory -------------------------------------------------------------------------------------

const ALIAS_ATTRS: AttrSpec[] = ['access_groups', 'alias_scopes', 'noalias_scopes', 'tbaa'].map((name) => ({ name, kind: anyAttr, optional: true }));

defineOp({
  name: 'llvm.alloca',
  operands: [operand('arraySize', anySignlessInteger)],
  results: [{ name: 'res', kind: 'single', type: anyPointer }],
  attributes: [
    { name: 'alignment', kind: i64Attr, optional: true },
    { name: 'elem_type', kind: typeAttr },
    { name: 'inalloca', kind: unitKeywordAttr('inalloca'), optional: true },
  ],
  format: '($inalloca^)? $arraySize `x` $elem_type attr-dict `:` functional-type($arraySize, $res)',
  verify: verifier(),
});

const loadableType = c('LLVM type with size', (t) => llvmType.matches(t) && !(t instanceof LLVMVoidType) && !(t instanceof LLVMFunctionType));
const SYNCSCOPE: AttrSpec = { name: 'syncscope', kind: stringAttr, optional: true };

defineOp({
  name: 'llvm.load',
  operands: [operand('addr', anyPointer)],
  results: [{ name: 'res', kind: 'single', type: loadableType }],
  attributes: [
    { name: 'alignment', kind: i64Attr, optional: true },
    { name: 'volatile_', kind: unitKeywordAttr('volatile'), optional: true },
    { name: 'nontemporal', kind: anyAttr, optional: true },
    { name: 'invariant', kind: unitKeywordAttr('invariant'), optional: true },
    { name: 'invariantGroup', kind: unitKeywordAttr('invariant_group'), optional: true },
    { name: 'ordering', kind: atomicOrderingKind, default: NOT_ATOMIC },
    SYNCSCOPE,
    ...ALIAS_ATTRS,
  ],
  format:
    '($volatile_^)? $addr (`atomic` (`syncscope` `(` $syncscope^ `)`)? $ordering^)? ($invariant^)? ($invariantGroup^)? attr-dict `:` qualified(type($addr)) `->` type($res)',
  verify: verifier((op) => {
    const ord = op.getAttr('ordering');
    if (ord instanceof IntegerAttr && ord.num !== 0 && !op.getAttr('alignment')) return 'expected alignment for atomic access';
    if (op.getAttr('syncscope') && !(ord instanceof IntegerAttr && ord.num !== 0)) return 'expected syncscope to be null for non-atomic access';
    return undefined;
  }),
});

defineOp({
  name: 'llvm.store',
  operands: [operand('value', loadableType), operand('addr', anyPointer)],
  attributes: [
    { name: 'alignment', kind: i64Attr, optional: true },
    { name: 'volatile_', kind: unitKeywordAttr('volatile'), optional: true },
    { name: 'nontemporal', kind: anyAttr, optional: true },
    { name: 'invariantGroup', kind: unitKeywordAttr('invariant_group'), optional: true },
    { name: 'ordering', kind: atomicOrderingKind, default: NOT_ATOMIC },
    SYNCSCOPE,
    ...ALIAS_ATTRS,
  ],
  format:
    '($volatile_^)? $value `,` $addr (`atomic` (`syncscope` `(` $syncscope^ `)`)? $ordering^)? ($invariantGroup^)? attr-dict `:` type($value) `,` qualified(type($addr))',
  verify: verifier((op) => {
    const ord = op.getAttr('ordering');
    if (ord instanceof IntegerAttr && ord.num !== 0 && !op.getAttr('alignment')) return 'expected alignment for atomic access';
    return undefined;
  }),
});

/** The element type a GEP index list leads to (undefined when an index does not fit the type). */
function gepIndexedType(elem: Type, raw: readonly number[]): string | undefined {
  let t: Type = elem;
  for (let i = 1; i < raw.length; i++) {
    const idx = raw[i]!;
    if (t instanceof LLVMStructType) {
      if (idx === K_DYNAMIC_INDEX) return `expected index ${i} indexing a struct to be constant`;
      if (idx < 0 || idx >= t.body.length) return `index ${i} indexing a struct is out of bounds`;
      t = t.body[idx]!;
    } else if (t instanceof LLVMArrayType || t instanceof VectorType) t = t.elementType;
    else return `type ${t.key} cannot be indexed (index #${i})`;
  }
  return undefined;
}

defineOp({
  name: 'llvm.getelementptr',
  operands: [operand('base', pointerOrPointerVector), operand('dynamicIndices', intOrIntVector, 'variadic')],
  results: [{ name: 'res', kind: 'single', type: pointerOrPointerVector }],
  attributes: [
    { name: 'rawConstantIndices', kind: denseArrayKind(32) },
    { name: 'elem_type', kind: typeAttr },
    { name: 'noWrapFlags', kind: gepNoWrapFlagsKind, default: GEP_NONE },
  ],
  traits: ['Pure'],
  format:
    '($noWrapFlags^)? $base `[` custom<GEPIndices>($dynamicIndices, $rawConstantIndices) `]` attr-dict `:` functional-type(operands, results) `,` $elem_type',
  verify: verifier((op) => {
    const raw = op.getAttr('rawConstantIndices');
    if (!(raw instanceof DenseArrayAttr)) return "requires attribute 'rawConstantIndices'";
    const nDyn = raw.values.filter((v) => v === K_DYNAMIC_INDEX).length;
    if (nDyn !== op.operandGroup('dynamicIndices').length) return "expected as many dynamic indices as specified in 'rawConstantIndices'";
    const elem = op.getAttr('elem_type');
    if (!(elem instanceof TypeAttr)) return "requires attribute 'elem_type'";
    return gepIndexedType(elem.value, raw.values);
  }),
});

// ---- aggregates and vectors ------------------------------------------------------------------

const positionKind = denseArrayKind(64);

export const ExtractValueOp = defineOp({
  name: 'llvm.extractvalue',
  operands: [operand('container', anyAggregate)],
  results: [{ name: 'res', kind: 'single', type: llvmType }],
  attributes: [{ name: 'position', kind: positionKind }],
  traits: ['Pure'],
  format: '$container `` $position attr-dict `:` type($container) custom<LLVMExtractValueType>(type($res))',
  verify: verifier((op) => {
    const pos = op.getAttr('position') as DenseArrayAttr;
    const t = aggregateElementType(op.operand(0).type, pos.values);
    if (typeof t === 'string') return t;
    return t === op.result().type ? undefined : `Type mismatch: extracting from ${op.operand(0).type.key} should produce ${t.key} but this op returns ${op.result().type.key}`;
  }),
});

export const InsertValueOp = defineOp({
  name: 'llvm.insertvalue',
  operands: [operand('container', anyAggregate), operand('value', llvmType)],
  results: [{ name: 'res', kind: 'single', type: anyAggregate }],
  attributes: [{ name: 'position', kind: positionKind }],
  traits: ['Pure'],
  format: '$value `,` $container `` $position attr-dict `:` type($container) custom<LLVMInsertValueType>(type($value))',
  inferResultTypes: (ts) => [ts[0]!],
  verify: verifier((op) => {
    const pos = op.getAttr('position') as DenseArrayAttr;
    const t = aggregateElementType(op.operand(0).type, pos.values);
    if (typeof t === 'string') return t;
    if (op.result().type !== op.operand(0).type) return "failed to verify that all of {container, res} have same type";
    return t === op.operand(1).type ? undefined : `Type mismatch: cannot insert ${op.operand(1).type.key} into ${op.operand(0).type.key}`;
  }),
});

defineOp({
  name: 'llvm.extractelement',
  operands: [operand('vector', anyVector), operand('position', anySignlessInteger)],
  results: [{ name: 'res', kind: 'single', type: llvmType }],
  traits: ['Pure'],
  format: '$vector `[` $position `:` type($position) `]` attr-dict `:` custom<LLVMVectorWithElement>(type($vector), type($res))',
  verify: verifier((op) =>
    op.result().type === (op.operand(0).type as VectorType).elementType ? undefined : 'failed to verify that result type matches vector element type',
  ),
});

defineOp({
  name: 'llvm.insertelement',
  operands: [operand('vector', anyVector), operand('value', llvmType), operand('position', anySignlessInteger)],
  results: [{ name: 'res', kind: 'single', type: anyVector }],
  traits: ['Pure'],
  format: '$value `,` $vector `[` $position `:` type($position) `]` attr-dict `:` custom<LLVMVectorWithElement>(type($vector), type($value), type($res))',
  verify: verifier((op) => {
    const v = op.operand(0).type as VectorType;
    if (op.operand(1).type !== v.elementType) return 'failed to verify that argument type matches vector element type';
    return op.result().type === v ? undefined : 'failed to verify that all of {res, vector} have same type';
  }),
});

defineOp({
  name: 'llvm.shufflevector',
  operands: [operand('v1', anyVector), operand('v2', anyVector)],
  results: [{ name: 'res', kind: 'single', type: anyVector }],
  attributes: [{ name: 'mask', kind: denseArrayKind(32) }],
  traits: ['Pure', 'SameTypeOperands'],
  format: '$v1 `,` $v2 $mask attr-dict `:` type($v1) custom<LLVMShuffleType>(type($res))',
  verify: verifier((op) => (op.operand(0).type === op.operand(1).type ? undefined : "failed to verify that all of {v1, v2} have same type")),
});

// ---- control flow ---------------------------------------------------------------------------

/** Checks that the operands forwarded to each successor match its block arguments. */
function successorOperandsCheck(groups: readonly string[]) {
  return (op: Operation): string | undefined => {
    for (const [i, g] of groups.entries()) {
      const block = op.successors[i];
      if (!block) return `expected ${groups.length} successors`;
      const vals = op.operandGroup(g);
      if (vals.length !== block.args.length) {
        return `branch has ${vals.length} operands for successor #${i}, but target block has ${block.args.length}`;
      }
      for (const [k, v] of vals.entries()) {
        if (v.type !== block.args[k]!.type) return `type mismatch for bb argument #${k} of successor #${i}`;
      }
    }
    return undefined;
  };
}

export const BrOp = defineOp({
  name: 'llvm.br',
  operands: [operand('destOperands', llvmType, 'variadic')],
  attributes: [{ name: 'loop_annotation', kind: anyAttr, optional: true }],
  successors: ['dest'],
  traits: ['Pure', 'Terminator'],
  format: '$dest (`(` $destOperands^ `:` type($destOperands) `)`)? attr-dict',
  verify: verifier(successorOperandsCheck(['destOperands'])),
});

export const CondBrOp = defineOp({
  name: 'llvm.cond_br',
  operands: [operand('condition', i1Type), operand('trueDestOperands', llvmType, 'variadic'), operand('falseDestOperands', llvmType, 'variadic')],
  attributes: [
    { name: 'branch_weights', kind: denseArrayKind(32), optional: true },
    { name: 'loop_annotation', kind: anyAttr, optional: true },
  ],
  successors: ['trueDest', 'falseDest'],
  traits: ['Pure', 'Terminator', 'AttrSizedOperandSegments'],
  format:
    '$condition (`weights` `(` $branch_weights^ `)`)? `,` $trueDest (`(` $trueDestOperands^ `:` type($trueDestOperands) `)`)? `,` $falseDest (`(` $falseDestOperands^ `:` type($falseDestOperands) `)`)? attr-dict',
  verify: verifier(successorOperandsCheck(['trueDestOperands', 'falseDestOperands'])),
});

export const ReturnOp = defineOp({
  name: 'llvm.return',
  operands: [operand('arg', llvmType, 'optional')],
  traits: ['Pure', 'Terminator', 'ReturnLike'],
  format: 'attr-dict ($arg^ `:` type($arg))?',
  verify: verifier((op) => {
    const fn = op.getParentWhere((p) => p.name === 'llvm.func');
    if (!fn) return undefined;
    const ft = (fn.getAttr('function_type') as TypeAttr | undefined)?.value;
    if (!(ft instanceof LLVMFunctionType)) return undefined;
    const expected = ft.results;
    if (expected.length !== op.operands.length) return expected.length ? 'expected 1 operand' : 'expected no operands';
    if (expected.length && op.operand(0).type !== expected[0]) return 'mismatching result types';
    return undefined;
  }),
});

defineOp({
  name: 'llvm.unreachable',
  traits: ['Terminator'],
  format: 'attr-dict',
});

// ---- calls and inline assembly ---------------------------------------------------------------

/**
 * `llvm.call [cconv] [tailcallkind] (@callee | %fnptr)(args) [vararg(!llvm.func<...>)] [{attrs}]
 *  : [!llvm.ptr,] (arg types) -> results` (CallOp::print).
 */
defineCustomDirective('LLVMCallOp', {
  parse(p: OpFormatParser, op: PendingOp) {
    const cc = parseKeywordOf(p, CCONVS);
    if (cc) op.attributes.set('CConv', LLVMEnumAttr.get('cconv', cc));
    const tck = parseKeywordOf(p, TAIL_CALL_KINDS);
    if (tck) op.attributes.set('TailCallKind', LLVMEnumAttr.get('tailcallkind', tck));
    const refs: OperandRef[] = [];
    const fnPtr = p.parseOptionalOperandRef();
    if (fnPtr) refs.push(fnPtr);
    else {
      const at = p.pos();
      const callee = p.parseAttribute();
      if (!(callee instanceof SymbolRefAttr)) p.error('expected symbol reference or SSA value as callee', at);
      op.attributes.set('callee', callee);
    }
    p.expect('(');
    if (!p.peek(')')) {
      do refs.push(p.parseOperandRef());
      while (p.consumeIf(','));
    }
    p.expect(')');
    if (p.consumeKeywordIf('vararg')) {
      p.expect('(');
      const at = p.pos();
      const t = p.parseType();
      if (!(t instanceof LLVMFunctionType)) p.error('expected !llvm.func type', at);
      op.attributes.set('var_callee_type', TypeAttr.get(t));
      p.expect(')');
    }
    if (p.peek('[')) p.error('operand bundles are not supported');
    const m = new Map<string, Attribute>();
    p.parseOptionalAttrDict(m);
    for (const [k, v] of m) op.attributes.set(k, v);
    p.expect(':');
    const types: Type[] = [];
    const at = p.pos();
    if (fnPtr) {
      types.push(p.parseType());
      p.expect(',');
    }
    const fnAt = p.pos();
    const ft = p.parseType();
    if (!(ft instanceof FunctionType)) p.error('expected trailing function type', fnPtr ? fnAt : at);
    if (ft.results.length > 1) p.error('expected function with 0 or 1 result', fnAt);
    if (ft.results[0] instanceof LLVMVoidType) p.error('expected a non-void result type', fnAt);
    types.push(...ft.inputs);
    if (types.length !== refs.length) p.error(`${refs.length} operands present, but expected ${types.length}`, fnAt);
    op.operands.set('callee_operands', refs);
    op.operandTypes.set('callee_operands', types);
    op.resultTypes.set('result', [...ft.results]);
  },
  print(p, op) {
    const cc = enumValue(op, 'CConv');
    if (cc && cc !== 'ccc') p.write(cc + ' ');
    const tck = enumValue(op, 'TailCallKind');
    if (tck && tck !== 'none') p.write(tck + ' ');
    const callee = op.getAttr('callee');
    const all = op.operandValues;
    const args: Value[] = callee ? all : all.slice(1);
    if (callee) p.printAttribute(callee);
    else p.printOperand(all[0]!);
    p.write('(');
    p.printOperands(args);
    p.write(')');
    const vct = op.getAttr('var_callee_type');
    if (vct instanceof TypeAttr) {
      p.write(' vararg(');
      p.printType(vct.value);
      p.write(')');
    }
    p.printOptionalAttrDict(op, ['callee', 'TailCallKind', 'var_callee_type', 'CConv', 'operandSegmentSizes', 'op_bundle_sizes', 'op_bundle_tags']);
    p.write(' : ');
    if (!callee) {
      p.printType(all[0]!.type);
      p.write(', ');
    }
    p.printType(FunctionType.get(args.map((v) => v.type), op.results.map((r) => r.type)));
  },
});

defineOp({
  name: 'llvm.call',
  operands: [operand('callee_operands', llvmType, 'variadic')],
  results: [{ name: 'result', kind: 'optional', type: llvmType }],
  attributes: [
    { name: 'var_callee_type', kind: typeAttr, optional: true },
    { name: 'callee', kind: flatSymbolRefAttr, optional: true },
    FASTMATH_SPEC,
    { name: 'CConv', kind: llvmEnumKind('cconv'), optional: true },
    { name: 'TailCallKind', kind: llvmEnumKind('tailcallkind'), optional: true },
    { name: 'memory_effects', kind: anyAttr, optional: true },
    { name: 'convergent', kind: unitAttrOf, optional: true },
    { name: 'no_unwind', kind: unitAttrOf, optional: true },
    { name: 'will_return', kind: unitAttrOf, optional: true },
    { name: 'arg_attrs', kind: arrayAttrOf, optional: true },
    { name: 'res_attrs', kind: arrayAttrOf, optional: true },
    { name: 'no_inline', kind: unitAttrOf, optional: true },
    { name: 'always_inline', kind: unitAttrOf, optional: true },
    { name: 'inline_hint', kind: unitAttrOf, optional: true },
    ...ALIAS_ATTRS,
  ],
  format: 'custom<LLVMCallOp>()',
  verify: verifier((op) => {
    if (!op.getAttr('callee') && !(op.operands[0] && op.operand(0).type instanceof LLVMPointerType)) {
      return 'must have either a `callee` attribute or a pointer as first operand';
    }
    return op.results.length > 1 ? 'expected LLVM function call to produce 0 or 1 result' : undefined;
  }),
});

defineOp({
  name: 'llvm.call_intrinsic',
  operands: [operand('args', llvmType, 'variadic')],
  results: [{ name: 'results', kind: 'optional', type: llvmType }],
  attributes: [
    { name: 'intrin', kind: stringAttr },
    FASTMATH_SPEC,
    { name: 'arg_attrs', kind: anyAttr, optional: true },
    { name: 'res_attrs', kind: anyAttr, optional: true },
  ],
  format: '$intrin `(` $args `)` attr-dict `:` functional-type($args, $results)',
  verify: verifier((op) => {
    const name = (op.getAttr('intrin') as StringAttr | undefined)?.value ?? '';
    return name.startsWith('llvm.') ? undefined : "intrinsic name must start with 'llvm.'";
  }),
});

defineOp({
  name: 'llvm.inline_asm',
  operands: [operand('operands', llvmType, 'variadic')],
  results: [{ name: 'res', kind: 'optional', type: llvmType }],
  attributes: [
    { name: 'asm_string', kind: stringAttr },
    { name: 'constraints', kind: stringAttr },
    { name: 'has_side_effects', kind: unitKeywordAttr('has_side_effects'), optional: true },
    { name: 'is_align_stack', kind: unitKeywordAttr('is_align_stack'), optional: true },
    { name: 'tail_call_kind', kind: llvmEnumKind('tailcallkind'), default: LLVMEnumAttr.get('tailcallkind', 'none') },
    { name: 'asm_dialect', kind: llvmEnumKind('asm_dialect'), optional: true },
    { name: 'operand_attrs', kind: anyAttr, optional: true },
  ],
  format:
    '($has_side_effects^)? ($is_align_stack^)? (`tail_call_kind` `=` $tail_call_kind^)? (`asm_dialect` `=` $asm_dialect^)? (`operand_attrs` `=` $operand_attrs^)? attr-dict $asm_string `,` $constraints operands `:` functional-type(operands, results)',
  verify: verifier((op) => {
    const d = op.getAttr('asm_dialect');
    if (d && !(d instanceof LLVMEnumAttr && ASM_DIALECTS.includes(d.value))) return 'invalid asm_dialect';
    return undefined;
  }),
});

// ---- atomics --------------------------------------------------------------------------------

const ATOMIC_BIN_OPS: readonly (readonly [string, number])[] = [
  'xchg', 'add', 'sub', '_and', 'nand', '_or', '_xor', 'max', 'min', 'umax', 'umin', 'fadd', 'fsub', 'fmax', 'fmin',
  'uinc_wrap', 'udec_wrap', 'usub_cond', 'usub_sat', 'fmaximum', 'fminimum',
].map((n, i) => [n, i] as const);

defineOp({
  name: 'llvm.atomicrmw',
  operands: [operand('ptr', anyPointer), operand('val', llvmType)],
  results: [{ name: 'res', kind: 'single', type: llvmType }],
  attributes: [
    { name: 'bin_op', kind: valuedEnumKind('atomic bin op', ATOMIC_BIN_OPS) },
    { name: 'ordering', kind: atomicOrderingKind },
    SYNCSCOPE,
    { name: 'alignment', kind: i64Attr, optional: true },
    { name: 'volatile_', kind: unitKeywordAttr('volatile'), optional: true },
    ...ALIAS_ATTRS,
  ],
  format: '($volatile_^)? $bin_op $ptr `,` $val (`syncscope` `(` $syncscope^ `)`)? $ordering attr-dict `:` qualified(type($ptr)) `,` type($val)',
  inferResultTypes: (ts) => [ts[1]!],
  verify: verifier((op) => (op.result().type === op.operand(1).type ? undefined : 'result #0 and operand #1 must have the same type')),
});

defineOp({
  name: 'llvm.cmpxchg',
  operands: [operand('ptr', anyPointer), operand('cmp', llvmType), operand('val', llvmType)],
  results: [{ name: 'res', kind: 'single', type: c('LLVM struct type', (t) => t instanceof LLVMStructType) }],
  attributes: [
    { name: 'success_ordering', kind: atomicOrderingKind },
    { name: 'failure_ordering', kind: atomicOrderingKind },
    SYNCSCOPE,
    { name: 'alignment', kind: i64Attr, optional: true },
    { name: 'weak', kind: unitKeywordAttr('weak'), optional: true },
    { name: 'volatile_', kind: unitKeywordAttr('volatile'), optional: true },
    ...ALIAS_ATTRS,
  ],
  format:
    '($weak^)? ($volatile_^)? $ptr `,` $cmp `,` $val (`syncscope` `(` $syncscope^ `)`)? $success_ordering $failure_ordering attr-dict `:` qualified(type($ptr)) `,` custom<LLVMSameType>(type($val), type($cmp))',
  inferResultTypes: (ts) => [LLVMStructType.getLiteral([ts[2]!, IntegerType.get(1)])],
  verify: verifier((op) => (op.operand(1).type === op.operand(2).type ? undefined : 'operand #1 and operand #2 must have the same type')),
});

defineOp({
  name: 'llvm.fence',
  attributes: [{ name: 'ordering', kind: atomicOrderingKind }, SYNCSCOPE],
  format: '(`syncscope` `(` $syncscope^ `)`)? $ordering attr-dict',
});

// ---- intrinsics -----------------------------------------------------------------------------

const INTRINSIC_FORMAT = '`(` operands `)` attr-dict `:` functional-type(operands, results)';

function defineIntrinsic(name: string, arity: number, element: TypeConstraint, fastmath: boolean, sameType = true): void {
  const names = arity === 1 ? ['in'] : ['a', 'b', 'c'].slice(0, arity);
  defineOp({
    name: `llvm.intr.${name}`,
    operands: names.map((n) => operand(n, element)),
    results: [{ name: 'res', kind: 'single', type: element }],
    attributes: fastmath ? [FASTMATH_SPEC] : [],
    traits: ['Pure', ...(sameType ? ['SameOperandsAndResultType'] : [])],
    format: INTRINSIC_FORMAT,
    verify: verifier(sameType ? sameTypeCheck : undefined),
  });
}

for (const n of ['fabs', 'ceil', 'floor', 'sqrt', 'exp', 'exp2', 'exp10', 'log', 'log2', 'log10', 'sin', 'cos', 'tan', 'asin', 'acos', 'atan', 'sinh', 'cosh', 'tanh', 'round', 'roundeven', 'trunc', 'rint', 'nearbyint']) {
  defineIntrinsic(n, 1, floatOrFloatVector, true);
}
for (const n of ['copysign', 'pow', 'maxnum', 'minnum', 'maximum', 'minimum', 'atan2']) defineIntrinsic(n, 2, floatOrFloatVector, true);
for (const n of ['fma', 'fmuladd']) defineIntrinsic(n, 3, floatOrFloatVector, true);
for (const n of ['bitreverse', 'bswap', 'ctpop']) defineIntrinsic(n, 1, intOrIntVector, false);
for (const n of ['smax', 'smin', 'umax', 'umin']) defineIntrinsic(n, 2, intOrIntVector, false);
for (const n of ['fshl', 'fshr']) defineIntrinsic(n, 3, intOrIntVector, false);
for (const n of ['powi', 'ldexp']) {
  defineOp({
    name: `llvm.intr.${n}`,
    operands: [operand('val', floatOrFloatVector), operand('power', intOrIntVector)],
    results: [{ name: 'res', kind: 'single', type: floatOrFloatVector }],
    attributes: [FASTMATH_SPEC],
    traits: ['Pure'],
    format: INTRINSIC_FORMAT,
  });
}
for (const n of ['lround', 'llround', 'lrint', 'llrint']) {
  defineOp({
    name: `llvm.intr.${n}`,
    operands: [operand('val', floatOrFloatVector)],
    results: [{ name: 'res', kind: 'single', type: intOrIntVector }],
    traits: ['Pure'],
    format: INTRINSIC_FORMAT,
  });
}
for (const n of ['scmp', 'ucmp']) {
  defineOp({
    name: `llvm.intr.${n}`,
    operands: [operand('a', intOrIntVector), operand('b', intOrIntVector)],
    results: [{ name: 'res', kind: 'single', type: intOrIntVector }],
    traits: ['Pure', 'SameTypeOperands'],
    format: INTRINSIC_FORMAT,
  });
}
defineOp({
  name: 'llvm.intr.ptrmask',
  operands: [operand('ptr', pointerOrPointerVector), operand('mask', intOrIntVector)],
  results: [{ name: 'res', kind: 'single', type: pointerOrPointerVector }],
  traits: ['Pure'],
  format: INTRINSIC_FORMAT,
});

// Intrinsics with immediate arguments have no custom form: MLIR prints them generically,
// e.g. `"llvm.intr.abs"(%x) <{is_int_min_poison = false}> : (i32) -> i32`.
defineOp({
  name: 'llvm.intr.abs',
  operands: [operand('in', intOrIntVector)],
  results: [{ name: 'res', kind: 'single', type: intOrIntVector }],
  attributes: [{ name: 'is_int_min_poison', kind: anyAttr }],
  traits: ['Pure'],
  verify: verifier(),
});
for (const n of ['ctlz', 'cttz']) {
  defineOp({
    name: `llvm.intr.${n}`,
    operands: [operand('in', intOrIntVector)],
    results: [{ name: 'res', kind: 'single', type: intOrIntVector }],
    attributes: [{ name: 'is_zero_poison', kind: anyAttr }],
    traits: ['Pure', 'SameOperandsAndResultType'],
    verify: verifier(sameTypeCheck),
  });
}
defineOp({
  name: 'llvm.intr.is.fpclass',
  operands: [operand('in', floatOrFloatVector)],
  results: [{ name: 'res', kind: 'single', type: i1OrI1Vector }],
  attributes: [{ name: 'bit', kind: anyAttr }],
  traits: ['Pure'],
});
for (const n of ['memcpy', 'memmove']) {
  defineOp({
    name: `llvm.intr.${n}`,
    operands: [operand('dst', anyPointer), operand('src', anyPointer), operand('len', anySignlessInteger)],
    attributes: [{ name: 'isVolatile', kind: anyAttr }, ...ALIAS_ATTRS, { name: 'arg_attrs', kind: anyAttr, optional: true }, { name: 'res_attrs', kind: anyAttr, optional: true }],
  });
}
defineOp({
  name: 'llvm.intr.memset',
  operands: [operand('dst', anyPointer), operand('val', anySignlessInteger), operand('len', anySignlessInteger)],
  attributes: [{ name: 'isVolatile', kind: anyAttr }, ...ALIAS_ATTRS, { name: 'arg_attrs', kind: anyAttr, optional: true }, { name: 'res_attrs', kind: anyAttr, optional: true }],
});
export const AssumeOp = defineOp({
  name: 'llvm.intr.assume',
  operands: [operand('cond', i1Type)],
  format: '$cond attr-dict `:` type($cond)',
});
defineOp({
  name: 'llvm.intr.stacksave',
  results: [{ name: 'res', kind: 'single', type: anyPointer }],
  format: 'attr-dict `:` qualified(type($res))',
});
defineOp({
  name: 'llvm.intr.stackrestore',
  operands: [operand('ptr', anyPointer)],
  format: '$ptr attr-dict `:` qualified(type($ptr))',
});
defineOp({
  name: 'llvm.intr.trap',
  format: 'attr-dict',
});
defineOp({
  name: 'llvm.intr.debugtrap',
  format: 'attr-dict',
});

/** Every LLVM type parameter must be an LLVM-compatible type (used by tests). */
export function isLLVMCompatible(t: Type): boolean {
  return llvmType.matches(t) && (t instanceof LLVMType || t instanceof IntegerType || t instanceof FloatType || t instanceof VectorType);
}

export { ASM_DIALECTS, K_DYNAMIC_INDEX };
