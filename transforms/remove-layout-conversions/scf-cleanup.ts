/**
 * ForOpDeadArgElimination (Triton's populateForOpDeadArgumentElimination), which the layout pass runs with the
 * scf.for/scf.if canonicalizations of `dialect/scf/canonicalize.ts`: iter args whose values only feed themselves
 * are made loop-invariant (their yield operand becomes the block argument), for DCE.
 */
import type { Block, Operation, Value } from '../../dialect/ir/ir.js';
import { wouldOpBeTriviallyDead } from '../../dialect/ir/traits.js';
import type { RewritePattern } from '../../dialect/ir/rewrite/pattern.js';
import { ForOp, IfOp, WhileOp, YieldOp } from '../../dialect/scf/ops.js';

function body(forOp: Operation): Block {
  return forOp.region(0).entry!;
}

export const FOR_OP_DEAD_ARG_ELIMINATION: RewritePattern = {
  name: 'ForOpDeadArgElimination',
  rootName: ForOp.opName,
  matchAndRewrite(forOp, rewriter) {
    const block = body(forOp);
    const yieldOp = block.terminator!;
    const alive = new Set<Value>();
    const queue: Value[] = [];
    const markLive = (v: Value): void => {
      const owner = v.parentBlock?.parentOp;
      if (!owner || !forOp.isAncestorOf(owner)) return;
      if (!alive.has(v)) {
        alive.add(v);
        queue.push(v);
      }
    };
    forOp.results.forEach((r, i) => {
      if (r.uses.length) markLive(yieldOp.operand(i));
    });
    if (alive.size === forOp.results.length) return false;
    block.ops.forEach((top) =>
      top.walk((op) => {
        if (!YieldOp.is(op) && !ForOp.is(op) && !wouldOpBeTriviallyDead(op)) for (const o of op.operandValues) markLive(o);
      }),
    );
    while (queue.length) {
      const v = queue.pop()!;
      const def = v.definingOp;
      if (def && ForOp.is(def)) {
        const idx = (v as unknown as { index: number }).index;
        markLive(ForOp.initArgs(def)[idx]!);
        markLive(body(def).terminator!.operand(idx));
        continue;
      }
      if (def && IfOp.is(def)) {
        const idx = (v as unknown as { index: number }).index;
        markLive(IfOp.condition(def));
        for (const r of def.regions) markLive(r.entry!.terminator!.operand(idx));
        continue;
      }
      if (def) {
        if (WhileOp.is(def)) return false;
        for (const o of def.operandValues) markLive(o);
        continue;
      }
      const arg = v as unknown as { owner: Block; index: number };
      const owner = arg.owner.parentOp;
      if (owner && ForOp.is(owner)) {
        if (arg.index < 1) continue;
        const i = arg.index - 1;
        markLive(body(owner).terminator!.operand(i));
        markLive(ForOp.initArgs(owner)[i]!);
      }
    }
    const dead: number[] = [];
    yieldOp.operands.forEach((o, i) => {
      const v = o.value;
      if (alive.has(v)) return;
      if (v === block.args[i + 1]) return;
      const owner = v.parentBlock?.parentOp;
      const inside = !!owner && forOp.isAncestorOf(owner);
      if (!inside && v !== ForOp.initArgs(forOp)[i]) return;
      dead.push(i);
    });
    if (dead.length === 0) return false;
    rewriter.modifyOpInPlace(forOp, () => {
      for (const i of dead) yieldOp.setOperand(i, block.args[i + 1]!);
    });
    return true;
  },
};
