/**
 * Rematerializing a slice that holds nothing but constants the convert canonicalization cannot fold.
 *
 * Triton 3.6's rewriteSlice does not retype an `arith.constant`: it clones it and converts the clone to the new
 * layout. Only a splat then folds into a constant of the target layout (ConvertLayoutOp's canonicalization); for any
 * other constant the "rematerialized" value is the same convert again, and the cleanup that follows erases the old
 * constant and leaves the IR exactly as it was. The remat sweep repeats while a sweep changed something, so on such
 * input Triton 3.6 never finishes (a convert of a non-splat dense constant: a real hang of triton-opt, checked with
 * the 3.6 wheel). Here that rewrite does not count as a change: the pass stops at the IR Triton cycles through.
 */
import { DenseElementsAttr } from '../../dialect/ir/attribute.js';
import type { Value } from '../../dialect/ir/ir.js';
import { ConstantOp } from '../../dialect/arith/ops.js';

/** Whether `cvt(constant)` of this value folds to a constant of the new layout (a splat dense constant). */
function foldsThroughConvert(v: Value): boolean {
  const value = v.definingOp?.getAttr('value');
  return value instanceof DenseElementsAttr && value.isSplat;
}

/** Whether rewriting `slice` would only re-create the convert it removes: every value is an unfoldable constant. */
export function isConstantOnlySlice(slice: Iterable<Value>): boolean {
  let any = false;
  for (const v of slice) {
    if (!ConstantOp.is(v.definingOp) || foldsThroughConvert(v)) return false;
    any = true;
  }
  return any;
}
