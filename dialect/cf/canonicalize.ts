/**
 * Canonicalization of `cf.br` and `cf.cond_br` (MLIR's ControlFlowOps patterns, as Triton 3.6's -canonicalize runs
 * them): a branch to a block whose only predecessor is the branch's block merges the two; a branch to a block that
 * only forwards to another block goes there directly; a conditional branch on a constant, or with two identical
 * successors, becomes an unconditional one; a conditional branch in a block reached only from a conditional branch
 * on the same condition takes the known side; and the condition is known true (false) inside a successor that only
 * that branch reaches.
 */
import { IntegerAttr } from '../ir/attribute.js';
import type { Block, Operation, Value } from '../ir/ir.js';
import type { PatternRewriter } from '../ir/rewriter.js';
import { IntegerType } from '../ir/type.js';
import type { RewritePattern } from '../ir/rewrite/pattern.js';
import { getConstantValue, registerCanonicalization } from '../ir/rewrite/registry.js';

/** A successor and the values passed to it. */
interface Edge {
  dest: Block;
  operands: readonly Value[];
}

/** Every predecessor edge of `b` (a block branching to it twice counts twice). */
function predecessorEdges(b: Block): Block[] {
  return b.predecessors;
}

function singlePredecessor(b: Block): Block | undefined {
  const preds = predecessorEdges(b);
  return preds.length === 1 ? preds[0] : undefined;
}

function uniquePredecessor(b: Block): Block | undefined {
  const preds = predecessorEdges(b);
  return preds.length > 0 && preds.every((p) => p === preds[0]) ? preds[0] : undefined;
}

/**
 * When `edge.dest` holds nothing but a `cf.br` and its arguments feed only that branch, the edge can skip it:
 * returns the edge to the forwarded block, with the forwarded values (the block's arguments replaced by what the
 * edge passes), or undefined.
 */
function skipForwardingBlock(edge: Edge): Edge | undefined {
  const b = edge.dest;
  if (b.ops.length !== 1) return undefined;
  const br = b.ops[0]!;
  if (br.name !== 'cf.br') return undefined;
  for (const a of b.args) if (a.uses.some((u) => u.owner !== br)) return undefined;
  const next = br.successors[0]!;
  if (next === b) return undefined; // an infinite loop stays
  const forwarded = br.operandValues.map((v) => {
    const i = b.args.indexOf(v as (typeof b.args)[number]);
    return i >= 0 ? edge.operands[i]! : v;
  });
  return { dest: next, operands: forwarded };
}

function createBr(rewriter: PatternRewriter, op: Operation, edge: Edge): void {
  rewriter.replaceOpWithNewOp(op, { name: 'cf.br', operands: [...edge.operands], successors: [edge.dest], loc: op.loc });
}

function createCondBr(rewriter: PatternRewriter, op: Operation, cond: Value, t: Edge, f: Edge): void {
  rewriter.replaceOpWithNewOp(op, {
    name: 'cf.cond_br',
    operands: [cond, ...t.operands, ...f.operands],
    operandSegments: [1, t.operands.length, f.operands.length],
    successors: [t.dest, f.dest],
    loc: op.loc,
  });
}

const trueEdge = (op: Operation): Edge => ({ dest: op.successors[0]!, operands: op.operandGroup('trueDestOperands') });
const falseEdge = (op: Operation): Edge => ({ dest: op.successors[1]!, operands: op.operandGroup('falseDestOperands') });

const BR_PATTERNS: RewritePattern[] = [
  {
    name: 'BranchOp::canonicalize',
    matchAndRewrite(op, rewriter) {
      const dest = op.successors[0]!;
      const block = op.parent!;
      // Into a block reached from here only: merge it.
      if (dest !== block && singlePredecessor(dest) === block) {
        const args = op.operandValues;
        rewriter.eraseOp(op);
        rewriter.mergeBlocks(dest, block, args);
        return true;
      }
      if (dest === block) return false;
      const skipped = skipForwardingBlock({ dest, operands: op.operandValues });
      if (!skipped) return false;
      createBr(rewriter, op, skipped);
      return true;
    },
  },
];

/** The constant value of an i1 condition, or undefined. */
function constantCondition(v: Value): boolean | undefined {
  const c = getConstantValue(v);
  return c instanceof IntegerAttr ? c.value !== 0n : undefined;
}

const COND_BR_PATTERNS: RewritePattern[] = [
  {
    name: 'SimplifyConstCondBranchPred',
    matchAndRewrite(op, rewriter) {
      const c = constantCondition(op.operand(0));
      if (c === undefined) return false;
      createBr(rewriter, op, c ? trueEdge(op) : falseEdge(op));
      return true;
    },
  },
  {
    name: 'SimplifyPassThroughCondBranch',
    matchAndRewrite(op, rewriter) {
      const t = skipForwardingBlock(trueEdge(op));
      const f = skipForwardingBlock(falseEdge(op));
      if (!t && !f) return false;
      createCondBr(rewriter, op, op.operand(0), t ?? trueEdge(op), f ?? falseEdge(op));
      return true;
    },
  },
  {
    name: 'SimplifyCondBranchIdenticalSuccessors',
    matchAndRewrite(op, rewriter) {
      const t = trueEdge(op);
      const f = falseEdge(op);
      if (t.dest !== f.dest) return false;
      if (t.operands.length === f.operands.length && t.operands.every((v, i) => v === f.operands[i])) {
        createBr(rewriter, op, t);
        return true;
      }
      // Different values for one target: selects, when this block is the target's only predecessor.
      if (uniquePredecessor(t.dest) !== op.parent) return false;
      const cond = op.operand(0);
      const merged = t.operands.map((v, i) => {
        const w = f.operands[i]!;
        if (v === w) return v;
        return rewriter.create({ name: 'arith.select', operands: [cond, v, w], resultTypes: [v.type], loc: op.loc }).result(0);
      });
      createBr(rewriter, op, { dest: t.dest, operands: merged });
      return true;
    },
  },
  {
    name: 'SimplifyCondBranchFromCondBranchOnSameCondition',
    matchAndRewrite(op, rewriter) {
      const block = op.parent!;
      const pred = singlePredecessor(block);
      const predBr = pred?.terminator;
      if (!predBr || predBr.name !== 'cf.cond_br' || predBr.operand(0) !== op.operand(0)) return false;
      createBr(rewriter, op, block === predBr.successors[0] ? trueEdge(op) : falseEdge(op));
      return true;
    },
  },
  {
    name: 'CondBranchTruthPropagation',
    matchAndRewrite(op, rewriter) {
      const cond = op.operand(0);
      const i1 = IntegerType.get(1);
      let changed = false;
      const propagate = (dest: Block, value: boolean): void => {
        if (!singlePredecessor(dest)) return;
        let constant: Value | undefined;
        for (const use of [...cond.uses]) {
          if (use.owner.parent !== dest) continue;
          changed = true;
          constant ??= rewriter.create({ name: 'arith.constant', resultTypes: [i1], attributes: [['value', IntegerAttr.bool(value)]], loc: op.loc }).result(0);
          const c = constant;
          rewriter.modifyOpInPlace(use.owner, () => use.set(c));
        }
      };
      propagate(op.successors[0]!, true);
      propagate(op.successors[1]!, false);
      return changed;
    },
  },
];

registerCanonicalization('cf.br', BR_PATTERNS);
registerCanonicalization('cf.cond_br', COND_BR_PATTERNS);
