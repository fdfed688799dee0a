/**
 * `--allocate-shared-memory-nv=compute-capability=NN ptx-version=NN` (Triton 3.6's AllocateSharedMemoryNv): runs
 * the shared memory allocation analysis (analysis/allocation.ts) with the NVIDIA scratch size function
 * and records the result on the IR: `allocation.offset = N : i32` on every op owning a shared buffer and
 * `ttg.shared = <bytes> : i32` on the module. `--allocate-shared-memory` is the target-independent variant (no
 * ldmatrix/stmatrix tiles).
 */
import type { Operation } from '../dialect/ir/ir.js';
import { lookupThreadsPerWarp } from '../dialect/ttg/context.js';
import { ModuleAllocation, attachAllocationAttrs, nvidiaScratchSizeFn } from '../analysis/allocation.js';
import { registerPass } from './pass.js';
import { requireTritonGpuIR } from './preconditions.js';

/** Runs the allocation and attaches its attributes; returns the analysis. */
export function allocateSharedMemory(module: Operation, computeCapability: number, ptxVersion: number): ModuleAllocation {
  const alloc = new ModuleAllocation(module, nvidiaScratchSizeFn({ computeCapability, ptxVersion }, lookupThreadsPerWarp(module)));
  attachAllocationAttrs(module, alloc);
  return alloc;
}

registerPass({
  name: 'allocate-shared-memory-nv',
  className: 'AllocateSharedMemoryNv',
  description: 'Add metadata for shared memory allocation for Nvidia',
  options: {
    'compute-capability': { type: 'int', default: 80, description: 'device compute capability' },
    'ptx-version': { type: 'int', default: 80, description: 'PTX version' },
  },
  run(module, options, ctx) {
    if (!requireTritonGpuIR(module, ctx, 'allocate-shared-memory-nv')) return;
    allocateSharedMemory(module, options['compute-capability'], options['ptx-version']);
  },
});

registerPass({
  name: 'allocate-shared-memory',
  className: 'AllocateSharedMemory',
  description: 'Add metadata for shared memory allocation',
  run(module, _options, ctx) {
    if (!requireTritonGpuIR(module, ctx, 'allocate-shared-memory')) return;
    // The generic pass has no ldmatrix/stmatrix: a pre-Turing target gives plain ld/st.shared tiles.
    allocateSharedMemory(module, 0, 0);
  },
});
