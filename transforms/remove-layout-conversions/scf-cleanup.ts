/**
 * The loop/conditional cleanups the layout pass runs last (local until scf canonicalization lands elsewhere):
 *
 * - ForOpDeadArgElimination (Triton's populateForOpDeadArgumentElimination): iter args whose values only feed
 *   themselves are made loop-invariant (their yield operand becomes the block argument), for DCE.
 * - ForOpIterArgsFolder (MLIR scf.for canonicalization): drops iter args that are forwarded (yield of the
 *   argument or of the init), unused, or duplicates of an earlier (init, yield) pair.
 * - IfOp RemoveUnusedResults (MLIR scf.if canonicalization): drops unused results.
 */
import { createOperation } from '../../dialect/ir/create.js';
import type { Block, Operation, Value } from '../../dialect/ir/ir.js';
import type { PatternRewriter } from '../../dialect/ir/rewriter.js';
import { wouldOpBeTriviallyDead } from '../../dialect/ir/traits.js';
import type { RewritePattern } from '../rewrite/pattern.js';
import { getConstantValue } from '../rewrite/registry.js';
import { IntegerAttr } from '../../dialect/ir/attribute.js';

function body(forOp: Operation): Block {
  return forOp.region(0).entry!;
}

export const FOR_OP_DEAD_ARG_ELIMINATION: RewritePattern = {
  name: 'ForOpDeadArgElimination',
  rootName: 'scf.for',
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
        if (op.name !== 'scf.yield' && op.name !== 'scf.for' && !wouldOpBeTriviallyDead(op)) for (const o of op.operandValues) markLive(o);
      }),
    );
    while (queue.length) {
      const v = queue.pop()!;
      const def = v.definingOp;
      if (def && def.name === 'scf.for') {
        const idx = (v as unknown as { index: number }).index;
        markLive(def.operand(3 + idx));
        markLive(body(def).terminator!.operand(idx));
        continue;
      }
      if (def && def.name === 'scf.if') {
        const idx = (v as unknown as { index: number }).index;
        markLive(def.operand(0));
        for (const r of def.regions) markLive(r.entry!.terminator!.operand(idx));
        continue;
      }
      if (def) {
        if (def.name === 'scf.while') return false;
        for (const o of def.operandValues) markLive(o);
        continue;
      }
      const arg = v as unknown as { owner: Block; index: number };
      const owner = arg.owner.parentOp;
      if (owner && owner.name === 'scf.for') {
        if (arg.index < 1) continue;
        const i = arg.index - 1;
        markLive(body(owner).terminator!.operand(i));
        markLive(owner.operand(3 + i));
      }
    }
    const dead: number[] = [];
    yieldOp.operands.forEach((o, i) => {
      const v = o.value;
      if (alive.has(v)) return;
      if (v === block.args[i + 1]) return;
      const owner = v.parentBlock?.parentOp;
      const inside = !!owner && forOp.isAncestorOf(owner);
      if (!inside && v !== forOp.operand(3 + i)) return;
      dead.push(i);
    });
    if (dead.length === 0) return false;
    rewriter.modifyOpInPlace(forOp, () => {
      for (const i of dead) yieldOp.setOperand(i, block.args[i + 1]!);
    });
    return true;
  },
};

const forOpIterArgsFolder: RewritePattern = {
  name: 'ForOpIterArgsFolder',
  rootName: 'scf.for',
  matchAndRewrite(forOp, rewriter) {
    const block = body(forOp);
    const yieldOp = block.terminator!;
    const inits = forOp.operandValues.slice(3);
    const args = block.args.slice(1);
    let canonicalize = false;
    const keep: boolean[] = [];
    const transfer: (Value | undefined)[] = [undefined];
    const newInits: Value[] = [];
    const results: (Value | undefined)[] = [];
    const seen = new Map<Value, Map<Value, [Value, Value]>>();
    inits.forEach((init, i) => {
      const arg = args[i]!;
      const result = forOp.result(i);
      const yielded = yieldOp.operand(i);
      const forwarded = arg === yielded || init === yielded || (arg.uses.length === 0 && result.uses.length === 0);
      if (forwarded) {
        canonicalize = true;
        keep.push(false);
        transfer.push(init);
        results.push(init);
        return;
      }
      const same = seen.get(init)?.get(yielded);
      if (same) {
        canonicalize = true;
        keep.push(false);
        rewriter.replaceAllUsesWith(arg, same[0]);
        rewriter.replaceAllUsesWith(result, same[1]);
        transfer.push(init);
        results.push(init);
        return;
      }
      let m = seen.get(init);
      if (!m) seen.set(init, (m = new Map()));
      m.set(yielded, [arg, result]);
      keep.push(true);
      newInits.push(init);
      transfer.push(undefined);
      results.push(undefined);
    });
    if (!canonicalize) return false;
    rewriter.setInsertionPoint(forOp);
    const newFor = rewriter.create({
      name: 'scf.for',
      operands: [...forOp.operandValues.slice(0, 3), ...newInits],
      resultTypes: newInits.map((v) => v.type),
      attributes: [...forOp.attributes],
      regions: 1,
      loc: forOp.loc,
    });
    const nb = newFor.region(0).addBlock();
    nb.addArgument(block.args[0]!.type, block.args[0]!.loc);
    for (const v of newInits) nb.addArgument(v.type, forOp.loc);
    transfer[0] = nb.args[0]!;
    let k = 0;
    for (let i = 0; i < results.length; i++) {
      if (!transfer[i + 1]) {
        transfer[i + 1] = nb.args[1 + k]!;
        results[i] = newFor.result(k++);
      }
    }
    rewriter.mergeBlocks(block, nb, transfer as Value[]);
    const merged = nb.terminator!;
    rewriter.setInsertionPoint(merged);
    rewriter.create({ name: 'scf.yield', operands: merged.operandValues.filter((_, i) => keep[i]), loc: merged.loc });
    rewriter.eraseOp(merged);
    rewriter.replaceOp(forOp, results as Value[]);
    return true;
  },
};

function constInt(v: Value): bigint | undefined {
  const a = getConstantValue(v);
  return a instanceof IntegerAttr ? a.value : undefined;
}

/** ub - lb when both are constants or ub = lb + constant. */
function constDiff(lb: Value, ub: Value): bigint | undefined {
  const l = constInt(lb);
  const u = constInt(ub);
  if (l !== undefined && u !== undefined) return u - l;
  const d = ub.definingOp;
  if (d && d.name === 'arith.addi' && d.operand(0) === lb) return constInt(d.operand(1));
  return undefined;
}

/** MLIR's SimplifyTrivialLoops: loops with 0 or 1 iterations, and empty loops yielding outside values. */
const simplifyTrivialLoops: RewritePattern = {
  name: 'SimplifyTrivialLoops',
  rootName: 'scf.for',
  matchAndRewrite(op, rewriter) {
    const [lb, ub, step] = [op.operand(0), op.operand(1), op.operand(2)];
    const inits = op.operandValues.slice(3);
    if (lb === ub) {
      rewriter.replaceOp(op, inits);
      return true;
    }
    const diff = constDiff(lb, ub);
    if (diff === undefined) return false;
    if (diff <= 0n) {
      rewriter.replaceOp(op, inits);
      return true;
    }
    const st = constInt(step);
    if (st === undefined) return false;
    const block = body(op);
    if (st >= diff) {
      const y = block.terminator!;
      rewriter.inlineBlockBefore(block, op.parent!, op, [lb, ...inits]);
      const results = y.operandValues;
      rewriter.eraseOp(y);
      rewriter.replaceOp(op, results);
      return true;
    }
    if (block.ops.length !== 1) return false;
    const yielded = block.terminator!.operandValues;
    if (yielded.some((v) => { const o = v.parentBlock?.parentOp; return !!o && op.isAncestorOf(o); })) return false;
    rewriter.replaceOp(op, yielded);
    return true;
  },
};

const ifRemoveUnusedResults: RewritePattern = {
  name: 'RemoveUnusedResults',
  rootName: 'scf.if',
  matchAndRewrite(op, rewriter) {
    const used = op.results.filter((r) => r.uses.length > 0);
    if (used.length === op.results.length) return false;
    rewriter.setInsertionPoint(op);
    const newOp = rewriter.create({ name: 'scf.if', operands: op.operandValues, resultTypes: used.map((r) => r.type), regions: 2, attributes: [...op.attributes], loc: op.loc });
    for (let r = 0; r < 2; r++) {
      const src = op.region(r).entry;
      const dest = rewriter.createBlock(newOp.region(r));
      if (!src) continue;
      rewriter.mergeBlocks(src, dest);
      const y = dest.terminator!;
      const ops = used.map((res) => y.operand(res.index));
      rewriter.modifyOpInPlace(y, () => y.setOperands(ops));
    }
    const rep: Value[] = op.results.map((r) => r as Value);
    used.forEach((r, i) => (rep[r.index] = newOp.result(i)));
    rewriter.replaceOp(op, rep);
    return true;
  },
};

/** MLIR's ConvertTrivialIfToSelect: results yielded from outside both branches become arith.select. */
const convertTrivialIfToSelect: RewritePattern = {
  name: 'ConvertTrivialIfToSelect',
  rootName: 'scf.if',
  matchAndRewrite(op, rewriter) {
    if (op.results.length === 0) return false;
    const cond = op.operand(0);
    const thenY = op.region(0).entry!.terminator!;
    const elseY = op.region(1).entry!.terminator!;
    const thenArgs = thenY.operandValues;
    const elseArgs = elseY.operandValues;
    const inRegion = (v: Value, r: number): boolean => v.parentBlock?.parent === op.region(r);
    const nonHoistable: Value[] = [];
    thenArgs.forEach((t, i) => {
      if (inRegion(t, 0) || inRegion(elseArgs[i]!, 1)) nonHoistable.push(t);
    });
    if (nonHoistable.length === op.results.length) return false;
    rewriter.setInsertionPoint(op);
    const repl = rewriter.create({ name: 'scf.if', operands: [cond], resultTypes: nonHoistable.map((v) => v.type), regions: 2, loc: op.loc });
    repl.region(0).takeBody(op.region(0));
    repl.region(1).takeBody(op.region(1));
    const results: Value[] = [];
    const trueY: Value[] = [];
    const falseY: Value[] = [];
    rewriter.setInsertionPoint(repl);
    thenArgs.forEach((t, i) => {
      const f = elseArgs[i]!;
      if (t.parentBlock?.parent === repl.region(0) || f.parentBlock?.parent === repl.region(1)) {
        results.push(repl.result(trueY.length));
        trueY.push(t);
        falseY.push(f);
      } else if (t === f) results.push(t);
      else results.push(rewriter.create({ name: 'arith.select', operands: [cond, t, f], resultTypes: [t.type], loc: op.loc }).result(0));
    });
    rewriter.setInsertionPointToEnd(repl.region(0).entry!);
    rewriter.replaceOpWithNewOp(thenY, { name: 'scf.yield', operands: trueY, loc: thenY.loc });
    rewriter.setInsertionPointToEnd(repl.region(1).entry!);
    rewriter.replaceOpWithNewOp(elseY, { name: 'scf.yield', operands: falseY, loc: elseY.loc });
    rewriter.replaceOp(op, results);
    return true;
  },
};

/** MLIR's RemoveStaticCondition: an scf.if on a constant condition is replaced by the taken branch. */
const removeStaticCondition: RewritePattern = {
  name: 'RemoveStaticCondition',
  rootName: 'scf.if',
  matchAndRewrite(op, rewriter) {
    const c = constInt(op.operand(0));
    if (c === undefined) return false;
    const region = c !== 0n ? op.region(0) : op.region(1);
    const block = region.entry;
    if (!block) {
      if (op.results.length) return false;
      rewriter.eraseOp(op);
      return true;
    }
    const y = block.terminator!;
    rewriter.inlineBlockBefore(block, op.parent!, op, []);
    const results = y.operandValues;
    rewriter.eraseOp(y);
    rewriter.replaceOp(op, results);
    return true;
  },
};

/** MLIR's RemoveEmptyElseBranch: a result-less scf.if drops an else branch holding only its yield. */
const removeEmptyElseBranch: RewritePattern = {
  name: 'RemoveEmptyElseBranch',
  rootName: 'scf.if',
  matchAndRewrite(op, rewriter) {
    if (op.results.length) return false;
    const e = op.region(1).entry;
    if (!e || e.ops.length !== 1) return false;
    rewriter.modifyOpInPlace(op, () => rewriter.eraseBlock(e));
    return true;
  },
};

export const SCF_CLEANUP_PATTERNS: readonly RewritePattern[] = [forOpIterArgsFolder, simplifyTrivialLoops, convertTrivialIfToSelect, removeEmptyElseBranch, removeStaticCondition, ifRemoveUnusedResults];

export function makeOp(name: string): Operation {
  return createOperation({ name });
}

export type { PatternRewriter };
