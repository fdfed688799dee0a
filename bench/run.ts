// `npm run bench`: performance targets of the issue.
//   (a) wall time of `node dist/bin/ttg-opt.js <~10 KB TTGIR corpus file>` with no pass (median of 20 runs; < 150 ms)
//   (b) in-process parse + print of the largest corpus llvm.mlir (median; < 1.5 s)
//   (c) linear-layout operations (bench/linear-layout.ts)
// Prints a table and writes bench/results.json (next to this package's bench/ sources).
// `npm run bench -- --vs-triton [--cases S,T] [--repeat N] [--warmup W] [--no-passes] [--no-cold]`: against Triton's C++ (bench/vs-triton.ts).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import '../dialect/index.js';
import { firstLine, formatTable, listFiles, packageRoot, readText, rel } from '../golden/common.js';
import { groundTruth, writeTree } from '../golden/ground-truth.js';
import { Parser } from '../parser/parser.js';
import { printOperation } from '../printer/printer.js';
import { hasNodeFlags, NODE_FLAGS } from '../tools/node-flags.js';
import { runLinearLayoutBench } from './linear-layout.js';
import { type BenchResult, fmt, median, percentile } from './util.js';

/** The TTGIR stage file (01..15) of the corpus whose size is closest to `bytes` (ties: first by path). */
export function pickTtgirFile(corpus: string, bytes = 10 * 1024): string | undefined {
  let best: string | undefined;
  let bestD = Infinity;
  for (const f of listFiles(corpus, (n) => /^(0[1-9]|1[0-5])-.*\.mlir$/.test(n))) {
    const d = Math.abs(statSync(f).size - bytes);
    if (d < bestD) {
      best = f;
      bestD = d;
    }
  }
  return best;
}

export function largestLlvmFile(corpus: string): string | undefined {
  let best: string | undefined;
  let size = -1;
  for (const f of listFiles(corpus, (n) => n === 'llvm.mlir')) {
    const s = statSync(f).size;
    if (s > size) {
      best = f;
      size = s;
    }
  }
  return best;
}

/**
 * CPU time (user + sys, ms) of this process's waited-for children so far, from /proc/self/stat (cutime + cstime,
 * in clock ticks of 10 ms); undefined off Linux. Unlike wall time it does not grow with the machine's load.
 */
export function childCpuMs(): number | undefined {
  try {
    const stat = readText('/proc/self/stat');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // After the command name: state is field 3, so cutime (16) and cstime (17) are at 13 and 14 here.
    return (Number(fields[13]) + Number(fields[14])) * 10;
  } catch {
    return undefined;
  }
}

/** The environment the ttg-opt launcher gives node (its #! line unsets NODE_EXTRA_CA_CERTS). */
function launcherEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env['NODE_EXTRA_CA_CERTS'];
  return env;
}

function cliCpuTime(file: string, args: readonly string[], runs: number, name: string, target?: number): BenchResult {
  const before = childCpuMs();
  const env = launcherEnv();
  for (let i = 0; i < runs; i++) spawnSync(process.execPath, [...args], { encoding: 'utf8', maxBuffer: 1 << 28, env });
  const after = childCpuMs();
  if (before === undefined || after === undefined) return { name, value: null, unit: 'ms', error: 'no /proc/self/stat' };
  return { name, value: (after - before) / runs, unit: 'ms', ...(target !== undefined ? { target } : {}), detail: `mean over ${runs} runs of ${basename(file)}` };
}

function cliWallTime(corpus: string, runs: number): BenchResult {
  const name = 'ttg-opt CLI, ~10 KB TTGIR, no pass (wall)';
  const file = pickTtgirFile(corpus);
  if (!file) return { name, value: null, unit: 'ms', target: 150, error: 'no corpus' };
  const bin = join(packageRoot(), 'dist', 'bin', 'ttg-opt.js');
  const times: number[] = [];
  let status: number | null = 0;
  let stderr = '';
  for (let i = 0; i < runs + 2; i++) {
    const t0 = performance.now();
    // Executed as a user runs it: through its #! line (which drops NODE_EXTRA_CA_CERTS, see bin/ttg-opt.ts).
    const r = spawnSync(bin, [file], { encoding: 'utf8', maxBuffer: 1 << 28 });
    const dt = performance.now() - t0;
    if (i >= 2) times.push(dt);
    status = r.status;
    stderr = r.stderr;
  }
  const detail = `${rel(corpus, file)} (${(statSync(file).size / 1024).toFixed(1)} KB), ${runs} runs, min ${fmt(Math.min(...times))}, p90 ${fmt(percentile(times, 90))} ms`;
  return {
    name,
    value: median(times),
    unit: 'ms',
    target: 150,
    detail,
    ...(status !== 0 ? { error: `exit ${status}: ${firstLine(stderr)}` } : {}),
  };
}

/** Wall time of a bare `node -e ''` in the launcher's environment: the floor under (a) on this machine. */
function nodeBaseline(runs: number): BenchResult {
  const env = launcherEnv();
  const times: number[] = [];
  for (let i = 0; i < runs + 2; i++) {
    const t0 = performance.now();
    spawnSync(process.execPath, ['-e', ''], { encoding: 'utf8', env });
    if (i >= 2) times.push(performance.now() - t0);
  }
  return { name: "  node startup alone (node -e '')", value: median(times), unit: 'ms', detail: `${runs} runs, the floor under the CLI time on this machine` };
}

function inProcessLlvm(corpus: string, runs: number): BenchResult[] {
  const file = largestLlvmFile(corpus);
  const base = 'parse+print largest llvm.mlir (in-process)';
  if (!file) return [{ name: base, value: null, unit: 'ms', target: 1500, error: 'no corpus' }];
  const src = readText(file);
  const parse: number[] = [];
  const print: number[] = [];
  const total: number[] = [];
  const where = `${rel(corpus, file)} (${(src.length / 1024).toFixed(0)} KB)`;
  try {
    for (let i = 0; i < runs + 1; i++) {
      const t0 = performance.now();
      const m = new Parser(src, { filename: file }).parseModule();
      const t1 = performance.now();
      const out = printOperation(m, {});
      const t2 = performance.now();
      if (i === 0 && out.length === 0) throw new Error('empty print');
      if (i >= 1) {
        parse.push(t1 - t0);
        print.push(t2 - t1);
        total.push(t2 - t0);
      }
    }
  } catch (e) {
    return [{ name: base, value: null, unit: 'ms', target: 1500, detail: where, error: firstLine(e instanceof Error ? e.message : String(e)) }];
  }
  return [
    { name: base, value: median(total), unit: 'ms', target: 1500, detail: `${where}, median of ${runs}` },
    { name: '  of which parse', value: median(parse), unit: 'ms' },
    { name: '  of which print', value: median(print), unit: 'ms' },
  ];
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  // Timed under the V8 options the ttg-opt launcher gives node (tools/node-flags.ts).
  if (!hasNodeFlags()) {
    const r = spawnSync(process.execPath, [...NODE_FLAGS, ...process.execArgv, process.argv[1]!, ...args], { stdio: 'inherit' });
    process.exit(r.status ?? 1);
  }
  const runsArg = args.indexOf('--runs');
  const runs = runsArg >= 0 ? Number(args[runsArg + 1]) : 20;
  if (args.includes('--real-pipeline')) {
    const opt = (name: string): string | undefined => {
      const i = args.indexOf(name);
      return i >= 0 ? args[i + 1] : undefined;
    };
    const repeat = Number(opt('--repeat') ?? 5);
    const cases = opt('--cases');
    const { runRealPipelineBench } = await import('./real-pipeline.js');
    process.exitCode = runRealPipelineBench({ repeat: repeat > 0 ? repeat : 5, ...(cases ? { cases } : {}) });
    return;
  }
  if (args.includes('--vs-triton')) {
    const opt = (name: string): string | undefined => {
      const i = args.indexOf(name);
      return i >= 0 ? args[i + 1] : undefined;
    };
    const repeat = Number(opt('--repeat') ?? 5);
    const cases = opt('--cases');
    const { runVsTriton } = await import('./vs-triton.js');
    const warmup = Number(opt('--warmup') ?? 10);
    process.exitCode = await runVsTriton({
      repeat: repeat > 0 ? repeat : 5,
      warmup: warmup >= 0 ? warmup : 10,
      ...(cases ? { cases } : {}),
      ...(opt('--corpus') === 'pipeline' ? { corpus: 'pipeline' as const } : {}),
      ...(args.includes('--no-passes') ? { noPasses: true } : {}),
      ...(args.includes('--no-cold') ? { noCold: true } : {}),
    });
    return;
  }
  // The CLI benchmarks need the corpus as files: the ground truth's golden/corpus, written to a temporary folder.
  const work = mkdtempSync(join(tmpdir(), 'ttg-bench-'));
  const corpus = join(writeTree(groundTruth(), ['golden/corpus'], work), 'golden', 'corpus');
  const results: BenchResult[] = [];
  const cli = cliWallTime(corpus, runs);
  const floor = nodeBaseline(runs);
  results.push(cli, floor);
  if (cli.value !== null && floor.value !== null) {
    results.push({ name: '  ttg-opt above node startup (wall)', value: cli.value - floor.value, unit: 'ms' });
  }
  const ttgir = pickTtgirFile(corpus);
  if (ttgir) {
    const bin = join(packageRoot(), 'dist', 'bin', 'ttg-opt.js');
    results.push(cliCpuTime(ttgir, [bin, ttgir], runs, 'ttg-opt CLI, same file (CPU user+sys)'));
    results.push(cliCpuTime(ttgir, ['-e', ''], runs, "  node -e '' (CPU user+sys)"));
  }
  results.push(...inProcessLlvm(corpus, Math.max(3, Math.round(runs / 4))));
  results.push(...(await runLinearLayoutBench()));

  const rows = results.map((r) => [
    r.name,
    r.value === null ? '-' : `${fmt(r.value)} ${r.unit}`,
    r.target === undefined ? '' : `< ${r.target} ${r.unit}`,
    r.target === undefined || r.value === null ? (r.error ? 'n/a' : '') : r.value < r.target ? 'ok' : 'SLOW',
    r.error ? `error: ${r.error}` : (r.detail ?? ''),
  ]);
  process.stdout.write(formatTable(['benchmark', 'result', 'target', '', 'detail'], rows));
  const out = join(packageRoot(), 'bench', 'results.json');
  const json = {
    date: new Date().toISOString(),
    node: process.version,
    cpu: cpus()[0]?.model ?? 'unknown',
    results,
  };
  writeFileSync(out, JSON.stringify(json, null, 1) + '\n');
  rmSync(work, { recursive: true, force: true });
  process.stdout.write(`wrote ${rel(process.cwd(), out) || basename(out)} (${dirname(out)})\n`);
}

main().catch((e: unknown) => {
  process.stderr.write(`bench: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exit(2);
});
