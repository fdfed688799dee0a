/**
 * `triton-combine` (Triton's TritonCombineOps): peephole rewrites of TTIR, applied greedily (MLIR's default
 * driver config: bottom-up seeding, folding on) until nothing changes. Each rewrite, tried in this order:
 * - add(dot(a, b, 0), d) or add(d, dot(a, b, 0)), integer or float, the dot used only there (a float add only
 *   when the dot has maxNumImpreciseAcc = 0) → the dot takes `d` as accumulator and moves before the add;
 * - select(c, load(p, splat(c), _), other) → load(p, splat(c), other) (benefit 3: tried first on selects);
 * - addptr(addptr(p, i), j) → addptr(p, i + j) when i and j have one type and the sum cannot overflow it
 *   (64-bit offsets, or two constants whose sum fits); the outer addptr's divisibility/contiguity/constancy
 *   hints are kept (benefit 2, as a two-op declarative pattern);
 * - reduce(mul(broadcast(expand_dims(x, 2)), broadcast(expand_dims(y, 0))), 1) with a float add of ≤32 bits as
 *   combiner and K ≥ 16 → dot(x, y, splat(0.0)) with tf32 precision;
 * - a rank-1 reshape whose users are all reductions or histograms → the same reshape with allow_reorder;
 * - reshape(descriptor_load) dropping leading unit dims of a load used only there → the load, rank-reduced.
 */
import { DenseElementsAttr, FloatAttr, IntegerAttr, UnitAttr } from '../dialect/ir/attribute.js';
import type { Operation, Value } from '../dialect/ir/ir.js';
import { FloatType, IntegerType, RankedTensorType, ShapedType, type Type } from '../dialect/ir/type.js';
import { fuseLocs } from '../dialect/arith/folds.js';
import { registerPass } from './pass.js';
import { applyPatternsGreedily } from '../dialect/ir/rewrite/greedy.js';
import { PatternApplicator, type RewritePattern } from '../dialect/ir/rewrite/pattern.js';
import { getConstantValue, intOrSplatValue } from '../dialect/ir/rewrite/registry.js';
import '../dialect/tt/canonicalize.js';
import { AddPtrOp, BroadcastOp, DescriptorLoadOp, DotOp, ExpandDimsOp, HistogramOp, LoadOp, ReduceOp, ReshapeOp, SplatOp } from '../dialect/tt/ops.js';
import { AddFOp, AddIOp, ConstantOp, MulFOp, SelectOp } from '../dialect/arith/ops.js';

const INPUT_PRECISION_TF32 = 0;

/** m_Zero / m_AnyZeroFloat: an integer or float zero constant, scalar or splat. */
function isZeroConstant(v: Value): boolean {
  const a = getConstantValue(v);
  if (intOrSplatValue(a) === 0n) return true;
  if (a instanceof FloatAttr) return a.value === 0;
  if (a instanceof DenseElementsAttr && a.isSplat && a.type.elementType instanceof FloatType) return Number(a.splatValue()) === 0;
  return false;
}

function elementBitWidth(t: Type): number | undefined {
  const e = t instanceof ShapedType ? t.elementType : t;
  if (e instanceof IntegerType) return e.width;
  if (e instanceof FloatType) return e.width;
  return undefined;
}

/** The integer an offset is known to be: a splat of a constant, a splat constant, or a scalar constant. */
function constantOffset(v: Value): { value: bigint; width: number } | undefined {
  let val = v;
  const def = v.definingOp;
  if (def) {
    if (SplatOp.is(def)) val = SplatOp.src(def);
    else {
      const a = getConstantValue(v);
      if (a instanceof DenseElementsAttr && a.isSplat && a.type.elementType instanceof IntegerType) {
        return { value: BigInt.asIntN(a.type.elementType.width, BigInt(a.splatValue())), width: a.type.elementType.width };
      }
    }
  }
  const a = getConstantValue(val);
  if (a instanceof IntegerAttr && a.type instanceof IntegerType) return { value: BigInt.asIntN(a.type.width, a.value), width: a.type.width };
  return undefined;
}

/** Whether addptr(addptr(p, first), second) may become addptr(p, first + second). */
function offsetsCombinable(first: Value, second: Value): boolean {
  if (first.type !== second.type) return false;
  if (elementBitWidth(first.type) === 64) return true;
  const a = constantOffset(first);
  const b = constantOffset(second);
  if (!a || !b) return false;
  const sum = a.value + b.value;
  // APInt::sadd_ov at the first value's width
  return BigInt.asIntN(a.width, sum) === sum;
}

function dotAddPattern(addOp: typeof AddIOp | typeof AddFOp): RewritePattern {
  return {
    name: addOp === AddIOp ? 'CombineDotAddIPattern' : 'CombineDotAddFPattern',
    rootName: addOp.opName,
    benefit: 1,
    matchAndRewrite(add, rewriter) {
      const [lhs, rhs] = [addOp.lhs(add), addOp.rhs(add)];
      let dot = rhs.definingOp;
      let dotIsLhs = false;
      if (!DotOp.is(dot)) {
        dot = lhs.definingOp;
        if (!DotOp.is(dot)) return false;
        dotIsLhs = true;
      }
      if (dot.result().uses.length !== 1) return false;
      if (!isZeroConstant(DotOp.c(dot))) return false;
      // an absent maxNumImpreciseAcc reads as its default, 0
      if (addOp === AddFOp && DotOp.maxNumImpreciseAcc(dot).value !== 0n) return false;
      const d = dot;
      rewriter.modifyOpInPlace(d, () => {
        d.setOperand(2, dotIsLhs ? rhs : lhs);
        d.moveBefore(add);
      });
      rewriter.replaceAllUsesWith(add.result(), d.result());
      return true;
    },
  };
}

const selectMaskedLoad: RewritePattern = {
  name: 'CombineSelectMaskedLoadPattern',
  rootName: SelectOp.opName,
  benefit: 3,
  matchAndRewrite(select, rewriter) {
    const [cond, trueValue, falseValue] = [SelectOp.condition(select), SelectOp.true_value(select), SelectOp.false_value(select)];
    const load = trueValue.definingOp;
    if (!LoadOp.is(load)) return false;
    const mask = LoadOp.mask(load);
    if (!mask) return false;
    const splat = mask.definingOp;
    if (!SplatOp.is(splat) || SplatOp.src(splat) !== cond) return false;
    const attrs = ['boundaryCheck', 'padding', 'cache', 'evict', 'isVolatile']
      .map((n) => [n, load.getAttr(n)] as const)
      .filter((x): x is readonly [string, NonNullable<ReturnType<Operation['getAttr']>>] => x[1] !== undefined)
      .map(([n, a]) => [n, a] as [string, typeof a]);
    rewriter.replaceOpWithNewOp(select, {
      name: LoadOp.opName,
      operands: [LoadOp.ptr(load), mask, falseValue],
      resultTypes: [select.result().type],
      attributes: attrs,
      operandSegments: [1, 1, 1],
    });
    return true;
  },
};

const HINTS = ['tt.divisibility', 'tt.contiguity', 'tt.constancy'];

const combineAddPtr: RewritePattern = {
  name: 'CombineAddPtrPattern',
  rootName: AddPtrOp.opName,
  // a declarative pattern's benefit is the number of ops it matches
  benefit: 2,
  matchAndRewrite(src, rewriter) {
    const inner = AddPtrOp.ptr(src).definingOp;
    if (!AddPtrOp.is(inner)) return false;
    const [ptr, idx0, idx1] = [AddPtrOp.ptr(inner), AddPtrOp.offset(inner), AddPtrOp.offset(src)];
    if (!offsetsCombinable(idx0, idx1)) return false;
    const loc = fuseLocs([src.loc, inner.loc]);
    const sum = rewriter.create({ name: AddIOp.opName, operands: [idx0, idx1], resultTypes: [idx0.type], loc });
    const hints = HINTS.map((n) => [n, src.getAttr(n)] as const).filter((x) => x[1] !== undefined);
    const dest = rewriter.create({
      name: AddPtrOp.opName,
      operands: [ptr, sum.result()],
      resultTypes: [src.result().type],
      loc,
      attributes: hints.map(([n, a]) => [n, a!]),
    });
    rewriter.replaceOp(src, [dest.result()]);
    return true;
  },
};

/** A reduce combiner that is one float add of at most 32 bits (and its terminator). */
function isAddF32Combiner(reduce: Operation): boolean {
  const region = reduce.regions[0];
  if (!region || region.blocks.length !== 1) return false;
  const ops = region.blocks[0]!.ops;
  if (ops.length !== 2) return false;
  const first = ops[0]!;
  return AddFOp.is(first) && (elementBitWidth(first.result().type) ?? 64) <= 32;
}

const broadcastMulReduce: RewritePattern = {
  name: 'CombineBroadcastMulReducePattern',
  rootName: ReduceOp.opName,
  benefit: 1,
  matchAndRewrite(reduce, rewriter) {
    if (!isAddF32Combiner(reduce)) return false;
    const mul = ReduceOp.srcs(reduce)[0]!.definingOp;
    if (!MulFOp.is(mul)) return false;
    const bl = MulFOp.lhs(mul).definingOp;
    const br = MulFOp.rhs(mul).definingOp;
    if (!BroadcastOp.is(bl) || !BroadcastOp.is(br)) return false;
    const el = BroadcastOp.src(bl).definingOp;
    const er = BroadcastOp.src(br).definingOp;
    if (!ExpandDimsOp.is(el) || !ExpandDimsOp.is(er)) return false;
    if (Number(ExpandDimsOp.axis(el).value) !== 2 || Number(ExpandDimsOp.axis(er).value) !== 0) return false;
    const lhsShape = (bl.result().type as RankedTensorType).shape;
    // Triton reads both shapes from the left broadcast; kept for identical decisions.
    const rhsShape = lhsShape;
    if (lhsShape[2]! < 16 || rhsShape[0]! < 16) return false;
    const srcType = BroadcastOp.src(bl).type;
    if (!(srcType instanceof ShapedType)) return false;
    const accType = RankedTensorType.get([lhsShape[0]!, rhsShape[2]!], srcType.elementType);
    const zero = rewriter.create({
      name: ConstantOp.opName,
      resultTypes: [FloatType.get('f32')],
      attributes: [['value', FloatAttr.get(FloatType.get('f32'), 0)]],
      loc: reduce.loc,
    });
    const acc = rewriter.create({ name: SplatOp.opName, operands: [zero.result()], resultTypes: [accType], loc: reduce.loc });
    rewriter.replaceOpWithNewOp(reduce, {
      name: DotOp.opName,
      operands: [ExpandDimsOp.src(el), ExpandDimsOp.src(er), acc.result()],
      resultTypes: [reduce.result().type],
      attributes: [
        ['inputPrecision', IntegerAttr.i32(INPUT_PRECISION_TF32)],
        ['maxNumImpreciseAcc', IntegerAttr.i32(0)],
      ],
    });
    return true;
  },
};

const reshapeForReduce: RewritePattern = {
  name: 'CombineReshapeReducePatterns',
  rootName: ReshapeOp.opName,
  benefit: 1,
  matchAndRewrite(reshape, rewriter) {
    if (ReshapeOp.allow_reorder(reshape)) return false;
    const t = reshape.result().type;
    if (!(t instanceof RankedTensorType) || t.shape.length !== 1) return false;
    for (const use of reshape.result().uses) if (!ReduceOp.is(use.owner) && !HistogramOp.is(use.owner)) return false;
    rewriter.modifyOpInPlace(reshape, () => reshape.setAttr('allow_reorder', UnitAttr.get()));
    return true;
  },
};

const rankReduceDescriptorLoad: RewritePattern = {
  name: 'RankedReduceDescriptorLoads',
  rootName: ReshapeOp.opName,
  benefit: 1,
  matchAndRewrite(reshape, rewriter) {
    const load = ReshapeOp.src(reshape).definingOp;
    if (!DescriptorLoadOp.is(load) || load.result().uses.length !== 1) return false;
    const lt = load.result().type;
    const rt = reshape.result().type;
    if (!(lt instanceof RankedTensorType) || !(rt instanceof RankedTensorType)) return false;
    const drop = lt.shape.length - rt.shape.length;
    if (drop <= 0) return false;
    for (let i = 0; i < drop; i++) if (lt.shape[i] !== 1) return false;
    if (lt.shape.slice(drop).some((d, i) => d !== rt.shape[i])) return false;
    rewriter.modifyOpInPlace(load, () => {
      load.result().type = rt;
    });
    rewriter.replaceOp(reshape, [load.result()]);
    return true;
  },
};

/** The patterns in Triton's registration order (ties in benefit go to the earlier one). */
export const COMBINE_PATTERNS: readonly RewritePattern[] = [
  dotAddPattern(AddIOp),
  dotAddPattern(AddFOp),
  selectMaskedLoad,
  combineAddPtr,
  broadcastMulReduce,
  reshapeForReduce,
  rankReduceDescriptorLoad,
];

export const TRITON_COMBINE_PASS = registerPass({
  name: 'triton-combine',
  className: 'TritonCombineOps',
  description: 'combine ops',
  run(module, _options, ctx) {
    const res = applyPatternsGreedily(module, new PatternApplicator(COMBINE_PATTERNS), {});
    if (!res.converged) {
      ctx.emitError(module, 'triton-combine: the greedy rewrite did not converge');
      ctx.signalPassFailure();
    }
  },
});
