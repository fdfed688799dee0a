// `ttg-golden pipeline`: Triton 3.6's real CUDA pipeline (make_ttgir + make_llir, every pass, 224 cases), stage by
// stage. Each stage up to convert-triton-gpu-to-llvm (exclusive) runs our driver, in process, with the stage's flag
// on the previous stage's file (the first on 00-ttir.mlir) and must print Triton's text exactly; a stage Triton
// left unchanged must leave the text unchanged. As in the `passes` mode, a per-file mismatch is retried as the
// oracle ran it (00-ttir.mlir through every flag up to the stage in one module: use-list order is not in the
// text; --no-retry turns this off). `--chain` instead runs 00-ttir.mlir through all the TTGIR flags in one run
// per case and compares the last TTGIR stage. Input: the bundled archive (golden/pipeline-bundle.ts), or --dir
// for an unpacked pipeline/ folder.
import { existsSync, readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { clip, formatTable, type GoldenResult, loadRunOpt, normalizeEnd, pct, readText, type RunOptFn, summaryLine, unifiedDiff } from './common.js';
import { type PassCheck, runPassCheck } from './passes.js';
import { diskFolder } from './ground-truth.js';
import { type PipelineMeta, type PipelineStage, unpackPipelineBundle } from './pipeline-bundle.js';

/** The first make_llir pass whose output the archive does not keep. */
const LOWERING_PASS = 'convert-triton-gpu-to-llvm';
export const CHAIN_GROUP = 'chain (00-ttir -> last TTGIR)';

export interface PipelineOptions {
  /** An unpacked pipeline/ folder (default: the bundled archive). */
  dir?: string;
  /** Only cases whose name contains this string (or one of these comma-separated strings). */
  caseFilter?: string;
  /** Only stages of this pass (its name, e.g. canonicalize, or its flag). */
  pass?: string;
  /** One run per case from 00-ttir.mlir through every TTGIR flag, compared with the last TTGIR stage. */
  chain?: boolean;
  /** Retry a per-file mismatch along the oracle's route from 00-ttir.mlir (default true). */
  retry?: boolean;
  diff?: boolean;
  maxDiffs?: number;
  verbose?: boolean;
  /** Use this driver instead of tools/opt-main.ts (tests). */
  runOpt?: RunOptFn;
}

/** A pipeline check: a PassCheck plus whether Triton's pass changed the text. */
export interface PipelineCheck extends PassCheck {
  changed: boolean;
}

/** The stages the archive keeps text for: every stage before the lowering. */
export function ttgirStages(meta: PipelineMeta): PipelineStage[] {
  const out: PipelineStage[] = [];
  for (const s of meta.stages) {
    if (s.pass === LOWERING_PASS || s.file === null) break;
    out.push(s);
  }
  return out;
}

function passMatches(s: PipelineStage, filter: string): boolean {
  const f = filter.replace(/^--/, '');
  return s.pass === f || s.flag.replace(/^--/, '') === f || s.flag.replace(/^--/, '').split('=')[0] === f;
}

export function pipelineCases(dir: string, caseFilter?: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(dir, d.name, 'meta.json')))
    .map((d) => d.name)
    .filter((c) => caseFilter === undefined || caseFilter.split(',').some((f) => c.includes(f)))
    .sort();
}

/** Every check of the pipeline folder `dir`, in case and stage order. */
export function pipelineChecks(dir: string, opts: { caseFilter?: string; pass?: string; chain?: boolean } = {}): PipelineCheck[] {
  const checks: PipelineCheck[] = [];
  // The checks name absolute paths: read them from the file system's root.
  const tree = diskFolder('/');
  for (const c of pipelineCases(dir, opts.caseFilter)) {
    const caseDir = join(dir, c);
    const meta = JSON.parse(readText(join(caseDir, 'meta.json'))) as PipelineMeta;
    const ttir = join(caseDir, '00-ttir.mlir');
    const stages = ttgirStages(meta);
    if (opts.chain) {
      const last = stages.at(-1);
      if (last?.file) {
        checks.push({ caseName: c, group: CHAIN_GROUP, tree, input: ttir, expected: join(caseDir, last.file), args: stages.map((s) => s.flag), changed: true });
      }
      continue;
    }
    let prev = ttir;
    const flags: string[] = [];
    for (const s of stages) {
      const expected = join(caseDir, s.file!);
      if (opts.pass === undefined || passMatches(s, opts.pass)) {
        const chain = flags.length > 0 ? [ttir, ...flags, s.flag] : undefined;
        checks.push({ caseName: c, group: s.pass, tree, input: prev, expected, args: [s.flag], changed: s.unchanged !== true, ...(chain ? { chain } : {}) });
      }
      flags.push(s.flag);
      prev = expected;
    }
  }
  return checks;
}

interface Row {
  passed: number;
  total: number;
  changedPassed: number;
  changedTotal: number;
  ms: number;
  firstFailure?: string;
}

export async function runPipelineGolden(opts: PipelineOptions = {}): Promise<GoldenResult> {
  const dir = opts.dir ?? unpackPipelineBundle();
  const runOpt = opts.runOpt ?? (await loadRunOpt());
  const checks = pipelineChecks(dir, opts);
  const rows = new Map<string, Row>();
  const failures: string[] = [];
  const retried: string[] = [];
  const diffs: string[] = [];
  const maxDiffs = opts.maxDiffs ?? 3;
  let passed = 0;
  let failed = 0;
  for (const c of checks) {
    let row = rows.get(c.group);
    if (!row) rows.set(c.group, (row = { passed: 0, total: 0, changedPassed: 0, changedTotal: 0, ms: 0 }));
    const out = await runPassCheck(c, runOpt, opts.retry !== false && !opts.chain);
    row.total++;
    row.ms += out.ms;
    if (c.changed) row.changedTotal++;
    const where = `${c.caseName}/${c.changed ? basename(c.expected) : `${c.group} (unchanged ${basename(c.expected)})`}`;
    if (out.ok) {
      row.passed++;
      if (c.changed) row.changedPassed++;
      passed++;
      if (out.chained) retried.push(where);
      continue;
    }
    failed++;
    row.firstFailure ??= `${c.caseName}: ${out.reason ?? ''}`;
    failures.push(`${where}: ${out.reason ?? ''}`);
    if (opts.diff && out.actual !== undefined && diffs.length < maxDiffs) {
      diffs.push(unifiedDiff(where, normalizeEnd(out.expectedText), normalizeEnd(out.actual)));
    }
  }
  const table = [...rows.entries()].map(([name, r]) => [
    name,
    `${r.passed}/${r.total}`,
    pct(r.passed, r.total),
    `${r.changedPassed}/${r.changedTotal}`,
    r.total > 0 ? (r.ms / r.total).toFixed(1) : '-',
    clip(r.firstFailure ?? '', 100),
  ]);
  table.push(['overall', `${passed}/${passed + failed}`, pct(passed, passed + failed), '', '', '']);
  let report = `Triton 3.6's CUDA pipeline, ${opts.chain ? 'whole TTGIR chain per case' : 'stage by stage'}, on ${opts.dir ?? 'the bundled archive'} (${pipelineCases(dir, opts.caseFilter).length} cases)\n`;
  report += formatTable(['pass', 'matched', '%', 'changed', 'ms/run', 'first failure'], table);
  report += '(changed: of the stages where Triton changed the text)\n';
  if (retried.length > 0) {
    report += `\n${retried.length} matched only as the oracle ran them (one module from 00-ttir.mlir; --no-retry to count them as failures)\n`;
    if (opts.verbose) report += retried.map((f) => `  ${clip(f, 220)}\n`).join('');
  }
  if (opts.verbose && failures.length > 0) report += '\nFailures:\n' + failures.map((f) => `  ${clip(f, 220)}\n`).join('');
  for (const d of diffs) report += '\n' + d;
  report += summaryLine(passed, failed) + '\n';
  return { passed, failed, report };
}
