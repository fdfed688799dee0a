// `ttg-golden passes`: for every corpus case and every stage of its meta.json, run our opt driver with the stage's
// flag on the previous stage file (stage 01 on 00-ttir.mlir) and compare with the stage file (exact text, trailing
// newlines aside). With --llvm (opt-in, or `--pass llvm`) the lowering pipeline of meta.json `llvm.after` is also
// run on the last stage file and compared with llvm.mlir: exact LLVM text is not a target (our lowering orders and
// names values differently; the toolchain and GPU checks are the criteria), so it is left out of the default count.
//
// The oracle (shared/oracle/kernels.py run_stages) made every stage file from ONE in-memory module, pass after
// pass. Some state of that module is not in its text, chiefly the order of use lists (a replaceAllUsesWith in an
// earlier pass reverses it, re-parsing gives newest-use-first), and passes that walk uses depend on it
// (remove-layout-conversions' forward propagation picks the first layout to reach a value). So when the
// per-file run of a stage differs, the check is retried as the oracle ran it: 00-ttir.mlir through every stage
// flag up to this one in one driver run; a match there is counted, and reported as such (--no-chain turns this
// off). The llvm.mlir check is not retried (a whole-pipeline run per case, and its text is not yet Triton's).
import { basename } from 'node:path';
import {
  clip,
  firstDifference,
  firstLine,
  formatTable,
  type GoldenResult,
  loadRunOpt,
  normalizeEnd,
  notImplementedReason,
  pct,
  type RunOptFn,
  summaryLine,
  unifiedDiff,
} from './common.js';
import { unpackExtraCorpus } from './extra-corpus.js';
import { corpusTree, diskFolder, type FileTree } from './ground-truth.js';

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
  /** Also check llvm.mlir (default false; implied by `pass: 'llvm'`). */
  llvm?: boolean;
  /** Use this driver instead of tools/opt-main.ts (tests). */
  runOpt?: RunOptFn;
  /** Retry a mismatch along the oracle's in-memory route from 00-ttir.mlir (default true). */
  chain?: boolean;
}

/** One check: a pass (or pipeline) applied to an input file, compared with an expected file (paths in `tree`). */
export interface PassCheck {
  caseName: string;
  /** The row it is counted under: the pass name, or `llvm (pipeline)`. */
  group: string;
  /** The corpus the paths are in. */
  tree: FileTree;
  input: string;
  expected: string;
  args: string[];
  /** The oracle's route to `expected` (00-ttir.mlir, then every flag up to this check's), when not the same as `args`. */
  chain?: string[];
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

/** The corpus case folders of `tree` (those with a meta.json), sorted. */
export function corpusCases(tree: FileTree): string[] {
  return tree.list('').filter((d) => tree.isFile(`${d}/meta.json`));
}

/** Every check of the corpus in `corpus` (a tree, or a folder on disk), in case and stage order. */
export function corpusPassChecks(corpus: FileTree | string, opts: { caseFilter?: string; pass?: string; llvm?: boolean } = {}): PassCheck[] {
  const tree = typeof corpus === 'string' ? diskFolder(corpus) : corpus;
  const checks: PassCheck[] = [];
  for (const c of corpusCases(tree)) {
    if (opts.caseFilter !== undefined && !c.includes(opts.caseFilter)) continue;
    const caseDir = c;
    const meta = JSON.parse(tree.read(`${caseDir}/meta.json`)) as CorpusMeta;
    const ttir = `${caseDir}/00-ttir.mlir`;
    let prev = ttir;
    const flags: string[] = [];
    for (const s of meta.stages) {
      const expected = `${caseDir}/${s.file}`;
      const chain = flags.length > 0 ? [ttir, ...flags, s.flag] : undefined;
      if (opts.pass === undefined || opts.pass === s.pass) {
        checks.push({ caseName: c, group: s.pass, tree, input: prev, expected, args: [s.flag], ...(chain ? { chain } : {}) });
      }
      flags.push(s.flag);
      prev = expected;
    }
    const llvmPass = opts.pass === 'llvm' || opts.pass === LLVM_GROUP;
    const wantLlvm = llvmPass || (opts.llvm === true && opts.pass === undefined);
    if (wantLlvm && meta.llvm && tree.isFile(`${caseDir}/${meta.llvm.file}`)) {
      checks.push({ caseName: c, group: LLVM_GROUP, tree, input: prev, expected: `${caseDir}/${meta.llvm.file}`, args: llvmPipelineFlags(meta) });
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
  /** Matched only when run as the oracle ran it (check.chain), not from the previous stage file. */
  chained?: boolean;
}

/** Runs `check` from its input file; if that differs and `chain` is on, again along `check.chain`. */
export async function runPassCheck(check: PassCheck, runOpt: RunOptFn | undefined, chain = true): Promise<PassCheckOutcome> {
  const out = await runPassCheckFrom(check, check.input, check.args, runOpt);
  if (out.ok || !chain || !check.chain || !runOpt) return out;
  const [input, ...args] = check.chain;
  const again = await runPassCheckFrom(check, input!, args, runOpt);
  // The per-file time stays the row's ms/run; the report of a failure stays the per-file one.
  return again.ok ? { ...again, ms: out.ms, chained: true } : out;
}

/** Runs the driver on the text of `input` (from stdin, so the corpus need not be on disk). */
async function runPassCheckFrom(check: PassCheck, input: string, flags: string[], runOpt: RunOptFn | undefined): Promise<PassCheckOutcome> {
  const expectedText = check.tree.read(check.expected);
  if (!runOpt) return { ok: false, reason: 'not implemented (no opt driver: tools/opt-main.ts)', expectedText, ms: 0 };
  const t0 = performance.now();
  let r;
  try {
    r = await runOpt(['-', ...flags], check.tree.read(input));
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
  const tree = corpusTree(opts.dir, unpackExtraCorpus);
  const runOpt = opts.runOpt ?? (await loadRunOpt());
  const checks = corpusPassChecks(tree, opts);
  const groups = new Map<string, GroupStats>();
  const failures: string[] = [];
  const chainedOnly: string[] = [];
  const diffs: string[] = [];
  const maxDiffs = opts.maxDiffs ?? 3;
  let passed = 0;
  let failed = 0;
  for (const c of checks) {
    let g = groups.get(c.group);
    if (!g) groups.set(c.group, (g = { passed: 0, total: 0, ms: 0, notImplemented: 0 }));
    const out = await runPassCheck(c, runOpt, opts.chain !== false);
    g.total++;
    g.ms += out.ms;
    if (out.ok) {
      g.passed++;
      passed++;
      if (out.chained) chainedOnly.push(`${c.caseName}/${basename(c.expected)}`);
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
  let report = `Pass-by-pass conformance on the corpus in ${tree.origin}${runOpt ? '' : ' (no opt driver yet)'}\n`;
  report += formatTable(['pass', 'matched', '%', 'ms/run', 'first failure'], rows);
  if (chainedOnly.length > 0) {
    report += `\n${chainedOnly.length} matched only as the oracle ran them (one module from 00-ttir.mlir: state such as use-list order that the previous stage file cannot carry; --no-chain to count them as failures)\n`;
    if (opts.verbose) report += chainedOnly.map((f) => `  ${clip(f, 220)}\n`).join('');
  }
  if (opts.verbose && failures.length > 0) report += '\nFailures:\n' + failures.map((f) => `  ${clip(f, 220)}\n`).join('');
  for (const d of diffs) report += '\n' + d;
  report += summaryLine(passed, failed) + '\n';
  return { passed, failed, report };
}
