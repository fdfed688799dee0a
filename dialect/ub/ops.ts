/** The ub dialect: `ub.poison`, an undefined value of any type. */
import { defineOp } from '../ir/op-definition.js';
import { anyAttr } from '../common/attr-kinds.js';

defineOp({
  name: 'ub.poison',
  results: ['result'],
  attributes: [{ name: 'value', kind: anyAttr, optional: true }],
  traits: ['Pure', 'ConstantLike'],
  format: 'attr-dict `:` type($result)',
});
