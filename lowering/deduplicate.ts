/**
 * Reuse of elementwise results along constant axes (Triton 3.6's `maybeDeduplicate` in its elementwise lowering
 * base). When AxisInfo proves a result constant over runs of `c` elements along a dim, every register of such a run
 * holds the same value, so each register takes the value computed for the first register of its run; the other
 * computations lose their uses and are removed by dead-code elimination. This is what keeps, say, a load mask
 * `offs < n` broadcast along a row from being recomputed (and re-materialised as a predicate) per register.
 *
 * The register that stands for register `i` comes from the layout algebra: map `i` to its tensor coordinates
 * (`register -> dims` of the tensor's linear layout), drop the low log2(c) bits of each dim (zero those bases of
 * the pseudo-inverse `dims -> register`), and map back.
 */
import type { Operation, Value } from '../dialect/ir/ir.js';
import { isMemoryEffectFree } from '../dialect/ir/traits.js';
import { RankedTensorType } from '../dialect/ir/type.js';
import { LinearLayout } from '../dialect/linear-layout/linear-layout.js';
import { toLinearLayout } from '../dialect/ttg/to-linear-layout.js';
import type { LoweringContext } from './conversion.js';

/** `values` (one per register of `op`'s single tensor result) with each constant run read from its first register. */
export function deduplicateAlongConstancy(op: Operation, values: Value[], ctx: LoweringContext): Value[] {
  if (op.results.length !== 1 || !isMemoryEffectFree(op)) return values;
  const type = op.results[0]!.type;
  if (!(type instanceof RankedTensorType) || !type.encoding) return values;
  const info = ctx.axisInfo.getAxisInfo(op.results[0]!);
  if (!info || info.rank === 0) return values;
  const constancy = type.shape.map((_, d) => info.getConstancy(d));
  if (constancy.every((c) => c === 1)) return values;

  const layout = toLinearLayout(type.shape, type.encoding);
  if (layout.getInDimSize('register') !== values.length) return values;
  const dims = layout.getOutDimNames();
  const registersToDims = layout.sublayout(['register'], dims);
  const dimsToRegisters = layout.pseudoinvert().sublayout(dims, ['register']);
  const bases = dims.map((d, k) => {
    const zeroed = Math.log2(constancy[k]!);
    return [d, dimsToRegisters.getBases().get(d)!.map((b, i) => (i < zeroed ? [0] : b))] as const;
  });
  const firstOfRun = registersToDims.compose(LinearLayout.fromBasesWithSizes(bases, dimsToRegisters.getOutDims(), false));
  return values.map((_, i) => values[firstOfRun.apply([['register', i]])[0]![1]]!);
}
