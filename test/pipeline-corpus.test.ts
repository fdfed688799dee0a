// The real-pipeline corpus plumbing of the toolchain golden and the GPU harness: which file and flags a case is
// lowered with, where the corpus is found, the no-op convert-warp-specialize-to-llvm, and the staging summary.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { resolveCorpusArg } from '../golden/extra-corpus.js';
import { isPipelineMeta, pipelineCorpusDir, pipelineLoweringPlan, type PipelineMeta } from '../golden/pipeline-corpus.js';
import { caseLoweringPlan } from '../golden/toolchain.js';
import { stagingSummary } from './gpu/staging-summary.js';
import { runOpt } from '../tools/opt-main.js';

const tmp = mkdtempSync(join(tmpdir(), 'ttg-pipeline-corpus-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const stage = (index: number, pass: string, file: string | null, extra: Partial<PipelineMeta['stages'][number]> = {}) => ({
  index,
  stage: index < 3 ? 'make_ttgir' : 'make_llir',
  pass,
  flag: `--${pass}`,
  file,
  ...extra,
});

const meta: PipelineMeta = {
  kernel: 'k',
  constexprs: { BM: 64 },
  capability: 90,
  num_warps: 4,
  num_stages: 3,
  ptx_version: 87,
  stages: [
    stage(1, 'tritongpu-pipeline', '01-tritongpu-pipeline.mlir'),
    stage(2, 'tritongpu-global-scratch-memory-allocation', '02-tritongpu-global-scratch-memory-allocation.mlir'),
    // unchanged: names the file it left as it was
    stage(3, 'triton-nvidia-gpu-proxy-fence-insertion', '02-tritongpu-global-scratch-memory-allocation.mlir', { unchanged: true }),
    stage(4, 'convert-triton-gpu-to-llvm', null, { flag: '--convert-triton-gpu-to-llvm=compute-capability=90 ptx-version=87' }),
    stage(5, 'canonicalize', null, { flag: '--canonicalize=max-iterations=10 top-down=true' }),
    stage(6, 'convert-warp-specialize-to-llvm', null),
  ],
};

describe('pipeline corpus: lowering plan', () => {
  it('lowers the file convert-triton-gpu-to-llvm received with the flags from that stage on', () => {
    const plan = pipelineLoweringPlan(meta, '/c');
    expect(plan.input).toBe('/c/02-tritongpu-global-scratch-memory-allocation.mlir');
    expect(plan.flags).toEqual([
      '--convert-triton-gpu-to-llvm=compute-capability=90 ptx-version=87',
      '--canonicalize=max-iterations=10 top-down=true',
      '--convert-warp-specialize-to-llvm',
    ]);
  });
  it('tells pipeline cases from the shared corpus layout', () => {
    const shared = { kernel: 'k', capability: 90, num_warps: 4, ptx_version: 87, stages: [{ file: '01-x.mlir', pass: 'x', flag: '--x' }], llvm: { file: 'llvm.mlir', after: ['convert-triton-gpu-to-llvm', 'cse'] } };
    expect(isPipelineMeta(meta)).toBe(true);
    expect(isPipelineMeta(shared)).toBe(false);
    expect(caseLoweringPlan(meta, '/c').input).toBe('/c/02-tritongpu-global-scratch-memory-allocation.mlir');
    const old = caseLoweringPlan(shared, '/c');
    expect(old.input).toBe('/c/14-convert-scf-to-cf.mlir');
    expect(old.flags).toEqual([
      '--triton-nvidia-gpu-fence-insertion=compute-capability=90',
      '--allocate-shared-memory-nv=compute-capability=90 ptx-version=87',
      '--convert-triton-gpu-to-llvm=compute-capability=90 ptx-version=87',
      '--cse',
    ]);
  });
  it('reports a meta.json without a TTGIR file before the lowering', () => {
    const bad: PipelineMeta = { ...meta, stages: [stage(1, 'convert-triton-gpu-to-llvm', null)] };
    expect(() => pipelineLoweringPlan(bad, '/c')).toThrow(/no TTGIR file before convert-triton-gpu-to-llvm/);
  });
});

describe('pipeline corpus: where it is', () => {
  const saved = process.env['TTG_PIPELINE_DIR'];
  afterEach(() => {
    if (saved === undefined) delete process.env['TTG_PIPELINE_DIR'];
    else process.env['TTG_PIPELINE_DIR'] = saved;
  });
  it('$TTG_PIPELINE_DIR first, also through --dir/--corpus pipeline', () => {
    const dir = join(tmp, 'corpus');
    mkdirSync(join(dir, 'case-a'), { recursive: true });
    writeFileSync(join(dir, 'case-a', 'meta.json'), JSON.stringify(meta));
    process.env['TTG_PIPELINE_DIR'] = dir;
    expect(pipelineCorpusDir()).toBe(dir);
    expect(resolveCorpusArg('pipeline', () => '/unused')).toBe(dir);
    expect(resolveCorpusArg(undefined, () => '/fallback')).toBe('/fallback');
  });
});

describe('convert-warp-specialize-to-llvm', () => {
  it('leaves a kernel without warp specialization as it was', async () => {
    const file = join(tmp, 'k.mlir');
    const text = 'module {\n  llvm.func @k() attributes {nvvm.kernel = 1 : ui1} {\n    llvm.return\n  }\n}\n';
    writeFileSync(file, text);
    const plain = await runOpt([file]);
    const r = await runOpt([file, '--convert-warp-specialize-to-llvm']);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toBe(plain.stdout);
  });
});

describe('gpu harness: staging summary', () => {
  it('counts built cases per family and target and lists PTX count differences', () => {
    const text = stagingSummary([
      { case: 'mm-BM64-sm80-w4-s3', capability: 80, status: 'built', ptx_counts: { ours: { 'cp.async': 4, wgmma: 0 }, triton: { 'cp.async': 4, wgmma: 0 } } },
      { case: 'mm-BM64-sm90-w4-s3', capability: 90, status: 'built', ptx_counts: { ours: { 'cp.async': 4, 'bar.sync': 3 }, triton: { 'cp.async': 4, 'bar.sync': 2 } } },
      { case: 'tma-BM64-sm90-w4-s3', capability: 90, status: 'not built' },
    ]);
    expect(text).toMatch(/^mm +1\/1 +1\/1 *$/m);
    expect(text).toMatch(/^tma +- +0\/1 *$/m);
    expect(text).toContain("equal to Triton's kernel.ptx on 1 of 2 cases");
    expect(text).toContain('mm-BM64-sm90-w4-s3: bar.sync 3/2');
  });
});
