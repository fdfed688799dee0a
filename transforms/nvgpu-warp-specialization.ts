/**
 * `--nvgpu-warp-specialization=num-stages=N dump-intermediate-steps=B` (Triton 3.6's NVGPUWarpSpecializationPass,
 * the Hopper automatic warp specialization). Per `tt.func`: nothing happens unless an `scf.for` asks for it with
 * `tt.warp_specialize`; nor when the function does not run on exactly 4 warps, nor when any `scf.if` has a
 * non-empty else block (Triton skips those). Otherwise, with 3 warp groups (one producer, two consumers) and then
 * 2: task partition (nvgpu-ws/task-partition.ts) picks the producer loads and consumer dots/stores, task id
 * propagation (nvgpu-ws/task-id-propagation.ts) labels every op with the tasks that need it, and data partition
 * (nvgpu-ws/data-partition.ts) splits the consumers' work between the consumer groups. `num-stages` is the
 * buffer count of code partition. Code partition (nvgpu-ws/code-partition.ts: channels, producer reordering,
 * counters, buffers, async copies, tokens, communication ops, local-load folding; then nvgpu-ws/specialize.ts) moves
 * each task's ops into the regions of a `ttg.warp_specialize`; token lowering (nvgpu-ws/token-lowering.ts) turns its
 * tokens into mbarriers, and every loop gets `tt.num_stages = 0` (nvgpu-ws/disable-pipelining.ts).
 * `dump-intermediate-steps` prints the module after each step to stderr (local scope, no locations), as Triton's
 * debug dump does. Where Triton would crash or assert, the pass stops with a located error.
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
import { CodePartitionError } from './nvgpu-ws/channels.js';
import { codePartitionBeforeSpecialize } from './nvgpu-ws/code-partition.js';
import { specializeRegion } from './nvgpu-ws/specialize.js';
import { doTokenLowering, TokenLoweringError } from './nvgpu-ws/token-lowering.js';
import { disableSoftwarePipelining } from './nvgpu-ws/disable-pipelining.js';

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

/**
 * doCodePartition: everything up to local-load folding (nvgpu-ws/code-partition.ts), then specializeRegion. A
 * function without channels is left as it is. Throws CodePartitionError where Triton would crash.
 */
export function doCodePartition(func: Operation, numBuffers: number, warn?: (at: Operation, message: string) => void): void {
  if (!codePartitionBeforeSpecialize(func, numBuffers)) return;
  specializeRegion(func, warn ? { warn } : {});
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
      if (loopsToWarpSpecialize(func).length === 0) continue;
      const onStep = (step: string): void => {
        if (dump) dumpStep(mod, step, ctx.debugDump ?? ((t) => process.stderr.write(t)));
      };
      try {
        // Triton signals a failed data partition but goes on with the rest of the pass.
        if (!partitionFunction(func, onStep)) ctx.signalPassFailure();
        doCodePartition(func, options['num-stages'], (at, message) => void ctx.emitWarning(at, message));
        onStep('doCodePartition');
        doTokenLowering(func);
        disableSoftwarePipelining(func);
      } catch (e) {
        if (!(e instanceof WarpSpecializationError || e instanceof CodePartitionError || e instanceof TokenLoweringError)) throw e;
        ctx.emitError(e.op, e.message);
        ctx.signalPassFailure();
        return;
      }
    }
  },
});
