// Triton's own lit tests of the pipeline passes this branch implements (../shared/upstream-pipeline, with Triton
// 3.6's outputs), FileCheck'ed chunk by chunk through our driver: every chunk Triton 3.6 passes must pass. Also
// the located errors of the parts that are not implemented (warp specialization, multi-CTA planning, TMEM layouts).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sharedDir } from '../golden/common.js';
import { runUpstreamPassesGolden } from '../golden/upstream-passes.js';
import { runOpt } from '../tools/opt-main.js';

const dir = [process.env['TTG_SHARED'], sharedDir(), '/work/shared'].filter((d): d is string => !!d).map((d) => join(d, 'upstream-pipeline')).find((d) => existsSync(d));

const FILES: [string, number][] = [
  ['Conversion/allocate_warp_groups.mlir', 5],
  ['TritonGPU/global_scratch_alloc.mlir', 2],
  ['TritonGPU/prox_fence_insertion.mlir', 2],
  ['TritonGPU/coalesce-async-copy.mlir', 2],
  ['TritonGPU/prefetch.mlir', 2],
  ['TritonNvidiaGPU/optimize_descriptor_encoding.mlir', 5],
  ['TritonNvidiaGPU/tma_lowering.mlir', 7],
  ['TritonNvidiaGPU/mma_lowering.mlir', 3],
  ['TritonNvidiaGPU/test_tensor_memory_allocation.mlir', 8],
];

describe.skipIf(!dir)('upstream lit tests of the pipeline passes', () => {
  for (const [file, chunks] of FILES) {
    it(file, async () => {
      const r = await runUpstreamPassesGolden({ dir: dir!, file });
      expect(r.report.trimEnd().split('\n').at(-1), r.report).toBe(`${chunks} passed, 0 failed`);
    });
  }
});

const MODULE = (attrs: string, body: string): string =>
  `module attributes {"ttg.num-ctas" = ${attrs}, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {\n${body}\n}\n`;

describe('unsupported parts are located errors', () => {
  it('nvgpu-warp-specialization: a tt.warp_specialize loop on 4 warps', async () => {
    const loop = `  tt.func @f(%n: i32) {\n    %c0 = arith.constant 0 : i32\n    %c1 = arith.constant 1 : i32\n    scf.for %i = %c0 to %n step %c1 : i32 {\n    } {tt.warp_specialize}\n    tt.return\n  }`;
    const r = await runOpt(['-', '--nvgpu-warp-specialization=num-stages=3'], MODULE('1 : i32', loop));
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toMatch(/^<stdin>:5:5: error: .*not supported yet/m);
    // Without the attribute the pass leaves the module as it is.
    const plain = loop.replace(' {tt.warp_specialize}', '');
    const ok = await runOpt(['-', '--nvgpu-warp-specialization=num-stages=3'], MODULE('1 : i32', plain));
    expect(ok.exitCode).toBe(0);
    expect(ok.stdout).toContain('scf.for');
  });

  it('triton-nvidia-gpu-plan-cta: nothing with one CTA, an error with several', async () => {
    const body = '  tt.func @f() {\n    tt.return\n  }';
    expect((await runOpt(['-', '--triton-nvidia-gpu-plan-cta'], MODULE('1 : i32', body))).exitCode).toBe(0);
    const two = await runOpt(['-', '--triton-nvidia-gpu-plan-cta'], MODULE('2 : i32', body));
    expect(two.exitCode).toBe(1);
    expect(two.stderr).toMatch(/^<stdin>:2:3: error: CTA planning .*not supported yet/m);
  });
});
