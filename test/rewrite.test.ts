// The rewrite infrastructure: use-list order, Builder, Rewriter notifications, the greedy driver
// (worklist order, folding, constant uniquing, strictness), OperationFolder, region simplification.
import { describe, expect, it } from 'vitest';
import '../dialect/index.js';
import { IntegerAttr } from '../dialect/ir/attribute.js';
import { Builder, IRMapping } from '../dialect/ir/builder.js';
import type { Block, Operation } from '../dialect/ir/ir.js';
import { IRRewriter, type RewriterListener } from '../dialect/ir/rewriter.js';
import { isOpTriviallyDead, isMemoryEffectFree, wouldOpBeTriviallyDead } from '../dialect/ir/traits.js';
import { i32 } from '../dialect/ir/type.js';
import { Parser } from '../parser/parser.js';
import { printOperation } from '../printer/printer.js';
import { OperationFolder } from '../dialect/ir/rewrite/fold-utils.js';
import { applyOpPatternsGreedily, applyPatternsGreedily } from '../dialect/ir/rewrite/greedy.js';
import { pattern, type RewritePattern } from '../dialect/ir/rewrite/pattern.js';
import { mergeIdenticalBlocks, runRegionDCE, eraseUnreachableBlocks, dropRedundantArguments } from '../dialect/ir/rewrite/region-utils.js';
import { eraseTriviallyDeadOps } from '../transforms/dce.js';

function parse(src: string): Operation {
  return new Parser(src, { filename: 'input.mlir' }).parseModule();
}
function print(m: Operation): string {
  return printOperation(m);
}
function funcBody(m: Operation): Block {
  return m.region(0).blocks[0]!.ops[0]!.region(0).blocks[0]!;
}
function bodyLines(m: Operation): string[] {
  return print(m)
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('module') && !l.startsWith('tt.func') && l !== '}');
}

describe('use lists', () => {
  it('are ordered most recent first, as MLIR', () => {
    const m = parse('tt.func @f(%x: i32) -> i32 {\n%0 = arith.addi %x, %x : i32\n%1 = arith.muli %x, %0 : i32\ntt.return %1 : i32\n}');
    const body = funcBody(m);
    const x = body.args[0]!;
    expect(x.uses.map((u) => `${u.owner.name}#${u.index}`)).toEqual(['arith.muli#0', 'arith.addi#1', 'arith.addi#0']);
  });
  it('RAUW keeps MLIR order', () => {
    const m = parse('tt.func @f(%x: i32, %y: i32) -> i32 {\n%0 = arith.addi %x, %y : i32\n%1 = arith.muli %x, %y : i32\ntt.return %1 : i32\n}');
    const [x, y] = funcBody(m).args;
    x!.replaceAllUsesWith(y!);
    // MLIR: uses of %x are walked newest first and each is prepended to %y's list.
    expect(y!.uses.map((u) => `${u.owner.name}#${u.index}`)).toEqual(['arith.addi#0', 'arith.muli#0', 'arith.muli#1', 'arith.addi#1']);
  });
});

describe('Builder', () => {
  it('inserts at the insertion point in order and clones regions', () => {
    const m = parse('tt.func @f(%c: i1, %x: i32) -> i32 {\n%0 = scf.if %c -> (i32) {\nscf.yield %x : i32\n} else {\nscf.yield %x : i32\n}\ntt.return %0 : i32\n}');
    const body = funcBody(m);
    const inserted: string[] = [];
    const b = new Builder({ notifyOperationInserted: (op) => void inserted.push(op.name) });
    b.setInsertionPoint(body.ops[0]!);
    b.create({ name: 'arith.constant', resultTypes: [i32()], attributes: [['value', IntegerAttr.i32(1)]] });
    b.create({ name: 'arith.constant', resultTypes: [i32()], attributes: [['value', IntegerAttr.i32(2)]] });
    const mapping = new IRMapping();
    b.setInsertionPointAfter(body.ops[2]!);
    const copy = b.clone(body.ops[2]!, mapping);
    expect(inserted).toEqual(['arith.constant', 'arith.constant', 'scf.if', 'scf.yield', 'scf.yield']);
    expect(mapping.lookup(body.ops[2]!.result(0))).toBe(copy.result(0));
    expect(bodyLines(m).slice(0, 2)).toEqual(['%c1_i32 = arith.constant 1 : i32', '%c2_i32 = arith.constant 2 : i32']);
    expect(bodyLines(m).filter((l) => l.includes('scf.if'))).toHaveLength(2);
  });
});

describe('Rewriter', () => {
  it('reports replace / modify / erase in MLIR order', () => {
    const m = parse('tt.func @f(%x: i32) -> i32 {\n%0 = arith.addi %x, %x : i32\n%1 = arith.muli %0, %0 : i32\n%2 = arith.subi %1, %0 : i32\ntt.return %2 : i32\n}');
    const body = funcBody(m);
    const log: string[] = [];
    const l: RewriterListener = {
      notifyOperationReplaced: (op) => void log.push(`replaced ${op.name}`),
      notifyOperationModified: (op) => void log.push(`modified ${op.name}`),
      notifyOperationErased: (op) => void log.push(`erased ${op.name}`),
    };
    const rw = new IRRewriter(l);
    rw.replaceOp(body.ops[0]!, [body.args[0]!]);
    // Uses of %0 in MLIR use-list order: subi#1, muli#1, muli#0.
    expect(log).toEqual(['replaced arith.addi', 'modified arith.subi', 'modified arith.muli', 'modified arith.muli', 'erased arith.addi']);
  });
  it('erases nested ops before their parent', () => {
    const m = parse('tt.func @f(%c: i1, %x: i32) {\nscf.if %c {\n%0 = arith.addi %x, %x : i32\n%1 = arith.muli %0, %0 : i32\n}\ntt.return\n}');
    const body = funcBody(m);
    const log: string[] = [];
    const rw = new IRRewriter({ notifyOperationErased: (op) => void log.push(op.name), notifyBlockErased: () => void log.push('block') });
    rw.eraseOp(body.ops[0]!);
    expect(log).toEqual(['scf.yield', 'arith.muli', 'arith.addi', 'block', 'scf.if']);
  });
  it('splits, merges and inlines blocks', () => {
    const m = parse('tt.func @f(%x: i32) -> i32 {\n%0 = arith.addi %x, %x : i32\n%1 = arith.muli %0, %0 : i32\ntt.return %1 : i32\n}');
    const body = funcBody(m);
    const rw = new IRRewriter();
    const nb = rw.splitBlock(body, body.ops[1]);
    expect(body.ops.map((o) => o.name)).toEqual(['arith.addi']);
    expect(nb.ops.map((o) => o.name)).toEqual(['arith.muli', 'tt.return']);
    rw.mergeBlocks(nb, body);
    expect(body.ops.map((o) => o.name)).toEqual(['arith.addi', 'arith.muli', 'tt.return']);
    expect(body.parent!.blocks).toHaveLength(1);
  });
});

describe('side effects', () => {
  it('classifies ops by traits', () => {
    const m = parse(
      'tt.func @f(%p: !tt.ptr<f32>, %x: i32, %c: i1) {\n%0 = tt.load %p : !tt.ptr<f32>\n%1 = arith.addi %x, %x : i32\ntt.store %p, %0 : !tt.ptr<f32>\nscf.if %c {\n%2 = arith.addi %x, %x : i32\n}\nscf.if %c {\ntt.store %p, %0 : !tt.ptr<f32>\n}\ntt.return\n}',
    );
    const [load, add, store, if1, if2] = funcBody(m).ops;
    expect(wouldOpBeTriviallyDead(load!)).toBe(true);
    expect(isMemoryEffectFree(load!)).toBe(false);
    expect(isOpTriviallyDead(add!)).toBe(true);
    expect(wouldOpBeTriviallyDead(store!)).toBe(false);
    expect(isMemoryEffectFree(if1!)).toBe(true);
    expect(wouldOpBeTriviallyDead(if2!)).toBe(false);
  });
});

describe('greedy driver', () => {
  it('visits ops top-down, folds, then applies patterns by benefit', () => {
    const m = parse('tt.func @f(%x: i32) -> i32 {\n%0 = arith.addi %x, %x : i32\n%1 = arith.muli %0, %0 : i32\n%2 = arith.subi %x, %1 : i32\ntt.return %2 : i32\n}');
    const seen: string[] = [];
    const spy: RewritePattern = {
      rootName: '*',
      benefit: 0,
      matchAndRewrite: (op) => {
        seen.push(op.name);
        return false;
      },
    };
    const low = pattern('arith.muli', () => false, { benefit: 1 });
    const high: RewritePattern = {
      rootName: 'arith.muli',
      benefit: 5,
      matchAndRewrite(op, rw) {
        rw.replaceOpWithNewOp(op, { name: 'arith.addi', operands: op.operandValues, resultTypes: [op.result(0).type] });
        return true;
      },
    };
    applyPatternsGreedily(m, [spy, low, high], { regionSimplification: 'disabled', useTopDownTraversal: true });
    // Iteration 1 (LIFO): func, %0; muli is rewritten: the new addi and its ancestor func are queued, the
    // user subi is already queued, and erasing muli queues %0's producer (its only other user is the new
    // addi) on top: %0, func, new addi, subi, return. Iteration 2 sees the final IR in pre-order.
    expect(seen).toEqual(['tt.func', 'arith.addi', 'arith.addi', 'tt.func', 'arith.addi', 'arith.subi', 'tt.return', 'tt.func', 'arith.addi', 'arith.addi', 'arith.subi', 'tt.return']);
    expect(bodyLines(m)).toEqual(['%0 = arith.addi %arg0, %arg0 : i32', '%1 = arith.addi %0, %0 : i32', '%2 = arith.subi %arg0, %1 : i32', 'tt.return %2 : i32']);
  });
  it('seeds bottom-up by default (post-order; ancestors are queued with their first nested op)', () => {
    const m = parse('tt.func @f(%x: i32) -> i32 {\n%0 = arith.muli %x, %x : i32\n%1 = arith.subi %0, %x : i32\ntt.return %1 : i32\n}');
    const seen: string[] = [];
    const spy: RewritePattern = {
      rootName: '*',
      matchAndRewrite: (op) => {
        seen.push(op.name);
        return false;
      },
    };
    applyPatternsGreedily(m, [spy], { regionSimplification: 'disabled' });
    // Worklist [addi, func, subi, return] popped from the back.
    expect(seen).toEqual(['tt.return', 'arith.subi', 'tt.func', 'arith.muli']);
  });
  it('stops after maxIterations and reports non-convergence', () => {
    const m = parse('tt.func @f(%x: i32) -> i32 {\n%0 = arith.addi %x, %x : i32\ntt.return %0 : i32\n}');
    const flip: RewritePattern = {
      rootName: 'arith.addi',
      matchAndRewrite(op, rw) {
        rw.modifyOpInPlace(op, () => op.setOperands([...op.operandValues].reverse()));
        return true;
      },
    };
    const r = applyPatternsGreedily(m, [flip], { maxIterations: 3, maxNumRewrites: 1 });
    expect(r.converged).toBe(false);
  });
  it('uniques and hoists constants at seeding time', () => {
    const m = parse(
      'tt.func @f(%x: i32) -> i32 {\n%0 = arith.addi %x, %x : i32\n%c1 = arith.constant 1 : i32\n%1 = arith.addi %0, %c1 : i32\n%c2 = arith.constant 2 : i32\n%c1b = arith.constant 1 : i32\n%2 = arith.muli %1, %c2 : i32\n%3 = arith.subi %2, %c1b : i32\ntt.return %3 : i32\n}',
    );
    applyPatternsGreedily(m, [], {});
    expect(bodyLines(m).slice(0, 2)).toEqual(['%c2_i32 = arith.constant 2 : i32', '%c1_i32 = arith.constant 1 : i32']);
  });
  it('applyOpPatternsGreedily only touches the given (and new) ops', () => {
    const m = parse('tt.func @f(%x: i32) -> (i32, i32) {\n%0 = arith.muli %x, %x : i32\n%1 = arith.muli %x, %x : i32\ntt.return %0, %1 : i32, i32\n}');
    const body = funcBody(m);
    const toAdd: RewritePattern = {
      rootName: 'arith.muli',
      matchAndRewrite(op, rw) {
        rw.replaceOpWithNewOp(op, { name: 'arith.addi', operands: op.operandValues, resultTypes: [op.result(0).type] });
        return true;
      },
    };
    const r = applyOpPatternsGreedily([body.ops[1]!], [toAdd]);
    expect(r.allErased).toBe(true);
    expect(bodyLines(m)).toEqual(['%0 = arith.muli %arg0, %arg0 : i32', '%1 = arith.addi %arg0, %arg0 : i32', 'tt.return %0, %1 : i32, i32']);
  });
});

describe('OperationFolder', () => {
  it('materializes uniqued constants at the front of the insertion region', () => {
    const m = parse('tt.func @f(%x: i32) -> i32 {\n%0 = arith.addi %x, %x : i32\ntt.return %0 : i32\n}');
    const body = funcBody(m);
    const folder = new OperationFolder();
    const a = folder.getOrCreateConstant(body, 'arith', IntegerAttr.i32(7), i32());
    const b = folder.getOrCreateConstant(body, 'arith', IntegerAttr.i32(7), i32());
    expect(a).toBe(b);
    expect(body.ops[0]!.name).toBe('arith.constant');
  });
});

describe('dce helpers', () => {
  it('erases dead chains, keeps effects', () => {
    const m = parse('tt.func @f(%p: !tt.ptr<f32>, %x: i32) {\n%0 = arith.addi %x, %x : i32\n%1 = arith.muli %0, %0 : i32\n%2 = tt.load %p : !tt.ptr<f32>\ntt.store %p, %2 : !tt.ptr<f32>\ntt.return\n}');
    expect(eraseTriviallyDeadOps(m)).toBe(2);
    expect(bodyLines(m)).toEqual(['%0 = tt.load %arg0 : !tt.ptr<f32>', 'tt.store %arg0, %0 : !tt.ptr<f32>', 'tt.return']);
  });
});

describe('region simplification', () => {
  const cfg = [
    'tt.func @f(%c: i1, %x: i32, %y: i32) -> i32 {',
    '  cf.cond_br %c, ^bb1(%x, %y : i32, i32), ^bb2(%y : i32)',
    '^bb1(%a: i32, %b: i32):',
    '  %0 = arith.addi %a, %a : i32',
    '  cf.br ^bb3(%0, %b : i32, i32)',
    '^bb2(%d: i32):',
    '  cf.br ^bb3(%d, %d : i32, i32)',
    '^bb4:',
    '  %u = arith.addi %x, %y : i32',
    '  cf.br ^bb3(%u, %u : i32, i32)',
    '^bb3(%r: i32, %unused: i32):',
    '  tt.return %r : i32',
    '}',
  ].join('\n');
  it('erases unreachable blocks and dead block arguments', () => {
    const m = parse(cfg);
    const region = m.region(0).blocks[0]!.ops[0]!.region(0);
    const rw = new IRRewriter();
    expect(eraseUnreachableBlocks(rw, [region])).toBe(true);
    // As MLIR, region DCE reports only erased ops (dead block arguments alone do not count).
    expect(runRegionDCE(rw, [region])).toBe(false);
    expect(print(m)).toContain('cf.cond_br %arg0, ^bb1(%arg1 : i32), ^bb2(%arg2 : i32)');
    expect(print(m)).toContain('^bb3(%3: i32):');
    expect(print(m)).not.toContain('^bb4');
  });
  it('merges identical blocks and drops redundant arguments (aggressive)', () => {
    const src = [
      'tt.func @f(%c: i1, %x: i32, %y: i32) -> i32 {',
      '  cf.cond_br %c, ^bb1, ^bb2',
      '^bb1:',
      '  %0 = arith.addi %x, %x : i32',
      '  cf.br ^bb3(%0 : i32)',
      '^bb2:',
      '  %1 = arith.addi %y, %y : i32',
      '  cf.br ^bb3(%1 : i32)',
      '^bb3(%r: i32):',
      '  tt.return %r : i32',
      '}',
    ].join('\n');
    const m = parse(src);
    const region = m.region(0).blocks[0]!.ops[0]!.region(0);
    const rw = new IRRewriter();
    expect(mergeIdenticalBlocks(rw, [region])).toBe(true);
    expect(region.blocks).toHaveLength(3);
    expect(print(m)).toContain('cf.cond_br %arg0, ^bb1(%arg1 : i32), ^bb1(%arg2 : i32)');
    // ^bb3's argument now has a single incoming value per predecessor edge from the merged block.
    expect(dropRedundantArguments(rw, [region])).toBe(true);
    expect(print(m)).toContain('cf.br ^bb2\n');
  });
});
