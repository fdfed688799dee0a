// `npm run bench -- --vs-triton [--cases S] [--repeat N]`: compile speed of ttg-opt against Triton 3.6's own C++ on the
// same machine, in one command. For every corpus case (golden/corpus of the ground truth, written to a temporary
// folder so that both sides read the same files) and two pipelines, (a) the 15 TTGIR passes of the case's meta.json
// and (b) those plus the LLVM lowering of its `llvm.after`, both sides read 00-ttir.mlir, run the passes and print the
// module: ours in process (tools/opt-main.ts runOptSync, the CLI's code path), Triton's through its pybind bindings in a
// Python server (scripts/oracle/bench_triton.py, interpreter $TTG_TRITON_PYTHON or python3).
// Two measurements per case and pipeline, the same way on both sides:
//  - warm: after two untimed rounds over all cases and W untimed runs of the case (--warmup, default 10; 0 skips both),
//    N timed runs alternating ours / Triton so that the machine's load shifts both alike; the best of N is kept. This is the steady state of a long-lived compiler
//    process (V8 has optimized our code; Triton's C++ has nothing to warm up but its caches).
//  - cold: one run in a fresh process per side (bench/cold-run.ts; a fresh bench_triton.py), timed in process with
//    module loading / `import triton` excluded: what one CLI invocation pays, V8's warm-up included (--no-cold skips).
// Per-pass times come from a second run per repetition with one pass manager per pass (no parse/print). Prints the
// tables and writes bench/vs-triton.json.
import { type ChildProcessWithoutNullStreams, execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createInterface, type Interface } from 'node:readline';
import { formatTable, packageRoot } from '../golden/common.js';
import { DiskTree, groundTruth, writeTree } from '../golden/ground-truth.js';
import { pipelineCorpusDir, type PipelineMeta } from '../golden/pipeline-corpus.js';
import { type CorpusMeta, corpusCases, llvmPipelineFlags } from '../golden/passes.js';
import { NODE_FLAGS } from '../tools/node-flags.js';
import { parseCommandLine, runOptSync } from '../tools/opt-main.js';
import '../tools/passes.js';
import { Parser } from '../parser/parser.js';
import { runPipeline, type PipelineEntry } from '../transforms/pass-manager.js';
import { getPass, parsePassOptions } from '../transforms/pass.js';
import { fmt } from './util.js';

export interface VsTritonOptions {
  cases?: string;
  /** `golden` (default): golden/corpus, 15 TTGIR passes and the lowering; `pipeline`: the real-pipeline corpus. */
  corpus?: 'golden' | 'pipeline';
  repeat: number;
  /** Skip the per-pass runs (totals only). */
  noPasses?: boolean;
  /** Untimed runs per case and side before the timed ones (default 10). */
  warmup?: number;
  /** Skip the cold runs (one fresh process per case, pipeline and side). */
  noCold?: boolean;
}

interface Side {
  /** Wall ms, parse + passes + print. */
  total: number;
  /** CPU ms (user + system, all threads of the process) of the same run: less sensitive to other jobs' load. */
  cpu: number;
  passes: number[];
  /** Wall and CPU ms of one run in a fresh process (NaN when not measured). */
  coldTotal: number;
  coldCpu: number;
}

interface PipelineResult {
  flags: string[];
  ours: Side;
  triton: Side;
  /** Our printed text is Triton's, byte for byte (trailing newline aside). */
  same: boolean;
  error?: string;
}

interface CaseResult {
  name: string;
  ttgir: PipelineResult;
  llvm?: PipelineResult;
}

/** The Triton side: one Python process answering JSON requests line by line. */
class TritonServer {
  private readonly lines: AsyncIterator<string>;
  private constructor(
    private readonly proc: ChildProcessWithoutNullStreams,
    rl: Interface,
    readonly stderr: string[],
  ) {
    this.lines = rl[Symbol.asyncIterator]();
  }

  static start(python: string): TritonServer {
    const script = join(packageRoot(), 'scripts', 'oracle', 'bench_triton.py');
    const proc = spawn(python, [script], { stdio: ['pipe', 'pipe', 'pipe'] });
    const stderr: string[] = [];
    proc.stderr.on('data', (d: Buffer) => stderr.push(d.toString()));
    proc.on('error', (e) => stderr.push(String(e)));
    return new TritonServer(proc, createInterface({ input: proc.stdout }), stderr);
  }

  async ask(req: Record<string, unknown>): Promise<Record<string, unknown>> {
    this.proc.stdin.write(JSON.stringify(req) + '\n');
    const r = await this.lines.next();
    if (r.done) throw new TritonUnavailable(this.stderr.join('').trim() || 'the Triton bench process exited');
    const res = JSON.parse(r.value) as Record<string, unknown>;
    if (typeof res['error'] === 'string') throw new Error(`triton: ${res['error']}`);
    return res;
  }

  stop(): void {
    this.proc.stdin.end();
  }
}

export class TritonUnavailable extends Error {
  override name = 'TritonUnavailable';
}

/** One case of the bench: its TTIR file and the flags of its two pipelines. */
interface BenchCase {
  name: string;
  file: string;
  ttgirFlags: string[];
  /** The lowering's flags, run after ttgirFlags (none: the case has no LLVM pipeline). */
  llvmFlags?: string[];
}

/** golden/corpus (written under `work` so that both sides read files): its 15 TTGIR stages and `llvm.after`. */
function goldenBenchCases(work: string): BenchCase[] {
  const corpus = join(writeTree(groundTruth(), ['golden/corpus'], work), 'golden', 'corpus');
  const tree = groundTruth().sub('golden/corpus');
  return corpusCases(tree).map((name) => {
    const meta = JSON.parse(tree.read(`${name}/meta.json`)) as CorpusMeta;
    return {
      name,
      file: join(corpus, name, '00-ttir.mlir'),
      ttgirFlags: meta.stages.map((s) => s.flag),
      ...(meta.llvm ? { llvmFlags: llvmPipelineFlags(meta) } : {}),
    };
  });
}

/** The real-pipeline corpus: every pass of Triton's make_ttgir, then those of make_llir, as its meta.json lists them. */
function pipelineBenchCases(): BenchCase[] {
  const dir = pipelineCorpusDir();
  return corpusCases(new DiskTree(dir)).map((name) => {
    const meta = JSON.parse(readFileSync(join(dir, name, 'meta.json'), 'utf8')) as PipelineMeta;
    const flags = (stage: string): string[] => meta.stages.filter((s) => s.stage === stage && s.flag).map((s) => s.flag);
    return { name, file: join(dir, name, '00-ttir.mlir'), ttgirFlags: flags('make_ttgir'), llvmFlags: flags('make_llir') };
  });
}

function pipelineEntries(flags: readonly string[]): PipelineEntry[] {
  return parseCommandLine(['-', ...flags]).passFlags.map((f) => {
    const pass = getPass(f.name);
    if (!pass) throw new Error(`ttg-opt has no pass ${f.arg}`);
    return { pass, options: parsePassOptions(pass, f.options ?? '') };
  });
}

function oursTotal(file: string, flags: readonly string[]): { ms: number; cpu: number; text: string } {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const r = runOptSync([file, ...flags]);
  const ms = performance.now() - t0;
  const c = process.cpuUsage(c0);
  if (r.exitCode !== 0) throw new Error(`ttg-opt: ${r.stderr.split('\n')[0] ?? ''}`);
  return { ms, cpu: (c.user + c.system) / 1000, text: r.stdout };
}

/** ms per pass, each pass alone on the module the previous ones left (parse and print not counted). */
function oursPasses(file: string, entries: readonly PipelineEntry[]): number[] {
  const module = new Parser(readFileSync(file, 'utf8'), { filename: file }).parseModule();
  const out: number[] = [];
  for (const e of entries) {
    const t0 = performance.now();
    const r = runPipeline(module, [e], { verifyEach: true });
    out.push(performance.now() - t0);
    if (!r.ok) throw new Error(`ttg-opt: ${e.pass.name} failed`);
  }
  return out;
}

const minIn = (a: number[] | undefined, b: readonly number[]): number[] => (a ? a.map((x, i) => Math.min(x, b[i] ?? Infinity)) : [...b]);

/** One run in a fresh node process (bench/cold-run.ts). */
function oursCold(file: string, flags: readonly string[]): { ms: number; cpu: number } {
  const script = fileURLToPath(new URL('./cold-run.js', import.meta.url));
  const r = spawnSync(process.execPath, [...NODE_FLAGS, script, file, ...flags], { encoding: 'utf8', maxBuffer: 1 << 26 });
  const res = JSON.parse(r.stdout.trim().split('\n').pop() ?? '{}') as { ms?: number; cpu?: number; exitCode?: number };
  if (res.exitCode !== 0 || res.ms === undefined || res.cpu === undefined) throw new Error(`ttg-opt (cold): ${r.stderr.split('\n')[0] ?? ''}`);
  return { ms: res.ms, cpu: res.cpu };
}

/** One run in a fresh Triton bench process (one request, then end of input). */
function tritonCold(python: string, file: string, flags: readonly string[]): { ms: number; cpu: number } {
  const script = join(packageRoot(), 'scripts', 'oracle', 'bench_triton.py');
  const r = spawnSync(python, [script], { input: JSON.stringify({ op: 'total', file, flags }) + '\n', encoding: 'utf8', maxBuffer: 1 << 26 });
  const res = JSON.parse(r.stdout.trim() || '{}') as { ms?: number; cpu?: number; error?: string };
  if (res.ms === undefined || res.cpu === undefined) throw new Error(`triton (cold): ${res.error ?? r.stderr.split('\n').pop() ?? ''}`);
  return { ms: res.ms, cpu: res.cpu };
}

interface MeasureOptions {
  repeat: number;
  warmup: number;
  perPass: boolean;
  /** The Triton interpreter, for the cold runs; undefined: no cold runs. */
  coldPython?: string;
}

async function measure(server: TritonServer, file: string, flags: string[], m: MeasureOptions): Promise<PipelineResult> {
  const { repeat, perPass } = m;
  const entries = pipelineEntries(flags);
  // Cold first, while nothing of this case has run in the fresh processes (they share nothing with this one).
  const oCold = m.coldPython !== undefined ? oursCold(file, flags) : { ms: NaN, cpu: NaN };
  const tCold = m.coldPython !== undefined ? tritonCold(m.coldPython, file, flags) : { ms: NaN, cpu: NaN };
  for (let i = 0; i < m.warmup; i++) {
    oursTotal(file, flags);
    await server.ask({ op: 'total', file, flags });
  }
  let oT = Infinity;
  let tT = Infinity;
  let oC = Infinity;
  let tC = Infinity;
  let oP: number[] | undefined;
  let tP: number[] | undefined;
  let same = false;
  for (let i = 0; i < repeat; i++) {
    const o = oursTotal(file, flags);
    oT = Math.min(oT, o.ms);
    oC = Math.min(oC, o.cpu);
    const t = await server.ask({ op: 'total', file, flags, text: i === 0 });
    tT = Math.min(tT, Number(t['ms']));
    tC = Math.min(tC, Number(t['cpu']));
    if (i === 0) same = o.text.replace(/\n+$/, '') === String(t['text']).replace(/\n+$/, '');
    if (perPass) {
      oP = minIn(oP, oursPasses(file, entries));
      tP = minIn(tP, (await server.ask({ op: 'passes', file, flags }))['ms'] as number[]);
    }
  }
  return {
    flags,
    ours: { total: oT, cpu: oC, passes: oP ?? [], coldTotal: oCold.ms, coldCpu: oCold.cpu },
    triton: { total: tT, cpu: tC, passes: tP ?? [], coldTotal: tCold.ms, coldCpu: tCold.cpu },
    same,
  };
}

const geomean = (xs: readonly number[]): number => (xs.length ? Math.exp(xs.reduce((s, x) => s + Math.log(x), 0) / xs.length) : NaN);

function cpuModel(): string {
  try {
    const m = /^model name\s*:\s*(.*)$/m.exec(readFileSync('/proc/cpuinfo', 'utf8'));
    if (m) return m[1]!.trim();
  } catch {
    // not Linux
  }
  return cpus()[0]?.model ?? 'unknown';
}

function commit(): string {
  try {
    const root = packageRoot();
    const head = execFileSync('git', ['-C', root, 'rev-parse', '--short=12', 'HEAD'], { encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['-C', root, 'status', '--porcelain', '--untracked-files=no'], { encoding: 'utf8' }).trim();
    return dirty ? `${head} (+ uncommitted changes)` : head;
  } catch {
    return 'unknown (not a git checkout)';
  }
}

/** A pass's name as shown in the per-pass table (the flag without its options). */
const passName = (flag: string): string => flag.replace(/^--?/, '').split('=')[0]!;

function perPassTable(results: readonly CaseResult[], which: 'ttgir' | 'llvm'): string {
  const acc = new Map<string, { ours: number; triton: number; ratios: number[] }>();
  for (const c of results) {
    const p = which === 'ttgir' ? c.ttgir : c.llvm;
    if (!p || p.error || !p.ours.passes.length) continue;
    p.flags.forEach((f, i) => {
      const k = passName(f);
      const a = acc.get(k) ?? { ours: 0, triton: 0, ratios: [] };
      const o = p.ours.passes[i]!;
      const t = p.triton.passes[i]!;
      a.ours += o;
      a.triton += t;
      if (o > 0 && t > 0) a.ratios.push(o / t);
      acc.set(k, a);
    });
  }
  const rows = [...acc].map(([k, a]) => [k, fmt(a.ours), fmt(a.triton), fmt(a.ours / a.triton), fmt(geomean(a.ratios))]);
  return formatTable(['pass (summed over cases and occurrences)', 'ours ms', 'Triton ms', 'sum ratio', 'geomean ratio'], rows);
}

export async function runVsTriton(opts: VsTritonOptions): Promise<number> {
  const python = process.env['TTG_TRITON_PYTHON'] || 'python3';
  const server = TritonServer.start(python);
  let hello: Record<string, unknown>;
  try {
    hello = await server.ask({ op: 'hello' });
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e);
    process.stderr.write(
      `bench --vs-triton: triton is not importable with '${python}' (${why.split('\n').pop()}).\n` +
        `  Set TTG_TRITON_PYTHON to an interpreter with the Triton 3.6.0 wheel, e.g. TTG_TRITON_PYTHON=.venv-triton/bin/python.\n`,
    );
    server.stop();
    return 3;
  }
  const work = mkdtempSync(join(tmpdir(), 'ttg-vs-triton-'));
  const filters = opts.cases?.split(',').filter(Boolean) ?? [];
  const cases = (opts.corpus === 'pipeline' ? pipelineBenchCases() : goldenBenchCases(work)).filter(
    (c) => !filters.length || filters.some((f) => c.name.includes(f)),
  );
  const load0 = loadavg()[0]!;
  const warmup = opts.warmup ?? 10;
  process.stdout.write(
    `ttg-opt vs Triton ${String(hello['triton'])} (python ${String(hello['python'])}, ${String(hello['executable'])})\n` +
      `machine: ${cpuModel()}, ${cpus().length} cores, load ${load0.toFixed(2)}; node ${process.version}; commit ${commit()}\n` +
      `${cases.length} cases of ${opts.corpus === 'pipeline' ? 'the real-pipeline corpus (make_ttgir, then make_llir)' : 'golden/corpus'}; warm: 2 untimed rounds over all cases, ${warmup} untimed runs of the case, then best of ${opts.repeat}, ` +
      `ours and Triton alternating per repetition; ` +
      `cold: one run in a fresh process per side${opts.noCold ? ' (skipped)' : ''}; times in ms, ratio = ours / Triton\n\n`,
  );
  const measureOpts: MeasureOptions = { repeat: opts.repeat, warmup, perPass: !opts.noPasses, ...(opts.noCold ? {} : { coldPython: python }) };
  // Before any case is timed, two untimed rounds over every selected case (both pipelines, both sides): V8 reaches its
  // steady state on our code after a few dozen runs, and a small case's own warm-up runs alone leave the first cases
  // of a run short of it (the cold runs are fresh processes, so this changes nothing for them).
  if (warmup > 0) {
    for (let round = 0; round < 2; round++) {
      for (const { file, ttgirFlags, llvmFlags } of cases) {
        for (const flags of llvmFlags ? [ttgirFlags, [...ttgirFlags, ...llvmFlags]] : [ttgirFlags]) {
          try {
            oursTotal(file, flags);
            await server.ask({ op: 'total', file, flags });
          } catch {
            // reported when the case is measured
          }
        }
      }
    }
  }
  const results: CaseResult[] = [];
  const rows: (string | number)[][] = [];
  for (const { name, file, ttgirFlags, llvmFlags } of cases) {
    const run = async (flags: string[]): Promise<PipelineResult> => {
      try {
        return await measure(server, file, flags, measureOpts);
      } catch (e) {
        const error = e instanceof Error ? e.message.split('\n')[0]! : String(e);
        const none: Side = { total: NaN, cpu: NaN, passes: [], coldTotal: NaN, coldCpu: NaN };
        return { flags, ours: none, triton: { ...none }, same: false, error };
      }
    };
    const ttgir = await run(ttgirFlags);
    const llvm = llvmFlags ? await run([...ttgirFlags, ...llvmFlags]) : undefined;
    results.push({ name, ttgir, ...(llvm ? { llvm } : {}) });
    const cells = (p: PipelineResult | undefined): string[] =>
      !p
        ? ['-', '-', '-', '-', '-', '-', '-', '']
        : p.error
          ? ['-', '-', '-', '-', '-', '-', '-', p.error]
          : [
              fmt(p.ours.total),
              fmt(p.triton.total),
              fmt(p.ours.total / p.triton.total),
              fmt(p.ours.cpu / p.triton.cpu),
              fmt(p.ours.coldTotal),
              fmt(p.triton.coldTotal),
              fmt(p.ours.coldTotal / p.triton.coldTotal),
              p.same ? 'same' : '',
            ];
    const row = [name, ...cells(ttgir), ...cells(llvm)];
    rows.push(row);
    process.stderr.write(`  ${row.join('  ')}\n`);
  }
  server.stop();
  rmSync(work, { recursive: true, force: true });

  const ok = (p: PipelineResult | undefined): p is PipelineResult => !!p && !p.error && p.ours.total > 0 && p.triton.total > 0;
  const gm = (which: 'ttgir' | 'llvm', of: 'total' | 'cpu' | 'coldTotal' = 'total'): number =>
    geomean(results.map((c) => c[which]).filter(ok).map((p) => p.ours[of] / p.triton[of]).filter((r) => r > 0));
  const sum = (which: 'ttgir' | 'llvm', side: 'ours' | 'triton', of: 'total' | 'coldTotal' = 'total'): number =>
    results.map((c) => c[which]).filter(ok).reduce((s, p) => s + p[side][of], 0);
  const summary = (which: 'ttgir' | 'llvm'): string[] => [
    fmt(sum(which, 'ours')),
    fmt(sum(which, 'triton')),
    fmt(gm(which)),
    fmt(gm(which, 'cpu')),
    fmt(sum(which, 'ours', 'coldTotal')),
    fmt(sum(which, 'triton', 'coldTotal')),
    fmt(gm(which, 'coldTotal')),
    '',
  ];
  rows.push(['geomean ratio / sum of ms', ...summary('ttgir'), ...summary('llvm')]);
  const head = (p: string): string[] => [`${p} ours`, 'Triton', 'ratio', 'cpu ratio', 'cold ours', 'cold Triton', 'cold ratio', 'text'];
  process.stdout.write(formatTable(['case', ...head('TTGIR'), ...head('+LLVM')], rows) + '\n');
  if (!opts.noPasses) {
    process.stdout.write('(a) TTGIR pipeline, per pass\n' + perPassTable(results, 'ttgir') + '\n');
    process.stdout.write('(b) with the LLVM lowering, per pass\n' + perPassTable(results, 'llvm') + '\n');
  }
  const load1 = loadavg()[0]!;
  process.stdout.write(
    `geomean ours/Triton, warm best of ${opts.repeat} (wall): TTGIR pipeline ${fmt(gm('ttgir'))}, with LLVM lowering ${fmt(gm('llvm'))}; ` +
      `(CPU time): ${fmt(gm('ttgir', 'cpu'))}, ${fmt(gm('llvm', 'cpu'))}; cold single run (wall): ${fmt(gm('ttgir', 'coldTotal'))}, ` +
      `${fmt(gm('llvm', 'coldTotal'))} (< 1 = ours faster)\nload average ${load0.toFixed(2)} -> ${load1.toFixed(2)} on ${cpus().length} cores\n`,
  );
  const out = join(packageRoot(), 'bench', opts.corpus === 'pipeline' ? 'vs-triton-pipeline.json' : 'vs-triton.json');
  const json = {
    date: new Date().toISOString(),
    machine: cpuModel(),
    cores: cpus().length,
    load: [load0, load1],
    node: process.version,
    triton: hello,
    commit: commit(),
    corpus: opts.corpus ?? 'golden',
    repeat: opts.repeat,
    warmup,
    geomean: {
      ttgir: gm('ttgir'),
      llvm: gm('llvm'),
      ttgirCpu: gm('ttgir', 'cpu'),
      llvmCpu: gm('llvm', 'cpu'),
      ttgirCold: gm('ttgir', 'coldTotal'),
      llvmCold: gm('llvm', 'coldTotal'),
    },
    cases: results,
  };
  writeFileSync(out, JSON.stringify(json, null, 1) + '\n');
  process.stdout.write(`wrote ${out}\n`);
  return results.some((c) => c.ttgir.error || c.llvm?.error) ? 1 : 0;
}
