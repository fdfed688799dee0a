/**
 * The shared-memory encoding a pipelined load's buffer gets (Triton 3.6's getSharedEncoding): the encoding of
 * the `ttg.local_alloc` that consumes it; for TMA loads the descriptor's; else the swizzling every dot-operand
 * user agrees on (getSharedEncIfAllUsersAreDotEnc, with swizzleDotOperandLike for conversions to layouts that
 * look like an mma operand microtile); else an unswizzled layout in the tensor's order. Also the width of the
 * copy's vectors into that encoding (getCopyVecBytes).
 */
import type { Attribute } from '../../../dialect/ir/attribute.js';
import { Diagnostic, DiagnosticError, onOp } from '../../../dialect/ir/diagnostics.js';
import type { Operation, Value } from '../../../dialect/ir/ir.js';
import { FloatType, IntegerType, RankedTensorType, type Type } from '../../../dialect/ir/type.js';
import { divideLeft } from '../../../dialect/linear-layout/linear-layout.js';
import { DotOperandEncodingAttr, LinearEncodingAttr, type Bases } from '../../../dialect/ttg/attrs/index.js';
import { SwizzledSharedEncodingAttr } from '../../../dialect/ttg/attrs/shared.js';
import { getCGALayout, getContigPerThread, getOrder, getOrderForDotOperand, getOrderForMemory, getThreadOrder } from '../../../dialect/ttg/layout-queries.js';
import { nvidiaMmaTile } from '../../../dialect/ttg/linear/distributed.js';
import { toLinearLayout } from '../../../dialect/ttg/to-linear-layout.js';
import { MemDescType } from '../../../dialect/ttg/types.js';
import { PointerType, TensorDescType } from '../../../dialect/tt/types.js';
import { shapePerCTAFromCGA } from '../../../dialect/ttg/utils/layout.js';
import { swizzledSharedForDotOperand } from '../../../dialect/ttg/utils/mma-utils.js';
import { DescriptorGatherOp, DescriptorLoadOp } from '../../../dialect/tt/ops.js';
import { encodingForShape } from '../../nvidia/tma-encodings.js';
import { ConvertLayoutOp, LocalAllocOp, LocalLoadOp } from '../../../dialect/ttg/ops.js';

export function bitWidth(t: Type): number {
  if (t instanceof IntegerType) return t.width;
  if (t instanceof FloatType) return t.width;
  if (t instanceof PointerType) return 64;
  return 32;
}

/** SwizzledSharedEncodingAttr::get(opIdx, kWidth, shape, order, CGA, bitwidth): an mma operand's swizzling. */
function swizzledForMmaOperand(opIdx: number, kWidth: number, shape: readonly number[], order: readonly number[], cga: Bases, bits: number): SwizzledSharedEncodingAttr {
  const K = shapePerCTAFromCGA(cga, shape)[order[0]!]!;
  const perPhase = Math.max(Math.trunc(1024 / (bits * K)), 1);
  let mmaStride = 8;
  let vec = 4 * kWidth;
  const rank = order.length;
  const kDim = opIdx === 0 ? rank - 1 : rank - 2;
  if (order[0] !== kDim) [vec, mmaStride] = [mmaStride, vec];
  let maxPhase = Math.max(Math.min(mmaStride, Math.trunc(1024 / (vec * bits))), 1);
  maxPhase = Math.max(Math.trunc(maxPhase / perPhase), 1);
  return SwizzledSharedEncodingAttr.get({ vec, perPhase, maxPhase, order, cgaLayout: cga });
}

/** swizzleDotOperandLike: a layout whose thread order and registers tile like an mma operand microtile. */
function swizzleDotOperandLike(t: RankedTensorType, cga: Bases): SwizzledSharedEncodingAttr | undefined {
  const order = getThreadOrder(t.encoding!, t.shape);
  const rank = order.length;
  if (rank < 2) return undefined;
  const same = (a: readonly number[], b: readonly number[]): boolean => a.length === b.length && a.every((x, i) => x === b[i]);
  let opIdx: number;
  if (same(getOrderForDotOperand(0, rank, true), order)) opIdx = 0;
  else if (same(getOrderForDotOperand(1, rank, true), order)) opIdx = 1;
  else return undefined;
  const kWidth = getContigPerThread(t.encoding!, t.shape)[order[0]!]!;
  const micro = new Array<number>(rank).fill(1);
  micro[order[0]!] = 4 * kWidth;
  micro[order[1]!] = 8;
  const repOrder = [...Array(rank).keys()];
  const tile = nvidiaMmaTile(micro, kWidth, order, repOrder).toLinearLayout();
  if (!divideLeft(toLinearLayout(t.shape, t.encoding!), tile)) return undefined;
  return swizzledForMmaOperand(opIdx, kWidth, t.shape, order, cga, bitWidth(t.elementType));
}

/** getSharedEncIfAllUsersAreDotEnc: the swizzled encoding every dot-operand user agrees on, if any. */
function sharedEncIfAllUsersAreDotEnc(v: Value): SwizzledSharedEncodingAttr | undefined {
  let attr: SwizzledSharedEncodingAttr | undefined;
  for (const use of v.uses) {
    const user = use.owner;
    let temp: SwizzledSharedEncodingAttr | undefined;
    if (user.results.length !== 1) return undefined;
    const rt = user.result(0).type;
    if (rt instanceof MemDescType) {
      if (!(rt.encoding instanceof SwizzledSharedEncodingAttr)) return undefined;
      temp = rt.encoding;
      if (!sharedEncIfAllUsersAreDotEnc(user.result(0))) return undefined;
    } else {
      if (!LocalLoadOp.is(user) && !ConvertLayoutOp.is(user)) return undefined;
      const src = v.type as RankedTensorType | MemDescType;
      const dst = rt as RankedTensorType;
      const isLinear = dst.encoding instanceof LinearEncodingAttr;
      const cga = getCGALayout(isLinear && src instanceof RankedTensorType ? src.encoding! : dst.encoding!);
      if (dst.encoding instanceof DotOperandEncodingAttr) {
        const order = src instanceof RankedTensorType ? getOrderForMemory(src.encoding!, src.shape) : [...((src.encoding as SwizzledSharedEncodingAttr).order ?? [])];
        temp = swizzledSharedForDotOperand(dst.encoding, src.shape, order, cga, bitWidth(src.elementType), false);
      } else {
        temp = swizzleDotOperandLike(dst, cga);
      }
      if (!temp) return undefined;
    }
    if (attr && attr !== temp) return undefined;
    attr = temp;
  }
  return attr;
}

export function sharedEncodingOf(op: Operation, diags?: { emitRemark(op: Operation, message: string): void }): Attribute {
  let allocEnc: Attribute | undefined;
  for (const user of op.result(0).users) {
    if (!LocalAllocOp.is(user)) continue;
    const enc = (user.result(0).type as MemDescType).encoding;
    if (!allocEnc) allocEnc = enc;
    if (enc !== allocEnc) diags?.emitRemark(op, 'Pipelining load with different use encodings. This will lead to layout conversions and performance degradation.');
  }
  const ty = op.result(0).type as RankedTensorType;
  if (DescriptorLoadOp.is(op) || DescriptorGatherOp.is(op)) {
    const desc = DescriptorLoadOp.is(op) ? DescriptorLoadOp.desc(op) : DescriptorGatherOp.desc(op);
    const enc = (desc.type as TensorDescType).blockType.encoding;
    if (!enc) throw new DiagnosticError(onOp(new Diagnostic('error', 'Internal Error: Tensor descriptor should have encoding set', op.loc), op));
    return descriptorEncodingForShape(op, enc, desc.type as TensorDescType, ty);
  }
  if (allocEnc) return allocEnc;
  const dotEnc = sharedEncIfAllUsersAreDotEnc(op.result(0));
  if (dotEnc) return dotEnc;
  return SwizzledSharedEncodingAttr.get({ vec: 1, perPhase: 1, maxPhase: 1, order: getOrder(ty.encoding!, ty.shape), cgaLayout: getCGALayout(ty.encoding!) });
}

/** getEncodingFromDescriptor: the block's encoding, re-ranked for a load of another shape (rank-reducing loads). */
export function descriptorEncodingForShape(op: Operation, enc: Attribute, desc: TensorDescType, ty: RankedTensorType): Attribute {
  if (desc.blockType.shape.join() === ty.shape.join()) return enc;
  return encodingForShape(op, enc, ty.shape);
}

export function copyVecBytes(ty: RankedTensorType, shared: Attribute): number {
  const reg = toLinearLayout(ty.shape, ty.encoding!);
  const smem = toLinearLayout(ty.shape, shared);
  return (reg.invertAndCompose(smem).getNumConsecutiveInOut() * bitWidth(ty.elementType)) / 8;
}

