/**
 * `tt.dot` lowering dispatch (Triton 3.6's NVIDIA DotOpToLLVM): an `#ttg.nvidia_mma` version 2 accumulator goes
 * to mma.sync (mma-v2.ts), a blocked accumulator to scalar multiply-adds (fma.ts). `ttng.warp_group_dot` (mma
 * version 3, wgmma) is in wgmma.ts.
 */
import { BlockedEncodingAttr } from '../../dialect/ttg/attrs/blocked.js';
import { NvidiaMmaEncodingAttr } from '../../dialect/ttg/attrs/mma.js';
import { RankedTensorType } from '../../dialect/ir/type.js';
import { registerLowering } from '../conversion.js';
import { lowerFmaDot } from './fma.js';
import { lowerMmaV2Dot } from './mma-v2.js';
import './wgmma.js';
import { DotOp } from '../../dialect/tt/ops.js';

registerLowering(DotOp, (op, ctx) => {
  const dT = DotOp.d(op).type;
  if (!(dT instanceof RankedTensorType) || !dT.encoding) return 'tt.dot without an encoding';
  const enc = dT.encoding;
  if (enc instanceof NvidiaMmaEncodingAttr) {
    if (enc.versionMajor === 2) return lowerMmaV2Dot(op, ctx);
    return `tt.dot with an mma v${enc.versionMajor} accumulator (use ttng.warp_group_dot)`;
  }
  if (enc instanceof BlockedEncodingAttr) return lowerFmaDot(op, ctx);
  return `tt.dot with a ${enc.key} accumulator is not supported`;
});
