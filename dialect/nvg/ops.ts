/**
 * Triton 3.6's NVGPU dialect (`nvg.*`, third_party/nvidia/include/Dialect/NVGPU/IR/NVGPUOps.td): the few
 * NVIDIA-only ops that convert-triton-gpu-to-llvm leaves for convert-nv-gpu-to-llvm, so that the warp-group MMA,
 * the acquire load, the warp / cluster-CTA ids and the tensor-memory base stay readable (and foldable: a
 * cluster id is 0 with one CTA) until they become inline PTX or NVVM special registers.
 *
 * Enum attributes are I32EnumAttrs: stored as `i32` integers, printed as keywords where the format names them
 * (`nvg.ld_acquire acquire, gpu, ...`) and as `3 : i32` in an attribute dictionary (`nvg.wgmma ... {eltTypeA = 3 : i32}`).
 */
import { IntegerAttr } from '../ir/attribute.js';
import { defineOp, type TypeConstraint } from '../ir/op-definition.js';
import { FloatType, IntegerType, type Type } from '../ir/type.js';
import { enumAttr, i32Attr } from '../common/attr-kinds.js';
import { LLVMPointerType, LLVMStructType } from '../llvm/types.js';

const i32 = (): IntegerType => IntegerType.get(32);

const c = (description: string, matches: (t: Type) => boolean): TypeConstraint => ({ description, matches });

const anyStruct = c('LLVM structure type', (t) => t instanceof LLVMStructType);
// `buildable`: the format may leave the type out (ODS BuildableType), e.g. ld_acquire's mask.
const i1: TypeConstraint & { buildable: () => Type } = { ...c('1-bit signless integer', (t) => t === IntegerType.get(1)), buildable: () => IntegerType.get(1) };
const i32Type = c('32-bit signless integer', (t) => t === i32());
const ptrIn = (space: number): TypeConstraint => c(`LLVM pointer in address space ${space}`, (t) => t instanceof LLVMPointerType && t.addressSpace === space);
const wgmmaOperand = c('wgmma operand A/B type', (t) => t instanceof LLVMStructType || t === IntegerType.get(64));
const FLOATS = new Set(['f8E4M3FN', 'f8E4M3FNUZ', 'f8E5M2', 'f8E5M2FNUZ', 'f16', 'bf16', 'f32', 'f64']);
const scalarLike = c('floating-point or integer', (t) => (t instanceof FloatType && FLOATS.has(t.kind)) || (t instanceof IntegerType && t.signedness === 'signless' && [1, 8, 16, 32, 64].includes(t.width)));

/** `MemSemantic` (relaxed = 1 ... acq_rel = 4) and `MemSyncScope` (gpu = 1, cta = 2, sys = 3). */
export const NVG_MEM_SEMANTIC = enumAttr('memory semantic', ['relaxed', 'acquire', 'release', 'acq_rel'], i32, [1, 2, 3, 4]);
export const NVG_MEM_SYNC_SCOPE = enumAttr('memory sync scope', ['gpu', 'cta', 'sys'], i32, [1, 2, 3]);
/** `WGMMAEltType`: the PTX type names of wgmma operands and accumulators, by value. */
export const WGMMA_ELT_TYPES = ['s8', 's32', 'e4m3', 'e5m2', 'f16', 'bf16', 'tf32', 'f32'] as const;
export type WGMMAEltType = (typeof WGMMA_ELT_TYPES)[number];
export const NVG_WGMMA_ELT_TYPE = enumAttr("wgmma operand type, either 's8', 's32', 'e4m3', 'e5m2', 'f16', 'bf16', 'tf32', or 'f32'", WGMMA_ELT_TYPES, i32, [0, 1, 2, 3, 4, 5, 6, 7]);
/** `WGMMALayout`: row = 0, col = 1. */
export const NVG_WGMMA_LAYOUT = enumAttr("wgmma layout, either 'row' or 'col'", ['row', 'col'], i32, [0, 1]);

/** `nvg.wgmma_wait_group %acc {pendings = N} : !llvm.struct<...>`: waits for wgmma groups; the result is the input, tied. */
export const WGMMAWaitGroupOp = defineOp({
  name: 'nvg.wgmma_wait_group',
  operands: [{ name: 'input', kind: 'single', type: anyStruct }],
  results: [{ name: 'output', kind: 'single', type: anyStruct }],
  attributes: [{ name: 'pendings', kind: i32Attr }],
  format: '$input attr-dict `:` type($input)',
  inferResultTypes: (ts) => [ts[0]!],
  verify: (op) => (op.result(0).type !== op.operand(0).type ? "failed to verify that all of {input, output} have same type" : undefined),
});

/** `nvg.wgmma %a, %b, %useC[, %c] {m, n, k, eltType*, layout*} : (...) -> !llvm.struct<...>`: one wgmma.mma_async. */
export const WGMMAOp = defineOp({
  name: 'nvg.wgmma',
  operands: [
    { name: 'opA', kind: 'single', type: wgmmaOperand },
    { name: 'opB', kind: 'single', type: wgmmaOperand },
    { name: 'useC', kind: 'single', type: i1 },
    { name: 'opC', kind: 'optional', type: anyStruct },
  ],
  results: [{ name: 'res', kind: 'single', type: anyStruct }],
  attributes: [
    { name: 'm', kind: i32Attr },
    { name: 'n', kind: i32Attr },
    { name: 'k', kind: i32Attr },
    { name: 'eltTypeC', kind: NVG_WGMMA_ELT_TYPE },
    { name: 'eltTypeA', kind: NVG_WGMMA_ELT_TYPE },
    { name: 'eltTypeB', kind: NVG_WGMMA_ELT_TYPE },
    { name: 'layoutA', kind: NVG_WGMMA_LAYOUT },
    { name: 'layoutB', kind: NVG_WGMMA_LAYOUT },
  ],
  format: '$opA `,` $opB `,` $useC (`,` $opC^)? attr-dict `:` functional-type(operands, $res)',
});

/** `nvg.cluster_id`: this CTA's rank in its cluster (%cluster_ctarank). */
export const ClusterCTAIdOp = defineOp({
  name: 'nvg.cluster_id',
  results: [{ name: 'result', kind: 'single', type: i32Type }],
  traits: ['Pure'],
  format: 'attr-dict',
  inferResultTypes: () => [i32()],
});

/** `nvg.ld_acquire acquire, gpu, %ptr[, %mask] : (!llvm.ptr<1>[, i1]) -> T`: a scalar `ld.global.<scope>.<sem>`. */
export const LoadAcquireOp = defineOp({
  name: 'nvg.ld_acquire',
  operands: [
    { name: 'addr', kind: 'single', type: ptrIn(1) },
    { name: 'mask', kind: 'optional', type: i1 },
  ],
  results: [{ name: 'result', kind: 'single', type: scalarLike }],
  attributes: [
    { name: 'sem', kind: NVG_MEM_SEMANTIC },
    { name: 'scope', kind: NVG_MEM_SYNC_SCOPE },
  ],
  traits: ['MemRead'],
  format: '$sem `,` $scope `,` $addr (`,` $mask^)? attr-dict `:` functional-type($addr, $result)',
});

/** `nvg.warp_id`: the warp index in the CTA (or in the warp group of a warp_specialize partition), warp-uniform. */
export const WarpIdOp = defineOp({
  name: 'nvg.warp_id',
  results: [{ name: 'result', kind: 'single', type: i32Type }],
  traits: ['Pure'],
  format: 'attr-dict',
  inferResultTypes: () => [i32()],
});

/** `nvg.tensor_memory_base`: the kernel's tensor memory base (tcgen05.alloc'd by convert-nv-gpu-to-llvm). */
export const TensorMemoryBaseAddress = defineOp({
  name: 'nvg.tensor_memory_base',
  results: [{ name: 'result', kind: 'single', type: ptrIn(6) }],
  traits: ['Pure'],
  format: 'attr-dict',
  inferResultTypes: () => [LLVMPointerType.get(6)],
});

/** The value of an I32 enum attribute (undefined when absent). */
export function enumValue(a: unknown): number | undefined {
  return a instanceof IntegerAttr ? a.num : undefined;
}
