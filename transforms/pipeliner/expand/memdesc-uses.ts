/**
 * Rewiring the users of a loaded tensor onto its shared-memory buffer (Triton's replaceUsesWithLocalLoad and
 * replaceUsesAndPropagateType): a `ttg.local_alloc` of the loaded value with the buffer's encoding is replaced
 * by the buffer itself (its memdesc views re-created on the buffer, with the buffer's mutability); every
 * other user reads the buffer through one `ttg.local_load`.
 */
import type { Builder } from '../../../dialect/ir/builder.js';
import type { OpOperand, Operation, Value } from '../../../dialect/ir/ir.js';
import { MemDescType } from '../../../dialect/ttg/types.js';
import { LocalAllocOp, MemDescSubsliceOp, MemDescTransOp } from '../../../dialect/ttg/ops.js';
import { WarpGroupDotWaitOp } from '../../../dialect/ttng/ops.js';

/** Replaces the uses of `oldOp`'s result by `val`, re-creating memdesc views on `val` (types follow `val`). */
export function replaceUsesAndPropagateType(b: Builder, oldOp: Operation, val: Value): void {
  const toDelete: Operation[] = [];
  const toReplace: OpOperand[] = [];
  const saved = b.saveInsertionPoint();
  // MLIR walks a use list front to back (most recent use first).
  for (const use of [...oldOp.result(0).uses]) {
    const user = use.owner;
    if (!user.hasTrait('MemDescViewTrait')) {
      toReplace.push(use);
      continue;
    }
    b.setInsertionPoint(user);
    const valType = val.type as MemDescType;
    const old = user.result(0).type as MemDescType;
    const newType = MemDescType.get({
      shape: old.shape,
      elementType: old.elementType,
      encoding: old.encoding,
      memorySpace: old.memorySpace,
      mutableMemory: valType.mutableMemory,
      ...(MemDescSubsliceOp.is(user) || MemDescTransOp.is(user) ? { allocShape: old.allocShape } : {}),
    });
    const operands = [val, ...user.operandValues.slice(1)];
    const nv = b.create({ name: user.name, operands, resultTypes: [newType], attributes: [...user.attributes], loc: user.loc });
    replaceUsesAndPropagateType(b, user, nv.result(0));
    toDelete.push(user);
  }
  for (const use of toReplace) {
    const owner = use.owner;
    if (WarpGroupDotWaitOp.is(owner)) {
      b.setInsertionPointAfter(owner);
      const ops = owner.operandValues;
      ops[use.index] = val;
      const nw = b.create({ name: owner.name, operands: ops, resultTypes: ops.map((v) => v.type), attributes: [...owner.attributes], loc: owner.loc });
      owner.results.forEach((r, i) => r.replaceAllUsesWith(nw.result(i)));
      owner.erase();
    } else {
      use.set(val);
    }
  }
  for (const op of toDelete) op.erase();
  b.restoreInsertionPoint(saved);
}

/** Points the users of `old` at the buffer `view` (see the file comment); returns the local_load, if any. */
export function replaceUsesWithLocalLoad(b: Builder, old: Value, view: Value, token: Value | undefined): Operation | undefined {
  const viewType = view.type as MemDescType;
  const allocs: Operation[] = [];
  for (const user of old.users) {
    if (!LocalAllocOp.is(user)) continue;
    if ((user.result(0).type as MemDescType).encoding !== viewType.encoding) continue;
    replaceUsesAndPropagateType(b, user, view);
    allocs.push(user);
  }
  let localLoad: Operation | undefined;
  if (old.uses.length > allocs.length) {
    localLoad = b.create({
      name: 'ttg.local_load',
      operands: [view, ...(token ? [token] : [])],
      resultTypes: [old.type],
      loc: old.definingOp?.loc,
    });
    old.replaceAllUsesWith(localLoad.result(0));
  }
  for (const a of allocs) a.erase();
  return localLoad;
}
