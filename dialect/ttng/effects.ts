/**
 * Instance-dependent memory effects of TritonNvidiaGPU's ops (their getEffects in Triton 3.6): tensor-memory
 * allocations, loads and stores, and wgmma's shared-memory reads. Resources: `shared`, `tensor` (TensorMemory).
 */
import { registerMemoryEffects, type MemoryEffect } from '../ir/traits.js';
import { allocEffects } from '../ttg/effects.js';

registerMemoryEffects('ttng.tmem_alloc', allocEffects('tensor'));
registerMemoryEffects('ttng.tmem_load', (op) => [{ kind: 'read', resource: 'tensor', value: op.operand(0) }]);
registerMemoryEffects('ttng.tmem_store', (op) => [{ kind: 'write', resource: 'tensor', value: op.operand(0) }]);
// WarpGroupDotOp::getEffects: reads B, and A when it is a memdesc, from shared memory.
registerMemoryEffects('ttng.warp_group_dot', (op) => {
  const e: MemoryEffect[] = [{ kind: 'read', resource: 'shared', value: op.operand(1) }];
  const a = op.operand(0);
  if ((a.type as { mutableMemory?: unknown }).mutableMemory !== undefined) e.push({ kind: 'read', resource: 'shared', value: a });
  return e;
});
