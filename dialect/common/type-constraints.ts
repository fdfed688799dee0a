/** Type constraints used by op definitions (checked by the verifier). */
import type { TypeConstraint } from '../ir/op-definition.js';
import { FloatType, IndexType, IntegerType, RankedTensorType, type Type } from '../ir/type.js';

export function constraint(description: string, matches: (t: Type) => boolean): TypeConstraint {
  return { description, matches };
}

const elem = (t: Type): Type => (t instanceof RankedTensorType ? t.elementType : t);

export const anyType = constraint('any type', () => true);
export const intLike = constraint('signless-integer-like', (t) => {
  const e = elem(t);
  return (e instanceof IntegerType && e.isSignless) || e instanceof IndexType;
});
export const floatLike = constraint('floating-point-like', (t) => elem(t) instanceof FloatType);
export const tensorType = constraint('ranked tensor', (t) => t instanceof RankedTensorType);
export const i1Like = constraint('bool-like', (t) => {
  const e = elem(t);
  return e instanceof IntegerType && e.width === 1;
});
