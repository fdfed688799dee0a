/**
 * Test passes of code partition's last step: ttg-opt's own `--nvgpu-test-ws-specialize` (Triton has none for this
 * step) runs specializeRegion on every function that holds an op with an `async_task_id`, as code partition would
 * after local-load folding; Triton's `--nvgpu-test-ws-code-partition` runs all of code partition.
 */
import type { Operation } from '../../dialect/ir/ir.js';
import { FuncOp } from '../../dialect/tt/ops.js';
import { registerPass } from '../pass.js';
import { CodePartitionError } from './channels.js';
import { codePartitionBeforeSpecialize } from './code-partition.js';
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

/**
 * Triton 3.6's `--nvgpu-test-ws-code-partition=num-buffers=N` (NVGPUTestWSCodePartition): code partition alone,
 * specializeRegion included, on every function of a module whose ops already carry their task ids (nothing when N
 * is 0).
 */
registerPass({
  name: 'nvgpu-test-ws-code-partition',
  className: 'NVGPUTestWSCodePartition',
  description: 'test warp specialization code partition',
  options: { 'num-buffers': { type: 'int', default: 0, description: 'number of buffers for producer-consumer' } },
  run(mod, options, ctx) {
    const n = options['num-buffers'];
    if (n <= 0) return;
    const funcs: Operation[] = [];
    mod.walk((op) => {
      if (FuncOp.is(op)) funcs.push(op);
    });
    for (const func of funcs) {
      try {
        if (codePartitionBeforeSpecialize(func, n)) specializeRegion(func, { warn: (at, message) => void ctx.emitWarning(at, message) });
      } catch (e) {
        if (!(e instanceof CodePartitionError)) throw e;
        ctx.emitError(e.op, e.message);
        ctx.signalPassFailure();
        return;
      }
    }
  },
});
