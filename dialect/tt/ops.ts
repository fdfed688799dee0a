/**
 * The Triton dialect (`tt.*`): functions, program ids, tensor creation and shape ops, pointer arithmetic,
 * memory ops, reductions and dots. Formats reproduce Triton 3.6's TritonOps.td.
 */
import { defineOp } from '../ir/op-definition.js';
import { anyAttr, boolAttr, enumAttr, i32Attr, symbolNameAttr, typeAttr } from '../common/attr-kinds.js';
import { IntegerType, RankedTensorType, type Type } from '../ir/type.js';
import { IntegerAttr } from '../ir/attribute.js';
import { PointerType } from './types.js';
import '../common/function-format.js';

defineOp({
  name: 'tt.func',
  summary: 'A Triton function',
  attributes: [
    { name: 'sym_name', kind: symbolNameAttr },
    { name: 'function_type', kind: typeAttr },
    { name: 'sym_visibility', kind: anyAttr, optional: true },
    { name: 'arg_attrs', kind: anyAttr, optional: true },
    { name: 'res_attrs', kind: anyAttr, optional: true },
  ],
  regions: ['body'],
  traits: ['IsolatedFromAbove', 'FunctionOpInterface', 'Symbol'],
  format: 'custom<FunctionOp>($body)',
});

defineOp({
  name: 'tt.return',
  operands: ['srcs*'],
  traits: ['Pure', 'Terminator', 'ReturnLike'],
  format: 'attr-dict ($srcs^ `:` type($srcs))?',
});

defineOp({
  name: 'tt.call',
  operands: ['operands*'],
  results: ['results*'],
  attributes: [{ name: 'callee', kind: anyAttr }, { name: 'arg_attrs', kind: anyAttr, optional: true }, { name: 'res_attrs', kind: anyAttr, optional: true }],
  format: '$callee `(` $operands `)` attr-dict `:` functional-type($operands, $results)',
});

export const PROGRAM_DIM = enumAttr('program id dimension', ['x', 'y', 'z']);

defineOp({
  name: 'tt.get_program_id',
  results: ['result'],
  attributes: [{ name: 'axis', kind: PROGRAM_DIM }],
  traits: ['Pure'],
  format: '$axis attr-dict `:` type($result)',
});
defineOp({
  name: 'tt.get_num_programs',
  results: ['result'],
  attributes: [{ name: 'axis', kind: PROGRAM_DIM }],
  traits: ['Pure'],
  format: '$axis attr-dict `:` type($result)',
});

defineOp({
  name: 'tt.make_range',
  results: ['result'],
  attributes: [{ name: 'start', kind: i32Attr }, { name: 'end', kind: i32Attr }],
  traits: ['Pure'],
  format: 'attr-dict `:` type($result)',
});

defineOp({
  name: 'tt.splat',
  operands: ['src'],
  results: ['result'],
  traits: ['Pure', 'SameOperandsAndResultElementType', 'SameOperandsAndResultEncoding'],
  format: '$src attr-dict `:` type($src) `->` type($result)',
});

defineOp({
  name: 'tt.addptr',
  operands: ['ptr', 'offset'],
  results: ['result'],
  traits: ['Pure', 'Elementwise', 'SameOperandsAndResultShape', 'SameOperandsAndResultEncoding'],
  format: '$ptr `,` $offset attr-dict `:` type($result) `,` type($offset)',
  inferResultTypes: (ts) => [ts[0]!],
});

export const CACHE_MODIFIER = enumAttr('cache modifier', ['none', 'ca', 'cg', 'wb', 'cs', 'wt', 'cv'], () => IntegerType.get(32), [1, 2, 3, 4, 5, 6, 7]);
export const EVICTION_POLICY = enumAttr('eviction policy', ['evict_normal', 'evict_first', 'evict_last'], () => IntegerType.get(32), [1, 2, 3]);
export const PADDING_OPTION = enumAttr('padding option', ['zero', 'nan'], () => IntegerType.get(32), [1, 2]);

/** The pointee type for each element of a pointer or tensor-of-pointer type. */
function loadResultType(ptr: Type): Type {
  if (ptr instanceof RankedTensorType && ptr.elementType instanceof PointerType) return ptr.withElementType(ptr.elementType.pointee);
  if (ptr instanceof PointerType) return ptr.pointee;
  throw new Error(`tt.load: expected pointer type, got ${ptr}`);
}

defineOp({
  name: 'tt.load',
  operands: ['ptr', 'mask?', 'other?'],
  results: ['result'],
  attributes: [
    { name: 'boundaryCheck', kind: anyAttr, optional: true },
    { name: 'padding', kind: PADDING_OPTION, optional: true },
    { name: 'cache', kind: CACHE_MODIFIER, default: IntegerAttr.i32(1) },
    { name: 'evict', kind: EVICTION_POLICY, default: IntegerAttr.i32(1) },
    { name: 'isVolatile', kind: boolAttr, default: IntegerAttr.bool(false) },
  ],
  traits: ['AttrSizedOperandSegments', 'SameLoadStoreOperandsAndResultShape', 'SameLoadStoreOperandsAndResultEncoding'],
  format: '$ptr (`,` $mask^)? (`,` $other^)? attr-dict `:` type($ptr)',
  inferResultTypes: (ts) => [loadResultType(ts[0]!)],
});

defineOp({
  name: 'tt.store',
  operands: ['ptr', 'value', 'mask?'],
  attributes: [
    { name: 'boundaryCheck', kind: anyAttr, optional: true },
    { name: 'cache', kind: CACHE_MODIFIER, default: IntegerAttr.i32(1) },
    { name: 'evict', kind: EVICTION_POLICY, default: IntegerAttr.i32(1) },
  ],
  traits: ['SameLoadStoreOperandsShape', 'SameLoadStoreOperandsEncoding'],
  format: '$ptr `,` $value (`,` $mask^)? attr-dict `:` type($ptr)',
});
