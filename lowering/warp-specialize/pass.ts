/**
 * `--convert-warp-specialize-to-llvm` (Triton 3.6's ConvertWarpSpecializeToLLVM, in make_llir after
 * convert-triton-gpu-to-llvm): gives the warp-specialize ops LLVM types (op-types.ts), reconciles the casts that
 * bridged them, then lowers the `ttg.warp_specialize` ops of every public `llvm.func` (lower.ts). A kernel without
 * them is left as it is.
 */
import { StringAttr } from '../../dialect/ir/attribute.js';
import { LLVMFuncOp } from '../../dialect/llvm/ops.js';
import { registerPass } from '../../transforms/pass.js';
import { reconcileUnrealizedCasts } from '../../transforms/convert-warp-specialize-to-llvm.js';
import { convertWarpSpecializeOpTypes } from './op-types.js';
import { lowerWarpSpecialize } from './lower.js';

registerPass({
  name: 'convert-warp-specialize-to-llvm',
  className: 'ConvertWarpSpecializeToLLVM',
  description: 'lower `ttg.warp_specialize` to LLVM',
  run(mod, _options, ctx) {
    convertWarpSpecializeOpTypes(mod);
    reconcileUnrealizedCasts(mod);
    const kernels = (mod.region(0).blocks[0]?.ops ?? []).filter((f) => {
      if (!LLVMFuncOp.is(f)) return false;
      const vis = f.getAttr('sym_visibility');
      return !(vis instanceof StringAttr) || vis.value === 'public';
    });
    for (const func of kernels) {
      const err = lowerWarpSpecialize(func);
      if (err) {
        ctx.emitError(err.op, err.message);
        ctx.signalPassFailure();
        return;
      }
    }
  },
});
