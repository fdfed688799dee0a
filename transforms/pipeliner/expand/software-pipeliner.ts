/**
 * The `tritongpu-pipeline` pass (Triton 3.6's SoftwarePipeliner.cpp), on loops that
 * `tritongpu-schedule-loops` scheduled (`loop.stage`/`loop.cluster` on body ops, `tt.scheduled_max_stage` on
 * the loop):
 *   1. lower loads to multi-buffered async copies / TMA and update the schedule (lower-loops.ts);
 *   2. expand each scheduled loop into prologue + predicated kernel (pipeline-expander.ts), then dissolve the
 *      predication masks (mask-ops.ts);
 *   3. drop the schedule attributes;
 *   4. make wgmma dots async and place their waits, set the async-copy wait counts (wgmma-pipeline.ts);
 *   5. fold arithmetic over the module (the greedy driver with folding only);
 *   6. pipeline TMA stores of loops with more than one stage (tma-stores.ts).
 * Options: `num-stages` (loops without `tt.num_stages` use it; only gates the wgmma step here), and
 * `dump-intermediate-steps` (prints the IR after steps 1 and 2 to stderr, as Triton's debug dump).
 */
import { Builder } from '../../../dialect/ir/builder.js';
import type { Operation } from '../../../dialect/ir/ir.js';
import { ForOp } from '../../../dialect/scf/ops.js';
import { WarpSpecializeOp } from '../../../dialect/ttg/ops.js';
import { printOperation } from '../../../printer/printer.js';
import { registerPass, type PassContext } from '../../pass.js';
import { numStagesOrDefault } from '../latency-utils.js';
import { CoarseSchedule, LOOP_CLUSTER, LOOP_STAGE, SCHEDULED_MAX_STAGE } from './coarse-schedule.js';
import { hasMMAv5WaitsInLastStage, peelLoopEpilogue } from './epilogue-peeling.js';
import { lowerLoops } from './lower-loops.js';
import { foldArith, resolveMaskOps } from './mask-ops.js';
import { pipelineForLoop } from './pipeline-expander.js';
import { pipelineTMAStores } from './tma-stores.js';
import { asyncLaunchDots, updateWaits } from './wgmma-pipeline.js';

function loopsPostOrder(module: Operation): Operation[] {
  const loops: Operation[] = [];
  module.walkPostOrder((op) => {
    if (ForOp.is(op)) loops.push(op);
  });
  return loops;
}

function expandLoops(module: Operation, diags?: PassContext): void {
  for (const forOp of loopsPostOrder(module)) {
    const schedule = CoarseSchedule.deserialize(forOp);
    if (!schedule) continue;
    const order = schedule.opsInOrder(forOp).map(({ op, stage }) => ({ op, stage }));
    // Blackwell loops whose MMA waits sit in the last stage get their last iteration peeled (not inside warp
    // specialization, not when a test keeps the stage predicates).
    const keepPredicateStage = forOp.getAttr('__test_keep_predicate_stage') !== undefined;
    const peel = hasMMAv5WaitsInLastStage(forOp, schedule) && !forOp.getParentWhere((p) => WarpSpecializeOp.is(p)) && !keepPredicateStage;
    const newFor = pipelineForLoop(new Builder(), forOp, order, diags, keepPredicateStage || peel);
    if (newFor && peel) peelLoopEpilogue(newFor);
  }
  resolveMaskOps(module);
}

function removePipeliningAttributes(module: Operation): void {
  module.walk((op) => {
    op.removeAttr(LOOP_STAGE);
    op.removeAttr(LOOP_CLUSTER);
    op.removeAttr(SCHEDULED_MAX_STAGE);
  });
}

export function runSoftwarePipeliner(module: Operation, numStages: number, dump: boolean, ctx?: PassContext): void {
  lowerLoops(module, ctx);
  if (dump) process.stderr.write(`// -----// SoftwarePipeliner internal IR Dump After: LowerLoops\n${printOperation(module)}\n\n\n`);
  expandLoops(module, ctx);
  if (dump) process.stderr.write(`// -----// SoftwarePipeliner internal IR Dump After: ExpandLoops\n${printOperation(module)}\n\n\n`);
  removePipeliningAttributes(module);
  for (const forOp of loopsPostOrder(module)) if (numStagesOrDefault(forOp, numStages) >= 1) asyncLaunchDots(forOp);
  updateWaits(module);
  foldArith(module);
  for (const forOp of loopsPostOrder(module)) if (numStagesOrDefault(forOp, numStages) > 1) pipelineTMAStores(forOp);
}

registerPass({
  name: 'tritongpu-pipeline',
  className: 'TritonGPUPipeline',
  description: 'pipeline',
  options: {
    'num-stages': { type: 'int', default: 3, description: 'number of pipeline stages' },
    'dump-intermediate-steps': { type: 'bool', default: false, description: 'Dump intermediate steps' },
  },
  run(module, options, ctx) {
    runSoftwarePipeliner(module, options['num-stages'], options['dump-intermediate-steps'], ctx);
  },
});
