// ttg-replay on Triton 3.6's own MLIR_ENABLE_DUMP=1 logs (golden/data/dumps, bundled from ../shared/golden/dumps.tar.xz):
// the log splits into Triton's pass runs, passes ttg-opt has reproduce Triton's "after" dump, a log whose dump was
// edited by hand is reported as differing at exactly that pass and line, and bad logs give one clean error.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { brotliDecompressSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseDumpLog } from '../tools/replay/dump-log.js';
import { replayKernelDir } from '../tools/replay/kernel-dir.js';
import { findToolchain } from '../tools/toolchain.js';
import { readLog, runReplayCli } from '../tools/replay/cli.js';
import { replay } from '../tools/replay/replay.js';
import { pipelineSteps } from '../tools/replay/triton-pipeline.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dumpPath = (name: string): string => join(root, 'golden', 'data', 'dumps', `${name}.log.br`);
const logs = new Map<string, string>();
const log = (name: string): string => {
  if (!logs.has(name)) logs.set(name, readLog(dumpPath(name)));
  return logs.get(name)!;
};

describe('dump log splitting', () => {
  it.each([
    ['matmul_pipe-sm90', 72],
    ['matmul_pipe-sm80', 72],
    ['attn_pipe-sm90', 78],
    ['attn_pipe-sm80', 78],
  ])('%s: every IR Dump Before header is one dump', (name, n) => {
    const dumps = parseDumpLog(log(name));
    expect(dumps).toHaveLength(n);
    expect(dumps[0]!.flag).toBe('inline');
    expect(dumps.at(-1)!.flag).toBe('enable-line-info');
    // the inliner's nested canonicalizations are function-level dumps of one tt.func
    const funcs = dumps.filter((d) => d.scope === 'func');
    expect(funcs.length).toBeGreaterThan(0);
    expect(funcs.every((d) => d.flag === 'canonicalize' && d.opName === 'tt.func' && d.text.trimStart().startsWith('#loc'))).toBe(true);
    // the pipeliner's own intermediate dumps belong to it, not to its input
    const pipe = dumps.find((d) => d.flag === 'tritongpu-pipeline')!;
    expect(pipe.internal.map((x) => x.title)).toEqual(['SoftwarePipeliner internal IR Dump After: LowerLoops', 'SoftwarePipeliner internal IR Dump After: ExpandLoops']);
    expect(pipe.text).not.toContain('IR Dump');
  });

  it.each([
    ['matmul_pipe-sm90', 90],
    ['attn_pipe-sm80', 80],
  ])('%s: the module dumps are Triton 3.6 CUDA passes, in pipeline order', (name, cap) => {
    const flags = parseDumpLog(log(name)).filter((d) => d.scope === 'module').map((d) => d.flag);
    const table = pipelineSteps(cap).map((s) => s.flag);
    expect(flags.filter((f) => !table.includes(f))).toEqual([]);
    // the table is a subsequence of the log (passes may also run nested canonicalizations of their own)
    let k = 0;
    for (const f of flags) if (f === table[k]) k++;
    expect(k).toBe(table.length);
  });
});

describe('replay of the public logs', () => {
  it('infers the compile options from the log', () => {
    // the oracle compiled matmul_pipe with num_stages=4 (oracle/dump_log.py: the last of the kernel's stage counts)
    const r = replay(parseDumpLog(log('matmul_pipe-sm80')), { only: 'tritongpu-coalesce' });
    expect(r.vars).toMatchObject({ cap: 80, numWarps: 4, numCtas: 1, threadsPerWarp: 32, numStages: 4 });
    expect(r.varSources.cap).toMatch(/^read from the module attributes/);
    expect(r.varSources.numStages).toMatch(/^inferred: the largest tt.latency/);
  });

  it.each(['matmul_pipe-sm90', 'attn_pipe-sm80'])('%s: every TTGIR pass ttg-opt has agrees with Triton', (name) => {
    const r = replay(parseDumpLog(log(name)), { from: 'convert-triton-to-tritongpu', to: 'tritongpu-global-scratch-memory-allocation', diff: 'none' });
    // the canonicalizer OptimizeDotOperands runs inside itself is part of that pass (skipped, said so)
    const ran = r.steps.filter((s) => s.verdict !== 'not-in-ttg-opt' && !(s.verdict === 'skipped' && s.note?.startsWith('a nested pipeline')));
    expect(ran.length).toBeGreaterThan(15);
    expect(ran.filter((s) => s.verdict !== 'same').map((s) => `${s.index} ${s.flag}: ${s.verdict} ${s.note ?? ''}`)).toEqual([]);
  });

  it('a hand-edited log is reported as differing at exactly the edited pass and line', () => {
    const text = log('matmul_pipe-sm90');
    const dumps = parseDumpLog(text);
    // Change the IR after tritongpu-coalesce (= the dump before tritongpu-F32DotTC): the first layout's order.
    const after = dumps.find((d) => d.flag === 'tritongpu-F32DotTC')!;
    const lines = text.split('\n');
    const k = after.textLine - 1;
    expect(lines[k]).toMatch(/^#blocked = #ttg\.blocked<\{sizePerThread = \[1, 1\], threadsPerWarp = \[1, 32\], warpsPerCTA = \[1, 4\], order = \[1, 0\]\}>$/);
    lines[k] = lines[k]!.replace('order = [1, 0]', 'order = [0, 1]');
    const edited = lines.join('\n');
    const r = replay(parseDumpLog(edited), { from: 'tritongpu-coalesce', to: 'tritongpu-remove-layout-conversions' });
    const coalesce = r.steps.find((s) => s.flag === 'tritongpu-coalesce')!;
    expect(coalesce.verdict).toBe('differs');
    expect(coalesce.firstDiffLine).toBe(1);
    expect(coalesce.diff).toContain('-#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [0, 1]}>');
    expect(coalesce.diff).toContain('+#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>');
    // the next pass started from the edited dump: it differs too, and says that it follows the first difference
    const f32 = r.steps.find((s) => s.flag === 'tritongpu-F32DotTC')!;
    expect(f32.note).toBe(`follows the difference of #${coalesce.index} tritongpu-coalesce`);
    expect(r.steps.filter((s) => s.index > f32.index && s.verdict === 'differs')).toEqual([]);
  });
});

describe('ttg-replay command line', () => {
  const tmp = mkdtempSync(join(tmpdir(), 'replay-'));

  it('prints a table, a summary and writes an offline HTML page', async () => {
    const html = join(tmp, 'r.html');
    const r = await runReplayCli([dumpPath('attn_pipe-sm90'), '--from', 'tritongpu-coalesce', '--to', 'tritongpu-accelerate-matmul', '--html', html]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^ttg-replay .*attn_pipe-sm90\.log\.br: \d+ pass runs\n/);
    expect(r.stdout).toMatch(/\n\d+\s+tritongpu-coalesce\s+\d+\s+same\n/);
    expect(r.stdout).toMatch(/\d+ same, 0 differ, 0 failed in ttg-opt/);
    const page = (await import('node:fs')).readFileSync(html, 'utf8');
    expect(page).toMatch(/^<!doctype html>/);
    expect(page).not.toMatch(/(src|href)="https?:/);
    expect(page).toContain('tritongpu-accelerate-matmul');
  });

  it('--json is machine-readable', async () => {
    const r = await runReplayCli([dumpPath('matmul_pipe-sm80'), '--only', 'tritongpu-coalesce', '--json']);
    const j = JSON.parse(r.stdout) as { counts: Record<string, number>; steps: { flag: string; verdict: string }[] };
    expect(j.steps).toEqual([expect.objectContaining({ flag: 'tritongpu-coalesce', verdict: 'same' })]);
    expect(j.counts['same']).toBe(1);
  });

  it('a truncated log reports the cut dump, not a crash', async () => {
    const text = log('matmul_pipe-sm80');
    const dumps = parseDumpLog(text);
    const cut = dumps.find((d) => d.flag === 'tritongpu-remove-layout-conversions')!;
    // keep the header of the dump after coalesce and half of its IR
    const lines = text.split('\n').slice(0, cut.textLine + 40);
    const p = join(tmp, 'cut.log');
    writeFileSync(p, lines.join('\n'));
    const r = await runReplayCli([p, '--from', 'tritongpu-coalesce']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/plan-cta\s+\d+\s+(unreadable|not in ttg-opt)/);
    expect(r.stdout).not.toMatch(/\n\s+at /);
  });

  it.each([
    ['garbage', 'this is not a log\n\u0000\u0001'],
    ['empty', ''],
  ])('a %s log is one clean error', async (_name, content) => {
    const p = join(tmp, `${_name}.log`);
    writeFileSync(p, content);
    const r = await runReplayCli([p]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^ttg-replay: error: no 'IR Dump Before' header found/);
    expect(r.stderr.split('\n').filter(Boolean)).toHaveLength(1);
  });

  it('bad arguments are one clean error', async () => {
    expect((await runReplayCli([join(tmp, 'missing.log')])).stderr).toMatch(/^ttg-replay: error: cannot read .*no such file/);
    const r = await runReplayCli([dumpPath('matmul_pipe-sm80'), '--only', 'no-such-pass']);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe("ttg-replay: error: no dump of a pass named 'no-such-pass' in the log\n");
  });
});

describe('ttg-replay on a TRITON_KERNEL_DUMP folder', () => {
  // golden/data/kernel-dump.jsonl.br: the .ttir, .ttgir and .ptx that Triton 3.6 wrote for matmul_pipe (num_stages=4)
  // with TRITON_KERNEL_DUMP=1 (scripts/oracle/kernel_dump.py), for sm80 and sm90.
  const dir = mkdtempSync(join(tmpdir(), 'kernel-dump-'));
  const packed = brotliDecompressSync(readFileSync(join(root, 'golden', 'data', 'kernel-dump.jsonl.br'))).toString('utf8');
  for (const line of packed.split('\n').filter(Boolean)) {
    const { path, text } = JSON.parse(line) as { path: string; text: string };
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }

  it.each([
    ['matmul_pipe-sm80', 80],
    ['matmul_pipe-sm90', 90],
  ])('%s: options read from the IR, .ttir through make_ttgir equals Triton\'s .ttgir, .ttgir lowers', async (name, cap) => {
    const r = await replayKernelDir(join(dir, name));
    expect(r.kernels).toHaveLength(1);
    const k = r.kernels[0]!;
    expect(k.name).toBe('matmul_kernel');
    expect(k.vars).toMatchObject({ cap, numWarps: 4, numCtas: 1, threadsPerWarp: 32, numStages: 4 });
    expect(k.ttgir.verdict).toBe('same');
    expect(k.llir.verdict).toBe('lowered');
    // Our PTX has Triton's instruction mix (where the LLVM 22 toolchain is installed; else it says it is missing).
    expect(k.ptx?.verdict).toBe(Array.isArray(findToolchain()) ? 'no-toolchain' : 'same-mix');
    expect(r.text).toMatch(/1 of 1 \.ttgir same\n$/);
  });

  it('a folder without kernels is one clean error', async () => {
    const r = await runReplayCli([mkdtempSync(join(tmpdir(), 'empty-dump-'))]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^ttg-replay: error: no \.ttir file under .*TRITON_KERNEL_DUMP/);
  });
});

describe('convert-nvvm-to-llvm on Triton\'s attention log (sm90)', () => {
  it('nvvm.fence.proxy becomes the inline PTX Triton\'s pipeline prints', () => {
    const r = replay(parseDumpLog(log('attn_pipe-sm90')), { only: 'convert-nvvm-to-llvm' });
    expect(r.steps.map((s) => s.verdict)).toEqual(['same']);
  });
});
