/**
 * MemDescViewTrait, as an interface: the ops that view a memory descriptor (memdesc_index, memdesc_subslice,
 * memdesc_trans, memdesc_reshape, memdesc_reinterpret) all declare the viewed descriptor as their first operand,
 * `src`, so analyses that follow views (aliasing, buffer ids) can read it without naming each op.
 */
import type { Operation, Value } from '../ir/ir.js';

export function isMemDescView(op: Operation): boolean {
  return op.hasTrait('MemDescViewTrait');
}

/** The descriptor a view op views (its `src`). */
export function memDescViewSource(op: Operation): Value {
  return op.operand(0);
}
