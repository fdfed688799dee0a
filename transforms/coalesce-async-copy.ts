/**
 * `--tritongpu-coalesce-async-copy` (Triton 3.6's CoalesceAsyncCopyPass): a `ttg.async_copy_global_to_local` from a
 * blocked tensor into a swizzled shared buffer whose threads hold more contiguous elements (sizePerThread along
 * the fastest dim) than one copy can move (the consecutive run of register → shared offsets) would issue several
 * partial copies per thread and break coalescing; its source (and mask, other) are converted to a blocked layout
 * with that dim's sizePerThread clipped to the copy width. The copy's `contiguity` is then recomputed by Triton
 * from an axis analysis made before the rewrite, which does not know the new values: it becomes 1. Applied with
 * the greedy driver's defaults (folding, constant CSE, aggressive region simplification).
 */
import { IntegerAttr } from '../dialect/ir/attribute.js';
import type { Operation, Value } from '../dialect/ir/ir.js';
import { RankedTensorType } from '../dialect/ir/type.js';
import { BlockedEncodingAttr } from '../dialect/ttg/attrs/blocked.js';
import { SwizzledSharedEncodingAttr } from '../dialect/ttg/attrs/index.js';
import { getContigPerThread } from '../dialect/ttg/layout-queries.js';
import { toLinearLayout } from '../dialect/ttg/to-linear-layout.js';
import { MemDescType } from '../dialect/ttg/types.js';
import { applyPatternsGreedily } from '../dialect/ir/rewrite/greedy.js';
import type { RewritePattern } from '../dialect/ir/rewrite/pattern.js';
import { registerPass } from './pass.js';
import { blockedFromShape } from '../dialect/ttg/utils/layout.js';
import { lookupNumWarps, lookupThreadsPerWarp } from '../dialect/ttg/context.js';
import { AsyncCopyGlobalToLocalOp, ConvertLayoutOp } from '../dialect/ttg/ops.js';

const CLIP_SIZE_PER_THREAD: RewritePattern = {
  name: 'ClipAsyncCopySizePerThread',
  rootName: AsyncCopyGlobalToLocalOp.opName,
  matchAndRewrite(copy, rw) {
    const src = AsyncCopyGlobalToLocalOp.src(copy);
    const mask = AsyncCopyGlobalToLocalOp.mask(copy);
    const other = AsyncCopyGlobalToLocalOp.other(copy);
    const srcTy = src.type;
    const dstTy = AsyncCopyGlobalToLocalOp.result(copy).type;
    if (!(srcTy instanceof RankedTensorType) || !(srcTy.encoding instanceof BlockedEncodingAttr)) return false;
    if (!(dstTy instanceof MemDescType) || !(dstTy.encoding instanceof SwizzledSharedEncodingAttr)) return false;
    const blocked = srcTy.encoding;
    const regs = toLinearLayout(srcTy.shape, blocked);
    const shared = toLinearLayout(dstTy.shape, dstTy.encoding);
    const copyContig = regs.invertAndCompose(shared).getNumConsecutiveInOut();
    const contig = getContigPerThread(blocked, srcTy.shape);
    const fastest = blocked.order[0]!;
    if (contig[fastest]! <= copyContig) return false;
    contig[fastest] = copyContig;
    const enc = blockedFromShape(srcTy.shape, contig, blocked.order, lookupNumWarps(copy), lookupThreadsPerWarp(copy), blocked.cgaLayout);
    const convert = (v: Value): Value => {
      const t = v.type as RankedTensorType;
      return rw.create({ name: ConvertLayoutOp.opName, operands: [v], resultTypes: [RankedTensorType.get(t.shape, t.elementType, enc)], loc: copy.loc }).result(0);
    };
    const newSrc = convert(src);
    const newMask = mask ? convert(mask) : undefined;
    const newOther = other ? convert(other) : undefined;
    rw.modifyOpInPlace(copy, () => {
      const result = AsyncCopyGlobalToLocalOp.result(copy);
      copy.setOperands([newSrc, result, ...(newMask ? [newMask] : []), ...(newOther ? [newOther] : [])]);
      copy.operandSegments = [1, 1, newMask ? 1 : 0, newOther ? 1 : 0];
      copy.setAttr('contiguity', IntegerAttr.i32(1));
    });
    return true;
  },
};

export function coalesceAsyncCopies(mod: Operation): void {
  applyPatternsGreedily(mod, [CLIP_SIZE_PER_THREAD]);
}

registerPass({
  name: 'tritongpu-coalesce-async-copy',
  className: 'TritonGPUCoalesceAsyncCopy',
  description: 'Improve coalescing for async global to local copies',
  run(mod) {
    coalesceAsyncCopies(mod);
  },
});
