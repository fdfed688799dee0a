// The `pipeline` golden mode on two small cases of the bundled archive: stage checks from meta.json, the per-pass
// table and summary line, the retry along the oracle's route, --chain, and our real driver on passes it implements.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { OptRun } from '../golden/common.js';
import { CHAIN_GROUP, pipelineChecks, runPipelineGolden, ttgirStages } from '../golden/pipeline.js';
import { type PipelineMeta, unpackPipelineBundle } from '../golden/pipeline-bundle.js';

const dir = unpackPipelineBundle();
const SM80 = 'add-BLOCK256-sm80-w4-s3';
const SM90 = 'add-BLOCK256-sm90-w4-s3';
const BOTH = `${SM80},${SM90}`;
const meta = (c: string): PipelineMeta => JSON.parse(readFileSync(join(dir, c, 'meta.json'), 'utf8')) as PipelineMeta;

describe('pipeline bundle', () => {
  it('unpacks every case with its meta.json, 00-ttir.mlir and the TTGIR stage files', () => {
    const m = meta(SM80);
    expect(m.capability).toBe(80);
    const stages = ttgirStages(m);
    // Up to convert-triton-gpu-to-llvm, exclusive: every stage names a file that is there.
    expect(m.stages[stages.length]!.pass).toBe('convert-triton-gpu-to-llvm');
    for (const s of stages) expect(readFileSync(join(dir, SM80, s.file!), 'utf8').length).toBeGreaterThan(0);
    expect(readFileSync(join(dir, SM80, '00-ttir.mlir'), 'utf8')).toContain('loc(');
  });
});

describe('pipeline mode', () => {
  it('checks each stage from the previous stage file; unchanged stages must leave the text as it was', () => {
    const checks = pipelineChecks(dir, { caseFilter: SM80 });
    const stages = ttgirStages(meta(SM80));
    expect(checks).toHaveLength(stages.length);
    expect(checks[0]!.input.endsWith('00-ttir.mlir')).toBe(true);
    expect(checks[0]!.chain).toBeUndefined();
    for (const [i, c] of checks.entries()) {
      expect(c.args).toEqual([stages[i]!.flag]);
      if (i > 0) expect(c.input).toBe(checks[i - 1]!.expected);
      if (!c.changed) expect(c.expected).toBe(c.input);
    }
    expect(checks[2]!.chain).toEqual([checks[0]!.input, stages[0]!.flag, stages[1]!.flag, stages[2]!.flag]);
    expect(pipelineChecks(dir, { caseFilter: SM80, pass: 'canonicalize' }).every((c) => c.group === 'canonicalize')).toBe(true);
    expect(pipelineChecks(dir, { caseFilter: SM80, pass: '--tritongpu-coalesce' })).toHaveLength(1);
  });

  it('reports a per-pass table and `N passed, M failed` (a fake driver that knows one pass)', async () => {
    // The mode hands the driver the input's text on stdin ('-'): key the fake by that text.
    const byInput = new Map(pipelineChecks(dir, { caseFilter: BOTH }).filter((c) => c.group === 'tritongpu-coalesce').map((c) => [readFileSync(c.input, 'utf8'), c.expected]));
    const fake = (args: string[], stdin?: string): OptRun => {
      if (args[1] === '--tritongpu-coalesce') return { exitCode: 0, stdout: readFileSync(byInput.get(stdin ?? '')!, 'utf8'), stderr: '' };
      return { exitCode: 1, stdout: '', stderr: `ttg-opt: Unknown command line argument '${args[1]}'.\n` };
    };
    const r = await runPipelineGolden({ caseFilter: BOTH, runOpt: fake, retry: false });
    const total = pipelineChecks(dir, { caseFilter: BOTH }).length;
    expect(r.passed).toBe(2);
    expect(r.failed).toBe(total - 2);
    expect(r.report).toMatch(/tritongpu-coalesce +2\/2 +100\.0% +2\/2/);
    expect(r.report).toMatch(/canonicalize +0\/\d+ .*not implemented: --canonicalize/);
    expect(r.report.trimEnd().split('\n').at(-1)).toBe(`2 passed, ${total - 2} failed`);
  });

  it('retries a per-file mismatch along the oracle route, and --chain compares the last TTGIR stage', async () => {
    const checks = pipelineChecks(dir, { caseFilter: SM90 });
    const routes = new Map(checks.flatMap((c) => (c.chain ? [[[readFileSync(c.chain[0]!, 'utf8'), ...c.chain.slice(1)].join(' '), c.expected] as const] : [])));
    const oracleOnly = (args: string[], stdin?: string): OptRun => {
      const hit = routes.get([stdin ?? '', ...args.slice(1)].join(' '));
      return hit ? { exitCode: 0, stdout: readFileSync(hit, 'utf8'), stderr: '' } : { exitCode: 0, stdout: 'module {\n}\n', stderr: '' };
    };
    const r = await runPipelineGolden({ caseFilter: SM90, runOpt: oracleOnly, verbose: true });
    expect(r.passed).toBe(checks.length - 1);
    expect(r.report).toMatch(new RegExp(`${checks.length - 1} matched only as the oracle ran them`));
    const strict = await runPipelineGolden({ caseFilter: SM90, runOpt: oracleOnly, retry: false });
    expect(strict.passed).toBe(0);

    const chain = pipelineChecks(dir, { caseFilter: SM90, chain: true });
    expect(chain).toHaveLength(1);
    expect(chain[0]!.group).toBe(CHAIN_GROUP);
    expect(chain[0]!.args).toEqual(ttgirStages(meta(SM90)).map((s) => s.flag));
    expect(chain[0]!.expected).toBe(checks.at(-1)!.expected);
    const last = (args: string[]): OptRun => ({ exitCode: 0, stdout: args.length > 2 ? readFileSync(chain[0]!.expected, 'utf8') : '', stderr: '' });
    const rc = await runPipelineGolden({ caseFilter: SM90, runOpt: last, chain: true });
    expect(rc.report.trimEnd().split('\n').at(-1)).toBe('1 passed, 0 failed');
  });

  it('runs our driver in process: the make_llir attribute passes match Triton on both cases', async () => {
    for (const pass of ['tritongpu-allocate-warp-groups', 'triton-tensor-memory-allocation', 'triton-nvidia-check-matmul-two-cta', 'tritongpu-global-scratch-memory-allocation']) {
      const r = await runPipelineGolden({ caseFilter: BOTH, pass, diff: true });
      expect(r.report.trimEnd().split('\n').at(-1), r.report).toBe('2 passed, 0 failed');
    }
    const fence = await runPipelineGolden({ caseFilter: SM90, pass: 'triton-nvidia-gpu-proxy-fence-insertion' });
    expect(fence.passed).toBe(1);
  });
});
