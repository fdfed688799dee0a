/**
 * `--nvgpu-warp-specialization=num-stages=N dump-intermediate-steps=B` (Triton 3.6's NVGPUWarpSpecializationPass,
 * the Hopper automatic warp specialization). Per `tt.func`: nothing happens unless an `scf.for` asks for it with
 * `tt.warp_specialize`; nor when the function does not run on exactly 4 warps, nor when any `scf.if` has a
 * non-empty else block (Triton skips those). Otherwise, with 3 warp groups (one producer, two consumers) and then
 * 2: task partition (nvgpu-ws/task-partition.ts) picks the producer loads and consumer dots/stores, task id
 * propagation (nvgpu-ws/task-id-propagation.ts) labels every op with the tasks that need it, and data partition
 * (nvgpu-ws/data-partition.ts) splits the consumers' work between the consumer groups. `num-stages` is the
 * buffer count of code partition, and loops then get `tt.num_stages = 0`. `dump-intermediate-steps` prints the module after each step to stderr
 * (local scope, no locations), as Triton's debug dump does.
 * Code partition is only partly implemented (nvgpu-ws/channels.ts, reorder-producers.ts, accum-counts.ts,
 * buffers.ts, tokens.ts: the async copies, communication ops, local-load folding and the `ttg.warp_specialize` op
 * are missing), so a function that reaches it is a located error at its first warp-specialized loop; token
 * lowering and `tt.num_stages = 0` (nvgpu-ws/token-lowering.ts, disable-pipelining.ts) would follow it.
 */
import type { Operation } from '../dialect/ir/ir.js';
import { registerPass } from './pass.js';
import { maybeLookupNumWarps } from '../dialect/ttg/context.js';
import { ForOp, IfOp } from '../dialect/scf/ops.js';
import { FuncOp } from '../dialect/tt/ops.js';
import { printOperation } from '../printer/printer.js';
import { doTaskPartition } from './nvgpu-ws/task-partition.js';
import { doTaskIdPropagate, TaskIdPropagationError } from './nvgpu-ws/task-id-propagation.js';
import { DataPartitionError, doDataPartition } from './nvgpu-ws/data-partition.js';
import { verifyOperation } from '../dialect/ir/verifier.js';

const WARP_SPECIALIZE_ATTR = 'tt.warp_specialize';

function hasNonEmptyElse(func: Operation): boolean {
  let found = false;
  func.walk((op) => {
    if (!IfOp.is(op)) return;
    const elseBlock = op.regions[1]?.blocks[0];
    if (elseBlock && elseBlock.ops.length > 0) found = true;
  });
  return found;
}

/** The loops of `func` the pass would partition (empty when Triton leaves the function alone). */
export function loopsToWarpSpecialize(func: Operation): Operation[] {
  const loops: Operation[] = [];
  func.walk((op) => {
    if (ForOp.is(op) && op.getAttr(WARP_SPECIALIZE_ATTR) !== undefined) loops.push(op);
  });
  if (loops.length === 0) return [];
  if (maybeLookupNumWarps(func) !== 4) return [];
  if (hasNonEmptyElse(func)) return [];
  return loops;
}

/** Triton's `llvm::dbgs() << moduleOp` after a step (generic form when the module does not verify, as MLIR prints). */
function dumpStep(module: Operation, step: string, out: (text: string) => void): void {
  const generic = verifyOperation(module) !== undefined;
  out(`// -----// WarpSpec internal IR Dump After: ${step}\n${printOperation(module, { localScope: true, generic, genericDefaults: generic })}\n\n\n`);
}

/** A step's failure where Triton would crash: reported as a located error at `op`. */
export class WarpSpecializationError extends Error {
  constructor(
    readonly op: Operation,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The partitioning steps implemented so far, on one function Triton would specialize: task partition, task id
 * propagation and data partition with 3 warp groups, and again with 2 when the data partition fails (task
 * partition then keeps the first ids). `onStep` sees each step's name after it ran. Returns whether the data
 * partition succeeded (Triton signals a failure otherwise but goes on).
 */
export function partitionFunction(func: Operation, onStep: (step: string) => void): boolean {
  try {
    for (let numWarpGroups = 3; numWarpGroups >= 2; numWarpGroups--) {
      doTaskPartition(func, numWarpGroups);
      onStep('doTaskPartition');
      doTaskIdPropagate(func);
      onStep('doTaskIdPropagate');
      if (doDataPartition(func, numWarpGroups - 1)) {
        onStep('doDataPartition');
        return true;
      }
    }
    return false;
  } catch (e) {
    if (e instanceof TaskIdPropagationError || e instanceof DataPartitionError) throw new WarpSpecializationError(e.op, e.message);
    throw e;
  }
}

registerPass({
  name: 'nvgpu-warp-specialization',
  className: 'NVGPUWarpSpecialization',
  description: 'Automatic Warp specialization for NVIDIA GPU',
  options: {
    'num-stages': { type: 'int', default: 0, description: 'number of buffers for warp specialization' },
    'dump-intermediate-steps': { type: 'bool', default: false, description: 'Dump intermediate steps' },
  },
  run(mod, options, ctx) {
    const dump = options['dump-intermediate-steps'];
    const funcs: Operation[] = [];
    mod.walk((op) => {
      if (FuncOp.is(op)) funcs.push(op);
    });
    for (const func of funcs) {
      const loops = loopsToWarpSpecialize(func);
      if (loops.length === 0) continue;
      try {
        partitionFunction(func, (step) => {
          if (dump) dumpStep(mod, step, ctx.debugDump ?? ((t) => process.stderr.write(t)));
        });
      } catch (e) {
        if (!(e instanceof WarpSpecializationError)) throw e;
        ctx.emitError(e.op, e.message);
        ctx.signalPassFailure();
        return;
      }
      // Code partition, then token lowering, would follow; until code partition is complete the pass stops here,
      // at the loop that data partition left (it may have replaced the original).
      const loop = loopsToWarpSpecialize(func)[0] ?? func;
      ctx.emitError(loop, 'automatic warp specialization (nvgpu-warp-specialization) of this loop is not supported yet: code partition is not fully implemented');
      ctx.signalPassFailure();
      return;
    }
  },
});
