/**
 * `--triton-nvidia-optimize-tmem-layouts` (Triton 3.6's TritonNvidiaGPUOptimizeTMemLayoutsPass): picks register
 * layouts of tensor-memory loads and stores (splitting a load whose result is reshaped/transposed/split into
 * per-half `ttng.tmem_subslice` loads, joining stores likewise, choosing layouts that suit a following reduction
 * or shared-memory copy), applied with the greedy driver's defaults. Without `ttng.tmem_load` / `ttng.tmem_store`
 * (every pre-Blackwell kernel) only the driver's folding, constant CSE and aggressive region simplification
 * apply, as in Triton. The TMEM layout selection itself (Triton's getDistributedLayoutForTmemLdSt family) is not
 * implemented: a module with tensor-memory loads or stores is reported as a located error.
 */
import type { Operation } from '../dialect/ir/ir.js';
import { applyPatternsGreedily } from '../dialect/ir/rewrite/greedy.js';
import { registerPass } from './pass.js';
import { TMEMLoadOp, TMEMStoreOp } from '../dialect/ttng/ops.js';
import { isAnyOf } from '../dialect/ir/op-handle.js';

const TMEM_ACCESS = [TMEMLoadOp, TMEMStoreOp];

registerPass({
  name: 'triton-nvidia-optimize-tmem-layouts',
  className: 'TritonNvidiaGPUOptimizeTMemLayoutsPass',
  description: 'Optimize TMEM layouts.',
  run(mod, _options, ctx) {
    let access: Operation | undefined;
    mod.walk((op) => {
      if (!access && isAnyOf(op, TMEM_ACCESS)) access = op;
    });
    if (access) {
      ctx.emitError(access, 'tensor-memory layout optimization (triton-nvidia-optimize-tmem-layouts) is not supported yet');
      ctx.signalPassFailure();
      return;
    }
    applyPatternsGreedily(mod, []);
  },
});
