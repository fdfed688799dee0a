/**
 * `tt.gather` → LLVM (Triton 3.6's GatherOpToLLVM).
 *
 * out[I] = src[I with I[axis] replaced by indices[I]].
 *
 * - Warp-local gather (GatherLoweringHelper::isWarpLocal: moving along the gather axis never changes the warp,
 *   and source and index columns sit on the same warps and lanes): for each index register, the column it
 *   reads is known from the index layout, the (lane, register) of the wanted source element comes from the
 *   inverse source layout applied to (column, index value); the source registers of that column are each
 *   fetched with one `shfl.idx` from that lane and the right one is selected by register number.
 * - Otherwise through shared memory: every thread stores its source registers in the scratch buffer (dim 0
 *   fastest, as Triton linearizes), a barrier, then each output register loads `src[I_gather]`.
 */
import type { Value } from '../dialect/ir/ir.js';
import { IntegerType, RankedTensorType } from '../dialect/ir/type.js';
import { gatherIsWarpLocal } from '../analysis/allocation.js';
import { registerLowering } from './conversion.js';
import { applyLinearLayout, BLOCK, emitIndices, LANE, REGISTER, tensorLayout, WARP } from './layout-indices.js';
import { shuffle } from './reduce-scan-common.js';
import { convertElementType } from './type-converter.js';
import type { LLVMBuilder } from './builder.js';
import { GatherOp } from '../dialect/tt/ops.js';

/** The gather index as i32 (wider indices are truncated, narrower ones zero-extended, as Triton does). */
function indexToI32(b: LLVMBuilder, v: Value): Value {
  const t = v.type as IntegerType;
  if (t.width > 32) return b.trunc(v, IntegerType.get(32));
  if (t.width < 32) return b.zext(v, IntegerType.get(32));
  return v;
}

registerLowering(GatherOp, (op, ctx) => {
  const b = ctx.b;
  const axis = GatherOp.axis(op).num;
  const srcT = GatherOp.src(op).type;
  const idxT = GatherOp.indices(op).type;
  const dstT = op.result(0).type;
  if (!(srcT instanceof RankedTensorType) || !(idxT instanceof RankedTensorType) || !(dstT instanceof RankedTensorType) || !srcT.encoding || !idxT.encoding || !dstT.encoding) {
    return 'tt.gather on tensors without encodings';
  }
  const srcVals = ctx.lowered(GatherOp.src);
  const rank = srcT.rank;
  const dims = Array.from({ length: rank }, (_, d) => `dim${d}`);
  const gatherDim = dims[axis]!;
  const otherDims = dims.filter((d) => d !== gatherDim);
  const srcLL = tensorLayout(srcT);
  const idxLL = tensorLayout(idxT);
  for (const ll of [srcLL, idxLL]) {
    if (ll.hasInDim(BLOCK) && !ll.sublayoutIsZero([BLOCK], ll.getOutDimNames())) ctx.error('tt.gather across CTAs is not supported');
  }

  if (gatherIsWarpLocal(op)) {
    const [lane, warp] = ctx.laneWarp();
    const inv = srcLL.pseudoinvert();
    if (!inv.sublayoutIsZero([gatherDim], [WARP, BLOCK].filter((d) => inv.hasOutDim(d)))) ctx.error('tt.gather: expected a warp-local gather');
    const invLaneReg = inv.sublayout(dims, [LANE, REGISTER]);
    const idxCol = idxLL.sublayout(idxLL.getInDimNames(), otherDims);
    const regMap = inv.sublayout(dims, [REGISTER]).removeZeroBasesAlongDim(gatherDim);
    const perColumn = regMap.getInDimSize(gatherDim);
    const colPart = regMap.sublayout(otherDims, [REGISTER]);
    const restPart = regMap.sublayout([gatherDim], [REGISTER]);
    const idxRegToCol = idxLL.sublayout([REGISTER], otherDims);
    const idxVals = ctx.lowered(GatherOp.indices);
    const results = idxVals.map((idxVal, idxReg) => {
      // The column (other coordinates) of this index register in this thread.
      const col = applyLinearLayout(
        b,
        idxCol,
        idxCol.getInDimNames().map((d): [string, Value] => [d, d === LANE ? lane : d === WARP ? warp : d === REGISTER ? b.i32(idxReg) : b.i32(0)]),
      );
      const colOf = new Map(col);
      colOf.set(gatherDim, indexToI32(b, idxVal));
      // (register, lane) of the wanted source element; inputs in the layout's in-dim order.
      const laneReg = new Map(
        applyLinearLayout(
          b,
          invLaneReg,
          invLaneReg.getInDimNames().map((d): [string, Value] => [d, colOf.get(d)!]),
        ),
      );
      const srcLane = laneReg.get(LANE)!;
      const srcReg = laneReg.get(REGISTER)!;
      const normCol = idxRegToCol.apply([[REGISTER, idxReg]]);
      const base = colPart.apply(normCol)[0]![1];
      let result = b.undef(srcVals[0]!.type);
      for (let i = 0; i < perColumn; i++) {
        const reg = base ^ restPart.apply([[gatherDim, i]])[0]![1];
        const v = shuffle(b, 'idx', srcVals[reg]!, srcLane);
        result = b.select(b.icmp('eq', b.i32(reg), srcReg), v, result);
      }
      return result;
    });
    ctx.replaceWith(results);
    return;
  }

  // Through shared memory: the source tensor in the scratch buffer with dim 0 fastest (Triton's linearize of
  // the coordinates over the shape: ((x[n-1] * s[n-2] + x[n-2]) * s[n-3] + ...) + x[0]).
  const elemTy = convertElementType(srcT.elementType);
  const base = ctx.sharedMemoryBase(op);
  const linear = (coords: readonly Value[]): Value => {
    let acc = coords[rank - 1]!;
    for (let d = rank - 2; d >= 0; d--) acc = b.add(b.mul(acc, b.i32(srcT.shape[d]!)), coords[d]!);
    return acc;
  };
  const srcIdx = emitIndices(ctx, srcT);
  srcVals.forEach((v, r) => b.store(v, b.gep(base, elemTy, linear(srcIdx[r]!))));
  b.barrier();
  // (The index registers are unpacked after the barrier, as Triton does.)
  const idxVals = ctx.lowered(GatherOp.indices);
  const dstIdx = emitIndices(ctx, dstT);
  const results = idxVals.map((idxVal, r) => {
    const coords = [...dstIdx[r]!];
    coords[axis] = indexToI32(b, idxVal);
    return b.load(b.gep(base, elemTy, linear(coords)), elemTy);
  });
  ctx.replaceWith(results);
});
