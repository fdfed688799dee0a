/**
 * Replays a Triton `MLIR_ENABLE_DUMP=1` log through ttg-opt, pass by pass: each module-level dump is the IR a pass
 * was given, and the next module-level dump is what that pass produced. ttg-opt runs the same pass (Triton's flag,
 * with the options Triton's backend uses for the module's target, warps and stages) on the "before" IR and the
 * result is compared with Triton's "after".
 *
 * Comparison: by default both sides are printed by ttg-opt without locations (Triton's dump re-read and printed
 * again), so only the IR counts; with `debuginfo` ours is printed as Triton prints its dumps (locations, NameLoc
 * names as SSA names) and compared with the dump's text as it is.
 *
 * Function-level dumps (passes nested on `tt.func`, e.g. the inliner's canonicalizations) show one function, not
 * the module the next pass sees: they are listed as skipped.
 */
import { createTwoFilesPatch } from 'diff';
import '../passes.js';
import { getPass } from '../../transforms/pass.js';
import { runOptSync } from '../opt-main.js';
import type { PassDump } from './dump-log.js';
import { optionVarsOf, PASS_OPTIONS, passArgument, type PipelineVars } from './triton-pipeline.js';

export type ReplayVerdict = 'same' | 'differs' | 'not-in-ttg-opt' | 'ours-failed' | 'unreadable' | 'skipped';

export interface ReplayStep {
  /** The dump this pass started from. */
  index: number;
  className: string;
  flag: string;
  /** The argument ttg-opt ran (`--tritongpu-pipeline=num-stages=3 ...`), when it ran. */
  argument?: string;
  verdict: ReplayVerdict;
  /** Why a pass was skipped, what failed, or which options were inferred rather than read from the IR. */
  note?: string;
  /** 1-based log lines of the "before" header and the "after" header. */
  beforeLine: number;
  afterLine?: number;
  /** For `differs`: the first differing line of Triton's after (1-based, in the compared texts) and a unified diff. */
  firstDiffLine?: number;
  diff?: string;
  /** The compared texts, kept for the HTML report. */
  before?: string;
  triton?: string;
  ours?: string;
}

export interface ReplayOptions {
  /** Compare with locations, as Triton prints its dumps. */
  debuginfo?: boolean;
  /** Only passes from the first dump of this flag (or dump index) on / up to the last dump of this flag. */
  from?: string;
  to?: string;
  /** Only the dumps of this flag. */
  only?: string;
  /** Diffs for every differing pass run (`all`) or only the first of each pass (`first`, default). */
  diff?: 'first' | 'all' | 'none';
  /** Values of compile options the log does not show; inferred (and said so) when absent. */
  numStages?: number;
  ptxVersion?: number;
  /** Keep the texts in the steps (for --html). */
  keepTexts?: boolean;
}

export interface ReplayReport {
  vars: PipelineVars;
  /** How each compile option was obtained: `read` from the IR, `given` on the command line, or `inferred` with why. */
  varSources: Record<keyof PipelineVars, string>;
  steps: ReplayStep[];
  counts: Record<ReplayVerdict, number>;
}

const MODULE_ATTRS = /^module\b[^\n]*?attributes \{([^\n]*)\}\s*\{\s*$/m;

/** The module attributes that fix a compile's options, read from a module dump (undefined where absent). */
export function readModuleVars(text: string): Partial<PipelineVars> {
  const m = MODULE_ATTRS.exec(text);
  if (!m) return {};
  const attrs = m[1]!;
  const num = (re: RegExp): number | undefined => {
    const x = re.exec(attrs);
    return x ? Number(x[1]) : undefined;
  };
  const out: Partial<PipelineVars> = {};
  const set = <K extends keyof PipelineVars>(k: K, v: number | undefined): void => {
    if (v !== undefined && Number.isFinite(v)) out[k] = v;
  };
  set('numWarps', num(/"ttg\.num-warps" = (\d+)/));
  set('numCtas', num(/"ttg\.num-ctas" = (\d+)/));
  set('threadsPerWarp', num(/"ttg\.threads-per-warp" = (\d+)/));
  set('cap', num(/ttg\.target = "cuda:(\d+)"/));
  return out;
}

/** The largest `tt.latency` the pipeliner's latency assignment put on a load: num_stages - 1 with default options. */
function latencyStages(text: string): number | undefined {
  let best: number | undefined;
  for (const m of text.matchAll(/tt\.latency = (\d+) : i32/g)) best = Math.max(best ?? 0, Number(m[1]));
  return best === undefined ? undefined : best + 1;
}

/** The compile's options, from the log's module attributes, the command line, or Triton's defaults. */
export function inferVars(dumps: readonly PassDump[], opts: ReplayOptions): { vars: PipelineVars; sources: Record<keyof PipelineVars, string> } {
  const found: Partial<PipelineVars> = {};
  const sources: Partial<Record<keyof PipelineVars, string>> = {};
  for (const d of dumps) {
    if (d.scope !== 'module') continue;
    const v = readModuleVars(d.text);
    for (const k of Object.keys(v) as (keyof PipelineVars)[]) {
      if (found[k] === undefined) {
        found[k] = v[k];
        sources[k] = `read from the module attributes (dump before ${d.flag}, line ${d.line})`;
      }
    }
  }
  const fallback = <K extends keyof PipelineVars>(k: K, value: number, why: string): void => {
    if (found[k] === undefined) {
      found[k] = value;
      sources[k] = why;
    }
  };
  fallback('numWarps', 4, 'inferred: no ttg.num-warps in the log; Triton\'s default 4');
  fallback('numCtas', 1, 'inferred: no ttg.num-ctas in the log; Triton\'s default 1');
  fallback('threadsPerWarp', 32, 'inferred: no ttg.threads-per-warp in the log; 32');
  fallback('cap', 90, 'inferred: no ttg.target in the log; assumed cuda:90');
  if (opts.numStages !== undefined) {
    found.numStages = opts.numStages;
    sources.numStages = 'given (--num-stages)';
  } else {
    const afterLatencies = dumps.find((_d, i) => i > 0 && dumps[i - 1]!.flag === 'tritongpu-assign-latencies');
    const s = afterLatencies ? latencyStages(afterLatencies.text) : undefined;
    if (s !== undefined) {
      found.numStages = s;
      sources.numStages = `inferred: the largest tt.latency after tritongpu-assign-latencies (line ${afterLatencies!.line}) + 1`;
    } else fallback('numStages', 3, "inferred: no tt.latency in the log; Triton's default num_stages=3");
  }
  if (opts.ptxVersion !== undefined) {
    found.ptxVersion = opts.ptxVersion;
    sources.ptxVersion = 'given (--ptx-version)';
  } else fallback('ptxVersion', 87, 'inferred: the IR does not record it; 87 (Triton 3.6 with its bundled ptxas)');
  return { vars: found as PipelineVars, sources: sources as Record<keyof PipelineVars, string> };
}

/** Selects the dump range of `--from` / `--to` / `--only` (a flag, or a dump index). */
function inRange(dumps: readonly PassDump[], opts: ReplayOptions): (d: PassDump) => boolean {
  const pos = (key: string | undefined, last: boolean): number | undefined => {
    if (key === undefined) return undefined;
    if (/^\d+$/.test(key)) return Number(key);
    const hits = dumps.filter((d) => d.flag === key || d.className === key);
    if (!hits.length) throw new ReplayUsageError(`no dump of a pass named '${key}' in the log`);
    return (last ? hits[hits.length - 1] : hits[0])!.index;
  };
  const from = pos(opts.from, false) ?? 0;
  const to = pos(opts.to, true) ?? Number.POSITIVE_INFINITY;
  if (opts.only !== undefined) pos(opts.only, false);
  return (d) => d.index >= from && d.index <= to && (opts.only === undefined || d.flag === opts.only || d.className === opts.only);
}

/**
 * Triton passes that run a nested pass pipeline of their own (OptimizeDotOperands runs a canonicalizer first):
 * MLIR's IR printing dumps the nested passes like top-level ones, right after the outer pass's own dump, so the
 * outer pass's result is the module dump after them.
 */
const NESTED_PIPELINES: Readonly<Record<string, readonly string[]>> = { 'tritongpu-optimize-dot-operands': ['canonicalize'] };

/** Indices of the dumps that belong to a pass's nested pipeline (not passes of the compile's own pipeline). */
export function nestedDumpIndices(dumps: readonly PassDump[]): Set<number> {
  const out = new Set<number>();
  dumps.forEach((d, i) => {
    let j = i + 1;
    for (const flag of NESTED_PIPELINES[d.flag] ?? []) {
      if (dumps[j]?.flag !== flag) break;
      out.add(j++);
    }
  });
  return out;
}

/** A request the log cannot answer (an unknown pass in --from/--to/--only). */
export class ReplayUsageError extends Error {}

const PRINT_TRITON_STYLE = ['--mlir-print-debuginfo', '--mlir-use-nameloc-as-prefix', '--keep-arg-names'];

/** Replays `dumps` (from parseDumpLog). Never throws for bad IR: each step says what happened. */
export function replay(dumps: readonly PassDump[], opts: ReplayOptions = {}): ReplayReport {
  const { vars, sources } = inferVars(dumps, opts);
  const selected = inRange(dumps, opts);
  const printArgs = opts.debuginfo ? PRINT_TRITON_STYLE : [];
  const normalized = new Map<number, { text?: string; error?: string }>();
  const tritonText = (d: PassDump): { text?: string; error?: string } => {
    let r = normalized.get(d.index);
    if (!r) {
      if (opts.debuginfo) r = { text: endOnce(d.text) };
      else {
        const run = runOptSync(['-', ...printArgs], d.text);
        r = run.exitCode === 0 ? { text: endOnce(run.stdout) } : { error: firstLineOf(run.stderr) };
      }
      normalized.set(d.index, r);
    }
    return r;
  };
  const diffShown = new Set<string>();
  const steps: ReplayStep[] = [];
  const nested = nestedDumpIndices(dumps);
  for (const d of dumps) {
    if (!selected(d)) continue;
    const base: ReplayStep = { index: d.index, className: d.className, flag: d.flag, verdict: 'skipped', beforeLine: d.line };
    if (d.scope !== 'module') {
      steps.push({ ...base, note: `function-level dump of @${clipName(d.symbol ?? d.opName)}, nested in the module pass before it` });
      continue;
    }
    if (nested.has(d.index)) {
      steps.push({ ...base, note: 'a nested pipeline of the pass before it (that pass runs it itself)' });
      continue;
    }
    const after = dumps.slice(d.index + 1).find((x) => x.scope === 'module' && !nested.has(x.index));
    if (!after) {
      steps.push({ ...base, note: 'last dump of the log: no IR after this pass to compare with' });
      continue;
    }
    base.afterLine = after.line;
    if (!getPass(d.flag)) {
      steps.push({ ...base, verdict: 'not-in-ttg-opt', note: `ttg-opt has no pass --${d.flag}` });
      continue;
    }
    const argument = passArgument(d.flag, vars);
    base.argument = argument;
    const inferred = optionVarsOf(d.flag).filter((k) => sources[k]!.startsWith('inferred'));
    const note = inferred.length ? `options inferred: ${inferred.map((k) => `${k}=${vars[k]}`).join(', ')}` : undefined;
    const expected = tritonText(after);
    if (expected.error !== undefined) {
      steps.push({ ...base, verdict: 'unreadable', note: `Triton's IR after the pass (line ${after.textLine}) does not parse: ${expected.error}` });
      continue;
    }
    const run = runOptSync(['-', argument, ...printArgs], d.text);
    if (run.exitCode !== 0) {
      const input = tritonText(d);
      const verdict = input.error !== undefined ? 'unreadable' : 'ours-failed';
      const why = input.error !== undefined ? `the dump (line ${d.textLine}) does not parse: ${input.error}` : `ttg-opt: ${firstLineOf(run.stderr)}`;
      steps.push({ ...base, verdict, note: why });
      continue;
    }
    const triton = expected.text!;
    const ours = endOnce(run.stdout);
    const step: ReplayStep = { ...base, verdict: ours === triton ? 'same' : 'differs', ...(note ? { note } : {}) };
    if (step.verdict === 'differs') {
      step.firstDiffLine = firstDifferentLine(triton, ours);
      const want = opts.diff ?? 'first';
      if (want === 'all' || (want === 'first' && !diffShown.has(d.flag))) {
        step.diff = createTwoFilesPatch(`triton (after ${d.flag}, log line ${after.line})`, `ttg-opt ${argument}`, triton, ours, undefined, undefined, { context: 3 });
        diffShown.add(d.flag);
      }
    }
    if (opts.keepTexts) {
      const before = tritonText(d);
      step.before = before.text ?? d.text;
      step.triton = triton;
      step.ours = ours;
    }
    steps.push(step);
  }
  // A pass that starts from the very dump the pass before it disagreed with differs too: the first one is the finding.
  for (let i = 1; i < steps.length; i++) {
    const prev = steps[i - 1]!;
    const cur = steps[i]!;
    if (cur.verdict === 'differs' && prev.verdict === 'differs' && prev.afterLine === cur.beforeLine) cur.note = `follows the difference of #${prev.index} ${prev.flag}` + (cur.note ? `; ${cur.note}` : '');
  }
  const counts: Record<ReplayVerdict, number> = { same: 0, differs: 0, 'not-in-ttg-opt': 0, 'ours-failed': 0, unreadable: 0, skipped: 0 };
  for (const s of steps) counts[s.verdict]++;
  return { vars, varSources: sources, steps, counts };
}

/** The text with its trailing blank lines dropped and one final newline (dumps end with blank lines). */
function endOnce(s: string): string {
  return s.trimEnd() + '\n';
}

function firstLineOf(s: string): string {
  return s.split('\n').find((l) => l.trim() !== '')?.trim() ?? '(no message)';
}

function clipName(s: string): string {
  return s.length > 40 ? s.slice(0, 37) + '...' : s;
}

function firstDifferentLine(a: string, b: string): number {
  const x = a.split('\n');
  const y = b.split('\n');
  for (let i = 0; i < Math.max(x.length, y.length); i++) if (x[i] !== y[i]) return i + 1;
  return 0;
}

/** Passes that Triton's backend gives options to (for `--help`). */
export const PASSES_WITH_OPTIONS = Object.keys(PASS_OPTIONS);
