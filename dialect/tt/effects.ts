/**
 * Instance-dependent memory effects of Triton ops (their getEffects methods in Triton 3.6), registered
 * with the side-effect model of `dialect/ir/traits.ts`: a volatile `tt.load` also writes, impure
 * extern/inline-asm ops read and write global memory (ttg's and ttng's shared/tensor-memory ops: in their
 * dialects' effects.ts). Resource: `global` (GlobalMemory).
 */
import { UnitAttr, type Attribute } from '../ir/attribute.js';
import { registerMemoryEffects, type MemoryEffect } from '../ir/traits.js';
import type { Operation } from '../ir/ir.js';
import { LoadOp } from './ops.js';

const isTrue = (a: Attribute | undefined): boolean => a instanceof UnitAttr || (a as { value?: unknown } | undefined)?.value === 1n;

registerMemoryEffects(LoadOp, (op) => {
  const e: MemoryEffect[] = [{ kind: 'read', resource: 'global', value: LoadOp.ptr(op) }];
  if (isTrue(LoadOp.isVolatile(op))) e.push({ kind: 'write', resource: 'global', value: LoadOp.ptr(op) });
  return e;
});

const impure = (op: Operation): MemoryEffect[] =>
  isTrue(op.getAttr('pure')) ? [] : [{ kind: 'read', resource: 'global' }, { kind: 'write', resource: 'global' }];
registerMemoryEffects('tt.extern_elementwise', impure);
registerMemoryEffects('tt.elementwise_inline_asm', impure);
