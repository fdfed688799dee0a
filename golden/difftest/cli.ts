/**
 * `npm run difftest -- --kind layouts|passes|kernels [--n N] [--seed S] [--jobs J] [--out DIR] [--no-minimize]
 *                     [--pipeline-dir DIR] [--time-limit SECONDS]`
 *
 * Differential testing of ttg-opt against live Triton 3.6 on the CPU (scripts/oracle/difftest_oracle.py, one
 * Python process per job). Writes DIR/summary.json (inputs, outcomes, divergence classes, time) and one reproducer
 * folder per divergence (DIR/<kind>/<index>/: input files + command.txt). Exit status 1 when a divergence was found,
 * 2 when no Triton 3.6 Python is available.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { unpackPipelineBundle } from '../pipeline-bundle.js';
import { kernelCase } from './kernels.js';
import { layoutCase } from './layouts.js';
import { loadStageSeeds, type StageSeed } from './mutate-stage.js';
import { findTritonPython, Oracle } from './oracle.js';
import { passCase } from './passes.js';
import type { CaseResult, KindContext, Outcome } from './types.js';

export const KINDS = ['layouts', 'passes', 'kernels'] as const;
export type Kind = (typeof KINDS)[number];

export interface DifftestOptions {
  kind: Kind;
  n: number;
  seed: number;
  jobs: number;
  out: string;
  minimize: boolean;
  pipelineDir: string;
  /** Stop starting new cases after this many seconds. */
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
  divergences: DivergenceRecord[];
  crashes: DivergenceRecord[];
  unsupported: Record<string, number>;
  /** kernels: replay verdicts over all compared pass runs. */
  steps: Record<string, number>;
  seconds: number;
  python: string;
}

/** The repository root: the nearest folder above this file that holds the oracle script. */
export function repoRoot(): string {
  let d = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    if (existsSync(join(d, 'scripts', 'oracle', 'difftest_oracle.py'))) return d;
    d = dirname(d);
  }
  return process.cwd();
}

/** TTG_PIPELINE_DIR, else the bundled copy of the real-pipeline corpus (golden/pipeline), unpacked once. */
export function defaultPipelineDir(): string {
  const env = process.env['TTG_PIPELINE_DIR'];
  if (env) return env;
  return unpackPipelineBundle();
}

export async function runDifftest(o: DifftestOptions, python: string): Promise<DifftestSummary> {
  const root = repoRoot();
  const t0 = Date.now();
  const oracles = Array.from({ length: o.jobs }, () => new Oracle(python, root));
  let seeds: StageSeed[] = [];
  if (o.kind === 'passes') {
    seeds = loadStageSeeds(o.pipelineDir);
    if (!seeds.length) throw new Error(`no pipeline corpus at ${o.pipelineDir}`);
  }
  const s: DifftestSummary = {
    kind: o.kind, seed: o.seed, jobs: o.jobs, inputs: 0,
    counts: { same: 0, divergence: 0, 'triton-crash': 0, rejected: 0, unsupported: 0 },
    divergenceClasses: {}, divergences: [], crashes: [], unsupported: {}, steps: {}, seconds: 0, python,
  };
  const save = (index: number, r: CaseResult): string | undefined => {
    if (!r.files) return undefined;
    const dir = join(o.out, o.kind, String(index));
    mkdirSync(dir, { recursive: true });
    for (const [name, text] of Object.entries(r.files)) writeFileSync(join(dir, name), text);
    writeFileSync(join(dir, 'command.txt'), (r.command ?? '') + '\n');
    return dir;
  };
  let next = 0;
  const worker = async (oracle: Oracle): Promise<void> => {
    const ctx: KindContext = { oracle, root, seed: o.seed, minimize: o.minimize };
    for (;;) {
      if (o.timeLimit !== undefined && (Date.now() - t0) / 1000 > o.timeLimit) return;
      const i = next++;
      if (i >= o.n) return;
      let r: CaseResult;
      try {
        r = o.kind === 'layouts' ? await layoutCase(ctx, i) : o.kind === 'passes' ? await passCase(ctx, seeds, i) : await kernelCase(ctx, i);
      } catch (e) {
        r = { outcome: 'divergence', cls: `${o.kind}: harness error`, detail: e instanceof Error ? e.message : String(e) };
      }
      s.inputs++;
      for (const [k, v] of Object.entries(r.steps ?? {})) s.steps[k] = (s.steps[k] ?? 0) + v;
      s.counts[r.outcome]++;
      if (r.outcome === 'divergence' || r.outcome === 'triton-crash') {
        const cls = r.cls ?? r.outcome;
        s.divergenceClasses[cls] = (s.divergenceClasses[cls] ?? 0) + 1;
        // keep the first few reproducers of each class
        const dir = s.divergenceClasses[cls]! <= 3 ? save(i, r) : undefined;
        const rec: DivergenceRecord = { index: i, cls, ...(r.detail ? { detail: r.detail.slice(0, 400) } : {}), ...(dir ? { dir } : {}), ...(r.command ? { command: r.command } : {}) };
        (r.outcome === 'divergence' ? s.divergences : s.crashes).push(rec);
        o.log?.(`${o.kind} #${i}: ${r.outcome} ${cls} ${r.detail?.slice(0, 200) ?? ''}`);
      } else if (r.outcome === 'unsupported') {
        const cls = r.cls ?? 'unsupported';
        s.unsupported[cls] = (s.unsupported[cls] ?? 0) + 1;
      }
      if (s.inputs % 50 === 0) o.log?.(`${o.kind}: ${s.inputs} done ${JSON.stringify(s.counts)}`);
    }
  };
  await Promise.all(oracles.map(worker));
  for (const x of oracles) x.close();
  s.seconds = Math.round((Date.now() - t0) / 100) / 10;
  mkdirSync(o.out, { recursive: true });
  writeFileSync(join(o.out, `summary-${o.kind}.json`), JSON.stringify(s, null, 1) + '\n');
  return s;
}

function arg(argv: readonly string[], name: string): string | undefined {
  const i = argv.indexOf(`--${name}`);
  return i < 0 ? undefined : argv[i + 1];
}

export async function main(argv: readonly string[]): Promise<number> {
  const kind = arg(argv, 'kind') as Kind | undefined;
  if (!kind || !KINDS.includes(kind)) {
    process.stderr.write(`difftest: --kind must be one of ${KINDS.join(', ')}\n`);
    return 2;
  }
  const root = repoRoot();
  const py = findTritonPython(root);
  if (!py.python) {
    process.stderr.write(`difftest: skipped: ${py.why}\n`);
    return 2;
  }
  const tl = arg(argv, 'time-limit');
  const opts: DifftestOptions = {
    kind,
    n: Number(arg(argv, 'n') ?? 100),
    seed: Number(arg(argv, 'seed') ?? 1),
    jobs: Math.max(1, Number(arg(argv, 'jobs') ?? 1)),
    out: resolve(arg(argv, 'out') ?? 'difftest-results'),
    minimize: !argv.includes('--no-minimize'),
    pipelineDir: arg(argv, 'pipeline-dir') ?? (kind === 'passes' ? defaultPipelineDir() : ''),
    ...(tl ? { timeLimit: Number(tl) } : {}),
    log: (l) => process.stderr.write(l + '\n'),
  };
  const s = await runDifftest(opts, py.python);
  process.stdout.write(
    `${s.kind}: ${s.inputs} inputs in ${s.seconds}s: ${Object.entries(s.counts).map(([k, v]) => `${k} ${v}`).join(', ')}\n` +
      Object.entries(s.divergenceClasses).map(([k, v]) => `  ${v}x ${k}\n`).join('') +
      (Object.keys(s.steps).length ? `  pass runs: ${JSON.stringify(s.steps)}\n` : '') +
      `summary: ${join(opts.out, `summary-${s.kind}.json`)}\n`,
  );
  return s.counts.divergence > 0 ? 1 : 0;
}

const isMain = process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (e: unknown) => {
      process.stderr.write(`difftest: ${e instanceof Error ? e.message : String(e)}\n`);
      process.exit(2);
    },
  );
}
