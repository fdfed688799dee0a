/**
 * `--triton-nvidia-check-matmul-two-cta` (Triton 3.6's CheckMatmulTwoCTAs): every Blackwell MMA
 * (`ttng.tc_gen5_mma*`) must agree on `two_ctas`; the first one's setting (false when there is none) is recorded
 * on the module as `"ttng.two-ctas"`. A disagreeing MMA is an error, with a note at the first one.
 */
import { IntegerAttr, UnitAttr } from '../dialect/ir/attribute.js';
import type { Operation } from '../dialect/ir/ir.js';
import { registerPass } from './pass.js';
import { TCGen5MMAOp, TCGen5MMAScaledOp } from '../dialect/ttng/mma-v5-ops.js';
import { isAnyOf } from '../dialect/ir/op-handle.js';

const MMAV5 = [TCGen5MMAOp, TCGen5MMAScaledOp];

function twoCtas(op: Operation): boolean {
  const a = op.getAttr('two_ctas');
  return a instanceof UnitAttr || (a instanceof IntegerAttr && a.value !== 0n);
}

registerPass({
  name: 'triton-nvidia-check-matmul-two-cta',
  className: 'TritonNvidiaGPUCheckMatmulTwoCTAPass',
  description: 'Verify consistent two_ctas usage across matmuls',
  run(mod, _opts, ctx) {
    let first: Operation | undefined;
    let firstTwo = false;
    let bad = false;
    mod.walk((op) => {
      if (bad || !isAnyOf(op, MMAV5)) return;
      const two = twoCtas(op);
      if (!first) {
        first = op;
        firstTwo = two;
        return;
      }
      if (two !== firstTwo) {
        const d = ctx.emitError(op, `inconsistent two_ctas setting across matmuls; expected all matmuls to ${firstTwo ? 'enable' : 'disable'} two_ctas.`);
        d.attachNote(`first matmul here has two_ctas=${firstTwo ? 'true' : 'false'}.`, first.loc);
        bad = true;
      }
    });
    if (bad) {
      ctx.signalPassFailure();
      return;
    }
    mod.setAttr('ttng.two-ctas', IntegerAttr.bool(first ? firstTwo : false));
  },
});
