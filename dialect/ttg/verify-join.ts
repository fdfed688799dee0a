/**
 * Gives the tt.join and tt.split verifiers TritonGPU's layout inference: the split of an encoding (blocked
 * layouts drop their last dimension, with Triton 3.6's error texts; other layouts go through their linear
 * layout) and structural layout equality. A join or split whose layouts do not correspond would move data
 * between threads, which their lowering (a register-level nop) cannot do.
 */
import type { Attribute } from '../ir/attribute.js';
import { registerJoinLayoutInference } from '../tt/ops.js';
import { BlockedEncodingAttr } from './attrs/index.js';
import { inferSplitOpEncoding, layoutsEquivalent } from '../../transforms/utils/layout-utils.js';

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

registerJoinLayoutInference({
  splitEncoding,
  layoutsEqual: (shape, a, b) => layoutsEquivalent(shape, a, b),
});
