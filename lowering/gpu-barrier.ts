/**
 * `gpu.barrier` (MLIR's GPU-to-NVVM pattern, which Triton's convert-triton-gpu-to-llvm includes): `nvvm.barrier0`.
 * Inside a warp-specialized kernel convert-warp-specialize-to-llvm turns it into its warp group's named barrier.
 */
import { BarrierOp } from '../dialect/gpu/ops.js';
import { registerLowering } from './conversion.js';

registerLowering(BarrierOp, (_op, ctx) => {
  ctx.b.barrier();
});
