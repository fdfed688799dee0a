/**
 * The NVVM dialect (`nvvm.*`) ops that Triton's NVIDIA lowering produces or may produce, with the
 * declarative formats of MLIR's NVVMOps.td (the version Triton 3.6 pins): special registers, warp
 * shuffles/votes/reductions, barriers and fences, cp.async and mbarrier ops, ldmatrix/stmatrix and the
 * wgmma fences. Operand types the formats leave out are fixed by the op (i32 masks, i1 predicates).
 */
import type { Attribute } from '../ir/attribute.js';
import {
  defineCustomDirective,
  defineOp,
  type AttrSpec,
  type OpFormatParser,
  type OperandRef,
  type OperandSpec,
  type PendingOp,
  type TypeConstraint,
} from '../ir/op-definition.js';
import { FloatType, IntegerType, VectorType, type Type } from '../ir/type.js';
import type { OpHandle } from '../ir/op-handle.js';
import { anyAttr, i32Attr, i64Attr } from '../common/attr-kinds.js';
import { constantRangeKind } from '../llvm/attrs.js';
import { LLVMPointerType, LLVMStructType } from '../llvm/types.js';
import { NVVMEnumAttr, nvvmEnumKind } from './attrs.js';

interface BuildableConstraint extends TypeConstraint {
  readonly buildable?: () => Type;
}

const i32: BuildableConstraint = {
  description: '32-bit signless integer',
  matches: (t) => t === IntegerType.get(32),
  buildable: () => IntegerType.get(32),
};
const i64: BuildableConstraint = {
  description: '64-bit signless integer',
  matches: (t) => t === IntegerType.get(64),
  buildable: () => IntegerType.get(64),
};
const i1: BuildableConstraint = {
  description: '1-bit signless integer',
  matches: (t) => t === IntegerType.get(1),
  buildable: () => IntegerType.get(1),
};
const i32OrF32: TypeConstraint = {
  description: '32-bit signless integer or 32-bit float',
  matches: (t) => t === IntegerType.get(32) || (t instanceof FloatType && t.kind === 'f32'),
};
const anyPtr: TypeConstraint = { description: 'LLVM pointer type', matches: (t) => t instanceof LLVMPointerType };
const ptrIn = (...spaces: number[]): TypeConstraint => ({
  description: `LLVM pointer in address space ${spaces.join(' or ')}`,
  matches: (t) => t instanceof LLVMPointerType && spaces.includes(t.addressSpace),
});
const anyType: TypeConstraint = { description: 'any type', matches: () => true };

/** An operand spec that keeps its name and kind as literal types (the op handles' accessors are typed by them). */
function operand<const N extends string>(name: N, type: TypeConstraint): { readonly name: N; readonly kind: 'single'; readonly type: TypeConstraint };
function operand<const N extends string, const K extends OperandSpec['kind']>(name: N, type: TypeConstraint, kind: K): { readonly name: N; readonly kind: K; readonly type: TypeConstraint };
function operand(name: string, type: TypeConstraint, kind: OperandSpec['kind'] = 'single'): OperandSpec {
  return { name, kind, type };
}

/** Operand/result constraints are checked by the generic verifier; nothing op-specific to add. */
const verifyConstraints = (_op: import('../ir/ir.js').Operation): string | undefined => undefined;

// ---- special registers -------------------------------------------------------------------------

const RANGEABLE = [
  'laneid', 'warpsize', 'warpid', 'nwarpid', 'smid', 'nsmid', 'gridid',
  ...['tid', 'ntid', 'ctaid', 'nctaid', 'clusterid', 'nclusterid', 'cluster.ctaid', 'cluster.nctaid'].flatMap((r) => ['x', 'y', 'z'].map((d) => `${r}.${d}`)),
  'cluster.ctarank', 'cluster.nctarank',
];
for (const r of RANGEABLE) {
  defineOp({
    name: `nvvm.read.ptx.sreg.${r}`,
    results: [{ name: 'res', kind: 'single', type: i32 }],
    attributes: [{ name: 'range', kind: constantRangeKind, optional: true }],
    traits: ['Pure'],
    format: '(`range` $range^)? attr-dict `:` type($res)',
    verify: verifyConstraints,
  });
}
const PLAIN_REGS: [string, BuildableConstraint][] = [
  ...['lanemask.eq', 'lanemask.le', 'lanemask.lt', 'lanemask.ge', 'lanemask.gt', 'total.smem.size', 'dynamic.smem.size', 'aggr.smem.size', 'clock', 'globaltimer.lo'].map(
    (r): [string, BuildableConstraint] => [r, i32],
  ),
  ['clock64', i64],
  ['globaltimer', i64],
  ...Array.from({ length: 32 }, (_, i): [string, BuildableConstraint] => [`envreg${i}`, i32]),
];
for (const [r, t] of PLAIN_REGS) {
  defineOp({
    name: `nvvm.read.ptx.sreg.${r}`,
    results: [{ name: 'res', kind: 'single', type: t }],
    traits: r.startsWith('clock') || r.startsWith('globaltimer') ? [] : ['Pure'],
    format: 'attr-dict `:` type($res)',
    verify: verifyConstraints,
  });
}

// ---- warp-level communication ----------------------------------------------------------------

defineOp({
  name: 'nvvm.shfl.sync',
  operands: [operand('thread_mask', i32), operand('val', i32OrF32), operand('offset', i32), operand('mask_and_clamp', i32)],
  results: [{ name: 'res', kind: 'single', type: { description: 'i32, f32 or LLVM struct', matches: (t) => i32OrF32.matches(t) || t instanceof LLVMStructType } }],
  attributes: [
    { name: 'kind', kind: nvvmEnumKind('shfl_kind') },
    { name: 'return_value_and_is_valid', kind: anyAttr, optional: true },
  ],
  format: '$kind $thread_mask `,` $val `,` $offset `,` $mask_and_clamp attr-dict `:` type($val) `->` type($res)',
  verify: (op) => {
    const e = verifyConstraints(op);
    if (e) return e;
    const res = op.result().type;
    if (op.getAttr('return_value_and_is_valid')) {
      if (!(res instanceof LLVMStructType) || res.body.length !== 2 || res.body[0] !== op.operand(1).type || res.body[1] !== IntegerType.get(1)) {
        return "expected return type to be a two-element struct with i1 as the second element";
      }
    } else if (res !== op.operand(1).type) return "expected return type to be of the same type as 'val'";
    return undefined;
  },
});

defineOp({
  name: 'nvvm.redux.sync',
  operands: [operand('val', i32OrF32), operand('mask_and_clamp', i32)],
  results: [{ name: 'res', kind: 'single', type: i32OrF32 }],
  attributes: [
    { name: 'kind', kind: nvvmEnumKind('reduction_kind') },
    { name: 'abs', kind: anyAttr, optional: true },
    { name: 'nan', kind: anyAttr, optional: true },
  ],
  format: '$kind $val `,` $mask_and_clamp attr-dict `:` type($val) `->` type($res)',
  verify: (op) => verifyConstraints(op) ?? (op.result().type === op.operand(0).type ? undefined : "failed to verify that all of {res, val} have same type"),
});

defineOp({
  name: 'nvvm.vote.sync',
  operands: [operand('mask', i32), operand('pred', i1)],
  results: [{ name: 'res', kind: 'single', type: { description: 'i32 or i1', matches: (t) => t === IntegerType.get(32) || t === IntegerType.get(1) } }],
  attributes: [{ name: 'kind', kind: nvvmEnumKind('vote_sync_kind') }],
  format: '$kind $mask `,` $pred attr-dict `->` type($res)',
  verify: verifyConstraints,
});

defineOp({
  name: 'nvvm.match.sync',
  operands: [operand('thread_mask', i32), operand('val', { description: 'i32 or i64', matches: (t) => t === IntegerType.get(32) || t === IntegerType.get(64) })],
  results: ['res'],
  attributes: [{ name: 'kind', kind: nvvmEnumKind('match_sync_kind') }],
  format: '$kind $thread_mask `,` $val attr-dict `:` type($val) `->` type($res)',
  verify: verifyConstraints,
});

defineOp({
  name: 'nvvm.bar.warp.sync',
  operands: [operand('mask', anyType)],
  format: '$mask attr-dict `:` type($mask)',
});

defineOp({
  name: 'nvvm.elect.sync',
  operands: [operand('membermask', i32, 'optional')],
  results: [{ name: 'pred', kind: 'single', type: i1 }],
  format: '($membermask^)? attr-dict `->` type(results)',
  verify: verifyConstraints,
});

// ---- barriers and fences ----------------------------------------------------------------------

const NO_OPERAND_OPS = [
  'barrier0', 'cluster.arrive', 'cluster.arrive.relaxed', 'cluster.wait', 'fence.sc.cluster', 'fence.mbarrier.init',
  'cp.async.commit.group', 'cp.async.bulk.commit.group', 'wgmma.fence.aligned', 'wgmma.commit.group.sync.aligned',
  'exit', 'breakpoint', 'fence.proxy',
];
function noOperandOp(n: string): OpHandle {
  const attributes: AttrSpec[] =
    n === 'fence.proxy'
      ? [{ name: 'kind', kind: anyAttr }, { name: 'space', kind: anyAttr, optional: true }]
      : n.startsWith('cluster.')
        ? [{ name: 'aligned', kind: anyAttr, optional: true }]
        : [];
  return defineOp({ name: `nvvm.${n}`, attributes, format: 'attr-dict' });
}
export const Barrier0Op = noOperandOp('barrier0');
for (const n of NO_OPERAND_OPS) if (n !== 'barrier0') noOperandOp(n);

defineOp({
  name: 'nvvm.barrier',
  operands: [operand('barrierId', i32, 'optional'), operand('numberOfThreads', i32, 'optional')],
  traits: ['AttrSizedOperandSegments'],
  format: '(`id` `=` $barrierId^)? (`number_of_threads` `=` $numberOfThreads^)? attr-dict',
  verify: (op) => verifyConstraints(op) ?? (op.operandGroup('numberOfThreads').length && !op.operandGroup('barrierId').length ? 'barrier id is missing, it should be set between 0 to 15' : undefined),
});

defineOp({
  name: 'nvvm.barrier.arrive',
  operands: [operand('barrierId', i32, 'optional'), operand('numberOfThreads', i32)],
  format: '(`id` `=` $barrierId^)? `number_of_threads` `=` $numberOfThreads attr-dict',
  verify: verifyConstraints,
});

defineOp({
  name: 'nvvm.memory_barrier',
  attributes: [{ name: 'scope', kind: nvvmEnumKind('mem_scope') }],
  format: '$scope attr-dict',
});

defineOp({
  name: 'nvvm.fence.proxy.acquire',
  operands: [operand('addr', anyPtr), operand('size', i32)],
  attributes: [
    { name: 'scope', kind: nvvmEnumKind('mem_scope') },
    { name: 'fromProxy', kind: anyAttr, optional: true },
    { name: 'toProxy', kind: anyAttr, optional: true },
  ],
  format: '$scope $addr `,` $size (`from_proxy` `=` $fromProxy^)? (`to_proxy` `=` $toProxy^)? attr-dict',
});
defineOp({
  name: 'nvvm.fence.proxy.release',
  attributes: [
    { name: 'scope', kind: nvvmEnumKind('mem_scope') },
    { name: 'fromProxy', kind: anyAttr, optional: true },
    { name: 'toProxy', kind: anyAttr, optional: true },
  ],
  format: '$scope (`from_proxy` `=` $fromProxy^)? (`to_proxy` `=` $toProxy^)? attr-dict',
});

defineOp({
  name: 'nvvm.setmaxregister',
  attributes: [
    { name: 'regCount', kind: i32Attr },
    { name: 'action', kind: nvvmEnumKind('action') },
  ],
  format: '$action $regCount attr-dict',
});

defineOp({
  name: 'nvvm.wgmma.wait.group.sync.aligned',
  attributes: [{ name: 'group', kind: i64Attr }],
  format: 'attr-dict $group',
});

// ---- asynchronous copies and mbarriers -----------------------------------------------------------

defineOp({
  name: 'nvvm.cp.async.shared.global',
  operands: [operand('dst', ptrIn(3)), operand('src', ptrIn(1)), operand('cpSize', anyType, 'optional')],
  attributes: [
    { name: 'size', kind: i32Attr },
    { name: 'modifier', kind: nvvmEnumKind('load_cache_modifier') },
  ],
  format: '$dst `,` $src `,` $size `,` `cache` `=` $modifier (`,` $cpSize^)? attr-dict `:` type(operands)',
  verify: verifyConstraints,
});
defineOp({
  name: 'nvvm.cp.async.wait.group',
  attributes: [{ name: 'n', kind: i32Attr }],
  format: '$n attr-dict',
});
defineOp({
  name: 'nvvm.cp.async.bulk.wait_group',
  attributes: [
    { name: 'group', kind: i32Attr },
    { name: 'read', kind: anyAttr, optional: true },
  ],
  format: '$group attr-dict',
});
for (const [n, ptr] of [['cp.async.mbarrier.arrive', ptrIn(0, 3)], ['cp.async.mbarrier.arrive.shared', ptrIn(3)]] as const) {
  defineOp({
    name: `nvvm.${n}`,
    operands: [operand('addr', ptr)],
    attributes: [{ name: 'noinc', kind: anyAttr, optional: true }],
    format: '$addr attr-dict `:` type(operands)',
    verify: verifyConstraints,
  });
}

const PREDICATE: OperandSpec = operand('predicate', i1, 'optional');
for (const [n, ptr] of [['mbarrier.init', ptrIn(0, 3)], ['mbarrier.init.shared', ptrIn(3)]] as const) {
  defineOp({
    name: `nvvm.${n}`,
    operands: [operand('addr', ptr), operand('count', i32), PREDICATE],
    format: '$addr `,` $count (`,` `predicate` `=` $predicate^)? attr-dict `:` type(operands)',
    verify: verifyConstraints,
  });
}
for (const [n, ptr] of [['mbarrier.inval', ptrIn(0, 3)], ['mbarrier.inval.shared', ptrIn(3)]] as const) {
  defineOp({ name: `nvvm.${n}`, operands: [operand('addr', ptr)], format: '$addr attr-dict `:` type(operands)', verify: verifyConstraints });
}
for (const [n, ptr] of [['mbarrier.arrive', ptrIn(0, 3)], ['mbarrier.arrive.shared', ptrIn(3)]] as const) {
  defineOp({
    name: `nvvm.${n}`,
    operands: [operand('addr', ptr)],
    results: [{ name: 'res', kind: 'single', type: i64 }],
    format: '$addr attr-dict `:` type($addr) `->` type($res)',
    verify: verifyConstraints,
  });
}
for (const [n, ptr] of [['mbarrier.arrive.nocomplete', ptrIn(0, 3)], ['mbarrier.arrive.nocomplete.shared', ptrIn(3)]] as const) {
  defineOp({
    name: `nvvm.${n}`,
    operands: [operand('addr', ptr), operand('count', i32)],
    results: [{ name: 'res', kind: 'single', type: i64 }],
    format: '$addr `,` $count attr-dict `:` type(operands) `->` type($res)',
    verify: verifyConstraints,
  });
}
for (const [n, ptr] of [['mbarrier.arrive.expect_tx', anyPtr], ['mbarrier.arrive.expect_tx.shared', ptrIn(3)]] as const) {
  defineOp({
    name: `nvvm.${n}`,
    operands: [operand('addr', ptr), operand('txcount', i32), PREDICATE],
    format: '$addr `,` $txcount (`,` `predicate` `=` $predicate^)? attr-dict `:` type(operands)',
    verify: verifyConstraints,
  });
}
for (const [n, ptr] of [['mbarrier.try_wait.parity', anyPtr], ['mbarrier.try_wait.parity.shared', ptrIn(3)]] as const) {
  defineOp({
    name: `nvvm.${n}`,
    operands: [operand('addr', ptr), operand('phase', i32), operand('ticks', i32)],
    format: '$addr `,` $phase `,` $ticks attr-dict `:` type(operands)',
    verify: verifyConstraints,
  });
}
for (const [n, ptr] of [['mbarrier.test.wait', ptrIn(0, 3)], ['mbarrier.test.wait.shared', ptrIn(3)]] as const) {
  defineOp({
    name: `nvvm.${n}`,
    operands: [operand('addr', ptr), operand('state', i64)],
    results: [{ name: 'res', kind: 'single', type: i1 }],
    format: '$addr `,` $state attr-dict `:` type(operands) `->` type($res)',
    verify: verifyConstraints,
  });
}

// ---- matrix ops ----------------------------------------------------------------------------------

defineOp({
  name: 'nvvm.ldmatrix',
  operands: [operand('ptr', ptrIn(3))],
  results: ['res'],
  attributes: [
    { name: 'num', kind: i32Attr },
    { name: 'layout', kind: anyAttr },
    { name: 'shape', kind: anyAttr, optional: true },
    { name: 'eltType', kind: anyAttr, optional: true },
  ],
  format: '$ptr attr-dict `:` functional-type($ptr, $res)',
  verify: verifyConstraints,
});

defineOp({
  name: 'nvvm.stmatrix',
  operands: [operand('ptr', ptrIn(3)), operand('sources', i32, 'variadic')],
  attributes: [
    { name: 'layout', kind: anyAttr },
    { name: 'shape', kind: anyAttr, optional: true },
    { name: 'eltType', kind: anyAttr, optional: true },
  ],
  format: '$ptr `,` $sources attr-dict `:` type(operands)',
  verify: verifyConstraints,
});

// ---- miscellaneous ---------------------------------------------------------------------------------

defineOp({
  name: 'nvvm.rcp.approx.ftz.f',
  operands: [operand('arg', { description: 'f32', matches: (t) => t instanceof FloatType && t.kind === 'f32' })],
  results: ['res'],
  traits: ['Pure', 'SameOperandsAndResultType'],
  format: '$arg attr-dict `:` type($res)',
});

defineOp({
  name: 'nvvm.nanosleep',
  operands: [operand('duration', i32)],
  format: 'attr-dict $duration',
});

defineOp({
  name: 'nvvm.mapa',
  operands: [operand('a', anyPtr), operand('b', i32)],
  results: [{ name: 'res', kind: 'single', type: anyPtr }],
  format: '$a `,` $b attr-dict `:` type($a) `->` type($res)',
  verify: verifyConstraints,
});


// ---- mma.sync ---------------------------------------------------------------------------------------

/** The PTX element type an mma operand type implies (MmaOp::inferOperandMMAType). */
function inferMmaType(t: Type | undefined, isAccumulator: boolean): string | undefined {
  if (!t) return undefined;
  if (t instanceof FloatType && t.kind === 'f64') return 'f64';
  if (t instanceof FloatType && t.kind === 'f16') return 'f16';
  if (t instanceof VectorType && t.shape.length === 1 && t.shape[0] === 2 && t.elementType === FloatType.get('f16')) return 'f16';
  if (t instanceof FloatType && t.kind === 'f32') return isAccumulator ? 'f32' : 'tf32';
  if (t instanceof IntegerType) return isAccumulator ? 's32' : undefined;
  if (t instanceof LLVMStructType) return t.body.length ? inferMmaType(t.body[0], isAccumulator) : undefined;
  return undefined;
}

/**
 * `nvvm.mma.sync A[%a0, %a1] B[%b0] C[%c0, %c1]  {attrs} : (tA, tB, tC) -> tRes` (MmaOp::print): one
 * type per operand segment; multiplicand PTX types are left out of the dictionary when the operand types
 * imply them.
 */
defineCustomDirective('NVVMMmaOp', {
  parse(p: OpFormatParser, op: PendingOp) {
    const groups = ['operandA', 'operandB', 'operandC'];
    for (const [i, name] of ['A', 'B', 'C'].entries()) {
      if (!p.consumeKeywordIf(name)) p.error(`expected '${name}'`);
      const refs: OperandRef[] = [];
      if (p.consumeIf('[')) {
        if (!p.peek(']')) {
          do refs.push(p.parseOperandRef());
          while (p.consumeIf(','));
        }
        p.expect(']');
      }
      op.operands.set(groups[i]!, refs);
    }
    const m = new Map<string, Attribute>();
    p.parseOptionalAttrDict(m);
    p.expect(':');
    p.expect('(');
    const at = p.pos();
    const types: Type[] = [];
    if (!p.peek(')')) {
      do types.push(p.parseType());
      while (p.consumeIf(','));
    }
    p.expect(')');
    if (types.length !== 3) p.error(`expected one type for each operand segment but got ${types.length} types`, at);
    groups.forEach((g, i) => op.operandTypes.set(g, new Array<Type>(op.operands.get(g)!.length).fill(types[i]!)));
    p.expect('->');
    op.resultTypes.set('res', [p.parseType()]);
    for (const [i, attr] of ['multiplicandAPtxType', 'multiplicandBPtxType'].entries()) {
      if (m.has(attr)) continue;
      // MLIR's parser infers these with its accumulator flag inverted (A and B count as accumulators).
      const inferred = inferMmaType(types[i], true);
      if (!inferred) p.error(`attribute ${attr} is not provided explicitly and cannot be inferred`);
      m.set(attr, NVVMEnumAttr.get('mma_type', inferred));
    }
    for (const [k, v] of m) op.attributes.set(k, v);
  },
  print(p, op) {
    const groups = ['operandA', 'operandB', 'operandC'].map((g) => op.operandGroup(g));
    const ignore = ['operandSegmentSizes'];
    if (inferMmaType(groups[0]![0]?.type, false)) ignore.push('multiplicandAPtxType');
    if (inferMmaType(groups[1]![0]?.type, false)) ignore.push('multiplicandBPtxType');
    ['A', 'B', 'C'].forEach((name, i) => {
      p.write((i ? ' ' : '') + name + '[');
      p.printOperands(groups[i]!);
      p.write('] ');
    });
    p.printOptionalAttrDict(op, ignore);
    p.write(' : (');
    groups.forEach((g, i) => {
      if (i) p.write(', ');
      if (g[0]) p.printType(g[0].type);
    });
    p.write(') -> ');
    p.printType(op.result().type);
  },
});

defineOp({
  name: 'nvvm.mma.sync',
  operands: [operand('operandA', anyType, 'variadic'), operand('operandB', anyType, 'variadic'), operand('operandC', anyType, 'variadic')],
  results: [{ name: 'res', kind: 'single', type: { description: 'LLVM struct type', matches: (t) => t instanceof LLVMStructType } }],
  attributes: [
    { name: 'shape', kind: anyAttr },
    { name: 'b1Op', kind: anyAttr, optional: true },
    { name: 'intOverflowBehavior', kind: anyAttr, optional: true },
    { name: 'layoutA', kind: anyAttr },
    { name: 'layoutB', kind: anyAttr },
    { name: 'multiplicandAPtxType', kind: anyAttr, optional: true },
    { name: 'multiplicandBPtxType', kind: anyAttr, optional: true },
  ],
  traits: ['AttrSizedOperandSegments'],
  format: 'custom<NVVMMmaOp>()',
});
