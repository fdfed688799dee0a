/**
 * Ops that only move registers around (Triton's ViewOpToLLVM and MakeRangeOpToLLVM): splat, broadcast, expand_dims,
 * trans, reshape, join, split, make_range, addptr, and arith.constant of tensors.
 *
 * Register i of a tensor holds the element at L(i, lane, warp, block) of its linear layout L, so a view whose result
 * layout is a relabelling of the source layout's outputs (trans, reshape) keeps the registers as they are, and ops
 * that change the shape (broadcast, expand_dims) pick, for each result register, the source register whose
 * compile-time coordinates L(r, 0, 0, 0) match.
 */
import { DenseArrayAttr, DenseElementsAttr, FloatAttr, IntegerAttr } from '../dialect/ir/attribute.js';
import type { Value } from '../dialect/ir/ir.js';
import { FloatType, IndexType, IntegerType, RankedTensorType, type Type } from '../dialect/ir/type.js';
import { PointerType } from '../dialect/tt/types.js';
import { registerLowering, type LoweringContext } from './conversion.js';
import { emitIndices, registerOffsets, tensorLayout } from './layout-indices.js';
import { convertElementType, numLoweredValues } from './type-converter.js';
import { BroadcastOp, ExpandDimsOp, ReshapeOp, SplatOp, TransOp } from '../dialect/tt/ops.js';
import { ConstantOp } from '../dialect/arith/ops.js';
import { AddPtrOp, CatOp, JoinOp, MakeRangeOp, SplitOp } from '../dialect/tt/ops.js';

function tensorType(v: Value): RankedTensorType {
  const t = v.type;
  if (!(t instanceof RankedTensorType)) throw new Error(`expected a tensor, got ${t.key}`);
  return t;
}

function replicate(v: Value, n: number): Value[] {
  return new Array<Value>(n).fill(v);
}

registerLowering(SplatOp, (op, ctx) => {
  const t = tensorType(SplatOp.result(op));
  ctx.replaceWith(replicate(ctx.scalar(SplatOp.src), numLoweredValues(t)));
});

/** For each result register, the source register with the same coordinates (dims in `ignore` not compared). */
function registerMap(ctx: LoweringContext, src: RankedTensorType, dst: RankedTensorType, dstToSrcDims: (coords: number[]) => number[]): number[] {
  const srcOff = registerOffsets(tensorLayout(src));
  const dstOff = registerOffsets(tensorLayout(dst));
  const index = new Map<string, number>();
  srcOff.forEach((c, i) => {
    const k = c.join(',');
    if (!index.has(k)) index.set(k, i);
  });
  return dstOff.map((c) => {
    const k = dstToSrcDims(c).join(',');
    const i = index.get(k);
    if (i === undefined) ctx.error(`no source register holds the element at (${c.join(', ')})`);
    return i;
  });
}

registerLowering(BroadcastOp, (op, ctx) => {
  const src = tensorType(BroadcastOp.src(op));
  const dst = tensorType(BroadcastOp.result(op));
  const vals = ctx.lowered(BroadcastOp.src);
  const map = registerMap(ctx, src, dst, (c) => c.map((x, d) => (src.shape[d] === 1 ? 0 : x)));
  ctx.replaceWith(map.map((i) => vals[i]!));
});

registerLowering(ExpandDimsOp, (op, ctx) => {
  const src = tensorType(ExpandDimsOp.src(op));
  const dst = tensorType(ExpandDimsOp.result(op));
  const axis = ExpandDimsOp.axis(op).num;
  const vals = ctx.lowered(ExpandDimsOp.src);
  const map = registerMap(ctx, src, dst, (c) => c.filter((_, d) => d !== axis));
  ctx.replaceWith(map.map((i) => vals[i]!));
});

// Register-preserving views: the result layout is the source layout with relabelled outputs.
registerLowering([TransOp, ReshapeOp], (op, ctx) => {
  const vals = ctx.lowered(TransOp.is(op) ? TransOp.src : ReshapeOp.src);
  const n = numLoweredValues(op.result().type);
  if (n !== vals.length) return `register count changes (${vals.length} -> ${n})`;
  ctx.replaceWith(vals);
});
void DenseArrayAttr;

/**
 * The register bit that selects the joined / split (last, size-2) dim in a layout: the index of the register
 * basis moving along it. Register r of the joined tensor holds operand (r >> k) & 1 at the register index made
 * of r's other bits.
 */
function lastDimRegisterBit(ctx: LoweringContext, t: RankedTensorType): number {
  const ll = tensorLayout(t);
  const last = t.rank - 1;
  const n = ll.getInDimSizeLog2('register');
  for (let k = 0; k < n; k++) if (ll.getBasis('register', k)[last] !== 0) return k;
  return ctx.error('the joined dim is not held in registers');
}

const dropBit = (r: number, k: number): number => ((r >> (k + 1)) << k) | (r & ((1 << k) - 1));

registerLowering(JoinOp, (op, ctx) => {
  const a = ctx.lowered(JoinOp.lhs);
  const b = ctx.lowered(JoinOp.rhs);
  const dst = tensorType(op.result());
  const k = lastDimRegisterBit(ctx, dst);
  const n = numLoweredValues(dst);
  const out: Value[] = [];
  for (let r = 0; r < n; r++) out.push(((r >> k) & 1 ? b : a)[dropBit(r, k)]!);
  ctx.replaceWith(out);
});

registerLowering(SplitOp, (op, ctx) => {
  const v = ctx.lowered(SplitOp.src);
  const src = tensorType(SplitOp.src(op));
  const k = lastDimRegisterBit(ctx, src);
  const lhs: Value[] = [];
  const rhs: Value[] = [];
  v.forEach((x, r) => ((r >> k) & 1 ? rhs : lhs).push(x));
  ctx.replace([lhs, rhs]);
});

// The result layout of tt.cat puts the operand choice in its highest register bit: lhs registers, then rhs.
registerLowering(CatOp, (_op, ctx) => {
  ctx.replaceWith([...ctx.lowered(CatOp.lhs), ...ctx.lowered(CatOp.rhs)]);
});

// As Triton's MakeRangeOpConversion, op for op: the start is an index-typed constant built before the indices,
// the indices carry the CTA offset (nvg.cluster_id, folded to 0 after the conversion with one CTA), and every
// register adds the start, 0 included. The adds and the register XORs stay in the final LLVM (no folder removes
// them), and LLVM's later passes order the address arithmetic from them: eliding them moved loads in ptxas.
registerLowering(MakeRangeOp, (op, ctx) => {
  const t = tensorType(op.result());
  const b = ctx.b;
  const start = b.constant(IntegerType.get(32), IntegerAttr.get(IndexType.get(), MakeRangeOp.start(op).num));
  const idx = emitIndices(ctx, t, true);
  ctx.replaceWith(idx.map((c) => b.add(c[0]!, start)));
});

/** The LLVM element type a pointer of this Triton type points to (for GEP strides). */
export function pointeeLLVMType(ptrType: Type): Type {
  const el = ptrType instanceof RankedTensorType ? ptrType.elementType : ptrType;
  if (!(el instanceof PointerType)) throw new Error(`expected a pointer, got ${el.key}`);
  return convertElementType(el.pointee);
}

registerLowering(AddPtrOp, (op, ctx) => {
  const ptrs = ctx.lowered(AddPtrOp.ptr);
  const offs = ctx.lowered(AddPtrOp.offset);
  const elTy = pointeeLLVMType(AddPtrOp.ptr(op).type);
  const b = ctx.b;
  ctx.replaceWith(ptrs.map((p, i) => b.gep(p, elTy, offs[i]!, p.type)));
});

registerLowering(ConstantOp, (op, ctx) => {
  const value = op.getAttr('value');
  const t = op.result().type;
  const b = ctx.b;
  if (t instanceof RankedTensorType) {
    if (value instanceof DenseElementsAttr && !value.isSplat) return lowerConstantArray(ctx, t, value);
    if (!(value instanceof DenseElementsAttr)) return 'unsupported tensor constant';
    const el = convertElementType(t.elementType);
    const c = scalarConstant(ctx, el, t.elementType, value.splatValue());
    // Triton's ArithConstantSplatOpConversion bitcasts the scalar to the element type before packing.
    const v = b.op('llvm.bitcast', [c], el);
    ctx.replaceWith(replicate(v, numLoweredValues(t)));
    return;
  }
  if (value instanceof IntegerAttr) {
    ctx.replaceWith(b.int(convertElementType(value.type), value.value));
    return;
  }
  if (value instanceof FloatAttr) {
    ctx.replaceWith(scalarConstant(ctx, convertElementType(value.type), value.type, value.value));
    return;
  }
  return 'unsupported constant';
});

/**
 * Triton's ArithConstantArrayOpConversion: the i-th integer of a non-splat dense constant is register i of every
 * thread, which only makes sense when a thread holds the whole array (a located error otherwise, as Triton's).
 */
function lowerConstantArray(ctx: LoweringContext, t: RankedTensorType, value: DenseElementsAttr): string | void {
  const el = t.elementType;
  if (!(el instanceof IntegerType)) return 'non-splat floating-point tensor constants are not supported';
  if (value.values.length !== numLoweredValues(t)) return 'Right now we only support constant arrays with the same number of elements as the number of threads per warp';
  ctx.replaceWith(value.values.map((v) => ctx.b.int(el, BigInt(v as bigint | number))));
}

/** A constant of LLVM type `el` for a value of the (Triton) element type `orig`. */
function scalarConstant(ctx: LoweringContext, el: Type, orig: Type, v: bigint | number): Value {
  const b = ctx.b;
  if (el instanceof IntegerType) {
    // fp8 and friends: an i8 constant holding the float attribute (`llvm.mlir.constant(0.0 : f8E4M3FN) : i8`).
    if (orig instanceof FloatType) return b.constant(el, FloatAttr.get(orig, Number(v)));
    return b.int(el, BigInt(v));
  }
  if (el instanceof FloatType) return b.float(el, Number(v));
  return ctx.error(`unsupported constant type ${el.key}`);
}

