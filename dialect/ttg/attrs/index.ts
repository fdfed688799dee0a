/**
 * The TritonGPU layout attributes. Importing this module registers their parsers and the alias names
 * Triton 3.6's TritonGPUOpAsmInterface gives them: MMA layouts `#mma`, shared layouts `#shared`, blocked
 * `#blocked`, linear `#linear`, the shared memory space `#smem`. Slice and dot-operand layouts get no alias:
 * they print inline, their parent through its alias.
 */
import { registerAliasHook } from '../../ir/dialect-registry.js';
import { BlockedEncodingAttr } from './blocked.js';
import { MmaEncodingAttr, SharedEncodingAttr } from './common.js';
import { LinearEncodingAttr } from './linear.js';
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
  if (x instanceof MmaEncodingAttr) return 'mma';
  if (x instanceof SharedEncodingAttr) return 'shared';
  if (x instanceof BlockedEncodingAttr) return 'blocked';
  if (x instanceof LinearEncodingAttr) return 'linear';
  if (x instanceof SharedMemorySpaceAttr) return 'smem';
  return undefined;
});
