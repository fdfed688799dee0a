/**
 * `npm run difftest -- --kind layouts|conversions|passes|kernels [--n N] [--seed S] [--jobs J] [--out DIR]
 *                     [--summary FILE] [--no-minimize] [--pipeline-dir DIR] [--time-limit SECONDS]`
 *
 * Differential testing of ttg-opt against live Triton 3.6 on the CPU (scripts/oracle/difftest_oracle.py, one
 * Python process per job; run.ts). Writes the summary (FILE, default DIR/summary-<kind>.json: inputs, outcomes,
 * divergence classes, time, cases/s) and reproducer folders (DIR/<kind>/<index>/: input files + command.txt).
 * Exit status 1 when a divergence was found, 2 when no Triton 3.6 Python is available.
 */
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { unpackPipelineBundle } from '../pipeline-bundle.js';
import { KINDS, type Kind } from './batch.js';
import { findTritonPython } from './oracle.js';
import { repoRootOf, runDifftest, type DifftestOptions } from './run.js';

export { KINDS, type Kind } from './batch.js';
export { runDifftest, type DifftestOptions, type DifftestSummary, type DivergenceRecord } from './run.js';

/** The repository root: the nearest folder above this file that holds the oracle script. */
export function repoRoot(): string {
  return repoRootOf();
}

/** TTG_PIPELINE_DIR, else the bundled copy of the real-pipeline corpus (golden/pipeline), unpacked once. */
export function defaultPipelineDir(): string {
  const env = process.env['TTG_PIPELINE_DIR'];
  if (env) return env;
  return unpackPipelineBundle();
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
  const summary = arg(argv, 'summary');
  const opts: DifftestOptions = {
    kind,
    n: Number(arg(argv, 'n') ?? 100),
    seed: Number(arg(argv, 'seed') ?? 1),
    jobs: Math.max(1, Number(arg(argv, 'jobs') ?? 1)),
    out: resolve(arg(argv, 'out') ?? 'difftest-results'),
    ...(summary ? { summary: resolve(summary) } : {}),
    minimize: !argv.includes('--no-minimize'),
    pipelineDir: arg(argv, 'pipeline-dir') ?? (kind === 'passes' ? defaultPipelineDir() : ''),
    ...(tl ? { timeLimit: Number(tl) } : {}),
    log: (l) => process.stderr.write(l + '\n'),
  };
  const s = await runDifftest(opts, py.python);
  process.stdout.write(
    `${s.kind}: ${s.inputs} inputs in ${s.seconds}s (${s.rate}/s, ${s.ratePerJob}/s per job; CPU: ttg-opt ${s.cpuSeconds.node}s, Triton ${s.cpuSeconds.python}s, ${s.casesPerCpuSecond} cases per CPU second): ${Object.entries(s.counts).map(([k, v]) => `${k} ${v}`).join(', ')}\n` +
      Object.entries(s.divergenceClasses).map(([k, v]) => `  ${v}x ${k}\n`).join('') +
      (Object.keys(s.steps).length ? `  steps: ${JSON.stringify(s.steps)}\n` : '') +
      `summary: ${opts.summary ?? join(opts.out, `summary-${s.kind}.json`)}\n`,
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
