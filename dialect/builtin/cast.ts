/** `builtin.unrealized_conversion_cast`: a placeholder cast between type systems during dialect conversion. */
import { defineOp } from '../ir/op-definition.js';

defineOp({
  name: 'builtin.unrealized_conversion_cast',
  operands: ['inputs*'],
  results: ['outputs*'],
  traits: ['Pure'],
  format: '($inputs^ `:` type($inputs))? `to` type($outputs) attr-dict',
});
