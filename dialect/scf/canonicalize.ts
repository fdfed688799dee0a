/**
 * The SCF dialect's folders and canonicalization patterns (MLIR's SCF.cpp, as in the LLVM Triton 3.6 is
 * built with), registered with the canonicalization registry so `--canonicalize` and every greedy rewrite
 * see them:
 *
 * - scf.if fold: `if (xori c, true)` with an else region → `if c` with the regions swapped (in place).
 * - scf.for (ForOpIterArgsFolder, SimplifyTrivialLoops): iter args that are yielded unchanged, whose init is
 *   yielded, that are unused with an unused result, or whose (init, yielded) pair repeats an earlier kept
 *   one are dropped; loops with zero iterations are replaced by their inits, loops with one iteration by
 *   their body, empty loops that iterate and yield outside values by those values.
 * - scf.if (CombineIfs, CombineNestedIfs, ConditionPropagation, ConvertTrivialIfToSelect,
 *   RemoveEmptyElseBranch, RemoveStaticCondition, RemoveUnusedResults, ReplaceIfYieldWithConditionOrValue).
 * - scf.execute_region (SingleBlockExecuteInliner, MultiBlockExecuteInliner), not for `no_inline` ones.
 * - scf.while (RemoveLoopInvariantArgsFromBeforeBlock, RemoveLoopInvariantValueYielded, WhileConditionTruth,
 *   WhileCmpCond, WhileUnusedResult, WhileRemoveDuplicatedResults, WhileRemoveUnusedArgs,
 *   WhileOpAlignBeforeArgs).
 *
 * The patterns are exported (SCF_FOR_PATTERNS, SCF_IF_PATTERNS, ...) for passes that apply them alone.
 */
import { IntegerAttr, type Attribute } from '../ir/attribute.js';
import { createOperation } from '../ir/create.js';
import { Block, BlockArgument, OpResult, type Operation, type Region, type Value } from '../ir/ir.js';
import type { Location } from '../ir/location.js';
import type { PatternRewriter } from '../ir/rewriter.js';
import { IntegerType, IndexType, type Type } from '../ir/type.js';
import type { RewritePattern } from '../ir/rewrite/pattern.js';
import { getConstantValue, intOrSplatValue, materializeConstant, dialectOf, registerCanonicalization, registerFolder } from '../ir/rewrite/registry.js';

const I1 = (): IntegerType => IntegerType.get(1);

// ---------------------------------------------------------------------------------------------------
// Helpers

/** The value of a constant i1 (BoolAttr), or undefined. */
function constBool(v: Value): boolean | undefined {
  const a = getConstantValue(v);
  if (!(a instanceof IntegerAttr) || a.type !== I1()) return undefined;
  return a.value !== 0n;
}

/** m_One on a value: integer 1 (or an integer splat of 1). */
function isConstOne(v: Value): boolean {
  return intOrSplatValue(getConstantValue(v)) === 1n;
}

function isInside(v: Value, op: Operation): boolean {
  const owner = v.parentBlock?.parent?.parent;
  return !!owner && (owner === op || op.isAncestorOf(owner));
}

/** Whether `region` is an ancestor of (or is) the region holding `op`. */
function regionContains(region: Region, op: Operation): boolean {
  for (let r: Region | undefined = op.parent?.parent; r; r = r.parent?.parent?.parent) if (r === region) return true;
  return false;
}

function locOf(v: Value): Location {
  return v instanceof BlockArgument ? v.loc : (v as OpResult).owner.loc;
}

/** replaceOpWithRegion: inlines the single block of `region` before `op` and replaces `op` by its terminator's operands. */
function replaceOpWithRegion(rewriter: PatternRewriter, op: Operation, region: Region, blockArgs: readonly Value[] = []): void {
  const block = region.blocks[0]!;
  const terminator = block.terminator!;
  rewriter.inlineBlockBefore(block, op.parent!, op, blockArgs);
  rewriter.replaceOp(op, terminator.operandValues);
  rewriter.eraseOp(terminator);
}

function yieldOf(block: Block | undefined): Operation | undefined {
  const t = block?.terminator;
  return t && t.name === 'scf.yield' ? t : undefined;
}

/** Creates `scf.if` with `resultTypes` and no blocks (IfOp::build(resultTypes, cond)). */
function createIf(rewriter: PatternRewriter, loc: Location, resultTypes: readonly Type[], cond: Value): Operation {
  return rewriter.create({ name: 'scf.if', operands: [cond], resultTypes, regions: 2, loc });
}

/** IfOp::build(resultTypes, cond, withElseRegion): a then block (with an implicit yield when no results), optionally an else block. */
function createIfWithBlocks(rewriter: PatternRewriter, loc: Location, resultTypes: readonly Type[], cond: Value, withElse: boolean): Operation {
  const op = createIf(rewriter, loc, resultTypes, cond);
  const addBlock = (r: Region): void => {
    const b = r.addBlock(new Block());
    if (resultTypes.length === 0) b.append(createDetached('scf.yield', [], loc));
  };
  addBlock(op.region(0));
  if (withElse) addBlock(op.region(1));
  return op;
}

/** An op created outside the rewriter (as MLIR's ensureTerminator does: no listener sees it). */
function createDetached(name: string, operands: readonly Value[], loc: Location): Operation {
  return createOperation({ name, operands, loc });
}

// ---------------------------------------------------------------------------------------------------
// scf.if fold

registerFolder('scf.if', (op) => {
  const elseRegion = op.region(1);
  if (elseRegion.blocks.length === 0) return undefined;
  const xor = op.operand(0).definingOp;
  if (!xor || xor.name !== 'arith.xori' || !isConstOne(xor.operand(1))) return undefined;
  op.setOperand(0, xor.operand(0));
  const thenRegion = op.region(0);
  const thenBlocks = [...thenRegion.blocks];
  const elseBlocks = [...elseRegion.blocks];
  elseBlocks.forEach((b, i) => thenRegion.insertBlock(i, b));
  for (const b of thenBlocks) elseRegion.addBlock(b);
  return [];
});

// ---------------------------------------------------------------------------------------------------
// scf.for

function forBody(op: Operation): Block {
  return op.region(0).blocks[0]!;
}

/**
 * Creates `scf.for lb to ub step step iter_args(inits)` like ForOp::build without a body builder: a body
 * block with the induction variable (at the op's location) and one argument per init (at the init's
 * location); without inits the block gets an implicit `scf.yield`.
 */
function createFor(rewriter: PatternRewriter, old: Operation, inits: readonly Value[]): Operation {
  const [lb, ub, step] = [old.operand(0), old.operand(1), old.operand(2)];
  const op = rewriter.create({ name: 'scf.for', operands: [lb, ub, step, ...inits], resultTypes: inits.map((v) => v.type), regions: 1, loc: old.loc, attributes: [...old.attributes] });
  const block = op.region(0).addBlock(new Block());
  block.addArgument(lb.type, old.loc);
  for (const v of inits) block.addArgument(v.type, locOf(v));
  if (inits.length === 0) block.append(createDetached('scf.yield', [], old.loc));
  return op;
}

const forOpIterArgsFolder: RewritePattern = {
  name: 'ForOpIterArgsFolder',
  rootName: 'scf.for',
  matchAndRewrite(forOp, rewriter) {
    const block = forBody(forOp);
    const yieldOp = block.terminator!;
    const inits = forOp.operandValues.slice(3);
    let canonicalize = false;
    const keepMask: boolean[] = [];
    const transfer: (Value | undefined)[] = [undefined];
    const newIterArgs: Value[] = [];
    const newResultValues: (Value | undefined)[] = [];
    const initYieldToArg = new Map<Value, Map<Value, [Value, Value]>>();
    inits.forEach((init, i) => {
      const arg = block.args[i + 1]!;
      const result = forOp.result(i);
      const yielded = yieldOp.operand(i);
      const forwarded = arg === yielded || init === yielded || (arg.uses.length === 0 && result.uses.length === 0);
      if (forwarded) {
        canonicalize = true;
        keepMask.push(false);
        transfer.push(init);
        newResultValues.push(init);
        return;
      }
      const same = initYieldToArg.get(init)?.get(yielded);
      if (same) {
        canonicalize = true;
        keepMask.push(false);
        rewriter.replaceAllUsesWith(arg, same[0]);
        rewriter.replaceAllUsesWith(result, same[1]);
        transfer.push(init);
        newResultValues.push(init);
        return;
      }
      let m = initYieldToArg.get(init);
      if (!m) initYieldToArg.set(init, (m = new Map()));
      if (!m.has(yielded)) m.set(yielded, [arg, result]);
      keepMask.push(true);
      newIterArgs.push(init);
      transfer.push(undefined);
      newResultValues.push(undefined);
    });
    if (!canonicalize) return false;

    const newFor = createFor(rewriter, forOp, newIterArgs);
    const newBlock = forBody(newFor);
    transfer[0] = newBlock.args[0]!;
    let k = 0;
    for (let i = 0; i < newResultValues.length; i++) {
      if (transfer[i + 1] === undefined) {
        transfer[i + 1] = newBlock.args[1 + k]!;
        newResultValues[i] = newFor.result(k++);
      }
    }
    if (newIterArgs.length === 0) {
      const newYield = newBlock.terminator!;
      rewriter.inlineBlockBefore(block, newBlock, newYield, transfer as Value[]);
      rewriter.eraseOp(newYield.prevOp!);
      rewriter.replaceOp(forOp, newResultValues as Value[]);
      return true;
    }
    rewriter.mergeBlocks(block, newBlock, transfer as Value[]);
    const merged = newBlock.terminator!;
    rewriter.withInsertionGuard(() => {
      rewriter.setInsertionPoint(merged);
      rewriter.create({ name: 'scf.yield', operands: merged.operandValues.filter((_, i) => keepMask[i]), loc: merged.loc });
    });
    rewriter.eraseOp(merged);
    rewriter.replaceOp(forOp, newResultValues as Value[]);
    return true;
  },
};

function bitWidth(t: Type): number {
  if (t instanceof IntegerType) return t.width;
  if (t instanceof IndexType) return 64;
  return 64;
}

/** Two's complement wrap of `v` to `w` bits, read as signed. */
function signedWrap(v: bigint, w: number): bigint {
  return BigInt.asIntN(w, v);
}

function constIntOf(v: Value): bigint | undefined {
  const a = getConstantValue(v);
  return a instanceof IntegerAttr ? a.value : undefined;
}

/** computeConstDiff: ub - lb when both are constants or ub = lb + c (c + lb). */
function computeConstDiff(lb: Value, ub: Value): bigint | undefined {
  const w = bitWidth(lb.type);
  const l = constIntOf(lb);
  const u = constIntOf(ub);
  if (l !== undefined && u !== undefined) return signedWrap(u - l, w);
  const add = ub.definingOp;
  if (add && add.name === 'arith.addi') {
    if (add.operand(0) === lb) {
      const c = intOrSplatValue(getConstantValue(add.operand(1)));
      if (c !== undefined) return signedWrap(c, w);
    }
    if (add.operand(1) === lb) {
      const c = intOrSplatValue(getConstantValue(add.operand(0)));
      if (c !== undefined) return signedWrap(c, w);
    }
  }
  return undefined;
}

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
    const unsigned = !!op.getAttr('unsignedCmp');
    const w = bitWidth(lb.type);
    const diff = computeConstDiff(lb, ub);
    if (diff === undefined) return false;
    if (diff === 0n || (!unsigned && diff < 0n)) {
      rewriter.replaceOp(op, inits);
      return true;
    }
    const st = constIntOf(step);
    if (st === undefined) return false;
    // stepValue.sge(diff), on the loop's bit width.
    if (signedWrap(st, w) >= diff) {
      replaceOpWithRegion(rewriter, op, op.region(0), [lb, ...inits]);
      return true;
    }
    const block = forBody(op);
    if (block.ops.length !== 1) return false;
    const yielded = block.terminator!.operandValues;
    if (yielded.some((v) => isInside(v, op))) return false;
    rewriter.replaceOp(op, yielded);
    return true;
  },
};

// ---------------------------------------------------------------------------------------------------
// scf.if

const combineIfs: RewritePattern = {
  name: 'CombineIfs',
  rootName: 'scf.if',
  matchAndRewrite(nextIf, rewriter) {
    const parent = nextIf.parent!;
    if (parent.ops[0] === nextIf) return false;
    const prevIf = nextIf.prevOp;
    if (!prevIf || prevIf.name !== 'scf.if') return false;
    const nextCond = nextIf.operand(0);
    const prevCond = prevIf.operand(0);
    const nextThenBlock = nextIf.region(0).blocks[nextIf.region(0).blocks.length - 1];
    const nextElseBlock = nextIf.region(1).blocks[nextIf.region(1).blocks.length - 1];
    let nextThen: Block | undefined;
    let nextElse: Block | undefined;
    if (nextCond === prevCond) {
      nextThen = nextThenBlock;
      if (nextElseBlock) nextElse = nextElseBlock;
    }
    const nx = nextCond.definingOp;
    if (nx && nx.name === 'arith.xori' && nx.operand(0) === prevCond && isConstOne(nx.operand(1))) {
      nextElse = nextThenBlock;
      if (nextElseBlock) nextThen = nextElseBlock;
    }
    const px = prevCond.definingOp;
    if (px && px.name === 'arith.xori' && px.operand(0) === nextCond && isConstOne(px.operand(1))) {
      nextElse = nextThenBlock;
      if (nextElseBlock) nextThen = nextElseBlock;
    }
    if (!nextThen && !nextElse) return false;

    const prevThenYield = yieldOf(prevIf.region(0).blocks[prevIf.region(0).blocks.length - 1])!;
    const prevElseBlock = prevIf.region(1).blocks[prevIf.region(1).blocks.length - 1];
    const prevElseYielded = prevElseBlock ? yieldOf(prevElseBlock)!.operandValues : [];
    const n = Math.min(prevIf.results.length, prevThenYield.operands.length, prevElseYielded.length);
    for (let i = 0; i < n; i++) {
      const res = prevIf.result(i);
      for (const use of [...res.uses]) {
        if (nextThen && regionContains(nextThen.parent!, use.owner)) {
          rewriter.modifyOpInPlace(use.owner, () => use.set(prevThenYield.operand(i)));
        } else if (nextElse && regionContains(nextElse.parent!, use.owner)) {
          rewriter.modifyOpInPlace(use.owner, () => use.set(prevElseYielded[i]!));
        }
      }
    }

    const mergedTypes = [...prevIf.results.map((r) => r.type), ...nextIf.results.map((r) => r.type)];
    const combined = createIfWithBlocks(rewriter, nextIf.loc, mergedTypes, prevCond, false);
    rewriter.eraseBlock(combined.region(0).blocks[combined.region(0).blocks.length - 1]!);
    rewriter.inlineRegionBefore(prevIf.region(0), combined.region(0), combined.region(0).blocks[0]);

    const thenBlockOf = (op: Operation): Block => op.region(0).blocks[op.region(0).blocks.length - 1]!;
    const elseBlockOf = (op: Operation): Block => op.region(1).blocks[op.region(1).blocks.length - 1]!;
    if (nextThen) {
      const thenYield = yieldOf(thenBlockOf(combined))!;
      const thenYield2 = nextThen.terminator!;
      rewriter.mergeBlocks(nextThen, thenBlockOf(combined));
      rewriter.setInsertionPointToEnd(thenBlockOf(combined));
      rewriter.create({ name: 'scf.yield', operands: [...thenYield.operandValues, ...thenYield2.operandValues], loc: thenYield2.loc });
      rewriter.eraseOp(thenYield);
      rewriter.eraseOp(thenYield2);
    }
    rewriter.inlineRegionBefore(prevIf.region(1), combined.region(1), combined.region(1).blocks[0]);
    if (nextElse) {
      if (combined.region(1).blocks.length === 0) {
        rewriter.inlineRegionBefore(nextElse.parent!, combined.region(1), combined.region(1).blocks[0]);
      } else {
        const elseYield = yieldOf(elseBlockOf(combined))!;
        const elseYield2 = nextElse.terminator!;
        rewriter.mergeBlocks(nextElse, elseBlockOf(combined));
        rewriter.setInsertionPointToEnd(elseBlockOf(combined));
        rewriter.create({ name: 'scf.yield', operands: [...elseYield.operandValues, ...elseYield2.operandValues], loc: elseYield2.loc });
        rewriter.eraseOp(elseYield);
        rewriter.eraseOp(elseYield2);
      }
    }
    const np = prevIf.results.length;
    rewriter.replaceOp(prevIf, combined.results.slice(0, np));
    rewriter.replaceOp(nextIf, combined.results.slice(np));
    return true;
  },
};

const combineNestedIfs: RewritePattern = {
  name: 'CombineNestedIfs',
  rootName: 'scf.if',
  matchAndRewrite(op, rewriter) {
    const thenBlock = op.region(0).blocks[op.region(0).blocks.length - 1]!;
    if (thenBlock.ops.length !== 2) return false;
    const elseBlock = op.region(1).blocks[op.region(1).blocks.length - 1];
    if (elseBlock && elseBlock.ops.length !== 1) return false;
    const nestedIf = thenBlock.ops[0]!;
    if (nestedIf.name !== 'scf.if') return false;
    const nestedElse = nestedIf.region(1).blocks[nestedIf.region(1).blocks.length - 1];
    if (nestedElse && nestedElse.ops.length !== 1) return false;
    const nestedThen = nestedIf.region(0).blocks[nestedIf.region(0).blocks.length - 1]!;

    const thenYield = [...yieldOf(thenBlock)!.operandValues];
    const elseYield = elseBlock ? [...yieldOf(elseBlock)!.operandValues] : [];
    const upgradeToSelect: number[] = [];
    for (let i = 0; i < thenYield.length; i++) {
      const v = thenYield[i]!;
      if (v.definingOp === nestedIf) {
        const idx = (v as OpResult).index;
        if (yieldOf(nestedElse)?.operand(idx) !== elseYield[i]) return false;
        thenYield[i] = yieldOf(nestedThen)!.operand(idx);
        continue;
      }
      if (v.parentBlock?.parent === op.region(0)) return false;
      upgradeToSelect.push(i);
    }

    const loc = op.loc;
    const newCond = rewriter.create({ name: 'arith.andi', operands: [op.operand(0), nestedIf.operand(0)], resultTypes: [I1()], loc }).result();
    const newIf = createIf(rewriter, loc, op.results.map((r) => r.type), newCond);
    const newIfBlock = rewriter.createBlock(newIf.region(0));
    const results: Value[] = [...newIf.results];
    rewriter.setInsertionPoint(newIf);
    for (const idx of upgradeToSelect) {
      results[idx] = rewriter.create({ name: 'arith.select', operands: [op.operand(0), thenYield[idx]!, elseYield[idx]!], resultTypes: [thenYield[idx]!.type], loc: op.loc }).result();
    }
    rewriter.mergeBlocks(nestedThen, newIfBlock);
    rewriter.setInsertionPointToEnd(newIfBlock);
    const oldYield = yieldOf(newIfBlock)!;
    rewriter.replaceOpWithNewOp(oldYield, { name: 'scf.yield', operands: thenYield, loc: oldYield.loc });
    if (elseYield.length) {
      rewriter.createBlock(newIf.region(1));
      rewriter.create({ name: 'scf.yield', operands: elseYield, loc });
    }
    rewriter.replaceOp(op, results);
    return true;
  },
};

const conditionPropagation: RewritePattern = {
  name: 'ConditionPropagation',
  rootName: 'scf.if',
  matchAndRewrite(op, rewriter) {
    const cond = op.operand(0);
    if (getConstantValue(cond) !== undefined) return false;
    let changed = false;
    let constTrue: Value | undefined;
    let constFalse: Value | undefined;
    const mk = (v: boolean): Value =>
      rewriter.create({ name: 'arith.constant', resultTypes: [I1()], attributes: [['value', IntegerAttr.get(I1(), v ? 1n : 0n)]], loc: op.loc }).result();
    for (const use of [...cond.uses]) {
      if (regionContains(op.region(0), use.owner)) {
        changed = true;
        if (!constTrue) constTrue = mk(true);
        const t = constTrue;
        rewriter.modifyOpInPlace(use.owner, () => use.set(t));
      } else if (regionContains(op.region(1), use.owner)) {
        changed = true;
        if (!constFalse) constFalse = mk(false);
        const f = constFalse;
        rewriter.modifyOpInPlace(use.owner, () => use.set(f));
      }
    }
    return changed;
  },
};

const convertTrivialIfToSelect: RewritePattern = {
  name: 'ConvertTrivialIfToSelect',
  rootName: 'scf.if',
  matchAndRewrite(op, rewriter) {
    if (op.results.length === 0) return false;
    const cond = op.operand(0);
    const thenArgs = yieldOf(op.region(0).blocks[op.region(0).blocks.length - 1])!.operandValues;
    const elseArgs = yieldOf(op.region(1).blocks[op.region(1).blocks.length - 1])!.operandValues;
    const nonHoistable: Type[] = [];
    thenArgs.forEach((t, i) => {
      if (t.parentBlock?.parent === op.region(0) || elseArgs[i]!.parentBlock?.parent === op.region(1)) nonHoistable.push(t.type);
    });
    if (nonHoistable.length === op.results.length) return false;

    const repl = createIfWithBlocks(rewriter, op.loc, nonHoistable, cond, false);
    const tb = repl.region(0).blocks[repl.region(0).blocks.length - 1];
    if (tb) rewriter.eraseBlock(tb);
    repl.region(0).takeBody(op.region(0));
    repl.region(1).takeBody(op.region(1));

    const results: Value[] = new Array(op.results.length);
    const trueYields: Value[] = [];
    const falseYields: Value[] = [];
    rewriter.setInsertionPoint(repl);
    thenArgs.forEach((t, i) => {
      const f = elseArgs[i]!;
      if (t.parentBlock?.parent === repl.region(0) || f.parentBlock?.parent === repl.region(1)) {
        results[i] = repl.result(trueYields.length);
        trueYields.push(t);
        falseYields.push(f);
      } else if (t === f) results[i] = t;
      else results[i] = rewriter.create({ name: 'arith.select', operands: [cond, t, f], resultTypes: [t.type], loc: op.loc }).result();
    });
    const thenBlock = repl.region(0).blocks[repl.region(0).blocks.length - 1]!;
    const elseBlock = repl.region(1).blocks[repl.region(1).blocks.length - 1]!;
    rewriter.setInsertionPointToEnd(thenBlock);
    const ty = yieldOf(thenBlock)!;
    rewriter.replaceOpWithNewOp(ty, { name: 'scf.yield', operands: trueYields, loc: ty.loc });
    rewriter.setInsertionPointToEnd(elseBlock);
    const ey = yieldOf(elseBlock)!;
    rewriter.replaceOpWithNewOp(ey, { name: 'scf.yield', operands: falseYields, loc: ey.loc });
    rewriter.replaceOp(op, results);
    return true;
  },
};

const removeEmptyElseBranch: RewritePattern = {
  name: 'RemoveEmptyElseBranch',
  rootName: 'scf.if',
  matchAndRewrite(op, rewriter) {
    if (op.results.length) return false;
    const elseBlock = op.region(1).blocks[op.region(1).blocks.length - 1];
    if (!elseBlock || elseBlock.ops.length !== 1) return false;
    const newIf = rewriter.cloneWithoutRegions(op);
    rewriter.inlineRegionBefore(op.region(0), newIf.region(0), newIf.region(0).blocks[0]);
    rewriter.eraseOp(op);
    return true;
  },
};

const removeStaticCondition: RewritePattern = {
  name: 'RemoveStaticCondition',
  rootName: 'scf.if',
  matchAndRewrite(op, rewriter) {
    const c = constBool(op.operand(0));
    if (c === undefined) return false;
    if (c) replaceOpWithRegion(rewriter, op, op.region(0));
    else if (op.region(1).blocks.length) replaceOpWithRegion(rewriter, op, op.region(1));
    else rewriter.eraseOp(op);
    return true;
  },
};

const removeUnusedResults: RewritePattern = {
  name: 'RemoveUnusedResults',
  rootName: 'scf.if',
  matchAndRewrite(op, rewriter) {
    const used = op.results.filter((r) => r.uses.length > 0);
    if (used.length === op.results.length) return false;
    const newOp = createIf(rewriter, op.loc, used.map((r) => r.type), op.operand(0));
    rewriter.createBlock(newOp.region(0));
    rewriter.createBlock(newOp.region(1));
    for (let r = 0; r < 2; r++) {
      const src = op.region(r).blocks[0]!;
      const dest = newOp.region(r).blocks[0]!;
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

const replaceIfYieldWithConditionOrValue: RewritePattern = {
  name: 'ReplaceIfYieldWithConditionOrValue',
  rootName: 'scf.if',
  matchAndRewrite(op, rewriter) {
    if (op.results.length === 0) return false;
    const trueYield = yieldOf(op.region(0).blocks[op.region(0).blocks.length - 1])!;
    const falseYield = yieldOf(op.region(1).blocks[op.region(1).blocks.length - 1])!;
    rewriter.setInsertionPoint(op);
    let changed = false;
    op.results.forEach((opResult, i) => {
      const t = trueYield.operand(i);
      const f = falseYield.operand(i);
      if (t === f) {
        if (opResult.uses.length) {
          opResult.replaceAllUsesWith(t);
          changed = true;
        }
        return;
      }
      const tv = constBool(t);
      const fv = constBool(f);
      if (tv === undefined || fv === undefined) return;
      if (!tv && fv && opResult.uses.length) {
        const one = materializeConstant(dialectOf(t.definingOp!.name), rewriter, IntegerAttr.get(I1(), 1n) as Attribute, I1(), op.loc)!;
        const notCond = rewriter.create({ name: 'arith.xori', operands: [op.operand(0), one.result()], resultTypes: [I1()], loc: op.loc }).result();
        opResult.replaceAllUsesWith(notCond);
        changed = true;
      }
      if (tv && !fv && opResult.uses.length) {
        opResult.replaceAllUsesWith(op.operand(0));
        changed = true;
      }
    });
    return changed;
  },
};

// ---------------------------------------------------------------------------------------------------
// scf.execute_region

const singleBlockExecuteInliner: RewritePattern = {
  name: 'SingleBlockExecuteInliner',
  rootName: 'scf.execute_region',
  matchAndRewrite(op, rewriter) {
    if (op.region(0).blocks.length !== 1) return false;
    if (op.getAttr('no_inline')) return false;
    replaceOpWithRegion(rewriter, op, op.region(0));
    return true;
  },
};

const FUNCTION_LIKE = new Set(['tt.func', 'llvm.func', 'func.func', 'scf.execute_region']);

const multiBlockExecuteInliner: RewritePattern = {
  name: 'MultiBlockExecuteInliner',
  rootName: 'scf.execute_region',
  matchAndRewrite(op, rewriter) {
    if (op.getAttr('no_inline')) return false;
    const parentOp = op.parentOp;
    if (!parentOp || !FUNCTION_LIKE.has(parentOp.name)) return false;
    const prevBlock = op.parent!;
    const postBlock = rewriter.splitBlock(prevBlock, op);
    rewriter.setInsertionPointToEnd(prevBlock);
    rewriter.create({ name: 'cf.br', operands: [], successors: [op.region(0).blocks[0]!], loc: op.loc });
    for (const blk of [...op.region(0).blocks]) {
      const y = blk.terminator;
      if (y && y.name === 'scf.yield') {
        rewriter.setInsertionPoint(y);
        rewriter.create({ name: 'cf.br', operands: y.operandValues, successors: [postBlock], loc: y.loc });
        rewriter.eraseOp(y);
      }
    }
    rewriter.inlineRegionBefore(op.region(0), postBlock.parent!, postBlock);
    const blockArgs = op.results.map((r) => postBlock.addArgument(r.type, op.loc));
    rewriter.replaceOp(op, blockArgs);
    return true;
  },
};

// ---------------------------------------------------------------------------------------------------
// scf.while

const beforeBody = (op: Operation): Block => op.region(0).blocks[0]!;
const afterBody = (op: Operation): Block => op.region(1).blocks[0]!;
const conditionOf = (op: Operation): Operation => beforeBody(op).terminator!;

/** WhileOp's ODS builder (result types, inits): empty regions. */
function createWhile(rewriter: PatternRewriter, loc: Location, resultTypes: readonly Type[], inits: readonly Value[]): Operation {
  return rewriter.create({ name: 'scf.while', operands: inits, resultTypes, regions: 2, loc });
}

/** WhileOp::build with null body builders: a before block (arguments at the inits' locations) and an after block. */
function createWhileWithBlocks(rewriter: PatternRewriter, loc: Location, resultTypes: readonly Type[], inits: readonly Value[]): Operation {
  const op = createWhile(rewriter, loc, resultTypes, inits);
  return rewriter.withInsertionGuard(() => {
    rewriter.createBlock(op.region(0), 0, inits.map((v) => v.type), inits.map(locOf));
    rewriter.createBlock(op.region(1), 0, resultTypes, resultTypes.map(() => loc));
    return op;
  });
}

function replaceCondition(rewriter: PatternRewriter, cond: Operation, args: readonly Value[]): void {
  rewriter.withInsertionGuard(() => {
    rewriter.setInsertionPoint(cond);
    rewriter.replaceOpWithNewOp(cond, { name: 'scf.condition', operands: [cond.operand(0), ...args], loc: cond.loc });
  });
}

const removeLoopInvariantArgsFromBeforeBlock: RewritePattern = {
  name: 'RemoveLoopInvariantArgsFromBeforeBlock',
  rootName: 'scf.while',
  matchAndRewrite(op, rewriter) {
    const after = afterBody(op);
    const beforeArgs = beforeBody(op).args;
    const condArgs = conditionOf(op).operandValues.slice(1);
    const yieldOp = after.terminator!;
    const yieldArgs = yieldOp.operandValues;
    const inits = op.operandValues;
    const invariant = (i: number): boolean => {
      const initVal = inits[i]!;
      const y = yieldArgs[i]!;
      if (y === initVal) return true;
      if (y instanceof BlockArgument && y.owner === after) {
        const c = condArgs[y.index]!;
        if (c === beforeArgs[i] || c === initVal) return true;
      }
      return false;
    };
    if (!inits.some((_, i) => invariant(i))) return false;
    const newInits: Value[] = [];
    const newYields: Value[] = [];
    const initValMap = new Map<number, Value>();
    const newLocs: Location[] = [];
    inits.forEach((initVal, i) => {
      if (invariant(i)) {
        initValMap.set(i, initVal);
        return;
      }
      newInits.push(initVal);
      newYields.push(yieldArgs[i]!);
      newLocs.push(beforeArgs[i]!.loc);
    });
    rewriter.withInsertionGuard(() => {
      rewriter.setInsertionPoint(yieldOp);
      rewriter.replaceOpWithNewOp(yieldOp, { name: 'scf.yield', operands: newYields, loc: yieldOp.loc });
    });
    const newWhile = createWhile(rewriter, op.loc, op.results.map((r) => r.type), newInits);
    const newBefore = rewriter.createBlock(newWhile.region(0), 0, newYields.map((v) => v.type), newLocs);
    const before = beforeBody(op);
    const repl: Value[] = [];
    let j = 0;
    for (let i = 0; i < before.args.length; i++) repl.push(initValMap.get(i) ?? newBefore.args[j++]!);
    rewriter.mergeBlocks(before, newBefore, repl);
    rewriter.inlineRegionBefore(op.region(1), newWhile.region(1), newWhile.region(1).blocks[0]);
    rewriter.replaceOp(op, newWhile.results);
    return true;
  },
};

const removeLoopInvariantValueYielded: RewritePattern = {
  name: 'RemoveLoopInvariantValueYielded',
  rootName: 'scf.while',
  matchAndRewrite(op, rewriter) {
    const before = beforeBody(op);
    const condOp = conditionOf(op);
    const condArgs = condOp.operandValues.slice(1);
    if (!condArgs.some((v) => v.parentBlock !== before)) return false;
    const afterArgs = afterBody(op).args;
    const newCondArgs: Value[] = [];
    const newTypes: Type[] = [];
    const newLocs: Location[] = [];
    const invariant = new Map<number, Value>();
    condArgs.forEach((v, i) => {
      if (v.parentBlock !== before) invariant.set(i, v);
      else {
        newCondArgs.push(v);
        newTypes.push(v.type);
        newLocs.push(afterArgs[i]!.loc);
      }
    });
    replaceCondition(rewriter, condOp, newCondArgs);
    const newWhile = createWhile(rewriter, op.loc, newTypes, op.operandValues);
    const newAfter = rewriter.createBlock(newWhile.region(1), 0, newTypes, newLocs);
    const after = afterBody(op);
    const newAfterArgs: Value[] = [];
    const newResults: Value[] = [];
    let j = 0;
    for (let i = 0; i < after.args.length; i++) {
      const inv = invariant.get(i);
      if (inv) {
        newAfterArgs.push(inv);
        newResults.push(inv);
      } else {
        newAfterArgs.push(newAfter.args[j]!);
        newResults.push(newWhile.result(j));
        j++;
      }
    }
    rewriter.mergeBlocks(after, newAfter, newAfterArgs);
    rewriter.inlineRegionBefore(op.region(0), newWhile.region(0), newWhile.region(0).blocks[0]);
    rewriter.replaceOp(op, newResults);
    return true;
  },
};

const whileConditionTruth: RewritePattern = {
  name: 'WhileConditionTruth',
  rootName: 'scf.while',
  matchAndRewrite(op, rewriter) {
    const term = conditionOf(op);
    const cond = term.operand(0);
    let constTrue: Value | undefined;
    let replaced = false;
    term.operandValues.slice(1).forEach((v, i) => {
      const arg = afterBody(op).args[i]!;
      if (v !== cond || arg.uses.length === 0) return;
      if (!constTrue) constTrue = rewriter.create({ name: 'arith.constant', resultTypes: [cond.type], attributes: [['value', IntegerAttr.get(I1(), 1n)]], loc: op.loc }).result();
      rewriter.replaceAllUsesWith(arg, constTrue);
      replaced = true;
    });
    return replaced;
  },
};

const CMPI_NAMES = ['eq', 'ne', 'slt', 'sle', 'sgt', 'sge', 'ult', 'ule', 'ugt', 'uge'];
const CMPI_INVERSE: Record<string, string> = { eq: 'ne', ne: 'eq', slt: 'sge', sle: 'sgt', sgt: 'sle', sge: 'slt', ult: 'uge', ule: 'ugt', ugt: 'ule', uge: 'ult' };
const predicateOf = (op: Operation): string => {
  const a = op.getAttr('predicate');
  return CMPI_NAMES[a instanceof IntegerAttr ? a.num : 0]!;
};

const whileCmpCond: RewritePattern = {
  name: 'WhileCmpCond',
  rootName: 'scf.while',
  matchAndRewrite(op, rewriter) {
    const cond = conditionOf(op);
    const cmp = cond.operand(0).definingOp;
    if (!cmp || cmp.name !== 'arith.cmpi') return false;
    let changed = false;
    cond.operandValues.slice(1).forEach((v, i) => {
      const afterArg = afterBody(op).args[i]!;
      for (let opIdx = 0; opIdx < 2; opIdx++) {
        if (v !== cmp.operand(opIdx)) continue;
        for (const u of [...afterArg.uses]) {
          const cmp2 = u.owner;
          if (cmp2.name !== 'arith.cmpi' || !cmp2.parent) continue;
          if (cmp2.operand(1 - opIdx) !== cmp.operand(1 - opIdx)) continue;
          let same: boolean;
          if (predicateOf(cmp2) === predicateOf(cmp)) same = true;
          else if (predicateOf(cmp2) === CMPI_INVERSE[predicateOf(cmp)]) same = false;
          else continue;
          rewriter.replaceOpWithNewOp(cmp2, { name: 'arith.constant', resultTypes: [I1()], attributes: [['value', IntegerAttr.get(I1(), same ? 1n : 0n)]] });
          changed = true;
        }
      }
    });
    return changed;
  },
};

const whileUnusedResult: RewritePattern = {
  name: 'WhileUnusedResult',
  rootName: 'scf.while',
  matchAndRewrite(op, rewriter) {
    const term = conditionOf(op);
    const afterArgs = afterBody(op).args;
    const termArgs = term.operandValues.slice(1);
    const keep: number[] = [];
    let needUpdate = false;
    op.results.forEach((r, i) => {
      if (r.uses.length === 0 && afterArgs[i]!.uses.length === 0) needUpdate = true;
      else keep.push(i);
    });
    if (!needUpdate) return false;
    replaceCondition(rewriter, term, keep.map((i) => termArgs[i]!));
    const types = keep.map((i) => op.result(i).type);
    const newWhile = createWhile(rewriter, op.loc, types, op.operandValues);
    const newAfter = rewriter.createBlock(newWhile.region(1), 0, types, keep.map(() => op.loc));
    const newResults: Value[] = op.results.map((r) => r as Value);
    const newAfterArgs: Value[] = afterArgs.map((a) => a as Value);
    keep.forEach((i, k) => {
      newResults[i] = newWhile.result(k);
      newAfterArgs[i] = newAfter.args[k]!;
    });
    rewriter.inlineRegionBefore(op.region(0), newWhile.region(0), newWhile.region(0).blocks[0]);
    // Unused after arguments are replaced by themselves (they have no uses).
    rewriter.mergeBlocks(afterBody(op), newAfter, newAfterArgs.map((v, i) => (keep.includes(i) ? v : afterArgs[i]!)));
    rewriter.replaceOp(op, newResults);
    return true;
  },
};

const whileRemoveDuplicatedResults: RewritePattern = {
  name: 'WhileRemoveDuplicatedResults',
  rootName: 'scf.while',
  matchAndRewrite(op, rewriter) {
    const condOp = conditionOf(op);
    const condArgs = condOp.operandValues.slice(1);
    if (new Set(condArgs).size === condArgs.length) return rewriter.notifyMatchFailure(op, 'No results to remove');
    const pos = new Map<Value, number>();
    const newArgs: Value[] = [];
    for (const a of condArgs) {
      if (!pos.has(a)) {
        pos.set(a, pos.size);
        newArgs.push(a);
      }
    }
    const newWhile = createWhileWithBlocks(rewriter, op.loc, newArgs.map((v) => v.type), op.operandValues);
    const newBefore = beforeBody(newWhile);
    const newAfter = afterBody(newWhile);
    const afterMapping = condArgs.map((a) => newAfter.args[pos.get(a)!]!);
    const resultsMapping = condArgs.map((a) => newWhile.result(pos.get(a)!));
    replaceCondition(rewriter, condOp, newArgs);
    rewriter.mergeBlocks(beforeBody(op), newBefore, newBefore.args);
    rewriter.mergeBlocks(afterBody(op), newAfter, afterMapping);
    rewriter.replaceOp(op, resultsMapping);
    return true;
  },
};

const whileRemoveUnusedArgs: RewritePattern = {
  name: 'WhileRemoveUnusedArgs',
  rootName: 'scf.while',
  matchAndRewrite(op, rewriter) {
    const before = beforeBody(op);
    if (!before.args.some((a) => a.uses.length === 0)) return rewriter.notifyMatchFailure(op, 'No args to remove');
    const yieldOp = afterBody(op).terminator!;
    const newYields: Value[] = [];
    const newInits: Value[] = [];
    const erase: number[] = [];
    before.args.forEach((a, i) => {
      if (a.uses.length === 0) erase.push(i);
      else {
        newYields.push(yieldOp.operand(i));
        newInits.push(op.operand(i));
      }
    });
    rewriter.eraseBlockArguments(before, erase);
    const newWhile = createWhileWithBlocks(rewriter, op.loc, op.results.map((r) => r.type), newInits);
    rewriter.withInsertionGuard(() => {
      rewriter.setInsertionPoint(yieldOp);
      rewriter.replaceOpWithNewOp(yieldOp, { name: 'scf.yield', operands: newYields, loc: yieldOp.loc });
    });
    rewriter.mergeBlocks(before, beforeBody(newWhile), beforeBody(newWhile).args);
    rewriter.mergeBlocks(afterBody(op), afterBody(newWhile), afterBody(newWhile).args);
    rewriter.replaceOp(op, newWhile.results);
    return true;
  },
};

const whileOpAlignBeforeArgs: RewritePattern = {
  name: 'WhileOpAlignBeforeArgs',
  rootName: 'scf.while',
  matchAndRewrite(loop, rewriter) {
    const oldBefore = beforeBody(loop);
    const oldTerm = conditionOf(loop);
    const beforeArgs: Value[] = [...oldBefore.args];
    const termArgs = oldTerm.operandValues.slice(1);
    if (beforeArgs.length === termArgs.length && beforeArgs.every((a, i) => a === termArgs[i])) return false;
    if (new Set(termArgs).size !== termArgs.length) return false;
    if (beforeArgs.length !== termArgs.length) return false;
    const mapping: number[] = new Array(beforeArgs.length);
    for (let i = 0; i < beforeArgs.length; i++) {
      const k = termArgs.indexOf(beforeArgs[i]!);
      if (k < 0) return false;
      mapping[k] = i;
    }
    replaceCondition(rewriter, oldTerm, beforeArgs);
    const oldAfter = afterBody(loop);
    const newTypes: Type[] = new Array(beforeArgs.length);
    mapping.forEach((j, i) => (newTypes[j] = loop.result(i).type));
    const newLoop = createWhileWithBlocks(rewriter, loop.loc, newTypes, loop.operandValues);
    const newBefore = beforeBody(newLoop);
    const newAfter = afterBody(newLoop);
    const newResults: Value[] = new Array(beforeArgs.length);
    const newAfterArgs: Value[] = new Array(beforeArgs.length);
    mapping.forEach((j, i) => {
      newResults[i] = newLoop.result(j);
      newAfterArgs[i] = newAfter.args[j]!;
    });
    rewriter.inlineBlockBefore(oldBefore, newBefore, newBefore.ops[0], newBefore.args);
    rewriter.inlineBlockBefore(oldAfter, newAfter, newAfter.ops[0], newAfterArgs);
    rewriter.replaceOp(loop, newResults);
    return true;
  },
};

export const SCF_WHILE_PATTERNS: readonly RewritePattern[] = [
  removeLoopInvariantArgsFromBeforeBlock,
  removeLoopInvariantValueYielded,
  whileConditionTruth,
  whileCmpCond,
  whileUnusedResult,
  whileRemoveDuplicatedResults,
  whileRemoveUnusedArgs,
  whileOpAlignBeforeArgs,
];

// ---------------------------------------------------------------------------------------------------
// Registration

export const SCF_FOR_PATTERNS: readonly RewritePattern[] = [forOpIterArgsFolder, simplifyTrivialLoops];
export const SCF_IF_PATTERNS: readonly RewritePattern[] = [
  combineIfs,
  combineNestedIfs,
  conditionPropagation,
  convertTrivialIfToSelect,
  removeEmptyElseBranch,
  removeStaticCondition,
  removeUnusedResults,
  replaceIfYieldWithConditionOrValue,
];
export const SCF_EXECUTE_REGION_PATTERNS: readonly RewritePattern[] = [singleBlockExecuteInliner, multiBlockExecuteInliner];

registerCanonicalization('scf.execute_region', SCF_EXECUTE_REGION_PATTERNS);
registerCanonicalization('scf.for', SCF_FOR_PATTERNS);
registerCanonicalization('scf.if', SCF_IF_PATTERNS);
registerCanonicalization('scf.while', SCF_WHILE_PATTERNS);
