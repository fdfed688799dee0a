/**
 * Instance-dependent memory effects of TritonGPU's shared-memory ops (their getEffects in Triton 3.6): an
 * allocation allocates (and writes when it has a source) its buffer once it is mutable or placed, loads and
 * stores read and write the buffer they name. Resource: `shared` (SharedMemory).
 */
import type { Operation } from '../ir/ir.js';
import { registerMemoryEffects, type MemoryEffect } from '../ir/traits.js';
import { LocalAllocOp, LocalDeallocOp, LocalLoadOp, LocalStoreOp } from './ops.js';

/** Whether a memdesc type is mutable (`!ttg.memdesc<..., mutable>`). */
function mutable(op: Operation): boolean {
  return (op.result(0).type as { mutableMemory?: boolean }).mutableMemory === true;
}

/** Immutable allocations have no effects until memory is assigned (so CSE/DCE can treat them as values). */
export function allocEffects(resource: string) {
  return (op: Operation): MemoryEffect[] => {
    if (!mutable(op) && op.getAttr('allocation.offset') === undefined) return [];
    const r = op.result(0);
    const e: MemoryEffect[] = [{ kind: 'allocate', resource, value: r }];
    if (op.operands.length) e.push({ kind: 'write', resource, value: r });
    return e;
  };
}
registerMemoryEffects(LocalAllocOp, allocEffects('shared'));
registerMemoryEffects(LocalLoadOp, (op) => [{ kind: 'read', resource: 'shared', value: LocalLoadOp.src(op) }]);
registerMemoryEffects(LocalStoreOp, (op) => [{ kind: 'write', resource: 'shared', value: LocalStoreOp.dst(op) }]);
registerMemoryEffects(LocalDeallocOp, (op) => [{ kind: 'free', resource: 'shared', value: LocalDeallocOp.src(op) }]);
registerMemoryEffects('ttg.async_copy_global_to_local', (op) => [
  { kind: 'read', resource: 'global', value: op.operand(0) },
  { kind: 'write', resource: 'shared', value: op.operand(1) },
]);
