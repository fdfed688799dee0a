// Blackwell (MMAv5, tensor memory) passes on Triton 3.6's own IR: the persistent matmul of upstream's
// pipeline-loop-nest.mlir, stage by stage (test/fixtures/blackwell-loop-nest, printed by Triton 3.6's wheel). Each
// pass gets Triton's output of the previous pass and must print exactly Triton's output of its own.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runOpt } from '../tools/opt-main.js';

const stage = (n: number): string => readFileSync(new URL(`./fixtures/blackwell-loop-nest/stage${n}.mlir`, import.meta.url), 'utf8');

const CASES: [string, number][] = [
  ['--tritongpu-accelerate-matmul', 3],
  ['--tritongpu-optimize-accumulator-init', 9],
  ['--tritongpu-hoist-tmem-alloc', 10],
  ['--triton-nvidia-gpu-remove-tmem-tokens', 14],
];

describe('Blackwell passes on Triton 3.6 stages of pipeline-loop-nest', () => {
  for (const [flag, n] of CASES) {
    it(`${flag} (stage ${n - 1} -> ${n})`, async () => {
      const r = await runOpt(['-', flag], stage(n - 1));
      expect(r.stderr).toBe('');
      expect(r.stdout.trimEnd()).toBe(stage(n).trimEnd());
    });
  }
});
