// The cse pass through the library (parse → run → print), against Triton 3.6:
//  (1) test/fixtures/rewrite-triton36: what Triton 3.6's -cse printed for each input (exact text);
//  (2) every corpus stage pair 11-*.mlir → 12-cse.mlir;
//  (3) unit checks: scopes, dominance, memory effects, commutativity, regions.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { groundTruth } from '../golden/ground-truth.js';
import '../dialect/index.js';
import '../tools/passes.js';
import { Parser } from '../parser/parser.js';
import { printOperation } from '../printer/printer.js';
import { runCSE } from '../transforms/cse.js';

const root = join(import.meta.dirname, '..');
const gt = groundTruth();
const corpus = 'golden/corpus';
const fixtures = join(root, 'test/fixtures/rewrite-triton36');

function cse(src: string, debugInfo = false, filename = 'input.mlir'): string {
  const m = new Parser(src, { filename }).parseModule();
  runCSE(m);
  return printOperation(m, { debugInfo });
}

describe('cse: Triton 3.6 fixtures', () => {
  const inputs = existsSync(fixtures) ? readdirSync(fixtures).filter((f) => /^[a-z]\d\d_[a-z_]+\.mlir$/.test(f)) : [];
  it('has fixtures', () => expect(inputs.length).toBeGreaterThan(5));
  for (const f of inputs) {
    const base = f.replace(/\.mlir$/, '');
    const expPath = join(fixtures, `${base}.cse.expected.mlir`);
    if (!existsSync(expPath)) continue;
    it(base, () => {
      const out = cse(readFileSync(join(fixtures, f), 'utf8'), base.startsWith('d') || base.endsWith('_debug'), f);
      expect(out.trimEnd()).toBe(readFileSync(expPath, 'utf8').trimEnd());
    });
  }
});

describe('cse: corpus stages', () => {
  const cases = gt.list(corpus);
  it('finds the corpus', () => expect(cases.length).toBe(72));
  for (const c of cases) {
    const dir = join(corpus, c);
    const files = gt.list(dir).filter((f) => /^\d\d-.*\.mlir$/.test(f));
    files.forEach((f, i) => {
      if (!f.endsWith('-cse.mlir') || i === 0) return;
      it(`${c}/${f}`, () => {
        const out = cse(gt.read(join(dir, files[i - 1]!)));
        expect(out).toBe(gt.read(join(dir, f)));
      });
    });
  }
});

function cseFn(sig: string, body: string): string[] {
  return cse(`tt.func @f${sig} {\n${body}\n}`)
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('module') && !l.startsWith('tt.func') && l !== '}');
}

describe('cse: semantics', () => {
  it('merges commutative ops with permuted operands', () => {
    expect(cseFn('(%x: i32, %y: i32) -> (i32, i32)', '%0 = arith.muli %x, %y : i32\n%1 = arith.muli %y, %x : i32\ntt.return %0, %1 : i32, i32')).toEqual([
      '%0 = arith.muli %arg0, %arg1 : i32',
      'tt.return %0, %0 : i32, i32',
    ]);
  });
  it('keeps non-commutative ops with permuted operands', () => {
    expect(cseFn('(%x: i32, %y: i32) -> (i32, i32)', '%0 = arith.subi %x, %y : i32\n%1 = arith.subi %y, %x : i32\ntt.return %0, %1 : i32, i32')).toHaveLength(3);
  });
  it('merges reads only without a write in between', () => {
    const lines = cseFn(
      '(%p: !tt.ptr<f32>, %v: f32) -> (f32, f32, f32)',
      '%0 = tt.load %p : !tt.ptr<f32>\n%1 = tt.load %p : !tt.ptr<f32>\ntt.store %p, %v : !tt.ptr<f32>\n%2 = tt.load %p : !tt.ptr<f32>\ntt.return %0, %1, %2 : f32, f32, f32',
    );
    expect(lines).toEqual([
      '%0 = tt.load %arg0 : !tt.ptr<f32>',
      'tt.store %arg0, %arg1 : !tt.ptr<f32>',
      '%1 = tt.load %arg0 : !tt.ptr<f32>',
      'tt.return %0, %0, %1 : f32, f32, f32',
    ]);
  });
  it('uses an outer op inside a nested region but not across sibling regions', () => {
    const lines = cseFn(
      '(%c: i1, %x: i32) -> i32',
      [
        '%0 = scf.if %c -> (i32) {',
        '  %a = arith.addi %x, %x : i32',
        '  scf.yield %a : i32',
        '} else {',
        '  %b = arith.addi %x, %x : i32',
        '  scf.yield %b : i32',
        '}',
        '%1 = arith.addi %x, %x : i32',
        '%2 = arith.addi %0, %1 : i32',
        'tt.return %2 : i32',
      ].join('\n'),
    );
    expect(lines.filter((l) => l.includes('arith.addi %arg1, %arg1'))).toHaveLength(3);
  });
  it('merges identical ops with regions (tt.reduce)', () => {
    const reduce = (n: string): string =>
      [
        `%${n} = "tt.reduce"(%x) <{axis = 0 : i32}> ({`,
        `^bb0(%a${n}: f32, %b${n}: f32):`,
        `  %s${n} = arith.addf %a${n}, %b${n} : f32`,
        `  tt.reduce.return %s${n} : f32`,
        '}) : (tensor<8xf32>) -> f32',
      ].join('\n');
    const lines = cseFn('(%x: tensor<8xf32>) -> (f32, f32)', `${reduce('r0')}\n${reduce('r1')}\ntt.return %r0, %r1 : f32, f32`);
    expect(lines.filter((l) => l.includes('tt.reduce(')).length + lines.filter((l) => l.includes('"tt.reduce"')).length).toBe(1);
    expect(lines[lines.length - 1]).toBe('tt.return %0, %0 : f32, f32');
  });
  it('walks multi-block regions along the dominator tree', () => {
    const lines = cseFn(
      '(%c: i1, %x: i32) -> i32',
      [
        '%0 = arith.muli %x, %x : i32',
        'cf.cond_br %c, ^bb1, ^bb2',
        '^bb1:',
        '%1 = arith.muli %x, %x : i32',
        'cf.br ^bb3(%1 : i32)',
        '^bb2:',
        '%2 = arith.addi %x, %x : i32',
        'cf.br ^bb3(%2 : i32)',
        '^bb3(%r: i32):',
        '%3 = arith.addi %x, %x : i32',
        '%4 = arith.addi %r, %3 : i32',
        'tt.return %4 : i32',
      ].join('\n'),
    );
    expect(lines.filter((l) => l.includes('arith.muli'))).toHaveLength(1);
    // %2 (in ^bb2) does not dominate ^bb3: both adds stay.
    expect(lines.filter((l) => l.includes('arith.addi %arg1, %arg1'))).toHaveLength(2);
  });
});
