/**
 * The mutation sweep from the command line (after `npm run build`):
 *
 *   node dist/test/fuzz/run.js [--n 5000] [--seed 1] [--jobs 2] [--start 0] [--pipeline 0..4] [--summary FILE]
 *                              [--bundled | --shared DIR [--extra DIR]] [--max-bytes 60000] [--corpus-cache FILE] [--no-reparse]
 *                              [--only I,J] [--show [--class C] [--text]] [--save DIR]
 *
 * Prints a count per outcome class and, per BUG class, a few examples with the replay index; `--summary FILE`
 * writes the same as JSON with every BUG's index and a replay command. `--only` replays single mutants (with
 * `--show`, their diagnostics; with `--text`, their text); `--save DIR` writes each BUG mutant there.
 *
 * The corpus: ../shared (or --shared DIR) when it is there, else (or with --bundled) what the repository bundles
 * (corpus.ts). A replay must use the same corpus, seed and pipeline as the sweep (the summary's `replay`).
 * Exit status 1 when any BUG was found.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ChildProcess, fork } from 'node:child_process';
import { buildCorpus, chooseSource, corpusBytes, describeSource, readCorpus, writeCorpus } from './corpus.js';
import { PIPELINES } from './mutate.js';
import type { WorkerInit, WorkerResult } from './protocol.js';

/**
 * A run that takes this long (wall clock) is killed and reported as a hang; runs over TIME_LIMIT_MS of CPU time
 * (and 4x the unmutated file's) are already BUGs. Generous, since a loaded machine stretches wall time.
 */
const HARD_LIMIT_MS = Number(process.env['TTG_FUZZ_HARD_LIMIT_MS'] ?? 120_000);

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i < 0 ? undefined : (process.argv[i + 1] ?? '');
}
const flag = (name: string): boolean => process.argv.includes(`--${name}`);

const n = Number(arg('n') ?? 1000);
const seed = Number(arg('seed') ?? 1);
const start = Number(arg('start') ?? 0);
const jobs = Math.max(1, Number(arg('jobs') ?? 2));
const show = flag('show');
/** With --show, only mutants of this outcome class. */
const showClass = arg('class');
const save = arg('save');
const summaryFile = arg('summary');
const only = arg('only');
const pipeline = arg('pipeline') === undefined ? undefined : Number(arg('pipeline'));
if (pipeline !== undefined && !(pipeline >= 0 && pipeline < PIPELINES.length)) {
  process.stderr.write(`run.js: --pipeline must be 0..${PIPELINES.length - 1}\n`);
  process.exit(2);
}
const corpusOpts = { maxBytes: Number(arg('max-bytes') ?? 60_000) };
const source = chooseSource({ bundled: flag('bundled'), shared: arg('shared'), extra: arg('extra') });
const indices = only ? only.split(',').map(Number) : Array.from({ length: n }, (_, i) => start + i);

const t0 = performance.now();
/**
 * `--corpus-cache FILE`: the built corpus is read from FILE when it is there, else built and written there (several
 * sweeps of one build then share one corpus build; delete the file after changing the corpus, the printer or the
 * source flags).
 */
const cache = arg('corpus-cache');
const corpus = cache !== undefined && existsSync(cache) ? readCorpus(cache) : buildCorpus(source, corpusOpts);
if (cache !== undefined && !existsSync(cache)) writeCorpus(cache, corpus);
const corpusSeconds = (performance.now() - t0) / 1000;
const tmp = mkdtempSync(join(tmpdir(), 'ttg-fuzz-run-'));
const corpusFile = join(tmp, 'corpus.json');
writeCorpus(corpusFile, corpus);
const workerFile = join(dirname(fileURLToPath(import.meta.url)), 'worker.js');
const init: WorkerInit = { corpusFile, seed, pipeline, reparse: !flag('no-reparse'), wantText: save !== undefined || flag('text'), show };

const counts = new Map<string, number>();
const bugs: WorkerResult[] = [];
let cpuMs = 0;
/** The slowest mutants (worker CPU milliseconds), for the summary: where a sweep's time goes. */
const slowest: { index: number; ms: number; cls: string; file: string; mutations: string[] }[] = [];

/** The command that replays mutant `index` of this sweep (same corpus, seed and pipeline). */
function replayCommand(index: number): string {
  const src = source.kind === 'bundled' ? '--bundled' : `--shared ${source.shared}${source.extra ? ` --extra ${source.extra}` : ''}`;
  const pipe = pipeline === undefined ? '' : ` --pipeline ${pipeline}`;
  const mb = corpusOpts.maxBytes === 60_000 ? '' : ` --max-bytes ${corpusOpts.maxBytes}`;
  const cached = cache === undefined ? '' : ` --corpus-cache ${cache}`;
  return `node dist/test/fuzz/run.js ${src}${mb}${cached} --seed ${seed}${pipe} --only ${index} --show --text`;
}

function record(res: WorkerResult): void {
  counts.set(res.cls, (counts.get(res.cls) ?? 0) + 1);
  cpuMs += res.workerMs ?? res.ms;
  const isBug = res.cls !== 'ok' && res.cls !== 'error' && res.cls !== 'mlir-roundtrip-gap';
  slowest.push({ index: res.index, ms: Math.round(res.workerMs ?? res.ms), cls: res.cls, file: res.seed, mutations: res.ops });
  if (slowest.length > 40) {
    slowest.sort((a, b) => b.ms - a.ms);
    slowest.length = 20;
  }
  if (isBug) {
    bugs.push({ ...res, text: undefined });
    if (save && res.text !== undefined) {
      mkdirSync(save, { recursive: true });
      writeFileSync(join(save, `${res.cls.replace(/[^\w-]/g, '_').slice(0, 60)}-${res.index}.mlir`), `// ${res.seed} ${res.ops.join(' ')}\n// args: ${res.args.join(' ')}\n${res.text}`);
    }
  }
  if (show && (showClass === undefined || showClass === res.cls)) {
    process.stdout.write(`==== #${res.index} ${res.seed} ${res.ops.join(' ')} [${res.args.join(' ')}] -> ${res.cls} exit ${res.exitCode} ${Math.round(res.ms)} ms\n`);
    process.stdout.write(`${res.output ?? res.excerpt ?? ''}\n`);
    if (res.text !== undefined && flag('text')) process.stdout.write(res.text + '\n');
  }
}

/** User + system CPU seconds of a process so far (Linux /proc), to tell a hang from a loaded machine. */
function processCpuSeconds(pid: number | undefined): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of the whole line (11 and 12 after the command name), in clock ticks.
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

/** A run the parent had to end (hang) or whose worker died. */
function lost(index: number, why: string, ms: number, info: StartedMsg | undefined): WorkerResult {
  // No info: the worker never finished making the mutant (a slow mutation is a bug of the fuzzer itself).
  const what = info ?? { seed: '?', ops: ['(still mutating)'], args: [] };
  return { index, cls: why.startsWith('hang') ? 'hang' : 'worker-died', ms, exitCode: -1, seed: what.seed, ops: what.ops, args: what.args, excerpt: why };
}

interface StartedMsg {
  started: number;
  seed: string;
  ops: string[];
  args: string[];
}

async function sweep(): Promise<void> {
  const queue = [...indices];
  let done = 0;
  const runWorker = async (): Promise<void> => {
    while (queue.length && !stopping) {
      await new Promise<void>((resolveWorker) => {
        if (stopping) return resolveWorker();
        const w = fork(workerFile, [JSON.stringify(init)], { execArgv: ['--max-old-space-size=3072'], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
        workers.add(w);
        let current: number | undefined;
        let info: StartedMsg | undefined;
        let timer: NodeJS.Timeout | undefined;
        let started = 0;
        /** Killed for a hang: an answer already on its way is stale (the hang is recorded). */
        let killed = false;
        const next = (): void => {
          current = queue.shift();
          if (current === undefined) {
            w.kill();
            return;
          }
          started = performance.now();
          info = undefined;
          timer = setTimeout(() => {
            const cpu = processCpuSeconds(w.pid);
            record(lost(current!, `hang: killed after ${HARD_LIMIT_MS / 1000} s${cpu === undefined ? '' : ` (the worker's CPU time: ${cpu.toFixed(1)} s in all)`}`, HARD_LIMIT_MS, info));
            current = undefined;
            killed = true;
            w.kill('SIGKILL');
          }, HARD_LIMIT_MS);
          w.send(current);
        };
        w.on('message', (msg: WorkerResult | StartedMsg | { ready: number }) => {
          if (killed) return;
          if ('ready' in msg) return next();
          if ('started' in msg) {
            info = msg;
            return;
          }
          clearTimeout(timer);
          record(msg);
          current = undefined;
          if (++done % 1000 === 0) process.stderr.write(`${done}/${indices.length} (${((performance.now() - t0) / 1000).toFixed(0)} s)\n`);
          if (!msg.retiring) next();
        });
        w.on('exit', (code, signal) => {
          workers.delete(w);
          clearTimeout(timer);
          if (stopping) return resolveWorker();
          // Died on its own (out of memory, a native crash): that run is a BUG.
          if (current !== undefined) record(lost(current, `worker died: ${signal ?? `exit ${code}`}`, performance.now() - started, info));
          resolveWorker();
        });
      });
    }
  };
  await Promise.all(Array.from({ length: Math.min(jobs, indices.length) }, runWorker));
}

/** The live workers, so that an interrupted sweep can stop them and still report what it ran. */
const workers = new Set<ChildProcess>();
let tSweep = performance.now();

async function main(): Promise<void> {
  tSweep = performance.now();
  await sweep();
  report(false);
}

/**
 * Prints the counts and writes the summary. `interrupted`: the sweep was stopped (SIGTERM/SIGINT, e.g. a wall-clock
 * limit) before every mutant ran; what ran is still counted and reported, and the summary says so.
 */
function report(interrupted: boolean): void {
  rmSync(tmp, { recursive: true, force: true });
  const seconds = (performance.now() - t0) / 1000;
  const sweepSeconds = (performance.now() - tSweep) / 1000;
  const total = [...counts.values()].reduce((a, b) => a + b, 0);
  const perCore = total / Math.max(cpuMs / 1000, 1e-9);
  process.stdout.write(
    `${interrupted ? `INTERRUPTED after ${total} of ${indices.length}; ` : ''}mutations: ${total} (seed ${seed}${pipeline === undefined ? '' : `, pipeline ${pipeline}`}, corpus ${corpus.length} files from ${describeSource(source)}, ` +
      `${seconds.toFixed(0)} s; ${perCore.toFixed(2)} mutants per worker CPU second)\n`,
  );
  for (const [cls, c] of [...counts].sort((a, b) => b[1] - a[1])) process.stdout.write(`  ${cls.padEnd(48)} ${c}\n`);
  const byClass = new Map<string, WorkerResult[]>();
  for (const b of bugs) byClass.set(b.cls, [...(byClass.get(b.cls) ?? []), b]);
  for (const [cls, list] of byClass) {
    const ex = list.slice(0, 5).map((b) => `#${b.index} ${b.seed} ${b.ops.join(' ')} [${b.args.join(' ')}]\n      ${(b.excerpt ?? '').split('\n')[0]}`);
    process.stdout.write(`BUG ${cls} (${list.length}):\n    ${ex.join('\n    ')}\n`);
  }
  process.stdout.write(`BUGs: ${bugs.length}\n`);
  if (summaryFile) {
    const summary = {
      seed,
      pipeline: pipeline ?? null,
      flags: pipeline === undefined ? null : PIPELINES[pipeline],
      start,
      requested: indices.length,
      interrupted,
      mutants: total,
      jobs,
      corpus: { source: describeSource(source), files: corpus.length, bytes: corpusBytes(corpus), buildSeconds: Number(corpusSeconds.toFixed(1)) },
      seconds: Number(seconds.toFixed(1)),
      sweepSeconds: Number(sweepSeconds.toFixed(1)),
      workerCpuSeconds: Number((cpuMs / 1000).toFixed(1)),
      mutantsPerCpuSecond: Number(perCore.toFixed(3)),
      mutantsPerSecond: Number((total / Math.max(sweepSeconds, 1e-9)).toFixed(2)),
      outcomes: Object.fromEntries([...counts].sort((a, b) => b[1] - a[1])),
      slowest: slowest.sort((a, b) => b.ms - a.ms).slice(0, 20),
      bugCount: bugs.length,
      bugs: bugs
        .sort((a, b) => a.index - b.index)
        .map((b) => ({ index: b.index, class: b.cls, file: b.seed, mutations: b.ops, args: b.args, excerpt: (b.excerpt ?? '').slice(0, 400), replay: replayCommand(b.index) })),
    };
    mkdirSync(dirname(resolve(summaryFile)), { recursive: true });
    writeFileSync(summaryFile, JSON.stringify(summary, null, 2) + '\n');
  }
  process.exitCode = bugs.length || interrupted ? 1 : 0;
}

let stopping = false;
for (const sig of ['SIGTERM', 'SIGINT'] as const) {
  process.on(sig, () => {
    if (stopping) return;
    stopping = true;
    for (const w of workers) w.kill('SIGKILL');
    report(true);
    process.exit();
  });
}

void main();
