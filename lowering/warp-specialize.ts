/**
 * `--convert-warp-specialize-to-llvm` (Triton 3.6's ConvertWarpSpecializeToLLVM, run by make_llir after
 * convert-nv-gpu-to-llvm): codegen for `ttg.warp_specialize` regions in lowered kernels. A kernel without such a
 * region is left as it is, which is every kernel our lowering produces today; a warp-specialized one is reported
 * as unsupported rather than passed through half-lowered.
 */
import { getPass, registerPass } from '../transforms/pass.js';

const WS_OPS = new Set(['ttg.warp_specialize', 'ttg.warp_specialize.partitions', 'ttg.warp_yield', 'ttg.warp_return']);

// Guarded: a full implementation registered by another module first takes precedence.
if (!getPass('convert-warp-specialize-to-llvm')) registerPass({
  name: 'convert-warp-specialize-to-llvm',
  className: 'ConvertWarpSpecializeToLLVM',
  description: 'Lower warp specialization into branches inside the kernel',
  run(module, _options, ctx) {
    module.walk((op) => {
      if (!WS_OPS.has(op.name)) return;
      ctx.emitError(op, `'${op.name}' is not supported: warp-specialized kernels cannot be lowered yet`);
      ctx.signalPassFailure();
    });
  },
});
