/** The ub dialect: `ub.poison`, an undefined value of any type. */
import { defineOp } from '../ir/op-definition.js';
import { anyAttr } from '../common/attr-kinds.js';
import { OpaqueAttr } from '../ir/attribute.js';
import { registerConstantMaterializer, registerFolder } from '../ir/rewrite/registry.js';

export const PoisonOp = defineOp({
  name: 'ub.poison',
  results: ['result'],
  attributes: [{ name: 'value', kind: anyAttr, optional: true }],
  traits: ['Pure', 'ConstantLike'],
  format: 'attr-dict `:` type($result)',
});

// Folding: `ub.poison` is a constant whose value is `#ub.poison` (MLIR's PoisonAttr), so the greedy driver
// uniques and hoists it like other constants; the dialect materializes that value back as `ub.poison`.
const POISON = OpaqueAttr.get('#ub.poison');
registerFolder('ub.poison', (op) => op.getAttr('value') ?? POISON);
registerConstantMaterializer('ub', (builder, value, type, loc) =>
  value === POISON ? builder.create({ name: 'ub.poison', resultTypes: [type], loc }) : undefined,
);
