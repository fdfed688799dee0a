// The fast paths of canonicalize and cse (greedy driver, region DCE, CSE hashing, the extractvalue folder): what they
// compute, on inputs the golden corpus does not cover (outputs checked against the implementation before the fast
// paths, which followed MLIR's code step by step).

import { describe, expect, it } from 'vitest';
import '../dialect/index.js';
import '../tools/passes.js';
import type { Operation } from '../dialect/ir/ir.js';
import { cseHash, operationsEquivalent } from '../dialect/ir/rewrite/equivalence.js';
import { runRegionDCE } from '../dialect/ir/rewrite/region-utils.js';
import { IRRewriter } from '../dialect/ir/rewriter.js';
import { Parser } from '../parser/parser.js';
import { printOperation } from '../printer/printer.js';
import { runCanonicalizer } from '../transforms/canonicalize.js';
import { runCSE } from '../transforms/cse.js';

function parse(lines: readonly string[]): Operation {
  return new Parser(lines.join('\n'), { filename: 'test.mlir' }).parseModule();
}

/** The printed body of the module's first function (without the module and function lines). */
function body(m: Operation): string[] {
  return printOperation(m)
    .split('\n')
    .map((l) => l.trim())
    .slice(2, -3);
}

describe('cse hashing', () => {
  it('treats an inherent attribute equal to its default as absent, and merges commutative operand orders', () => {
    const m = parse([
      'tt.func @f(%a: i32, %b: i32) -> i32 {',
      '  %0 = arith.addi %a, %b : i32',
      '  %1 = "arith.addi"(%a, %b) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32',
      '  %2 = arith.addi %b, %a : i32',
      '  %3 = arith.addi %a, %b overflow<nsw> : i32',
      '  %4 = arith.cmpi slt, %a, %b : i32',
      '  %5 = arith.cmpi sgt, %a, %b : i32',
      '  %6 = arith.cmpi slt, %a, %b : i32',
      '  %7 = arith.select %4, %0, %1 : i32',
      '  %8 = arith.select %5, %2, %3 : i32',
      '  %9 = arith.select %6, %7, %8 : i32',
      '  tt.return %9 : i32',
      '}',
    ]);
    expect(runCSE(m)).toEqual({ changed: true, numCSE: 6, numDCE: 0 });
    expect(body(m)).toEqual([
      '%0 = arith.addi %arg0, %arg1 : i32',
      '%1 = arith.addi %arg0, %arg1 overflow<nsw> : i32',
      '%2 = arith.cmpi slt, %arg0, %arg1 : i32',
      '%3 = arith.cmpi sgt, %arg0, %arg1 : i32',
      '%4 = arith.select %2, %0, %0 : i32',
      '%5 = arith.select %3, %0, %1 : i32',
      '%6 = arith.select %2, %4, %5 : i32',
      'tt.return %6 : i32',
    ]);
  });

  it('forgets the ops of a region when leaving it (sibling regions and later ops do not reuse them)', () => {
    const m = parse([
      'tt.func @f(%c: i1, %a: i32, %b: i32) -> i32 {',
      '  %0 = scf.if %c -> (i32) {',
      '    %1 = arith.muli %a, %b : i32',
      '    scf.yield %1 : i32',
      '  } else {',
      '    %2 = arith.muli %a, %b : i32',
      '    scf.yield %2 : i32',
      '  }',
      '  %3 = arith.muli %a, %b : i32',
      '  %4 = arith.muli %b, %a : i32',
      '  %5 = arith.addi %3, %4 : i32',
      '  %6 = arith.addi %5, %0 : i32',
      '  tt.return %6 : i32',
      '}',
    ]);
    expect(runCSE(m)).toEqual({ changed: true, numCSE: 2, numDCE: 0 });
    const text = printOperation(m);
    expect(text.match(/arith\.muli/g)).toHaveLength(3);
    expect(text).toContain('%2 = arith.addi %1, %1 : i32');
  });
});

describe('operation equivalence', () => {
  it('compares attributes by value, a default-valued inherent attribute counting as absent; equivalent ops hash alike', () => {
    const m = parse([
      'tt.func @f(%a: i32, %b: i32) {',
      '  %0 = arith.addi %a, %b : i32',
      '  %1 = "arith.addi"(%a, %b) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32',
      '  %2 = arith.addi %a, %b overflow<nsw> : i32',
      '  %3 = arith.addi %a, %b overflow<nsw> : i32',
      '  %4 = arith.addi %a, %b overflow<nuw> : i32',
      '  %5 = arith.addi %a, %b {tag = 1 : i32} : i32',
      '  %6 = arith.addi %a, %b {tag = 1 : i32} : i32',
      '  %7 = arith.addi %a, %b {tag = 2 : i32} : i32',
      '  tt.return',
      '}',
    ]);
    const ops = m.region(0).blocks[0]!.ops[0]!.region(0).blocks[0]!.ops;
    const eqv = (i: number, j: number): boolean => operationsEquivalent(ops[i]!, ops[j]!);
    expect([eqv(0, 1), eqv(2, 3), eqv(5, 6)]).toEqual([true, true, true]);
    expect([eqv(0, 2), eqv(2, 4), eqv(0, 5), eqv(5, 7), eqv(1, 2)]).toEqual([false, false, false, false, false]);
    expect(cseHash(ops[0]!)).toBe(cseHash(ops[1]!));
    expect(cseHash(ops[2]!)).toBe(cseHash(ops[3]!));
    expect(cseHash(ops[5]!)).toBe(cseHash(ops[6]!));
  });
});

describe('region DCE liveness', () => {
  it('erases a value that only flows around a loop, and keeps what the loop exit uses', () => {
    const m = parse([
      'tt.func @f(%c: i1, %x: i32) -> i32 {',
      '  %k = arith.constant 3 : i32',
      '  cf.br ^bb1(%x, %x, %k : i32, i32, i32)',
      '^bb1(%v: i32, %w: i32, %u: i32):',
      '  %0 = arith.addi %v, %v : i32',
      '  %1 = arith.muli %w, %u : i32',
      '  cf.cond_br %c, ^bb1(%0, %1, %u : i32, i32, i32), ^bb2(%1 : i32)',
      '^bb2(%r: i32):',
      '  tt.return %r : i32',
      '}',
    ]);
    const region = m.region(0).blocks[0]!.ops[0]!.region(0);
    expect(runRegionDCE(new IRRewriter(), [region])).toBe(true);
    const text = printOperation(m);
    expect(text).not.toContain('arith.addi');
    expect(text).toContain('cf.br ^bb1(%arg1, %c3_i32 : i32, i32)');
    expect(text).toContain('cf.cond_br %arg0, ^bb1(%2, %1 : i32, i32), ^bb2(%2 : i32)');
  });

  it('reports no change and leaves the IR alone when everything is live', () => {
    const src = [
      'tt.func @f(%c: i1, %x: i32) -> i32 {',
      '  cf.br ^bb1(%x : i32)',
      '^bb1(%v: i32):',
      '  %0 = arith.addi %v, %v : i32',
      '  cf.cond_br %c, ^bb1(%0 : i32), ^bb2',
      '^bb2:',
      '  tt.return %0 : i32',
      '}',
    ];
    const m = parse(src);
    const before = printOperation(m);
    const region = m.region(0).blocks[0]!.ops[0]!.region(0);
    expect(runRegionDCE(new IRRewriter(), [region])).toBe(false);
    expect(printOperation(m)).toBe(before);
  });
});

describe('canonicalize: extractvalue folding and constant uniquing', () => {
  it('folds extracts through insert chains (nested positions, prefixes, extract of extract) and uniques constants per dialect and type', () => {
    const s = '!llvm.struct<(i32, struct<(i32, i32)>, i32)>';
    const m = parse([
      'llvm.func @f(%a: i32, %b: i32, %s: !llvm.struct<(i32, i32)>) -> i32 {',
      `  %u = llvm.mlir.undef : ${s}`,
      `  %0 = llvm.insertvalue %a, %u[0] : ${s}`,
      `  %1 = llvm.insertvalue %s, %0[1] : ${s}`,
      `  %2 = llvm.insertvalue %b, %1[2] : ${s}`,
      `  %3 = llvm.insertvalue %a, %2[1, 0] : ${s}`,
      `  %4 = llvm.extractvalue %3[1, 1] : ${s}`,
      `  %5 = llvm.extractvalue %3[1] : ${s}`,
      '  %6 = llvm.extractvalue %5[0] : !llvm.struct<(i32, i32)>',
      `  %7 = llvm.extractvalue %2[1, 0] : ${s}`,
      `  %8 = llvm.extractvalue %3[0] : ${s}`,
      '  %9 = llvm.add %4, %6 : i32',
      '  %10 = llvm.add %9, %7 : i32',
      '  %11 = llvm.add %10, %8 : i32',
      '  %c1 = llvm.mlir.constant(1 : i32) : i32',
      '  %c2 = arith.constant 1 : i32',
      '  %c3 = llvm.mlir.constant(1 : i32) : i32',
      '  %c4 = llvm.mlir.constant(1 : i64) : i64',
      '  %12 = llvm.add %11, %c1 : i32',
      '  %13 = llvm.add %12, %c2 : i32',
      '  %14 = llvm.add %13, %c3 : i32',
      '  %15 = llvm.zext %14 : i32 to i64',
      '  %16 = llvm.add %15, %c4 : i64',
      '  %17 = llvm.trunc %16 : i64 to i32',
      '  llvm.return %17 : i32',
      '}',
    ]);
    expect(runCanonicalizer(m)).toEqual({ converged: true, changed: true });
    expect(body(m)).toEqual([
      '%0 = llvm.mlir.constant(1 : i64) : i64',
      '%c1_i32 = arith.constant 1 : i32',
      '%1 = llvm.mlir.constant(1 : i32) : i32',
      `%2 = llvm.mlir.undef : ${s}`,
      `%3 = llvm.insertvalue %arg0, %2[0] : ${s}`,
      `%4 = llvm.insertvalue %arg2, %3[1] : ${s}`,
      // %3[1, 1] skips the [1, 0] and [2] inserts, then goes into the struct inserted at [1] (an argument, no
      // insert): folded in place, its container now the [1] insert.
      `%5 = llvm.extractvalue %4[1, 1] : ${s}`,
      // %2[1, 0] likewise, past the [2] insert.
      `%6 = llvm.extractvalue %4[1, 0] : ${s}`,
      // %5[0] of %3[1] composes to %3[1, 0], which folds to %a.
      '%7 = llvm.add %5, %arg0 : i32',
      '%8 = llvm.add %7, %6 : i32',
      '%9 = llvm.add %8, %arg0 : i32',
      '%10 = llvm.add %9, %1 : i32',
      '%11 = llvm.add %10, %c1_i32 : i32',
      '%12 = llvm.add %11, %1 : i32',
      '%13 = llvm.zext %12 : i32 to i64',
      '%14 = llvm.add %13, %0 : i64',
      '%15 = llvm.trunc %14 : i64 to i32',
      'llvm.return %15 : i32',
    ]);
  });
});
