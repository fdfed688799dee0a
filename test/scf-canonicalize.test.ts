// The scf folders and canonicalization patterns (dialect/scf/canonicalize.ts): Triton 3.6's outputs for
// the fixtures that exercise them (test/fixtures/rewrite-triton36), and unit checks of each pattern.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import '../dialect/index.js';
import '../tools/passes.js';
import { Parser } from '../parser/parser.js';
import { printOperation } from '../printer/printer.js';
import { runCanonicalizer } from '../transforms/canonicalize.js';
import { applyPatternsGreedily } from '../dialect/ir/rewrite/greedy.js';
import { SCF_FOR_PATTERNS, SCF_IF_PATTERNS } from '../dialect/scf/canonicalize.js';

const fixtures = join(import.meta.dirname, 'fixtures/rewrite-triton36');

function canonicalize(src: string): string {
  const m = new Parser(src, { filename: 'input.mlir' }).parseModule();
  runCanonicalizer(m);
  return printOperation(m, {});
}

/** The printed lines of function @f after canonicalization. */
function canonFn(sig: string, body: string): string[] {
  const out = canonicalize(`module {\n  tt.func @f${sig} {\n${body}\n  }\n}`);
  const lines = out.split('\n');
  const start = lines.findIndex((l) => l.includes('tt.func @f'));
  const res: string[] = [];
  for (let i = start + 1; i < lines.length; i++) {
    if (lines[i] === '  }') break;
    res.push(lines[i]!.trim());
  }
  return res;
}

/** Function bodies of a Triton 3.6 fixture whose output does not depend on cf patterns. */
function fixtureFunctions(base: string, names: readonly string[]): { name: string; got: string; want: string }[] {
  const input = join(fixtures, `${base}.mlir`);
  const exp = join(fixtures, `${base}.canonicalize.expected.mlir`);
  if (!existsSync(input) || !existsSync(exp)) return [];
  const got = canonicalize(readFileSync(input, 'utf8'));
  const want = readFileSync(exp, 'utf8');
  const fn = (text: string, name: string): string => {
    const lines = text.split('\n');
    const s = lines.findIndex((l) => l.includes(`tt.func @${name}(`) || l.includes(`tt.func private @${name}(`));
    const e = lines.findIndex((l, i) => i > s && l === '  }');
    return lines.slice(s, e + 1).join('\n');
  };
  return names.map((name) => ({ name, got: fn(got, name), want: fn(want, name) }));
}

describe('Triton 3.6 fixtures', () => {
  const s02 = join(fixtures, 's02_cse.mlir');
  it.skipIf(!existsSync(s02))('s02_cse (CombineIfs), whole module', () => {
    expect(canonicalize(readFileSync(s02, 'utf8')).trimEnd()).toBe(readFileSync(join(fixtures, 's02_cse.canonicalize.expected.mlir'), 'utf8').trimEnd());
  });
  // p01/p02 also hold cf.br / cf.cond_br functions (cf patterns, not here): compare the scf functions only.
  for (const c of [...fixtureFunctions('p01_sccp', ['straight', 'loop', 'ifc']), ...fixtureFunctions('p02_sccp', ['loop_varying', 'while_loop', 'cfg_loop', 'caller2'])]) {
    it(`fixture function @${c.name}`, () => expect(c.got).toBe(c.want));
  }
});

describe('scf.for', () => {
  it('drops forwarded, unused and duplicate iter args', () => {
    const body = [
      '%c1 = arith.constant 1 : i32',
      '%c0 = arith.constant 0 : i32',
      '%r:4 = scf.for %i = %arg0 to %arg1 step %c1 iter_args(%a = %c0, %b = %arg2, %c = %c0, %d = %c0) -> (i32, i32, i32, i32) : i32 {',
      '  %n = arith.addi %a, %i : i32',
      '  %m = arith.addi %c, %i : i32',
      '  scf.yield %n, %b, %m, %arg2 : i32, i32, i32, i32',
      '}',
      'tt.return %r#0, %r#1, %r#2, %r#3 : i32, i32, i32, i32',
    ].join('\n');
    expect(canonFn('(%arg0: i32, %arg1: i32, %arg2: i32) -> (i32, i32, i32, i32)', body)).toEqual([
      '%c1_i32 = arith.constant 1 : i32',
      '%c0_i32 = arith.constant 0 : i32',
      '%0:3 = scf.for %arg3 = %arg0 to %arg1 step %c1_i32 iter_args(%arg4 = %c0_i32, %arg5 = %c0_i32, %arg6 = %c0_i32) -> (i32, i32, i32)  : i32 {',
      '%1 = arith.addi %arg4, %arg3 : i32',
      '%2 = arith.addi %arg5, %arg3 : i32',
      'scf.yield %1, %2, %arg2 : i32, i32, i32',
      '}',
      'tt.return %0#0, %arg2, %0#1, %0#2 : i32, i32, i32, i32',
    ]);
    const dup = [
      '%c1 = arith.constant 1 : i32',
      '%r:2 = scf.for %i = %arg0 to %arg1 step %c1 iter_args(%a = %arg2, %b = %arg2) -> (i32, i32) : i32 {',
      '  %n = arith.addi %a, %i : i32',
      '  %m = arith.addi %b, %i : i32',
      '  scf.yield %n, %n : i32, i32',
      '}',
      'tt.return %r#0, %r#1 : i32, i32',
    ].join('\n');
    expect(canonFn('(%arg0: i32, %arg1: i32, %arg2: i32) -> (i32, i32)', dup)).toEqual([
      '%c1_i32 = arith.constant 1 : i32',
      '%0 = scf.for %arg3 = %arg0 to %arg1 step %c1_i32 iter_args(%arg4 = %arg2) -> (i32)  : i32 {',
      '%1 = arith.addi %arg4, %arg3 : i32',
      'scf.yield %1 : i32',
      '}',
      'tt.return %0, %0 : i32, i32',
    ]);
  });

  it('removes loops with zero iterations and inlines loops with one', () => {
    const body = (lb: string, ub: string, step: string): string =>
      [
        `%lb = arith.constant ${lb} : i32`,
        `%ub = arith.constant ${ub} : i32`,
        `%st = arith.constant ${step} : i32`,
        '%r = scf.for %i = %lb to %ub step %st iter_args(%a = %arg1) -> (i32) : i32 {',
        '  %v = tt.load %arg0 : !tt.ptr<i32>',
        '  %n = arith.addi %a, %v : i32',
        '  %m = arith.addi %n, %i : i32',
        '  scf.yield %m : i32',
        '}',
        'tt.return %r : i32',
      ].join('\n');
    const sig = '(%arg0: !tt.ptr<i32>, %arg1: i32) -> i32';
    expect(canonFn(sig, body('4', '4', '1'))).toEqual(['tt.return %arg1 : i32']);
    expect(canonFn(sig, body('8', '4', '1'))).toEqual(['tt.return %arg1 : i32']);
    expect(canonFn(sig, body('2', '6', '8'))).toEqual([
      '%c2_i32 = arith.constant 2 : i32',
      '%0 = tt.load %arg0 : !tt.ptr<i32>',
      '%1 = arith.addi %arg1, %0 : i32',
      '%2 = arith.addi %1, %c2_i32 : i32',
      'tt.return %2 : i32',
    ]);
  });

  it('replaces an empty loop yielding outside values', () => {
    const body = [
      '%c1 = arith.constant 1 : i32',
      '%r = scf.for %i = %arg0 to %arg1 step %c1 iter_args(%a = %arg2) -> (i32) : i32 {',
      '  scf.yield %arg3 : i32',
      '}',
      'tt.return %r : i32',
    ].join('\n');
    // The loop may not iterate: only ForOpIterArgsFolder-free cases with a known positive trip count fold.
    expect(canonFn('(%arg0: i32, %arg1: i32, %arg2: i32, %arg3: i32) -> i32', body)).toEqual([
      '%c1_i32 = arith.constant 1 : i32',
      '%0 = scf.for %arg4 = %arg0 to %arg1 step %c1_i32 iter_args(%arg5 = %arg2) -> (i32)  : i32 {',
      'scf.yield %arg3 : i32',
      '}',
      'tt.return %0 : i32',
    ]);
    const known = [
      '%c0 = arith.constant 0 : i32',
      '%c1 = arith.constant 1 : i32',
      '%c8 = arith.constant 8 : i32',
      '%r = scf.for %i = %c0 to %c8 step %c1 iter_args(%a = %arg0) -> (i32) : i32 {',
      '  scf.yield %arg1 : i32',
      '}',
      'tt.return %r : i32',
    ].join('\n');
    expect(canonFn('(%arg0: i32, %arg1: i32) -> i32', known)).toEqual(['tt.return %arg1 : i32']);
  });
});

describe('scf.if', () => {
  it('hoists results yielded from outside into selects', () => {
    const body = [
      '%r:2 = scf.if %arg0 -> (i32, i32) {',
      '  %m = arith.muli %arg1, %arg2 : i32',
      '  scf.yield %arg1, %m : i32, i32',
      '} else {',
      '  scf.yield %arg2, %arg2 : i32, i32',
      '}',
      'tt.return %r#0, %r#1 : i32, i32',
    ].join('\n');
    expect(canonFn('(%arg0: i1, %arg1: i32, %arg2: i32) -> (i32, i32)', body)).toEqual([
      '%0 = arith.select %arg0, %arg1, %arg2 : i32',
      '%1 = scf.if %arg0 -> (i32) {',
      '%2 = arith.muli %arg1, %arg2 : i32',
      'scf.yield %2 : i32',
      '} else {',
      'scf.yield %arg2 : i32',
      '}',
      'tt.return %0, %1 : i32, i32',
    ]);
  });

  it('propagates the condition into the branches and replaces boolean results by it', () => {
    const body = [
      '%t = arith.constant true',
      '%f = arith.constant false',
      '%r:2 = scf.if %arg0 -> (i1, i1) {',
      '  tt.store %arg1, %arg0 : !tt.ptr<i1>',
      '  scf.yield %t, %f : i1, i1',
      '} else {',
      '  tt.store %arg1, %arg0 : !tt.ptr<i1>',
      '  scf.yield %f, %t : i1, i1',
      '}',
      'tt.return %r#0, %r#1 : i1, i1',
    ].join('\n');
    const out = canonFn('(%arg0: i1, %arg1: !tt.ptr<i1>) -> (i1, i1)', body);
    expect(out.filter((l) => l.startsWith('tt.store'))).toEqual(['tt.store %arg1, %true : !tt.ptr<i1>', 'tt.store %arg1, %false : !tt.ptr<i1>']);
    expect(out).toContain('%0 = arith.xori %arg0, %true : i1');
    expect(out[out.length - 1]).toBe('tt.return %arg0, %0 : i1, i1');
  });

  it('folds a negated condition by swapping the branches', () => {
    const body = [
      '%t = arith.constant true',
      '%n = arith.xori %arg0, %t : i1',
      'scf.if %n {',
      '  tt.store %arg1, %arg2 : !tt.ptr<i32>',
      '} else {',
      '  tt.store %arg1, %arg3 : !tt.ptr<i32>',
      '}',
      'tt.return',
    ].join('\n');
    expect(canonFn('(%arg0: i1, %arg1: !tt.ptr<i32>, %arg2: i32, %arg3: i32)', body)).toEqual([
      'scf.if %arg0 {',
      'tt.store %arg1, %arg3 : !tt.ptr<i32>',
      '} else {',
      'tt.store %arg1, %arg2 : !tt.ptr<i32>',
      '}',
      'tt.return',
    ]);
  });

  it('combines nested ifs, drops empty else branches and static conditions', () => {
    const nested = ['scf.if %arg0 {', '  scf.if %arg1 {', '    tt.store %arg2, %arg3 : !tt.ptr<i32>', '  }', '}', 'tt.return'].join('\n');
    expect(canonFn('(%arg0: i1, %arg1: i1, %arg2: !tt.ptr<i32>, %arg3: i32)', nested)).toEqual([
      '%0 = arith.andi %arg0, %arg1 : i1',
      'scf.if %0 {',
      'tt.store %arg2, %arg3 : !tt.ptr<i32>',
      '}',
      'tt.return',
    ]);
    const empty = ['scf.if %arg0 {', '  tt.store %arg1, %arg2 : !tt.ptr<i32>', '} else {', '}', 'tt.return'].join('\n');
    expect(canonFn('(%arg0: i1, %arg1: !tt.ptr<i32>, %arg2: i32)', empty)).toEqual(['scf.if %arg0 {', 'tt.store %arg1, %arg2 : !tt.ptr<i32>', '}', 'tt.return']);
    const stat = ['%f = arith.constant false', 'scf.if %f {', '  tt.store %arg0, %arg1 : !tt.ptr<i32>', '}', 'tt.return'].join('\n');
    expect(canonFn('(%arg0: !tt.ptr<i32>, %arg1: i32)', stat)).toEqual(['tt.return']);
  });
});

describe('scf.while and scf.execute_region', () => {
  it('removes loop-invariant arguments and results, and the condition in the after region', () => {
    const body = [
      '%c10 = arith.constant 10 : i32',
      '%r:2 = scf.while (%a = %arg0, %b = %arg1) : (i32, i32) -> (i32, i32) {',
      '  %cond = arith.cmpi slt, %a, %c10 : i32',
      '  scf.condition(%cond) %a, %b : i32, i32',
      '} do {',
      '^bb0(%a2: i32, %b2: i32):',
      '  %n = arith.addi %a2, %b2 : i32',
      '  scf.yield %n, %b2 : i32, i32',
      '}',
      'tt.return %r#0, %r#1 : i32, i32',
    ].join('\n');
    expect(canonFn('(%arg0: i32, %arg1: i32) -> (i32, i32)', body)).toEqual([
      '%c10_i32 = arith.constant 10 : i32',
      '%0 = scf.while (%arg2 = %arg0) : (i32) -> i32 {',
      '%1 = arith.cmpi slt, %arg2, %c10_i32 : i32',
      'scf.condition(%1) %arg2 : i32',
      '} do {',
      '^bb0(%arg2: i32):',
      '%1 = arith.addi %arg2, %arg1 : i32',
      'scf.yield %1 : i32',
      '}',
      'tt.return %0, %arg1 : i32, i32',
    ]);
  });

  it('inlines a single-block execute_region unless no_inline', () => {
    const body = ['%r = scf.execute_region -> i32 {', '  %a = arith.muli %arg0, %arg0 : i32', '  scf.yield %a : i32', '}', 'tt.return %r : i32'].join('\n');
    expect(canonFn('(%arg0: i32) -> i32', body)).toEqual(['%0 = arith.muli %arg0, %arg0 : i32', 'tt.return %0 : i32']);
    const keep = ['%r = scf.execute_region -> i32 no_inline {', '  %a = arith.muli %arg0, %arg0 : i32', '  scf.yield %a : i32', '}', 'tt.return %r : i32'].join('\n');
    expect(canonFn('(%arg0: i32) -> i32', keep)[0]).toBe('%0 = scf.execute_region -> i32 no_inline {');
  });
});

describe('exported pattern sets', () => {
  it('SCF_FOR_PATTERNS / SCF_IF_PATTERNS apply on their own (as Triton passes use them)', () => {
    const src = [
      'module {',
      '  tt.func @f(%arg0: i1, %arg1: i32, %arg2: i32) -> i32 {',
      '    %r:2 = scf.if %arg0 -> (i32, i32) {',
      '      scf.yield %arg1, %arg2 : i32, i32',
      '    } else {',
      '      scf.yield %arg1, %arg1 : i32, i32',
      '    }',
      '    tt.return %r#1 : i32',
      '  }',
      '}',
    ].join('\n');
    const m = new Parser(src, { filename: 'x.mlir' }).parseModule();
    applyPatternsGreedily(m, [...SCF_FOR_PATTERNS, ...SCF_IF_PATTERNS]);
    expect(printOperation(m, {})).toContain('%0 = arith.select %arg0, %arg2, %arg1 : i32');
  });
});
