// Triton's own lit tests of the pipeline passes this branch implements (../shared/upstream-pipeline, with Triton
// 3.6's outputs), FileCheck'ed chunk by chunk through our driver: every chunk Triton 3.6 passes must pass. Also
// the located errors of the parts that are not implemented (warp specialization, multi-CTA planning, TMEM layouts).
import { describe, expect, it } from 'vitest';
import { runUpstreamPassesGolden } from '../golden/upstream-passes.js';
import { runOpt } from '../tools/opt-main.js';

// The bundled copy of ../shared/upstream-pipeline (golden/data), as every golden mode reads it.
const dir = 'upstream-pipeline';

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

describe('upstream lit tests of the pipeline passes', () => {
  for (const [file, chunks] of FILES) {
    it(file, async () => {
      const r = await runUpstreamPassesGolden({ dir, file });
      expect(r.report.trimEnd().split('\n').at(-1), r.report).toBe(`${chunks} passed, 0 failed`);
    });
  }
});

const MODULE = (attrs: string, body: string): string =>
  `module attributes {"ttg.num-ctas" = ${attrs}, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {\n${body}\n}\n`;

describe('nvgpu-warp-specialization without channels', () => {
  it('a tt.warp_specialize loop with nothing to partition only gets tt.num_stages = 0, as in Triton 3.6', async () => {
    const loop = `  tt.func @f(%n: i32) {\n    %c0 = arith.constant 0 : i32\n    %c1 = arith.constant 1 : i32\n    scf.for %i = %c0 to %n step %c1 : i32 {\n    } {tt.warp_specialize}\n    tt.return\n  }`;
    const r = await runOpt(['-', '--nvgpu-warp-specialization=num-stages=3'], MODULE('1 : i32', loop));
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toContain('} {tt.num_stages = 0 : i32, tt.warp_specialize}');
    expect(r.stdout).not.toContain('ttg.warp_specialize');
    // Without the attribute the pass leaves the module as it is.
    const plain = loop.replace(' {tt.warp_specialize}', '');
    const ok = await runOpt(['-', '--nvgpu-warp-specialization=num-stages=3'], MODULE('1 : i32', plain));
    expect(ok.exitCode).toBe(0);
    expect(ok.stdout).toContain('scf.for');
    expect(ok.stdout).not.toContain('tt.num_stages');
  });
});

describe('unsupported parts are located errors', () => {
  it('triton-nvidia-gpu-plan-cta: nothing with one CTA, an error with several', async () => {
    const body = '  tt.func @f() {\n    tt.return\n  }';
    expect((await runOpt(['-', '--triton-nvidia-gpu-plan-cta'], MODULE('1 : i32', body))).exitCode).toBe(0);
    const two = await runOpt(['-', '--triton-nvidia-gpu-plan-cta'], MODULE('2 : i32', body));
    expect(two.exitCode).toBe(1);
    expect(two.stderr).toMatch(/^<stdin>:2:3: error: CTA planning .*not supported yet/m);
  });
});

describe('triton-nvidia-interleave-tmem', () => {
  const input = `#blocked = #ttg.blocked<{sizePerThread = [1, 128], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @f(%p: tensor<128x128x!tt.ptr<f32>, #blocked>, %q: !tt.ptr<f32>, %x: f32, %v: tensor<128x128xf32, #blocked>) {
    %cst = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #blocked>
    %t = ttng.tmem_alloc %cst : (tensor<128x128xf32, #blocked>) -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
    %l = ttng.tmem_load %t : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x128xf32, #blocked>
    %m = arith.addf %l, %cst : tensor<128x128xf32, #blocked>
    %y = arith.addf %x, %x : f32
    tt.store %q, %y : !tt.ptr<f32>
    %true = arith.constant true
    ttng.tmem_store %v, %t, %true : tensor<128x128xf32, #blocked> -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
    tt.store %p, %m : tensor<128x128x!tt.ptr<f32>, #blocked>
    tt.return
  }
}
`;
  it('sinks a tmem_load and its pure single-use chain past global stores, up to a write of the same buffer', async () => {
    const r = await runOpt(['-', '--triton-nvidia-interleave-tmem'], input);
    expect(r.exitCode, r.stderr).toBe(0);
    const ops = r.stdout.split('\n').map((l) => l.trim()).filter((l) => /^(%\S+ = )?(tt|ttng|arith)\./.test(l)).map((l) => l.replace(/^%\S+ = /, '').split(' ')[0]);
    expect(ops).toEqual([
      'tt.func', 'arith.constant', 'ttng.tmem_alloc', 'arith.addf', 'tt.store', 'arith.constant', 'ttng.tmem_load', 'arith.addf', 'ttng.tmem_store', 'tt.store', 'tt.return',
    ]);
  });
});
