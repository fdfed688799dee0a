// The canonicalize pass through the library (parse → run → print), against Triton 3.6:
//  (1) test/fixtures/rewrite-triton36: inputs and what Triton 3.6's -canonicalize printed for them
//      (recorded on the GPU machine), exact text; a few need patterns of other dialects (tt.splat fold,
//      cf/scf canonicalizations) and are listed as known gaps;
//  (2) every corpus stage pair NN-*.mlir → NN+1-canonicalize.mlir;
//  (3) upstream TritonGPU/canonicalize.mlir chunks that only need arith/tt ops and the driver;
//  (4) unit checks of arith folds and patterns.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { groundTruth } from '../golden/ground-truth.js';
import '../dialect/index.js';
import '../tools/passes.js';
import { Parser } from '../parser/parser.js';
import { printOperation } from '../printer/printer.js';
import { runCanonicalizer } from '../transforms/canonicalize.js';
import { roundFloat } from '../dialect/arith/folds.js';

const root = join(import.meta.dirname, '..');
const gt = groundTruth();
const corpus = 'golden/corpus';
const fixtures = join(root, 'test/fixtures/rewrite-triton36');

export function canonicalize(src: string, debugInfo = false, filename = 'input.mlir'): string {
  const m = new Parser(src, { filename }).parseModule();
  runCanonicalizer(m);
  return printOperation(m, { debugInfo });
}

describe('canonicalize: Triton 3.6 fixtures', () => {
  const inputs = existsSync(fixtures) ? readdirSync(fixtures).filter((f) => /^[a-z]\d\d_[a-z_]+\.mlir$/.test(f)) : [];
  it('has fixtures', () => expect(inputs.length).toBeGreaterThan(5));
  for (const f of inputs) {
    const base = f.replace(/\.mlir$/, '');
    const expPath = join(fixtures, `${base}.canonicalize.expected.mlir`);
    if (!existsSync(expPath)) continue;
    const debug = base.startsWith('d') || base.endsWith('_debug');
    it(base, () => {
      const out = canonicalize(readFileSync(join(fixtures, f), 'utf8'), debug, f);
      expect(out.trimEnd()).toBe(readFileSync(expPath, 'utf8').trimEnd());
    });
  }
});

describe('canonicalize: corpus stages', () => {
  const cases = gt.list(corpus);
  it('finds the corpus', () => expect(cases.length).toBe(72));
  for (const c of cases) {
    const dir = join(corpus, c);
    const files = gt.list(dir).filter((f) => /^\d\d-.*\.mlir$/.test(f));
    files.forEach((f, i) => {
      if (!f.endsWith('-canonicalize.mlir') || i === 0) return;
      it(`${c}/${f}`, () => {
        const out = canonicalize(gt.read(join(dir, files[i - 1]!)));
        expect(out).toBe(gt.read(join(dir, f)));
      });
    });
  }
});

describe('canonicalize: upstream TritonGPU/canonicalize.mlir', () => {
  const chunks = gt.read('upstream/test/TritonGPU/canonicalize.mlir').split(/^\/\/ -----\s*$/m);
  const runs = JSON.parse(gt.read('upstream/expected/TritonGPU/canonicalize.mlir.json')) as { runs: { chunks: { chunk: number; triton36_output?: string }[] }[] };
  // Chunks whose result only depends on the driver (constant hoisting, dead code) and arith/tt folds.
  for (const i of [0, 2, 3, 8, 9, 15]) {
    const expected = runs.runs[0]!.chunks.find((c) => c.chunk === i)?.triton36_output;
    it.skipIf(expected === undefined)(`chunk ${i}`, () => {
      expect(canonicalize(chunks[i]!).trimEnd()).toBe(expected!.trimEnd());
    });
  }
});

/** Canonicalizes a function body `body` with signature `sig` and returns the printed body lines. */
function canonFn(sig: string, body: string): string[] {
  const out = canonicalize(`tt.func @f${sig} {\n${body}\n}`);
  return out
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('module') && !l.startsWith('tt.func') && l !== '}');
}

describe('canonicalize: arith folds', () => {
  it('integer identities and constant folding', () => {
    expect(canonFn('(%x: i32) -> i32', '%c0 = arith.constant 0 : i32\n%0 = arith.addi %x, %c0 : i32\ntt.return %0 : i32')).toEqual(['tt.return %arg0 : i32']);
    expect(canonFn('() -> i32', '%a = arith.constant 7 : i32\n%b = arith.constant -2 : i32\n%0 = arith.divsi %a, %b : i32\ntt.return %0 : i32')).toEqual([
      '%c-3_i32 = arith.constant -3 : i32',
      'tt.return %c-3_i32 : i32',
    ]);
    expect(canonFn('() -> i32', '%a = arith.constant 7 : i32\n%b = arith.constant -2 : i32\n%0 = arith.remsi %a, %b : i32\ntt.return %0 : i32')).toEqual([
      '%c1_i32 = arith.constant 1 : i32',
      'tt.return %c1_i32 : i32',
    ]);
    expect(canonFn('() -> i32', '%a = arith.constant 7 : i32\n%b = arith.constant -2 : i32\n%0 = arith.floordivsi %a, %b : i32\ntt.return %0 : i32')).toEqual([
      '%c-4_i32 = arith.constant -4 : i32',
      'tt.return %c-4_i32 : i32',
    ]);
    expect(canonFn('() -> i32', '%a = arith.constant 7 : i32\n%b = arith.constant -2 : i32\n%0 = arith.ceildivsi %a, %b : i32\ntt.return %0 : i32')).toEqual([
      '%c-3_i32 = arith.constant -3 : i32',
      'tt.return %c-3_i32 : i32',
    ]);
  });
  it('does not fold division by zero', () => {
    const lines = canonFn('() -> i32', '%a = arith.constant 7 : i32\n%z = arith.constant 0 : i32\n%0 = arith.divui %a, %z : i32\ntt.return %0 : i32');
    expect(lines.some((l) => l.includes('arith.divui'))).toBe(true);
  });
  it('moves constants to the right of commutative ops and swaps cmpi predicates', () => {
    expect(canonFn('(%x: i32) -> i1', '%c = arith.constant 4 : i32\n%0 = arith.cmpi ult, %c, %x : i32\ntt.return %0 : i1')).toEqual([
      '%c4_i32 = arith.constant 4 : i32',
      '%0 = arith.cmpi ugt, %arg0, %c4_i32 : i32',
      'tt.return %0 : i1',
    ]);
  });
  it('rounds float folds to the element type', () => {
    expect(roundFloat(70000, 'f16')).toBe(Infinity);
    expect(roundFloat(65519, 'f16')).toBe(65504);
    expect(roundFloat(1 / 3, 'bf16')).toBe(0.333984375);
    expect(canonFn('() -> f16', '%a = arith.constant 1.0 : f16\n%b = arith.constant 3.0 : f16\n%0 = arith.divf %a, %b : f16\ntt.return %0 : f16')).toEqual([
      '%cst = arith.constant 3.332520e-01 : f16',
      'tt.return %cst : f16',
    ]);
  });
  it('reassociates constants (DRR patterns)', () => {
    expect(canonFn('(%x: i32) -> i32', '%c1 = arith.constant 1 : i32\n%c2 = arith.constant 2 : i32\n%0 = arith.subi %x, %c1 : i32\n%1 = arith.subi %0, %c2 : i32\ntt.return %1 : i32')).toEqual([
      '%c3_i32 = arith.constant 3 : i32',
      '%0 = arith.subi %arg0, %c3_i32 : i32',
      'tt.return %0 : i32',
    ]);
  });
  it('compares sitofp(x) with a float constant as integers (CmpFIntToFPConst)', () => {
    expect(canonFn('(%x: i32) -> i1', '%f = arith.sitofp %x : i32 to f32\n%c = arith.constant 4.5 : f32\n%0 = arith.cmpf olt, %f, %c : f32\ntt.return %0 : i1')).toEqual([
      '%c4_i32 = arith.constant 4 : i32',
      '%0 = arith.cmpi sle, %arg0, %c4_i32 : i32',
      'tt.return %0 : i1',
    ]);
    expect(canonFn('(%x: i8) -> i1', '%f = arith.uitofp %x : i8 to f32\n%c = arith.constant -1.0 : f32\n%0 = arith.cmpf ogt, %f, %c : f32\ntt.return %0 : i1')).toEqual([
      '%true = arith.constant true',
      'tt.return %true : i1',
    ]);
  });
  it('erases unused pure ops and reads, keeps writes', () => {
    const lines = canonFn(
      '(%p: !tt.ptr<f32>, %x: i32)',
      '%0 = tt.load %p : !tt.ptr<f32>\n%1 = arith.addi %x, %x : i32\n%2 = tt.load %p : !tt.ptr<f32>\ntt.store %p, %2 : !tt.ptr<f32>\ntt.return',
    );
    expect(lines).toEqual(['%0 = tt.load %arg0 : !tt.ptr<f32>', 'tt.store %arg0, %0 : !tt.ptr<f32>', 'tt.return']);
  });
});
