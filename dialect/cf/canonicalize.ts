/**
 * Canonicalization of the ControlFlow dialect, as MLIR's ControlFlowOps.cpp: `cf.br` into a block with a single
 * predecessor merges the blocks, a branch to a block holding only a `cf.br` goes straight to its destination;
 * `cf.cond_br` on a constant becomes a `cf.br`, pass-through successors are collapsed, identical successors
 * become a `cf.br` (with `arith.select`s for differing operands when this block is the only predecessor), a
 * branch on the condition its single predecessor branched on is decided, and uses of the condition in a
 * successor reached only through one edge become constants; `cf.assert` of a constant true is erased.
 */
import { IntegerAttr } from '../ir/attribute.js';
import { BlockArgument, type Block, type Operation, type Value } from '../ir/ir.js';
import type { PatternRewriter } from '../ir/rewriter.js';
import { IntegerType } from '../ir/type.js';
import type { RewritePattern } from '../ir/rewrite/pattern.js';
import { getConstantValue, registerCanonicalization } from '../ir/rewrite/registry.js';

function trueOperands(op: Operation): Value[] {
  return op.operandGroup('trueDestOperands');
}
function falseOperands(op: Operation): Value[] {
  return op.operandGroup('falseDestOperands');
}

function singlePredecessor(b: Block): Block | undefined {
  const preds = b.predecessors;
  return preds.length === 1 ? preds[0] : undefined;
}

function uniquePredecessor(b: Block): Block | undefined {
  const preds = b.predecessors;
  if (preds.length === 0) return undefined;
  return preds.every((p) => p === preds[0]) ? preds[0] : undefined;
}

function br(rw: PatternRewriter, op: Operation, dest: Block, operands: readonly Value[]): void {
  rw.replaceOpWithNewOp(op, { name: 'cf.br', operands: [...operands], successors: [dest] });
}

function condBr(rw: PatternRewriter, op: Operation, cond: Value, t: Block, tArgs: readonly Value[], f: Block, fArgs: readonly Value[]): void {
  rw.replaceOpWithNewOp(op, {
    name: 'cf.cond_br',
    operands: [cond, ...tArgs, ...fArgs],
    operandSegments: [1, tArgs.length, fArgs.length],
    successors: [t, f],
  });
}

/**
 * If `dest` holds nothing but a `cf.br` (whose block arguments only feed that branch) to another block, the
 * branch's target and operands (block arguments replaced by what was passed in); undefined otherwise.
 */
function collapse(dest: Block, operands: readonly Value[]): { dest: Block; operands: Value[] } | undefined {
  if (dest.ops.length !== 1) return undefined;
  const inner = dest.ops[0]!;
  if (inner.name !== 'cf.br') return undefined;
  for (const a of dest.args) if (a.users.some((u) => u !== inner)) return undefined;
  const next = inner.successors[0]!;
  if (next === dest) return undefined;
  const mapped = inner.operandValues.map((v) => (v instanceof BlockArgument && v.owner === dest ? operands[v.index]! : v));
  return { dest: next, operands: mapped };
}

const BR_TO_SINGLE_PRED: RewritePattern = {
  name: 'SimplifyBrToBlockWithSinglePred',
  matchAndRewrite(op, rw) {
    const dest = op.successors[0]!;
    const block = op.parent!;
    if (dest === block || singlePredecessor(dest) !== block) return false;
    rw.mergeBlocks(dest, block, op.operandValues);
    rw.eraseOp(op);
    return true;
  },
};

const PASS_THROUGH_BR: RewritePattern = {
  name: 'SimplifyPassThroughBr',
  matchAndRewrite(op, rw) {
    const dest = op.successors[0]!;
    if (dest === op.parent) return false;
    const c = collapse(dest, op.operandValues);
    if (!c) return false;
    br(rw, op, c.dest, c.operands);
    return true;
  },
};

function constantBool(v: Value): boolean | undefined {
  const a = getConstantValue(v);
  return a instanceof IntegerAttr ? a.value !== 0n : undefined;
}

const CONST_COND: RewritePattern = {
  name: 'SimplifyConstCondBranchPred',
  matchAndRewrite(op, rw) {
    const c = constantBool(op.operand(0));
    if (c === undefined) return false;
    if (c) br(rw, op, op.successors[0]!, trueOperands(op));
    else br(rw, op, op.successors[1]!, falseOperands(op));
    return true;
  },
};

const PASS_THROUGH_COND: RewritePattern = {
  name: 'SimplifyPassThroughCondBranch',
  matchAndRewrite(op, rw) {
    const t = collapse(op.successors[0]!, trueOperands(op));
    const f = collapse(op.successors[1]!, falseOperands(op));
    if (!t && !f) return false;
    condBr(
      rw,
      op,
      op.operand(0),
      t?.dest ?? op.successors[0]!,
      t?.operands ?? trueOperands(op),
      f?.dest ?? op.successors[1]!,
      f?.operands ?? falseOperands(op),
    );
    return true;
  },
};

const IDENTICAL_SUCCESSORS: RewritePattern = {
  name: 'SimplifyCondBranchIdenticalSuccessors',
  matchAndRewrite(op, rw) {
    const dest = op.successors[0]!;
    if (dest !== op.successors[1]) return false;
    const t = trueOperands(op);
    const f = falseOperands(op);
    if (t.length === f.length && t.every((v, i) => v === f[i])) {
      br(rw, op, dest, t);
      return true;
    }
    if (uniquePredecessor(dest) !== op.parent) return false;
    const cond = op.operand(0);
    const merged = t.map((v, i) =>
      v === f[i] ? v : rw.create({ name: 'arith.select', operands: [cond, v, f[i]!], resultTypes: [v.type], loc: op.loc }).result(0),
    );
    br(rw, op, dest, merged);
    return true;
  },
};

const SAME_CONDITION_AS_PRED: RewritePattern = {
  name: 'SimplifyCondBranchFromCondBranchOnSameCondition',
  matchAndRewrite(op, rw) {
    const block = op.parent!;
    const pred = singlePredecessor(block);
    const predBr = pred?.terminator;
    if (!predBr || predBr.name !== 'cf.cond_br' || predBr.operand(0) !== op.operand(0)) return false;
    if (predBr.successors[0] === block) br(rw, op, op.successors[0]!, trueOperands(op));
    else br(rw, op, op.successors[1]!, falseOperands(op));
    return true;
  },
};

const TRUTH_PROPAGATION: RewritePattern = {
  name: 'CondBranchTruthPropagation',
  matchAndRewrite(op, rw) {
    const cond = op.operand(0);
    let replaced = false;
    const i1 = IntegerType.get(1);
    for (const [succ, value] of [
      [op.successors[0]!, true],
      [op.successors[1]!, false],
    ] as const) {
      if (!singlePredecessor(succ)) continue;
      let constant: Value | undefined;
      for (const use of [...cond.uses]) {
        if (use.owner.parent !== succ) continue;
        replaced = true;
        constant ??= rw.create({ name: 'arith.constant', resultTypes: [i1], attributes: [['value', IntegerAttr.bool(value)]], loc: op.loc }).result(0);
        const c = constant;
        rw.modifyOpInPlace(use.owner, () => use.set(c));
      }
    }
    return replaced;
  },
};

const ERASE_TRUE_ASSERT: RewritePattern = {
  name: 'EraseRedundantAssertions',
  matchAndRewrite(op, rw) {
    if (constantBool(op.operand(0)) !== true) return false;
    rw.eraseOp(op);
    return true;
  },
};

registerCanonicalization('cf.br', [BR_TO_SINGLE_PRED, PASS_THROUGH_BR]);
registerCanonicalization('cf.cond_br', [CONST_COND, PASS_THROUGH_COND, IDENTICAL_SUCCESSORS, SAME_CONDITION_AS_PRED, TRUTH_PROPAGATION]);
registerCanonicalization('cf.assert', [ERASE_TRUE_ASSERT]);
