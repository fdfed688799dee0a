/**
 * Small type helpers shared by the Triton-family op definitions (tt, ttg, ttng): shapes, element types,
 * encodings, pointer pointees, and the type-equality checks ODS traits express.
 */
import { IntegerType, RankedTensorType, ShapedType, type Type } from '../ir/type.js';
import type { Attribute } from '../ir/attribute.js';
import type { Operation, Value } from '../ir/ir.js';
import { PointerType } from './types.js';

export function isTensor(t: Type): t is RankedTensorType {
  return t instanceof RankedTensorType;
}

/** Shape of a tensor, `[]` for a scalar. */
export function shapeOf(t: Type): readonly number[] {
  return t instanceof ShapedType ? t.shape : [];
}

export function elementOf(t: Type): Type {
  return t instanceof ShapedType ? t.elementType : t;
}

export function encodingOf(t: Type): Attribute | undefined {
  return t instanceof RankedTensorType ? t.encoding : undefined;
}

export function sameShape(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((d, i) => d === b[i]);
}

export function shapeText(s: readonly number[]): string {
  return s.join('x');
}

/** `t` with its element type replaced (keeps shape and encoding for tensors). */
export function withElement(t: Type, el: Type): Type {
  return t instanceof RankedTensorType ? t.withElementType(el) : el;
}

/** i1 of the same shape/encoding as `t`. */
export function i1Like(t: Type): Type {
  return withElement(t, IntegerType.get(1));
}

/** The pointee (per element) of a pointer or tensor of pointers, or undefined. */
export function pointeeOf(t: Type): Type | undefined {
  const el = elementOf(t);
  if (!(el instanceof PointerType)) return undefined;
  return withElement(t, el.pointee);
}

/** A pointer type of the same shape/encoding whose pointee is `t`'s element type. */
export function pointerLike(t: Type, addressSpace = 1): Type {
  return withElement(t, PointerType.get(elementOf(t), addressSpace));
}

export function isPermutation(order: readonly number[], rank: number): boolean {
  if (order.length !== rank) return false;
  const seen = new Set(order);
  return seen.size === rank && order.every((o) => Number.isInteger(o) && o >= 0 && o < rank);
}

/** Checks SameOperandsAndResultShape/Encoding/ElementType-style traits over the given values. */
export function checkSame(
  values: readonly Value[],
  what: 'shape' | 'encoding' | 'element type',
  scope: string,
): string | undefined {
  const pick = (v: Value): string => {
    const t = v.type;
    if (what === 'shape') return t instanceof ShapedType ? shapeText(t.shape) + '|' + t.rank : 'scalar';
    if (what === 'encoding') return encodingOf(t)?.key ?? '';
    return elementOf(t).key;
  };
  const first = values[0];
  if (!first) return undefined;
  const k = pick(first);
  if (values.some((v) => pick(v) !== k)) return `requires the same ${what} for all ${scope}`;
  return undefined;
}

export function operandsAndResults(op: Operation): Value[] {
  return [...op.operandValues, ...op.results];
}

/** Integer value of an IntegerAttr-like attribute, or undefined. */
export function intValue(a: Attribute | undefined): number | undefined {
  const v = (a as { value?: unknown } | undefined)?.value;
  return typeof v === 'bigint' ? Number(v) : undefined;
}
