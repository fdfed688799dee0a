// Tests of the compile-speed paths of the IR core: the verifier's one-traversal run (and its fallback to the
// ordered run for diagnostics), the per-compilation memo of valid types/attributes, and region DCE's liveness (one
// backward walk plus a worklist, which must reach the same fixed point as iterating to it).

import { describe, expect, it } from 'vitest';
import '../dialect/index.js';
import type { FileLineColLoc } from '../dialect/ir/location.js';
import type { Operation } from '../dialect/ir/ir.js';
import { clearCompilationMemos } from '../dialect/ir/memo.js';
import { runRegionDCE } from '../dialect/ir/rewrite/region-utils.js';
import { IRRewriter } from '../dialect/ir/rewriter.js';
import { verifyOperation } from '../dialect/ir/verifier.js';
import { Parser } from '../parser/parser.js';
import { printOperation } from '../printer/printer.js';

function parse(src: string): Operation {
  return new Parser(src, { filename: 'test.mlir' }).parseModule();
}

function firstError(m: Operation): string | undefined {
  const d = verifyOperation(m);
  if (!d) return undefined;
  const loc = d.loc as FileLineColLoc;
  return `${loc.line}:${loc.col}: ${d.message}`;
}

describe('verifier: one-traversal run with the ordered run for diagnostics', () => {
  it('reports a structural error after an earlier dominance error, as the ordered run (structure first)', () => {
    // Line 2 uses %1 before its definition; line 4 has mismatched operand types. MLIR verifies the structure of the
    // whole module before dominance, so the type error is the first failure although it comes later.
    const m = parse(
      [
        'tt.func @f(%a: i32, %b: i64) {',
        '  %0 = arith.addi %1, %a : i32',
        '  %1 = arith.addi %a, %a : i32',
        '  %2 = "arith.addi"(%a, %b) : (i32, i64) -> i32',
        '  tt.return',
        '}',
      ].join('\n'),
    );
    expect(firstError(m)).toBe("4:8: 'arith.addi' op requires the same type for all operands and results");
  });

  it('reports the dominance error once the structure is valid, and accepts valid IR', () => {
    const bad = parse('tt.func @f(%a: i32) {\n  %0 = arith.addi %1, %a : i32\n  %1 = arith.addi %a, %a : i32\n  tt.return\n}');
    expect(firstError(bad)).toBe('2:8: operand #0 does not dominate this use');
    const good = parse('tt.func @f(%c: i1, %a: i32) {\n  %0 = arith.addi %a, %a : i32\n  scf.if %c {\n    %1 = arith.addi %0, %a : i32\n  }\n  tt.return\n}');
    expect(firstError(good)).toBeUndefined();
  });

  it('checks isolation from above in the same traversal', () => {
    // A value of the enclosing function used inside a nested, isolated function.
    const m = parse('module {\n  tt.func @f(%a: i32) {\n    tt.return\n  }\n}');
    const outer = m.region(0).blocks[0]!.ops[0]!;
    const inner = parse('module {\n  tt.func @g(%b: i32) {\n    %0 = arith.addi %b, %b : i32\n    tt.return\n  }\n}');
    const g = inner.region(0).blocks[0]!.ops[0]!;
    const add = g.region(0).blocks[0]!.ops[0]!;
    add.setOperand(0, outer.region(0).blocks[0]!.args[0]!);
    expect(verifyOperation(inner)?.message).toBe("'arith.addi' op using value defined outside the region");
  });
});

describe('verifier: valid types and attributes are remembered for one compilation', () => {
  it('verifies valid IR again after the memo is emptied, and reports a failing check on every run', () => {
    const src = [
      '#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>',
      'module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {',
      '  tt.func @f(%a: i32) {',
      '    %0 = tt.splat %a : i32 -> tensor<128xi32, #blocked>',
      '    tt.return',
      '  }',
      '}',
    ].join('\n');
    const m = parse(src);
    expect(verifyOperation(m)).toBeUndefined();
    expect(verifyOperation(m)).toBeUndefined();
    clearCompilationMemos();
    expect(verifyOperation(m)).toBeUndefined();
    // 100 elements: not a power of two (Triton's tensor rule, checked on every run, never remembered as valid).
    const bad = parse(src.replaceAll('128', '100'));
    const first = verifyOperation(bad)?.message;
    expect(first).toMatch(/power-of-two/);
    expect(verifyOperation(bad)?.message).toBe(first);
  });
});

describe('region DCE', () => {
  const body = (m: Operation): string[] =>
    printOperation(m)
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith('module') && !l.startsWith('tt.func') && l !== '}');

  it('erases dead chains of single-block regions in one liveness pass, nested regions included', () => {
    const m = parse(
      [
        'tt.func @f(%c: i1, %x: i32) -> i32 {',
        '  %0 = arith.addi %x, %x : i32',
        '  %1 = arith.muli %0, %0 : i32',
        '  %2 = scf.if %c -> (i32) {',
        '    %3 = arith.addi %1, %x : i32',
        '    %4 = arith.muli %3, %3 : i32',
        '    scf.yield %x : i32',
        '  } else {',
        '    scf.yield %x : i32',
        '  }',
        '  %5 = arith.subi %2, %x : i32',
        '  tt.return %2 : i32',
        '}',
      ].join('\n'),
    );
    const region = m.region(0).blocks[0]!.ops[0]!.region(0);
    expect(runRegionDCE(new IRRewriter(), [region])).toBe(true);
    expect(body(m)).toEqual(['%0 = scf.if %arg0 -> (i32) {', 'scf.yield %arg1 : i32', '} else {', 'scf.yield %arg1 : i32', 'tt.return %0 : i32']);
  });

  it('iterates to the fixed point around a loop of blocks', () => {
    // %v flows around the loop through ^bb1's argument and is never used otherwise: dead, found only by iterating.
    const m = parse(
      [
        'tt.func @f(%c: i1, %x: i32) -> i32 {',
        '  cf.br ^bb1(%x : i32)',
        '^bb1(%v: i32):',
        '  %0 = arith.addi %v, %v : i32',
        '  cf.cond_br %c, ^bb1(%0 : i32), ^bb2',
        '^bb2:',
        '  tt.return %x : i32',
        '}',
      ].join('\n'),
    );
    const region = m.region(0).blocks[0]!.ops[0]!.region(0);
    expect(runRegionDCE(new IRRewriter(), [region])).toBe(true);
    const text = printOperation(m);
    expect(text).not.toContain('arith.addi');
    expect(text).toContain('cf.cond_br %arg0, ^bb1, ^bb2');
  });
});
