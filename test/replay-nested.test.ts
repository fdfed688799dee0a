// ttg-replay and the difftest's fast replay on a log where a pass runs a nested pipeline: Triton 3.6's
// OptimizeDotOperands runs a canonicalizer first, and MLIR dumps that inner pass like a top-level one. Found by
// `npm run difftest -- --kind kernels` (seed 41, #27 and #47: a dot with B transposed on sm90, where the pass fuses
// tt.trans + local_alloc into local_alloc + memdesc_trans): the pass's result is the dump after the inner one.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fastReplaySame } from '../golden/difftest/fast-replay.js';
import { parseDumpLog } from '../tools/replay/dump-log.js';
import { nestedDumpIndices, replay } from '../tools/replay/replay.js';

const dumps = parseDumpLog(readFileSync(join(__dirname, 'fixtures', 'replay', 'nested-canonicalize.log'), 'utf8'));

describe('nested pipelines in dump logs', () => {
  it('the canonicalize dump after tritongpu-optimize-dot-operands is that pass’s own', () => {
    expect([...nestedDumpIndices(dumps)]).toEqual([1]);
  });

  it('replay compares the pass with the dump after its nested pipeline', () => {
    const r = replay(dumps, { numStages: 3 });
    expect(r.steps.map((s) => [s.flag, s.verdict])).toEqual([
      ['tritongpu-optimize-dot-operands', 'same'],
      ['canonicalize', 'skipped'],
      ['tritongpu-coalesce-async-copy', 'skipped'],
    ]);
  });

  it('the difftest fast path agrees', () => {
    expect(fastReplaySame(dumps, 'tritongpu-optimize-dot-operands', 'tritongpu-optimize-dot-operands', 3)).toEqual({
      same: 1, differs: 0, 'not-in-ttg-opt': 0, 'ours-failed': 0, unreadable: 0, skipped: 0,
    });
  });
});
