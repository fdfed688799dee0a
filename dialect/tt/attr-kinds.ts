/**
 * Attribute kinds for Triton op formats beyond the common ones: Triton's I32 enums (stored as i32
 * IntegerAttrs, written as keywords in formats), UnitAttr format variables, and `[1, 2]` dense i32 arrays.
 */
import { DenseArrayAttr, UnitAttr, type Attribute } from '../ir/attribute.js';
import type { AttrKind } from '../ir/op-definition.js';
import { IntegerType } from '../ir/type.js';
import { enumAttr } from '../common/attr-kinds.js';

const i32 = (): IntegerType => IntegerType.get(32);

/** A UnitAttr bound in a format: present iff its optional group is. */
export const unitAttr: AttrKind<UnitAttr> = {
  description: 'unit attribute',
  isUnit: true,
  parse: () => UnitAttr.get(),
  print: () => {},
  verify: (v) => (v instanceof UnitAttr ? undefined : 'expected unit attribute'),
};

/** `DenseI32ArrayAttr` written as a bare `a, b` list in a format (`custom<DenseI32Array>`; brackets are format literals). */
export const denseI32ListAttr: AttrKind<DenseArrayAttr> = {
  description: 'i32 dense array attribute',
  parse: (p) => {
    const xs: number[] = [];
    if (p.peek(']') || p.peek(')')) return DenseArrayAttr.get(i32(), xs);
    do xs.push(Number(p.parseInteger()));
    while (p.consumeIf(','));
    return DenseArrayAttr.get(i32(), xs);
  },
  print: (p, v) => p.write((v as DenseArrayAttr).values.join(', ')),
  verify: (v) => (v instanceof DenseArrayAttr && v.elementType === i32() ? undefined : 'expected i32 dense array'),
};

/** Any i32 dense array (in attr-dict). */
export const denseI32ArrayAttr: AttrKind<DenseArrayAttr> = {
  description: 'i32 dense array attribute',
  // Any attribute parses; the verifier rejects all but an i32 dense array, so verified IR holds one.
  parse: (p) => p.parseAttribute() as DenseArrayAttr,
  print: (p, v) => p.printAttribute(v),
  verify: (v) => (v instanceof DenseArrayAttr && v.elementType === i32() ? undefined : 'i32 dense array attribute'),
};

export const emptyI32Array = (): Attribute => DenseArrayAttr.get(i32(), []);

export const CACHE_MODIFIER = enumAttr('cache modifier', ['none', 'ca', 'cg', 'wb', 'cs', 'wt', 'cv'], i32, [1, 2, 3, 4, 5, 6, 7]);
export const EVICTION_POLICY = enumAttr('eviction policy', ['evict_normal', 'evict_first', 'evict_last'], i32, [1, 2, 3]);
export const PADDING_OPTION = enumAttr('padding option', ['zero', 'nan'], i32, [1, 2]);
export const MEM_SEMANTIC = enumAttr('memory semantic', ['relaxed', 'acquire', 'release', 'acq_rel'], i32, [1, 2, 3, 4]);
export const MEM_SYNC_SCOPE = enumAttr('memory sync scope', ['gpu', 'cta', 'sys'], i32, [1, 2, 3]);
export const RMW_OP = enumAttr(
  'atomic rmw op',
  ['and', 'or', 'xor', 'add', 'fadd', 'max', 'min', 'umax', 'umin', 'exch'],
  i32,
  [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
);
export const DESCRIPTOR_REDUCE_KIND = enumAttr('descriptor reduce kind', ['add', 'min', 'max', 'inc', 'dec', 'and', 'or', 'xor'], i32, [1, 2, 3, 4, 5, 6, 7, 8]);
export const ROUNDING_MODE = enumAttr('rounding mode', ['rtz', 'rtne'], i32, [0, 1]);
export const PROPAGATE_NAN = enumAttr('propagate nan', ['none', 'all'], i32, [0, 0xffff]);
export const INPUT_PRECISION = enumAttr('input precision', ['tf32', 'tf32x3', 'ieee', 'bf16x3', 'bf16x6'], i32, [0, 1, 2, 3, 4]);
export const SCALE_DOT_ELEM_TYPE = enumAttr('scale dot elem type', ['e4m3', 'e5m2', 'e2m3', 'e3m2', 'e2m1', 'bf16', 'fp16'], i32, [0, 1, 2, 3, 4, 5, 6]);
export const PROGRAM_DIM = enumAttr('program id dimension', ['x', 'y', 'z'], i32, [0, 1, 2]);
