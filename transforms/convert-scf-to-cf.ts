/**
 * `--convert-scf-to-cf` (MLIR's SCFToControlFlow): rewrites structured control flow into blocks and branches.
 * `scf.for` becomes a condition block (the loop's entry block, carrying the induction variable and the
 * iter_args) tested with `arith.cmpi slt` (or `ult` for `unsignedCmp`) and a body that steps the induction
 * variable with `arith.addi` and branches back; `scf.if` splits the block and inlines the then/else regions
 * before a continuation block whose arguments are the results; `scf.while` inlines its before/after regions
 * (with MLIR's do-while shortcut when the after region only forwards its arguments); `scf.execute_region`
 * inlines its region. Ops are converted in the pre-order of MLIR's dialect conversion, so block numbering
 * matches triton-opt.
 */
import { IntegerAttr } from '../dialect/ir/attribute.js';
import type { Block, Operation, Region, Value } from '../dialect/ir/ir.js';
import { IRRewriter } from '../dialect/ir/rewriter.js';
import { IntegerType } from '../dialect/ir/type.js';
import { registerPass } from './pass.js';
import { ConditionOp, ExecuteRegionOp, ForOp, IfOp, WhileOp, YieldOp } from '../dialect/scf/ops.js';
import { isAnyOf } from '../dialect/ir/op-handle.js';
import { BranchOp, CondBranchOp } from '../dialect/cf/ops.js';
import { AddIOp, CmpIOp } from '../dialect/arith/ops.js';

const SCF_OPS = [ForOp, IfOp, WhileOp, ExecuteRegionOp];

/** The ops to convert, in the order dialect conversion legalizes them (pre-order, successors after). */
function conversionOrder(region: Region, out: Operation[]): void {
  const entry = region.blocks[0];
  if (!entry) return;
  const work: Block[] = [entry];
  const seen = new Set<Block>([entry]);
  while (work.length) {
    const block = work.pop()!;
    for (const op of block.ops) {
      out.push(op);
      for (const r of op.regions) conversionOrder(r, out);
    }
    for (const s of block.successors) {
      if (!seen.has(s)) {
        seen.add(s);
        work.push(s);
      }
    }
  }
}

function branch(rw: IRRewriter, loc: Operation['loc'], dest: Block, operands: readonly Value[]): Operation {
  return rw.create({ name: BranchOp.opName, operands, successors: [dest], loc });
}

function condBranch(rw: IRRewriter, loc: Operation['loc'], cond: Value, t: Block, tArgs: readonly Value[], f: Block, fArgs: readonly Value[]): Operation {
  return rw.create({
    name: CondBranchOp.opName,
    operands: [cond, ...tArgs, ...fArgs],
    operandSegments: [1, tArgs.length, fArgs.length],
    successors: [t, f],
    loc,
  });
}

function lowerFor(rw: IRRewriter, op: Operation): void {
  const loc = op.loc;
  const initBlock = op.parent!;
  const endBlock = rw.splitBlock(initBlock, op.nextOp);
  const body = ForOp.region(op);
  const conditionBlock = body.blocks[0]!;
  const firstBodyBlock = rw.splitBlock(conditionBlock, conditionBlock.ops[0]);
  const lastBodyBlock = body.blocks[body.blocks.length - 1]!;
  rw.inlineRegionBefore(body, initBlock.parent!, endBlock);
  const iv = conditionBlock.args[0]!;

  const terminator = lastBodyBlock.terminator!;
  rw.setInsertionPointToEnd(lastBodyBlock);
  const step = ForOp.step(op);
  const stepped = rw.create({ name: AddIOp.opName, operands: [iv, step], resultTypes: [iv.type], loc }).result(0);
  branch(rw, loc, conditionBlock, [stepped, ...terminator.operandValues]);
  rw.eraseOp(terminator);

  rw.setInsertionPointToEnd(initBlock);
  const lb = ForOp.lowerBound(op);
  const ub = ForOp.upperBound(op);
  branch(rw, loc, conditionBlock, [lb, ...ForOp.initArgs(op)]);

  rw.setInsertionPointToEnd(conditionBlock);
  const predicate = ForOp.unsignedCmp(op) ? 6 /* ult */ : 2; /* slt */
  const cmp = rw
    .create({
      name: CmpIOp.opName,
      operands: [iv, ub],
      resultTypes: [IntegerType.get(1)],
      attributes: [['predicate', IntegerAttr.get(IntegerType.get(64), predicate)]],
      loc,
    })
    .result(0);
  condBranch(rw, loc, cmp, firstBodyBlock, [], endBlock, []);
  rw.replaceOp(op, conditionBlock.args.slice(1));
}

function lowerIf(rw: IRRewriter, op: Operation): void {
  const loc = op.loc;
  const condBlock = op.parent!;
  const remaining = rw.splitBlock(condBlock, op.nextOp);
  const parentRegion = condBlock.parent!;
  let continueBlock = remaining;
  if (op.results.length) {
    continueBlock = rw.createBlock(parentRegion, parentRegion.blocks.indexOf(remaining), op.results.map((r) => r.type), op.results.map(() => loc));
    branch(rw, loc, remaining, []);
  }
  const thenRegion = IfOp.thenRegion(op);
  const thenBlock = thenRegion.blocks[0]!;
  const thenLast = thenRegion.blocks[thenRegion.blocks.length - 1]!;
  const thenTerm = thenLast.terminator!;
  rw.setInsertionPointToEnd(thenLast);
  branch(rw, loc, continueBlock, thenTerm.operandValues);
  rw.eraseOp(thenTerm);
  rw.inlineRegionBefore(thenRegion, parentRegion, continueBlock);

  let elseBlock = continueBlock;
  const elseRegion = op.regions[1];
  if (elseRegion && elseRegion.blocks.length) {
    elseBlock = elseRegion.blocks[0]!;
    const elseLast = elseRegion.blocks[elseRegion.blocks.length - 1]!;
    const elseTerm = elseLast.terminator!;
    rw.setInsertionPointToEnd(elseLast);
    branch(rw, loc, continueBlock, elseTerm.operandValues);
    rw.eraseOp(elseTerm);
    rw.inlineRegionBefore(elseRegion, parentRegion, continueBlock);
  }
  rw.setInsertionPointToEnd(condBlock);
  condBranch(rw, loc, IfOp.condition(op), thenBlock, [], elseBlock, []);
  rw.replaceOp(op, continueBlock.args);
}

/** The after region only forwards its arguments to the yield: lower as a do-while. */
function isDoWhile(op: Operation): boolean {
  const after = op.region(1).blocks[0];
  if (!after || after.ops.length !== 1) return false;
  const y = after.ops[0]!;
  return YieldOp.is(y) && y.operands.length === after.args.length && y.operandValues.every((v, i) => v === after.args[i]);
}

function lowerWhile(rw: IRRewriter, op: Operation): void {
  const loc = op.loc;
  const current = op.parent!;
  const parentRegion = current.parent!;
  const continuation = rw.splitBlock(current, op.nextOp);
  const beforeRegion = op.region(0);
  const afterRegion = op.region(1);
  const before = beforeRegion.blocks[0]!;
  const beforeLast = beforeRegion.blocks[beforeRegion.blocks.length - 1]!;
  const inits = WhileOp.inits(op);
  if (isDoWhile(op)) {
    rw.inlineRegionBefore(beforeRegion, parentRegion, continuation);
    rw.setInsertionPointToEnd(current);
    branch(rw, loc, before, inits);
    const cond = beforeLast.terminator!;
    const args = ConditionOp.args(cond);
    rw.setInsertionPoint(cond);
    condBranch(rw, cond.loc, ConditionOp.condition(cond), before, args, continuation, []);
    rw.eraseOp(cond);
    rw.replaceOp(op, args);
    return;
  }
  const after = afterRegion.blocks[0]!;
  const afterLast = afterRegion.blocks[afterRegion.blocks.length - 1]!;
  rw.inlineRegionBefore(afterRegion, parentRegion, continuation);
  rw.inlineRegionBefore(beforeRegion, parentRegion, after);
  rw.setInsertionPointToEnd(current);
  branch(rw, loc, before, inits);

  const cond = beforeLast.terminator!;
  const args = ConditionOp.args(cond);
  rw.setInsertionPoint(cond);
  condBranch(rw, cond.loc, ConditionOp.condition(cond), after, args, continuation, []);
  rw.eraseOp(cond);

  const y = afterLast.terminator!;
  rw.setInsertionPoint(y);
  branch(rw, y.loc, before, y.operandValues);
  rw.eraseOp(y);
  rw.replaceOp(op, args);
}

function lowerExecuteRegion(rw: IRRewriter, op: Operation): void {
  const loc = op.loc;
  const condBlock = op.parent!;
  const remaining = rw.splitBlock(condBlock, op.nextOp);
  const region = op.region(0);
  rw.setInsertionPointToEnd(condBlock);
  branch(rw, loc, region.blocks[0]!, []);
  for (const b of region.blocks) {
    const t = b.terminator;
    if (!t || !YieldOp.is(t)) continue;
    rw.setInsertionPointToEnd(b);
    branch(rw, loc, remaining, t.operandValues);
    rw.eraseOp(t);
  }
  rw.inlineRegionBefore(region, condBlock.parent!, remaining);
  const vals = op.results.map((r) => remaining.addArgument(r.type, loc));
  rw.replaceOp(op, vals);
}

export function convertScfToCf(module: Operation): void {
  const order: Operation[] = [];
  for (const r of module.regions) conversionOrder(r, order);
  const rw = new IRRewriter();
  for (const op of order) {
    if (!isAnyOf(op, SCF_OPS) || !op.parent) continue;
    if (ForOp.is(op)) lowerFor(rw, op);
    else if (IfOp.is(op)) lowerIf(rw, op);
    else if (WhileOp.is(op)) lowerWhile(rw, op);
    else lowerExecuteRegion(rw, op);
  }
}

registerPass({
  name: 'convert-scf-to-cf',
  className: 'SCFToControlFlowPass',
  description: 'Convert SCF dialect to ControlFlow dialect, replacing structured control flow with a CFG',
  run: (module) => convertScfToCf(module),
});
