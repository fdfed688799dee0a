/**
 * How an op's flat operand (or result, or region) list splits into its declared groups when no segment sizes
 * are stored: single groups take one each; with `SameVariadicOperandSize` the variable-size groups share the rest
 * evenly (as ODS getters do); otherwise one variadic group takes the rest, and optional groups are present in
 * declaration order (`ptr, mask` has no `other`).
 */
import type { OperandKind } from './op-definition.js';

export function inferGroupSizes(
  groups: readonly { readonly kind: OperandKind }[],
  total: number,
  sameVariadicSize: boolean,
  opName: string,
  what: string,
): number[] {
  const fixed = groups.filter((g) => g.kind === 'single').length;
  const flexible = groups.filter((g) => g.kind !== 'single');
  if (sameVariadicSize && flexible.length > 1) {
    const each = (total - fixed) / flexible.length;
    return groups.map((g) => (g.kind === 'single' ? 1 : each));
  }
  if (flexible.length > 1 && flexible.some((g) => g.kind === 'variadic')) {
    throw new Error(`${opName}: several variable-size groups need segment sizes to read ${what}`);
  }
  let spare = total - fixed;
  return groups.map((g) => {
    if (g.kind === 'single') return 1;
    if (g.kind === 'variadic') return spare;
    return spare-- > 0 ? 1 : 0;
  });
}
