import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  formatTable,
  lineColOf,
  normalizeEnd,
  offsetOf,
  packageRoot,
  parseDiagnostics,
  splitInputFile,
  summaryLine,
  type OptRun,
} from '../golden/common.js';
import { groundTruth } from '../golden/ground-truth.js';
import { corpusPassChecks, llvmPipelineFlags, runPassesGolden, type CorpusMeta } from '../golden/passes.js';
import { runRoundtripGolden, stageKind } from '../golden/roundtrip.js';
import { fileCheckOptions, runLineExtras, runUpstreamPassesGolden, shellWords } from '../golden/upstream-passes.js';
import { oracleChunkStarts, runUpstreamGolden, type UpstreamExpected } from '../golden/upstream.js';

const gt = groundTruth();
const corpus = gt.sub('golden/corpus');
const addCase = 'golden/corpus/add-BLOCK1024-sm80-w4';

describe('splitInputFile (mlir-opt --split-input-file)', () => {
  it('cuts at every marker; a chunk starts with the rest of the marker line', () => {
    const chunks = splitInputFile('a\n// -----\nb\n// -----\n\nc\n');
    expect(chunks.map((c) => c.text)).toEqual(['a\n', '\nb\n', '\n\nc\n']);
    expect(chunks.map((c) => c.line)).toEqual([1, 2, 4]);
    expect(chunks.map((c) => c.offset)).toEqual([0, 10, 21]);
  });
  it('splits mid-line too, and ignores near misses', () => {
    expect(splitInputFile('x // ----- y').map((c) => c.text)).toEqual(['x ', ' y']);
    expect(splitInputFile('a\n// ---\nb').map((c) => c.text)).toEqual(['a\n// ---\nb']);
    expect(splitInputFile('a\n// -------\nb').map((c) => c.text)).toEqual(['a\n', '--\nb']);
    expect(splitInputFile('no marker')).toHaveLength(1);
  });
  it('agrees with the oracle on the chunk count of every upstream test', () => {
    const up = gt.sub('upstream');
    for (const f of up.files('test', (n) => n.endsWith('.mlir'))) {
      const rel = f.slice('test/'.length);
      const exp = JSON.parse(up.read(`expected/${rel}.json`)) as UpstreamExpected;
      const text = up.read(f);
      expect(splitInputFile(text).length, rel).toBe(exp.roundtrip.length);
      expect(oracleChunkStarts(text).length, rel).toBe(exp.roundtrip.length);
    }
  });
  it("maps the oracle's regex split (which also eats the marker's newline)", () => {
    const text = 'a\n// -----\n\nb\n';
    expect(oracleChunkStarts(text)).toEqual([0, 11]);
    expect(splitInputFile(text)[1]!.offset).toBe(11 - 1);
  });
});

describe('helpers', () => {
  it('line/col ↔ offset', () => {
    const t = 'ab\ncde\nf';
    expect(lineColOf(t, 0)).toEqual({ line: 1, col: 1 });
    expect(lineColOf(t, 4)).toEqual({ line: 2, col: 2 });
    expect(offsetOf(t, 2, 2)).toBe(4);
    expect(offsetOf(t, 3, 1)).toBe(7);
  });
  it('parses both diagnostic forms', () => {
    const d = parseDiagnostics('loc("input.mlir":6:58): error: expected non-function type\n<stdin>:3:4: error: boom\nnote: x\n');
    expect(d).toEqual([
      { file: 'input.mlir', line: 6, col: 58, message: 'expected non-function type' },
      { file: '<stdin>', line: 3, col: 4, message: 'boom' },
    ]);
  });
  it('tables and summary lines', () => {
    const t = formatTable(['name', 'n'], [['a', 1], ['long name', 22]]);
    expect(t).toBe('name        n\n---------  --\na           1\nlong name  22\n');
    expect(summaryLine(3, 0)).toBe('3 passed, 0 failed');
    expect(normalizeEnd('x}\n\n')).toBe('x}\n');
    expect(normalizeEnd('x}')).toBe('x}\n');
  });
  it('shell words and RUN line extras', () => {
    expect(shellWords(`triton-opt %s -convert-triton-to-tritongpu='target=cuda:80 num-warps=2' "a b" c\\ d`)).toEqual([
      'triton-opt',
      '%s',
      '-convert-triton-to-tritongpu=target=cuda:80 num-warps=2',
      'a b',
      'c d',
    ]);
    expect(runLineExtras('triton-opt %s -split-input-file -allow-unregistered-dialect -tritongpu-remove-layout-conversions 2>&1 | FileCheck %s')).toEqual({
      split: true,
      mergeStderr: true,
      extraArgs: ['--allow-unregistered-dialect'],
    });
    expect(runLineExtras('triton-opt %s --tritongpu-coalesce | FileCheck %s').split).toBe(false);
  });
  it('maps FileCheck arguments', () => {
    expect(fileCheckOptions(['--dump-input-context', '20'])).toEqual({ dumpInputContext: 20 });
    expect(fileCheckOptions(['--check-prefix=CHECK-128', '-check-prefixes', 'A,B'])).toEqual({ prefixes: ['CHECK-128', 'A', 'B'] });
    expect(() => fileCheckOptions(['--frobnicate'])).toThrow(/not mapped/);
  });
  it('finds the package root from the module, not the cwd', () => {
    expect(existsSync(join(packageRoot(), 'package.json'))).toBe(true);
    expect(stageKind('/x/03-tritongpu-coalesce.mlir')).toBe('03-tritongpu-coalesce');
  });
});

describe('modes', () => {
  it('roundtrip: 00-ttir with debug info matches, table and summary line', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ttg-golden-'));
    mkdirSync(join(dir, 'c1'));
    writeFileSync(join(dir, 'c1', '00-ttir.mlir'), gt.read(`${addCase}/00-ttir.mlir`));
    writeFileSync(join(dir, 'c1', '01-broken.mlir'), 'module {\n  %0 = \n}\n');
    const r = runRoundtripGolden({ dir, verbose: true });
    expect(r.passed).toBe(1);
    expect(r.failed).toBe(1);
    expect(r.report).toMatch(/00-ttir +1\/1/);
    expect(r.report).toMatch(/c1\/01-broken.mlir: \d+:\d+: error: /);
    expect(r.report.trimEnd().split('\n').at(-1)).toBe('1 passed, 1 failed');
  });

  it('passes: stage checks from meta.json, llvm pipeline flags, and a fake driver', async () => {
    const meta = JSON.parse(gt.read(`${addCase}/meta.json`)) as CorpusMeta;
    const flags = llvmPipelineFlags(meta);
    expect(flags[0]).toBe('--convert-triton-gpu-to-llvm=compute-capability=80 ptx-version=87');
    expect(flags.at(-1)).toBe('--convert-nvvm-to-llvm');
    const checks = corpusPassChecks(corpus, { caseFilter: 'add-BLOCK1024-sm80-w4', llvm: true });
    expect(checks).toHaveLength(meta.stages.length + 1);
    // Exact llvm.mlir text is not a target: the row is opt-in (--llvm), or asked for by name (--pass llvm).
    expect(corpusPassChecks(corpus, { caseFilter: 'add-BLOCK1024-sm80-w4' })).toHaveLength(meta.stages.length);
    expect(corpusPassChecks(corpus, { caseFilter: 'add-BLOCK1024-sm80-w4', pass: 'llvm' }).map((c) => c.group)).toEqual(['llvm (pipeline)']);
    expect(checks[0]!.input.endsWith('00-ttir.mlir')).toBe(true);
    expect(checks[1]!.input.endsWith('01-convert-triton-to-tritongpu.mlir')).toBe(true);
    // A driver that "implements" coalesce by printing the expected file, and knows no other pass; the input comes
    // on stdin (the corpus need not be on disk).
    const byInput = new Map(checks.map((c) => [corpus.read(c.input), corpus.read(c.expected)]));
    const fake = (args: string[], stdin?: string): OptRun => {
      expect(args[0]).toBe('-');
      if (args[1] === '--tritongpu-coalesce') return { exitCode: 0, stdout: byInput.get(stdin!)! + '\n', stderr: '' };
      return { exitCode: 1, stdout: '', stderr: `ttg-opt: Unknown command line argument '${args[1]}'.\n` };
    };
    const r = await runPassesGolden({ caseFilter: 'add-BLOCK1024-sm80-w4', runOpt: fake, llvm: true });
    expect(r.passed).toBe(1);
    expect(r.failed).toBe(checks.length - 1);
    expect(r.report).toMatch(/tritongpu-coalesce +1\/1/);
    expect(r.report).toMatch(/canonicalize +0\/2 .*not implemented/);
    expect(r.report.trimEnd().split('\n').at(-1)).toBe(`1 passed, ${checks.length - 1} failed`);
  });

  it('passes: a per-file mismatch is retried along the oracle route from 00-ttir.mlir, and reported', async () => {
    const checks = corpusPassChecks(corpus, { caseFilter: 'add-BLOCK1024-sm80-w4', llvm: false });
    expect(checks[0]!.chain).toBeUndefined();
    const third = checks[2]!;
    expect(third.chain).toEqual([checks[0]!.input, checks[0]!.args[0], checks[1]!.args[0], third.args[0]]);
    // A driver whose output is right only when it runs the whole route in one module (as the oracle did).
    const key = (input: string, flags: readonly string[]): string => `${input}\u0000${flags.join(' ')}`;
    const expectedOf = new Map(checks.flatMap((c) => (c.chain ? [[key(corpus.read(c.chain[0]!), c.chain.slice(1)), c.expected] as const] : [])));
    const fake = (args: string[], stdin?: string): OptRun => {
      const hit = expectedOf.get(key(stdin ?? '', args.slice(1)));
      return hit ? { exitCode: 0, stdout: corpus.read(hit), stderr: '' } : { exitCode: 0, stdout: 'module {\n}\n', stderr: '' };
    };
    const r = await runPassesGolden({ caseFilter: 'add-BLOCK1024-sm80-w4', llvm: false, runOpt: fake, verbose: true });
    expect(r.passed).toBe(checks.length - 1);
    expect(r.report).toMatch(new RegExp(`${checks.length - 1} matched only as the oracle ran them`));
    expect(r.report).toContain(`add-BLOCK1024-sm80-w4/${third.expected.split('/').at(-1)}`);
    const strict = await runPassesGolden({ caseFilter: 'add-BLOCK1024-sm80-w4', llvm: false, runOpt: fake, chain: false });
    expect(strict.passed).toBe(0);
  });

  it('upstream: per-file table and totals', async () => {
    const r = await runUpstreamGolden({ file: 'TritonGPU/invalid.mlir' });
    expect(r.report).toMatch(/Triton-parsable chunks: \d+\/0 match; rejected: \d+\/11/);
    expect(r.passed + r.failed).toBe(11);
  });

  it.skipIf(!existsSync(join(packageRoot(), 'dist', 'golden', 'cli.js')))('CLI: exit status follows the failure count', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ttg-golden-cli-'));
    mkdirSync(join(dir, 'c1'));
    writeFileSync(join(dir, 'c1', '00-ttir.mlir'), gt.read(`${addCase}/00-ttir.mlir`));
    const bin = join(packageRoot(), 'dist', 'golden', 'cli.js');
    const ok = execFileSync(process.execPath, [bin, 'roundtrip', '--dir', dir], { encoding: 'utf8' });
    expect(ok.trimEnd().split('\n').at(-1)).toBe('1 passed, 0 failed');
    writeFileSync(join(dir, 'c1', 'bad.mlir'), 'module {\n  %0 = \n}\n');
    const bad = spawnSync(process.execPath, [bin, 'roundtrip', '--dir', dir], { encoding: 'utf8' });
    expect(bad.status).toBe(1);
    expect(bad.stdout.trimEnd().split('\n').at(-1)).toBe('1 passed, 1 failed');
    const none = spawnSync(process.execPath, [bin], { encoding: 'utf8' });
    expect(none.status).not.toBe(0);
  });
});

describe('upstream-passes', () => {
  it('FileChecks each chunk: a driver printing what Triton printed passes every chunk Triton passes', async () => {
    const exp = JSON.parse(gt.read('upstream/expected/TritonGPU/ops.mlir.json')) as UpstreamExpected;
    const outputs = exp.runs[0]!.chunks!.map((c) => c.triton36_output ?? '');
    let call = 0;
    const fake = (): OptRun => ({ exitCode: 0, stdout: outputs[call++] ?? '', stderr: '' });
    const r = await runUpstreamPassesGolden({ file: 'TritonGPU/ops.mlir', runOpt: fake });
    expect(r.report).toMatch(/TritonGPU\/ops\.mlir +\(none\) +3 +3\/3 +3\/3 +3\/3/);
    expect(r.report.trimEnd().split('\n').at(-1)).toBe('3 passed, 0 failed');
    call = 0;
    const broken = (): OptRun => ({ exitCode: 0, stdout: 'module {\n}\n', stderr: '' });
    const r2 = await runUpstreamPassesGolden({ file: 'TritonGPU/ops.mlir', runOpt: broken, verbose: true });
    expect(r2.failed).toBe(3);
    expect(r2.report).toMatch(/chunk 0 .*triton36 PASS, ours FAIL — FileCheck: /);
  });
  it('reports passes the driver does not know as not implemented', async () => {
    const unknown = (args: string[]): OptRun => ({ exitCode: 1, stdout: '', stderr: `ttg-opt: Unknown command line argument '${args[0]}'.  Try: 'ttg-opt --help'\n` });
    const r = await runUpstreamPassesGolden({ file: 'TritonGPU/coalesce.mlir', runOpt: unknown });
    expect(r.report).toMatch(/not implemented: -tritongpu-coalesce/);
    expect(r.passed).toBe(0);
  });
});
