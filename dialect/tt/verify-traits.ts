/**
 * Triton's op traits, registered with the IR verifier: the encoding and load/store shape traits
 * (verifySameOperandsEncoding & co., where a pointer to a tensor stands for its pointee), TensorSizeTrait (at most
 * 2^20 elements, a power of two) and VerifyTensorLayoutsTrait (every operand then result tensor's encoding checked
 * by the layout dialect, ttg: see registerTensorLayoutChecker). The size and layout traits are on every op of the
 * dialects that call registerTensorLayoutDialect (tt, ttg, ttng) and on ops that list `VerifyTensorLayouts`.
 */
import type { Attribute } from '../ir/attribute.js';
import { BlockArgument, type Operation, type Value } from '../ir/ir.js';
import { PlainVerifyError, type OpDefinition, type OpVerifyResult } from '../ir/op-definition.js';
import { RankedTensorType, ShapedType, type Type } from '../ir/type.js';
import { describeOp, describeValue, registerTraitVerifier, registerVerifierExtension } from '../ir/verifier.js';
import { PointerType } from './types.js';

const tensorLayoutDialects = new Set<string>();
/** Gives every op of `dialect` Triton's TensorSizeTrait and VerifyTensorLayoutsTrait. */
export function registerTensorLayoutDialect(dialect: string): void {
  tensorLayoutDialects.add(dialect);
}
registerTensorLayoutDialect('tt');

/**
 * Checks a tensor type's encoding where `op` uses it (Triton's DialectVerifyTensorLayoutInterface); returns the
 * text after "... has an invalid layout: ", or undefined. Made fresh for each verification run (it may cache).
 */
export type TensorLayoutChecker = (t: RankedTensorType, op: Operation) => string | undefined;
let layoutCheckerFactory: (() => TensorLayoutChecker) | undefined;
export function registerTensorLayoutChecker(factory: () => TensorLayoutChecker): void {
  layoutCheckerFactory = factory;
}

// ---- encoding and load/store shape traits -----------------------------------------------------------------

const operandTypes = (op: Operation): Type[] => op.operandValues.map((v) => v.type);
const resultTypes = (op: Operation): Type[] => op.results.map((r) => r.type);

/** A tensor's encoding, or (for load/store traits) the encoding of a pointer-to-tensor's pointee. */
function encodingOf(t: Type, tensorPtr: boolean): Attribute | undefined {
  if (t instanceof RankedTensorType) return t.encoding;
  if (tensorPtr && t instanceof PointerType && t.pointee instanceof RankedTensorType) return t.pointee.encoding;
  return undefined;
}

/** Triton's verifySameEncoding: equal, or at least one side has no encoding. */
function sameEncoding(a: Type, b: Type, tensorPtr: boolean): boolean {
  const ea = encodingOf(a, tensorPtr);
  const eb = encodingOf(b, tensorPtr);
  return !ea || !eb || ea === eb;
}

/** Shape for Triton's load/store traits: a tensor's, or a tensor pointer's pointee's. */
function loadStoreShape(t: Type): readonly number[] {
  if (t instanceof ShapedType) return t.shape;
  if (t instanceof PointerType && t.pointee instanceof ShapedType) return t.pointee.shape;
  return [];
}

function sameShape(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/** MLIR's verifyAtLeastNOperands(op, 1) && verifyAtLeastNResults(op, 1). */
function needOperandsAndResults(op: Operation): OpVerifyResult {
  if (op.operands.length < 1) return `expected 1 or more operands, but found ${op.operands.length}`;
  if (op.results.length < 1) return 'expected 1 or more results';
  return undefined;
}

function sameOperandsEncoding(op: Operation, tensorPtr: boolean): OpVerifyResult {
  const ops = operandTypes(op);
  if (!ops.length) return 'expected 1 or more operands, but found 0';
  for (const t of ops.slice(1)) if (!sameEncoding(t, ops[0]!, tensorPtr)) return 'requires the same encoding for all operands';
  return undefined;
}

function sameOperandsAndResultEncoding(op: Operation, tensorPtr: boolean): OpVerifyResult {
  const ops = operandTypes(op);
  if (!ops.length) return undefined;
  const counts = needOperandsAndResults(op);
  if (counts !== undefined) return counts;
  for (const t of resultTypes(op)) if (!sameEncoding(t, ops[0]!, tensorPtr)) return 'requires the same encoding for all operands and results';
  return sameOperandsEncoding(op, tensorPtr);
}

registerTraitVerifier('SameOperandsEncoding', (op) => sameOperandsEncoding(op, false));
registerTraitVerifier('SameOperandsAndResultEncoding', (op) => sameOperandsAndResultEncoding(op, false));
registerTraitVerifier('SameLoadStoreOperandsEncoding', (op) => sameOperandsEncoding(op, true));
registerTraitVerifier('SameLoadStoreOperandsAndResultEncoding', (op) => sameOperandsAndResultEncoding(op, true));
registerTraitVerifier('SameLoadStoreOperandsShape', (op) => {
  const ops = operandTypes(op);
  if (!ops.length) return 'expected 1 or more operands, but found 0';
  const s = loadStoreShape(ops[0]!);
  for (const t of ops.slice(1)) if (!sameShape(loadStoreShape(t), s)) return 'requires the same shape for all operands';
  return undefined;
});
registerTraitVerifier('SameLoadStoreOperandsAndResultShape', (op) => {
  const counts = needOperandsAndResults(op);
  if (counts !== undefined) return counts;
  const ops = operandTypes(op);
  const s = loadStoreShape(ops[0]!);
  for (const t of ops.slice(1)) if (!sameShape(loadStoreShape(t), s)) return 'requires the same shape for all operands';
  for (const t of resultTypes(op)) if (!sameShape(loadStoreShape(t), s)) return 'requires the same shape for all operands and results';
  return undefined;
});

// ---- tensor size and layout traits ------------------------------------------------------------------------

function dialectOf(name: string): string {
  const i = name.indexOf('.');
  return i < 0 ? '' : name.slice(0, i);
}

const layoutTraitCache = new WeakMap<OpDefinition, boolean>();
function hasTensorLayoutTraits(def: OpDefinition): boolean {
  let b = layoutTraitCache.get(def);
  if (b === undefined) {
    b = tensorLayoutDialects.has(dialectOf(def.name)) || def.traits.has('VerifyTensorLayouts');
    layoutTraitCache.set(def, b);
  }
  return b;
}

function operandText(v: Value): string {
  return v instanceof BlockArgument ? `<block argument> of type '${v.type.key}' at index: ${v.index}` : describeValue(v);
}

registerVerifierExtension(() => {
  /** Tensor types already known to satisfy the size rule. */
  const sizeOk = new Set<Type>();
  const checkLayout = layoutCheckerFactory?.();
  const sizeError = (op: Operation, t: Type): OpVerifyResult => {
    if (!(t instanceof RankedTensorType) || sizeOk.has(t)) return undefined;
    const n = t.numElements;
    if (n > 1048576) return new PlainVerifyError(`Maximum allowed number of elements is 1048576, but ${describeOp(op)} has more than that`);
    if ((n & (n - 1)) !== 0) {
      return new PlainVerifyError(`Number of elements must be power-of-two, but ${describeOp(op)} doesn't follow the rule (${n}) elements`);
    }
    sizeOk.add(t);
    return undefined;
  };
  return (op) => {
    if (!op.def || !hasTensorLayoutTraits(op.def)) return undefined;
    // TensorSizeTrait is TT_Op's alone: TTG_Op and TTNG_Op only verify layouts (a ttg.warp_specialize may
    // capture a tensor of 3 nvws tokens).
    if (dialectOf(op.def.name) === 'tt') for (const o of op.operands) {
      const e = sizeError(op, o.value.type);
      if (e !== undefined) return e;
    }
    if (dialectOf(op.def.name) === 'tt') for (const r of op.results) {
      const e = sizeError(op, r.type);
      if (e !== undefined) return e;
    }
    if (!checkLayout) return undefined;
    for (const [i, o] of op.operands.entries()) {
      const t = o.value.type;
      if (!(t instanceof RankedTensorType) || !t.encoding) continue;
      const e = checkLayout(t, op);
      if (e !== undefined) return new PlainVerifyError(`Operand ${i} (${operandText(o.value)}) has an invalid layout: ${e}`);
    }
    for (const [i, r] of op.results.entries()) {
      const t = r.type;
      if (!(t instanceof RankedTensorType) || !t.encoding) continue;
      const e = checkLayout(t, op);
      if (e !== undefined) return new PlainVerifyError(`${op.results.length === 1 ? 'Result' : `Result ${i}`} has an invalid layout: ${e}`);
    }
    return undefined;
  };
});
