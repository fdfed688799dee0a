/**
 * Memory effects of the TritonNvidiaGPU mbarrier and TMA ops on the values they name (their ODS `Arg<...,
 * [MemRead/MemWrite<SharedMemory|GlobalMemory>]>` operands in Triton 3.6): the membar analysis sees which shared
 * buffers a barrier op or a TMA copy touches, as Triton's does, and places CTA barriers around them.
 */
import { registerMemoryEffects, type MemoryEffect } from '../ir/traits.js';
import type { Operation } from '../ir/ir.js';

const on = (op: Operation, group: string, kind: MemoryEffect['kind'], resource: string): MemoryEffect[] =>
  op.operandGroup(group).map((value) => ({ kind, resource, value }));

registerMemoryEffects('ttng.init_barrier', (op) => on(op, 'alloc', 'write', 'shared'));
registerMemoryEffects('ttng.inval_barrier', (op) => on(op, 'alloc', 'write', 'shared'));
registerMemoryEffects('ttng.barrier_expect', (op) => on(op, 'alloc', 'write', 'shared'));
registerMemoryEffects('ttng.wait_barrier', (op) => [...on(op, 'alloc', 'read', 'shared'), ...on(op, 'alloc', 'write', 'shared')]);
registerMemoryEffects('ttng.arrive_barrier', (op) => [...on(op, 'alloc', 'read', 'shared'), ...on(op, 'alloc', 'write', 'shared')]);
registerMemoryEffects('ttng.async_copy_mbarrier_arrive', (op) => on(op, 'barrier', 'write', 'shared'));
registerMemoryEffects('ttng.async_tma_copy_global_to_local', (op) => [
  ...on(op, 'desc', 'read', 'global'),
  ...on(op, 'barrier', 'write', 'shared'),
  ...on(op, 'result', 'write', 'shared'),
]);
registerMemoryEffects('ttng.async_tma_copy_local_to_global', (op) => [
  ...on(op, 'desc', 'read', 'global'),
  ...on(op, 'desc', 'write', 'global'),
  ...on(op, 'src', 'read', 'shared'),
]);
