/**
 * `--tritongpu-optimize-dot-operands`: folds layout work around dot operands into shared memory, reproducing
 * Triton 3.6's TritonGPUOptimizeDotOperands: the module is canonicalized first, then greedily (bottom-up) rewritten
 * with SwizzleShmemConvert (an MMA-v2 operand `convert(trans(x))` used only by a `tt.dot` is read through
 * `local_load(memdesc_trans(local_alloc(x)))` in the swizzled layout the transposed operand needs, needTrans
 * swapping vec and the mma stride), FuseTransMMAV3Plus (`local_alloc(trans(x))` feeding one wgmma becomes
 * `memdesc_trans(local_alloc(x))` with the NVMMA layout's `transposed` flipped), ReshapeMemDesc
 * (`local_alloc(reshape(x))` in an NVMMA layout becomes `memdesc_reshape(local_alloc(x))` when the contiguous dim
 * is kept) and the convert_layout canonicalizations. The `hoist-layout-conversion` option is accepted, as Triton
 * 3.6 does, without effect: 3.6 no longer hoists converts above elementwise ops here.
 */
import type { Attribute } from '../dialect/ir/attribute.js';
import { DenseArrayAttr } from '../dialect/ir/attribute.js';
import type { Operation, Value } from '../dialect/ir/ir.js';
import type { PatternRewriter } from '../dialect/ir/rewriter.js';
import { IntegerType, RankedTensorType } from '../dialect/ir/type.js';
import { CONVERT_LAYOUT_CANONICALIZATIONS } from '../dialect/ttg/canonicalize.js';
import { DotOperandEncodingAttr, NVMMASharedEncodingAttr, SharedMemorySpaceAttr } from '../dialect/ttg/attrs/index.js';
import { getCGALayout, getOrderForMemory } from '../dialect/ttg/layout-queries.js';
import { MemDescType } from '../dialect/ttg/types.js';
import { toLinearLayout } from '../dialect/ttg/to-linear-layout.js';
import { reshapeLayout } from '../dialect/ttg/utils/layout-utils.js';
import { runCanonicalizer } from './canonicalize.js';
import { registerPass } from './pass.js';
import { requireTritonGpuIR } from './preconditions.js';
import { applyPatternsGreedily } from '../dialect/ir/rewrite/greedy.js';
import type { RewritePattern } from '../dialect/ir/rewrite/pattern.js';
import { applyPermutation, intsOf, productOf } from '../dialect/ttg/utils/layout.js';
import { bitWidthOf, inferSharedTransEncoding, swizzledSharedForDotOperand, transposeCGA } from '../dialect/ttg/utils/mma-utils.js';
import { DotOp, ReshapeOp, TransOp } from '../dialect/tt/ops.js';
import { ConvertLayoutOp, LocalAllocOp, LocalLoadOp, MemDescReshapeOp, MemDescTransOp } from '../dialect/ttg/ops.js';
import { WarpGroupDotOp } from '../dialect/ttng/ops.js';
import { TCGen5MMAOp, TCGen5MMAScaledOp } from '../dialect/ttng/mma-v5-ops.js';
import { isAnyOf } from '../dialect/ir/op-handle.js';

const TRANS_ORDER = [1, 0];

function orderOf(op: Operation): number[] {
  return intsOf(op.getAttr('order')) ?? [];
}

function isTrans10(op: Operation | undefined): op is Operation {
  return op !== undefined && TransOp.is(op) && orderOf(op).join() === TRANS_ORDER.join();
}

function orderAttr(order: readonly number[]): Attribute {
  return DenseArrayAttr.get(IntegerType.get(32), order);
}

/** MemDescTransOp's inferred result type. */
export function memdescTransType(src: MemDescType, order: readonly number[]): MemDescType | undefined {
  const enc = inferSharedTransEncoding(src.encoding, order);
  if (!enc) return undefined;
  const rank = order.length;
  const lead = src.allocShape.slice(0, src.allocShape.length - rank);
  const tail = src.allocShape.slice(src.allocShape.length - rank);
  return MemDescType.get({
    shape: applyPermutation(src.shape, order),
    elementType: src.elementType,
    encoding: enc,
    memorySpace: src.memorySpace,
    mutableMemory: src.mutableMemory,
    allocShape: [...lead, ...applyPermutation(tail, order)],
  });
}

/**
 * MemDescReshapeOp's inferred result type for NVMMA layouts (single CTA, contiguous dim unchanged); undefined when
 * Triton's inference fails or gives another kind of layout.
 */
export function memdescReshapeType(src: MemDescType, dstShape: readonly number[]): MemDescType | undefined {
  if (productOf(src.shape) !== productOf(dstShape)) return undefined;
  const enc = src.encoding;
  if (!(enc instanceof NVMMASharedEncodingAttr)) return undefined;
  if (enc.cgaLayout.length > 0) return undefined;
  const inner = (s: readonly number[]): number => (enc.transposed ? s[0]! : s[s.length - 1]!);
  if (inner(dstShape) !== inner(src.shape)) return undefined;
  const newEnc = NVMMASharedEncodingAttr.get({
    swizzlingByteWidth: enc.swizzlingByteWidth,
    transposed: enc.transposed,
    elementBitWidth: enc.elementBitWidth,
    fp4Padded: enc.fp4Padded,
    rank: dstShape.length,
  });
  // The NVMMA layout is kept only when it describes the same memory as the reshaped source layout (Triton
  // otherwise falls back to a shared_linear layout, which this pattern does not take).
  try {
    if (!reshapeLayout(toLinearLayout(src.shape, enc), dstShape).equals(toLinearLayout(dstShape, newEnc))) return undefined;
  } catch {
    return undefined;
  }
  const lead = src.allocShape.slice(0, src.allocShape.length - src.rank);
  return MemDescType.get({
    shape: dstShape,
    elementType: src.elementType,
    encoding: newEnc,
    memorySpace: src.memorySpace,
    mutableMemory: src.mutableMemory,
    allocShape: [...lead, ...dstShape],
  });
}

function create(rewriter: PatternRewriter, name: string, operands: Value[], type: import('../dialect/ir/type.js').Type, loc: import('../dialect/ir/location.js').Location, attrs: [string, Attribute][] = []): Value {
  return rewriter.create({ name, operands, resultTypes: [type], attributes: attrs, loc }).result(0);
}

// dot(convert(trans(src)) #dot_operand) -> dot(convert(local_load(memdesc_trans(local_alloc(src)))))
const swizzleShmemConvert: RewritePattern = {
  rootName: ConvertLayoutOp.opName,
  name: 'SwizzleShmemConvert',
  matchAndRewrite(cvt, rewriter) {
    const res = ConvertLayoutOp.result(cvt);
    if (!res.hasOneUse() || !DotOp.is(res.uses[0]!.owner)) return false;
    const trans = ConvertLayoutOp.src(cvt).definingOp;
    if (!isTrans10(trans)) return false;
    let srcTy = TransOp.src(trans).type as RankedTensorType;
    const inner = TransOp.src(trans).definingOp;
    if (inner && ConvertLayoutOp.is(inner)) srcTy = ConvertLayoutOp.src(inner).type as RankedTensorType;
    const sharedLoadTy = res.type as RankedTensorType;
    const cvtEnc = sharedLoadTy.encoding;
    if (!(cvtEnc instanceof DotOperandEncodingAttr) || !srcTy.encoding) return false;
    const cga = transposeCGA(getCGALayout(srcTy.encoding), orderOf(trans));
    const enc = swizzledSharedForDotOperand(cvtEnc, srcTy.shape, getOrderForMemory(srcTy.encoding, srcTy.shape), cga, bitWidthOf(srcTy.elementType), true);
    if (!enc) return false;
    rewriter.setInsertionPoint(trans);
    const allocTy = MemDescType.get({ shape: srcTy.shape, elementType: srcTy.elementType, encoding: enc, memorySpace: SharedMemorySpaceAttr.get() });
    const alloc = create(rewriter, LocalAllocOp.opName, [TransOp.src(trans)], allocTy, trans.loc);
    const transTy = memdescTransType(allocTy, TRANS_ORDER);
    if (!transTy) throw new Error('SwizzleShmemConvert: cannot transpose the swizzled layout');
    const newTrans = create(rewriter, MemDescTransOp.opName, [alloc], transTy, trans.loc, [['order', orderAttr(TRANS_ORDER)]]);
    const load = create(rewriter, LocalLoadOp.opName, [newTrans], sharedLoadTy, trans.loc);
    rewriter.modifyOpInPlace(cvt, () => cvt.setOperand(0, load));
    return true;
  },
};

const MMA_V3_PLUS = [WarpGroupDotOp, TCGen5MMAOp, TCGen5MMAScaledOp];

// dot(local_alloc(trans(x)) #shared1) -> dot(memdesc_trans(local_alloc(x) #shared2))
const fuseTransMMAV3Plus: RewritePattern = {
  rootName: LocalAllocOp.opName,
  name: 'FuseTransMMAV3Plus',
  matchAndRewrite(alloc, rewriter) {
    const src = LocalAllocOp.src(alloc);
    if (src === undefined) return false;
    const res = LocalAllocOp.result(alloc);
    if (!res.hasOneUse() || !isAnyOf(res.uses[0]!.owner, MMA_V3_PLUS)) return false;
    const trans = src.definingOp;
    if (!isTrans10(trans)) return false;
    const allocType = res.type as MemDescType;
    if (!(allocType.encoding instanceof NVMMASharedEncodingAttr)) return false;
    const srcTy = TransOp.src(trans).type as RankedTensorType;
    const innerEnc = inferSharedTransEncoding(allocType.encoding, orderOf(trans));
    if (!innerEnc) return false;
    const innerTy = MemDescType.get({ shape: srcTy.shape, elementType: srcTy.elementType, encoding: innerEnc, memorySpace: allocType.memorySpace });
    const newAlloc = create(rewriter, LocalAllocOp.opName, [TransOp.src(trans)], innerTy, alloc.loc);
    const transTy = memdescTransType(innerTy, TRANS_ORDER)!;
    rewriter.replaceOpWithNewOp(alloc, {
      name: MemDescTransOp.opName,
      operands: [newAlloc],
      resultTypes: [transTy],
      attributes: [['order', orderAttr(TRANS_ORDER)]],
      loc: alloc.loc,
    });
    return true;
  },
};

// local_alloc(reshape(x), #shared1) -> memdesc_reshape(local_alloc(x) #shared2)
const reshapeMemDesc: RewritePattern = {
  rootName: LocalAllocOp.opName,
  name: 'ReshapeMemDesc',
  matchAndRewrite(alloc, rewriter) {
    const reshape = LocalAllocOp.src(alloc)?.definingOp;
    if (!ReshapeOp.is(reshape)) return false;
    const allocType = LocalAllocOp.result(alloc).type as MemDescType;
    const srcTy = ReshapeOp.src(reshape).type as RankedTensorType;
    const innerTy = memdescReshapeType(allocType, srcTy.shape);
    if (!innerTy || !(innerTy.encoding instanceof NVMMASharedEncodingAttr)) return false;
    const newAlloc = create(rewriter, LocalAllocOp.opName, [ReshapeOp.src(reshape)], innerTy, alloc.loc);
    rewriter.replaceOpWithNewOp(alloc, { name: MemDescReshapeOp.opName, operands: [newAlloc], resultTypes: [allocType], loc: alloc.loc });
    return true;
  },
};

export const OPTIMIZE_DOT_OPERANDS_PATTERNS: readonly RewritePattern[] = [swizzleShmemConvert, fuseTransMMAV3Plus, reshapeMemDesc, ...CONVERT_LAYOUT_CANONICALIZATIONS];

export function optimizeDotOperands(module: Operation): void {
  runCanonicalizer(module);
  applyPatternsGreedily(module, OPTIMIZE_DOT_OPERANDS_PATTERNS, { useTopDownTraversal: false });
}

registerPass({
  name: 'tritongpu-optimize-dot-operands',
  className: 'TritonGPUOptimizeDotOperands',
  description: 'fuse transpositions',
  options: {
    'hoist-layout-conversion': { type: 'bool', default: true, description: 'whether to move conver to dot operand earlier pass elementwise ops' },
  },
  run(module, _options, ctx) {
    if (!requireTritonGpuIR(module, ctx, 'tritongpu-optimize-dot-operands')) return;
    optimizeDotOperands(module);
  },
});
