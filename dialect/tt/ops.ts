/**
 * The Triton dialect (`tt.*`): functions and calls, program ids, tensor creation and shape ops, pointer
 * arithmetic, memory and atomic ops, dots, reductions and scans, inline asm, debug ops and tensor
 * descriptors. Formats reproduce Triton 3.6's TritonOps.td; ops 3.6 no longer has are not defined.
 */
import { PlainVerifyError, defineOp, type OpDefinitionInit, type TypeConstraint } from '../ir/op-definition.js';
import type { OpHandle } from '../ir/op-handle.js';
import { anyAttr, boolAttr, dictArrayAttr, i32Attr, stringAttr, symbolNameAttr, typeAttrOf } from '../common/attr-kinds.js';
import { floatLike, intLike, i1Like as boolLikeC, constraint, tensorType } from '../common/type-constraints.js';
import { FloatType, FunctionType, IntegerType, RankedTensorType, ShapedType, type Type } from '../ir/type.js';
import { ArrayAttr, DenseArrayAttr, IntegerAttr, StringAttr, UnitAttr, type Attribute } from '../ir/attribute.js';
import type { Operation } from '../ir/ir.js';
import { PointerType, TensorDescType } from './types.js';
import {
  CACHE_MODIFIER,
  DESCRIPTOR_REDUCE_KIND,
  EVICTION_POLICY,
  INPUT_PRECISION,
  MEM_SEMANTIC,
  MEM_SYNC_SCOPE,
  PADDING_OPTION,
  PROGRAM_DIM,
  PROPAGATE_NAN,
  RMW_OP,
  ROUNDING_MODE,
  SCALE_DOT_ELEM_TYPE,
  denseI32ArrayAttr,
  emptyI32Array,
  unitAttr,
} from './attr-kinds.js';
import {
  checkSame,
  elementOf,
  encodingOf,
  i1Like,
  isPermutation,
  isTensor,
  operandsAndResults,
  pointeeOf,
  sameShape,
  shapeOf,
  shapeText,
} from './type-utils.js';
import '../common/function-format.js';
import { layoutInference } from './layout-inference.js';

export { CACHE_MODIFIER, EVICTION_POLICY, PADDING_OPTION, PROGRAM_DIM };

/** TT_Op adds TensorSizeTrait and VerifyTensorLayoutsTrait to every Triton op. */
function ttOp<const I extends OpDefinitionInit>(init: I): OpHandle<I> {
  return defineOp(init);
}

const ptrLike = constraint('ptr or tensor of ptr', (t) => elementOf(t) instanceof PointerType);
const tensorPtr: TypeConstraint = {
  description: 'ptr to tensor',
  matches: (t) => t instanceof PointerType && t.pointee instanceof RankedTensorType,
  dialectType: 'tt.ptr',
};
/** TT_Ptr: a scalar pointer; as a TypeDef constraint, `type($x)` prints it as `<f16>`. */
const scalarPtr: TypeConstraint = { description: 'ptr', matches: (t) => t instanceof PointerType, dialectType: 'tt.ptr' };
const anyPtrOrTensorPtr = constraint('ptr-like or tensor ptr', (t) => ptrLike.matches(t) || tensorPtr.matches(t));
const i64Like = constraint('i64-like', (t) => {
  const e = elementOf(t);
  return e instanceof IntegerType && e.width === 64;
});
const i32Scalar = constraint('i32', (t) => t instanceof IntegerType && t.width === 32);
const i64Scalar = constraint('i64', (t) => t instanceof IntegerType && t.width === 64);
const tensorDesc: TypeConstraint = { description: 'tensor descriptor', matches: (t) => t instanceof TensorDescType, dialectType: 'tt.tensordesc' };
const fpIntTensor = constraint('floating-point or integer tensor', (t) => t instanceof RankedTensorType);

// ---- functions ----------------------------------------------------------------------------------

const functionTypeAttr = typeAttrOf('type attribute of function type', (t) => t instanceof FunctionType);

export const FuncOp = ttOp({
  name: 'tt.func',
  summary: 'A Triton function',
  attributes: [
    { name: 'sym_name', kind: symbolNameAttr },
    { name: 'function_type', kind: functionTypeAttr },
    { name: 'sym_visibility', kind: anyAttr, optional: true },
    { name: 'arg_attrs', kind: dictArrayAttr, optional: true },
    { name: 'res_attrs', kind: dictArrayAttr, optional: true },
  ],
  regions: ['body'],
  traits: ['IsolatedFromAbove', 'FunctionOpInterface', 'Symbol', 'AffineScope', 'AutomaticAllocationScope', 'CallableOpInterface', 'HasParent<builtin.module>'],
  format: 'custom<FunctionOp>($body)',
});

export const ReturnOp = ttOp({
  name: 'tt.return',
  operands: ['srcs*'],
  traits: ['Pure', 'Terminator', 'ReturnLike', 'HasParent<tt.func>'],
  format: 'attr-dict ($srcs^ `:` type($srcs))?',
  verify: (op) => {
    const fn = op.parentOp;
    if (!fn || fn.name !== 'tt.func') return undefined;
    const ft = fn.getAttr('function_type') as { value?: { results?: readonly Type[] } } | undefined;
    const results = ft?.value?.results;
    if (!results) return undefined;
    if (results.length !== op.operands.length) {
      return `has ${op.operands.length} operands, but enclosing function (@${(fn.getAttr('sym_name') as StringAttr).value}) returns ${results.length}`;
    }
    for (const [i, t] of results.entries()) {
      if (op.operand(i).type !== t) return `type of return operand ${i} (${op.operand(i).type}) doesn't match function result type (${t}) in function @${(fn.getAttr('sym_name') as StringAttr).value}`;
    }
    return undefined;
  },
});

export const CallOp = ttOp({
  name: 'tt.call',
  operands: ['operands*'],
  results: ['results*'],
  attributes: [
    { name: 'callee', kind: anyAttr },
    { name: 'arg_attrs', kind: anyAttr, optional: true },
    { name: 'res_attrs', kind: anyAttr, optional: true },
  ],
  traits: ['CallOpInterface', 'SymbolUserOpInterface'],
  format: '$callee `(` $operands `)` attr-dict `:` functional-type($operands, results)',
  verify: verifyCall,
});

/** CallOp::verifySymbolUses: the callee is a function of the nearest symbol table, with matching types. */
function verifyCall(op: Operation): string | undefined {
  const callee = op.getAttr('callee');
  const name = (callee as { root?: string } | undefined)?.root;
  if (name === undefined) return "requires a 'callee' symbol reference attribute";
  let table = op.parentOp;
  while (table && !table.hasTrait('SymbolTable')) table = table.parentOp;
  if (!table) return undefined;
  const fn = table.regions[0]?.blocks[0]?.ops.find((o) => (o.getAttr('sym_name') as StringAttr | undefined)?.value === name);
  if (!fn || !fn.hasTrait('FunctionOpInterface')) return `'${name}' does not reference a valid function`;
  const ft = (fn.getAttr('function_type') as { value?: { inputs: readonly Type[]; results: readonly Type[] } } | undefined)?.value;
  if (!ft) return undefined;
  if (ft.inputs.length !== op.operands.length) return 'incorrect number of operands for callee';
  for (const [i, t] of ft.inputs.entries()) {
    if (op.operand(i).type !== t) return `operand type mismatch: expected operand type '${t.key}', but provided '${op.operand(i).type.key}' for operand number ${i}`;
  }
  if (ft.results.length !== op.results.length) return 'incorrect number of results for callee';
  for (const [i, t] of ft.results.entries()) {
    if (op.results[i]!.type !== t) return `result type mismatch at index ${i}`;
  }
  return undefined;
}

// ---- casts --------------------------------------------------------------------------------------

const elementwiseCastTraits = ['Elementwise', 'SameOperandsAndResultShape', 'SameOperandsAndResultEncoding', 'Pure'];
const castFormat = '$src attr-dict `:` type($src) `->` type($result)';

function sameShapeAndEncoding(op: Operation): string | undefined {
  const vals = operandsAndResults(op);
  return checkSame(vals, 'shape', 'operands and results') ?? checkSame(vals, 'encoding', 'operands and results');
}

export const IntToPtrOp = ttOp({
  name: 'tt.int_to_ptr',
  operands: [{ name: 'src', kind: 'single', type: i64Like }],
  results: [{ name: 'result', kind: 'single', type: ptrLike }],
  traits: elementwiseCastTraits,
  format: castFormat,
  verify: sameShapeAndEncoding,
});
export const PtrToIntOp = ttOp({
  name: 'tt.ptr_to_int',
  operands: [{ name: 'src', kind: 'single', type: ptrLike }],
  results: [{ name: 'result', kind: 'single', type: i64Like }],
  traits: elementwiseCastTraits,
  format: castFormat,
  verify: sameShapeAndEncoding,
});

function bitWidthOf(t: Type): number | undefined {
  if (t instanceof IntegerType || t instanceof FloatType) return t.width;
  if (t instanceof PointerType) return 64;
  return undefined;
}

export const BitcastOp = ttOp({
  name: 'tt.bitcast',
  operands: ['src'],
  results: ['result'],
  traits: elementwiseCastTraits,
  format: castFormat,
  verify: (op) => {
    const e = sameShapeAndEncoding(op);
    if (e) return e;
    const a = bitWidthOf(elementOf(op.operand(0).type));
    const b = bitWidthOf(elementOf(op.result().type));
    if (a !== undefined && b !== undefined && a !== b) {
      return `Cannot bitcast data-type of size ${a} to data-type of size ${b}`;
    }
    return undefined;
  },
});

export const FpToFpOp = ttOp({
  name: 'tt.fp_to_fp',
  operands: [{ name: 'src', kind: 'single', type: floatLike }],
  results: [{ name: 'result', kind: 'single', type: floatLike }],
  attributes: [{ name: 'rounding', kind: ROUNDING_MODE, optional: true }],
  traits: elementwiseCastTraits,
  format: '$src attr-dict (`,` `rounding` `=` $rounding^)? `:` type($src) `->` type($result)',
  verify: (op) => {
    const e = sameShapeAndEncoding(op);
    if (e) return e;
    const src = elementOf(op.operand(0).type) as FloatType;
    const dst = elementOf(op.result().type) as FloatType;
    if (dst.width < src.width && op.getAttr('rounding') === undefined) return 'Rounding mode is required for FP downcast';
    return undefined;
  },
});

// ---- arithmetic ---------------------------------------------------------------------------------

export const ClampFOp = ttOp({
  name: 'tt.clampf',
  operands: [
    { name: 'x', kind: 'single', type: floatLike },
    { name: 'min', kind: 'single', type: floatLike },
    { name: 'max', kind: 'single', type: floatLike },
  ],
  results: [{ name: 'result', kind: 'single', type: floatLike }],
  attributes: [{ name: 'propagateNan', kind: PROPAGATE_NAN }],
  traits: ['Elementwise', 'SameOperandsAndResultType', 'Pure'],
  format: '$x `,` $min `,` $max `,` `propagateNan` `=` $propagateNan attr-dict `:` type($result)',
});
export const PreciseSqrtOp = ttOp({
  name: 'tt.precise_sqrt',
  operands: [{ name: 'x', kind: 'single', type: floatLike }],
  results: [{ name: 'result', kind: 'single', type: floatLike }],
  traits: ['Elementwise', 'SameOperandsAndResultType', 'Pure'],
  format: '$x attr-dict `:` type($x)',
});
export const PreciseDivFOp = ttOp({
  name: 'tt.precise_divf',
  operands: [
    { name: 'x', kind: 'single', type: floatLike },
    { name: 'y', kind: 'single', type: floatLike },
  ],
  results: [{ name: 'result', kind: 'single', type: floatLike }],
  traits: ['Elementwise', 'SameOperandsAndResultType', 'Pure'],
  format: '$x `,` $y attr-dict `:` type($x)',
});
export const MulhiUIOp = ttOp({
  name: 'tt.mulhiui',
  operands: [
    { name: 'x', kind: 'single', type: intLike },
    { name: 'y', kind: 'single', type: intLike },
  ],
  results: [{ name: 'result', kind: 'single', type: intLike }],
  traits: ['Elementwise', 'SameOperandsAndResultType', 'Pure'],
  format: '$x `,` $y attr-dict `:` type($x)',
});

// ---- pointer arithmetic -------------------------------------------------------------------------

export const AddPtrOp = ttOp({
  name: 'tt.addptr',
  operands: [
    { name: 'ptr', kind: 'single', type: ptrLike },
    { name: 'offset', kind: 'single', type: intLike },
  ],
  results: [{ name: 'result', kind: 'single', type: ptrLike }],
  traits: ['Pure', 'Elementwise', 'SameOperandsAndResultShape', 'SameOperandsAndResultEncoding'],
  format: '$ptr `,` $offset attr-dict `:` type($result) `,` type($offset)',
  inferResultTypes: (ts) => [ts[0]!],
  verify: (op) => {
    if (op.result().type !== op.operand(0).type) return "failed to verify that result type matches ptr type";
    return sameShapeAndEncoding(op);
  },
});

export const AdvanceOp = ttOp({
  name: 'tt.advance',
  operands: [
    { name: 'ptr', kind: 'single', type: tensorPtr },
    { name: 'offsets', kind: 'variadic', type: i32Scalar },
  ],
  results: [{ name: 'result', kind: 'single', type: tensorPtr }],
  traits: ['Pure'],
  format: '$ptr `,` `[` $offsets `]` attr-dict `:` type($result)',
  inferResultTypes: (ts) => [ts[0]!],
});

// ---- load / store -------------------------------------------------------------------------------

/** The pointee type for each element of a pointer, tensor of pointers, or tensor pointer. */
function loadResultType(ptr: Type): Type {
  if (ptr instanceof PointerType) return ptr.pointee;
  const p = pointeeOf(ptr);
  if (p) return p;
  throw new Error(`expected pointer type, got ${ptr}`);
}

/** getPointeeType, or undefined for a type that is not a pointer (the verifier reports that). */
function pointeeIfPointer(t: Type): Type | undefined {
  try {
    return loadResultType(t);
  } catch {
    return undefined;
  }
}

/** TypesMatchWith from `ptr`: the custom forms of load and store infer these operands' types from the pointer's. */
const VALUE_FROM_PTR = { operand: 'ptr', derive: pointeeIfPointer };
const MASK_FROM_PTR = { operand: 'ptr', derive: (t: Type): Type | undefined => {
  const p = pointeeIfPointer(t);
  return p && i1Like(p);
} };

function checkLoadStoreShapes(op: Operation, values: readonly Type[]): string | undefined {
  const ptr = op.operand(0).type;
  if (ptr instanceof PointerType && ptr.pointee instanceof RankedTensorType) return undefined;
  const s = shapeOf(ptr);
  for (const t of values) if (!sameShape(shapeOf(t), s)) return 'requires the same shape for all operands and results';
  const enc = encodingOf(ptr)?.key;
  for (const t of values) if ((encodingOf(t)?.key) !== enc) return 'requires the same encoding for all operands and results';
  return undefined;
}

export const LoadOp = ttOp({
  name: 'tt.load',
  operands: [
    { name: 'ptr', kind: 'single', type: anyPtrOrTensorPtr },
    { name: 'mask', kind: 'optional', type: boolLikeC, typeFrom: MASK_FROM_PTR },
    { name: 'other', kind: 'optional', typeFrom: VALUE_FROM_PTR },
  ],
  results: ['result'],
  attributes: [
    { name: 'boundaryCheck', kind: denseI32ArrayAttr, default: emptyI32Array() },
    { name: 'padding', kind: PADDING_OPTION, optional: true },
    { name: 'cache', kind: CACHE_MODIFIER, default: IntegerAttr.i32(1) },
    { name: 'evict', kind: EVICTION_POLICY, default: IntegerAttr.i32(1) },
    { name: 'isVolatile', kind: boolAttr, default: IntegerAttr.bool(false) },
  ],
  traits: ['AttrSizedOperandSegments', 'SameLoadStoreOperandsAndResultShape', 'SameLoadStoreOperandsAndResultEncoding', 'MemRead'],
  format: '$ptr (`,` $mask^)? (`,` $other^)? oilist(`cacheModifier` `=` $cache | `evictionPolicy` `=` $evict) attr-dict `:` type($ptr)',
  inferResultTypes: (ts) => [loadResultType(ts[0]!)],
  verify: (op): string | undefined => {
    const r = op.result().type;
    if (r !== loadResultType(op.operand(0).type)) return 'failed to verify that result matches ptr type';
    // Triton checks mask and other only when the op has more than one (mask) or two (other) operands, so an
    // `other` without a mask (generic form) fails the mask check.
    const n = op.operandValues.length;
    const hasMask = (op.operandSegments?.[1] ?? 1) > 0;
    if (n > 1 && (!hasMask || op.operand(1).type !== i1Like(r))) return 'failed to verify that mask type matches ptr type';
    if (n > 2 && op.operand(2).type !== r) return 'failed to verify that other matches ptr type';
    return checkLoadStoreShapes(op, [...op.operandValues.slice(1).map((v) => v.type), r]);
  },
});

export const StoreOp = ttOp({
  name: 'tt.store',
  operands: [
    { name: 'ptr', kind: 'single', type: anyPtrOrTensorPtr },
    { name: 'value', kind: 'single', typeFrom: VALUE_FROM_PTR },
    { name: 'mask', kind: 'optional', type: boolLikeC, typeFrom: MASK_FROM_PTR },
  ],
  attributes: [
    { name: 'boundaryCheck', kind: denseI32ArrayAttr, default: emptyI32Array() },
    { name: 'cache', kind: CACHE_MODIFIER, default: IntegerAttr.i32(1) },
    { name: 'evict', kind: EVICTION_POLICY, default: IntegerAttr.i32(1) },
  ],
  traits: ['SameLoadStoreOperandsShape', 'SameLoadStoreOperandsEncoding', 'MemWrite'],
  format: '$ptr `,` $value (`,` $mask^)? oilist(`cacheModifier` `=` $cache | `evictionPolicy` `=` $evict) attr-dict `:` type($ptr)',
  verify: (op) => {
    if (op.operand(1).type !== loadResultType(op.operand(0).type)) return 'failed to verify that value type matches ptr type';
    const mask = op.operandValues[2];
    if (mask && mask.type !== i1Like(op.operand(1).type)) return 'failed to verify that mask type matches ptr type';
    return checkLoadStoreShapes(op, op.operandValues.slice(1).map((v) => v.type));
  },
});

// ---- atomics ------------------------------------------------------------------------------------

export const AtomicRMWOp = ttOp({
  name: 'tt.atomic_rmw',
  operands: [
    { name: 'ptr', kind: 'single', type: ptrLike },
    { name: 'val', kind: 'single' },
    { name: 'mask', kind: 'optional', type: boolLikeC },
  ],
  results: ['result'],
  attributes: [
    { name: 'atomic_rmw_op', kind: RMW_OP },
    { name: 'sem', kind: MEM_SEMANTIC },
    { name: 'scope', kind: MEM_SYNC_SCOPE },
  ],
  traits: ['SameOperandsAndResultShape', 'SameOperandsAndResultEncoding', 'MemRead', 'MemWrite'],
  format: '$atomic_rmw_op `,` $sem `,` $scope `,` $ptr `,` $val (`,` $mask^)? attr-dict `:` functional-type(operands, $result)',
  verify: (op) => {
    if (op.operand(0).type !== withPtr(op.operand(1).type)) return 'failed to verify that ptr type matches value type';
    return sameShapeAndEncoding(op);
  },
});

/** Pointer-of-element type with the shape of `t` (getPointerTypeSameShape). */
function withPtr(t: Type): Type {
  const el = elementOf(t);
  const p = PointerType.get(el, 1);
  return t instanceof RankedTensorType ? t.withElementType(p) : p;
}

export const AtomicCASOp = ttOp({
  name: 'tt.atomic_cas',
  operands: [{ name: 'ptr', kind: 'single', type: ptrLike }, 'cmp', 'val'],
  results: ['result'],
  attributes: [
    { name: 'sem', kind: MEM_SEMANTIC },
    { name: 'scope', kind: MEM_SYNC_SCOPE },
  ],
  traits: ['SameOperandsAndResultShape', 'SameOperandsAndResultEncoding', 'MemRead', 'MemWrite'],
  format: '$sem `,` $scope `,` $ptr `,` $cmp `,` $val attr-dict `:` functional-type(operands, $result)',
  verify: sameShapeAndEncoding,
});

// ---- shape manipulation -------------------------------------------------------------------------

export const SplatOp = ttOp({
  name: 'tt.splat',
  operands: ['src'],
  results: [{ name: 'result', kind: 'single', type: tensorType }],
  traits: ['Pure', 'SameOperandsAndResultElementType', 'SameOperandsAndResultEncoding'],
  format: '$src attr-dict `:` type($src) `->` type($result)',
  verify: (op) => {
    const src = op.operand(0).type;
    if (elementOf(src) !== elementOf(op.result().type)) return 'requires the same element type for all operands and results';
    if (isTensor(src)) return checkSame(operandsAndResults(op), 'encoding', 'operands and results');
    return undefined;
  },
});

export const UnsplatOp = ttOp({
  name: 'tt.unsplat',
  operands: [{ name: 'src', kind: 'single', type: tensorType }],
  results: ['result'],
  traits: ['Pure'],
  format: '$src attr-dict `:` type($src)',
  inferResultTypes: (ts) => [elementOf(ts[0]!)],
  verify: (op) => {
    const t = op.operand(0).type as RankedTensorType;
    if (t.numElements !== 1) return 'source tensor must have exactly one element';
    return undefined;
  },
});

export const ExpandDimsOp = ttOp({
  name: 'tt.expand_dims',
  operands: [{ name: 'src', kind: 'single', type: tensorType }],
  results: [{ name: 'result', kind: 'single', type: tensorType }],
  attributes: [{ name: 'axis', kind: i32Attr }],
  traits: ['Pure', 'InferTypeOpInterface', 'SameOperandsAndResultElementType'],
  format: '$src attr-dict `:` type($src) `->` type($result)',
  inferResultTypes: (ts, attrs) => [inferExpandDimsType(ts[0] as RankedTensorType, (attrs.get('axis') as IntegerAttr).num)],
  verify: (op) => {
    const src = op.operand(0).type as RankedTensorType;
    const dst = op.result().type as RankedTensorType;
    const axis = (op.getAttr('axis') as IntegerAttr).num;
    if (axis < 0 || axis > src.rank) return `invalid axis ${axis} for a tensor of rank ${src.rank}`;
    const want = [...src.shape];
    want.splice(axis, 0, 1);
    if (!sameShape(want, dst.shape)) return `result shape ${shapeText(dst.shape)} does not match the expected ${shapeText(want)}`;
    if (src.elementType !== dst.elementType) return 'requires the same element type for all operands and results';
    if (src.encoding !== undefined) {
      let inferred: Type;
      try {
        inferred = inferExpandDimsType(src, axis);
      } catch (e) {
        return (e as Error).message;
      }
      if (inferred !== dst) return `inferred type(s) '${inferred.key}' are incompatible with return type(s) of operation '${dst.key}'`;
    }
    return undefined;
  },
});

/**
 * ExpandDimsOp::inferReturnTypes: a 1 inserted at `axis`; a `#ttg.slice` encoding along `axis` expands
 * back to its parent (any other encoding is an error, as in TritonGPU's inferExpandDimsOpEncoding).
 */
export function inferExpandDimsType(src: RankedTensorType, axis: number): RankedTensorType {
  const shape = [...src.shape];
  shape.splice(axis, 0, 1);
  let enc: Attribute | undefined = src.encoding;
  if (enc !== undefined) {
    const layouts = layoutInference();
    if (!layouts) throw new Error('ExpandDimsOp operand encoding must be SliceEncodingAttr');
    enc = layouts.expandDimsEncoding(enc, axis);
  }
  return RankedTensorType.get(shape, src.elementType, enc);
}

/** ReduceOp::inferReturnTypes: the axis dropped (a scalar for rank 1), the encoding sliced along it. */
export function inferReduceTypes(srcs: readonly RankedTensorType[], axis: number): Type[] {
  return srcs.map((t) => {
    const shape = t.shape.filter((_, k) => k !== axis);
    if (shape.length === 0) return t.elementType;
    const layouts = layoutInference();
    const enc = layouts ? layouts.reduceEncoding(t.encoding, axis) : t.encoding;
    return RankedTensorType.get(shape, t.elementType, enc);
  });
}

export const ReshapeOp = ttOp({
  name: 'tt.reshape',
  operands: [{ name: 'src', kind: 'single', type: tensorType }],
  results: [{ name: 'result', kind: 'single', type: tensorType }],
  attributes: [
    { name: 'allow_reorder', kind: unitAttr, optional: true },
    { name: 'efficient_layout', kind: unitAttr, optional: true },
  ],
  traits: ['Pure', 'SameOperandsAndResultElementType'],
  format: '$src (`allow_reorder` $allow_reorder^)? (`efficient_layout` $efficient_layout^)? attr-dict `:` type($src) `->` type($result)',
  verify: (op) => {
    const src = op.operand(0).type as RankedTensorType;
    const dst = op.result().type as RankedTensorType;
    if (src.numElements !== dst.numElements) return 'number of src and dst elements of reshape must be the same';
    if ((src.encoding === undefined) !== (dst.encoding === undefined)) return 'Src and dst encodings must be both null or both non-null';
    return undefined;
  },
});

export const BroadcastOp = ttOp({
  name: 'tt.broadcast',
  operands: [{ name: 'src', kind: 'single', type: tensorType }],
  results: [{ name: 'result', kind: 'single', type: tensorType }],
  traits: ['Pure', 'SameOperandsAndResultElementType', 'SameOperandsAndResultEncoding'],
  format: '$src attr-dict `:` type($src) `->` type($result)',
  verify: (op) => {
    const e = checkSame(operandsAndResults(op), 'encoding', 'operands and results');
    if (e) return e;
    const src = op.operand(0).type as RankedTensorType;
    const dst = op.result().type as RankedTensorType;
    if (src.rank !== dst.rank) return 'input rank must match output rank';
    for (let i = 0; i < src.rank; i++) {
      if (src.shape[i] !== 1 && src.shape[i] !== dst.shape[i]) {
        return `Different dimensions at index ${i} between source and result.  Broadcast requires the source dimension to be 1.`;
      }
    }
    return undefined;
  },
});

export const CatOp = ttOp({
  name: 'tt.cat',
  operands: [{ name: 'lhs', kind: 'single', type: tensorType }, { name: 'rhs', kind: 'single', type: tensorType }],
  results: [{ name: 'result', kind: 'single', type: tensorType }],
  traits: ['NoMemoryEffect', 'SameTypeOperands', 'SameOperandsAndResultElementType'],
  format: '$lhs `,` $rhs attr-dict `:` type($lhs) `->` type($result)',
});

export const JoinOp = ttOp({
  name: 'tt.join',
  operands: [{ name: 'lhs', kind: 'single', type: tensorType }, { name: 'rhs', kind: 'single', type: tensorType }],
  results: [{ name: 'result', kind: 'single', type: tensorType }],
  traits: ['NoMemoryEffect', 'SameTypeOperands'],
  format: '$lhs `,` $rhs attr-dict `:` type($lhs) `->` type($result)',
  // JoinOp::verify: the result encoding must be one whose split gives back the operands' layout.
  verify: (op) => {
    const a = op.operand(0).type as RankedTensorType;
    const d = op.result().type as RankedTensorType;
    const want = [...a.shape, 2];
    if (!sameShape(want, d.shape)) return `result shape must be (${want.join(', ')}), but got ${d.shape.join(', ')}`;
    if (a.elementType !== d.elementType) return 'result element type must match the input element type';
    if (!d.encoding) return a.encoding ? 'result encoding must be specified' : undefined;
    const joinLayouts = layoutInference();
    if (!joinLayouts) return undefined;
    const src = joinLayouts.splitEncoding(d.encoding, d.shape);
    if (typeof src === 'string') return new PlainVerifyError(src);
    if (!joinLayouts.layoutsEqual(a.shape, src, a.encoding)) return 'incompatible join layout';
    return undefined;
  },
});


export const SplitOp = ttOp({
  name: 'tt.split',
  operands: [{ name: 'src', kind: 'single', type: tensorType }],
  results: [
    { name: 'outLHS', kind: 'single', type: tensorType },
    { name: 'outRHS', kind: 'single', type: tensorType },
  ],
  traits: ['NoMemoryEffect', 'InferTypeOpWithLayoutEquivalence'],
  format: '$src attr-dict `:` type($src) `->` type($outLHS)',
  resultNames: () => ['outLHS', 'outRHS'],
  inferResultTypes: (_ts, _attrs, known) => {
    const lhs = known?.[0];
    if (!lhs) throw new Error('cannot infer the result types');
    return [lhs, lhs];
  },
  verify: (op) => {
    const s = op.operand(0).type as RankedTensorType;
    const l = op.result(0).type as RankedTensorType;
    if (s.shape[s.rank - 1] !== 2) return 'last dimension of input tensor must be 2';
    if (!sameShape(s.shape.slice(0, -1), l.shape)) return 'result shape must be the input shape without its last dimension';
    if (op.result(1).type !== l) return 'failed to verify that outLHS and outRHS types match';
    // InferTensorTypeOpWithLayoutEquivalence: the result layout must be (structurally) the inferred one.
    const joinLayouts = layoutInference();
    if (s.encoding && joinLayouts) {
      const enc = joinLayouts.splitEncoding(s.encoding, s.shape);
      if (typeof enc === 'string') return new PlainVerifyError(enc);
      if (!l.encoding || !joinLayouts.layoutsEqual(l.shape, enc, l.encoding)) {
        const inferred = RankedTensorType.get(l.shape, s.elementType, enc).key;
        return `inferred type(s) '${inferred}', '${inferred}' are incompatible with return type(s) of operation '${l.key}', '${l.key}'`;
      }
    }
    return undefined;
  },
});

export const TransOp = ttOp({
  name: 'tt.trans',
  operands: [{ name: 'src', kind: 'single', type: tensorType }],
  results: [{ name: 'result', kind: 'single', type: tensorType }],
  attributes: [{ name: 'order', kind: denseI32ArrayAttr }],
  traits: ['Pure', 'TransposeOpInterface', 'InferTypeOpWithLayoutEquivalence', 'SameOperandsAndResultElementType'],
  format: '$src attr-dict `:` type($src) `->` type($result)',
  verify: (op) => {
    const src = op.operand(0).type as RankedTensorType;
    const dst = op.result().type as RankedTensorType;
    const order = (op.getAttr('order') as DenseArrayAttr).values;
    if (!isPermutation(order, src.rank)) return `order must be a permutation of 0..${src.rank - 1}`;
    const want = order.map((o) => src.shape[o]!);
    if (!sameShape(want, dst.shape)) return `result shape ${shapeText(dst.shape)} does not match the permuted shape ${shapeText(want)}`;
    return undefined;
  },
});

// ---- SPMD ---------------------------------------------------------------------------------------

export const GetProgramIdOp = ttOp({
  name: 'tt.get_program_id',
  results: [{ name: 'result', kind: 'single', type: i32Scalar }],
  attributes: [{ name: 'axis', kind: PROGRAM_DIM }],
  traits: ['Pure'],
  format: '$axis attr-dict `:` type($result)',
});
export const GetNumProgramsOp = ttOp({
  name: 'tt.get_num_programs',
  results: [{ name: 'result', kind: 'single', type: i32Scalar }],
  attributes: [{ name: 'axis', kind: PROGRAM_DIM }],
  traits: ['Pure'],
  format: '$axis attr-dict `:` type($result)',
});

// ---- dot ----------------------------------------------------------------------------------------

/** Shapes of a dot: a is [B..]MxK, b is [B..]KxN, c and d are [B..]MxN. */
export function verifyDotShapes(a: Type, b: Type, c: Type, d: Type): string | undefined {
  const sa = shapeOf(a);
  const sb = shapeOf(b);
  const sc = shapeOf(c);
  if (sa.length !== sb.length || sa.length < 2) return 'expected operands of the same rank (2 or 3)';
  const r = sa.length;
  if (sa[r - 1] !== sb[r - 2]) return `expected the K dimensions to match, got ${shapeText(sa)} and ${shapeText(sb)}`;
  const want = [...sa.slice(0, r - 1), sb[r - 1]!];
  if (!sameShape(sc, want)) return `expected the accumulator shape ${shapeText(want)}, got ${shapeText(sc)}`;
  if (c !== d) return "failed to verify that result's type matches accumulator's type";
  return undefined;
}

export const DotOp = ttOp({
  name: 'tt.dot',
  operands: [
    { name: 'a', kind: 'single', type: fpIntTensor },
    { name: 'b', kind: 'single', type: fpIntTensor },
    { name: 'c', kind: 'single', type: fpIntTensor },
  ],
  results: [{ name: 'd', kind: 'single', type: fpIntTensor }],
  attributes: [
    { name: 'inputPrecision', kind: INPUT_PRECISION, default: IntegerAttr.i32(2) },
    { name: 'maxNumImpreciseAcc', kind: i32Attr, default: IntegerAttr.i32(0) },
  ],
  traits: ['Pure', 'InferTypeOpInterface', 'DotOpInterface'],
  format: '$a `,` $b `,` $c (`,` `inputPrecision` `=` $inputPrecision^)? attr-dict `:` type($a) `*` type($b) `->` type($d)',
  // Triton's DotOp::verify reports its own checks with emitError (no `'tt.dot' op ` prefix).
  verify: (op) => {
    const [a, b, c] = op.operandValues.map((v) => v.type);
    const e = verifyDotShapes(a!, b!, c!, op.result().type);
    if (e) return e;
    if (bitWidthOf(elementOf(a!)) !== bitWidthOf(elementOf(b!))) {
      return new PlainVerifyError('element types of operands A and B must have same bit width');
    }
    const ea = encodingOf(a!);
    const eb = encodingOf(b!);
    if (ea === undefined && eb === undefined) return undefined;
    if (ea === undefined || eb === undefined) return new PlainVerifyError('mismatching encoding between A and B operands');
    if (encodingOf(c!) === undefined) return new PlainVerifyError('miss encoding of C operand');
    const r = layoutInference()?.verifyDotEncodings(op, ea, eb);
    if (r === undefined) return undefined;
    return 'plain' in r ? new PlainVerifyError(r.plain) : r.opError;
  },
});

export const DotScaledOp = ttOp({
  name: 'tt.dot_scaled',
  operands: [
    { name: 'a', kind: 'single', type: tensorType },
    { name: 'b', kind: 'single', type: tensorType },
    { name: 'c', kind: 'single', type: tensorType },
    { name: 'a_scale', kind: 'optional', type: tensorType },
    { name: 'b_scale', kind: 'optional', type: tensorType },
  ],
  results: [{ name: 'd', kind: 'single', type: tensorType }],
  attributes: [
    { name: 'a_elem_type', kind: SCALE_DOT_ELEM_TYPE },
    { name: 'b_elem_type', kind: SCALE_DOT_ELEM_TYPE },
    { name: 'fastMath', kind: boolAttr },
    { name: 'lhs_k_pack', kind: boolAttr, default: IntegerAttr.bool(true) },
    { name: 'rhs_k_pack', kind: boolAttr, default: IntegerAttr.bool(true) },
  ],
  traits: ['Pure', 'AttrSizedOperandSegments', 'DotOpInterface'],
  format:
    '$a (`scale` $a_scale^)? `,` $b (`scale` $b_scale^)? `,` $c `lhs` `=` $a_elem_type `rhs` `=` $b_elem_type attr-dict `:` type($a) (`,` type($a_scale)^)? `*` type($b) (`,` type($b_scale)^)? `->` type($d)',
  inferResultTypes: () => {
    throw new Error('result type must be written');
  },
  verify: (op) => (op.operandGroup('c')[0]!.type !== op.result().type ? "failed to verify that result's type matches accumulator's type" : undefined),
});

// ---- reduce / scan ------------------------------------------------------------------------------

/** Checks a combine region: one block with 2N arguments of the element types, ending in `terminator` with N values. */
function verifyCombineRegion(op: Operation, terminator: string): string | undefined {
  const n = op.operands.length;
  const region = op.region(0);
  if (region.blocks.length !== 1) return "expects region #0 to have 0 or 1 blocks";
  const block = region.blocks[0]!;
  const els = op.operandValues.map((v) => elementOf(v.type));
  if (block.args.length !== 2 * n) return `nested block must take ${2 * n} arguments`;
  for (let i = 0; i < 2 * n; i++) {
    if (block.args[i]!.type !== els[i % n]) return `type mismatch on combine operation. Expected argument ${i} to have type ${els[i % n]} but got ${block.args[i]!.type}`;
  }
  const term = block.terminator;
  if (!term || term.name !== terminator) return `combine region must end with ${terminator}`;
  if (term.operands.length !== n) return `combine operation must return ${n} values, got ${term.operands.length}`;
  for (let i = 0; i < n; i++) {
    if (term.operand(i).type !== els[i]) return `type mismatch on combine operation. Expected return value ${i} to have type ${els[i]} but got ${term.operand(i).type}`;
  }
  return undefined;
}

export const ReduceOp = ttOp({
  name: 'tt.reduce',
  operands: [{ name: 'srcs', kind: 'variadic', type: tensorType }],
  results: ['result*'],
  attributes: [{ name: 'axis', kind: i32Attr }],
  regions: ['combineOp'],
  traits: ['Pure', 'SameOperandsShape', 'SameOperandsEncoding', 'SingleBlock', 'InferTypeOpInterface'],
  verify: (op) => {
    if (op.operands.length === 0) return 'must have at least 1 operand';
    const e = checkSame(op.operandValues, 'shape', 'operands') ?? checkSame(op.operandValues, 'encoding', 'operands');
    if (e) return e;
    const t = op.operand(0).type as RankedTensorType;
    const axis = (op.getAttr('axis') as IntegerAttr).num;
    if (axis < 0 || axis >= t.rank) return 'invalid axis';
    if (op.results.length !== op.operands.length) return 'must have the same number of inputs as outputs';
    for (const [i, r] of op.results.entries()) {
      if (elementOf(r.type) !== elementOf(op.operand(i).type)) return 'operand types and result types must have the same element type';
    }
    const region = verifyCombineRegion(op, 'tt.reduce.return');
    if (region) return region;
    const inferred = inferReduceTypes(op.operandValues.map((v) => v.type as RankedTensorType), axis);
    const actual = op.results.map((r) => r.type);
    if (inferred.some((t, i) => t !== actual[i])) {
      return `inferred type(s) '${inferred.map((t) => t.key).join(', ')}' are incompatible with return type(s) of operation '${actual.map((t) => t.key).join(', ')}'`;
    }
    return undefined;
  },
});

export const ReduceReturnOp = ttOp({
  name: 'tt.reduce.return',
  operands: ['result*'],
  traits: ['HasParent<tt.reduce>', 'Pure', 'Terminator', 'ReturnLike'],
  format: '$result attr-dict `:` type($result)',
});

export const ScanOp = ttOp({
  name: 'tt.scan',
  operands: [{ name: 'srcs', kind: 'variadic', type: tensorType }],
  results: ['result*'],
  attributes: [
    { name: 'axis', kind: i32Attr },
    { name: 'reverse', kind: boolAttr },
  ],
  regions: ['combineOp'],
  traits: ['Pure', 'SameOperandsAndResultEncoding', 'SameOperandsAndResultShape', 'SingleBlock', 'InferTypeOpInterface'],
  verify: (op) => {
    if (op.operands.length === 0) return 'must have at least 1 operand';
    const e = checkSame(operandsAndResults(op), 'shape', 'operands and results') ?? checkSame(operandsAndResults(op), 'encoding', 'operands and results');
    if (e) return e;
    if (op.results.length !== op.operands.length) return 'must have the same number of inputs as outputs';
    for (const [i, r] of op.results.entries()) {
      if (elementOf(r.type) !== elementOf(op.operand(i).type)) return 'operand types and result types must have the same element type';
    }
    return verifyCombineRegion(op, 'tt.scan.return');
  },
});

export const ScanReturnOp = ttOp({
  name: 'tt.scan.return',
  operands: ['result*'],
  traits: ['HasParent<tt.scan>', 'Pure', 'Terminator', 'ReturnLike'],
  format: '$result attr-dict `:` type($result)',
});

// ---- extern / inline asm ------------------------------------------------------------------------

export const ExternElementwiseOp = ttOp({
  name: 'tt.extern_elementwise',
  operands: ['srcs*'],
  results: ['result'],
  attributes: [
    { name: 'libname', kind: stringAttr },
    { name: 'libpath', kind: stringAttr },
    { name: 'symbol', kind: stringAttr },
    { name: 'pure', kind: boolAttr },
  ],
  traits: ['Elementwise', 'SameOperandsAndResultEncoding', 'SameVariadicOperandSize', 'ConditionallySpeculatable'],
  format: 'operands attr-dict `:` functional-type(operands, $result)',
  verify: (op) => checkSame(operandsAndResults(op), 'encoding', 'operands and results'),
});

export const MakeRangeOp = ttOp({
  name: 'tt.make_range',
  results: [{ name: 'result', kind: 'single', type: tensorType }],
  attributes: [{ name: 'start', kind: i32Attr }, { name: 'end', kind: i32Attr }],
  traits: ['Pure'],
  format: 'attr-dict `:` type($result)',
  verify: (op) => {
    const start = (op.getAttr('start') as IntegerAttr).num;
    const end = (op.getAttr('end') as IntegerAttr).num;
    const t = op.result().type as RankedTensorType;
    if (start >= end) return 'start must be less than end';
    if (t.rank !== 1) return 'return type must be a 1D tensor';
    if (end - start !== t.shape[0]) return 'number of elements in returned tensor, ' + t.shape[0] + ', must match size of range, ' + (end - start);
    const el = t.elementType;
    if (!(el instanceof IntegerType && el.width === 32)) return 'returned tensor must have i32 elements';
    return undefined;
  },
});

export const ElementwiseInlineAsmOp = ttOp({
  name: 'tt.elementwise_inline_asm',
  operands: ['args*'],
  results: ['result*'],
  attributes: [
    { name: 'asm_string', kind: stringAttr },
    { name: 'constraints', kind: stringAttr },
    { name: 'pure', kind: boolAttr },
    { name: 'packed_element', kind: i32Attr },
  ],
  traits: ['Elementwise', 'SameOperandsAndResultEncoding', 'ConditionallySpeculatable'],
  format: '$asm_string attr-dict ($args^ `:` type($args))? `->` type($result)',
  verify: (op) => {
    if (op.operands.length === 0) return undefined;
    const s = shapeOf(op.operand(0).type);
    for (const v of operandsAndResults(op)) if (!sameShape(shapeOf(v.type), s)) return 'operands and results must have the same shape';
    return checkSame(operandsAndResults(op), 'encoding', 'operands and results');
  },
});

export const HistogramOp = ttOp({
  name: 'tt.histogram',
  operands: [
    { name: 'src', kind: 'single', type: tensorType },
    { name: 'mask', kind: 'optional', type: boolLikeC },
  ],
  results: [{ name: 'result', kind: 'single', type: tensorType }],
  traits: ['Pure'],
  format: '$src (`,` $mask^)? attr-dict `:` type($src) `->` type($result)',
  inferResultTypes: () => {
    throw new Error('result type must be written');
  },
});

export const GatherOp = ttOp({
  name: 'tt.gather',
  operands: [
    { name: 'src', kind: 'single', type: tensorType },
    { name: 'indices', kind: 'single', type: tensorType },
  ],
  results: [{ name: 'result', kind: 'single', type: tensorType }],
  attributes: [
    { name: 'axis', kind: i32Attr },
    { name: 'efficient_layout', kind: unitAttr, optional: true },
  ],
  traits: ['Pure', 'InferTypeOpInterface'],
  format: '$src `[` $indices `]` attr-dict `:` functional-type(operands, results)',
  verify: (op) => {
    const src = op.operand(0).type as RankedTensorType;
    const idx = op.operand(1).type as RankedTensorType;
    const res = op.result().type as RankedTensorType;
    const axis = (op.getAttr('axis') as IntegerAttr).num;
    if (src.rank !== idx.rank) return 'input and indices ranks must match';
    if (axis < 0 || axis >= src.rank) return 'gather dimension must be less than the input rank';
    if (res.elementType !== src.elementType) return 'output and input element types must match';
    if (!sameShape(res.shape, idx.shape)) return 'indices and output shapes must match';
    if (res.encoding !== idx.encoding) return 'indices and output encodings must match';
    for (let d = 0; d < src.rank; d++) {
      if (d !== axis && idx.shape[d]! > src.shape[d]!) return `indices dimension ${d} must not be greater than the corresponding input dimension`;
    }
    return undefined;
  },
});

// ---- debugging ----------------------------------------------------------------------------------

export const PrintOp = ttOp({
  name: 'tt.print',
  operands: ['args*'],
  attributes: [
    { name: 'prefix', kind: stringAttr },
    { name: 'hex', kind: boolAttr },
    { name: 'isSigned', kind: denseI32ArrayAttr },
  ],
  traits: ['SameVariadicOperandSize', 'MemWrite'],
  format: '$prefix attr-dict (`:` $args^ `:` type($args))?',
});

export const AssertOp = ttOp({
  name: 'tt.assert',
  operands: [{ name: 'condition', kind: 'single', type: boolLikeC }],
  attributes: [{ name: 'message', kind: stringAttr }],
  traits: ['MemWrite'],
  format: '$condition `,` $message attr-dict `:` type($condition)',
});

// ---- tensor pointers and descriptors ------------------------------------------------------------

export const MakeTensorPtrOp = ttOp({
  name: 'tt.make_tensor_ptr',
  operands: [
    { name: 'base', kind: 'single', type: scalarPtr },
    { name: 'shape', kind: 'variadic', type: i64Scalar },
    { name: 'strides', kind: 'variadic', type: i64Scalar },
    { name: 'offsets', kind: 'variadic', type: i32Scalar },
  ],
  results: [{ name: 'result', kind: 'single', type: tensorPtr }],
  attributes: [{ name: 'order', kind: denseI32ArrayAttr }],
  traits: ['Pure', 'SameVariadicOperandSize'],
  format: '$base `,` `[` $shape `]` `,` `[` $strides `]` `,` `[` $offsets `]` attr-dict `:` type($result)',
  verify: (op) => {
    const res = op.result().type as PointerType;
    const base = op.operand(0).type as PointerType;
    const t = res.pointee as RankedTensorType;
    if (base !== PointerType.get(t.elementType, res.addressSpace)) return 'failed to verify that infer pointer type from the result type';
    const sizes = op.operandSegments ?? [];
    if (sizes.length === 4 && !(sizes[1] === sizes[2] && sizes[2] === sizes[3])) return 'operand group sizes must be equal';
    return undefined;
  },
});

export const MakeTensorDescOp = ttOp({
  name: 'tt.make_tensor_descriptor',
  operands: [
    { name: 'base', kind: 'single', type: scalarPtr },
    { name: 'shape', kind: 'variadic', type: i32Scalar },
    { name: 'strides', kind: 'variadic', type: i64Scalar },
  ],
  results: [{ name: 'result', kind: 'single', type: tensorDesc }],
  attributes: [{ name: 'padding', kind: PADDING_OPTION, default: IntegerAttr.i32(1) }],
  traits: ['Pure', 'SameVariadicOperandSize'],
  format: '$base `,` `[` $shape `]` `,` `[` $strides `]` attr-dict `:` type($base) `,` type($result)',
});

/** Triton's verifyDescriptorLoadStoreType: the descriptor's block (leading unit dims may be dropped) is the tensor. */
function verifyDescriptorBlock(desc: Type, tensor: Type): string | undefined {
  if (!(desc instanceof TensorDescType) || !(tensor instanceof RankedTensorType)) return undefined;
  const block = desc.blockType;
  let shape = block.shape;
  if (shape.length > tensor.shape.length) {
    const extra = shape.length - tensor.shape.length;
    if (shape.slice(0, extra).some((d) => d !== 1)) return 'ranked reduce load only allowed for unit dimension leading dim.';
    shape = shape.slice(extra);
  }
  const signless = (t: Type): Type => (t instanceof IntegerType ? IntegerType.get(t.width) : t);
  const same = shape.length === tensor.shape.length && shape.every((d, i) => d === tensor.shape[i]);
  if (same && signless(block.elementType) === signless(tensor.elementType)) return undefined;
  return 'tensor descriptor block and tensor types must match';
}

export const DescriptorLoadOp = ttOp({
  name: 'tt.descriptor_load',
  operands: [
    { name: 'desc', kind: 'single', type: tensorDesc },
    { name: 'indices', kind: 'variadic', type: i32Scalar },
  ],
  results: [{ name: 'result', kind: 'single', type: tensorType }],
  attributes: [
    { name: 'cache', kind: CACHE_MODIFIER, default: IntegerAttr.i32(1) },
    { name: 'evict', kind: EVICTION_POLICY, default: IntegerAttr.i32(1) },
  ],
  traits: ['MemRead', 'DescriptorOpInterface'],
  format: '$desc `[` $indices `]` oilist(`cacheModifier` `=` $cache | `evictionPolicy` `=` $evict) attr-dict `:` qualified(type($desc)) `->` type($result)',
  verify: (op) => verifyDescriptorBlock(op.operand(0).type, op.result(0).type),
});

export const DescriptorStoreOp = ttOp({
  name: 'tt.descriptor_store',
  operands: [
    { name: 'desc', kind: 'single', type: tensorDesc },
    { name: 'src', kind: 'single', type: tensorType },
    { name: 'indices', kind: 'variadic', type: i32Scalar },
  ],
  traits: ['MemRead', 'MemWrite', 'DescriptorOpInterface', 'DescriptorStoreLikeOpInterface'],
  format: '$desc `[` $indices `]` `,` $src attr-dict `:` qualified(type($desc)) `,` type($src)',
  verify: (op) => verifyDescriptorBlock(op.operand(0).type, op.operand(1).type),
});

export const DescriptorReduceOp = ttOp({
  name: 'tt.descriptor_reduce',
  operands: [
    { name: 'desc', kind: 'single', type: tensorDesc },
    { name: 'src', kind: 'single', type: tensorType },
    { name: 'indices', kind: 'variadic', type: i32Scalar },
  ],
  attributes: [{ name: 'kind', kind: DESCRIPTOR_REDUCE_KIND }],
  traits: ['MemRead', 'MemWrite', 'DescriptorOpInterface', 'DescriptorStoreLikeOpInterface'],
  format: '$kind `,` $desc `[` $indices `]` `,` $src attr-dict `:` qualified(type($desc)) `,` type($src)',
});

export const DescriptorGatherOp = ttOp({
  name: 'tt.descriptor_gather',
  operands: [
    { name: 'desc', kind: 'single', type: tensorDesc },
    { name: 'x_offsets', kind: 'single', type: tensorType },
    { name: 'y_offset', kind: 'single', type: i32Scalar },
  ],
  results: [{ name: 'result', kind: 'single', type: tensorType }],
  traits: ['MemRead', 'DescriptorOpInterface'],
  format: '$desc `[` $x_offsets `,` $y_offset `]` attr-dict `:` functional-type(operands, results)',
});

export const DescriptorScatterOp = ttOp({
  name: 'tt.descriptor_scatter',
  operands: [
    { name: 'desc', kind: 'single', type: tensorDesc },
    { name: 'x_offsets', kind: 'single', type: tensorType },
    { name: 'y_offset', kind: 'single', type: i32Scalar },
    { name: 'src', kind: 'single', type: tensorType },
  ],
  traits: ['MemRead', 'MemWrite', 'DescriptorOpInterface', 'DescriptorStoreLikeOpInterface'],
  format: '$desc `[` $x_offsets `,` $y_offset `]` `,` $src attr-dict `:` type(operands)',
});

// Keep the imports used only for typing in some builds.
void (UnitAttr as unknown);
void (ArrayAttr as unknown);
void (ShapedType as unknown);
void (undefined as unknown as Attribute);
