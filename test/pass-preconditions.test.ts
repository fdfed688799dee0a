// Passes that take TritonGPU IR, given Triton IR (no `ttg.num-warps`, tensors without layouts) or a tensor
// without a layout inside TritonGPU IR: a located error at the op, exit status 1, never an internal error.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import '../tools/passes.js';
import { runOptSync } from '../tools/opt-main.js';

const ttir = readFileSync(join(__dirname, '..', 'examples', 'add.ttir.mlir'), 'utf8');
const PASSES = [
  '--convert-triton-gpu-to-llvm',
  '--allocate-shared-memory-nv',
  '--allocate-shared-memory',
  '--tritongpu-reduce-data-duplication',
  '--tritongpu-optimize-dot-operands',
  '--tritongpu-optimize-thread-locality',
  '--tritongpu-reorder-instructions',
  '--triton-nvidia-gpu-fence-insertion',
];

describe('TritonGPU-only passes on Triton IR', () => {
  for (const flag of PASSES) {
    it(`${flag}: Triton's lookupNumWarps error at the function`, () => {
      const r = runOptSync(['-', flag], ttir);
      expect(r.exitCode).toBe(1);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(/^kernels\.py:12:0: error: 'tt\.func' op is not contained within a context that specifies the number of warps\n/);
      expect(r.stderr).not.toMatch(/internal error|\n\s+at /);
    });
  }
});

describe('a tensor without a layout in TritonGPU IR', () => {
  const src = `module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @f(%arg0: !tt.ptr<i32>) {
    %0 = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
    tt.return
  }
}
`;
  for (const flag of PASSES) {
    it(`${flag}: located at the op, names the type`, () => {
      const r = runOptSync(['-', flag], src);
      expect(r.exitCode).toBe(1);
      expect(r.stderr.split('\n')[0]).toBe(
        `<stdin>:3:10: error: 'tt.make_range' op result of type 'tensor<1024xi32>' has no layout encoding: ${flag} takes TritonGPU IR (run --convert-triton-to-tritongpu first)`,
      );
    });
  }
  it('after --convert-triton-to-tritongpu the same kernel lowers', () => {
    const r = runOptSync(['-', '--convert-triton-to-tritongpu=target=cuda:80 num-warps=4', '--allocate-shared-memory-nv', '--convert-triton-gpu-to-llvm'], ttir);
    expect(r.stderr).toBe('');
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toContain('llvm.func @add_kernel');
  });
});
