/**
 * The difftest run: `jobs` workers (worker threads when jobs > 1, so that ttg-opt's side runs on as many cores as
 * the oracles), each with one oracle process, take batches of case indices from a shared counter; the main
 * thread records every result into the summary and writes the reproducers (the first 3 of each class).
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { batchSize, runBatch, type Kind } from './batch.js';
import { loadStageSeeds, type StageSeed } from './mutate-stage.js';
import { Oracle } from './oracle.js';
import type { CaseResult, KindContext, Outcome } from './types.js';

export interface DifftestOptions {
  kind: Kind;
  n: number;
  seed: number;
  jobs: number;
  out: string;
  /** Where summary.json goes (default OUT/summary-<kind>.json). */
  summary?: string;
  minimize: boolean;
  pipelineDir: string;
  /** Stop starting new batches after this many seconds. */
  timeLimit?: number;
  log?: (line: string) => void;
}

export interface DivergenceRecord { index: number; cls: string; detail?: string; dir?: string; command?: string }

export interface DifftestSummary {
  kind: Kind;
  seed: number;
  jobs: number;
  inputs: number;
  counts: Record<Outcome, number>;
  divergenceClasses: Record<string, number>;
  /** The first records of each class (at most RECORDS_PER_CLASS; the counts above are exact). */
  divergences: DivergenceRecord[];
  crashes: DivergenceRecord[];
  unsupported: Record<string, number>;
  /** Per-kind detail counts (kernels: replay verdicts over all compared pass runs). */
  steps: Record<string, number>;
  seconds: number;
  /** Cases per second over the run, and per job. */
  rate: number;
  ratePerJob: number;
  /** CPU seconds of the run: ttg-opt's side (this process, all threads) and the oracles (Python + its children). */
  cpuSeconds: { node: number; python: number };
  /** Cases per CPU second of both sides: what one core does when there are as many jobs as cores. */
  casesPerCpuSecond: number;
  python: string;
}

/** What a worker thread posts: a batch of results, or at its end its oracle's CPU seconds. */
export type WorkerMessage = { items: [number, CaseResult][] } | { oracleCpu: number };

/** Records and reproducer folders kept per divergence class: a systematic bug must not make the summary huge. */
const RECORDS_PER_CLASS = 20;
const REPRODUCERS_PER_CLASS = 3;

/** One job's loop: batches of indices from `take` until it returns none. */
export async function jobLoop(kind: Kind, ctx: KindContext, seeds: readonly StageSeed[], take: () => number[], emit: (items: [number, CaseResult][]) => void): Promise<void> {
  for (;;) {
    const indices = take();
    if (!indices.length) return;
    let results: CaseResult[];
    try {
      results = await runBatch(kind, ctx, seeds, indices);
    } catch (e) {
      const detail = e instanceof Error ? `${e.message}\n${e.stack ?? ''}`.slice(0, 1000) : String(e);
      results = indices.map(() => ({ outcome: 'divergence', cls: `${kind}: harness error`, detail }));
    }
    emit(indices.map((i, k) => [i, results[k]!]));
  }
}

export function emptySummary(o: DifftestOptions, python: string): DifftestSummary {
  return {
    kind: o.kind, seed: o.seed, jobs: o.jobs, inputs: 0,
    counts: { same: 0, divergence: 0, 'triton-crash': 0, rejected: 0, unsupported: 0 },
    divergenceClasses: {}, divergences: [], crashes: [], unsupported: {}, steps: {}, seconds: 0, rate: 0, ratePerJob: 0,
    cpuSeconds: { node: 0, python: 0 }, casesPerCpuSecond: 0, python,
  };
}

export async function runDifftest(o: DifftestOptions, python: string): Promise<DifftestSummary> {
  const t0 = Date.now();
  const cpu0 = process.cpuUsage();
  const s = emptySummary(o, python);
  const perClass = new Map<string, number>();
  const record = (index: number, r: CaseResult): void => {
    s.inputs++;
    s.counts[r.outcome]++;
    for (const [k, v] of Object.entries(r.steps ?? {})) s.steps[k] = (s.steps[k] ?? 0) + v;
    if (r.outcome === 'divergence' || r.outcome === 'triton-crash') {
      const cls = r.cls ?? r.outcome;
      const n = (s.divergenceClasses[cls] = (s.divergenceClasses[cls] ?? 0) + 1);
      perClass.set(cls, n);
      if (n > RECORDS_PER_CLASS) return;
      let dir: string | undefined;
      if (n <= REPRODUCERS_PER_CLASS && r.files) {
        dir = join(o.out, o.kind, String(index));
        mkdirSync(dir, { recursive: true });
        for (const [name, text] of Object.entries(r.files)) writeFileSync(join(dir, name), text);
        writeFileSync(join(dir, 'command.txt'), (r.command ?? '') + '\n');
      }
      const rec: DivergenceRecord = { index, cls, ...(r.detail ? { detail: r.detail.slice(0, 400) } : {}), ...(dir ? { dir } : {}), ...(r.command ? { command: r.command.slice(0, 400) } : {}) };
      (r.outcome === 'divergence' ? s.divergences : s.crashes).push(rec);
      if (r.outcome === 'divergence' || n <= 3) o.log?.(`${o.kind} #${index}: ${r.outcome} ${cls} ${r.detail?.slice(0, 200) ?? ''}`);
    } else if (r.outcome === 'unsupported') {
      const cls = r.cls ?? 'unsupported';
      s.unsupported[cls] = (s.unsupported[cls] ?? 0) + 1;
    }
  };
  let lastLog = Date.now();
  const emit = (items: [number, CaseResult][]): void => {
    for (const [i, r] of items) record(i, r);
    if (Date.now() - lastLog > 10_000) {
      lastLog = Date.now();
      o.log?.(`${o.kind}: ${s.inputs}/${o.n} done in ${Math.round((lastLog - t0) / 1000)}s ${JSON.stringify(s.counts)}`);
    }
  };
  const batch = batchSize(o.kind);
  const expired = (): boolean => o.timeLimit !== undefined && (Date.now() - t0) / 1000 > o.timeLimit;
  if (o.jobs <= 1) {
    let next = 0;
    const take = (): number[] => {
      if (expired() || next >= o.n) return [];
      const from = next;
      next = Math.min(o.n, next + batch);
      return Array.from({ length: next - from }, (_, k) => from + k);
    };
    const oracle = new Oracle(python, repoRootOf());
    const seeds = o.kind === 'passes' ? loadSeeds(o.pipelineDir) : [];
    try {
      await jobLoop(o.kind, { oracle, root: repoRootOf(), seed: o.seed, minimize: o.minimize }, seeds, take, emit);
      s.cpuSeconds.python += await oracle.cpuSeconds();
    } finally {
      oracle.close();
    }
  } else {
    // the counter every worker takes batches from (Atomics: no message round trip per batch)
    const counter = new Int32Array(new SharedArrayBuffer(4));
    const deadline = o.timeLimit !== undefined ? t0 + o.timeLimit * 1000 : 0;
    const workerFile = workerScript();
    await Promise.all(
      Array.from({ length: o.jobs }, () => new Promise<void>((resolve, reject) => {
        const w = new Worker(workerFile, { workerData: { kind: o.kind, n: o.n, seed: o.seed, minimize: o.minimize, pipelineDir: o.pipelineDir, python, batch, deadline, counter } });
        w.on('message', (m: WorkerMessage) => {
          if ('items' in m) emit(m.items);
          else s.cpuSeconds.python += m.oracleCpu;
        });
        w.on('error', reject);
        w.on('exit', () => resolve());
      })),
    );
  }
  s.seconds = Math.round((Date.now() - t0) / 100) / 10;
  const cpu = process.cpuUsage(cpu0);
  s.cpuSeconds.node = Math.round((cpu.user + cpu.system) / 1e5) / 10;
  s.cpuSeconds.python = Math.round(s.cpuSeconds.python * 10) / 10;
  s.casesPerCpuSecond = Math.round((s.inputs / Math.max(s.cpuSeconds.node + s.cpuSeconds.python, 0.1)) * 100) / 100;
  s.rate = Math.round((s.inputs / Math.max(s.seconds, 0.1)) * 10) / 10;
  s.ratePerJob = Math.round((s.rate / o.jobs) * 100) / 100;
  const file = o.summary ?? join(o.out, `summary-${o.kind}.json`);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(s, null, 1) + '\n');
  return s;
}

/** The worker's compiled module: next to this one when it is dist/, else the build's (running from sources, vitest). */
function workerScript(): URL {
  const here = new URL('./worker.js', import.meta.url);
  if (existsSync(fileURLToPath(here))) return here;
  const built = join(repoRootOf(), 'dist', 'golden', 'difftest', 'worker.js');
  if (!existsSync(built)) throw new Error(`--jobs > 1 needs the built worker (${built}): run npm run build`);
  return pathToFileURL(built);
}

export function loadSeeds(pipelineDir: string): StageSeed[] {
  const seeds = loadStageSeeds(pipelineDir);
  if (!seeds.length) throw new Error(`no pipeline corpus at ${pipelineDir}`);
  return seeds;
}

/** The repository root: the nearest folder above this file that holds the oracle script. */
export function repoRootOf(): string {
  let d = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    if (existsSync(join(d, 'scripts', 'oracle', 'difftest_oracle.py'))) return d;
    d = dirname(d);
  }
  return process.cwd();
}
