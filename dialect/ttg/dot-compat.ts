/**
 * TritonGPU's verifyDotOpEncodingCompatibility (the last step of `tt.dot`'s verifier in Triton 3.6): both
 * operands are dot operands of the same kWidth, and once an NVIDIA MMA is chosen the operands and the
 * result all use one MMA version that supports the dot's types. Messages are Triton's `op->emitError` texts.
 */
import type { Attribute } from '../ir/attribute.js';
import type { Operation } from '../ir/ir.js';
import { DotOperandEncodingAttr } from './attrs/dot-operand.js';
import { NvidiaMmaEncodingAttr } from './attrs/mma.js';
import { encodingOf } from '../tt/type-utils.js';
import { supportMMA } from './utils/mma-utils.js';
import { maybeLookupNumWarps } from './context.js';

/** The failure, as `{ plain }` (Triton's emitError) or `{ opError }` (emitOpError); undefined when compatible. */
export function verifyDotOpEncodingCompatibility(
  dot: Operation,
  aEnc: Attribute,
  bEnc: Attribute,
): { plain: string } | { opError: string } | undefined {
  const a = aEnc instanceof DotOperandEncodingAttr ? aEnc : undefined;
  const b = bEnc instanceof DotOperandEncodingAttr ? bEnc : undefined;
  if (!a && !b) return undefined;
  if (!a || !b) return { plain: 'mismatching encoding between A and B operands' };
  if (a.kWidth !== b.kWidth) return { plain: 'mismatching kWidth between A and B operands' };
  const mmaA = a.parent instanceof NvidiaMmaEncodingAttr ? a.parent : undefined;
  const mmaB = b.parent instanceof NvidiaMmaEncodingAttr ? b.parent : undefined;
  const res = encodingOf(dot.result(0).type);
  const mmaRes = res instanceof NvidiaMmaEncodingAttr ? res : undefined;
  if (!mmaA && !mmaB && !mmaRes) return undefined;
  if (!mmaA || !mmaB || !mmaRes) return { plain: 'mismatching MMA encoding' };
  const version = mmaRes.versionMajor;
  if (mmaA.versionMajor !== mmaB.versionMajor || mmaA.versionMajor !== version) return { plain: 'mismatched MMA version.' };
  // supportMMA reads the warp count for MMA v3/v5; Triton's lookup reports this before aborting.
  if ((version === 3 || version === 5) && maybeLookupNumWarps(dot) === undefined) {
    return { opError: 'is not contained within a context that specifies the number of warps' };
  }
  if (!supportMMA(dot, version)) return { plain: 'unsupported MMA version' };
  return undefined;
}
