/**
 * First step of convert-warp-specialize-to-llvm (Triton's convertOpTypes): `convert-triton-gpu-to-llvm` leaves
 * `ttg.warp_specialize`, its partitions and `ttg.warp_yield` with their TritonGPU types (`!tt.ptr<i32>`, tensors),
 * bridged to the lowered code by `builtin.unrealized_conversion_cast`s. Here their operands, partition arguments
 * and results take the LLVM types, each change bridged by a new cast (operand: before the op; region argument: at
 * the top of its region; result: after the op), so that reconcile-unrealized-casts can then fold every cast pair
 * away.
 */
import type { Operation, Value } from '../../dialect/ir/ir.js';
import { Builder } from '../../dialect/ir/builder.js';
import { WarpSpecializeOp, WarpSpecializePartitionsOp, WarpYieldOp } from '../../dialect/ttg/ops.js';
import { convertType } from '../type-converter.js';

const CAST = 'builtin.unrealized_conversion_cast';

function cast(b: Builder, v: Value, to: import('../../dialect/ir/type.js').Type, loc: Operation['loc']): Value {
  return b.create({ name: CAST, operands: [v], resultTypes: [to], loc }).result(0);
}

/** Retypes one op's operands, region arguments and results (see the file header). */
function convertOpTypes(op: Operation, castsBefore: Operation): void {
  const b = new Builder();
  // The captures are operands of the partitions op in our IR but of the warp_specialize op in Triton's, whose
  // casts go before the warp_specialize op.
  b.setInsertionPoint(castsBefore);
  op.setOperands(op.operandValues.map((v) => (convertType(v.type) === v.type ? v : cast(b, v, convertType(v.type), op.loc))));
  for (const region of op.regions) {
    const entry = region.blocks[0];
    if (!entry) continue;
    b.setInsertionPointToStart(entry);
    for (const arg of [...entry.args]) {
      const to = convertType(arg.type);
      if (to === arg.type) continue;
      const old = arg.type;
      // The argument keeps its place; its old-typed uses read a cast of it.
      const bridge = b.create({ name: CAST, operands: [], resultTypes: [old], loc: arg.loc });
      arg.replaceAllUsesWith(bridge.result(0));
      arg.type = to;
      bridge.setOperands([arg]);
    }
  }
  if (op.results.every((r) => convertType(r.type) === r.type)) return;
  b.setInsertionPointAfter(op);
  for (const r of op.results) {
    const to = convertType(r.type);
    if (to === r.type) continue;
    const old = r.type;
    const bridge = b.create({ name: CAST, operands: [], resultTypes: [old], loc: op.loc });
    r.replaceAllUsesWith(bridge.result(0));
    r.type = to;
    bridge.setOperands([r]);
  }
}

/** Converts the types of every warp-specialize op of `mod` (post-order, as Triton's walk). */
export function convertWarpSpecializeOpTypes(mod: Operation): void {
  const ops: Operation[] = [];
  mod.walkPostOrder((op) => {
    if (WarpSpecializeOp.is(op) || WarpSpecializePartitionsOp.is(op) || WarpYieldOp.is(op)) ops.push(op);
  });
  for (const op of ops) {
    const anchor = WarpSpecializePartitionsOp.is(op) ? (op.parentOp ?? op) : op;
    convertOpTypes(op, anchor);
  }
}
