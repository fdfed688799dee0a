/**
 * `--tritongpu-accelerate-matmul`: gives every `tt.dot` with a distributed (FMA) result layout a tensor-core
 * layout, reproducing Triton 3.6's TritonGPUAccelerateMatmul (BlockedToMMA, then decomposeMixedModeDotOp).
 * The MMA version is the best one the compute capability (`ttg.target = "cuda:NN"`) offers and `supportMMA`
 * accepts (sm80–89: v2; sm90: v3, else v2; sm < 80: none). The result becomes `#ttg.nvidia_mma` with
 * `mmaVersionToInstrShape` and warpsPerTileV2 (chained dots share the other dot's warps or stack them on the
 * longer dim; otherwise warps balance repM/repN) or warpsPerTileV3 (all warps on M under a chained dot, else
 * (4,1) grown towards M then N). v2 converts A and B to `#ttg.dot_op` with kWidth = 32 / (smallest element
 * width loaded along the operands' elementwise chains); v3 emits `ttng.warp_group_dot` on `ttg.local_alloc`ed
 * operands in `#ttg.nvmma_shared` (swizzle from the contiguous bytes, transposed memory only for f16/bf16),
 * keeping A in registers when it does not come from a load or block argument. Rewrites run under MLIR's greedy
 * driver (bottom-up), so allocations of block arguments stack at the block start in Triton's order. Finally
 * fp8 operands of MMA v2 dots are promoted to f16 (except on sm89) and FMA dots get operands of the
 * accumulator's type.
 */
import type { Attribute } from '../dialect/ir/attribute.js';
import type { Operation, Value } from '../dialect/ir/ir.js';
import type { Location } from '../dialect/ir/location.js';
import type { PatternRewriter } from '../dialect/ir/rewriter.js';
import { IntegerAttr } from '../dialect/ir/attribute.js';
import { createOperation } from '../dialect/ir/create.js';
import { FloatType, RankedTensorType } from '../dialect/ir/type.js';
import { NvidiaMmaEncodingAttr, SharedMemorySpaceAttr } from '../dialect/ttg/attrs/index.js';
import { getCGALayout, getOrderForMemory, getShapePerCTA } from '../dialect/ttg/layout-queries.js';
import { MemDescType } from '../dialect/ttg/types.js';
import { registerPass, type PassContext } from './pass.js';
import { blockedToMMAv5 } from './accelerate-matmul-v5.js';
import { applyPatternsGreedily } from '../dialect/ir/rewrite/greedy.js';
import type { RewritePattern } from '../dialect/ir/rewrite/pattern.js';
import { productOf } from '../dialect/ttg/utils/layout.js';
import { lookupNumWarps } from '../dialect/ttg/context.js';
import {
  bitWidthOf,
  comesFromLoadOrBlockArg,
  requireComputeCapability,
  dotOperandEncoding,
  getBackwardSliceOfValue,
  getForwardSliceOfValue,
  getSlice,
  isBF16,
  isElementwisePure,
  isF16,
  isF64,
  isFloat8,
  isFloatKind,
  isViewOp,
  mmaVersionToInstrShape,
  nvmmaSharedForShape,
  supportMMA,
  tensorOf,
} from '../dialect/ttg/utils/mma-utils.js';
import { BroadcastOp, DescriptorLoadOp, DotOp, DotScaledOp, FpToFpOp, JoinOp, LoadOp, TransOp } from '../dialect/tt/ops.js';
import { ExtFOp } from '../dialect/arith/ops.js';
import { isAnyOf } from '../dialect/ir/op-handle.js';
import { ConvertLayoutOp, Fp4ToFpOp, LocalAllocOp } from '../dialect/ttg/ops.js';
import { WarpGroupDotOp } from '../dialect/ttng/ops.js';


function valueLoc(v: Value): Location {
  const def = v.definingOp;
  return def ? def.loc : (v as unknown as { loc: Location }).loc;
}

// ---- version and warps ------------------------------------------------------------------------------

/** getMMAVersionSafe: the first MMA version of the target's preference list that supports the dot (0: none). */
export function getMMAVersionSafe(cc: number, dot: Operation, ctx?: PassContext): number {
  let versions: number[];
  if (cc < 75) versions = [1];
  else if (cc < 90) versions = [2];
  else if (cc < 100) versions = [3, 2];
  else if (cc < 110) versions = [5, 2];
  else if (cc < 130) versions = [2];
  else versions = [];
  for (const v of versions) {
    if (supportMMA(dot, v)) return v;
    if ((v === 3 || v === 5) && ctx) {
      ctx
        .emitRemark(dot, `MMA version ${v} acceleration not applied due to unsupported shapes or data types.`)
        .attachNote(`Target compute capability (${cc}) supports MMA v${v}.`);
    }
  }
  return 0;
}

/** warpsPerTileV2: chained dots reuse an mma dot's warps (or stack all warps on the longer dim); else balance repM/repN. */
export function warpsPerTileV2(dot: Operation, shape: readonly number[], numWarps: number): number[] {
  const rank = shape.length;
  if (rank === 3) return [numWarps, 1, 1];
  const region = dot.parent?.parent;
  const filter = (op: Operation): boolean => op.parent?.parent === region && !TransOp.is(op);
  let hasChainedDot = false;
  for (const op of getSlice(dot, filter, filter)) {
    if ((!DotOp.is(op) && !DotScaledOp.is(op)) || op === dot) continue;
    const resTy = tensorOf(op.result(0));
    if (resTy.rank !== rank) continue;
    if (resTy.encoding instanceof NvidiaMmaEncodingAttr) return [...resTy.encoding.warpsPerCTA];
    hasChainedDot = true;
  }
  if (hasChainedDot) return shape[0]! >= shape[1]! ? [numWarps, 1] : [1, numWarps];
  const warps = [1, 1];
  const reps = [Math.ceil(shape[0]! / 16), Math.ceil(shape[1]! / 8)];
  while (productOf(warps) < numWarps) {
    if (reps[0]! >= reps[1]!) {
      warps[0]! *= 2;
      if (reps[0] !== 1) reps[0] = Math.trunc(reps[0]! / 2);
    } else {
      warps[1]! *= 2;
      reps[1] = Math.trunc(reps[1]! / 2);
    }
  }
  return warps;
}

/** warpsPerTileV3: all warps on M when the result feeds another dot; else grow (4, 1) along M while M is larger. */
export function warpsPerTileV3(dot: Operation, shape: readonly number[], numWarps: number, instrShape: readonly number[]): number[] {
  if (getForwardSliceOfValue(dot.result(0)).some((op) => op.hasTrait('DotOpInterface'))) return [numWarps, 1];
  const ret = [4, 1];
  const perWarpM = 16;
  void instrShape;
  while (ret[0]! * ret[1]! < numWarps) {
    if (shape[0]! > perWarpM * ret[0]!) ret[0]! *= 2;
    else ret[1]! *= 2;
  }
  return ret;
}

// ---- operands -------------------------------------------------------------------------------------------

function bwdFilter(op: Operation): boolean {
  return (
    isElementwisePure(op) ||
    isViewOp(op) ||
    isAnyOf(op, [Fp4ToFpOp, LoadOp, DescriptorLoadOp, BroadcastOp, ConvertLayoutOp])
  );
}

/** computeOrigBitWidth: the smallest element width loaded along the elementwise/view chain producing `x`. */
export function computeOrigBitWidth(x: Value): number {
  const slice = getBackwardSliceOfValue(x, { omitBlockArguments: true, filter: bwdFilter });
  if (slice.some((op) => Fp4ToFpOp.is(op))) return 4;
  let orig = bitWidthOf(tensorOf(x).elementType);
  for (const op of slice) {
    if (!LoadOp.is(op) && !DescriptorLoadOp.is(op)) continue;
    const t = op.results[0]?.type;
    if (t instanceof RankedTensorType) orig = Math.min(orig, bitWidthOf(t.elementType));
  }
  if (slice.some((op) => JoinOp.is(op))) orig = Math.trunc(orig / 2);
  return orig;
}

function createConvert(rewriter: PatternRewriter, v: Value, type: RankedTensorType, loc: Location): Value {
  return rewriter.create({ name: ConvertLayoutOp.opName, operands: [v], resultTypes: [type], loc }).result(0);
}

/** convertDotOperandForMMA: a convert of `v` to the dot operand layout of the new mma result. */
function convertDotOperandForMMA(rewriter: PatternRewriter, v: Value, opIdx: number, bitwidth: number, mma: Attribute): Value {
  const t = tensorOf(v);
  return createConvert(rewriter, v, t.withEncoding(dotOperandEncoding(opIdx, mma, bitwidth)), valueLoc(v));
}

/**
 * getSharedMemoryMMAOperand: a local_alloc (right after the producer, past converts) of `v` in the NVMMA shared
 * layout of its memory order, or the order the MMA needs when it cannot transpose.
 */
export function getSharedMemoryMMAOperand(
  rewriter: PatternRewriter,
  v: Value,
  opIdx: number,
  allowTranspose: boolean,
  dot: Operation,
  ctx: PassContext | undefined,
): Value {
  let arg = v;
  for (let def = arg.definingOp; ConvertLayoutOp.is(def); def = arg.definingOp) arg = ConvertLayoutOp.src(def);
  const argType = tensorOf(arg);
  const order = getOrderForMemory(argType.encoding!, argType.shape);
  let newOrder = order;
  if (!allowTranspose) newOrder = opIdx === 1 ? [0, 1] : [1, 0];
  if (newOrder.join() !== order.join() && ctx) {
    ctx.emitWarning(
      dot,
      `Warning: Forcing a different order [${newOrder[0]}, ${newOrder[1]}] on SMEM than the register order for the operand ${opIdx}. ` +
        'Registers will be transposed before SMEM store and the pipelined load for this operand will be disabled, so poor performance is expected. ' +
        'Recommendation: consider transposing the operand in global memory to remove the need to transpose the tensor in registers.',
    );
  }
  const cga = getCGALayout(argType.encoding!);
  const layout = nvmmaSharedForShape(argType.shape, newOrder, cga, bitWidthOf(argType.elementType));
  const type = MemDescType.get({ shape: argType.shape, elementType: argType.elementType, encoding: layout, memorySpace: SharedMemorySpaceAttr.get() });
  return rewriter.withInsertionGuard(() => {
    rewriter.setInsertionPointAfterValue(arg);
    return rewriter.create({ name: LocalAllocOp.opName, operands: [arg], resultTypes: [type], loc: valueLoc(arg) }).result(0);
  });
}

function dotAttrs(dot: Operation): [string, Attribute][] {
  const out: [string, Attribute][] = [];
  out.push(['inputPrecision', DotOp.inputPrecision(dot)]);
  out.push(['maxNumImpreciseAcc', DotOp.maxNumImpreciseAcc(dot)]);
  return out;
}

// ---- BlockedToMMA -----------------------------------------------------------------------------------

function blockedToMMA(cc: number, ctx: PassContext | undefined): RewritePattern {
  return {
    rootName: DotOp.opName,
    benefit: 1,
    name: 'BlockedToMMA',
    matchAndRewrite(dot, rewriter) {
      if (cc < 70) return false;
      if (cc < 80) {
        ctx?.emitRemark(dot, `Dot op using MMA for compute capability ${cc} has been deprecated. It falls back to the FMA path.`);
        return false;
      }
      const retType = tensorOf(dot.result(0));
      if (!retType.encoding || retType.encoding instanceof NvidiaMmaEncodingAttr) return false;
      let a = DotOp.a(dot);
      let b = DotOp.b(dot);
      const aType = tensorOf(a);
      const bType = tensorOf(b);
      if ((isF64(aType.elementType) || isF64(bType.elementType) || isF64(retType.elementType)) && !(cc === 80 || cc === 90)) return false;

      const version = getMMAVersionSafe(cc, dot, ctx);
      if (version !== 2 && version !== 3) return false;
      // createMMAEncodingForDot
      const numWarps = lookupNumWarps(dot);
      const cga = getCGALayout(retType.encoding);
      const perCTA = getShapePerCTA(retType.encoding, retType.shape);
      const instrShape = mmaVersionToInstrShape(version, perCTA, aType.elementType, numWarps);
      const warps = version === 2 ? warpsPerTileV2(dot, perCTA, numWarps) : warpsPerTileV3(dot, perCTA, numWarps, instrShape);
      const mma = NvidiaMmaEncodingAttr.get({
        versionMajor: version,
        versionMinor: cc === 75 ? 1 : 0,
        warpsPerCTA: warps,
        cgaLayout: cga,
        instrShape,
      });
      const newRetType = retType.withEncoding(mma);
      const oldAcc = DotOp.c(dot);
      const newAcc = createConvert(rewriter, oldAcc, newRetType, valueLoc(oldAcc));

      let newDot: Operation;
      const aFromLoad = comesFromLoadOrBlockArg(a);
      if (version === 3) {
        const elt = aType.elementType;
        const allowTranspose = isF16(elt) || isBF16(elt);
        if (!aFromLoad) a = convertDotOperandForMMA(rewriter, a, 0, bitWidthOf(elt), mma);
        else a = getSharedMemoryMMAOperand(rewriter, a, 0, allowTranspose, dot, ctx);
        b = getSharedMemoryMMAOperand(rewriter, b, 1, allowTranspose, dot, ctx);
        newDot = rewriter.create({
          name: WarpGroupDotOp.opName,
          operands: [a, b, newAcc],
          resultTypes: [newRetType],
          attributes: [...dotAttrs(dot), ['isAsync', IntegerAttr.bool(false)]],
          loc: dot.loc,
        });
      } else {
        const minBitwidth = Math.min(computeOrigBitWidth(a), computeOrigBitWidth(b));
        a = convertDotOperandForMMA(rewriter, a, 0, minBitwidth, mma);
        b = convertDotOperandForMMA(rewriter, b, 1, minBitwidth, mma);
        newDot = rewriter.create({ name: DotOp.opName, operands: [a, b, newAcc], resultTypes: [newRetType], attributes: dotAttrs(dot), loc: dot.loc });
      }
      rewriter.replaceOpWithNewOp(dot, { name: ConvertLayoutOp.opName, operands: [newDot.result(0)], resultTypes: [retType], loc: dot.loc });
      return true;
    },
  };
}

// ---- decomposeMixedModeDotOp ------------------------------------------------------------------------

function mmav2SupportsFp8Operands(cc: number): boolean {
  return cc === 89 || cc === 120;
}

function promoteOperand(dot: Operation, operand: Value, promoted: FloatType): Value {
  const t = tensorOf(operand);
  const name = isFloat8(t.elementType) ? FpToFpOp.opName : ExtFOp.opName;
  const op = dot.parent!.insertBefore(dot, createOp(name, operand, t.withElementType(promoted), dot.loc));
  return op.result(0);
}

function createOp(name: string, operand: Value, type: RankedTensorType, loc: Location): Operation {
  return createOperation({ name, operands: [operand], resultTypes: [type], loc });
}

/** decomposeMixedModeDotOp: promotes operands the chosen MMA (or FMA) cannot take natively. */
export function decomposeMixedModeDotOp(module: Operation, cc: number): void {
  module.walkPostOrder((dot) => {
    if (!DotOp.is(dot)) return;
    const dTy = tensorOf(DotOp.d(dot));
    const aElt = tensorOf(DotOp.a(dot)).elementType;
    let promote: FloatType;
    if (dTy.encoding instanceof NvidiaMmaEncodingAttr) {
      const nativeFp8 = isFloatKind(aElt, 'f8E5M2', 'f8E4M3FN');
      if (!nativeFp8 || mmav2SupportsFp8Operands(cc) || dTy.encoding.isHopper()) return;
      promote = FloatType.get('f16');
    } else {
      if (aElt === dTy.elementType) return;
      promote = dTy.elementType as FloatType;
    }
    const pa = promoteOperand(dot, DotOp.a(dot), promote);
    const pb = promoteOperand(dot, DotOp.b(dot), promote);
    dot.setOperand(0, pa);
    dot.setOperand(1, pb);
  });
}

/** Runs the pass on a module. */
export function accelerateMatmul(module: Operation, ctx?: PassContext): void {
  const cc = requireComputeCapability(module);
  applyPatternsGreedily(module, [blockedToMMA(cc, ctx), blockedToMMAv5(cc, ctx)], { useTopDownTraversal: false });
  decomposeMixedModeDotOp(module, cc);
}

registerPass({
  name: 'tritongpu-accelerate-matmul',
  className: 'TritonGPUAccelerateMatmul',
  description: 'accelerate matmul',
  run(module, _options, ctx) {
    accelerateMatmul(module, ctx);
  },
});
