/**
 * `--triton-nvidia-gpu-plan-cta` (Triton 3.6's PlanCTAPass): chooses CTA tilings (CGA layouts) for dots,
 * reductions and stores when the module runs several CTAs per cluster. With `ttg.num-ctas` = 1 (every kernel
 * Triton compiles without clusters) it does nothing, as Triton. The multi-CTA planner (cast propagation through
 * the function) is not implemented: such a module is reported as a located error rather than left unplanned.
 */
import { IntegerAttr } from '../dialect/ir/attribute.js';
import { registerPass } from './pass.js';
import { FuncOp } from '../dialect/tt/ops.js';

registerPass({
  name: 'triton-nvidia-gpu-plan-cta',
  className: 'TritonGPUPlanCTAPass',
  description: 'plan CTA',
  run(mod, _options, ctx) {
    const n = mod.getAttr('ttg.num-ctas');
    const numCTAs = n instanceof IntegerAttr ? n.num : 1;
    if (numCTAs === 1) return;
    let func = mod;
    mod.walk((op) => {
      if (func === mod && FuncOp.is(op)) func = op;
    });
    ctx.emitError(func, `CTA planning for ttg.num-ctas = ${numCTAs} (triton-nvidia-gpu-plan-cta) is not supported yet`);
    ctx.signalPassFailure();
  },
});
