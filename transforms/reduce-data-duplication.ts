/**
 * `--tritongpu-reduce-data-duplication`: routes every `ttg.convert_layout` to a `#ttg.dot_op` layout that needs
 * shared memory (not a register permutation, not a warp shuffle, not the fp8 mma-v3 shortcut) through an explicit
 * `ttg.local_alloc` + `ttg.local_load`, reproducing Triton 3.6's TritonGPUReduceDataDuplication. The staging buffer
 * gets the swizzled layout `SwizzledSharedEncodingAttr::get(dotOpEnc, shape, order, CGALayout, elemType)` of the
 * source's memory order: for an NVIDIA MMA parent, perPhase = max(1024 / (bits · K), 1) rows share a phase
 * (K the contiguous dim's per-CTA size), vec = 4 · kWidth when the contiguous dim is K (8 otherwise), and
 * maxPhase = max(min(stride, 1024 / (vec · bits)) / perPhase, 1) so that a phase covers the 32 banks.
 */
import type { Operation } from '../dialect/ir/ir.js';
import { RankedTensorType } from '../dialect/ir/type.js';
import { DotOperandEncodingAttr, SharedEncodingAttr, SharedMemorySpaceAttr } from '../dialect/ttg/attrs/index.js';
import { getCGALayout, getOrderForMemory } from '../dialect/ttg/layout-queries.js';
import { MemDescType } from '../dialect/ttg/types.js';
import { createOperation } from '../dialect/ir/create.js';
import { registerPass } from './pass.js';
import { requireTritonGpuIR } from './preconditions.js';
import { ConvertLayoutOp, LocalAllocOp, LocalLoadOp } from '../dialect/ttg/ops.js';
import { bitWidthOf, swizzledSharedForDotOperand } from '../dialect/ttg/utils/mma-utils.js';
import { cvtNeedsSharedMemory } from '../analysis/dot-operand-cvt.js';

export function reduceDataDuplication(module: Operation): void {
  module.walkPostOrder((cvt) => {
    if (!ConvertLayoutOp.is(cvt)) return;
    const srcType = ConvertLayoutOp.src(cvt).type;
    const dstType = ConvertLayoutOp.result(cvt).type;
    if (!(srcType instanceof RankedTensorType) || !(dstType instanceof RankedTensorType)) return;
    const srcEnc = srcType.encoding;
    if (!srcEnc || srcEnc instanceof SharedEncodingAttr) return;
    const dstDotOp = dstType.encoding;
    if (!(dstDotOp instanceof DotOperandEncodingAttr)) return;
    if (!cvtNeedsSharedMemory(srcType, dstType)) return;
    const order = getOrderForMemory(srcEnc, srcType.shape);
    const shared = swizzledSharedForDotOperand(dstDotOp, srcType.shape, order, getCGALayout(srcEnc), bitWidthOf(srcType.elementType));
    if (!shared) return;
    const tmpType = MemDescType.get({ shape: dstType.shape, elementType: dstType.elementType, encoding: shared, memorySpace: SharedMemorySpaceAttr.get() });
    const block = cvt.parent!;
    const alloc = block.insertBefore(cvt, createOperation({ name: LocalAllocOp.opName, operands: [ConvertLayoutOp.src(cvt)], resultTypes: [tmpType], loc: cvt.loc }));
    const load = block.insertBefore(cvt, createOperation({ name: LocalLoadOp.opName, operands: [LocalAllocOp.result(alloc)], resultTypes: [dstType], loc: cvt.loc }));
    ConvertLayoutOp.result(cvt).replaceAllUsesWith(LocalLoadOp.result(load));
    cvt.erase();
  });
}

registerPass({
  name: 'tritongpu-reduce-data-duplication',
  className: 'TritonGPUReduceDataDuplication',
  description: 'Reduce data duplication in register by decomposing convert[distributed -> dotOperand] into convert[distributed -> shared -> dotOperand]',
  run(module, _options, ctx) {
    if (!requireTritonGpuIR(module, ctx, 'tritongpu-reduce-data-duplication')) return;
    reduceDataDuplication(module);
  },
});
