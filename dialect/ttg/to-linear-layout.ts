/**
 * `toLinearLayout(shape, layout)`: the linear layout of a TritonGPU encoding for a tensor (or allocation) of
 * the given shape, exactly as Triton 3.6 computes it. Each layout kind builds its own (its class's
 * `toLinearLayout`, which caches per shape); these functions take any attribute, for callers holding one.
 *
 * - Distributed layouts (blocked, slice, nvidia_mma v2/v3, dot_op of mma/mfma/wmma/blocked, amd_mfma,
 *   amd_wmma, linear) map in-dims `register`, `lane`, `warp`, `block` to out-dims `dim0..dimN-1`.
 * - Shared layouts (swizzled_shared, amd_rotating_shared, nvmma_shared, shared_linear, padded_shared's linear
 *   component) map in-dims `offset`, `block`. Pass the allocation shape (a memdesc's allocShape without its
 *   pipelining dims; `memDescLinearLayout` does that).
 *
 * A layout that cannot be converted throws `LayoutConversionError`.
 */
import type { Attribute } from '../ir/attribute.js';
import type { LinearLayout } from '../linear-layout/linear-layout.js';
import { LayoutEncodingAttr, checkPow2Shape } from './attrs/common.js';
import { fail } from './linear/utils.js';
import type { MemDescType } from './types.js';

export { LayoutConversionError } from './linear/utils.js';

/** The linear layout of `layout` over a tensor of `shape` (allocation shape for shared layouts). */
export function toLinearLayout(shape: readonly number[], layout: Attribute): LinearLayout {
  if (layout instanceof LayoutEncodingAttr) return layout.toLinearLayout(shape);
  checkPow2Shape(shape);
  fail(`no linear layout for ${layout.key}`);
}

/**
 * The linear layout of a memory descriptor: its encoding over the allocation shape's trailing `rank` dims
 * (Triton's toLinearLayout(MemDescType)).
 */
export function memDescLinearLayout(t: MemDescType): LinearLayout {
  // Leading (pipelining) dims beyond the encoding's rank are not part of the layout.
  const enc = t.encoding;
  const rank = enc instanceof LayoutEncodingAttr ? Math.min(enc.rank, t.shape.length) : t.shape.length;
  return toLinearLayout(t.allocShape.slice(t.allocShape.length - rank), t.encoding);
}

/** The layout's bases as plain arrays, keyed by in-dim (the JSON form used by the golden data). */
export function linearLayoutToJSON(ll: LinearLayout): Record<string, number[][]> {
  const out: Record<string, number[][]> = {};
  for (const [d, bs] of ll.getBases()) out[d] = bs.map((b) => [...b]);
  return out;
}
