// Differential testing against live Triton 3.6 (golden/difftest): a small fixed-seed batch of each kind, when a
// Python with the triton==3.6.0 wheel is available (TTG_TRITON_PYTHON, .venv-triton or python3); skipped otherwise.
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultPipelineDir, repoRoot, runDifftest, type DifftestSummary, type Kind } from '../golden/difftest/cli.js';
import { findTritonPython } from '../golden/difftest/oracle.js';
import { minimizeLines } from '../golden/difftest/minimize.js';

const py = findTritonPython(repoRoot());
const why = py.python ? '' : `skipped: ${py.why}`;
if (why) console.log(`difftest.test.ts ${why}`);

async function batch(kind: Kind, n: number): Promise<DifftestSummary> {
  const out = mkdtempSync(join(tmpdir(), 'difftest-'));
  return runDifftest({ kind, n, seed: 7, jobs: 1, out, minimize: false, pipelineDir: kind === 'passes' ? defaultPipelineDir() : '' }, py.python!);
}

function checkReproducers(s: DifftestSummary): void {
  expect(Object.keys(s.divergenceClasses).filter((c) => c.includes('harness error'))).toEqual([]);
  for (const d of s.divergences) if (d.dir) expect(readdirSync(d.dir)).toContain('command.txt');
}

describe('line minimization', () => {
  it('keeps only the lines the predicate needs', async () => {
    const text = ['a', 'b', 'KEEP1', 'c', 'd', 'e', 'KEEP2', 'f'].join('\n');
    const r = await minimizeLines(text, async (t) => t.includes('KEEP1') && t.includes('KEEP2'));
    expect(r.text).toBe('KEEP1\nKEEP2');
  });
});

describe.skipIf(!py.python)('difftest against Triton 3.6', () => {
  it('layouts: Triton toLinearLayout equals ours on random encodings', async () => {
    const s = await batch('layouts', 60);
    expect(s.inputs).toBe(60);
    expect(s.counts.same).toBeGreaterThan(40);
    expect(s.divergences).toEqual([]);
  }, 120_000);

  it('conversions: triviality, bank conflicts and allocation of random layout pairs', async () => {
    const s = await batch('conversions', 60);
    expect(s.inputs).toBe(60);
    expect(s.counts.same).toBeGreaterThan(30);
    checkReproducers(s);
  }, 120_000);

  it('layouts with two jobs (worker threads) count every case once', async () => {
    const out = mkdtempSync(join(tmpdir(), 'difftest-'));
    const s = await runDifftest({ kind: 'layouts', n: 300, seed: 8, jobs: 2, out, summary: join(out, 'x', 's.json'), minimize: false, pipelineDir: '' }, py.python!);
    expect(s.inputs).toBe(300);
    expect(readdirSync(join(out, 'x'))).toEqual(['s.json']);
  }, 120_000);

  it('passes: corpus stage mutants, pass by pass', async () => {
    const s = await batch('passes', 30);
    expect(s.inputs).toBe(30);
    expect(s.counts.same).toBeGreaterThan(5);
    checkReproducers(s);
  }, 300_000);

  it('kernels: generated kernels replayed through ttg-opt', async () => {
    const s = await batch('kernels', 2);
    expect(s.inputs).toBe(2);
    expect((s.steps['same'] ?? 0)).toBeGreaterThan(10);
    checkReproducers(s);
  }, 300_000);
});
