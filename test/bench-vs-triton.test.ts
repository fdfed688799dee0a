// `npm run bench -- --vs-triton` without a usable Triton: one clear line and exit status 3, no stack trace; and
// Triton's side knows a binding for every pass of both corpora (scripts/oracle/triton_passes.py).

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { runVsTriton } from '../bench/vs-triton.js';
import { DiskTree, groundTruth } from '../golden/ground-truth.js';
import { corpusCases } from '../golden/passes.js';
import { pipelineCorpusDir } from '../golden/pipeline-corpus.js';

/** The pass names triton_passes.py maps to a binding. */
function tritonBindings(): Set<string> {
  const py = readFileSync('scripts/oracle/triton_passes.py', 'utf8');
  return new Set([...py.matchAll(/^\s*"([a-zA-Z0-9-]+)":/gm)].map((m) => m[1]!));
}
const passOf = (flag: string): string => flag.replace(/^--/, '').split('=')[0]!;

describe('bench --vs-triton', () => {
  it('says when triton is not importable', async () => {
    const saved = process.env['TTG_TRITON_PYTHON'];
    process.env['TTG_TRITON_PYTHON'] = '/nonexistent/python3';
    const err = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      const rc = await runVsTriton({ repeat: 1, cases: 'add-BLOCK256-sm80-w4' });
      expect(rc).toBe(3);
      const text = err.mock.calls.map((c) => String(c[0])).join('');
      expect(text).toContain("triton is not importable with '/nonexistent/python3'");
      expect(text).toContain('TTG_TRITON_PYTHON');
      expect(text).not.toContain('    at ');
    } finally {
      err.mockRestore();
      if (saved === undefined) delete process.env['TTG_TRITON_PYTHON'];
      else process.env['TTG_TRITON_PYTHON'] = saved;
    }
  }, 30000);

  it('has a Triton binding for every pass of golden/corpus and of the real-pipeline corpus', () => {
    const known = tritonBindings();
    const missing = new Set<string>();
    const tree = groundTruth().sub('golden/corpus');
    for (const c of corpusCases(tree)) {
      const meta = JSON.parse(tree.read(`${c}/meta.json`)) as { stages: { flag: string }[]; llvm?: { after: string[] } };
      for (const p of [...meta.stages.map((s) => passOf(s.flag)), ...(meta.llvm?.after ?? [])]) if (!known.has(p)) missing.add(p);
    }
    const dir = pipelineCorpusDir();
    const pipelineCases = corpusCases(new DiskTree(dir));
    expect(pipelineCases.length).toBeGreaterThan(200);
    for (const c of pipelineCases) {
      const meta = JSON.parse(readFileSync(join(dir, c, 'meta.json'), 'utf8')) as { stages: { flag: string }[] };
      for (const s of meta.stages) if (s.flag && !known.has(passOf(s.flag))) missing.add(passOf(s.flag));
    }
    // The golden corpus names the lowering's shared-memory pass by its pipeline alias.
    missing.delete('allocate-shared-memory');
    expect([...missing]).toEqual([]);
  }, 120000);
});
