/**
 * Memory effects of the mbarrier and TMA ops on the values they access, as Triton 3.6 declares them
 * (`Arg<..., [MemWrite<SharedMemory>]>` in TritonNvidiaGPUOps.td), in operand order: shared-memory analyses
 * (allocation intervals, barrier and proxy-fence placement) see which buffer each op touches.
 */
import { registerMemoryEffects, type MemoryEffect } from '../ir/traits.js';
import { allocEffects } from '../ttg/effects.js';

const onShared = (kinds: readonly ('read' | 'write')[], index: number) => (op: import('../ir/ir.js').Operation): MemoryEffect[] =>
  kinds.map((kind) => ({ kind, resource: 'shared', value: op.operand(index) }));

registerMemoryEffects('ttng.init_barrier', onShared(['write'], 0));
registerMemoryEffects('ttng.inval_barrier', onShared(['write'], 0));
registerMemoryEffects('ttng.barrier_expect', onShared(['write'], 0));
registerMemoryEffects('ttng.wait_barrier', onShared(['read', 'write'], 0));
registerMemoryEffects('ttng.arrive_barrier', onShared(['read', 'write'], 0));
registerMemoryEffects('ttng.async_tma_copy_global_to_local', (op) => [
  { kind: 'read', resource: 'global', value: op.operandGroup('desc')[0]! },
  { kind: 'write', resource: 'shared', value: op.operandGroup('barrier')[0]! },
  { kind: 'write', resource: 'shared', value: op.operandGroup('result')[0]! },
]);
registerMemoryEffects('ttng.async_tma_copy_local_to_global', (op) => [
  { kind: 'read', resource: 'global', value: op.operandGroup('desc')[0]! },
  { kind: 'write', resource: 'global', value: op.operandGroup('desc')[0]! },
  { kind: 'read', resource: 'shared', value: op.operandGroup('src')[0]! },
]);
registerMemoryEffects('ttng.async_tma_gather', (op) => [
  { kind: 'read', resource: 'global', value: op.operandGroup('desc')[0]! },
  { kind: 'write', resource: 'shared', value: op.operandGroup('barrier')[0]! },
  { kind: 'write', resource: 'shared', value: op.operandGroup('result')[0]! },
]);
registerMemoryEffects('ttng.async_tma_scatter', (op) => [
  { kind: 'read', resource: 'global', value: op.operandGroup('desc')[0]! },
  { kind: 'write', resource: 'global', value: op.operandGroup('desc')[0]! },
  { kind: 'read', resource: 'shared', value: op.operandGroup('src')[0]! },
]);
registerMemoryEffects('ttng.tmem_copy', (op) => [
  { kind: 'read', resource: 'shared', value: op.operand(0) },
  { kind: 'write', resource: 'tensor', value: op.operand(1) },
]);
registerMemoryEffects('ttng.async_tma_reduce', (op) => [
  { kind: 'read', resource: 'global' },
  { kind: 'write', resource: 'global' },
  { kind: 'read', resource: 'global', value: op.operandGroup('desc')[0]! },
  { kind: 'read', resource: 'shared', value: op.operandGroup('src')[0]! },
]);

// Instance-dependent effects (getEffects in Triton 3.6): tensor-memory allocations, loads and stores (resource
// `tensor`), and wgmma's shared-memory reads (B, and A when it is a memdesc).
registerMemoryEffects('ttng.tmem_alloc', allocEffects('tensor'));
registerMemoryEffects('ttng.tmem_load', (op) => [{ kind: 'read', resource: 'tensor', value: op.operand(0) }]);
registerMemoryEffects('ttng.tmem_store', (op) => [{ kind: 'write', resource: 'tensor', value: op.operand(0) }]);
registerMemoryEffects('ttng.warp_group_dot', (op) => {
  const e: MemoryEffect[] = [{ kind: 'read', resource: 'shared', value: op.operand(1) }];
  const a = op.operand(0);
  if ((a.type as { mutableMemory?: unknown }).mutableMemory !== undefined) e.push({ kind: 'read', resource: 'shared', value: a });
  return e;
});
