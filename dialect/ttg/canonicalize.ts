/**
 * `ttg.convert_layout` canonicalization (Triton 3.6's ConvertLayoutOp::getCanonicalizationPatterns), registered
 * with the canonicalization registry so `--canonicalize` sees them, and exported for passes that run only these
 * (tritongpu-remove-layout-conversions):
 *
 * - ConvertFromConvert (root convert_layout): drop a convert to the same type; fold the convert into a
 *   producer that can make any layout: reshape{allow_reorder} (when not an expensive view), histogram,
 *   local_load, cat (when each thread keeps as many elements), another convert, splat, make_range, splat
 *   constants. Converts from an mma layout to a dot
 *   operand are kept (fused-attention heuristic).
 * - ConvertFromReshape / ConvertFromTranspose: reshape/trans of a structurally trivial convert (same linear
 *   layout) use the convert's source; a reordering reshape absorbs any non-expensive convert; a transpose with
 *   the identity order becomes a convert.
 * - ConvertFromGatherSource, ConvertFromHistogram, ConvertFromAlloc, ConvertFromLocalStore, ConvertFromSplit:
 *   consumers that accept any source layout (or where the convert does not change the inferred result) take the
 *   convert's source.
 */
import { DenseElementsAttr } from '../ir/attribute.js';
import type { Operation, Value } from '../ir/ir.js';
import type { PatternRewriter } from '../ir/rewriter.js';
import { IntegerType, RankedTensorType } from '../ir/type.js';
import type { RewritePattern } from '../ir/rewrite/pattern.js';
import { registerCanonicalization } from '../ir/rewrite/registry.js';
import {
  encodingOf,
  inferDstEncoding,
  isExpensiveCat,
  isExpensiveView,
  layoutsEquivalent,
  tensorTypeOf,
  unitAttrOf,
} from './utils/layout-utils.js';
import { intsOf, isIota } from './utils/layout.js';
import { DotOperandEncodingAttr, NvidiaMmaEncodingAttr } from './attrs/index.js';
import { ConvertLayoutOp } from './ops.js';

const CVT = ConvertLayoutOp.opName;

function definingConvert(v: Value | undefined): Operation | undefined {
  const d = v?.definingOp;
  return d && d.name === CVT ? d : undefined;
}

function hasDotOperandEncoding(v: Value): boolean {
  return encodingOf(v) instanceof DotOperandEncodingAttr;
}

/** Whether a convert is structurally trivial: source and result layouts are the same linear layout. */
export function isConvertTrivial(cvt: Operation): boolean {
  const s = tensorTypeOf(cvt.operand(0));
  const d = tensorTypeOf(cvt.result(0));
  if (!s || !d) return false;
  return layoutsEquivalent(s.shape, s.encoding, d.encoding);
}

function replaceWithNew(rewriter: PatternRewriter, op: Operation, name: string, operands: readonly Value[], resultTypes: readonly import('../ir/type.js').Type[], attrs: Iterable<[string, import('../ir/attribute.js').Attribute]> = []): Operation {
  return rewriter.replaceOpWithNewOp(op, { name, operands, resultTypes, attributes: attrs, loc: op.loc });
}

function reshapeAttrs(op: Operation): [string, import('../ir/attribute.js').Attribute][] {
  const out: [string, import('../ir/attribute.js').Attribute][] = [];
  for (const k of ['allow_reorder', 'efficient_layout']) {
    const a = op.getAttr(k);
    if (a) out.push([k, a]);
  }
  return out;
}

const convertFromConvert: RewritePattern = {
  name: 'CanonicalizeConvertFromConvert',
  rootName: CVT,
  matchAndRewrite(op, rewriter) {
    const src = op.operand(0);
    const dstType = op.result(0).type;
    if (src.type === dstType) {
      rewriter.replaceOp(op, [src]);
      return true;
    }
    if (encodingOf(op.result(0)) instanceof DotOperandEncodingAttr && encodingOf(src) instanceof NvidiaMmaEncodingAttr) return false;
    const arg = src.definingOp;
    if (!arg) return false;
    const dst = dstType as RankedTensorType;
    switch (arg.name) {
      case 'tt.reshape': {
        const rsrc = tensorTypeOf(arg.operand(0))!;
        if (!unitAttrOf(arg, 'allow_reorder') || unitAttrOf(arg, 'efficient_layout') || isExpensiveView(rsrc, dst)) return false;
        if (hasDotOperandEncoding(op.operand(0)) || hasDotOperandEncoding(op.result(0))) return false;
        const attrs: [string, import('../ir/attribute.js').Attribute][] = [];
        const ar = arg.getAttr('allow_reorder');
        if (ar) attrs.push(['allow_reorder', ar]);
        replaceWithNew(rewriter, op, 'tt.reshape', [arg.operand(0)], [dst], attrs);
        return true;
      }
      case 'tt.histogram':
        replaceWithNew(rewriter, op, 'tt.histogram', arg.operandValues, [dst], arg.attributes);
        return true;
      case 'ttg.local_load': {
        rewriter.setInsertionPoint(arg);
        const n = rewriter.create({ name: 'ttg.local_load', operands: arg.operandValues, resultTypes: [dst], attributes: arg.attributes, loc: op.loc });
        rewriter.replaceOp(op, n.results);
        return true;
      }
      case 'tt.cat':
        if (isExpensiveCat(arg, dst.encoding!)) return false;
        replaceWithNew(rewriter, op, 'tt.cat', arg.operandValues, [dst]);
        return true;
      case CVT:
        replaceWithNew(rewriter, op, CVT, [arg.operand(0)], [dst]);
        return true;
      case 'tt.splat':
        replaceWithNew(rewriter, op, 'tt.splat', [arg.operand(0)], [dst]);
        return true;
      case 'tt.make_range':
        replaceWithNew(rewriter, op, 'tt.make_range', [], [dst], arg.attributes);
        return true;
      case 'arith.constant': {
        const v = arg.getAttr('value');
        if (!(v instanceof DenseElementsAttr) || !v.isSplat) return false;
        replaceWithNew(rewriter, op, 'arith.constant', [], [dst], [['value', v.withType(dst)]]);
        return true;
      }
    }
    return false;
  },
};

const convertFromReshape: RewritePattern = {
  name: 'CanonicalizeConvertFromReshape',
  rootName: 'tt.reshape',
  matchAndRewrite(op, rewriter) {
    const cvt = definingConvert(op.operand(0));
    if (!cvt) return false;
    if (!isConvertTrivial(cvt)) {
      if (isExpensiveView(tensorTypeOf(cvt.operand(0))!, tensorTypeOf(op.result(0))!)) return false;
      if (!unitAttrOf(op, 'allow_reorder')) return false;
    }
    replaceWithNew(rewriter, op, 'tt.reshape', [cvt.operand(0)], [op.result(0).type], reshapeAttrs(op));
    return true;
  },
};

const convertFromTranspose: RewritePattern = {
  name: 'CanonicalizeConvertFromTranspose',
  rootName: 'tt.trans',
  matchAndRewrite(op, rewriter) {
    if (isIota(intsOf(op.getAttr('order')) ?? [])) {
      replaceWithNew(rewriter, op, CVT, [op.operand(0)], [op.result(0).type]);
      return true;
    }
    const cvt = definingConvert(op.operand(0));
    if (!cvt || !isConvertTrivial(cvt)) return false;
    replaceWithNew(rewriter, op, 'tt.trans', [cvt.operand(0)], [op.result(0).type], [['order', op.getAttr('order')!]]);
    return true;
  },
};

const convertFromGatherSource: RewritePattern = {
  name: 'CanonicalizeConvertFromGatherSource',
  rootName: 'tt.gather',
  matchAndRewrite(op, rewriter) {
    if (unitAttrOf(op, 'efficient_layout')) return false;
    const cvt = definingConvert(op.operand(0));
    if (!cvt) return false;
    const attrs = [...op.attributes].filter(([k]) => k === 'axis');
    replaceWithNew(rewriter, op, 'tt.gather', [cvt.operand(0), op.operand(1)], [op.result(0).type], attrs);
    return true;
  },
};

const convertFromHistogram: RewritePattern = {
  name: 'CanonicalizeConvertFromHistogram',
  rootName: 'tt.histogram',
  matchAndRewrite(op, rewriter) {
    const cvt = definingConvert(op.operand(0));
    if (!cvt) return false;
    const src = cvt.operand(0);
    const operands = [src];
    if (op.operands.length > 1) {
      const srcT = tensorTypeOf(src)!;
      rewriter.setInsertionPoint(op);
      const i1 = RankedTensorType.get(srcT.shape, IntegerType.get(1), srcT.encoding);
      operands.push(rewriter.create({ name: CVT, operands: [op.operand(1)], resultTypes: [i1], loc: op.loc }).result(0));
    }
    replaceWithNew(rewriter, op, 'tt.histogram', operands, [op.result(0).type]);
    return true;
  },
};

const convertFromAlloc: RewritePattern = {
  name: 'CanonicalizeConvertFromAlloc',
  rootName: 'ttg.local_alloc',
  matchAndRewrite(op, rewriter) {
    if (op.operands.length === 0) return false;
    const cvt = definingConvert(op.operand(0));
    if (!cvt) return false;
    replaceWithNew(rewriter, op, 'ttg.local_alloc', [cvt.operand(0)], [op.result(0).type]);
    return true;
  },
};

const convertFromLocalStore: RewritePattern = {
  name: 'CanonicalizeConvertFromLocalStore',
  rootName: 'ttg.local_store',
  matchAndRewrite(op, rewriter) {
    const cvt = definingConvert(op.operand(0));
    if (!cvt) return false;
    replaceWithNew(rewriter, op, 'ttg.local_store', [cvt.operand(0), op.operand(1)], []);
    return true;
  },
};

const convertFromSplit: RewritePattern = {
  name: 'CanonicalizeConvertFromSplit',
  rootName: 'tt.split',
  matchAndRewrite(op, rewriter) {
    const cvt = definingConvert(op.operand(0));
    if (!cvt) return false;
    const srcEnc = encodingOf(cvt.operand(0));
    if (!srcEnc) return false;
    const dstEnc = inferDstEncoding(op, srcEnc);
    // The split's operand is now the convert's source, so re-infer with that shape.
    if (dstEnc !== encodingOf(op.result(0))) return false;
    replaceWithNew(rewriter, op, 'tt.split', [cvt.operand(0)], op.results.map((r) => r.type));
    return true;
  },
};

/** The patterns of ConvertLayoutOp::getCanonicalizationPatterns, in Triton's order. */
export const CONVERT_LAYOUT_CANONICALIZATIONS: readonly RewritePattern[] = [
  convertFromConvert,
  convertFromReshape,
  convertFromTranspose,
  convertFromGatherSource,
  convertFromHistogram,
  convertFromAlloc,
  convertFromLocalStore,
  convertFromSplit,
];

registerCanonicalization(ConvertLayoutOp, CONVERT_LAYOUT_CANONICALIZATIONS);

/**
 * Appends a pattern that Triton lists in ConvertLayoutOp::getCanonicalizationPatterns but that belongs to a
 * dialect above this one (ttng's tmem_store): the canonicalizer and the passes applying
 * CONVERT_LAYOUT_CANONICALIZATIONS both get it.
 */
export function extendConvertLayoutCanonicalizations(p: RewritePattern): void {
  (CONVERT_LAYOUT_CANONICALIZATIONS as RewritePattern[]).push(p);
  registerCanonicalization(ConvertLayoutOp, [p]);
}
