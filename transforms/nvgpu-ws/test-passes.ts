/**
 * Triton 3.6's test passes for the Hopper warp specialization steps (lit tests of
 * test/Hopper/WarpSpecialization): `--nvgpu-test-ws-task-partition=num-warp-groups=N` runs task partition alone,
 * `--nvgpu-test-taskid-propagate=num-warp-groups=N` sorts the user's `async_task_id`s and propagates them from
 * the non-constant anchors (num-warp-groups=0 only strips the ids), `--nvgpu-test-ws-data-partition=
 * num-warp-groups=N` runs data partition for N-1 consumer groups (N > 2) and fails when it cannot.
 */
import type { Operation } from '../../dialect/ir/ir.js';
import { ConstantOp } from '../../dialect/arith/ops.js';
import { FuncOp } from '../../dialect/tt/ops.js';
import { registerPass } from '../pass.js';
import { doDataPartition, DataPartitionError } from './data-partition.js';
import { doTaskIdPropagate, TaskIdPropagationError } from './task-id-propagation.js';
import { ASYNC_TASK_ID, getAsyncTaskIds, setAsyncTaskIds } from './task-ids.js';
import { doTaskPartition } from './task-partition.js';
import { doTokenLowering, TokenLoweringError } from './token-lowering.js';
import { disableSoftwarePipelining } from './disable-pipelining.js';
import { CreateTokenOp } from '../../dialect/nvws/ops.js';
import { codePartitionBeforeSpecialize } from './code-partition.js';
import { CodePartitionError } from './channels.js';
import { loopsToWarpSpecialize, partitionFunction, WarpSpecializationError } from '../nvgpu-warp-specialization.js';

function funcsOf(mod: Operation): Operation[] {
  const funcs: Operation[] = [];
  mod.walk((op) => {
    if (FuncOp.is(op)) funcs.push(op);
  });
  return funcs;
}

const NUM_WARP_GROUPS = { 'num-warp-groups': { type: 'int', default: 0, description: 'number of warp groups for warp specialization' } } as const;

registerPass({
  name: 'nvgpu-test-ws-task-partition',
  className: 'NVGPUTestWSTaskPartition',
  description: 'test warp specialization task partition',
  options: NUM_WARP_GROUPS,
  run(mod, options) {
    const n = options['num-warp-groups'];
    if (n > 1) for (const f of funcsOf(mod)) doTaskPartition(f, n);
  },
});

registerPass({
  name: 'nvgpu-test-taskid-propagate',
  className: 'NVGPUTestWSTaskIdPropagate',
  description: 'test warp specialization task id propagation',
  options: NUM_WARP_GROUPS,
  run(mod, options, ctx) {
    const n = options['num-warp-groups'];
    for (const func of funcsOf(mod)) {
      let anchors = 0;
      func.walk((op) => {
        const ids = getAsyncTaskIds(op);
        if (ids.length === 0) return;
        setAsyncTaskIds(op, ids);
        if (!ConstantOp.is(op)) anchors++;
        if (n === 0) op.removeAttr(ASYNC_TASK_ID);
      });
      if (n === 0 || anchors === 0) continue;
      try {
        doTaskIdPropagate(func);
      } catch (e) {
        if (!(e instanceof TaskIdPropagationError)) throw e;
        ctx.emitError(e.op, e.message);
        ctx.signalPassFailure();
        return;
      }
    }
  },
});

registerPass({
  name: 'nvgpu-test-ws-data-partition',
  className: 'NVGPUTestWSDataPartition',
  description: 'test warp specialization data partition',
  options: NUM_WARP_GROUPS,
  run(mod, options, ctx) {
    const n = options['num-warp-groups'];
    if (n <= 2) return;
    for (const func of funcsOf(mod)) {
      try {
        if (!doDataPartition(func, n - 1)) ctx.signalPassFailure();
      } catch (e) {
        if (!(e instanceof DataPartitionError)) throw e;
        ctx.emitError(e.op, e.message);
        ctx.signalPassFailure();
        return;
      }
    }
  },
});

/**
 * ttg-opt's own test pass (Triton has none for this step): the end of the pass on a module after code partition,
 * token lowering (nvgpu-ws/token-lowering.ts) and `tt.num_stages = 0` on every loop of each function that holds
 * a token. Run on Triton's dump after doCodePartition, its output is the pass's final output.
 */
registerPass({
  name: 'nvgpu-test-ws-lower-token',
  className: 'NVGPUTestWSLowerToken',
  description: 'test warp specialization token lowering',
  run(mod, _options, ctx) {
    for (const func of funcsOf(mod)) {
      let hasToken = false;
      func.walk((op) => {
        if (CreateTokenOp.is(op)) hasToken = true;
      });
      if (!hasToken) continue;
      try {
        doTokenLowering(func);
      } catch (e) {
        if (!(e instanceof TokenLoweringError)) throw e;
        ctx.emitError(e.op, e.message);
        ctx.signalPassFailure();
        return;
      }
      disableSoftwarePipelining(func);
    }
  },
});

/**
 * ttg-opt's own test pass (Triton has none for this point): code partition up to and including foldLocalLoads
 * (nvgpu-ws/code-partition.ts), the input of specializeRegion: every op in one body, labelled with its tasks.
 * `num-buffers` is the pass's `num-stages` (a loop's `tt.num_stages` wins, as in Triton). With `partition=true` the
 * input is `--nvgpu-warp-specialization`'s (the bail-outs, task partition, task id propagation and data partition
 * run first); else it is a module after data partition (Triton's dump after doDataPartition).
 */
registerPass({
  name: 'nvgpu-test-ws-code-partition-pre-specialize',
  className: 'NVGPUTestWSCodePartitionPreSpecialize',
  description: 'test warp specialization code partition up to specializeRegion',
  options: {
    'num-buffers': { type: 'int', default: 0, description: 'number of buffers for producer-consumer' },
    partition: { type: 'bool', default: false, description: 'run task partition, task id propagation and data partition first' },
  },
  run(mod, options, ctx) {
    const n = options['num-buffers'];
    if (n <= 0) return;
    for (const func of funcsOf(mod)) {
      try {
        if (options.partition) {
          if (loopsToWarpSpecialize(func).length === 0) continue;
          if (!partitionFunction(func, () => {})) ctx.signalPassFailure();
        }
        codePartitionBeforeSpecialize(func, n);
      } catch (e) {
        if (e instanceof WarpSpecializationError || e instanceof CodePartitionError) {
          ctx.emitError(e.op, e.message);
          ctx.signalPassFailure();
          return;
        }
        throw e;
      }
    }
  },
});
