/**
 * TritonGPU's answers to the layout questions of Triton ops (dialect/tt/layout-inference.ts, Triton's
 * DialectInferLayoutInterface): expand_dims undoes a `#ttg.slice`, reductions slice a distributed encoding,
 * tt.dot checks its operand encodings (dot-compat.ts), and tt.join / tt.split get the split of an encoding
 * (blocked layouts drop their last dimension, with Triton 3.6's error texts; other layouts go through their
 * linear layout) and structural layout equality. A join or split whose layouts do not correspond would move
 * data between threads, which their lowering (a register-level nop) cannot do.
 */
import type { Attribute } from '../ir/attribute.js';
import { registerLayoutInference } from '../tt/layout-inference.js';
import { BlockedEncodingAttr, DistributedEncodingAttr, SliceEncodingAttr } from './attrs/index.js';
import { verifyDotOpEncodingCompatibility } from './dot-compat.js';
import { inferSplitOpEncoding, layoutsEquivalent } from './utils/layout-utils.js';

function splitEncoding(enc: Attribute, shape: readonly number[]): Attribute | string {
  if (enc instanceof BlockedEncodingAttr) {
    const last = enc.rank - 1;
    if (enc.sizePerThread[last] !== 2) return 'SplitOp requires 2 elements per thread in the last dimension of the input';
    if (enc.threadsPerWarp[last] !== 1 || enc.warpsPerCTA[last] !== 1 || enc.cgaLayout.some((b) => b[last] !== 0)) {
      return 'SplitOp requires threadsPerWarp, warpsPerCTA, and CTAsPerCGA = 1 for the last dimension of the input';
    }
  }
  return inferSplitOpEncoding(enc, shape) ?? 'SplitOp requires 2 elements per thread in the last dimension of the input';
}

function expandDimsEncoding(enc: Attribute, axis: number): Attribute {
  if (!(enc instanceof SliceEncodingAttr)) throw new Error('ExpandDimsOp operand encoding must be SliceEncodingAttr');
  if (enc.dim !== axis) throw new Error('Incompatible slice dimension for ExpandDimsOp operand');
  return enc.parent;
}

registerLayoutInference({
  splitEncoding,
  layoutsEqual: (shape, a, b) => layoutsEquivalent(shape, a, b),
  expandDimsEncoding,
  reduceEncoding: (enc, axis) => (enc instanceof DistributedEncodingAttr ? SliceEncodingAttr.get(axis, enc) : enc),
  verifyDotEncodings: verifyDotOpEncodingCompatibility,
});
