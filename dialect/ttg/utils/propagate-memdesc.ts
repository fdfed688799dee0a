/**
 * Triton's replaceUsesAndPropagateType: replaces the memdesc result of `oldOp` by `val` (whose type may differ, e.g.
 * in mutability). Memdesc views of the old value are rebuilt on `val` with its mutability (recursively), and a
 * `ttng.warp_group_dot_wait` using it is rebuilt so its results take the new operand types; `ttg.warp_specialize`
 * partition arguments take the new type; other uses are redirected.
 */
import { cloneWithoutRegions, IRMapping } from '../../ir/builder.js';
import type { Operation, Value } from '../../ir/ir.js';
import type { Rewriter } from '../../ir/rewriter.js';
import { MemDescType } from '../types.js';

function withMutability(t: MemDescType, mutable: boolean): MemDescType {
  return MemDescType.get({ shape: t.shape, elementType: t.elementType, encoding: t.encoding, memorySpace: t.memorySpace, mutableMemory: mutable, allocShape: t.allocShape });
}

export function replaceUsesAndPropagateType(rw: Rewriter, oldOp: Operation, val: Value): void {
  const ip = rw.saveInsertionPoint();
  try {
    propagate(rw, oldOp, val);
  } finally {
    rw.restoreInsertionPoint(ip);
  }
}

function propagate(rw: Rewriter, oldOp: Operation, val: Value): void {
  const mutable = val.type instanceof MemDescType && val.type.mutableMemory;
  const toDelete: Operation[] = [];
  const late: { owner: Operation; index: number }[] = [];
  for (const use of [...oldOp.result(0).uses]) {
    const user = use.owner;
    const index = user.operands.indexOf(use);
    if (user.name === 'ttg.warp_specialize.partitions') {
      for (const r of user.regions) {
        const arg = r.blocks[0]?.args[index];
        if (arg) arg.type = val.type;
      }
    }
    if (!user.hasTrait('MemDescViewTrait')) {
      late.push({ owner: user, index });
      continue;
    }
    const mapping = new IRMapping();
    mapping.map(oldOp.result(0), val);
    const view = cloneWithoutRegions(user, mapping);
    const t = view.result(0).type;
    if (t instanceof MemDescType) view.result(0).type = withMutability(t, mutable);
    rw.setInsertionPoint(user);
    rw.insert(view);
    propagate(rw, user, view.result(0));
    toDelete.push(user);
  }
  for (const { owner, index } of late) {
    if (owner.name === 'ttng.warp_group_dot_wait') {
      const operands = owner.operandValues.map((v, i) => (i === index ? val : v));
      rw.setInsertionPointAfter(owner);
      const wait = rw.create({ name: owner.name, operands, resultTypes: operands.map((v) => v.type), attributes: [...owner.attributes], loc: owner.loc });
      owner.results.forEach((r, i) => rw.replaceAllUsesWith(r, wait.result(i)));
      rw.eraseOp(owner);
    } else {
      rw.modifyOpInPlace(owner, () => owner.setOperand(index, val));
    }
  }
  for (const op of toDelete) rw.eraseOp(op);
}
