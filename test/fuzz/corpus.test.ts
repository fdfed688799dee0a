// The fuzz corpus without ../shared: what the repository bundles (test/fuzz/corpus.ts) gives seeds of every kind,
// each with the pass flags worth running on it.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DiskTree, groundTruth } from '../../golden/ground-truth.js';
import { packageRoot } from '../../golden/common.js';
import { chooseSource } from './corpus.js';
import { goldenSeeds, litSeeds, makeMutant, upstreamSeeds, type Seed } from './mutate.js';

describe('bundled fuzz corpus', () => {
  it('falls back to the bundled corpus when ../shared is not there', () => {
    expect(chooseSource({ bundled: false, shared: '/nonexistent/shared', extra: undefined }).kind).toBe('bundled');
    expect(chooseSource({ bundled: true, shared: undefined, extra: undefined }).kind).toBe('bundled');
  });

  it('reads golden cases, Triton lit tests of both sets and our lit tests from the repository', () => {
    const out: Seed[] = [];
    const gt = groundTruth();
    goldenSeeds(gt.sub('golden/corpus'), { maxBytes: 60_000, caseStride: 40 }, out);
    const golden = out.length;
    expect(golden).toBeGreaterThan(10);
    upstreamSeeds(gt.sub('upstream'), { maxBytes: 60_000 }, out, 'upstream');
    upstreamSeeds(gt.sub('upstream-pipeline'), { maxBytes: 60_000 }, out, 'upstream-pipeline');
    litSeeds(new DiskTree(join(packageRoot(), 'lit')), { maxBytes: 60_000 }, out);
    const count = (prefix: string): number => out.filter((s) => s.name.startsWith(prefix)).length;
    expect(count('upstream/')).toBeGreaterThan(100);
    expect(count('upstream-pipeline/')).toBeGreaterThan(100);
    expect(count('lit/')).toBeGreaterThan(200);
    // A golden stage file runs the pass that follows it; a lit chunk its RUN line's passes.
    const stage = out.find((s) => s.name.endsWith('/01-convert-triton-to-tritongpu.mlir'))!;
    expect(stage.passSets).toContainEqual(['--tritongpu-coalesce']);
    const rlc = out.find((s) => s.name.startsWith('lit/remove-layout-conversions/'))!;
    expect(rlc.passSets).toContainEqual(['-tritongpu-remove-layout-conversions']);
    // Mutants of this corpus replay: the same index gives the same mutant.
    expect(makeMutant(out, 3, 17, 4)).toEqual(makeMutant(out, 3, 17, 4));
  });
});
