/**
 * Memory effects of LLVM dialect memory ops (MLIR's LoadOp::getEffects): a load reads through its pointer, so an
 * unused one is dead and CSE may merge it with an equal earlier load; a volatile or (stronger than unordered)
 * atomic load also reads and writes arbitrary memory. Ops listed nowhere keep unknown effects.
 */
import { IntegerAttr } from '../ir/attribute.js';
import type { Operation } from '../ir/ir.js';
import { registerMemoryEffects, type MemoryEffect } from '../ir/traits.js';
import './ops.js';

/** LLVM's AtomicOrdering: not_atomic = 0, unordered = 1. */
function synchronizes(op: Operation): boolean {
  const ord = op.getAttr('ordering');
  return ord instanceof IntegerAttr && ord.num > 1;
}

registerMemoryEffects('llvm.load', (op) => {
  const effects: MemoryEffect[] = [{ kind: 'read', resource: 'default', value: op.operand(0) }];
  if (op.getAttr('volatile_') || synchronizes(op)) effects.push({ kind: 'write', resource: 'default' }, { kind: 'read', resource: 'default' });
  return effects;
});
