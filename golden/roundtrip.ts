// `ttg-golden roundtrip`: every .mlir of the corpus, parsed and printed back, must equal the file byte for byte.
// 00-ttir.mlir keeps Triton's debug locations and is printed with them; the stage files are printed without.
import { basename, dirname, join } from 'node:path';
import '../dialect/index.js';
import { fileLocOf } from '../dialect/ir/diagnostics.js';
import { verifyOperation } from '../dialect/ir/verifier.js';
import { Parser } from '../parser/parser.js';
import { printOperation } from '../printer/printer.js';
import {
  clip,
  firstDifference,
  firstLine,
  formatTable,
  type GoldenResult,
  lineColOf,
  locateError,
  packageRoot,
  pct,
  summaryLine,
  unifiedDiff,
} from './common.js';
import { unpackExtraCorpus } from './extra-corpus.js';
import { corpusTree, type FileTree } from './ground-truth.js';
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';

export interface RoundtripOptions {
  dir?: string;
  /** Show a unified diff of the first `maxDiffs` mismatches. */
  diff?: boolean;
  maxDiffs?: number;
  /** List every failure with its first error. */
  verbose?: boolean;
  /** Only files whose path contains this string. */
  filter?: string;
}

export interface RoundtripOutcome {
  ok: boolean;
  /** Why it failed: the error, or the first differing line. */
  reason?: string;
  expected: string;
  actual?: string;
  ms: number;
}

/** Thrown when the parsed module does not verify (triton-opt verifies before printing). */
export class VerifyFailure extends Error {
  constructor(
    message: string,
    readonly line?: number,
    readonly col?: number,
  ) {
    super(message);
  }
}

/**
 * Parses `src`, verifies it and prints it back (with locations when `debugInfo`); `keepArgNames` as the CLI's
 * `--keep-arg-names` (ParseOptions.keepArgNames).
 */
export function roundtripText(src: string, filename: string, debugInfo: boolean, keepArgNames = false): string {
  const m = new Parser(src, { filename, keepArgNames }).parseModule();
  const d = verifyOperation(m);
  if (d && d.severity === 'error') {
    const loc = 'offset' in d.loc ? undefined : fileLocOf(d.loc);
    const at = 'offset' in d.loc ? lineColOf(src, d.loc.offset) : loc ? { line: loc.line, col: loc.col } : undefined;
    throw new VerifyFailure(d.message, at?.line, at?.col);
  }
  return printOperation(m, { debugInfo });
}

/** The stage kind of a corpus file: `00-ttir`, `05-tritongpu-accelerate-matmul`, `llvm`, ... */
export function stageKind(file: string): string {
  return basename(file).replace(/\.mlir$/, '');
}

export function isDebugInfoFile(file: string): boolean {
  return basename(file) === '00-ttir.mlir';
}

/**
 * Round trip of one corpus file. Triton's TTIR (00-ttir.mlir) names loop arguments after the Python variables
 * (`scf.for %k`), with locations the text never shows, so it is parsed with `keepArgNames`; `triton-opt` itself
 * prints those files back with `%argN` (see tritonOptDefaultCheck).
 */
export function roundtripFile(tree: FileTree, file: string): RoundtripOutcome {
  const expected = tree.read(file);
  const t0 = performance.now();
  try {
    const debugInfo = isDebugInfoFile(file);
    const actual = roundtripText(expected, tree.show(file), debugInfo, debugInfo);
    const ms = performance.now() - t0;
    if (actual === expected) return { ok: true, expected, actual, ms };
    return { ok: false, reason: firstDifference(expected, actual), expected, actual, ms };
  } catch (e) {
    const ms = performance.now() - t0;
    const msg = e instanceof Error ? e.message : String(e);
    let reason: string;
    if (e instanceof VerifyFailure) reason = `${e.line !== undefined ? `${e.line}:${e.col ?? 0}: ` : ''}verifier: ${firstLine(msg)}`;
    else {
      const loc = locateError(e, expected);
      reason = loc ? `${loc.line}:${loc.col}: error: ${firstLine(loc.message)}` : `exception: ${firstLine(msg)}`;
    }
    return { ok: false, reason, expected, ms };
  }
}

/**
 * The 00-ttir files printed back the way triton-opt does (no keepArgNames): equal to the file, or else to Triton
 * 3.6's own reprint of that file where the repository has one (golden/extra/ttir-reprint.json.gz, made on the GPU
 * machine with the wheel's parser and printer). A one-line summary.
 */
function tritonOptDefaultCheck(tree: FileTree, files: readonly string[]): string {
  const reprints = JSON.parse(gunzipSync(readFileSync(join(packageRoot(), 'golden', 'extra', 'ttir-reprint.json.gz'))).toString('utf8')) as Record<
    string,
    string
  >;
  let asFile = 0;
  let asTriton = 0;
  let differ = 0;
  let unknown = 0;
  for (const file of files) {
    const src = tree.read(file);
    let text: string;
    try {
      text = roundtripText(src, tree.show(file), true);
    } catch {
      differ++;
      continue;
    }
    if (text === src) asFile++;
    else {
      const theirs = reprints[basename(dirname(file))];
      if (theirs === undefined) unknown++;
      else if (theirs + '\n' === text || theirs === text) asTriton++;
      else differ++;
    }
  }
  return (
    `00-ttir as triton-opt prints it (without --keep-arg-names): ${asFile}/${files.length} equal to the file; of the others, ` +
    `${asTriton} equal Triton 3.6's own reprint, ${differ} differ, ${unknown} have no stored reprint\n`
  );
}

interface KindStats {
  passed: number;
  total: number;
  ms: number;
  firstFailure?: string;
}

/** Stage kinds sort by their number prefix, `llvm` last. */
function kindOrder(a: string, b: string): number {
  const key = (k: string): string => (/^\d/.test(k) ? k : `zz-${k}`);
  return key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0;
}

export function runRoundtripGolden(opts: RoundtripOptions = {}): GoldenResult {
  const tree = corpusTree(opts.dir, unpackExtraCorpus);
  let files = tree.files('', (n) => n.endsWith('.mlir'));
  if (opts.filter !== undefined) files = files.filter((f) => f.includes(opts.filter!));
  const kinds = new Map<string, KindStats>();
  const failures: { file: string; out: RoundtripOutcome }[] = [];
  let passed = 0;
  let failed = 0;
  for (const file of files) {
    const out = roundtripFile(tree, file);
    const kind = stageKind(file);
    let st = kinds.get(kind);
    if (!st) kinds.set(kind, (st = { passed: 0, total: 0, ms: 0 }));
    st.total++;
    st.ms += out.ms;
    if (out.ok) {
      st.passed++;
      passed++;
    } else {
      failed++;
      st.firstFailure ??= `${basename(dirname(file))}: ${out.reason ?? ''}`;
      failures.push({ file, out });
    }
  }
  const rows = [...kinds.entries()]
    .sort(([a], [b]) => kindOrder(a, b))
    .map(([k, s]) => [k, `${s.passed}/${s.total}`, pct(s.passed, s.total), (s.ms / s.total).toFixed(1), clip(s.firstFailure ?? '', 110)]);
  let report = `Round trip of ${files.length} corpus files in ${tree.origin}\n`;
  report += formatTable(['stage', 'matched', '%', 'ms/file', 'first failure'], rows);
  const ttir = files.filter(isDebugInfoFile);
  if (ttir.length > 0) report += tritonOptDefaultCheck(tree, ttir);
  if (opts.verbose && failures.length > 0) {
    report += '\nFailures:\n';
    for (const f of failures) report += `  ${f.file}: ${f.out.reason ?? ''}\n`;
  }
  if (opts.diff) {
    const max = opts.maxDiffs ?? 3;
    const shown = failures.filter((f) => f.out.actual !== undefined).slice(0, max);
    for (const f of shown) report += '\n' + unifiedDiff(f.file, f.out.expected, f.out.actual!);
    const errs = failures.filter((f) => f.out.actual === undefined).slice(0, Math.max(0, max - shown.length));
    for (const f of errs) report += `\n${f.file}: ${f.out.reason ?? ''}\n`;
  }
  report += summaryLine(passed, failed) + '\n';
  return { passed, failed, report };
}
