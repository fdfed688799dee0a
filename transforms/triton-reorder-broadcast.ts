/**
 * `triton-reorder-broadcast` (Triton's TritonReorderBroadcast): moves splats and broadcasts after elementwise
 * ops, so the elementwise work runs on the small (scalar or pre-broadcast) value. Greedy (MLIR's default driver
 * config), with tt.broadcast's and tt.expand_dims' canonicalizations, and for every memory-effect-free op with
 * the Elementwise trait, tried in this order:
 * - elementwise(broadcast(a), splat-like...) → broadcast(elementwise(a, splat-like resized...)) when every
 *   operand is a broadcast (all from one source shape) or splat-like (a tt.splat or a splat constant);
 * - elementwise(splat-like...) → splat(elementwise(scalars...)), splat constants becoming scalar constants.
 * The new ops keep the elementwise op's location and attributes.
 */
import { DenseElementsAttr, FloatAttr, IntegerAttr, type Attribute } from '../dialect/ir/attribute.js';
import type { Operation, Value } from '../dialect/ir/ir.js';
import type { PatternRewriter } from '../dialect/ir/rewriter.js';
import { isMemoryEffectFree } from '../dialect/ir/traits.js';
import { FloatType, IntegerType, RankedTensorType, ShapedType, type Type } from '../dialect/ir/type.js';
import { materializeArithConstant } from '../dialect/arith/folds.js';
import { registerPass } from './pass.js';
import { applyPatternsGreedily } from '../dialect/ir/rewrite/greedy.js';
import { PatternApplicator, type RewritePattern } from '../dialect/ir/rewrite/pattern.js';
import { getCanonicalizationPatterns, getConstantValue } from '../dialect/ir/rewrite/registry.js';
import '../dialect/tt/canonicalize.js';
import { BroadcastOp, ExpandDimsOp, SplatOp } from '../dialect/tt/ops.js';
import { ConstantOp } from '../dialect/arith/ops.js';

/** The splat constant a value is, if it is one (m_Constant with a splat DenseElementsAttr). */
function splatConstant(v: Value): DenseElementsAttr | undefined {
  const a = getConstantValue(v);
  return a instanceof DenseElementsAttr && a.isSplat ? a : undefined;
}

/** A tt.splat or a splat constant. */
function isSplatLike(op: Operation): boolean {
  return SplatOp.is(op) || splatConstant(op.result()) !== undefined;
}

/** The scalar attribute of a splat constant's element. */
function scalarAttr(splat: DenseElementsAttr): Attribute | undefined {
  const e = splat.type.elementType;
  const v = splat.splatValue();
  if (e instanceof IntegerType) return IntegerAttr.get(e, BigInt(v));
  if (e instanceof FloatType) return FloatAttr.get(e, Number(v));
  return undefined;
}

const elementTypeOf = (t: Type): Type => (t instanceof ShapedType ? t.elementType : t);

/** The op again, on new operands and result types, with its attributes and location. */
function cloneOnto(rewriter: PatternRewriter, op: Operation, operands: readonly Value[], resultTypes: readonly Type[]): Operation {
  return rewriter.create({ name: op.name, operands: [...operands], resultTypes: [...resultTypes], attributes: [...op.attributes], loc: op.loc });
}

const isCandidate = (op: Operation): boolean => op.hasTrait('Elementwise') && isMemoryEffectFree(op);

const moveBroadcastAfterElementwise: RewritePattern = {
  name: 'MoveBroadcastAfterElementwisePattern',
  rootName: '*',
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    if (!isCandidate(op)) return false;
    let broadcast: Operation | undefined;
    for (const v of op.operandValues) {
      const def = v.definingOp;
      if (!def) return false;
      if (BroadcastOp.is(def)) {
        if (!broadcast) broadcast = def;
        else if (!sameShape(BroadcastOp.src(def).type, BroadcastOp.src(broadcast).type)) return false;
      } else if (!isSplatLike(def)) return false;
    }
    if (!broadcast) return false;
    const srcType = BroadcastOp.src(broadcast).type as RankedTensorType;
    const loc = op.loc;
    const operands: Value[] = [];
    for (const v of op.operandValues) {
      const def = v.definingOp!;
      if (BroadcastOp.is(def)) {
        operands.push(BroadcastOp.src(def));
        continue;
      }
      const newType = RankedTensorType.get(srcType.shape, elementTypeOf(v.type), srcType.encoding);
      if (SplatOp.is(def)) {
        operands.push(rewriter.create({ name: SplatOp.opName, operands: [SplatOp.src(def)], resultTypes: [newType], loc }).result());
        continue;
      }
      const splat = splatConstant(v)!;
      const value = DenseElementsAttr.get(newType, [splat.splatValue()]);
      operands.push(rewriter.create({ name: ConstantOp.opName, resultTypes: [newType], attributes: [['value', value]], loc }).result());
    }
    const resultTypes = op.results.map((r) => RankedTensorType.get(srcType.shape, elementTypeOf(r.type), srcType.encoding));
    const moved = cloneOnto(rewriter, op, operands, resultTypes);
    op.results.forEach((r, i) => {
      const b = rewriter.create({ name: BroadcastOp.opName, operands: [moved.results[i]!], resultTypes: [r.type], loc });
      rewriter.replaceAllUsesWith(r, b.result());
    });
    return true;
  },
};

const moveSplatAfterElementwise: RewritePattern = {
  name: 'MoveSplatAfterElementwisePattern',
  rootName: '*',
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    if (!isCandidate(op)) return false;
    for (const v of op.operandValues) {
      const def = v.definingOp;
      if (!def || !isSplatLike(def)) return false;
    }
    if (op.operandValues.length === 0) return false;
    if (!op.results.every((r) => r.type instanceof RankedTensorType)) return false;
    const loc = op.loc;
    const scalars: Value[] = [];
    for (const v of op.operandValues) {
      const def = v.definingOp!;
      if (SplatOp.is(def)) {
        scalars.push(SplatOp.src(def));
        continue;
      }
      const splat = splatConstant(v)!;
      const attr = scalarAttr(splat);
      const c = attr ? materializeArithConstant(rewriter, attr, splat.type.elementType, loc) : undefined;
      if (!c) return false;
      scalars.push(c.result());
    }
    const moved = cloneOnto(rewriter, op, scalars, op.results.map((r) => elementTypeOf(r.type)));
    op.results.forEach((r, i) => {
      const s = rewriter.create({ name: SplatOp.opName, operands: [moved.results[i]!], resultTypes: [r.type], loc });
      rewriter.replaceAllUsesWith(r, s.result());
    });
    return true;
  },
};

function sameShape(a: Type, b: Type): boolean {
  if (!(a instanceof ShapedType) || !(b instanceof ShapedType)) return false;
  return a.shape.length === b.shape.length && a.shape.every((d, i) => d === b.shape[i]);
}

/** tt.broadcast's and tt.expand_dims' canonicalizations, then the two moves (Triton's registration order). */
export function reorderBroadcastPatterns(): RewritePattern[] {
  const canon = getCanonicalizationPatterns();
  return [
    ...canon.filter((p) => p.rootName === BroadcastOp.opName),
    ...canon.filter((p) => p.rootName === ExpandDimsOp.opName),
    moveBroadcastAfterElementwise,
    moveSplatAfterElementwise,
  ];
}

export const TRITON_REORDER_BROADCAST_PASS = registerPass({
  name: 'triton-reorder-broadcast',
  className: 'TritonReorderBroadcast',
  description: 'Moves broadcast and splat after elementwise operations',
  run(module, _options, ctx) {
    const res = applyPatternsGreedily(module, new PatternApplicator(reorderBroadcastPatterns()), {});
    if (!res.converged) {
      ctx.emitError(module, 'triton-reorder-broadcast: the greedy rewrite did not converge');
      ctx.signalPassFailure();
    }
  },
});
