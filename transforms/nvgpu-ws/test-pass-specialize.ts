/**
 * ttg-opt's own test pass for specializeRegion (Triton has none for this step): `--nvgpu-test-ws-specialize` runs
 * it on every function that holds an op with an `async_task_id`, as code partition would after local-load folding.
 */
import type { Operation } from '../../dialect/ir/ir.js';
import { FuncOp } from '../../dialect/tt/ops.js';
import { registerPass } from '../pass.js';
import { CodePartitionError } from './channels.js';
import { specializeRegion } from './specialize.js';
import { getNestedAsyncTaskIds } from './task-ids.js';

registerPass({
  name: 'nvgpu-test-ws-specialize',
  className: 'NVGPUTestWSSpecialize',
  description: 'test warp specialization specializeRegion',
  options: { 'requested-registers': { type: 'int', default: 0, description: 'registers each partition requests (0: 232)' } },
  run(mod, options, ctx) {
    const funcs: Operation[] = [];
    mod.walk((op) => {
      if (FuncOp.is(op)) funcs.push(op);
    });
    for (const func of funcs) {
      if (getNestedAsyncTaskIds(func).length === 0) continue;
      try {
        specializeRegion(func, { requestedRegisters: options['requested-registers'], warn: (at, message) => void ctx.emitWarning(at, message) });
      } catch (e) {
        if (!(e instanceof CodePartitionError)) throw e;
        ctx.emitError(e.op, e.message);
        ctx.signalPassFailure();
        return;
      }
    }
  },
});
