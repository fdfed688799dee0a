/**
 * Whether a conversion to a dot operand layout needs shared memory, as TritonGPUReduceDataDuplication asks it:
 * the linear-layout test of allocation.ts, except for the 8-bit mma v3 accumulator that is read in place as its
 * own A operand.
 */
import type { RankedTensorType } from '../dialect/ir/type.js';
import { DotOperandEncodingAttr, NvidiaMmaEncodingAttr } from '../dialect/ttg/attrs/index.js';
import { bitWidthOf } from '../dialect/ttg/utils/mma-utils.js';
import { cvtNeedsSharedMemory as cvtNeedsSharedMemoryLL } from './allocation.js';

/** matchMmaV3AndDotOperandLayout: an 8-bit mma v3 accumulator read as its own opIdx-0 operand without data movement. */
export function matchMmaV3AndDotOperandLayout(srcTy: RankedTensorType, dstTy: RankedTensorType): boolean {
  const mma = srcTy.encoding;
  const dot = dstTy.encoding;
  if (!(mma instanceof NvidiaMmaEncodingAttr) || !(dot instanceof DotOperandEncodingAttr)) return false;
  const bits = bitWidthOf(srcTy.elementType);
  if (!(mma.versionMajor === 3 && dot.opIdx === 0 && mma.warpsPerCTA[1] === 1)) return false;
  const parentTy = srcTy.withEncoding(dot.parent);
  return !cvtNeedsSharedMemory(parentTy, srcTy) && bits === 8 && dot.kWidth === Math.trunc(32 / bits);
}

/** Triton's cvtNeedsSharedMemory: not a register permutation, not a warp shuffle, not the fp8 mma v3 shortcut. */
export function cvtNeedsSharedMemory(srcTy: RankedTensorType, dstTy: RankedTensorType): boolean {
  return cvtNeedsSharedMemoryLL(srcTy, dstTy) && !matchMmaV3AndDotOperandLayout(srcTy, dstTy);
}
