/**
 * BlockedToMMAv5 of `tritongpu-accelerate-matmul` (Triton 3.6's AccelerateMatmul.cpp, benefit 10, tried before
 * BlockedToMMA): on sm100-sm10x a `tt.dot` that MMA v5 supports becomes a Blackwell `ttng.tc_gen5_mma`:
 * - A and B go to shared memory (`ttg.local_alloc` after their producers, past converts, in the NVMMA layout of
 *   their memory order; f32 operands (tf32) are not transposed: A K-contiguous, B N-contiguous);
 * - the accumulator goes to tensor memory: a `ttng.tensor_memory_encoding` with blockM x blockN of the v5
 *   instruction shape (blockM 128 from M = 128 on, else 64; blockN min(N, 256)), 32 / bits columns per element and
 *   the result's CTA split, allocated (`ttng.tmem_alloc`) from C converted to the default tcgen05.ld/st register
 *   layout (`#ttg.linear`, 32x32b messages);
 * - the MMA (useD and pred true) writes it, a `ttng.tmem_load` reads it back and a convert restores D's layout.
 * Dots whose operands are 32-bit or wider are left to BlockedToMMA unless they ask for tf32. Two-CTA MMAs
 * (a CTA split of [2, 1] on a loaded B) are not supported: a located error.
 */
import type { Operation, Value } from '../dialect/ir/ir.js';
import type { RewritePattern } from '../dialect/ir/rewrite/pattern.js';
import { FloatType, IntegerType, RankedTensorType, type Type } from '../dialect/ir/type.js';
import { IntegerAttr } from '../dialect/ir/attribute.js';
import { ConstantOp } from '../dialect/arith/ops.js';
import { DescriptorGatherOp, DescriptorLoadOp, DotOp, LoadOp } from '../dialect/tt/ops.js';
import { NvidiaMmaEncodingAttr } from '../dialect/ttg/attrs/index.js';
import { LinearEncodingAttr } from '../dialect/ttg/attrs/linear.js';
import { lookupNumWarps } from '../dialect/ttg/context.js';
import { getCGALayout, getCTASplitNum, getShapePerCTA } from '../dialect/ttg/layout-queries.js';
import { ConvertLayoutOp } from '../dialect/ttg/ops.js';
import { AsyncTokenType, MemDescType } from '../dialect/ttg/types.js';
import { INPUT_PRECISION_TF32, inputPrecisionOf, mmaVersionToInstrShape } from '../dialect/ttg/utils/mma-utils.js';
import { TensorMemoryEncodingAttr, TensorMemorySpaceAttr } from '../dialect/ttng/attrs.js';
import { TCGen5MMAOp } from '../dialect/ttng/mma-v5-ops.js';
import { TMEMAllocOp, TMEMLoadOp } from '../dialect/ttng/ops.js';
import { defaultTmemRegisterLayout } from '../dialect/ttng/tmem-layouts.js';
import type { PassContext } from './pass.js';
import { computeOrigBitWidth, getMMAVersionSafe, getSharedMemoryMMAOperand } from './accelerate-matmul.js';

function tensorOf(v: Value): RankedTensorType {
  const t = v.type;
  if (!(t instanceof RankedTensorType)) throw new Error('expected a ranked tensor');
  return t;
}

function bits(t: Type): number {
  return t instanceof IntegerType || t instanceof FloatType ? t.width : 32;
}

/** canUseTwoCTAs: a [2, 1] CTA split of an M >= 64, N >= 32 result whose B comes (past converts) from a load. */
function canUseTwoCTAs(dot: Operation, retType: RankedTensorType): boolean {
  const split = getCTASplitNum(retType.encoding!);
  if (split.length !== 2 || split[0] !== 2 || split[1] !== 1) return false;
  const perCTA = getShapePerCTA(retType.encoding!, retType.shape);
  if (perCTA[0]! < 64 || perCTA[1]! < 32) return false;
  let b = DotOp.b(dot);
  for (let def = b.definingOp; def && ConvertLayoutOp.is(def); def = b.definingOp) b = ConvertLayoutOp.src(def);
  const def = b.definingOp;
  return def !== undefined && (LoadOp.is(def) || DescriptorLoadOp.is(def) || DescriptorGatherOp.is(def));
}

export function blockedToMMAv5(cc: number, ctx: PassContext | undefined): RewritePattern {
  return {
    rootName: DotOp.opName,
    benefit: 10,
    name: 'BlockedToMMAv5',
    matchAndRewrite(dot, rewriter) {
      const retType = tensorOf(dot.result(0));
      if (!retType.encoding || retType.encoding instanceof NvidiaMmaEncodingAttr) return false;
      const perCTA = getShapePerCTA(retType.encoding, retType.shape);
      const numWarps = lookupNumWarps(dot);
      const cga = getCGALayout(retType.encoding);
      if (getMMAVersionSafe(cc, dot, ctx) !== 5) return false;
      let a = DotOp.a(dot);
      let b = DotOp.b(dot);
      if (Math.min(computeOrigBitWidth(a), computeOrigBitWidth(b)) >= 32 && inputPrecisionOf(dot) !== INPUT_PRECISION_TF32) return false;
      const aElem = tensorOf(a).elementType;
      if (canUseTwoCTAs(dot, retType)) {
        ctx?.emitError(dot, 'tt.dot: a two-CTA MMA v5 (CTA split [2, 1]) is not supported');
        ctx?.signalPassFailure();
        return false;
      }
      // tf32 operands cannot be transposed (that needs a 128B swizzle with 32B atomicity).
      const allowTranspose = !(aElem instanceof FloatType && aElem.kind === 'f32');
      a = getSharedMemoryMMAOperand(rewriter, a, 0, allowTranspose, dot, undefined);
      b = getSharedMemoryMMAOperand(rewriter, b, 1, allowTranspose, dot, undefined);
      const instr = mmaVersionToInstrShape(5, perCTA, aElem, numWarps);
      const split = getCTASplitNum(retType.encoding);
      const accEnc = TensorMemoryEncodingAttr.get({
        blockM: instr[0]!,
        blockN: instr[1]!,
        colStride: 32 / bits(retType.elementType),
        ctaSplitM: split[0]!,
        ctaSplitN: split[1]!,
        twoCTAs: false,
      });
      const accMemTy = MemDescType.get({ shape: retType.shape, elementType: retType.elementType, encoding: accEnc, memorySpace: TensorMemorySpaceAttr.get(), mutableMemory: true });
      const ll = defaultTmemRegisterLayout(accMemTy, numWarps, cga);
      if (!ll) return false;
      const base = (d: string): number[][] => (ll.hasInDim(d) ? ll.getBases().get(d)!.map((x) => [...x]) : []);
      const regEnc = LinearEncodingAttr.get({ register: base('register'), lane: base('lane'), warp: base('warp'), block: base('block') }, retType.rank);
      const accTy = retType.withEncoding(regEnc);
      const loc = dot.loc;
      const tok = AsyncTokenType.get();
      const cvtAcc = rewriter.create({ name: ConvertLayoutOp.opName, operands: [DotOp.c(dot)], resultTypes: [accTy], loc }).result(0);
      const acc = rewriter.create({ name: TMEMAllocOp.opName, operands: [cvtAcc], resultTypes: [accMemTy, tok], loc });
      const vTrue = rewriter.create({ name: ConstantOp.opName, resultTypes: [IntegerType.get(1)], attributes: [['value', IntegerAttr.bool(true)]], loc }).result(0);
      const mma = rewriter.create({
        name: TCGen5MMAOp.opName,
        operands: [a, b, acc.result(0), acc.result(1), vTrue, vTrue],
        operandSegments: [1, 1, 1, 1, 1, 1, 0, 0],
        resultTypes: [tok],
        loc,
      });
      const ld = rewriter.create({ name: TMEMLoadOp.opName, operands: [acc.result(0), mma.result(0)], resultTypes: [accTy, tok], loc });
      rewriter.replaceOpWithNewOp(dot, { name: ConvertLayoutOp.opName, operands: [ld.result(0)], resultTypes: [retType], loc });
      return true;
    },
  };
}
