/**
 * The tensor-memory pattern of Triton 3.6's ConvertLayoutOp::getCanonicalizationPatterns
 * (CanonicalizeConvertFromTMEMStore): `ttng.tmem_store` of a `ttg.convert_layout` stores the convert's source
 * instead, when tcgen05.st can store that layout (tmem-layouts.ts). It joins the convert_layout patterns of
 * dialect/ttg/canonicalize.ts last, as in Triton's list.
 */
import type { RewritePattern } from '../ir/rewrite/pattern.js';
import { RankedTensorType } from '../ir/type.js';
import { extendConvertLayoutCanonicalizations } from '../ttg/canonicalize.js';
import { ConvertLayoutOp } from '../ttg/ops.js';
import { MemDescType } from '../ttg/types.js';
import { TMEMStoreOp } from './ops.js';
import { isTmemCompatible } from './tmem-layouts.js';

const convertFromTMEMStore: RewritePattern = {
  name: 'CanonicalizeConvertFromTMEMStore',
  rootName: TMEMStoreOp.opName,
  matchAndRewrite(op, rewriter) {
    const cvt = TMEMStoreOp.src(op).definingOp;
    if (!cvt || !ConvertLayoutOp.is(cvt)) return false;
    const srcTy = ConvertLayoutOp.src(cvt).type;
    const dstTy = TMEMStoreOp.dst(op).type;
    if (!(srcTy instanceof RankedTensorType) || !(dstTy instanceof MemDescType) || !isTmemCompatible(op, srcTy, dstTy)) return false;
    rewriter.modifyOpInPlace(op, () => op.setOperand(TMEMStoreOp.src.positions(op)[0]!, ConvertLayoutOp.src(cvt)));
    return true;
  },
};

extendConvertLayoutCanonicalizations(convertFromTMEMStore);
