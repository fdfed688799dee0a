/**
 * Instance-dependent memory effects of Triton ops (their getEffects methods in Triton 3.6), registered
 * with the side-effect model of `dialect/ir/traits.ts`: a volatile `tt.load` also writes, impure
 * extern/inline-asm ops read and write global memory, and shared/tensor-memory ops name the buffer they
 * touch. Resources: `global` (GlobalMemory), `shared` (SharedMemory), `tensor` (TensorMemory).
 */
import { UnitAttr, type Attribute } from '../ir/attribute.js';
import { registerMemoryEffects, type MemoryEffect } from '../ir/traits.js';
import type { Operation } from '../ir/ir.js';

const isTrue = (a: Attribute | undefined): boolean => a instanceof UnitAttr || (a as { value?: unknown } | undefined)?.value === 1n;

registerMemoryEffects('tt.load', (op) => {
  const e: MemoryEffect[] = [{ kind: 'read', resource: 'global', value: op.operand(0) }];
  if (isTrue(op.getAttr('isVolatile'))) e.push({ kind: 'write', resource: 'global', value: op.operand(0) });
  return e;
});

const impure = (op: Operation): MemoryEffect[] =>
  isTrue(op.getAttr('pure')) ? [] : [{ kind: 'read', resource: 'global' }, { kind: 'write', resource: 'global' }];
registerMemoryEffects('tt.extern_elementwise', impure);
registerMemoryEffects('tt.elementwise_inline_asm', impure);

/** Whether a memdesc type is mutable (`!ttg.memdesc<..., mutable>`). */
function mutable(op: Operation): boolean {
  return (op.result(0).type as { mutableMemory?: boolean }).mutableMemory === true;
}

/** Immutable allocations have no effects until memory is assigned (so CSE/DCE can treat them as values). */
function allocEffects(resource: string) {
  return (op: Operation): MemoryEffect[] => {
    if (!mutable(op) && op.getAttr('allocation.offset') === undefined) return [];
    const r = op.result(0);
    const e: MemoryEffect[] = [{ kind: 'allocate', resource, value: r }];
    if (op.operands.length) e.push({ kind: 'write', resource, value: r });
    return e;
  };
}
registerMemoryEffects('ttg.local_alloc', allocEffects('shared'));
registerMemoryEffects('ttng.tmem_alloc', allocEffects('tensor'));

registerMemoryEffects('ttg.local_load', (op) => [{ kind: 'read', resource: 'shared', value: op.operand(0) }]);
registerMemoryEffects('ttg.local_store', (op) => [{ kind: 'write', resource: 'shared', value: op.operand(1) }]);
registerMemoryEffects('ttg.local_dealloc', (op) => [{ kind: 'free', resource: 'shared', value: op.operand(0) }]);
registerMemoryEffects('ttg.async_copy_global_to_local', (op) => [
  { kind: 'read', resource: 'global', value: op.operand(0) },
  { kind: 'write', resource: 'shared', value: op.operand(1) },
]);
registerMemoryEffects('ttng.tmem_load', (op) => [{ kind: 'read', resource: 'tensor', value: op.operand(0) }]);
registerMemoryEffects('ttng.tmem_store', (op) => [{ kind: 'write', resource: 'tensor', value: op.operand(0) }]);
// WarpGroupDotOp::getEffects: reads B, and A when it is a memdesc, from shared memory.
registerMemoryEffects('ttng.warp_group_dot', (op) => {
  const e: MemoryEffect[] = [{ kind: 'read', resource: 'shared', value: op.operand(1) }];
  const a = op.operand(0);
  if ((a.type as { mutableMemory?: unknown }).mutableMemory !== undefined) e.push({ kind: 'read', resource: 'shared', value: a });
  return e;
});
