/**
 * `--tritongpu-optimize-thread-locality`: reproduces Triton 3.6's TritonGPUOptimizeThreadLocality. First, greedily
 * (MLIR's default driver): OptimizeReshapeLayoutPattern gives an `allow_reorder` reshape feeding reductions along
 * one axis the blocked layout `BlockedEncodingAttr::get(shape, sizePerThread = 1s, order with the reduction axis
 * last, numWarps, threadsPerWarp, numCTAs)` (marked `efficient_layout`, converted back to the old type) unless the
 * old layout already keeps the axis in one thread or the reshape would move data; OptimizeGatherLayoutPattern puts
 * a `tt.gather` of rank > 1 in a warp-local blocked layout (lanes first along the gather axis, up to its size, the
 * rest of the lanes and the warps spread over the other dims in the source's thread/warp order, leftovers
 * broadcast along the axis, sizePerThread[axis] = srcDim / lanes on it), converting source, indices and result
 * (3.6 predates later versions' i64 -> i32 narrowing of the indices and their max(srcDim, idxDim) sizing).
 * Then the reduce-in-loop accumulation rewrite: a float reduce (addf/mulf/maximumf/maxnumf/minimumf/minnumf
 * combiner) over the innermost dim of a blocked tensor of loads, holding more than one element per thread along
 * that dim, whose single user `acc' = op(acc, reduce)` is yielded into an accumulator initialised by a constant,
 * accumulates per-thread partials instead: the operand is reshaped (`allow_reorder efficient_layout`) to
 * `[..., N / e, e]` (e = elements per thread on the axis) in the blocked layout with the per-thread run moved to
 * a new fastest dim, reduced along it, accumulated in a new iter_arg seeded with the combiner's neutral element
 * (MLIR's getNeutralElement; ∓inf for maxnumf/minnumf), reduced along the original axis after the loop, converted
 * back to the accumulator's layout and combined with the original initial value. Triton keeps its candidates in a
 * DenseSet (pointer order); here they are processed in IR walk order, which is deterministic. Candidates on which
 * Triton 3.6 would hit an assertion (an update that is not a two-operand op of the loop-carried argument, a loop
 * result without exactly one use) are left unchanged.
 */
import { DenseElementsAttr, IntegerAttr, UnitAttr } from '../dialect/ir/attribute.js';
import { Builder, IRMapping } from '../dialect/ir/builder.js';
import { createOperation } from '../dialect/ir/create.js';
import { BlockArgument, type Operation, type Value } from '../dialect/ir/ir.js';
import type { PatternRewriter } from '../dialect/ir/rewriter.js';
import { FLOAT_KINDS, FloatType, IntegerType, RankedTensorType, type Type } from '../dialect/ir/type.js';
import { AddFOp, ConstantOp, MaxNumFOp, MaximumFOp, MinNumFOp, MinimumFOp, MulFOp } from '../dialect/arith/ops.js';
import { isAnyOf } from '../dialect/ir/op-handle.js';
import { BinaryOperands } from '../dialect/ir/operand-traits.js';
import { BlockedEncodingAttr, DistributedEncodingAttr, SliceEncodingAttr } from '../dialect/ttg/attrs/index.js';
import { cgaCTAsPerCGA } from '../dialect/ttg/attrs/cga.js';
import { getCGALayout, getElemsPerThread, getOrder, getThreadOrder, getWarpOrder } from '../dialect/ttg/layout-queries.js';
import { GatherOp, LoadOp, ReduceOp, ReshapeOp, inferReduceTypes } from '../dialect/tt/ops.js';
import { registerPass } from './pass.js';
import { requireTritonGpuIR } from './preconditions.js';
import { applyPatternsGreedily } from '../dialect/ir/rewrite/greedy.js';
import type { RewritePattern } from '../dialect/ir/rewrite/pattern.js';
import { isExpensiveView } from '../dialect/ttg/utils/layout-utils.js';
import { blockedFromShapeNumCTAs } from '../dialect/ttg/utils/layout.js';
import { lookupNumCTAs, lookupNumWarps, lookupThreadsPerWarp } from '../dialect/ttg/context.js';
import { ForOp, YieldOp } from '../dialect/scf/ops.js';
import { ConvertLayoutOp } from '../dialect/ttg/ops.js';

const i32 = (): IntegerType => IntegerType.get(32);

function tensorOf(t: Type): RankedTensorType | undefined {
  return t instanceof RankedTensorType ? t : undefined;
}

// ---------------------------------------------------------------------------------------------------
// OptimizeReshapeLayoutPattern

const optimizeReshapeLayout: RewritePattern = {
  rootName: ReshapeOp.opName,
  name: 'OptimizeReshapeLayoutPattern',
  benefit: 1,
  matchAndRewrite(viewOp, rewriter) {
    if (!ReshapeOp.allow_reorder(viewOp)) return false;
    const result = viewOp.result(0);
    let axis: number | undefined;
    for (const user of result.users) {
      if (!ReduceOp.is(user)) continue;
      const a = Number(ReduceOp.axis(user).value);
      if (axis === undefined) axis = a;
      else if (axis !== a) return false;
    }
    if (axis === undefined) return false;
    const tensorType = tensorOf(result.type);
    const enc = tensorType?.encoding;
    if (!tensorType || !(enc instanceof DistributedEncodingAttr)) return false;
    const shape = tensorType.shape;
    if (enc instanceof BlockedEncodingAttr) {
      // All the elements along the reduction axis already live in one thread.
      const ctas = cgaCTAsPerCGA(enc.cgaLayout, shape.length);
      if (enc.threadsPerWarp[axis] === 1 && enc.warpsPerCTA[axis] === 1 && ctas[axis] === 1) return false;
    }
    // The reduction axis becomes the slowest dim so that threads are not spread along it.
    const order = [...getOrder(enc, shape).filter((d) => d !== axis), axis];
    const encoding = blockedFromShapeNumCTAs(
      shape,
      new Array<number>(shape.length).fill(1),
      order,
      lookupNumWarps(viewOp),
      lookupThreadsPerWarp(viewOp),
      lookupNumCTAs(viewOp),
    );
    if (encoding === enc) return false;
    const newType = tensorType.withEncoding(encoding);
    const srcType = tensorOf(ReshapeOp.src(viewOp).type);
    if (!srcType || isExpensiveView(srcType, newType)) return false;
    rewriter.setInsertionPointAfter(viewOp);
    rewriter.modifyOpInPlace(viewOp, () => {
      result.type = newType;
      viewOp.setAttr('efficient_layout', UnitAttr.get());
    });
    const cvt = rewriter.create({ name: ConvertLayoutOp.opName, operands: [result], resultTypes: [tensorType], loc: viewOp.loc });
    rewriter.replaceAllUsesExcept(result, cvt.result(0), cvt);
    return true;
  },
};

// ---------------------------------------------------------------------------------------------------
// OptimizeGatherLayoutPattern

/** Triton's setOptimizedGatherLayout: a warp-local layout for the source and indices of `op`. */
function setOptimizedGatherLayout(op: Operation, b: PatternRewriter): boolean {
  const srcType = tensorOf(GatherOp.src(op).type);
  const idxType = tensorOf(GatherOp.indices(op).type);
  if (!srcType || !idxType || !srcType.encoding) return false;
  const srcEnc = srcType.encoding;
  const numThreadsPerWarp = lookupThreadsPerWarp(op);
  const numWarps = lookupNumWarps(op);
  const axis = Number(GatherOp.axis(op).value);
  const rank = srcType.rank;
  if (rank === 1) return false;
  const dims = srcType.shape;
  const threadsPerWarp = new Array<number>(rank).fill(0);
  const warpsPerCTA = new Array<number>(rank).fill(0);
  const order = [axis];

  // As many lanes along the gather axis as it has elements, the remaining lanes spread in thread order.
  threadsPerWarp[axis] = Math.min(dims[axis]!, numThreadsPerWarp);
  let threadsToAlloc = Math.trunc(numThreadsPerWarp / threadsPerWarp[axis]!);
  for (const dim of getThreadOrder(srcEnc, dims)) {
    if (dim === axis) continue;
    order.push(dim);
    const next = Math.min(dims[dim]!, threadsToAlloc);
    threadsPerWarp[dim] = next;
    threadsToAlloc = Math.trunc(threadsToAlloc / next);
  }
  if (threadsPerWarp.some((c) => c === 0)) return false;

  // One warp along the gather axis; the warps spread in warp order as far as the other dims hold them.
  warpsPerCTA[axis] = 1;
  let warpsToAlloc = numWarps;
  for (const dim of getWarpOrder(srcEnc, dims)) {
    if (dim === axis) continue;
    const warpsCanFit = Math.trunc(dims[dim]! / threadsPerWarp[dim]!);
    if (warpsCanFit === 0) return false;
    const next = Math.min(warpsCanFit, warpsToAlloc);
    warpsPerCTA[dim] = next;
    warpsToAlloc = Math.trunc(warpsToAlloc / next);
  }
  if (warpsPerCTA.some((c) => c === 0)) return false;

  const sizePerThread = new Array<number>(rank).fill(1);
  sizePerThread[axis] = Math.trunc(dims[axis]! / threadsPerWarp[axis]!);
  // Leftover lanes and warps broadcast along the gather axis.
  threadsPerWarp[axis]! *= threadsToAlloc;
  warpsPerCTA[axis]! *= warpsToAlloc;

  const newLayout = BlockedEncodingAttr.get({ sizePerThread, threadsPerWarp, warpsPerCTA, order, cgaLayout: getCGALayout(srcEnc) });
  const loc = op.loc;
  const cvtSrc = b.create({ name: ConvertLayoutOp.opName, operands: [GatherOp.src(op)], resultTypes: [srcType.withEncoding(newLayout)], loc });
  const cvtIdx = b.create({ name: ConvertLayoutOp.opName, operands: [GatherOp.indices(op)], resultTypes: [idxType.withEncoding(newLayout)], loc });
  b.setInsertionPointAfter(op);
  const resType = op.result(0).type as RankedTensorType;
  const cvtOut = b.create({ name: ConvertLayoutOp.opName, operands: [op.result(0)], resultTypes: [resType], loc });
  b.replaceAllUsesExcept(op.result(0), cvtOut.result(0), cvtOut);
  b.modifyOpInPlace(op, () => {
    op.setOperand(0, cvtSrc.result(0));
    op.setOperand(1, cvtIdx.result(0));
    op.result(0).type = resType.withEncoding(newLayout);
    op.setAttr('efficient_layout', UnitAttr.get());
  });
  return true;
}

const optimizeGatherLayout: RewritePattern = {
  rootName: GatherOp.opName,
  name: 'OptimizeGatherLayoutPattern',
  matchAndRewrite(op, rewriter) {
    if (GatherOp.efficient_layout(op)) return false;
    return setOptimizedGatherLayout(op, rewriter);
  },
};

// ---------------------------------------------------------------------------------------------------
// Reduce-in-loop accumulation

const SUPPORTED_COMBINERS = [AddFOp, MulFOp, MaximumFOp, MaxNumFOp, MinimumFOp, MinNumFOp];

/** The single op of the reduce's combine region (besides its terminator), if that is all it holds. */
function getReductionOp(reduce: Operation): Operation | undefined {
  if (reduce.regions.length !== 1) return undefined;
  const blocks = reduce.region(0).blocks;
  if (blocks.length !== 1) return undefined;
  const ops = blocks[0]!.ops;
  if (ops.length !== 2) return undefined;
  return ops[0];
}

/** The largest finite value of a float format (IEEE formats; the FN/FNUZ fp8 variants have their own). */
function largestFinite(kind: FloatType['kind']): number {
  switch (kind) {
    case 'f8E4M3FN':
      return 448;
    case 'f8E4M3FNUZ':
      return 240;
    case 'f8E5M2FNUZ':
      return 57344;
    case 'f8E4M3B11FNUZ':
      return 30;
    default: {
      const { mantissa, exponent } = FLOAT_KINDS[kind];
      const bias = 2 ** (exponent - 1) - 1;
      return (2 - 2 ** (1 - mantissa)) * 2 ** bias;
    }
  }
}

/**
 * The combiner's neutral element: mlir::arith::getNeutralElement (+0 for addf, 1 for mulf, ∓inf for
 * maximumf/minimumf, ∓largest with the `ninf` fastmath flag), with Triton's ∓inf for maxnumf/minnumf.
 */
function getNeutralElement(op: Operation): number | undefined {
  const t = op.result(0).type;
  if (!(t instanceof FloatType)) return undefined;
  const combiner = SUPPORTED_COMBINERS.find((h) => h.is(op));
  if (!combiner) return undefined;
  const finite = combiner.fastmath(op).has('ninf');
  if (AddFOp.is(op)) return 0;
  if (MulFOp.is(op)) return 1;
  if (MaximumFOp.is(op)) return finite ? -largestFinite(t.kind) : -Infinity;
  if (MinimumFOp.is(op)) return finite ? largestFinite(t.kind) : Infinity;
  if (MaxNumFOp.is(op)) return -Infinity;
  return Infinity; // MinNumFOp
}

/** The candidate filter of Triton 3.6's walk. */
function isCandidate(reduce: Operation): boolean {
  const srcType = tensorOf(ReduceOp.srcs(reduce)[0]!.type);
  if (!srcType) return false;
  const rank = srcType.rank;
  const reductionOp = getReductionOp(reduce);
  if (!isAnyOf(reductionOp, SUPPORTED_COMBINERS)) return false;
  if (!(srcType.encoding instanceof BlockedEncodingAttr) || rank <= 1) return false;
  const axis = Number(ReduceOp.axis(reduce).value);
  if (axis !== rank - 1) return false;
  if (!reduce.operandValues.every((v) => LoadOp.is(v.definingOp))) return false;
  if (getElemsPerThread(srcType.encoding, srcType.shape)[axis] === 1) return false;
  if (!reduce.result(0).hasOneUse() || reduce.results.length !== 1) return false;
  const user = reduce.result(0).uses[0]!.owner;
  if (user.results.length !== 1 || !user.result(0).hasOneUse()) return false;
  const yieldUse = user.result(0).uses[0]!;
  if (!YieldOp.is(yieldUse.owner)) return false;
  const forOp = reduce.parentOp;
  if (!forOp || !ForOp.is(forOp)) return false;
  const argNum = yieldUse.index;
  const inits = ForOp.initArgs(forOp);
  const oldAccum = inits[argNum];
  if (!ConstantOp.is(oldAccum?.definingOp)) return false;
  // Where Triton 3.6 would assert: the update must be `op(acc, reduce)` with `acc` an iter_arg of this loop
  // whose result has exactly one use.
  if (!BinaryOperands.is(user)) return false;
  const accum = BinaryOperands.lhs(user) === reduce.result(0) ? BinaryOperands.rhs(user) : BinaryOperands.lhs(user);
  if (!(accum instanceof BlockArgument) || accum.owner !== forOp.region(0).blocks[0] || accum.index === 0) return false;
  const init = inits[accum.index - 1];
  if (!(init?.definingOp && init.type instanceof RankedTensorType)) return false;
  return forOp.result(accum.index - 1).hasOneUse();
}

/** The first source of a `tt.reduce` (whose encoding its clone's results take). */
const firstSource = (reduce: Operation): Value => ReduceOp.srcs(reduce)[0]!;

/**
 * Triton's cloneWithInferType: clones `op`; when operand types changed, its first result takes the encoding of
 * the clone's leading operand (`lead`: the first source of a reduce, the lhs of the binary update) and the rest
 * are inferred.
 */
function cloneWithInferType(b: Builder, op: Operation, mapping: IRMapping, lead: (op: Operation) => Value): Operation {
  const newOp = b.clone(op, mapping);
  const preserveTypes = op.operandValues.every((v) => !mapping.contains(v) || v.type === mapping.lookup(v)!.type);
  if (preserveTypes || newOp.results.length === 0) return newOp;
  const origType = tensorOf(op.result(0).type);
  const argType = tensorOf(lead(newOp).type);
  if (!origType || !argType) return newOp;
  newOp.result(0).type = RankedTensorType.get(origType.shape, origType.elementType, argType.encoding);
  inferResultTypesInPlace(newOp);
  return newOp;
}

/** InferTypeOpInterface::inferReturnTypes applied to `op`'s results (no-op for ops without inference). */
function inferResultTypesInPlace(op: Operation): void {
  let types: Type[] | undefined;
  const operandTypes = op.operandValues.map((v) => v.type);
  if (ReduceOp.is(op)) {
    types = inferReduceTypes(operandTypes as RankedTensorType[], Number(ReduceOp.axis(op).value));
  } else if (op.def?.inferResultTypes) {
    try {
      types = op.def.inferResultTypes(operandTypes, op.attributes);
    } catch {
      types = undefined;
    }
  } else if (op.hasTrait('SameOperandsAndResultType') && operandTypes.length) {
    types = op.results.map(() => operandTypes[0]!);
  }
  if (!types || types.length !== op.results.length) return;
  types.forEach((t, i) => (op.result(i).type = t));
}

/** Triton's replaceForOpWithNewSignature: a new loop with `newInits` appended, the old body moved into it. */
function replaceForOpWithNewSignature(loop: Operation, newInits: readonly Value[]): Operation {
  const newLoop = createOperation({
    name: ForOp.opName,
    operands: [...loop.operandValues, ...newInits],
    resultTypes: [...loop.results.map((r) => r.type), ...newInits.map((v) => v.type)],
    attributes: [...loop.attributes],
    regions: 1,
    loc: loop.loc,
  });
  loop.parent!.insertBefore(loop, newLoop);
  newLoop.region(0).takeBody(loop.region(0));
  const body = newLoop.region(0).blocks[0]!;
  for (const v of newInits) body.addArgument(v.type, v.definingOp?.loc ?? loop.loc);
  loop.results.forEach((r, i) => r.replaceAllUsesWith(newLoop.result(i)));
  return newLoop;
}

/** getThreadLocalityOptimizedEncoding: the per-thread run along the axis becomes a new fastest dim. */
function threadLocalityEncoding(blocked: BlockedEncodingAttr, axis: number): BlockedEncodingAttr {
  const rank = blocked.sizePerThread.length;
  const insert = (v: readonly number[], at: number, x: number): number[] => [...v.slice(0, at), x, ...v.slice(at)];
  const sizePerThread = insert(blocked.sizePerThread, rank, blocked.sizePerThread[axis]!);
  sizePerThread[axis] = 1;
  return BlockedEncodingAttr.get({
    sizePerThread,
    threadsPerWarp: insert(blocked.threadsPerWarp, rank, 1),
    warpsPerCTA: insert(blocked.warpsPerCTA, rank, 1),
    order: insert(blocked.order, 0, rank),
    cgaLayout: blocked.cgaLayout.map((basis) => [...basis, 0]),
  });
}

/** getThreadLocalityOptimizedShape: `[..., N / e, e]` with e the elements per thread along the axis. */
function threadLocalityShape(srcType: RankedTensorType, axis: number): number[] {
  const e = getElemsPerThread(srcType.encoding!, srcType.shape)[axis]!;
  const shape = [...srcType.shape, 1];
  shape[axis] = Math.trunc(shape[axis]! / e);
  shape[srcType.rank] = e;
  return shape;
}

function rewriteReduce(reduce: Operation): void {
  const b = new Builder();
  const srcType = ReduceOp.srcs(reduce)[0]!.type as RankedTensorType;
  const blocked = srcType.encoding as BlockedEncodingAttr;
  const rank = srcType.rank;
  const axis = Number(ReduceOp.axis(reduce).value);
  const blocked3d = threadLocalityEncoding(blocked, axis);
  const viewShape = threadLocalityShape(srcType, axis);
  const viewType = RankedTensorType.get(viewShape, srcType.elementType, blocked3d);
  const slice2d = SliceEncodingAttr.get(rank, blocked3d);

  const use = reduce.result(0).uses[0]!;
  const oldUpdate = use.owner;
  const blockArg = (use.index === 0 ? BinaryOperands.rhs(oldUpdate) : BinaryOperands.lhs(oldUpdate)) as BlockArgument;
  const blockArgNum = blockArg.index;
  const forOp = blockArg.owner.parentOp!;
  const oldAccum = ForOp.initArgs(forOp)[blockArgNum - 1]!;
  const loopResult = forOp.result(blockArgNum - 1);
  const loopUse = loopResult.uses[0]!;
  const loopUser = loopUse.owner;
  const body = ForOp.region(forOp).blocks[0]!;
  const oldYield = body.terminator!;
  const reductionOp = getReductionOp(reduce)!;

  // createAccum: the neutral element right after the old initial value.
  const accumType = RankedTensorType.get(viewShape.slice(0, -1), (oldAccum.type as RankedTensorType).elementType, slice2d);
  const neutral = getNeutralElement(reductionOp);
  if (neutral === undefined) return;
  b.setInsertionPointAfter(oldAccum.definingOp!);
  const newAccum = b.create({
    name: ConstantOp.opName,
    resultTypes: [accumType],
    attributes: [['value', DenseElementsAttr.get(accumType, [neutral])]],
    loc: oldAccum.definingOp!.loc,
  });

  const newLoop = replaceForOpWithNewSignature(forOp, [newAccum.result(0)]);
  const newBody = newLoop.region(0).blocks[0]!;

  // createReduce: reshape each operand, reduce along the new dim.
  b.setInsertionPointAfter(reduce);
  const mapping = new IRMapping();
  for (const operand of reduce.operandValues) {
    const view = b.create({
      name: ReshapeOp.opName,
      operands: [operand],
      resultTypes: [viewType],
      attributes: [
        ['allow_reorder', UnitAttr.get()],
        ['efficient_layout', UnitAttr.get()],
      ],
      loc: reduce.loc,
    });
    mapping.map(operand, view.result(0));
  }
  const newReduce = cloneWithInferType(b, reduce, mapping, firstSource);
  newReduce.setAttr('axis', IntegerAttr.get(i32(), rank));
  inferResultTypesInPlace(newReduce);

  // createUpdate: combine the new iter_arg with the partial reduction.
  const newArg = newBody.args[newBody.args.length - 1]!;
  b.setInsertionPointAfter(newReduce);
  const updMap = new IRMapping();
  updMap.map(BinaryOperands.lhs(oldUpdate), newArg);
  updMap.map(BinaryOperands.rhs(oldUpdate), newReduce.result(0));
  const newUpdate = cloneWithInferType(b, oldUpdate, updMap, BinaryOperands.lhs);

  // createYield: the old accumulator is passed through, the new one appended.
  b.setInsertionPoint(oldYield);
  const yieldValues = [...oldYield.operandValues];
  yieldValues[blockArgNum - 1] = newBody.args[blockArgNum]!;
  yieldValues.push(newUpdate.result(0));
  b.create({ name: YieldOp.opName, operands: yieldValues, loc: oldYield.loc });

  // createPostLoopReduce: reduce the loop's partials along the original axis.
  b.setInsertionPointAfter(newLoop);
  const postMap = new IRMapping();
  postMap.map(ReduceOp.srcs(reduce)[0]!, newLoop.result(newLoop.results.length - 1));
  const newReduce2 = cloneWithInferType(b, reduce, postMap, firstSource);

  // createConvertLayout, then incorporateOriginalAccumulatorValue.
  b.setInsertionPointAfter(newReduce2);
  const cvt = b.create({ name: ConvertLayoutOp.opName, operands: [newReduce2.result(0)], resultTypes: [loopResult.type], loc: newReduce2.loc });
  b.setInsertionPointAfter(cvt);
  const finalMap = new IRMapping();
  finalMap.map(BinaryOperands.lhs(oldUpdate), oldAccum);
  finalMap.map(BinaryOperands.rhs(oldUpdate), cvt.result(0));
  const finalOp = cloneWithInferType(b, oldUpdate, finalMap, BinaryOperands.lhs);
  loopUser.setOperand(loopUse.index, finalOp.result(0));

  oldYield.erase();
  forOp.erase();
}

export function optimizeThreadLocality(module: Operation): void {
  applyPatternsGreedily(module, [optimizeReshapeLayout, optimizeGatherLayout]);
  const reduces: Operation[] = [];
  module.walkPostOrder((op) => {
    if (ReduceOp.is(op) && isCandidate(op)) reduces.push(op);
  });
  for (const reduce of reduces) rewriteReduce(reduce);
}

registerPass({
  name: 'tritongpu-optimize-thread-locality',
  className: 'TritonGPUOptimizeThreadLocality',
  description: 'Reduce the cost of synchronization between threads in an SM',
  run(module, _options, ctx) {
    if (!requireTritonGpuIR(module, ctx, 'tritongpu-optimize-thread-locality')) return;
    optimizeThreadLocality(module);
  },
});
