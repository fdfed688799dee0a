/**
 * Folders and canonicalization patterns of the Triton (`tt`) ops, as Triton 3.6 defines them
 * (lib/Dialect/Triton/IR/Ops.cpp, Canonicalize.td), and the dialect's constant materializer
 * (TritonDialect::materializeConstant: an `arith.constant`).
 *
 * Folders:
 * - tt.splat of an integer/float constant → a splat dense constant;
 * - tt.expand_dims / tt.reshape of a dense constant → the constant reshaped (foldViewLikeOp); a reshape to
 *   its own type without allow_reorder → its source;
 * - tt.broadcast to its own type → its source; of a splat constant → the splat resized;
 * - tt.trans with the identity order (same type) → its source; trans(trans(x)) → trans(x) with the composed
 *   order (in place); of a splat constant → the splat reshaped;
 * - tt.addptr with a zero offset → the pointer; tt.advance with all-zero constant offsets → the pointer;
 * - tt.make_range of one element → a splat constant;
 * - tt.fp_to_fp to its own type → its source; of ±0.0 → ±0.0 of the result type.
 *
 * Canonicalization patterns (op → patterns, in Triton's registration order):
 * - tt.load: CanonicalizeMaskedLoadPattern (all-true splat mask dropped; all-false mask → `other`);
 * - tt.store: CanonicalizeMaskedStorePattern (all-true mask dropped; all-false → store erased);
 * - tt.expand_dims (canonicalize method): expand_dims(splat) → splat; expand_dims(broadcast(x)) →
 *   broadcast(expand_dims(x));
 * - tt.reshape (canonicalize method, not for efficient_layout): reshape(reshape) → reshape (allow_reorder if
 *   either has it); reshape(splat) → splat;
 * - tt.broadcast (DRR, benefit 2): broadcast(splat) → splat; broadcast(broadcast) → broadcast.
 */
import { DenseArrayAttr, DenseElementsAttr, FloatAttr, IntegerAttr, UnitAttr, type Attribute } from '../ir/attribute.js';
import type { Operation, Value } from '../ir/ir.js';
import type { PatternRewriter } from '../ir/rewriter.js';
import { FloatType, IntegerType, RankedTensorType, ShapedType, type Type } from '../ir/type.js';
import { fuseLocs, materializeArithConstant } from '../arith/folds.js';
import type { RewritePattern } from '../ir/rewrite/pattern.js';
import {
  intOrSplatValue,
  registerCanonicalization,
  registerConstantMaterializer,
  registerFolder,
} from '../ir/rewrite/registry.js';
import { BroadcastOp, ExpandDimsOp, LoadOp, SplatOp, StoreOp, inferExpandDimsType } from './ops.js';

registerConstantMaterializer('tt', materializeArithConstant);

const shaped = (t: Type): ShapedType | undefined => (t instanceof ShapedType ? t : undefined);

function orderOf(op: Operation): number[] {
  const a = op.getAttr('order');
  return a instanceof DenseArrayAttr ? [...a.values] : [];
}

const isIota = (p: readonly number[]): boolean => p.every((v, i) => v === i);

/** applyPermutation(input, perm)[i] = input[perm[i]]. */
const applyPermutation = (input: readonly number[], perm: readonly number[]): number[] => perm.map((p) => input[p]!);

/** foldViewLikeOp: a dense constant source becomes the same elements under the result type. */
function foldViewLike(op: Operation, src: Attribute | undefined): Attribute | undefined {
  const t = shaped(op.result().type);
  if (!t || !(src instanceof DenseElementsAttr)) return undefined;
  return DenseElementsAttr.get(t, src.values);
}

/** A splat dense constant resized/reshaped to the result type (SplatElementsAttr::resizeSplat / reshape). */
function resizeSplat(op: Operation, src: Attribute | undefined): Attribute | undefined {
  const t = shaped(op.result().type);
  if (!t || !(src instanceof DenseElementsAttr) || !src.isSplat) return undefined;
  return DenseElementsAttr.get(t, [src.splatValue()]);
}

// ---------------------------------------------------------------------------------------------------
// Folders

registerFolder('tt.splat', (op, [src]) => {
  const t = shaped(op.result().type);
  if (!t) return undefined;
  if (src instanceof IntegerAttr || src instanceof FloatAttr) return DenseElementsAttr.get(t, [src.value]);
  return undefined;
});

registerFolder('tt.expand_dims', (op, [src]) => foldViewLike(op, src));

registerFolder('tt.reshape', (op, [src]) => {
  if (op.result().type === op.operand(0).type && !op.getAttr('allow_reorder')) return op.operand(0);
  return foldViewLike(op, src);
});

registerFolder('tt.broadcast', (op, [src]) => {
  if (op.result().type === op.operand(0).type) return op.operand(0);
  return resizeSplat(op, src);
});

registerFolder('tt.trans', (op, [src]) => {
  const order = orderOf(op);
  // The identity order folds only without a type change (CanonicalizeConvertFromTranspose handles the rest).
  if (isIota(order) && op.operand(0).type === op.result().type) return op.operand(0);
  const inner = op.operand(0).definingOp;
  if (inner && inner.name === 'tt.trans') {
    op.setAttr('order', DenseArrayAttr.get(IntegerType.get(32), applyPermutation(orderOf(inner), order)));
    op.setOperand(0, inner.operand(0));
    return op.result();
  }
  return resizeSplat(op, src);
});

registerFolder('tt.addptr', (op, [, offset]) => (intOrSplatValue(offset) === 0n ? op.operand(0) : undefined));

registerFolder('tt.advance', (op, operands) => {
  for (const a of operands.slice(1)) if (intOrSplatValue(a) !== 0n) return undefined;
  return op.operand(0);
});

registerFolder('tt.make_range', (op) => {
  const start = op.getAttr('start');
  const end = op.getAttr('end');
  const t = shaped(op.result().type);
  if (!(start instanceof IntegerAttr) || !(end instanceof IntegerAttr) || !t) return undefined;
  // MLIR compares the attributes as uint32 (getStart() + 1 == getEnd()).
  if ((BigInt.asUintN(32, start.value) + 1n) % (1n << 32n) !== BigInt.asUintN(32, end.value)) return undefined;
  return DenseElementsAttr.get(t, [start.value]);
});

/** m_PosZeroFloat / m_NegZeroFloat: a float scalar or splat equal to +0.0 / -0.0. */
function floatZeroSign(a: Attribute | undefined): 'pos' | 'neg' | undefined {
  let v: number | undefined;
  if (a instanceof FloatAttr) v = a.value;
  else if (a instanceof DenseElementsAttr && a.isSplat && a.type.elementType instanceof FloatType) v = Number(a.splatValue());
  if (v === undefined || v !== 0) return undefined;
  return Object.is(v, -0) ? 'neg' : 'pos';
}

registerFolder('tt.fp_to_fp', (op, [src]) => {
  const dst = op.result().type;
  if (op.operand(0).type === dst) return op.operand(0);
  const sign = floatZeroSign(src);
  if (!sign) return undefined;
  const zero = sign === 'neg' ? -0 : 0;
  if (dst instanceof RankedTensorType) return DenseElementsAttr.get(dst, [zero]);
  if (dst instanceof FloatType) return FloatAttr.get(dst, zero);
  return undefined;
});

// ---------------------------------------------------------------------------------------------------
// Canonicalization patterns

/** The splat value of a mask defined by an `arith.constant` with a splat dense value (true/false). */
function constantSplatMask(mask: Value | undefined): boolean | undefined {
  const def = mask?.definingOp;
  if (!def || def.name !== 'arith.constant') return undefined;
  const v = def.getAttr('value');
  if (!(v instanceof DenseElementsAttr) || !v.isSplat) return undefined;
  return BigInt(v.splatValue()) === 1n;
}

const LOAD_ATTRS = ['boundaryCheck', 'padding', 'cache', 'evict', 'isVolatile'];
const STORE_ATTRS = ['cache', 'evict'];

function pickAttrs(op: Operation, names: readonly string[]): [string, Attribute][] {
  const out: [string, Attribute][] = [];
  for (const n of names) {
    const a = op.getAttr(n);
    if (a) out.push([n, a]);
  }
  return out;
}

const canonicalizeMaskedLoad: RewritePattern = {
  name: 'CanonicalizeMaskedLoadPattern',
  rootName: LoadOp.opName,
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    const mask = LoadOp.mask(op);
    if (!mask) return false;
    const allTrue = constantSplatMask(mask);
    if (allTrue === undefined) return false;
    if (allTrue) {
      rewriter.replaceOpWithNewOp(op, {
        name: LoadOp.opName,
        operands: [LoadOp.ptr(op)],
        resultTypes: [LoadOp.result(op).type],
        attributes: pickAttrs(op, LOAD_ATTRS),
        operandSegments: [1, 0, 0],
      });
      return true;
    }
    const other = LoadOp.other(op);
    if (!other) return false;
    rewriter.replaceOp(op, [other]);
    return true;
  },
};

const canonicalizeMaskedStore: RewritePattern = {
  name: 'CanonicalizeMaskedStorePattern',
  rootName: StoreOp.opName,
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    const mask = StoreOp.mask(op);
    if (!mask) return false;
    const allTrue = constantSplatMask(mask);
    if (allTrue === undefined) return false;
    if (allTrue) {
      rewriter.replaceOpWithNewOp(op, { name: StoreOp.opName, operands: [StoreOp.ptr(op), StoreOp.value(op)], attributes: pickAttrs(op, STORE_ATTRS) });
    } else {
      rewriter.eraseOp(op);
    }
    return true;
  },
};

function replaceWithSplat(rewriter: PatternRewriter, op: Operation, src: Value): void {
  rewriter.replaceOpWithNewOp(op, { name: 'tt.splat', operands: [src], resultTypes: [op.result().type] });
}

const expandDimsCanonicalize: RewritePattern = {
  name: 'ExpandDimsOp::canonicalize',
  rootName: 'tt.expand_dims',
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    const def = op.operand(0).definingOp;
    if (!def) return false;
    if (def.name === 'tt.splat') {
      replaceWithSplat(rewriter, op, def.operand(0));
      return true;
    }
    if (def.name === 'tt.broadcast') {
      const src = def.operand(0);
      const axisAttr = op.getAttr('axis');
      if (!(src.type instanceof RankedTensorType) || !(axisAttr instanceof IntegerAttr)) return false;
      let expandType: RankedTensorType;
      try {
        expandType = inferExpandDimsType(src.type, axisAttr.num);
      } catch {
        return false;
      }
      const expand = rewriter.create({ name: 'tt.expand_dims', operands: [src], resultTypes: [expandType], attributes: [['axis', axisAttr]], loc: op.loc });
      const bcast = rewriter.create({ name: 'tt.broadcast', operands: [expand.result()], resultTypes: [op.result().type], loc: def.loc });
      rewriter.replaceOp(op, [bcast.result()]);
      return true;
    }
    return false;
  },
};

const reshapeCanonicalize: RewritePattern = {
  name: 'ReshapeOp::canonicalize',
  rootName: 'tt.reshape',
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    if (op.getAttr('efficient_layout')) return false;
    const def = op.operand(0).definingOp;
    if (!def) return false;
    if (def.name === 'tt.reshape') {
      const allowReorder = !!op.getAttr('allow_reorder') || !!def.getAttr('allow_reorder');
      rewriter.replaceOpWithNewOp(op, {
        name: 'tt.reshape',
        operands: [def.operand(0)],
        resultTypes: [op.result().type],
        attributes: allowReorder ? [['allow_reorder', UnitAttr.get()]] : [],
      });
      return true;
    }
    if (def.name === 'tt.splat') {
      replaceWithSplat(rewriter, op, def.operand(0));
      return true;
    }
    return false;
  },
};

/** DRR `Pat<(TT_BroadcastOp (inner $x)), (result $x)>`: benefit 2, the new op at the fused location. */
function broadcastOf(inner: string, name: string): RewritePattern {
  return {
    name,
    rootName: 'tt.broadcast',
    benefit: 2,
    matchAndRewrite(op, rewriter) {
      const def = op.operand(0).definingOp;
      if (!def || def.name !== inner) return false;
      rewriter.replaceOpWithNewOp(op, { name: inner, operands: [def.operand(0)], resultTypes: [op.result().type], loc: fuseLocs([op.loc, def.loc]) });
      return true;
    },
  };
}

registerCanonicalization(LoadOp, [canonicalizeMaskedLoad]);
registerCanonicalization(StoreOp, [canonicalizeMaskedStore]);
registerCanonicalization(ExpandDimsOp, [expandDimsCanonicalize]);
registerCanonicalization('tt.reshape', [reshapeCanonicalize]);
registerCanonicalization(BroadcastOp, [broadcastOf(SplatOp.opName, 'BroadcastSplatPattern'), broadcastOf(BroadcastOp.opName, 'BroadcastBroadcastPattern')]);
