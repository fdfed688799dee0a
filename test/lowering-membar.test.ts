// Membar analysis (analysis/membar.ts): on inputs whose shared memory ops lower without internal barriers, the
// number of barriers must equal the nvvm.barrier0 count of Triton 3.6's own lowering (test/fixtures/membar,
// expected.json), and the barriers go before the ops that need them (RAW, WAR, WAW, through branches and loops).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import '../dialect/index.js';
import '../tools/passes.js';
import { Parser } from '../parser/parser.js';
import { allocateSharedMemory } from '../transforms/allocate-shared-memory.js';
import { ModuleAllocation, nvidiaScratchSizeFn } from '../analysis/allocation.js';
import { computeBarriers } from '../analysis/membar.js';
import type { Operation } from '../dialect/ir/ir.js';

const dir = join(import.meta.dirname, 'fixtures', 'membar');
const expected = JSON.parse(readFileSync(join(dir, 'expected.json'), 'utf8')) as Record<string, number | string>;

function barriers(file: string): Operation[] {
  const m = new Parser(readFileSync(join(dir, file), 'utf8'), { filename: file }).parseModule();
  allocateSharedMemory(m, 80, 87);
  return [...computeBarriers(m, new ModuleAllocation(m, nvidiaScratchSizeFn({ computeCapability: 80, ptxVersion: 87 })))];
}

describe('membar: Triton 3.6 barrier counts', () => {
  for (const [file, n] of Object.entries(expected)) {
    if (typeof n !== 'number') continue;
    it(file, () => expect(barriers(file).length).toBe(n));
  }
  it('barrier placement in a branchy function', () => {
    expect(barriers('m1_straight_and_branch.mlir').map((o) => o.name)).toEqual([
      'ttg.local_load', // RAW: reads the alloc just written
      'ttg.local_load', // RAW on the mutable buffer
      'ttg.local_store', // WAR
      'ttg.local_load', // RAW at the top of ^bb1
      'ttg.local_store', // WAR after the join of ^bb0/^bb1
      'ttg.local_load', // RAW
    ]);
  });
});
