/**
 * TritonGPU's answers to the layout questions of Triton ops (dialect/tt/layout-inference.ts, Triton's
 * DialectInferLayoutInterface): expand_dims undoes a `#ttg.slice`, reductions slice a distributed encoding,
 * tt.dot checks its operand encodings (dot-compat.ts), and tt.join / tt.split get the split of an encoding
 * (a simple blocked split drops the last dimension; other layouts, blocked ones included, go through their
 * linear layout, with Triton 3.6's error texts) and structural layout equality. A join or split whose layouts do not correspond would move
 * data between threads, which their lowering (a register-level nop) cannot do.
 */
import type { Attribute } from '../ir/attribute.js';
import { registerLayoutInference } from '../tt/layout-inference.js';
import { DistributedEncodingAttr, SliceEncodingAttr } from './attrs/index.js';
import { verifyDotOpEncodingCompatibility } from './dot-compat.js';
import { inferSplitOpEncoding, layoutsEquivalent } from './utils/layout-utils.js';

function splitEncoding(enc: Attribute, shape: readonly number[]): Attribute | string {
  const split = inferSplitOpEncoding(enc, shape);
  if (split) return split;
  // Triton's errors when neither the simple blocked split nor the linear-layout split applies
  if (shape[shape.length - 1] !== 2) return 'SplitOp input shape should have 2 in the last dim';
  return 'Fp4ToFpOp/SplitOp requires at least 2 elements per thread in the axis/last dimension';
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
