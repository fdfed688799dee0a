// Replays a fixed seeded sample of the mutation sweep (test/fuzz/mutate.ts) through the in-process driver:
// every malformed input must end in a located diagnostic with exit status 1 (or be accepted), never in an
// internal error, a stack trace, partial output or a hang. The full sweep: `node dist/test/fuzz/run.js --n 5000`.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { groundTruth, writeTree } from '../../golden/ground-truth.js';
import { execMutant, withGenericForms } from './exec.js';
import { classify, loadCorpus, makeMutant, Rng, MUTATORS, outcomeClass } from './mutate.js';

const tmp = mkdtempSync(join(tmpdir(), 'ttg-fuzz-test-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
// The seeds are read from files: the ground truth's corpus and upstream tests, written out once for this run.
const shared = writeTree(groundTruth(), ['golden/corpus', 'upstream'], join(tmp, 'shared'));

const SEED = 20250;
const COUNT = 300;

describe('mutation fuzzing', () => {
  // Small files of every 6th golden case and the upstream chunks (some also in generic form) keep it fast.
  const corpus = withGenericForms(loadCorpus(shared, undefined, { maxBytes: 12_000, caseStride: 6 }), 3);

  it('mutations are deterministic', () => {
    const a = makeMutant(corpus, SEED, 7);
    const b = makeMutant(corpus, SEED, 7);
    expect(a).toEqual(b);
    const seq = (): number[] => {
      const r = new Rng(1);
      return [r.int(1000), r.int(1000), r.int(1000)];
    };
    expect(seq()).toEqual(seq());
    expect(Object.keys(MUTATORS).length).toBeGreaterThan(20);
  });

  it('has the mutation kinds of issue 10', () => {
    // Structure-aware: encodings dropped, huge types, split markers and tiny inputs, odd function attributes, CGA
    // layouts, external functions, deep nesting, long lines, big / f128 / non-ASCII constants, unknown layout keys;
    // and byte-level damage.
    const kinds = ['drop-encoding', 'big-layout', 'split-markers', 'one-line', 'func-attrs', 'cga-layout', 'odd-layout', 'external-func', 'deep-nesting', 'nest-regions',
      'nest-locations', 'long-line', 'huge-dense', 'non-ascii', 'unknown-key', 'truncate', 'garbage', 'byte-flip', 'crlf-tabs'];
    const seedText = corpus.find((c) => c.name.endsWith('/01-convert-triton-to-tritongpu.mlir') && c.text.includes('arith.constant dense<'))!.text;
    for (const k of kinds) {
      expect(MUTATORS[k], k).toBeDefined();
      // Each changes a typical TTGIR file for some of a few seeds.
      const changed = [1, 2, 3, 4, 5, 6, 7, 8].some((sd) => {
        const res = MUTATORS[k]!(seedText, new Rng(sd));
        return res !== undefined && res.text !== seedText;
      });
      expect(changed, k).toBe(true);
    }
  });

  it('split markers run with --split-input-file', () => {
    const withSplit = Array.from({ length: 400 }, (_, i) => makeMutant(corpus, SEED, i)).filter((m) => m.args.includes('--split-input-file'));
    expect(withSplit.length).toBeGreaterThan(0);
    for (const m of withSplit) expect(m.ops.some((o) => /^(split-markers|one-line)\(/.test(o))).toBe(true);
  });

  it(`${COUNT} seeded mutations give no BUG outcome`, () => {
    const counts = new Map<string, number>();
    const bugs: string[] = [];
    for (let i = 0; i < COUNT; i++) {
      const m = makeMutant(corpus, SEED, i);
      const o = classify(execMutant(m, tmp, { reparse: true }));
      const cls = outcomeClass(o);
      counts.set(cls, (counts.get(cls) ?? 0) + 1);
      if (o.kind === 'bug') bugs.push(`#${i} ${m.seed} ${m.ops.join(' ')} [${m.args.join(' ')}]: ${cls}: ${o.excerpt.split('\n')[0]}`);
    }
    expect(bugs).toEqual([]);
    // The sample exercises both outcomes (a mutator set that only ever breaks the lexer would test little).
    expect(counts.get('error') ?? 0).toBeGreaterThan(COUNT / 2);
    expect(counts.get('ok') ?? 0).toBeGreaterThan(0);
  });
});

describe('outcome classification', () => {
  const rec = (exitCode: number, stderr: string, stdout = '') => classify({ exitCode, stderr, stdout, ms: 1 });
  it('accepts clean outcomes', () => {
    expect(rec(0, '', 'module {\n}\n').kind).toBe('ok');
    expect(rec(1, "f.mlir:3:5: error: expected ')'\n  %0 = (\n    ^\n").kind).toBe('error');
    expect(rec(1, "f.mlir:3:5: error: use of undeclared SSA value name '%undefined'\n").kind).toBe('error');
  });
  it('flags internal failures', () => {
    expect(outcomeClass(rec(2, 'ttg-opt: internal error: boom\n'))).toBe('exit-2: boom');
    expect(outcomeClass(rec(1, "f.mlir:1:1: error: Cannot read properties of undefined (reading 'x')\n"))).toMatch(/^internal-text/);
    expect(outcomeClass(rec(1, 'f.mlir:1:1: error: x\n    at foo (/a/b.js:1:2)\n'))).toBe('stack-trace');
    expect(outcomeClass(rec(1, 'f.mlir:1:1: error: x\n', 'module {\n}\n'))).toBe('output-with-error');
    expect(outcomeClass(rec(1, 'error: no location\n'))).toBe('unlocated-error');
    expect(outcomeClass(rec(0, 'f.mlir:1:1: error: x\n'))).toBe('error-with-exit-0');
    expect(outcomeClass(classify({ exitCode: 1, stderr: 'f.mlir:1:1: error: x\n', stdout: '', ms: 1, wroteOutput: true }))).toBe('partial-output-file');
    expect(outcomeClass(classify({ exitCode: 0, stderr: '', stdout: '', ms: 9000, baselineMs: 100 }))).toBe('timeout');
    expect(outcomeClass(classify({ exitCode: 0, stderr: '', stdout: '', ms: 9000, baselineMs: 8000 }))).toBe('ok');
    // Time spent building output too long to print is not a hang; an empty file name (loc("":1)) is a location.
    const tooLarge = 'f.mlir:1:1: error: output too large: the printed IR would have 600000000 characters, more than the 536870888 a string can hold\n';
    expect(outcomeClass(classify({ exitCode: 1, stderr: tooLarge, stdout: '', ms: 20000, baselineMs: 100 }))).toBe('error');
    expect(outcomeClass(rec(1, ":1:0: error: 'tt.make_range' op tensor tensor<64xi32> has no encoding\n"))).toBe('error');
  });
  it('takes <unknown>:0 as a location only where ops may have none', () => {
    const unknown = "<unknown>:0: error: 'arith.constant' op result of type 'tensor<4xi32>' has no layout encoding\n";
    expect(outcomeClass(rec(1, unknown))).toBe('unlocated-error');
    expect(outcomeClass(classify({ exitCode: 1, stderr: unknown, stdout: '', ms: 1, unknownLoc: true }))).toBe('error');
  });
  it("counts MLIR's own print/parse gaps apart from ours", () => {
    const gap = { kind: 'fails' as const, detail: "<stdin>:4:13: error: failed to construct function type: expected LLVM type for function arguments and results, got 'index'" };
    expect(outcomeClass(classify({ exitCode: 0, stderr: '', stdout: 'module {}', ms: 1, reparse: gap }))).toBe('mlir-roundtrip-gap');
    const ours = { kind: 'fails' as const, detail: '<stdin>:1:1: error: expected operation name' };
    expect(outcomeClass(classify({ exitCode: 0, stderr: '', stdout: 'module {}', ms: 1, reparse: ours }))).toMatch(/^reparse-fails/);
  });
  // (Quadratic joining, as a regex did, takes minutes here: past vitest's time limit for a test.)
  it('joins megabytes of spaces into one line', () => {
    const text = `a  \n\n  b${' '.repeat(3_000_000)}c\n d`;
    const r = new Rng(3);
    let joined: string | undefined;
    // The 'one-line' mutator's first choice joins the lines.
    for (let i = 0; i < 20 && joined === undefined; i++) {
      const m = MUTATORS['one-line']!(text, r);
      if (m?.detail === 'joined') joined = m.text;
    }
    expect(joined).toBe(`a b${' '.repeat(3_000_000)}c d`);
  });
});
