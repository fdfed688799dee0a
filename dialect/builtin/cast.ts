/** `builtin.unrealized_conversion_cast`: a placeholder cast between type systems during dialect conversion. */
import { defineOp } from '../ir/op-definition.js';
import { registerFolder } from '../ir/rewrite/registry.js';

export const UnrealizedConversionCastOp = defineOp({
  name: 'builtin.unrealized_conversion_cast',
  operands: ['inputs*'],
  results: ['outputs*'],
  traits: ['Pure'],
  format: '($inputs^ `:` type($inputs))? `to` type($outputs) attr-dict',
});

/**
 * MLIR's UnrealizedConversionCastOp::fold: a cast to its own types is its inputs; a cast that takes all the
 * results of another cast, back to that cast's input types, is that cast's inputs (A -> B -> A).
 */
registerFolder(UnrealizedConversionCastOp, (op) => {
  const ins = op.operandValues;
  const outs = op.results;
  if (ins.length === 0) return undefined;
  if (ins.length === outs.length && ins.every((v, i) => v.type === outs[i]!.type)) return ins;
  const inner = ins[0]!.definingOp;
  if (!inner || !UnrealizedConversionCastOp.is(inner)) return undefined;
  if (inner.results.length !== ins.length || !inner.results.every((r, i) => r === ins[i])) return undefined;
  const innerIns = inner.operandValues;
  if (innerIns.length !== outs.length || !innerIns.every((v, i) => v.type === outs[i]!.type)) return undefined;
  return innerIns;
});
