/**
 * The TritonGPU dialect ops (`ttg.*`): layout conversion, shared-memory descriptors (alloc, load,
 * store, views), asynchronous copies and their tokens, fp4 upcasts, global scratch, and warp
 * specialization. Formats follow Triton 3.6's TritonGPUOps.td; a memdesc type written with plain
 * `type(...)` prints without its `!ttg.memdesc` prefix, as ODS does for a TypeDef constraint.
 */
import { DenseArrayAttr, IntegerAttr, type Attribute } from '../ir/attribute.js';
import { createOperation } from '../ir/create.js';
import { Block, Region, type Operation } from '../ir/ir.js';
import {
  defineCustomDirective,
  defineOp,
  type OpFormatParser,
  type OperandRef,
  type RegionArgument,
  type TypeConstraint,
} from '../ir/op-definition.js';
import { FunctionType, IntegerType, RankedTensorType, type Type } from '../ir/type.js';
import { boolAttr, i32Attr } from '../common/attr-kinds.js';
import { constraint, tensorType } from '../common/type-constraints.js';
import { CACHE_MODIFIER, EVICTION_POLICY, denseI32ArrayAttr, denseI32ListAttr } from '../tt/attr-kinds.js';
import { PointerType } from '../tt/types.js';
import { elementOf, i1Like, isPermutation, pointeeOf, sameShape, shapeText } from '../tt/type-utils.js';
import { AsyncTokenType, MemDescType } from './types.js';

/** `!ttg.memdesc<...>`, printed without its prefix by a plain `type($x)`. */
export const memDesc: TypeConstraint = { description: 'memory descriptor type', matches: (t) => t instanceof MemDescType, dialectType: 'ttg.memdesc' };
export const asyncToken: TypeConstraint = { description: 'async token type', matches: (t) => t instanceof AsyncTokenType, dialectType: 'ttg.async.token' };
const ptrTensor = constraint('tensor of pointers', (t) => t instanceof RankedTensorType && t.elementType instanceof PointerType);
const i32Scalar = constraint('32-bit signless integer', (t) => t instanceof IntegerType && t.width === 32);

const tokenType = (): Type => AsyncTokenType.get();

// ---- layout conversion ----------------------------------------------------------------------------

export const ConvertLayoutOp = defineOp({
  name: 'ttg.convert_layout',
  operands: [{ name: 'src', kind: 'single', type: tensorType }],
  results: [{ name: 'result', kind: 'single', type: tensorType }],
  traits: ['SameOperandsAndResultShape', 'SameOperandsAndResultElementType', 'Pure'],
  format: '$src attr-dict `:` type($src) `->` type($result)',
});

// ---- async copies ---------------------------------------------------------------------------------

export const AsyncWaitOp = defineOp({
  name: 'ttg.async_wait',
  operands: [{ name: 'asyncToken', kind: 'variadic', type: asyncToken }],
  results: [{ name: 'retToken', kind: 'single', type: asyncToken }],
  attributes: [{ name: 'num', kind: i32Attr }],
  format: '$asyncToken attr-dict',
  inferResultTypes: () => [tokenType()],
});

export const AsyncCommitGroupOp = defineOp({
  name: 'ttg.async_commit_group',
  operands: [{ name: 'inputTokens', kind: 'variadic', type: asyncToken }],
  results: [{ name: 'asyncToken', kind: 'single', type: asyncToken }],
  format: '(`tokens` $inputTokens^)? attr-dict',
  inferResultTypes: () => [tokenType()],
});

export const AsyncCopyGlobalToLocalOp = defineOp({
  name: 'ttg.async_copy_global_to_local',
  operands: [
    { name: 'src', kind: 'single', type: ptrTensor },
    { name: 'result', kind: 'single', type: memDesc },
    { name: 'mask', kind: 'optional', type: tensorType, typeFrom: { operand: 'src', derive: i1Like } },
    { name: 'other', kind: 'optional', typeFrom: { operand: 'src', derive: pointeeOf } },
  ],
  results: [{ name: 'token', kind: 'single', type: asyncToken }],
  attributes: [
    { name: 'cache', kind: CACHE_MODIFIER, default: IntegerAttr.i32(1) },
    { name: 'evict', kind: EVICTION_POLICY, default: IntegerAttr.i32(1) },
    { name: 'isVolatile', kind: boolAttr, default: IntegerAttr.bool(false) },
    { name: 'contiguity', kind: i32Attr, default: IntegerAttr.i32(1) },
  ],
  traits: ['AttrSizedOperandSegments', 'MemRead', 'MemWrite'],
  format:
    '$src `,` $result (`mask` $mask^)? (`other` $other^)? oilist(`cacheModifier` `=` $cache | `evictionPolicy` `=` $evict) attr-dict `:` type($src) `->` type($result)',
  inferResultTypes: () => [tokenType()],
  verify: (op) => {
    const src = op.operand(0).type as RankedTensorType;
    const dst = op.operand(1).type as MemDescType;
    // OptionalTypesMatchWith (ODS constraints: checked before the op's own verifier).
    const mask = AsyncCopyGlobalToLocalOp.mask(op);
    if (mask && mask.type !== i1Like(src)) return 'failed to verify that infer mask type from src type';
    const other = AsyncCopyGlobalToLocalOp.other(op);
    if (other && other.type !== pointeeOf(src)) return 'failed to verify that infer other type from src type';
    if (!dst.mutableMemory) return 'Cannot store into immutable memory';
    if (pointeeOf(src) && elementOf(pointeeOf(src)!) !== dst.elementType) return 'source pointee and destination element types must match';
    return undefined;
  },
});

// ---- shared memory --------------------------------------------------------------------------------

export const LocalAllocOp = defineOp({
  name: 'ttg.local_alloc',
  operands: [{ name: 'src', kind: 'optional', type: tensorType }],
  results: [{ name: 'result', kind: 'single', type: memDesc }],
  attributes: [{ name: 'alignment', kind: i32Attr, optional: true }],
  traits: ['MemAlloc'],
  format: '($src^)? attr-dict `:` functional-type(operands, results)',
  verify: (op) => {
    const t = op.result().type as MemDescType;
    if (op.operands.length === 0) {
      if (!t.mutableMemory) return 'uninitialized alloc must have a mutable memdesc type';
      return undefined;
    }
    const src = op.operand(0).type as RankedTensorType;
    if (src.elementType !== t.elementType) return 'result element type must match desc element type';
    if (!sameShape(src.shape, t.shape)) return 'result shape must match the source shape';
    return undefined;
  },
});

export const LocalDeallocOp = defineOp({
  name: 'ttg.local_dealloc',
  operands: [{ name: 'src', kind: 'single', type: memDesc }],
  traits: ['MemFree'],
  format: '$src attr-dict `:` qualified(type($src))',
});

export const LocalLoadOp = defineOp({
  name: 'ttg.local_load',
  operands: [
    { name: 'src', kind: 'single', type: memDesc },
    { name: 'token', kind: 'optional', type: asyncToken },
  ],
  results: [{ name: 'result', kind: 'single', type: tensorType }],
  traits: ['MemRead'],
  format: '$src (`token` $token^)? attr-dict `:` qualified(type($src)) `->` type($result)',
  verify: (op) => {
    const src = op.operand(0).type as MemDescType;
    const r = op.result().type as RankedTensorType;
    if (src.elementType !== r.elementType) return 'result element type must match desc element type';
    if (!sameShape(src.shape, r.shape)) return 'result shape must match the descriptor shape';
    return undefined;
  },
});

export const LocalStoreOp = defineOp({
  name: 'ttg.local_store',
  operands: [
    { name: 'src', kind: 'single', type: tensorType },
    { name: 'dst', kind: 'single', type: memDesc },
  ],
  traits: ['MemWrite'],
  format: '$src `,` $dst attr-dict `:` type($src) `->` qualified(type($dst))',
  verify: (op) => {
    const src = op.operand(0).type as RankedTensorType;
    const dst = op.operand(1).type as MemDescType;
    if (!dst.mutableMemory) return 'Cannot store into immutable memory';
    if (src.elementType !== dst.elementType) return 'source element type must match the destination element type';
    if (!sameShape(src.shape, dst.shape)) return 'source shape must match the destination shape';
    return undefined;
  },
});

export const MemDescIndexOp = defineOp({
  name: 'ttg.memdesc_index',
  operands: [
    { name: 'src', kind: 'single', type: memDesc },
    { name: 'index', kind: 'single', type: i32Scalar },
  ],
  results: [{ name: 'result', kind: 'single', type: memDesc }],
  traits: ['Pure', 'MemDescViewTrait'],
  format: '$src `[` $index `]` attr-dict `:` qualified(type($src)) `->` qualified(type($result))',
  verify: (op) => {
    const src = op.operand(0).type as MemDescType;
    const dst = op.result().type as MemDescType;
    if (!sameShape(src.allocShape, src.shape) || !sameShape(dst.allocShape, dst.shape)) return 'alloc shape must match shape for both result and src';
    if (src.rank < 2) return 'source must have rank >= 2';
    if (!sameShape(src.shape.slice(1), dst.shape)) return 'result shape must be the source shape without its first dimension';
    if (src.elementType !== dst.elementType) return 'result element type must match the source';
    return undefined;
  },
});

export const MemDescSubsliceOp = defineOp({
  name: 'ttg.memdesc_subslice',
  operands: [{ name: 'src', kind: 'single', type: memDesc }],
  results: [{ name: 'result', kind: 'single', type: memDesc }],
  attributes: [{ name: 'offsets', kind: denseI32ListAttr }],
  traits: ['Pure', 'MemDescViewTrait'],
  format: '$src `[` $offsets `]` attr-dict `:` qualified(type($src)) `->` qualified(type($result))',
  verify: (op) => {
    const src = op.operand(0).type as MemDescType;
    const dst = op.result().type as MemDescType;
    const offs = (op.getAttr('offsets') as DenseArrayAttr).values;
    if (offs.length !== src.rank) return 'offsets must have the same rank as the input';
    if (dst.rank !== src.rank) return 'result rank must match the input rank';
    for (let i = 0; i < src.rank; i++) {
      if (offs[i]! + dst.shape[i]! > src.shape[i]!) return `offset ${offs[i]} + size ${dst.shape[i]} exceeds dimension ${i} of size ${src.shape[i]}`;
    }
    return undefined;
  },
});

export const MemDescTransOp = defineOp({
  name: 'ttg.memdesc_trans',
  operands: [{ name: 'src', kind: 'single', type: memDesc }],
  results: [{ name: 'result', kind: 'single', type: memDesc }],
  attributes: [{ name: 'order', kind: denseI32ArrayAttr }],
  traits: ['Pure', 'MemDescViewTrait', 'TransposeOpInterface', 'InferTypeOpWithLayoutEquivalence', 'SameOperandsAndResultElementType'],
  format: '$src attr-dict `:` qualified(type($src)) `->` qualified(type($result))',
  verify: (op) => {
    const src = op.operand(0).type as MemDescType;
    const dst = op.result().type as MemDescType;
    const order = (op.getAttr('order') as DenseArrayAttr).values;
    if (!isPermutation(order, src.rank)) return `order must be a permutation of 0..${src.rank - 1}`;
    const want = order.map((o) => src.shape[o]!);
    if (!sameShape(want, dst.shape)) return `result shape ${shapeText(dst.shape)} does not match the permuted shape ${shapeText(want)}`;
    return undefined;
  },
});

export const MemDescReshapeOp = defineOp({
  name: 'ttg.memdesc_reshape',
  operands: [{ name: 'src', kind: 'single', type: memDesc }],
  results: [{ name: 'result', kind: 'single', type: memDesc }],
  traits: ['Pure', 'MemDescViewTrait', 'SameOperandsAndResultElementType'],
  format: '$src attr-dict `:` qualified(type($src)) `->` qualified(type($result))',
  verify: (op) => {
    const src = op.operand(0).type as MemDescType;
    const dst = op.result().type as MemDescType;
    if (src.numElements !== dst.numElements) return 'number of src and dst elements of reshape must be the same';
    return undefined;
  },
});

export const MemDescReinterpretOp = defineOp({
  name: 'ttg.memdesc_reinterpret',
  operands: [{ name: 'src', kind: 'single', type: memDesc }],
  results: [{ name: 'result', kind: 'single', type: memDesc }],
  traits: ['Pure', 'MemDescViewTrait'],
  format: '$src attr-dict `:` qualified(type($src)) `->` qualified(type($result))',
});

// ---- conversions ----------------------------------------------------------------------------------

export const Fp4ToFpOp = defineOp({
  name: 'ttg.fp4_to_fp',
  operands: [{ name: 'src', kind: 'single', type: tensorType }],
  results: [{ name: 'result', kind: 'single', type: tensorType }],
  attributes: [{ name: 'axis', kind: i32Attr }],
  traits: ['Pure'],
  format: '$src attr-dict `:` type($src) `->` type($result)',
  verify: (op) => {
    const src = op.operand(0).type as RankedTensorType;
    const dst = op.result().type as RankedTensorType;
    const axis = (op.getAttr('axis') as IntegerAttr).num;
    if (axis < 0 || axis >= src.rank) return 'axis out of range';
    const want = src.shape.map((d, i) => (i === axis ? d * 2 : d));
    if (!sameShape(want, dst.shape)) return 'result shape must double the source along the axis';
    return undefined;
  },
});

export const GlobalScratchAllocOp = defineOp({
  name: 'ttg.global_scratch_alloc',
  results: [{ name: 'result', kind: 'single', type: constraint('pointer', (t) => t instanceof PointerType) }],
  attributes: [
    { name: 'nbytes', kind: i32Attr },
    { name: 'alignment', kind: i32Attr },
    { name: 'third_party_allocation', kind: { description: 'unit', parse: (p) => p.parseAttribute(), print: (p, v) => p.printAttribute(v) }, optional: true },
  ],
  traits: ['MemAlloc'],
  format: 'attr-dict `:` qualified(type($result))',
});

// ---- warp specialization --------------------------------------------------------------------------

/** `(%a: T loc(...), ...)`: region arguments with types (and optional locations). */
function parseTypedArgumentList(p: OpFormatParser): RegionArgument[] {
  const out: RegionArgument[] = [];
  p.expect('(');
  if (p.consumeIf(')')) return out;
  do {
    const ref = p.parseOperandRef();
    p.expect(':');
    const type = p.parseType();
    const loc = p.parseOptionalLocation();
    out.push({ ref, type, ...(loc ? { loc } : {}) });
  } while (p.consumeIf(','));
  p.expect(')');
  return out;
}

defineCustomDirective('WarpSpecialize', {
  parse(p, op) {
    // The format's leading `(` has been read.
    const captures: OperandRef[] = [];
    if (!p.consumeIf(')')) {
      do captures.push(p.parseOperandRef());
      while (p.consumeIf(','));
      p.expect(')');
    }
    if (p.consumeKeywordIf('attributes')) p.parseOptionalAttrDict(op.attributes);
    if (!p.consumeKeywordIf('default')) p.error("expected 'default'");
    const defaultRegion = p.parseRegion() as Region;
    const partitions: Region[] = [];
    const numWarps: number[] = [];
    while (p.consumeKeywordIf(`partition${partitions.length}`)) {
      const args = parseTypedArgumentList(p);
      if (!p.consumeKeywordIf('num_warps')) p.error("expected 'num_warps'");
      p.expect('(');
      const at = p.pos();
      const n = p.parseInteger();
      // Triton reads it as an int32_t (parser.parseInteger).
      if (n < -(2n ** 31n) || n >= 2n ** 31n) p.error("custom op 'ttg.warp_specialize' integer value too large", at);
      numWarps.push(Number(n));
      p.expect(')');
      partitions.push(p.parseRegion(args) as Region);
    }
    p.expect(':');
    const at = p.pos();
    const ft = p.parseType();
    if (!(ft instanceof FunctionType)) p.error('expected function type', at);
    const fnType = ft as FunctionType;
    if (fnType.inputs.length !== captures.length) p.error(`expected ${captures.length} operand types but had ${fnType.inputs.length}`, at);
    op.resultTypes.set('results', [...fnType.results]);
    op.attributes.set('partitionNumWarps', DenseArrayAttr.get(IntegerType.get(32), numWarps));
    op.regions.set('defaultRegion', [defaultRegion]);
    const holder = new Region(undefined);
    const block = holder.addBlock(new Block());
    const parts = createOperation({ name: 'ttg.warp_specialize.partitions' });
    for (const r of partitions) {
      const nr = new Region(parts);
      nr.takeBody(r);
      parts.regions.push(nr);
    }
    block.append(parts);
    op.regions.set('partitionOpHolder', [holder]);
    // The captures are operands of the partitions op (inside the holder region), resolved in the scope of
    // the warp_specialize op itself.
    parts.setOperands(captures.map((r, i) => p.resolveOperand(r, fnType.inputs[i]!)));
  },
  print(p, op) {
    const parts = partitionsOf(op);
    p.printOperands(parts?.operandValues ?? []);
    p.write(')');
    p.printOptionalAttrDict(op, ['partitionNumWarps'], true);
    p.printNewline();
    p.write('default ');
    p.printRegion(op.region(0), { printEntryBlockArgs: false });
    const nw = (op.getAttr('partitionNumWarps') as DenseArrayAttr | undefined)?.values ?? [];
    parts?.regions.forEach((r, i) => {
      p.printNewline();
      p.write(`partition${i}(`);
      (r.blocks[0]?.args ?? []).forEach((a, k) => {
        if (k) p.write(', ');
        p.printBlockArgumentDecl(a, p.printDebugInfo);
      });
      p.write(`) num_warps(${nw[i]}) `);
      p.printRegion(r, { printEntryBlockArgs: false });
    });
    p.write(' : ');
    p.printType(FunctionType.get((parts?.operandValues ?? []).map((v) => v.type), op.results.map((r) => r.type)));
  },
});

function partitionsOf(op: Operation): Operation | undefined {
  return op.regions[1]?.blocks[0]?.ops[0];
}

export const WarpSpecializeOp = defineOp({
  name: 'ttg.warp_specialize',
  operands: [],
  results: ['results*'],
  attributes: [
    { name: 'partitionNumWarps', kind: denseI32ArrayAttr },
    { name: 'warpGroupStartIds', kind: denseI32ArrayAttr, optional: true },
    { name: 'requestedRegisters', kind: denseI32ArrayAttr, optional: true },
    { name: 'actualRegisters', kind: denseI32ArrayAttr, optional: true },
  ],
  regions: ['defaultRegion', 'partitionOpHolder'],
  traits: ['RecursiveMemoryEffects', 'RecursivelySpeculatable', 'AsyncRegions'],
  format: '`(` custom<WarpSpecialize>()',
  verify: (op) => {
    const parts = partitionsOf(op);
    if (!parts || parts.name !== 'ttg.warp_specialize.partitions') return "expected its partition op holder to contain 'ttg.warp_specialize.partitions'";
    const nw = (op.getAttr('partitionNumWarps') as DenseArrayAttr).values;
    if (nw.length !== parts.regions.length) return `has ${parts.regions.length} partitions but \`partitionNumWarps\` has ${nw.length} elements`;
    for (const [i, n] of nw.entries()) if (n <= 0 || (n & (n - 1)) !== 0) return `partition #${i} number of warps (${n}) must be a power of 2`;
    if (op.getParentWhere((x) => x.name === 'ttg.warp_specialize')) return 'cannot be nested inside another `ttg.warp_specialize` op';
    return undefined;
  },
});

export const WarpSpecializePartitionsOp = defineOp({
  name: 'ttg.warp_specialize.partitions',
  operands: ['explicitCaptures*'],
  regions: ['partitionRegions*'],
  traits: ['IsolatedFromAbove', 'RecursiveMemoryEffects', 'RecursivelySpeculatable', 'Terminator', 'HasParent<ttg.warp_specialize>'],
  verify: (op) => {
    for (const [i, r] of op.regions.entries()) {
      const args = r.blocks[0]?.args ?? [];
      if (args.length !== op.operands.length) return `partition region #${i} has ${args.length} arguments but expected ${op.operands.length}`;
      for (const [k, a] of args.entries()) {
        if (a.type !== op.operand(k).type) return `partition region #${i} argument #${k} has type ${a.type} but corresponding capture has type ${op.operand(k).type}`;
      }
    }
    return undefined;
  },
});

export const WarpYieldOp = defineOp({
  name: 'ttg.warp_yield',
  operands: ['values*'],
  traits: ['Pure', 'Terminator', 'ReturnLike', 'HasParent<ttg.warp_specialize>'],
  format: '($values^ `:` type($values))? attr-dict',
  verify: (op) => {
    const parent = op.parentOp;
    if (!parent || parent.name !== 'ttg.warp_specialize') return undefined;
    if (op.operands.length !== parent.results.length) return `has ${op.operands.length} operands but parent op expected ${parent.results.length}`;
    for (const [i, r] of parent.results.entries()) {
      if (op.operand(i).type !== r.type) return `operand #${i} has type ${op.operand(i).type} but parent op expected ${r.type}`;
    }
    return undefined;
  },
});

export const WarpReturnOp = defineOp({
  name: 'ttg.warp_return',
  traits: ['Pure', 'Terminator', 'ReturnLike', 'HasParent<ttg.warp_specialize.partitions>'],
  format: 'attr-dict',
});

void (undefined as unknown as Attribute);

// ---- software pipeliner internals (TritonGPUOps.td MaskOp / MaskReturnOp; generic form, no assembly format) --

export const MaskOp = defineOp({
  name: 'ttg.mask',
  operands: [{ name: 'pred', kind: 'single', type: constraint('1-bit signless integer', (t) => t instanceof IntegerType && t.width === 1) }],
  results: ['result*'],
  regions: ['region'],
  traits: ['SingleBlock'],
});

export const MaskReturnOp = defineOp({
  name: 'ttg.mask.return',
  operands: ['result*'],
  traits: ['Pure', 'Terminator', 'ReturnLike', 'HasParent<ttg.mask>'],
  format: '$result attr-dict `:` type($result)',
});

export const PredicateStageOp = defineOp({
  name: 'ttg.predicate_stage',
  operands: [
    { name: 'iv', kind: 'single' },
    { name: 'ub', kind: 'single' },
    { name: 'step', kind: 'single' },
  ],
  results: [{ name: 'result', kind: 'single' }],
  attributes: [
    { name: 'maxStage', kind: i32Attr },
    { name: 'stage', kind: i32Attr },
  ],
  traits: ['Pure', 'AllTypesMatch<iv, ub, step>'],
  format: '$iv `,` $ub `,` $step `maxStage` $maxStage `stage` $stage attr-dict `:` type($iv) `->` type($result)',
  inferResultTypes: () => [IntegerType.get(1)],
});
