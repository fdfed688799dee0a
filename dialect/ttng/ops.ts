/**
 * The TritonNvidiaGPU dialect ops (`ttng.*`): Hopper warp-group MMA and its wait, fences, mbarriers,
 * TMA copies, and Blackwell tensor-memory alloc/load/store/copy. Formats follow Triton 3.6's
 * TritonNvidiaGPUOps.td (`custom<Token>` prints an optional async dependency as `[%tok]`).
 */
import { IntegerAttr } from '../ir/attribute.js';
import { defineCustomDirective, defineOp, type TypeConstraint } from '../ir/op-definition.js';
import { registerMemoryEffects } from '../ir/traits.js';
import { IntegerType, RankedTensorType, type Type } from '../ir/type.js';
import type { Operation } from '../ir/ir.js';
import { boolAttr, i32Attr } from '../common/attr-kinds.js';
import { constraint, tensorType } from '../common/type-constraints.js';
import { CACHE_MODIFIER, DESCRIPTOR_REDUCE_KIND, EVICTION_POLICY, INPUT_PRECISION } from '../tt/attr-kinds.js';
import { TensorDescType, PointerType } from '../tt/types.js';
import { verifyDotShapes } from '../tt/ops.js';
import { registerTensorLayoutDialect } from '../tt/verify-traits.js';
import { shapeOf } from '../tt/type-utils.js';
import { AsyncTokenType, MemDescType } from '../ttg/types.js';
import { asyncToken, memDesc } from '../ttg/ops.js';
import './attrs.js';
import './effects.js';

registerTensorLayoutDialect('ttng');

const tensorOrMemDesc = constraint('tensor or memory descriptor', (t) => t instanceof RankedTensorType || t instanceof MemDescType);
const i1 = constraint('1-bit signless integer', (t) => t instanceof IntegerType && t.width === 1);
const i32 = constraint('32-bit signless integer', (t) => t instanceof IntegerType && t.width === 32);
const tensorDesc: TypeConstraint = constraint('tensor descriptor', (t) => t instanceof TensorDescType);

// ---- async tokens of tensor-memory ops ----------------------------------------------------------

/** `[%dep]` when there is a dependency, `[]` when the op only produces a token, nothing otherwise. */
defineCustomDirective('Token', {
  parse(p, op, args) {
    const dep = args[0]!;
    const tok = args[1]!;
    if (dep.kind !== 'operand' || tok.kind !== 'type') throw new Error('custom<Token> expects ($dep, type($token))');
    if (!p.consumeIf('[')) {
      op.operands.set(dep.name, []);
      op.resultTypes.set(tok.of, []);
      return;
    }
    const r = p.parseOptionalOperandRef();
    p.expect(']');
    op.operands.set(dep.name, r ? [r] : []);
    if (r) op.operandTypes.set(dep.name, [AsyncTokenType.get()]);
    op.resultTypes.set(tok.of, [AsyncTokenType.get()]);
  },
  print(p, op, args) {
    const dep = args[0]!;
    const tok = args[1]!;
    if (dep.kind !== 'operand' || tok.kind !== 'type') return;
    const deps = op.operandGroup(dep.name);
    const hasToken = op.results.some((r) => r.type instanceof AsyncTokenType);
    if (deps.length) {
      p.write('[');
      p.printOperand(deps[0]!);
      p.write(']');
    } else if (hasToken) p.write('[]');
  },
});

// ---- warp-group MMA -----------------------------------------------------------------------------

export const WarpGroupDotOp = defineOp({
  name: 'ttng.warp_group_dot',
  operands: [
    { name: 'a', kind: 'single', type: tensorOrMemDesc },
    { name: 'b', kind: 'single', type: memDesc },
    { name: 'c', kind: 'single', type: tensorType },
    { name: 'useC', kind: 'optional', type: i1 },
  ],
  results: [{ name: 'd', kind: 'single', type: tensorType }],
  attributes: [
    { name: 'inputPrecision', kind: INPUT_PRECISION, default: IntegerAttr.i32(2) },
    { name: 'maxNumImpreciseAcc', kind: i32Attr, default: IntegerAttr.i32(0) },
    { name: 'isAsync', kind: boolAttr, default: IntegerAttr.bool(false) },
  ],
  traits: ['DotOpInterface', 'MemRead'],
  format: '$a `,` $b `,` $c (`,` $useC^)? attr-dict `:` type($a) `*` qualified(type($b)) `->` type($d)',
  inferResultTypes: () => {
    throw new Error('result type must be written');
  },
  verify: (op) => {
    const [a, b, c] = op.operandValues.map((v) => v.type);
    // TypesMatchWith (an ODS invariant) is checked before the DotOpInterface's shapes.
    if (c !== op.result().type) return "failed to verify that result's type matches accumulator's type";
    return verifyDotShapes(a!, b!, c!, op.result().type);
  },
});

export const WarpGroupDotWaitOp = defineOp({
  name: 'ttng.warp_group_dot_wait',
  operands: ['inputs*'],
  results: ['outputs*'],
  attributes: [{ name: 'pendings', kind: i32Attr }],
  traits: ['AllTypesMatch<inputs, outputs>'],
  format: '$inputs attr-dict `:` type($inputs)',
  inferResultTypes: (ts) => [...ts],
  verify: (op) => {
    if (op.results.length !== op.operands.length) return 'requires the same number of inputs and outputs';
    for (const [i, r] of op.results.entries()) if (r.type !== op.operand(i).type) return 'requires the same types for inputs and outputs';
    return undefined;
  },
});

// ---- fences and clusters ------------------------------------------------------------------------

export const FenceAsyncSharedOp = defineOp({
  name: 'ttng.fence_async_shared',
  attributes: [{ name: 'bCluster', kind: boolAttr }],
  traits: ['MemRead', 'MemWrite'],
  format: 'attr-dict',
});
export const ClusterArriveOp = defineOp({
  name: 'ttng.cluster_arrive',
  attributes: [{ name: 'relaxed', kind: boolAttr }],
  traits: ['MemRead', 'MemWrite'],
  format: 'attr-dict',
});
export const ClusterWaitOp = defineOp({ name: 'ttng.cluster_wait', traits: ['MemRead', 'MemWrite'], format: 'attr-dict' });

// ---- mbarriers ----------------------------------------------------------------------------------

export const InitBarrierOp = defineOp({
  name: 'ttng.init_barrier',
  operands: [{ name: 'alloc', kind: 'single', type: memDesc }],
  attributes: [{ name: 'count', kind: i32Attr }],
  traits: ['MemWrite'],
  format: '$alloc `,` $count attr-dict `:` qualified(type($alloc))',
});
export const InvalBarrierOp = defineOp({
  name: 'ttng.inval_barrier',
  operands: [{ name: 'alloc', kind: 'single', type: memDesc }],
  traits: ['MemWrite'],
  format: '$alloc attr-dict `:` qualified(type($alloc))',
});
export const BarrierExpectOp = defineOp({
  name: 'ttng.barrier_expect',
  operands: [
    { name: 'alloc', kind: 'single', type: memDesc },
    { name: 'pred', kind: 'single', type: i1 },
  ],
  attributes: [{ name: 'size', kind: i32Attr }],
  traits: ['MemWrite'],
  format: '$alloc `,` $size attr-dict `,` $pred `:` qualified(type($alloc))',
});
export const WaitBarrierOp = defineOp({
  name: 'ttng.wait_barrier',
  operands: [
    { name: 'alloc', kind: 'single', type: memDesc },
    { name: 'phase', kind: 'single', type: i32 },
    { name: 'pred', kind: 'optional', type: i1 },
    { name: 'deps', kind: 'variadic', type: tensorOrMemDesc },
  ],
  traits: ['AttrSizedOperandSegments', 'MemRead', 'MemWrite'],
  format: '$alloc `,` $phase (`,` $pred^)? (`deps` $deps^)? attr-dict `:` qualified(type($alloc)) (`,` type($deps)^)?',
});
export const ArriveBarrierOp = defineOp({
  name: 'ttng.arrive_barrier',
  operands: [
    { name: 'alloc', kind: 'single', type: memDesc },
    { name: 'pred', kind: 'optional', type: i1 },
  ],
  attributes: [{ name: 'count', kind: i32Attr }],
  traits: ['MemRead', 'MemWrite'],
  format: '$alloc `,` $count (`,` $pred^)? attr-dict `:` qualified(type($alloc))',
});

export const AsyncCopyMbarrierArriveOp = defineOp({
  name: 'ttng.async_copy_mbarrier_arrive',
  operands: [{ name: 'barrier', kind: 'single', type: memDesc }],
  attributes: [{ name: 'noIncrement', kind: { description: 'unit', parse: (p) => p.parseAttribute(), print: (p, v) => p.printAttribute(v) }, optional: true }],
  format: '$barrier attr-dict `:` qualified(type($barrier))',
});

// ---- TMA ----------------------------------------------------------------------------------------

export const AsyncTMACopyGlobalToLocalOp = defineOp({
  name: 'ttng.async_tma_copy_global_to_local',
  operands: [
    { name: 'desc', kind: 'single', type: tensorDesc },
    { name: 'coord', kind: 'variadic', type: i32 },
    { name: 'barrier', kind: 'single', type: memDesc },
    { name: 'result', kind: 'single', type: memDesc },
    { name: 'pred', kind: 'single', type: i1 },
  ],
  attributes: [
    { name: 'cache', kind: CACHE_MODIFIER, default: IntegerAttr.i32(1) },
    { name: 'evict', kind: EVICTION_POLICY, default: IntegerAttr.i32(1) },
    { name: 'isVolatile', kind: boolAttr, default: IntegerAttr.bool(false) },
  ],
  traits: ['MemRead', 'MemWrite'],
  format:
    '$desc `[` $coord `]` $result `,` $barrier `,` $pred oilist(`cacheModifier` `=` $cache | `evictionPolicy` `=` $evict) attr-dict `:` qualified(type($desc)) `,` qualified(type($barrier)) `->` qualified(type($result))',
});
export const AsyncTMACopyLocalToGlobalOp = defineOp({
  name: 'ttng.async_tma_copy_local_to_global',
  operands: [
    { name: 'desc', kind: 'single', type: tensorDesc },
    { name: 'coord', kind: 'variadic', type: i32 },
    { name: 'src', kind: 'single', type: memDesc },
  ],
  traits: ['MemRead', 'MemWrite'],
  format: '$desc `[` $coord `]` $src attr-dict `:` qualified(type($desc)) `,` qualified(type($src))',
});
export const TMAStoreWaitOp = defineOp({
  name: 'ttng.async_tma_store_wait',
  attributes: [{ name: 'pendings', kind: i32Attr }],
  // MemWaitOpTrait only: no memory-effect interface, so its effects are unknown (never erased as dead).
  traits: ['MemWaitOpTrait'],
  format: 'attr-dict',
});
defineOp({
  name: 'ttng.tensor_desc_to_tma_ptr',
  operands: [{ name: 'desc', kind: 'single', type: tensorDesc }],
  results: [{ name: 'ptr', kind: 'single', type: constraint('pointer', (t) => t instanceof PointerType) }],
  traits: ['Pure'],
  format: '$desc attr-dict `:` qualified(type($desc)) `to` qualified(type($ptr))',
});

const ptr = constraint('ptr', (t) => t instanceof PointerType);
const i64 = constraint('64-bit signless integer', (t) => t instanceof IntegerType && t.width === 64);

/** An i32 attribute in [0, max] (TableGen's ConfinedAttr<I32Attr, [IntNonNegative, IntMaxValue<max>]>). */
function verifyBoundedI32(op: Operation, name: string, max: number): string | undefined {
  const a = op.getAttr(name);
  if (!(a instanceof IntegerAttr)) return undefined;
  const v = Number(a.value);
  if (v < 0) return `attribute '${name}' failed to satisfy constraint: 32-bit signless integer attribute whose value is non-negative`;
  if (v > max) return `attribute '${name}' failed to satisfy constraint: 32-bit signless integer attribute whose maximum value is ${max}`;
  return undefined;
}

export const TensormapCreateOp = defineOp({
  name: 'ttng.tensormap_create',
  operands: [
    { name: 'desc_ptr', kind: 'single', type: ptr },
    { name: 'global_address', kind: 'single', type: ptr },
    { name: 'box_dim', kind: 'variadic', type: i32 },
    { name: 'global_dim', kind: 'variadic', type: i32 },
    { name: 'global_stride', kind: 'variadic', type: i64 },
    { name: 'element_stride', kind: 'variadic', type: i32 },
  ],
  attributes: [
    { name: 'elem_type', kind: i32Attr },
    { name: 'interleave_layout', kind: i32Attr },
    { name: 'swizzle_mode', kind: i32Attr },
    { name: 'fill_mode', kind: i32Attr },
  ],
  traits: ['AttrSizedOperandSegments', 'MemRead', 'MemWrite'],
  format:
    '$desc_ptr `,` $global_address `,` `[` $box_dim `]` `,` `[` $global_dim `]` `,` `[` $global_stride `]` `,` `[` $element_stride `]` attr-dict `:` functional-type(operands, results)',
  verify: (op) => {
    for (const [name, max] of [['elem_type', 15], ['interleave_layout', 2], ['swizzle_mode', 3], ['fill_mode', 1]] as const) {
      const bad = verifyBoundedI32(op, name, max);
      if (bad) return bad;
    }
    const rank = op.operandGroup('box_dim').length;
    const gd = op.operandGroup('global_dim').length;
    const gs = op.operandGroup('global_stride').length;
    const es = op.operandGroup('element_stride').length;
    if (gd !== rank) return `Rank mismatch for global dim. Got ${gd} but expected ${rank}`;
    if (gs + 1 !== rank) return `Rank mismatch for global stride. Got ${gs} but expected ${rank - 1}`;
    if (es !== rank) return `Rank mismatch for element stride. Got ${es} but expected ${rank}`;
    return undefined;
  },
});
export const TensormapFenceproxyAcquireOp = defineOp({
  name: 'ttng.tensormap_fenceproxy_acquire',
  operands: [{ name: 'desc_ptr', kind: 'single', type: ptr }],
  traits: ['MemWrite'],
  format: '$desc_ptr attr-dict `:` qualified(type($desc_ptr))',
});
registerMemoryEffects('ttng.tensormap_create', () => [
  { kind: 'read', resource: 'global' },
  { kind: 'write', resource: 'global' },
]);
registerMemoryEffects('ttng.tensormap_fenceproxy_acquire', () => [{ kind: 'write', resource: 'global' }]);
export const ReinterpretTensorDescOp = defineOp({
  name: 'ttng.reinterpret_tensor_descriptor',
  operands: [{ name: 'rawDesc', kind: 'single', type: ptr }],
  results: [{ name: 'result', kind: 'single', type: tensorDesc }],
  traits: ['Pure'],
  format: '$rawDesc attr-dict `:` qualified(type($rawDesc)) `to` qualified(type($result))',
});

// ---- tensor memory (Blackwell) ------------------------------------------------------------------

export const TMEMAllocOp = defineOp({
  name: 'ttng.tmem_alloc',
  operands: [{ name: 'src', kind: 'optional', type: tensorType }],
  results: [
    { name: 'result', kind: 'single', type: memDesc },
    { name: 'token', kind: 'optional', type: asyncToken },
  ],
  // Ops with several declared results print ODS result names (MLIR's default getAsmResultNames).
  resultNames: (op) => op.results.map((_, i) => (i === 0 ? 'result' : 'token')),
  traits: ['MemAlloc'],
  format: '($src^)? attr-dict `:` functional-type(operands, results)',
});
export const TMEMLoadOp = defineOp({
  name: 'ttng.tmem_load',
  operands: [
    { name: 'src', kind: 'single', type: memDesc },
    { name: 'dep', kind: 'optional', type: asyncToken },
  ],
  results: [
    { name: 'result', kind: 'single', type: tensorType },
    { name: 'token', kind: 'optional', type: asyncToken },
  ],
  // Ops with several declared results print ODS result names (MLIR's default getAsmResultNames).
  resultNames: (op) => op.results.map((_, i) => (i === 0 ? 'result' : 'token')),
  traits: ['MemRead'],
  format: '$src `` custom<Token>($dep, type($token)) attr-dict `:` qualified(type($src)) `->` type($result)',
});
export const TMEMStoreOp = defineOp({
  name: 'ttng.tmem_store',
  operands: [
    { name: 'dst', kind: 'single', type: memDesc },
    { name: 'dep', kind: 'optional', type: asyncToken },
    { name: 'src', kind: 'single', type: tensorType },
    { name: 'pred', kind: 'single', type: i1 },
  ],
  results: [{ name: 'token', kind: 'optional', type: asyncToken }],
  traits: ['MemWrite'],
  format: '$src `,` $dst `` custom<Token>($dep, type($token)) `,` $pred attr-dict `:` type($src) `->` qualified(type($dst))',
  verify: (op) => {
    const dst = op.operandGroup('dst')[0]!.type as MemDescType;
    const src = op.operandGroup('src')[0]!.type as RankedTensorType;
    if (!dst.mutableMemory) return 'Cannot store into an immutable alloc';
    if (shapeOf(src).join('x') !== dst.shape.join('x')) return 'source and destination must have the same shape';
    return undefined;
  },
});
export const TMEMCopyOp = defineOp({
  name: 'ttng.tmem_copy',
  operands: [
    { name: 'src', kind: 'single', type: memDesc },
    { name: 'dst', kind: 'single', type: memDesc },
    { name: 'barrier', kind: 'optional', type: memDesc },
  ],
  traits: ['MemRead', 'MemWrite'],
  format: '$src `,` $dst (`,` $barrier^)? attr-dict `:` qualified(type(operands))',
});

void (undefined as unknown as Type);

export const AsyncTMAReduceOp = defineOp({
  name: 'ttng.async_tma_reduce',
  operands: [
    { name: 'desc', kind: 'single', type: tensorDesc },
    { name: 'coord', kind: 'variadic', type: i32 },
    { name: 'src', kind: 'single', type: memDesc },
  ],
  attributes: [{ name: 'kind', kind: DESCRIPTOR_REDUCE_KIND }],
  traits: ['MemRead', 'MemWrite'],
  format: '$kind `,` $desc `[` $coord `]` $src attr-dict `:` qualified(type($desc)) `,` qualified(type($src))',
});
export const AsyncTMAScatterOp = defineOp({
  name: 'ttng.async_tma_scatter',
  operands: [
    { name: 'desc', kind: 'single', type: tensorDesc },
    { name: 'x_offsets', kind: 'single', type: tensorType },
    { name: 'y_offset', kind: 'single', type: i32 },
    { name: 'src', kind: 'single', type: memDesc },
  ],
  traits: ['MemRead', 'MemWrite'],
  format: '$desc `[` $x_offsets `,` $y_offset `]` $src attr-dict `:` type(operands)',
});
