/**
 * Creating `nvg.*` ops from the TritonGPU → LLVM lowerings, where Triton 3.6 creates them (the ops stay until
 * convert-nv-gpu-to-llvm, nvg-to-llvm.ts, turns them into inline PTX / NVVM):
 *
 *   const acc = nvgWGMMA(b, accTy, descA, descB, useC, c, { m: 64, n: 128, k: 16, eltTypeC: 'f32', ... });
 *   const waited = nvgWGMMAWaitGroup(b, packed, 0);
 *   const warp = nvgWarpId(b);           // warp-uniform warp index
 *   const cta = nvgClusterCTAId(b);      // folded to 0 after the conversion when the kernel has one CTA
 */
import { IntegerAttr, type Attribute } from '../dialect/ir/attribute.js';
import type { Operation, Value } from '../dialect/ir/ir.js';
import { IntegerType, type Type } from '../dialect/ir/type.js';
import { LLVMPointerType } from '../dialect/llvm/types.js';
import {
  ClusterCTAIdOp,
  LoadAcquireOp,
  NVG_MEM_SEMANTIC,
  NVG_MEM_SYNC_SCOPE,
  TensorMemoryBaseAddress,
  WarpIdOp,
  WGMMA_ELT_TYPES,
  WGMMAOp,
  WGMMAWaitGroupOp,
  type WGMMAEltType,
} from '../dialect/nvg/ops.js';
import type { LLVMBuilder } from './builder.js';

const i32Attr = (v: number): IntegerAttr => IntegerAttr.get(IntegerType.get(32), v);

export interface WGMMAShape {
  m: number;
  n: number;
  k: number;
  eltTypeC: WGMMAEltType;
  eltTypeA: WGMMAEltType;
  eltTypeB: WGMMAEltType;
  /** A is `col` (M-major) when transposed; B is `row` (N-major) when transposed. */
  layoutA: 'row' | 'col';
  layoutB: 'row' | 'col';
}

/** `nvg.wgmma a, b, useC[, c]` returning the accumulator struct `accTy`. */
export function nvgWGMMA(b: LLVMBuilder, accTy: Type, a: Value, desc: Value, useC: Value, c: Value | undefined, s: WGMMAShape): Value {
  const elt = (t: WGMMAEltType): Attribute => i32Attr(WGMMA_ELT_TYPES.indexOf(t));
  const layout = (l: 'row' | 'col'): Attribute => i32Attr(l === 'col' ? 1 : 0);
  // Attribute dictionary order (sorted by name, as MLIR prints it).
  const attrs: [string, Attribute][] = [
    ['eltTypeA', elt(s.eltTypeA)],
    ['eltTypeB', elt(s.eltTypeB)],
    ['eltTypeC', elt(s.eltTypeC)],
    ['k', i32Attr(s.k)],
    ['layoutA', layout(s.layoutA)],
    ['layoutB', layout(s.layoutB)],
    ['m', i32Attr(s.m)],
    ['n', i32Attr(s.n)],
  ];
  return b.op(WGMMAOp.opName, c ? [a, desc, useC, c] : [a, desc, useC], accTy, attrs);
}

/** `nvg.wgmma_wait_group %struct {pendings}`: the struct back, once at most `pendings` wgmma groups are in flight. */
export function nvgWGMMAWaitGroup(b: LLVMBuilder, packed: Value, pendings: number): Value {
  return b.op(WGMMAWaitGroupOp.opName, [packed], packed.type, [['pendings', i32Attr(pendings)]]);
}

/** `nvg.warp_id`: the warp index (relative to the warp group inside a warp_specialize partition), warp-uniform. */
export function nvgWarpId(b: LLVMBuilder): Value {
  return b.op(WarpIdOp.opName, [], IntegerType.get(32));
}

/** `nvg.cluster_id`: the CTA's rank in its cluster (Triton's TargetInfo::getClusterCTAId). */
export function nvgClusterCTAId(b: LLVMBuilder): Value {
  const id = b.op(ClusterCTAIdOp.opName, [], IntegerType.get(32));
  recording?.push(id.definingOp!);
  return id;
}

/** The `nvg.cluster_id` ops built while `recordClusterIds` runs. */
let recording: Operation[] | undefined;

/**
 * Runs `build` and returns what it returned with the `nvg.cluster_id` ops built meanwhile, so that the fold after the
 * conversion visits those instead of walking the whole lowered module (tens of thousands of freshly built ops,
 * a visit each costing a cache miss) for them.
 */
export function recordClusterIds<T>(build: () => T): { result: T; ids: Operation[] } {
  const outer = recording;
  const ids: Operation[] = [];
  recording = ids;
  try {
    return { result: build(), ids };
  } finally {
    recording = outer;
  }
}

/** `nvg.tensor_memory_base`. */
export function nvgTensorMemoryBase(b: LLVMBuilder): Value {
  return b.op(TensorMemoryBaseAddress.opName, [], LLVMPointerType.get(6));
}

/** `nvg.ld_acquire <sem>, <scope>, ptr[, mask] : (...) -> T`. */
export function nvgLoadAcquire(b: LLVMBuilder, type: Type, ptr: Value, mask: Value | undefined, sem: 'acquire' | 'relaxed', scope: 'gpu' | 'cta' | 'sys'): Value {
  return b.op(LoadAcquireOp.opName, mask ? [ptr, mask] : [ptr], type, [
    ['sem', i32Attr(NVG_MEM_SEMANTIC.valueOf(sem)!)],
    ['scope', i32Attr(NVG_MEM_SYNC_SCOPE.valueOf(scope)!)],
  ]);
}

/**
 * Triton's fold at the end of convert-triton-gpu-to-llvm: with one CTA, every `nvg.cluster_id` of the module is
 * replaced by a constant 0 created right before it (the dead op itself stays, for canonicalize to remove). `ids`
 * are the module's candidates (those of the input and those the conversion built); the ones no longer in the
 * module are skipped. Each constant goes right before its id, so the order of `ids` does not show in the result.
 */
export function foldClusterCTAIdsForOneCTA(module: Operation, ids: readonly Operation[], b: (at: Operation) => LLVMBuilder): void {
  for (const id of ids) if (module.isAncestorOf(id)) id.result(0).replaceAllUsesWith(b(id).i32(0));
}
