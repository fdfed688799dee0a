/**
 * The mutation sweep from the command line (after `npm run build`):
 *
 *   node dist/test/fuzz/run.js [--n 5000] [--seed 1] [--jobs 2] [--start 0] [--only I,J] [--show [--class C] [--text]] [--extra DIR]
 *                              [--max-bytes 60000] [--save DIR] [--pipeline 0..4]
 *
 * Prints a count per outcome class and, per BUG class, a few examples with the replay index. `--only` replays
 * single mutants (with `--show`, their text and output); `--save DIR` writes each BUG mutant there.
 * Exit status 1 when any BUG was found.
 */
import { mkdirSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fork } from 'node:child_process';
import { withGenericForms } from './exec.js';
import { classify, loadCorpus, makeMutant, outcomeClass, type RunRecord } from './mutate.js';

/**
 * A run that takes this long (wall clock) is killed and reported as a hang; runs over TIME_LIMIT_MS of CPU time
 * (and 4x the unmutated file's) are already BUGs. Generous, since a loaded machine stretches wall time.
 */
const HARD_LIMIT_MS = 120_000;

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i < 0 ? undefined : (process.argv[i + 1] ?? '');
}

function repoRoot(): string {
  let d = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(d, 'package.json')) || d.endsWith('dist')) d = dirname(d);
  return d;
}

const root = repoRoot();
const n = Number(arg('n') ?? 1000);
const seed = Number(arg('seed') ?? 1);
const start = Number(arg('start') ?? 0);
const jobs = Number(arg('jobs') ?? 2);
const show = process.argv.includes('--show');
/** With --show, only mutants of this outcome class. */
const showClass = arg('class');
const save = arg('save');
const shared = resolve(root, arg('shared') ?? '../shared');
const extraDefault = join(root, '.golden-out', 'corpus-extra');
const extra = arg('extra') ?? (existsSync(extraDefault) ? extraDefault : undefined);
const corpusOpts = { maxBytes: Number(arg('max-bytes') ?? 60_000) };
const only = arg('only');
/** Run every mutant through one of the five sweep pipelines (mutate.ts PIPELINES) instead of its file's own passes. */
const pipeline = arg('pipeline') === undefined ? undefined : Number(arg('pipeline'));
const indices = only ? only.split(',').map(Number) : Array.from({ length: n }, (_, i) => start + i);

const corpus = withGenericForms(loadCorpus(shared, extra, corpusOpts), 4);
const workerFile = join(dirname(fileURLToPath(import.meta.url)), 'worker.js');
const counts = new Map<string, number>();
const examples = new Map<string, string[]>();

function record(index: number, rec: RunRecord): void {
  const o = classify(rec);
  const cls = outcomeClass(o);
  counts.set(cls, (counts.get(cls) ?? 0) + 1);
  const m = makeMutant(corpus, seed, index, pipeline);
  if (o.kind === 'bug') {
    const ex = examples.get(cls) ?? [];
    if (ex.length < 5) ex.push(`#${index} ${m.seed} ${m.ops.join(' ')} [${m.args.join(' ')}]\n      ${o.excerpt.split('\n')[0]}`);
    examples.set(cls, ex);
    if (save) {
      mkdirSync(save, { recursive: true });
      writeFileSync(join(save, `${cls.replace(/[^\w-]/g, '_')}-${index}.mlir`), `// ${m.seed} ${m.ops.join(' ')}\n// args: ${m.args.join(' ')}\n${m.text}`);
    }
  }
  if (show && (showClass === undefined || showClass === cls)) {
    process.stdout.write(`==== #${index} ${m.seed} ${m.ops.join(' ')} [${m.args.join(' ')}] -> ${cls} exit ${rec.exitCode} ${Math.round(rec.ms)} ms\n`);
    process.stdout.write(rec.stderr.slice(0, 3000) + (rec.thrown ?? '') + '\n');
    if (process.argv.includes('--text')) process.stdout.write(m.text + '\n');
  }
}

async function main(): Promise<void> {
  const queue = [...indices];
  const t0 = performance.now();
  let done = 0;
  const runWorker = async (): Promise<void> => {
    while (queue.length) {
      await new Promise<void>((resolveWorker) => {
        const w = fork(workerFile, [JSON.stringify({ shared, extra, seed, corpus: corpusOpts, pipeline })], { execArgv: ['--max-old-space-size=3072'], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
        let current: number | undefined;
        let timer: NodeJS.Timeout | undefined;
        let started = 0;
        const next = (): void => {
          current = queue.shift();
          if (current === undefined) {
            w.kill();
            return;
          }
          started = performance.now();
          timer = setTimeout(() => {
            record(current!, { exitCode: -1, stdout: '', stderr: '', ms: HARD_LIMIT_MS, thrown: `hang: killed after ${HARD_LIMIT_MS / 1000} s` });
            current = undefined;
            w.kill('SIGKILL');
          }, HARD_LIMIT_MS);
          w.send(current);
        };
        w.on('message', (msg: { ready?: number; index?: number; rec?: RunRecord }) => {
          if (msg.ready !== undefined) return next();
          clearTimeout(timer);
          record(msg.index!, msg.rec!);
          if (++done % 250 === 0) process.stderr.write(`${done}/${indices.length} (${((performance.now() - t0) / 1000).toFixed(0)} s)\n`);
          next();
        });
        w.on('exit', (code, signal) => {
          clearTimeout(timer);
          // Died on its own (out of memory, a native crash): that run is a BUG.
          if (current !== undefined) record(current, { exitCode: -1, stdout: '', stderr: '', ms: performance.now() - started, thrown: `worker died: ${signal ?? `exit ${code}`}` });
          resolveWorker();
        });
      });
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, jobs) }, runWorker));
  const total = [...counts.values()].reduce((a, b) => a + b, 0);
  process.stdout.write(`mutations: ${total} (seed ${seed}, corpus ${corpus.length} files, ${((performance.now() - t0) / 1000).toFixed(0)} s)\n`);
  for (const [cls, c] of [...counts].sort((a, b) => b[1] - a[1])) process.stdout.write(`  ${cls.padEnd(48)} ${c}\n`);
  let bugs = 0;
  for (const [cls, ex] of examples) {
    bugs += counts.get(cls) ?? 0;
    process.stdout.write(`BUG ${cls} (${counts.get(cls)}):\n    ${ex.join('\n    ')}\n`);
  }
  process.stdout.write(`BUGs: ${bugs}\n`);
  process.exitCode = bugs ? 1 : 0;
}

void main();
