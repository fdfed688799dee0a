/**
 * `cf.br` / `cf.cond_br` (MLIR's ControlFlowToLLVM): branch operands of tensor / memdesc type pass their struct to
 * the struct-typed successor block arguments.
 */
import type { Value } from '../dialect/ir/ir.js';
import { registerLowering, type LoweringContext } from './conversion.js';
import { BranchOp, CondBranchOp } from '../dialect/cf/ops.js';

function packed(ctx: LoweringContext, vals: readonly Value[]): Value[] {
  return vals.map((v) => ctx.lookupPacked(v));
}

registerLowering(BranchOp, (op, ctx) => {
  ctx.b.create('llvm.br', packed(ctx, op.operandValues), [], [], { successors: [op.successors[0]!] });
});

registerLowering(CondBranchOp, (op, ctx) => {
  const cond = ctx.scalar(CondBranchOp.condition);
  const t = packed(ctx, op.operandGroup('trueDestOperands'));
  const f = packed(ctx, op.operandGroup('falseDestOperands'));
  const attrs = op.getAttr('branch_weights') ? ([['branch_weights', op.getAttr('branch_weights')!]] as const) : [];
  ctx.b.create('llvm.cond_br', [cond, ...t, ...f], [], attrs.map(([k, v]) => [k, v]), {
    operandSegments: [1, t.length, f.length],
    successors: [op.successors[0]!, op.successors[1]!],
  });
});
