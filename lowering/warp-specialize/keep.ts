/**
 * `convert-triton-gpu-to-llvm` keeps `ttg.warp_specialize` (Triton marks it and its terminators legal; they are
 * lowered later by convert-warp-specialize-to-llvm) but lowers the ops of its default and partition regions in
 * place. The op, its captures and its terminators keep their TritonGPU types: lowered values they use are cast
 * back, and lowered ops that use their results or the partitions' arguments read a cast to the LLVM type.
 */
import { WarpReturnOp, WarpSpecializeOp, WarpYieldOp } from '../../dialect/ttg/ops.js';
import { registerLowering } from '../conversion.js';
import { partitionsOf } from './captures.js';

registerLowering(WarpSpecializeOp, (op, ctx) => {
  const fn = ctx.fn;
  const ws = fn.keepOp(op);
  ctx.replaced = true;
  const parts = partitionsOf(ws);
  if (parts) parts.setOperands(parts.operandValues.map((v) => fn.unloweredValue(v)));
  fn.lowerNestedBlocks(ws.regions[0]!);
  for (const region of parts?.regions ?? []) fn.lowerNestedBlocks(region);
});

registerLowering([WarpYieldOp, WarpReturnOp], (op, ctx) => {
  ctx.fn.keepOp(op);
});
