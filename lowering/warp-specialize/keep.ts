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
  const numWarps = WarpSpecializeOp.partitionNumWarps(ws).values;
  const startIds = WarpSpecializeOp.warpGroupStartIds(ws)?.values;
  // Partitions are lowered for their own warps; before warp groups are allocated there is no start warp (Triton
  // asserts when a thread id needs one).
  (parts?.regions ?? []).forEach((region, i) => fn.lowerNestedBlocks(region, { numWarps: numWarps[i]!, startWarp: startIds?.[i] }));
});

registerLowering([WarpYieldOp, WarpReturnOp], (op, ctx) => {
  ctx.fn.keepOp(op);
});
