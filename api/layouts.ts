/**
 * `ttg-opt/layouts`: TritonGPU encodings and their linear layouts, as Triton 3.6 computes them.
 *
 * ```ts
 * import { layoutOf, explainConversion, formatConversion } from 'ttg-opt/layouts';
 * const ll = layoutOf('#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>', [8, 8]);
 * ll.getBases().get('lane'); // [[0, 4], [0, 0], [0, 0], [0, 0], [1, 0]]
 * const e = explainConversion(blocked, '#ttg.slice<...>', [64, 64], { dtype: 'f16', computeCapability: 90 });
 * console.log(formatConversion(e)); // what `ttg-layout --convert` prints
 * ```
 *
 * Encodings are text (`#ttg.blocked<...>`, or an alias name with its definitions in `aliases`) or parsed
 * attributes. Bad text throws `EncodingTextError` (with `describe()`: where and what); an encoding that has no
 * linear layout for the shape throws `LayoutConversionError`.
 */
import '../dialect/index.js';
import type { Attribute } from '../dialect/ir/attribute.js';
import { RankedTensorType } from '../dialect/ir/type.js';
import type { LinearLayout } from '../dialect/linear-layout/linear-layout.js';
import { SharedEncodingAttr } from '../dialect/ttg/attrs/common.js';
import { linearLayoutToJSON, toLinearLayout } from '../dialect/ttg/to-linear-layout.js';
import { explainConvert, formatCvtExplanation, type CvtExplanation } from '../lowering/explain.js';
import { parseEncodingText, parseTypeText } from '../parser/encoding-text.js';

export type { Attribute } from '../dialect/ir/attribute.js';
export type { LinearLayout } from '../dialect/linear-layout/linear-layout.js';
export { EncodingTextError, parseTypeText } from '../parser/encoding-text.js';
export { LayoutConversionError, memDescLinearLayout, toLinearLayout } from '../dialect/ttg/to-linear-layout.js';
export {
  describeConversion,
  explainConvert,
  explainLocal,
  formatCvtExplanation,
  formatLocalExplanation,
  type AccessSummary,
  type BitSource,
  type ConversionSummary,
  type CvtExplanation,
  type LocalExplanation,
} from '../lowering/explain.js';

/** An encoding as text (`#ttg.blocked<...>` or an alias name) or as a parsed attribute. */
export type EncodingLike = string | Attribute;

/** Parses an encoding (`#ttg.blocked<{...}>`, `#mma` with `aliases = ['#mma = #ttg.nvidia_mma<...>']`). */
export function parseEncoding(text: string, aliases: readonly string[] = []): Attribute {
  return parseEncodingText(text, aliases);
}

function attrOf(encoding: EncodingLike, aliases: readonly string[]): Attribute {
  return typeof encoding === 'string' ? parseEncodingText(encoding, aliases) : encoding;
}

/** True for shared-memory encodings (their layouts map `offset`, not `register`/`lane`/`warp`). */
export function isSharedEncoding(encoding: EncodingLike, aliases: readonly string[] = []): boolean {
  return attrOf(encoding, aliases) instanceof SharedEncodingAttr;
}

/** The linear layout of `encoding` for a tensor (or, for shared encodings, an allocation) of `shape`. */
export function layoutOf(encoding: EncodingLike, shape: readonly number[], aliases: readonly string[] = []): LinearLayout {
  return toLinearLayout(shape, attrOf(encoding, aliases));
}

/** The bases of a layout per input dim, as `ttg-layout --format json` prints them. */
export function layoutToJSON(ll: LinearLayout): Record<string, number[][]> {
  return linearLayoutToJSON(ll);
}

export interface ConversionOptions {
  /** Element type (default `f32`). */
  dtype?: string;
  /** CUDA compute capability (default 80). */
  computeCapability?: number;
  /** Alias definitions the encodings use. */
  aliases?: readonly string[];
}

function tensorType(shape: readonly number[], dtype: string, encoding: EncodingLike, aliases: readonly string[]): RankedTensorType {
  const text = typeof encoding === 'string' ? encoding.trim() : encoding.key;
  const t = parseTypeText(`tensor<${shape.join('x')}x${dtype}, ${text}>`, aliases);
  if (!(t instanceof RankedTensorType) || !t.encoding) throw new TypeError(`not a tensor type with an encoding: ${text}`);
  if (t.encoding instanceof SharedEncodingAttr) throw new TypeError('a conversion takes distributed layouts (a shared layout goes through local_alloc/local_load)');
  return t;
}

/** What a `ttg.convert_layout` from `src` to `dst` moves and how the lowering moves it (`ttg-layout --convert`). */
export function explainConversion(src: EncodingLike, dst: EncodingLike, shape: readonly number[], opts: ConversionOptions = {}): CvtExplanation {
  const aliases = opts.aliases ?? [];
  const dtype = opts.dtype ?? 'f32';
  return explainConvert(tensorType(shape, dtype, src, aliases), tensorType(shape, dtype, dst, aliases), opts.computeCapability ?? 80);
}

/** The text `ttg-layout --convert` prints for an explanation. */
export function formatConversion(e: CvtExplanation): string {
  return formatCvtExplanation(e);
}
