/**
 * `--triton-nvidia-tma-lowering` (Triton 3.6's TritonNvidiaGPUTMALoweringPass), with the greedy driver's defaults
 * (folding, constant CSE, aggressive region simplification; inputs without descriptors only see those):
 * - `tt.make_tensor_descriptor` becomes a 128-byte `ttg.global_scratch_alloc` filled by `ttng.tensormap_create`
 *   (box dims from the NVMMA block shape per CTA, innermost first; global dims reversed; strides in bytes; TMA element
 *   type, swizzle mode and NaN/zero fill), then `ttng.tensormap_fenceproxy_acquire` and
 *   `ttng.reinterpret_tensor_descriptor`;
 * - `tt.descriptor_load` becomes a shared buffer in the descriptor's encoding, a one-shot mbarrier (init, expect
 *   the bytes per CTA, TMA copy, wait on phase 0, invalidate) and a `ttg.local_load` (a `ttg.local_alloc` of the
 *   result in the same encoding uses the buffer directly);
 * - `tt.descriptor_store` becomes a `ttg.local_alloc` of the source, `ttng.fence_async_shared`, the TMA copy to global
 *   and `ttng.async_tma_store_wait {pendings = 0}`.
 * Gathers lower like loads (`ttng.async_tma_gather`), scatters and reductions like stores (`ttng.async_tma_scatter`,
 * `ttng.async_tma_reduce`); fp4-padded descriptors count the innermost coordinate twice.
 */
import { IntegerAttr, type Attribute } from '../dialect/ir/attribute.js';
import { Diagnostic, DiagnosticError } from '../dialect/ir/diagnostics.js';
import type { Operation, Value } from '../dialect/ir/ir.js';
import type { PatternRewriter } from '../dialect/ir/rewriter.js';
import { FloatType, IntegerType, RankedTensorType, type Type } from '../dialect/ir/type.js';
import { PointerType, TensorDescType } from '../dialect/tt/types.js';
import { NVMMASharedEncodingAttr, SwizzledSharedEncodingAttr } from '../dialect/ttg/attrs/shared.js';
import { getShapePerCTA } from '../dialect/ttg/layout-queries.js';
import { tmaBlockShape } from '../dialect/ttg/linear/shared.js';
import { MemDescType, elementBitWidth } from '../dialect/ttg/types.js';
import { encodingForShape } from './nvidia/tma-encodings.js';
import { applyPatternsGreedily } from '../dialect/ir/rewrite/greedy.js';
import type { RewritePattern } from '../dialect/ir/rewrite/pattern.js';
import { registerPass } from './pass.js';
import { replaceUsesAndPropagateType } from '../dialect/ttg/utils/propagate-memdesc.js';
import { GlobalScratchAllocOp, LocalAllocOp, LocalLoadOp } from '../dialect/ttg/ops.js';
import { ConstantOp, MulIOp } from '../dialect/arith/ops.js';
import { AsyncTMACopyGlobalToLocalOp, AsyncTMACopyLocalToGlobalOp, AsyncTMAReduceOp, AsyncTMAScatterOp, BarrierExpectOp, FenceAsyncSharedOp, InitBarrierOp, InvalBarrierOp, ReinterpretTensorDescOp, TMAStoreWaitOp, TensormapCreateOp, TensormapFenceproxyAcquireOp, WaitBarrierOp } from '../dialect/ttng/ops.js';
import { DescriptorGatherOp, DescriptorLoadOp, DescriptorReduceOp, DescriptorScatterOp, DescriptorStoreOp, MakeTensorDescOp } from '../dialect/tt/ops.js';
import { AsyncTMAGatherOp } from '../dialect/ttng/tma-gather-op.js';

const TMA_SIZE_BYTES = 128;
const TMA_ALIGN = 128;
const i1 = IntegerType.get(1);
const i32 = IntegerType.get(32);
const i64 = IntegerType.get(64);

function fail(op: Operation, msg: string): never {
  throw new DiagnosticError(new Diagnostic('error', msg, op.loc));
}

function constant(rw: PatternRewriter, op: Operation, type: IntegerType, v: number): Value {
  return rw.create({ name: ConstantOp.opName, resultTypes: [type], attributes: [['value', IntegerAttr.get(type, v)]], loc: op.loc }).result(0);
}

/** getEncodingFromDescriptor: the descriptor's encoding, re-ranked when the tensor's shape differs. */
function encodingFromDescriptor(op: Operation, tensor: RankedTensorType, desc: Value): Attribute {
  const block = (desc.type as TensorDescType).blockType;
  if (!block.encoding) fail(op, 'Internal Error: Tensor descriptor should have encoding set');
  if (block.shape.join() === tensor.shape.join()) return block.encoding;
  return encodingForShape(op, block.encoding, tensor.shape);
}

function barrierType(): MemDescType {
  return MemDescType.get({ shape: [1], elementType: i64, encoding: SwizzledSharedEncodingAttr.get({ vec: 1, perPhase: 1, maxPhase: 1, order: [0] }), mutableMemory: true });
}

/** replaceUsesWithLocalLoad: local_allocs of `old` in the buffer's encoding use the buffer; other users a local_load. */
function replaceWithLocalLoad(rw: PatternRewriter, old: Value, buffer: Value, loc: Operation['loc']): void {
  const enc = (buffer.type as MemDescType).encoding;
  const allocs = old.users.filter((u) => LocalAllocOp.is(u) && (u.result(0).type as MemDescType).encoding === enc);
  for (const a of allocs) replaceUsesAndPropagateType(rw, a, buffer);
  if (old.users.length > allocs.length) {
    const load = rw.create({ name: LocalLoadOp.opName, operands: [buffer], resultTypes: [old.type], loc });
    for (const u of [...old.uses]) if (!allocs.includes(u.owner)) rw.modifyOpInPlace(u.owner, () => u.set(load.result(0)));
  }
  for (const a of allocs) rw.eraseOp(a);
}

/** lowerTMALoad: a shared buffer, a one-shot mbarrier around the copy `emit` creates, and the buffer's uses. */
function lowerLoad(op: Operation, rw: PatternRewriter, desc: Value, emit: (desc: Value, barrier: Value, buffer: Value, pred: Value) => void): void {
  const tensor = op.result(0).type as RankedTensorType;
  const enc = encodingFromDescriptor(op, tensor, desc);
  const loc = op.loc;
  const buffer = rw.create({ name: LocalAllocOp.opName, resultTypes: [MemDescType.get({ shape: tensor.shape, elementType: tensor.elementType, encoding: enc, mutableMemory: true })], loc }).result(0);
  const barrier = rw.create({ name: LocalAllocOp.opName, resultTypes: [barrierType()], loc }).result(0);
  rw.create({ name: InitBarrierOp.opName, operands: [barrier], attributes: [['count', IntegerAttr.i32(1)]], loc });
  const bytes = (getShapePerCTA(enc, tensor.shape).reduce((a, b) => a * b, 1) * elementBitWidth(tensor.elementType)) / 8;
  const pred = constant(rw, op, i1, 1);
  rw.create({ name: BarrierExpectOp.opName, operands: [barrier, pred], attributes: [['size', IntegerAttr.i32(bytes)]], loc });
  emit(desc, barrier, buffer, pred);
  const phase = constant(rw, op, i32, 0);
  rw.create({ name: WaitBarrierOp.opName, operands: [barrier, phase], operandSegments: [1, 1, 0, 0], loc });
  rw.create({ name: InvalBarrierOp.opName, operands: [barrier], loc });
  replaceWithLocalLoad(rw, op.result(0), buffer, loc);
  rw.eraseOp(op);
}

const LOAD: RewritePattern = {
  name: 'TMALoadLowering',
  rootName: DescriptorLoadOp.opName,
  matchAndRewrite(op, rw) {
    lowerLoad(op, rw, DescriptorLoadOp.desc(op), (desc, barrier, buffer, pred) => {
      const indices = translateIndices(rw, op, desc, DescriptorLoadOp.indices(op));
      rw.create({ name: AsyncTMACopyGlobalToLocalOp.opName, operands: [desc, ...indices, barrier, buffer, pred], operandSegments: [1, indices.length, 1, 1, 1], loc: op.loc });
    });
    return true;
  },
};

const GATHER: RewritePattern = {
  name: 'TMAGatherLowering',
  rootName: DescriptorGatherOp.opName,
  matchAndRewrite(op, rw) {
    lowerLoad(op, rw, DescriptorGatherOp.desc(op), (desc, barrier, buffer, pred) => {
      rw.create({ name: AsyncTMAGatherOp.opName, operands: [desc, DescriptorGatherOp.x_offsets(op), DescriptorGatherOp.y_offset(op), barrier, buffer, pred], loc: op.loc });
    });
    return true;
  },
};

/** translateTMAIndices: an fp4-padded descriptor counts the innermost index in bytes of two elements. */
function translateIndices(rw: PatternRewriter, op: Operation, desc: Value, indices: readonly Value[]): Value[] {
  const enc = (desc.type as TensorDescType).blockType.encoding;
  if (!(enc instanceof NVMMASharedEncodingAttr) || !enc.fp4Padded || indices.length === 0) return [...indices];
  const out = [...indices];
  const two = constant(rw, op, i32, 2);
  out[out.length - 1] = rw.create({ name: MulIOp.opName, operands: [out[out.length - 1]!, two], resultTypes: [i32], loc: op.loc }).result(0);
  return out;
}

/** lowerTMAStore: the source copied to an immutable shared buffer, a proxy fence, the copy `emit` creates, a wait. */
function lowerStore(op: Operation, rw: PatternRewriter, desc: Value, src: Value, emit: (desc: Value, buffer: Value) => void): void {
  const tensor = src.type as RankedTensorType;
  const enc = encodingFromDescriptor(op, tensor, desc);
  const loc = op.loc;
  const buffer = rw
    .create({ name: LocalAllocOp.opName, operands: [src], resultTypes: [MemDescType.get({ shape: tensor.shape, elementType: tensor.elementType, encoding: enc, mutableMemory: false })], loc })
    .result(0);
  rw.create({ name: FenceAsyncSharedOp.opName, attributes: [['bCluster', IntegerAttr.bool(false)]], loc });
  emit(desc, buffer);
  rw.create({ name: TMAStoreWaitOp.opName, attributes: [['pendings', IntegerAttr.i32(0)]], loc });
  rw.eraseOp(op);
}

const STORE: RewritePattern = {
  name: 'TMAStoreLowering',
  rootName: DescriptorStoreOp.opName,
  matchAndRewrite(op, rw) {
    lowerStore(op, rw, DescriptorStoreOp.desc(op), DescriptorStoreOp.src(op), (desc, buffer) => {
      const indices = translateIndices(rw, op, desc, DescriptorStoreOp.indices(op));
      rw.create({ name: AsyncTMACopyLocalToGlobalOp.opName, operands: [desc, ...indices, buffer], operandSegments: [1, indices.length, 1], loc: op.loc });
    });
    return true;
  },
};

const REDUCE: RewritePattern = {
  name: 'TMAReduceLowering',
  rootName: DescriptorReduceOp.opName,
  matchAndRewrite(op, rw) {
    lowerStore(op, rw, DescriptorReduceOp.desc(op), DescriptorReduceOp.src(op), (desc, buffer) => {
      const indices = translateIndices(rw, op, desc, DescriptorReduceOp.indices(op));
      rw.create({ name: AsyncTMAReduceOp.opName, operands: [desc, ...indices, buffer], operandSegments: [1, indices.length, 1], attributes: [['kind', DescriptorReduceOp.kind(op)]], loc: op.loc });
    });
    return true;
  },
};

const SCATTER: RewritePattern = {
  name: 'TMAScatterLowering',
  rootName: DescriptorScatterOp.opName,
  matchAndRewrite(op, rw) {
    lowerStore(op, rw, DescriptorScatterOp.desc(op), DescriptorScatterOp.src(op), (desc, buffer) => {
      rw.create({ name: AsyncTMAScatterOp.opName, operands: [desc, DescriptorScatterOp.x_offsets(op), DescriptorScatterOp.y_offset(op), buffer], loc: op.loc });
    });
    return true;
  },
};

/** TMA element type codes (CUtensorMapDataType). */
function tmaElementType(op: Operation, t: Type, fp4Padded: boolean): number {
  if (fp4Padded) return 14;
  if (t instanceof FloatType) {
    if (t.kind === 'bf16') return 10;
    if (t.kind === 'f16') return 6;
    if (t.kind === 'f32') return 7;
    if (t.kind === 'f64') return 9;
  }
  const size = Math.trunc(elementBitWidth(t) / 8);
  const signed = t instanceof IntegerType && t.signedness === 'signed';
  if (size === 1) return 0;
  if (size === 2) return 1;
  if (size === 4) return signed ? 3 : 2;
  if (size === 8) return signed ? 5 : 4;
  return fail(op, `Tensor descriptor element type must have size 1, 2, or 4 but got ${size}`);
}

const CREATE_DESC: RewritePattern = {
  name: 'TMACreateDescLowering',
  rootName: MakeTensorDescOp.opName,
  matchAndRewrite(op, rw) {
    const loc = op.loc;
    const descTy = op.result(0).type as TensorDescType;
    const enc = descTy.blockType.encoding;
    if (!(enc instanceof NVMMASharedEncodingAttr)) {
      const ok = enc instanceof SwizzledSharedEncodingAttr && enc.vec === 1 && enc.perPhase === 1 && enc.maxPhase === 1;
      return fail(op, ok ? 'swizzled tensor descriptors (triton-nvidia-tma-lowering) are not supported yet' : 'Unhandled encoding type');
    }
    const scratch = rw
      .create({
        name: GlobalScratchAllocOp.opName,
        resultTypes: [PointerType.get(IntegerType.get(8), 1)],
        attributes: [
          ['nbytes', IntegerAttr.i32(TMA_SIZE_BYTES)],
          ['alignment', IntegerAttr.i32(TMA_ALIGN)],
        ],
        loc,
      })
      .result(0);
    const base = MakeTensorDescOp.base(op);
    const elemType = (base.type as PointerType).pointee;
    const elemSize = Math.trunc(elementBitWidth(elemType) / 8);
    const perCTA = getShapePerCTA(enc, descTy.blockType.shape);
    const block = tmaBlockShape(enc, perCTA, false);
    const contig = block[block.length - 1]!;
    if (enc.fp4Padded && contig !== 128) fail(op, 'FP4 padded loads require 128 elements or more in the last dim');
    const boxDim = [constant(rw, op, i32, contig)];
    for (let k = perCTA.length - 2; k >= 0; k--) boxDim.push(constant(rw, op, i32, block[k]!));
    const swizzleMode = { 128: 3, 64: 2, 32: 1 }[enc.swizzlingByteWidth] ?? 0;
    const elemSizeVal = constant(rw, op, i64, elemSize);
    const globalDim = [...MakeTensorDescOp.shape(op)].reverse();
    const strides = MakeTensorDescOp.strides(op);
    let globalStride: Value[] = [];
    for (let k = strides.length - 2; k >= 0; k--) globalStride.push(strides[k]!);
    if (enc.fp4Padded) globalDim[0] = rw.create({ name: MulIOp.opName, operands: [globalDim[0]!, constant(rw, op, i32, 2)], resultTypes: [i32], loc }).result(0);
    const elementStride = globalDim.map(() => constant(rw, op, i32, 1));
    globalStride = globalStride.map((s) => rw.create({ name: MulIOp.opName, operands: [s, elemSizeVal], resultTypes: [i64], loc }).result(0));
    // PaddingOption: 1 zero (the default), 2 nan
    const fillMode = MakeTensorDescOp.padding(op).num === 2 ? 1 : 0;
    rw.create({
      name: TensormapCreateOp.opName,
      operands: [scratch, base, ...boxDim, ...globalDim, ...globalStride, ...elementStride],
      operandSegments: [1, 1, boxDim.length, globalDim.length, globalStride.length, elementStride.length],
      attributes: [
        ['elem_type', IntegerAttr.i32(tmaElementType(op, descTy.blockType.elementType, enc.fp4Padded))],
        ['interleave_layout', IntegerAttr.i32(0)],
        ['swizzle_mode', IntegerAttr.i32(swizzleMode)],
        ['fill_mode', IntegerAttr.i32(fillMode)],
      ],
      loc,
    });
    rw.create({ name: TensormapFenceproxyAcquireOp.opName, operands: [scratch], loc });
    const desc = rw.create({ name: ReinterpretTensorDescOp.opName, operands: [scratch], resultTypes: [descTy], loc });
    rw.replaceOp(op, desc.results);
    return true;
  },
};

export function lowerTma(mod: Operation): void {
  applyPatternsGreedily(mod, [LOAD, GATHER, STORE, SCATTER, REDUCE, CREATE_DESC]);
}

registerPass({
  name: 'triton-nvidia-tma-lowering',
  className: 'TritonNvidiaGPUTMALoweringPass',
  description: 'lower to TMA load/store operations',
  run(mod) {
    lowerTma(mod);
  },
});
