/**
 * LLVM dialect attributes and the attribute kinds LLVM op formats use:
 *   #llvm.fastmath<nnan, ninf>   (`none` / `fast`; default `none` is elided from attr-dicts)
 *   #llvm.overflow<nsw, nuw>     (written `overflow<nsw>` after the operands of add/sub/mul/shl/trunc)
 *   #llvm.linkage<internal>, #llvm.cconv<ccc>, #llvm.tailcallkind<tail>, #llvm.visibility<hidden>, ...
 *   #llvm.constant_range<i32, 0, 1024>  (written `range <i32, 0, 1024>` on nvvm special registers)
 * plus the keyword enums (icmp/fcmp predicates, atomic orderings, GEP no-wrap flags) stored as integers.
 */
import type { AsmParser, AsmPrinter } from '../ir/asm-interfaces.js';
import { Attribute, DenseArrayAttr, IntegerAttr, UnitAttr } from '../ir/attribute.js';
import { registerAttrParser } from '../ir/dialect-registry.js';
import type { AttrKind } from '../ir/op-definition.js';
import { IntegerType, type Type, intern } from '../ir/type.js';

const BARE = 1; // Tok.Bare

/** A bit-flag set printed as `<a, b>` (or `<none>`), with named groups printed before single bits. */
abstract class FlagsAttr extends Attribute {
  protected constructor(readonly value: number) {
    super();
  }
  abstract get mnemonic(): string;
  abstract get names(): readonly (readonly [string, number])[];
  /** Comma-separated names as MLIR's stringify for this bit enum produces them. */
  keywords(): string {
    return stringifyBits(this.value, this.names, ', ');
  }
  print(p: AsmPrinter): void {
    p.write(`#llvm.${this.mnemonic}<${this.keywords()}>`);
  }
}

/** MLIR's bit-enum stringify: `none` for 0, then groups (multi-bit cases) first, then single bits, in case order. */
export function stringifyBits(value: number, cases: readonly (readonly [string, number])[], sep: string): string {
  if (value === 0) return cases.find(([, v]) => v === 0)?.[0] ?? 'none';
  const out: string[] = [];
  let rest = value;
  const isGroup = (v: number): boolean => v !== 0 && (v & (v - 1)) !== 0;
  for (const [n, v] of cases) if (isGroup(v) && (rest & v) === v) {
    out.push(n);
    rest &= ~v;
  }
  for (const [n, v] of cases) if (!isGroup(v) && v !== 0 && (rest & v) === v) {
    out.push(n);
    rest &= ~v;
  }
  return out.join(sep);
}

function parseBits(p: AsmParser, cases: readonly (readonly [string, number])[], sep: string, what: string): number {
  let v = 0;
  do {
    const at = p.pos();
    const kw = p.parseKeyword(`${what} keyword`);
    const c = cases.find(([n]) => n === kw);
    if (!c) p.error(`invalid ${what}: '${kw}'`, at);
    v |= c[1];
  } while (p.consumeIf(sep));
  return v;
}

const FASTMATH: readonly (readonly [string, number])[] = [
  ['none', 0],
  ['nnan', 1],
  ['ninf', 2],
  ['nsz', 4],
  ['arcp', 8],
  ['contract', 16],
  ['afn', 32],
  ['reassoc', 64],
  ['fast', 127],
];

export class FastmathFlagsAttr extends FlagsAttr {
  static get(value: number): FastmathFlagsAttr {
    return intern(new FastmathFlagsAttr(value));
  }
  static none(): FastmathFlagsAttr {
    return FastmathFlagsAttr.get(0);
  }
  get mnemonic(): string {
    return 'fastmath';
  }
  get names(): readonly (readonly [string, number])[] {
    return FASTMATH;
  }
}

registerAttrParser('llvm.fastmath', (p) => {
  p.expect('<');
  const v = parseBits(p, FASTMATH, ',', 'fastmath flag');
  p.expect('>');
  return FastmathFlagsAttr.get(v);
});

const OVERFLOW: readonly (readonly [string, number])[] = [
  ['none', 0],
  ['nsw', 1],
  ['nuw', 2],
];

export class IntegerOverflowFlagsAttr extends FlagsAttr {
  static get(value: number): IntegerOverflowFlagsAttr {
    return intern(new IntegerOverflowFlagsAttr(value));
  }
  get mnemonic(): string {
    return 'overflow';
  }
  get names(): readonly (readonly [string, number])[] {
    return OVERFLOW;
  }
}

registerAttrParser('llvm.overflow', (p) => {
  p.expect('<');
  const v = parseBits(p, OVERFLOW, ',', 'overflow flag');
  p.expect('>');
  return IntegerOverflowFlagsAttr.get(v);
});

/** `overflow<nsw, nuw>` in op formats (`$overflowFlags`); `none` is not printed. */
export const overflowFlagsKind: AttrKind = {
  description: 'LLVM integer overflow flags',
  nativeProperty: true,
  canStart: (t) => t.kind === BARE && t.text === 'overflow',
  parse(p) {
    if (!p.consumeKeywordIf('overflow')) p.error("expected 'overflow'");
    p.expect('<');
    const v = parseBits(p, OVERFLOW, ',', 'overflow flag');
    p.expect('>');
    return IntegerOverflowFlagsAttr.get(v);
  },
  print(p, v) {
    p.write(`overflow<${(v as IntegerOverflowFlagsAttr).keywords()}>`);
  },
  verify: (v) => (v instanceof IntegerOverflowFlagsAttr ? undefined : 'expected #llvm.overflow flags'),
};

/** A keyword-valued LLVM enum attribute: `#llvm.linkage<internal>`, `#llvm.cconv<ccc>`, ... */
export class LLVMEnumAttr extends Attribute {
  private constructor(
    readonly mnemonic: string,
    readonly value: string,
  ) {
    super();
  }
  static get(mnemonic: string, value: string): LLVMEnumAttr {
    return intern(new LLVMEnumAttr(mnemonic, value));
  }
  print(p: AsmPrinter): void {
    p.write(`#llvm.${this.mnemonic}<${this.value}>`);
  }
}

export const LINKAGES = ['private', 'internal', 'available_externally', 'linkonce', 'weak', 'common', 'appending', 'extern_weak', 'linkonce_odr', 'weak_odr', 'external'];
export const VISIBILITIES = ['', 'hidden', 'protected'];
export const UNNAMED_ADDRS = ['', 'unnamed_addr', 'local_unnamed_addr'];
export const CCONVS = [
  'ccc', 'fastcc', 'coldcc', 'cc_10', 'cc_11', 'anyregcc', 'preserve_mostcc', 'preserve_allcc', 'swiftcc',
  'cxx_fast_tlscc', 'tailcc', 'cfguard_checkcc', 'swifttailcc', 'x86_stdcallcc', 'x86_fastcallcc', 'arm_apcscc',
  'arm_aapcscc', 'arm_aapcs_vfpcc', 'msp430_intrcc', 'x86_thiscallcc', 'ptx_kernelcc', 'ptx_devicecc',
  'spir_funccc', 'spir_kernelcc', 'intel_ocl_bicc', 'x86_64_sysvcc', 'win64cc', 'x86_vectorcallcc', 'hhvmcc',
  'hhvm_ccc', 'x86_intrcc', 'avr_intrcc', 'avr_builtincc', 'amdgpu_vscc', 'amdgpu_gscc', 'amdgpu_cscc',
  'amdgpu_kernelcc', 'x86_regcallcc', 'amdgpu_hscc', 'msp430_builtincc', 'amdgpu_lscc', 'amdgpu_escc',
  'aarch64_vectorcallcc', 'aarch64_sve_vectorcallcc', 'wasm_emscripten_invokecc', 'amdgpu_gfxcc', 'm68k_intrcc',
];
export const TAIL_CALL_KINDS = ['none', 'notail', 'tail', 'musttail'];
export const ASM_DIALECTS = ['att', 'intel'];

const ENUMS: Record<string, readonly string[]> = {
  linkage: LINKAGES,
  cconv: CCONVS,
  tailcallkind: TAIL_CALL_KINDS,
  asm_dialect: ASM_DIALECTS,
  visibility: ['default', 'hidden', 'protected'],
  unnamed_addr: ['none', 'unnamed_addr', 'local_unnamed_addr'],
  framePointerKind: ['none', 'non-leaf', 'all', 'reserved'],
};

for (const [mnemonic, cases] of Object.entries(ENUMS)) {
  registerAttrParser('llvm.' + mnemonic, (p) => {
    p.expect('<');
    const at = p.pos();
    const v = p.parseKeyword(`${mnemonic} keyword`);
    if (!cases.includes(v)) p.error(`unknown ${mnemonic} '${v}'`, at);
    p.expect('>');
    return LLVMEnumAttr.get(mnemonic, v);
  });
}

/** An LLVM enum written as a bare keyword where the format names it (`asm_dialect = att`). */
export function llvmEnumKind(mnemonic: string): AttrKind {
  const cases = ENUMS[mnemonic]!;
  return {
    description: `#llvm.${mnemonic}`,
    canStart: (t) => t.kind === BARE && cases.includes(t.text),
    parse(p) {
      const at = p.pos();
      const v = p.parseKeyword(`${mnemonic} keyword`);
      if (!cases.includes(v)) p.error(`expected ${mnemonic} to be one of: ${cases.join(', ')}`, at);
      return LLVMEnumAttr.get(mnemonic, v);
    },
    print: (p, v) => p.write((v as LLVMEnumAttr).value),
    verify: (v) => (v instanceof LLVMEnumAttr && v.mnemonic === mnemonic ? undefined : `expected #llvm.${mnemonic}`),
  };
}

/** `#llvm.constant_range<i32, 0, 1024>`: an integer range [lower, upper) of a given width. */
export class ConstantRangeAttr extends Attribute {
  private constructor(
    readonly type: Type,
    readonly lower: bigint,
    readonly upper: bigint,
  ) {
    super();
  }
  static get(type: Type, lower: bigint, upper: bigint): ConstantRangeAttr {
    return intern(new ConstantRangeAttr(type, lower, upper));
  }
  printBody(p: AsmPrinter): void {
    p.write('<');
    p.printType(this.type);
    p.write(`, ${this.lower}, ${this.upper}>`);
  }
  print(p: AsmPrinter): void {
    p.write('#llvm.constant_range');
    this.printBody(p);
  }
}

function parseConstantRangeBody(p: AsmParser): ConstantRangeAttr {
  p.expect('<');
  const at = p.pos();
  const t = p.parseType();
  if (!(t instanceof IntegerType)) p.error('expected integer type', at);
  p.expect(',');
  const lo = p.parseInteger();
  p.expect(',');
  const hi = p.parseInteger();
  p.expect('>');
  return ConstantRangeAttr.get(t, lo, hi);
}
registerAttrParser('llvm.constant_range', parseConstantRangeBody);

/** `range <i32, 0, 1024>` style: the constant range without its `#llvm.constant_range` prefix. */
export const constantRangeKind: AttrKind = {
  description: 'constant range',
  canStart: (t) => t.text === '<',
  parse: parseConstantRangeBody,
  print: (p, v) => (v as ConstantRangeAttr).printBody(p),
};

// ---- integer-stored keyword enums -----------------------------------------------------------------

export const ICMP_PREDICATES = ['eq', 'ne', 'slt', 'sle', 'sgt', 'sge', 'ult', 'ule', 'ugt', 'uge'];
export const FCMP_PREDICATES = ['_false', 'oeq', 'ogt', 'oge', 'olt', 'ole', 'one', 'ord', 'ueq', 'ugt', 'uge', 'ult', 'ule', 'une', 'uno', '_true'];

/** A comparison predicate written as a string literal (`llvm.icmp "slt"`), stored as an i64 integer. */
export function predicateKind(name: string, cases: readonly string[]): AttrKind {
  return {
    description: name,
    parse(p) {
      const at = p.pos();
      const s = p.parseString();
      const i = cases.indexOf(s);
      if (i < 0) p.error(`'${s}' is an incorrect value of the 'predicate' attribute`, at);
      return IntegerAttr.get(IntegerType.get(64), i);
    },
    print(p, v) {
      const i = v instanceof IntegerAttr ? v.num : -1;
      p.write(`"${cases[i] ?? String(i)}"`);
    },
    verify: (v) => (v instanceof IntegerAttr && v.num >= 0 && v.num < cases.length ? undefined : `invalid ${name}`),
  };
}

export const ATOMIC_ORDERINGS: readonly (readonly [string, number])[] = [
  ['not_atomic', 0],
  ['unordered', 1],
  ['monotonic', 2],
  ['acquire', 4],
  ['release', 5],
  ['acq_rel', 6],
  ['seq_cst', 7],
];

/** A keyword enum with explicit values, stored as an i64 integer attribute. */
export function valuedEnumKind(name: string, cases: readonly (readonly [string, number])[]): AttrKind {
  return {
    description: name,
    canStart: (t) => t.kind === BARE && cases.some(([n]) => n === t.text),
    parse(p: AsmParser) {
      const at = p.pos();
      const kw = p.parseKeyword(`${name} keyword`);
      const c = cases.find(([n]) => n === kw);
      if (!c) p.error(`expected ${name} to be one of: ${cases.map(([n]) => n).join(', ')}`, at);
      return IntegerAttr.get(IntegerType.get(64), c[1]);
    },
    print(p, v) {
      const n = v instanceof IntegerAttr ? v.num : -1;
      p.write(cases.find(([, x]) => x === n)?.[0] ?? String(n));
    },
  };
}

export const atomicOrderingKind = valuedEnumKind('atomic ordering', ATOMIC_ORDERINGS);
export const NOT_ATOMIC = IntegerAttr.get(IntegerType.get(64), 0);

const GEP_FLAGS: readonly (readonly [string, number])[] = [
  ['none', 0],
  ['inbounds_flag', 1],
  ['nusw', 2],
  ['nuw', 4],
  ['inbounds', 3],
];

/** GEP no-wrap flags: `inbounds`, `nusw`, `nuw`, `inbounds|nuw`; stored as an i32 bit set. */
export const gepNoWrapFlagsKind: AttrKind = {
  description: '::mlir::LLVM::GEPNoWrapFlags',
  nativeProperty: true,
  verify: (v) => (v instanceof IntegerAttr && (Number(v.num) & ~7) === 0 ? undefined : 'not a GEP no-wrap flag set'),
  canStart: (t) => t.kind === BARE && GEP_FLAGS.some(([n, v]) => v !== 0 && n === t.text),
  parse(p) {
    return IntegerAttr.get(IntegerType.get(32), parseBits(p, GEP_FLAGS, '|', 'GEP no-wrap flag'));
  },
  print(p, v) {
    p.write(stringifyBits((v as IntegerAttr).num, GEP_FLAGS, '|'));
  },
};
export const GEP_NONE = IntegerAttr.get(IntegerType.get(32), 0);

/** A `DenseI64ArrayAttr` / `DenseI32ArrayAttr` written as `[1, 2]` (MLIR's stripped form). */
export function denseArrayKind(width: 32 | 64): AttrKind {
  const cache = new Map<string, DenseArrayAttr>();
  return {
    description: `i${width} dense array`,
    canStart: (t) => t.text === '[',
    parse(p) {
      p.expect('[');
      const vals: number[] = [];
      if (!p.peek(']')) {
        do vals.push(Number(p.parseInteger()));
        while (p.consumeIf(','));
      }
      p.expect(']');
      // Positions like `[0]` repeat on thousands of lines: reuse the uniqued attribute.
      const k = vals.join(',');
      let a = cache.get(k);
      if (a === undefined) cache.set(k, (a = DenseArrayAttr.get(IntegerType.get(width), vals)));
      return a;
    },
    print(p, v) {
      p.write('[' + (v as DenseArrayAttr).values.join(', ') + ']');
    },
    verify: (v) => (v instanceof DenseArrayAttr ? undefined : `expected i${width} dense array`),
  };
}

/** A UnitAttr that the format writes as nothing (its presence is shown by an enclosing keyword). */
export const presenceKind: AttrKind = {
  description: 'unit',
  parse: () => UnitAttr.get(),
  print: () => {},
};

// ---- attributes kept verbatim ------------------------------------------------------------------------

/**
 * LLVM dialect attributes Triton's IR rarely carries (debug info, TBAA, loop annotations, memory effects,
 * ...) are kept as their canonical text: parsed by skipping the balanced `<...>` body, printed back as read.
 */
export class LLVMVerbatimAttr extends Attribute {
  private constructor(
    readonly mnemonic: string,
    readonly body: string,
  ) {
    super();
  }
  static get(mnemonic: string, body: string): LLVMVerbatimAttr {
    return intern(new LLVMVerbatimAttr(mnemonic, body));
  }
  print(p: AsmPrinter): void {
    p.write(`#llvm.${this.mnemonic}${this.body}`);
  }
}

interface RawParser {
  readonly src: string;
  resetTo(pos: number): void;
}

/** The source text of the balanced `<...>` at the parser's position (strings may contain brackets). */
export function captureAngleBody(p: AsmParser): string {
  const rp = p as unknown as Partial<RawParser>;
  if (typeof rp.src !== 'string' || typeof rp.resetTo !== 'function' || !p.peek('<')) return '';
  const s = rp.src;
  const start = p.pos();
  let depth = 0;
  let i = start;
  for (; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 34 /* " */) {
      for (i++; i < s.length && s.charCodeAt(i) !== 34; i++) if (s.charCodeAt(i) === 92 /* \ */) i++;
    } else if (c === 45 /* - */ && s.charCodeAt(i + 1) === 62) i++;
    else if (c === 60 /* < */) depth++;
    else if (c === 62 /* > */ && --depth === 0) break;
  }
  if (i >= s.length) p.error("unbalanced '<' in dialect attribute", start);
  rp.resetTo.call(p, i + 1);
  return s.slice(start, i + 1);
}

const VERBATIM_MNEMONICS = [
  // The loop_* attributes are structured (loop-annotation.ts).
  'memory_effects', 'target_features', 'vscale_range', 'dereferenceable', 'access_group', 'alias_scope', 'alias_scope_domain', 'tbaa_root', 'tbaa_tag',
  'tbaa_type_desc', 'di_basic_type', 'di_compile_unit', 'di_composite_type', 'di_derived_type', 'di_file',
  'di_global_variable', 'di_global_variable_expression', 'di_imported_entity', 'di_label', 'di_lexical_block',
  'di_lexical_block_file', 'di_local_variable', 'di_module', 'di_namespace', 'di_null_type', 'di_subprogram',
  'di_subrange', 'di_subroutine_type', 'di_expression', 'di_expression_elem', 'di_string_type', 'di_common_block',
  'di_annotation', 'di_label', 'mlir.module_flag', 'zero', 'undef', 'poison', 'vec_type_hint', 'tailcallkind',
  'framePointerKind', 'uwtableKind', 'comdat', 'address_of', 'dependent_libraries',
];

for (const m of new Set(VERBATIM_MNEMONICS)) {
  if (ENUMS[m]) continue;
  registerAttrParser('llvm.' + m, (p) => LLVMVerbatimAttr.get(m, captureAngleBody(p)));
}
