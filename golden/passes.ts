// `ttg-golden passes`: for every corpus case and every stage of its meta.json, run our opt driver with the stage's
// flag on the previous stage file (stage 01 on 00-ttir.mlir) and compare with the stage file (exact text, trailing
// newlines aside). With --llvm (default) the lowering pipeline of meta.json `llvm.after` is also run on the last
// stage file and compared with llvm.mlir.
import { existsSync, readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import {
  clip,
  defaultCorpusDir,
  firstDifference,
  firstLine,
  formatTable,
  type GoldenResult,
  loadRunOpt,
  normalizeEnd,
  notImplementedReason,
  pct,
  readText,
  type RunOptFn,
  summaryLine,
  unifiedDiff,
} from './common.js';
import { resolveCorpusArg } from './extra-corpus.js';

export interface CorpusStage {
  file: string;
  pass: string;
  flag: string;
}

export interface CorpusMeta {
  kernel: string;
  capability: number;
  num_warps: number;
  ptx_version: number;
  stages: CorpusStage[];
  llvm?: { file: string; after: string[] };
}

export interface PassesOptions {
  dir?: string;
  /** Only cases whose directory name contains this string. */
  caseFilter?: string;
  /** Only stages of this pass (`llvm` for the lowering pipeline). */
  pass?: string;
  diff?: boolean;
  maxDiffs?: number;
  verbose?: boolean;
  /** Also check llvm.mlir (default true). */
  llvm?: boolean;
  /** Use this driver instead of tools/opt-main.ts (tests). */
  runOpt?: RunOptFn;
}

/** One check: a pass (or pipeline) applied to an input file, compared with an expected file. */
export interface PassCheck {
  caseName: string;
  /** The row it is counted under: the pass name, or `llvm (pipeline)`. */
  group: string;
  input: string;
  expected: string;
  args: string[];
}

/** The flags of the lowering pipeline that produced llvm.mlir from the last stage (as export_corpus.py spells them). */
export function llvmPipelineFlags(meta: CorpusMeta): string[] {
  const cap = meta.capability;
  const ptx = meta.ptx_version;
  return (meta.llvm?.after ?? []).map((p) => {
    if (p === 'convert-triton-gpu-to-llvm') return `--convert-triton-gpu-to-llvm=compute-capability=${cap} ptx-version=${ptx}`;
    if (p === 'allocate-shared-memory') return `--allocate-shared-memory-nv=compute-capability=${cap} ptx-version=${ptx}`;
    return `--${p}`;
  });
}

export const LLVM_GROUP = 'llvm (pipeline)';

/** Every check of the corpus under `dir`, in case and stage order. */
export function corpusPassChecks(dir: string, opts: { caseFilter?: string; pass?: string; llvm?: boolean } = {}): PassCheck[] {
  const checks: PassCheck[] = [];
  const cases = readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(dir, d.name, 'meta.json')))
    .map((d) => d.name)
    .sort();
  for (const c of cases) {
    if (opts.caseFilter !== undefined && !c.includes(opts.caseFilter)) continue;
    const caseDir = join(dir, c);
    const meta = JSON.parse(readText(join(caseDir, 'meta.json'))) as CorpusMeta;
    let prev = join(caseDir, '00-ttir.mlir');
    for (const s of meta.stages) {
      const expected = join(caseDir, s.file);
      if (opts.pass === undefined || opts.pass === s.pass) checks.push({ caseName: c, group: s.pass, input: prev, expected, args: [s.flag] });
      prev = expected;
    }
    const wantLlvm = opts.llvm !== false && (opts.pass === undefined || opts.pass === 'llvm' || opts.pass === LLVM_GROUP);
    if (wantLlvm && meta.llvm && existsSync(join(caseDir, meta.llvm.file))) {
      checks.push({ caseName: c, group: LLVM_GROUP, input: prev, expected: join(caseDir, meta.llvm.file), args: llvmPipelineFlags(meta) });
    }
  }
  return checks;
}

export interface PassCheckOutcome {
  ok: boolean;
  reason?: string;
  expectedText: string;
  actual?: string;
  ms: number;
}

export async function runPassCheck(check: PassCheck, runOpt: RunOptFn | undefined): Promise<PassCheckOutcome> {
  const expectedText = readText(check.expected);
  if (!runOpt) return { ok: false, reason: 'not implemented (no opt driver: tools/opt-main.ts)', expectedText, ms: 0 };
  const t0 = performance.now();
  let r;
  try {
    r = await runOpt([check.input, ...check.args]);
  } catch (e) {
    return { ok: false, reason: `driver threw: ${firstLine(e instanceof Error ? e.message : String(e))}`, expectedText, ms: performance.now() - t0 };
  }
  const ms = performance.now() - t0;
  if (r.exitCode !== 0) {
    const msg = firstLine(r.stderr) || `exit code ${r.exitCode}`;
    return { ok: false, reason: notImplementedReason(r.stderr) ?? `failed: ${msg}`, expectedText, ms };
  }
  const want = normalizeEnd(expectedText);
  const got = normalizeEnd(r.stdout);
  if (want === got) return { ok: true, expectedText, actual: r.stdout, ms };
  return { ok: false, reason: `mismatch: ${firstDifference(want, got)}`, expectedText, actual: r.stdout, ms };
}

interface GroupStats {
  passed: number;
  total: number;
  ms: number;
  notImplemented: number;
  firstFailure?: string;
  firstReason?: string;
}

export async function runPassesGolden(opts: PassesOptions = {}): Promise<GoldenResult> {
  const dir = resolveCorpusArg(opts.dir, defaultCorpusDir);
  const runOpt = opts.runOpt ?? (await loadRunOpt());
  const checks = corpusPassChecks(dir, opts);
  const groups = new Map<string, GroupStats>();
  const failures: string[] = [];
  const diffs: string[] = [];
  const maxDiffs = opts.maxDiffs ?? 3;
  let passed = 0;
  let failed = 0;
  for (const c of checks) {
    let g = groups.get(c.group);
    if (!g) groups.set(c.group, (g = { passed: 0, total: 0, ms: 0, notImplemented: 0 }));
    const out = await runPassCheck(c, runOpt);
    g.total++;
    g.ms += out.ms;
    if (out.ok) {
      g.passed++;
      passed++;
      continue;
    }
    failed++;
    if (out.reason?.startsWith('not implemented')) g.notImplemented++;
    g.firstFailure ??= `${c.caseName}: ${out.reason ?? ''}`;
    g.firstReason ??= out.reason ?? '';
    failures.push(`${c.caseName}/${basename(c.expected)}: ${out.reason ?? ''}`);
    if (opts.diff && out.actual !== undefined && diffs.length < maxDiffs) {
      diffs.push(unifiedDiff(`${c.caseName}/${basename(c.expected)}`, normalizeEnd(out.expectedText), normalizeEnd(out.actual)));
    }
  }
  const rows = [...groups.entries()].map(([name, g]) => [
    name,
    `${g.passed}/${g.total}`,
    pct(g.passed, g.total),
    g.total > 0 ? (g.ms / g.total).toFixed(1) : '-',
    clip(g.notImplemented === g.total && g.total > 0 ? (g.firstReason ?? '') : (g.firstFailure ?? ''), 110),
  ]);
  rows.push(['overall', `${passed}/${passed + failed}`, pct(passed, passed + failed), '', '']);
  let report = `Pass-by-pass conformance on the corpus under ${dir}${runOpt ? '' : ' (no opt driver yet)'}\n`;
  report += formatTable(['pass', 'matched', '%', 'ms/run', 'first failure'], rows);
  if (opts.verbose && failures.length > 0) report += '\nFailures:\n' + failures.map((f) => `  ${clip(f, 220)}\n`).join('');
  for (const d of diffs) report += '\n' + d;
  report += summaryLine(passed, failed) + '\n';
  return { passed, failed, report };
}
