/**
 * NVVM dialect attributes: keyword enums (`#nvvm.mma_layout<row>`, `#nvvm.ld_st_matrix_elt_type<b16>`,
 * `#nvvm.shfl_kind`, `#nvvm.reduction_kind`, ...) and `#nvvm.ld_st_matrix_shape<m = 8, n = 8>`.
 *
 * MLIR prints NVVM enum attributes in op formats in one of two ways, depending on the enum's assembly
 * format: `<value>` for enums declared with `` `<` $value `>` `` (mma_layout, mem_scope, ...), and
 * ` value` — with a leading space, the generated printer's quirk for a bare `$value` format — for the
 * others (shfl_kind, reduction_kind, vote_sync_kind, ...). That is why Triton's IR reads
 * `nvvm.shfl.sync  bfly %a, ...` with two spaces.
 */
import type { AsmParser, AsmPrinter } from '../ir/asm-interfaces.js';
import { Attribute } from '../ir/attribute.js';
import { registerAttrParser } from '../ir/dialect-registry.js';
import type { AttrKind } from '../ir/op-definition.js';
import { intern } from '../ir/type.js';
import { captureAngleBody } from '../llvm/attrs.js';

interface EnumInfo {
  readonly cases: readonly string[];
  /** True for enums printed `<value>`, false for those printed with the bare-`$value` format. */
  readonly angle: boolean;
}

export const NVVM_ENUMS: Record<string, EnumInfo> = {
  mma_layout: { cases: ['row', 'col'], angle: true },
  mma_type: { cases: ['f16', 'f32', 'tf32', 'bf16', 's8', 'u8', 's32', 's4', 'u4', 'b1', 'f64'], angle: true },
  mma_frag: { cases: ['a', 'b', 'c'], angle: true },
  mma_b1op: { cases: ['none', 'xor_popc', 'and_popc'], angle: true },
  mma_int_overflow: { cases: ['satfinite', 'wrapped'], angle: true },
  ld_st_matrix_elt_type: { cases: ['b16', 'b8', 'b8x16.b6x16_p32', 'b8x16.b4x16_p64'], angle: true },
  mem_scope: { cases: ['cta', 'cluster', 'gpu', 'sys'], angle: true },
  shared_space: { cases: ['cta', 'cluster'], angle: true },
  proxy_kind: { cases: ['alias', 'async', 'async.global', 'async.shared', 'tensormap', 'generic'], angle: true },
  mem_order: { cases: ['weak', 'relaxed', 'acquire', 'release', 'acq_rel', 'sc', 'mmio', 'volatile'], angle: true },
  memory_space: { cases: ['generic', 'global', 'shared', 'constant', 'local', 'tensor', 'shared_cluster'], angle: true },
  fp_rnd_mode: { cases: ['none', 'rn', 'rm', 'rp', 'rz', 'rna', 'rs'], angle: true },
  sat_mode: { cases: ['none', 'satfinite'], angle: true },
  tma_load_mode: { cases: ['tile', 'im2col', 'im2col_w', 'im2col_w_128', 'tile_gather4'], angle: true },
  tma_store_mode: { cases: ['tile', 'im2col', 'tile_scatter4'], angle: true },
  cta_group: { cases: ['cta_1', 'cta_2'], angle: true },
  wgmma_type: { cases: ['f16', 'tf32', 'u8', 's8', 'b1', 'bf16', 'e4m3', 'e5m2', 'f32', 's32'], angle: true },
  wgmma_scale_out: { cases: ['zero', 'one'], angle: true },
  wgmma_scale_in: { cases: ['one', 'neg'], angle: true },
  shfl_kind: { cases: ['bfly', 'up', 'down', 'idx'], angle: false },
  reduction_kind: { cases: ['add', 'and', 'max', 'min', 'or', 'umax', 'umin', 'xor', 'fmin', 'fmax'], angle: false },
  vote_sync_kind: { cases: ['any', 'all', 'ballot', 'uni'], angle: false },
  match_sync_kind: { cases: ['any', 'all'], angle: false },
  action: { cases: ['decrease', 'increase'], angle: false },
  load_cache_modifier: { cases: ['ca', 'cg', 'cs', 'lu', 'cv'], angle: false },
  cache_eviction_priority: { cases: ['evict_normal', 'evict_first', 'evict_last', 'evict_unchanged', 'no_allocate'], angle: false },
};

/** An NVVM enum attribute value: `#nvvm.mma_layout<row>` (or `#nvvm<shfl_kind bfly>` for bare-format enums). */
export class NVVMEnumAttr extends Attribute {
  private constructor(
    readonly mnemonic: string,
    readonly value: string,
  ) {
    super();
  }
  static get(mnemonic: string, value: string): NVVMEnumAttr {
    return intern(new NVVMEnumAttr(mnemonic, value));
  }
  get angle(): boolean {
    return NVVM_ENUMS[this.mnemonic]?.angle ?? true;
  }
  /** The form an op format writes: `<row>` or ` bfly`. */
  printStripped(p: AsmPrinter): void {
    p.write(this.angle ? `<${this.value}>` : ` ${this.value}`);
  }
  print(p: AsmPrinter): void {
    p.write(this.angle ? `#nvvm.${this.mnemonic}<${this.value}>` : `#nvvm<${this.mnemonic} ${this.value}>`);
  }
}

function parseCase(p: AsmParser, mnemonic: string): string {
  const at = p.pos();
  const v = p.parseKeyword(`${mnemonic} keyword`);
  const info = NVVM_ENUMS[mnemonic]!;
  if (!info.cases.includes(v)) p.error(`expected ${mnemonic} to be one of: ${info.cases.join(', ')}`, at);
  return v;
}

for (const [mnemonic, info] of Object.entries(NVVM_ENUMS)) {
  if (!info.angle) continue;
  registerAttrParser('nvvm.' + mnemonic, (p) => {
    p.expect('<');
    const v = parseCase(p, mnemonic);
    p.expect('>');
    return NVVMEnumAttr.get(mnemonic, v);
  });
}

/** The attribute kind an op format uses for `$kind`-style NVVM enum operands of the format. */
export function nvvmEnumKind(mnemonic: string): AttrKind {
  const info = NVVM_ENUMS[mnemonic]!;
  return {
    description: `#nvvm.${mnemonic}`,
    canStart: (t) => (info.angle ? t.text === '<' : t.kind === 1 && info.cases.includes(t.text)),
    parse(p) {
      if (info.angle) p.expect('<');
      const v = parseCase(p, mnemonic);
      if (info.angle) p.expect('>');
      return NVVMEnumAttr.get(mnemonic, v);
    },
    print: (p, v) => (v as NVVMEnumAttr).printStripped(p),
    verify: (v) => (v instanceof NVVMEnumAttr && v.mnemonic === mnemonic ? undefined : `expected #nvvm.${mnemonic}`),
  };
}

/** `#nvvm.<mnemonic><a = 1, b = 2>`: an attribute of integer parameters written with `struct(params)`. */
export class NVVMShapeAttr extends Attribute {
  private constructor(
    readonly mnemonic: string,
    readonly params: readonly (readonly [string, number])[],
  ) {
    super();
  }
  static get(mnemonic: string, params: readonly (readonly [string, number])[]): NVVMShapeAttr {
    return intern(new NVVMShapeAttr(mnemonic, params.map(([k, v]) => [k, v] as const)));
  }
  get(name: string): number | undefined {
    return this.params.find(([k]) => k === name)?.[1];
  }
  print(p: AsmPrinter): void {
    p.write(`#nvvm.${this.mnemonic}<${this.params.map(([k, v]) => `${k} = ${v}`).join(', ')}>`);
  }
}

const SHAPES: Record<string, readonly string[]> = {
  ld_st_matrix_shape: ['m', 'n'],
  shape: ['m', 'n', 'k'],
};

for (const [mnemonic, names] of Object.entries(SHAPES)) {
  registerAttrParser('nvvm.' + mnemonic, (p) => {
    p.expect('<');
    const got = new Map<string, number>();
    // `struct(params)` accepts the parameters in any order; they print in declaration order.
    do {
      const at = p.pos();
      const k = p.parseKeyword('parameter name');
      if (!names.includes(k)) p.error(`${mnemonic} has no parameter named '${k}'`, at);
      if (got.has(k)) p.error(`duplicate parameter '${k}'`, at);
      p.expect('=');
      got.set(k, Number(p.parseInteger()));
    } while (p.consumeIf(','));
    const missing = names.filter((n) => !got.has(n));
    if (missing.length) p.error(`struct is missing required parameter: ${missing.join(', ')}`);
    p.expect('>');
    return NVVMShapeAttr.get(mnemonic, names.map((n) => [n, got.get(n)!] as const));
  });
}

/** `#nvvm.target<...>` (GPU target attributes on gpu.module), kept as written. */
export class NVVMVerbatimAttr extends Attribute {
  private constructor(
    readonly mnemonic: string,
    readonly body: string,
  ) {
    super();
  }
  static get(mnemonic: string, body: string): NVVMVerbatimAttr {
    return intern(new NVVMVerbatimAttr(mnemonic, body));
  }
  print(p: AsmPrinter): void {
    p.write(`#nvvm.${this.mnemonic}${this.body}`);
  }
}
for (const m of ['target']) registerAttrParser('nvvm.' + m, (p) => NVVMVerbatimAttr.get(m, captureAngleBody(p)));
