/**
 * `--nvgpu-warp-specialization=num-stages=N dump-intermediate-steps=B` (Triton 3.6's NVGPUWarpSpecializationPass,
 * the Hopper automatic warp specialization). Per `tt.func`: nothing happens unless an `scf.for` asks for it with
 * `tt.warp_specialize`; nor when the function does not run on exactly 4 warps, nor when any `scf.if` has a
 * non-empty else block (Triton skips those). `num-stages` is only used by the partitioning itself (buffer count,
 * and loops then get `tt.num_stages = 0`). The partitioning (task, data and code partitioning, token lowering) is
 * not implemented: a loop that would be partitioned is reported as a located error.
 */
import type { Operation } from '../dialect/ir/ir.js';
import { registerPass } from './pass.js';
import { maybeLookupNumWarps } from '../dialect/ttg/context.js';
import { ForOp, IfOp } from '../dialect/scf/ops.js';
import { FuncOp } from '../dialect/tt/ops.js';

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

registerPass({
  name: 'nvgpu-warp-specialization',
  className: 'NVGPUWarpSpecialization',
  description: 'Automatic Warp specialization for NVIDIA GPU',
  options: {
    'num-stages': { type: 'int', default: 0, description: 'number of buffers for warp specialization' },
    'dump-intermediate-steps': { type: 'bool', default: false, description: 'Dump intermediate steps' },
  },
  run(mod, _options, ctx) {
    const funcs: Operation[] = [];
    mod.walk((op) => {
      if (FuncOp.is(op)) funcs.push(op);
    });
    for (const func of funcs) {
      const loops = loopsToWarpSpecialize(func);
      if (loops.length === 0) continue;
      ctx.emitError(loops[0]!, 'automatic warp specialization (nvgpu-warp-specialization) of this loop is not supported yet');
      ctx.signalPassFailure();
      return;
    }
  },
});
