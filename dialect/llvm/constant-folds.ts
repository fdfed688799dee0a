/**
 * The constant values of the LLVM dialect's ConstantLike ops other than `llvm.mlir.constant` (MLIR's folders of
 * UndefOp, PoisonOp, ZeroOp and AddressOfOp): `#llvm.undef`, `#llvm.poison`, `#llvm.zero` and the global's
 * symbol. With them the greedy driver's constant folder sees these ops as constants, as MLIR's does: they are
 * uniqued per type and kept (or hoisted) with the other constants at the front of the function.
 */
import { OpaqueAttr } from '../ir/attribute.js';
import { registerFolder } from '../ir/rewrite/registry.js';

for (const n of ['undef', 'poison', 'zero']) {
  const value = OpaqueAttr.get(`#llvm.${n}`);
  registerFolder(`llvm.mlir.${n}`, () => value);
}
registerFolder('llvm.mlir.addressof', (op) => op.getAttr('global_name'));
