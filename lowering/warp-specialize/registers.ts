/**
 * Register reallocation of warp-specialized kernels (sm90+ `setmaxnreg`). With `ttg.maxnreg` set, every warp
 * starts with that many registers; worker warps give registers back while they idle in the switch loop and the
 * default warp group takes them, and inside a `ttg.warp_specialize` each warp group moves to the count its
 * `actualRegisters` entry asks for (default group first, then one per partition).
 */
import { IntegerAttr } from '../../dialect/ir/attribute.js';
import { NVVMEnumAttr } from '../../dialect/nvvm/attrs.js';
import type { LLVMBuilder } from '../builder.js';

/** The hardware's register ceiling per thread. */
const MAX_REGISTERS = 256;
/** The fewest registers a worker warp can shrink to. */
const MIN_WORKER_REGISTERS = 24;

/** `nvvm.setmaxregister` from `current` registers to `target` (both capped at 256). */
export function reallocateRegisters(b: LLVMBuilder, current: number, target: number): void {
  const cur = Math.min(MAX_REGISTERS, current);
  const adj = Math.min(MAX_REGISTERS, target);
  b.create('nvvm.setmaxregister', [], [], [
    ['regCount', IntegerAttr.i32(adj)],
    ['action', NVVMEnumAttr.get('action', adj < cur ? 'decrease' : 'increase')],
  ]);
}

export interface RegisterBudget {
  /** What the worker warps keep while they wait in the switch loop. */
  lowRegs: number;
  /** What the default warp group gets outside `ttg.warp_specialize` ops. */
  defRegs: number;
}

/**
 * The registers the idle workers keep and the default warps get, from the per-warp budget `maxnreg`: the workers
 * shrink to 24 and the default warps share what they give up (rounded down to a multiple of 8), unless that goes
 * over 256, in which case the default warps get 256 and the workers give only what that needs.
 */
export function registerBudget(maxnreg: number, totalNumWarps: number, defaultNumWarps: number): RegisterBudget {
  const numWorkerWarps = totalNumWarps - defaultNumWarps;
  let lowRegs = MIN_WORKER_REGISTERS;
  const extra = Math.trunc(((maxnreg - lowRegs) * numWorkerWarps) / defaultNumWarps);
  let defRegs = Math.trunc((maxnreg + extra) / 8) * 8;
  if (defRegs > MAX_REGISTERS) {
    defRegs = MAX_REGISTERS;
    const give = Math.trunc(((defRegs - maxnreg) * defaultNumWarps) / numWorkerWarps);
    lowRegs = Math.trunc((maxnreg - give) / 8) * 8;
  }
  return { lowRegs, defRegs };
}
