/**
 * The TritonGPU layout attributes. Importing this module registers their parsers and the alias names
 * Triton 3.6's TritonGPUOpAsmInterface gives them: MMA layouts `#mma`, shared layouts `#shared`, blocked
 * `#blocked`, linear `#linear`, the shared memory space `#smem`. Slice and dot-operand layouts get no alias:
 * they print inline, their parent through its alias.
 */
import { registerAliasHook } from '../../ir/dialect-registry.js';
import { LayoutEncodingAttr } from './common.js';
import { SharedMemorySpaceAttr } from './memory-space.js';

export * from './common.js';
export * from './blocked.js';
export * from './slice.js';
export * from './mma.js';
export * from './amd.js';
export * from './dot-operand.js';
export * from './linear.js';
export * from './shared.js';
export * from './memory-space.js';

registerAliasHook((x) => {
  if (x instanceof LayoutEncodingAttr) return x.aliasName;
  if (x instanceof SharedMemorySpaceAttr) return 'smem';
  return undefined;
});
