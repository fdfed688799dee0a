/**
 * `toLinearLayout(shape, layout)`: the linear layout of a TritonGPU encoding for a tensor (or allocation) of
 * the given shape, exactly as Triton 3.6 computes it.
 *
 * - Distributed layouts (blocked, slice, nvidia_mma v2/v3, dot_op of mma/mfma/wmma/blocked, amd_mfma,
 *   amd_wmma, linear) map in-dims `register`, `lane`, `warp`, `block` to out-dims `dim0..dimN-1`.
 * - Shared layouts (swizzled_shared, amd_rotating_shared, nvmma_shared, shared_linear, padded_shared's linear
 *   component) map in-dims `offset`, `block`. Pass the allocation shape (a memdesc's allocShape without its
 *   pipelining dims; `memDescLinearLayout` does that).
 *
 * Results are cached per (layout, shape). A layout that cannot be converted throws `LayoutConversionError`.
 */
import type { Attribute } from '../ir/attribute.js';
import { LinearLayout } from '../linear-layout/linear-layout.js';
import { AMDMfmaEncodingAttr, AMDWmmaEncodingAttr } from './attrs/amd.js';
import { BlockedEncodingAttr } from './attrs/blocked.js';
import { LayoutEncodingAttr } from './attrs/common.js';
import { DotOperandEncodingAttr } from './attrs/dot-operand.js';
import { LinearEncodingAttr } from './attrs/linear.js';
import { NvidiaMmaEncodingAttr } from './attrs/mma.js';
import {
  AMDRotatingSharedEncodingAttr,
  NVMMASharedEncodingAttr,
  PaddedSharedEncodingAttr,
  SharedLinearEncodingAttr,
  SwizzledSharedEncodingAttr,
} from './attrs/shared.js';
import { SliceEncodingAttr } from './attrs/slice.js';
import type { MemDescType } from './types.js';
import {
  blockedToLinearLayout,
  dotOperandToLinearLayout,
  linearEncodingToLinearLayout,
  mfmaToLinearLayout,
  nvidiaMmaToLinearLayout,
  sliceLinearLayout,
  wmmaToLinearLayout,
} from './linear/distributed.js';
import {
  amdRotatingSharedToLinearLayout,
  nvmmaSharedToLinearLayout,
  sharedLinearToLinearLayout,
  swizzledSharedToLinearLayout,
} from './linear/shared.js';
import { fail } from './linear/utils.js';
import { RawLayout } from './linear/raw.js';

export { LayoutConversionError } from './linear/utils.js';

const cache = new Map<Attribute, Map<string, LinearLayout>>();

/** The linear layout of `layout` over a tensor of `shape` (allocation shape for shared layouts). */
export function toLinearLayout(shape: readonly number[], layout: Attribute): LinearLayout {
  let perAttr = cache.get(layout);
  if (!perAttr) cache.set(layout, (perAttr = new Map()));
  const key = shape.join('x');
  const hit = perAttr.get(key);
  if (hit) return hit;
  const ll = compute(shape, layout);
  perAttr.set(key, ll);
  return ll;
}

function compute(shape: readonly number[], layout: Attribute): LinearLayout {
  if (!shape.every((d) => Number.isInteger(d) && d >= 1 && (d & (d - 1)) === 0)) {
    fail(`shape [${shape.join(', ')}] must be positive powers of 2`);
  }
  if (layout instanceof SliceEncodingAttr) {
    if (shape.length !== layout.rank) fail(`shape rank ${shape.length} does not match the rank ${layout.rank} of the slice layout`);
    const parentLL = toLinearLayout(layout.paddedShape(shape), layout.parent);
    return sliceLinearLayout(RawLayout.fromLinearLayout(parentLL), layout.dim).toLinearLayout();
  }
  return computeRaw(shape, layout).toLinearLayout();
}

function computeRaw(shape: readonly number[], layout: Attribute): RawLayout {
  if (layout instanceof BlockedEncodingAttr) return blockedToLinearLayout(shape, layout);
  if (layout instanceof NvidiaMmaEncodingAttr) return nvidiaMmaToLinearLayout(shape, layout);
  if (layout instanceof DotOperandEncodingAttr) return dotOperandToLinearLayout(shape, layout);
  if (layout instanceof AMDMfmaEncodingAttr) return mfmaToLinearLayout(shape, layout);
  if (layout instanceof AMDWmmaEncodingAttr) return wmmaToLinearLayout(shape, layout);
  if (layout instanceof LinearEncodingAttr) return linearEncodingToLinearLayout(shape, layout);
  if (layout instanceof SwizzledSharedEncodingAttr) return swizzledSharedToLinearLayout(shape, layout);
  if (layout instanceof AMDRotatingSharedEncodingAttr) return amdRotatingSharedToLinearLayout(shape, layout);
  if (layout instanceof NVMMASharedEncodingAttr) return nvmmaSharedToLinearLayout(shape, layout);
  if (layout instanceof SharedLinearEncodingAttr || layout instanceof PaddedSharedEncodingAttr) {
    return sharedLinearToLinearLayout(shape, layout);
  }
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
