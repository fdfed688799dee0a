// `ttg-golden upstream`: every `// -----` chunk of Triton's lit tests (../shared/upstream/test) parsed and printed
// back with no pass, against what Triton 3.6 printed for it (expected/<path>.json → roundtrip[i]). Where Triton 3.6
// rejects a chunk we must reject it too, with an error located at a line:col; we also count how many of our
// errors carry Triton's message and its location.
import '../dialect/index.js';
import { Parser } from '../parser/parser.js';
import { printOperation } from '../printer/printer.js';
import {
  clip,
  firstDifference,
  firstLine,
  formatTable,
  type GoldenResult,
  type LocatedError,
  lineColOf,
  loadRunOpt,
  locateError,
  normalizeEnd,
  offsetOf,
  parseDiagnostics,
  type RunOptFn,
  splitInputFile,
  summaryLine,
  unifiedDiff,
} from './common.js';
import { diskFolder, type FileTree, groundTruth } from './ground-truth.js';

/** One RUN line of an upstream test, as the oracle recorded it. */
export interface UpstreamRun {
  run: string;
  /** The triton-opt pass flags of the RUN line (absent when the oracle could not run it). */
  flags?: string[];
  filecheck_args?: string[];
  /** Why the oracle did not run it. */
  oracle?: string;
  chunks?: UpstreamRunChunk[];
}

export interface UpstreamRunChunk {
  chunk: number;
  triton36_passes: boolean;
  triton36_output?: string;
  triton36_error?: string;
  filecheck_stderr?: string;
}

export interface UpstreamRoundtripChunk {
  chunk: number;
  triton36_output?: string;
  triton36_error?: string;
}

export interface UpstreamExpected {
  file: string;
  runs: UpstreamRun[];
  roundtrip: UpstreamRoundtripChunk[];
}

/**
 * Triton's lit tests with Triton 3.6's results: `upstream` (default) or `upstream-pipeline` of the ground truth, or
 * a folder on disk holding `test/` and `expected/`.
 */
export function upstreamTree(dir?: string): FileTree {
  if (dir === undefined || dir === 'upstream' || dir === 'upstream-pipeline') return groundTruth().sub(dir ?? 'upstream');
  return diskFolder(dir);
}

/** The test files under `test/` with their expected JSON, sorted; `filter` keeps paths containing it. */
export function upstreamTests(tree: FileTree, filter?: string): { path: string; name: string; expected: UpstreamExpected | undefined }[] {
  return tree
    .files('test', (n) => n.endsWith('.mlir'))
    .map((path) => {
      const name = path.slice('test/'.length);
      const exp = `expected/${name}.json`;
      return { path, name, expected: tree.isFile(exp) ? (JSON.parse(tree.read(exp)) as UpstreamExpected) : undefined };
    })
    .filter((t) => filter === undefined || t.name.includes(filter));
}

/**
 * Start offsets of the chunks as the oracle split them (Python `re.split(r"(?m)^// -----\s*$")`), to translate
 * Triton's chunk-relative error locations; JS regexps backtrack the same way.
 */
export function oracleChunkStarts(text: string): number[] {
  const starts = [0];
  const re = /^\/\/ -----\s*$/gm;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    starts.push(m.index + m[0].length);
    if (m[0].length === 0) re.lastIndex++;
  }
  return starts;
}

/** The result of processing one chunk with no pass: the printed IR or the (first) error. */
export interface ChunkResult {
  output?: string;
  error?: { message: string; loc?: { line: number; col: number } };
}

/** Parse + print with no pass: through the opt driver when it exists (so the verifier runs), else the library. */
export async function printChunk(text: string, name: string, runOpt: RunOptFn | undefined): Promise<ChunkResult> {
  if (runOpt) {
    let r;
    try {
      r = await runOpt(['-'], text);
    } catch (e) {
      return { error: { message: `driver threw: ${firstLine(e instanceof Error ? e.message : String(e))}` } };
    }
    if (r.exitCode === 0) return { output: r.stdout };
    const d = parseDiagnostics(r.stderr)[0];
    if (d) return { error: { message: d.message, loc: { line: d.line, col: d.col } } };
    return { error: { message: firstLine(r.stderr) || `exit code ${r.exitCode}` } };
  }
  try {
    const m = new Parser(text, { filename: name }).parseModule();
    return { output: printOperation(m, {}) };
  } catch (e) {
    const loc: LocatedError | undefined = locateError(e, text);
    if (loc) return { error: { message: loc.message, loc: { line: loc.line, col: loc.col } } };
    return { error: { message: `exception: ${firstLine(e instanceof Error ? e.message : String(e))}` } };
  }
}

export interface UpstreamOptions {
  dir?: string;
  file?: string;
  diff?: boolean;
  maxDiffs?: number;
  verbose?: boolean;
  /** Use the parser/printer library even when the opt driver exists. */
  libraryOnly?: boolean;
}

interface FileStats {
  name: string;
  chunks: number;
  outOk: number;
  outTotal: number;
  rejOk: number;
  rejTotal: number;
  msgOk: number;
  msgTotal: number;
  locOk: number;
  /** Chunks Triton 3.6 crashed on (no message, e.g. `status 6`), and how many of those we reject. */
  crashTotal: number;
  crashOk: number;
  firstFailure?: string;
}

export async function runUpstreamGolden(opts: UpstreamOptions = {}): Promise<GoldenResult> {
  const tree = upstreamTree(opts.dir);
  const runOpt = opts.libraryOnly ? undefined : await loadRunOpt();
  const tests = upstreamTests(tree, opts.file);
  const stats: FileStats[] = [];
  const failures: string[] = [];
  const diffs: string[] = [];
  const maxDiffs = opts.maxDiffs ?? 3;
  for (const t of tests) {
    const text = tree.read(t.path);
    const chunks = splitInputFile(text);
    const oracleStarts = oracleChunkStarts(text);
    const st: FileStats = { name: t.name, chunks: chunks.length, outOk: 0, outTotal: 0, rejOk: 0, rejTotal: 0, msgOk: 0, msgTotal: 0, locOk: 0, crashTotal: 0, crashOk: 0 };
    stats.push(st);
    const fail = (i: number, why: string): void => {
      st.firstFailure ??= `#${i}: ${why}`;
      failures.push(`${t.name} chunk ${i} (line ${chunks[i]?.line ?? '?'}): ${why}`);
    };
    if (!t.expected) {
      st.firstFailure = 'no expected JSON';
      continue;
    }
    if (t.expected.roundtrip.length !== chunks.length) {
      fail(0, `split into ${chunks.length} chunks, the oracle has ${t.expected.roundtrip.length}`);
    }
    for (const exp of t.expected.roundtrip) {
      const chunk = chunks[exp.chunk];
      if (!chunk) continue;
      const res = await printChunk(chunk.text, tree.show(t.path), runOpt);
      if (exp.triton36_output !== undefined) {
        st.outTotal++;
        if (res.output === undefined) {
          const e = res.error!;
          fail(exp.chunk, `rejected: ${e.loc ? `${e.loc.line}:${e.loc.col}: ` : ''}${clip(e.message, 140)}`);
        } else if (normalizeEnd(res.output) === normalizeEnd(exp.triton36_output)) {
          st.outOk++;
        } else {
          const want = normalizeEnd(exp.triton36_output);
          const got = normalizeEnd(res.output);
          fail(exp.chunk, `mismatch: ${firstDifference(want, got)}`);
          if (opts.diff && diffs.length < maxDiffs) diffs.push(unifiedDiff(`${t.name}#${exp.chunk}`, want, got));
        }
      } else if (exp.triton36_error !== undefined) {
        st.rejTotal++;
        const crashed = parseDiagnostics(exp.triton36_error).length === 0;
        if (crashed) st.crashTotal++;
        if (res.output !== undefined) {
          fail(exp.chunk, `accepted, Triton rejects: ${clip(firstLine(exp.triton36_error), 140)}`);
          continue;
        }
        const e = res.error!;
        if (!e.loc) {
          fail(exp.chunk, `rejected without a location: ${clip(e.message, 140)}`);
          continue;
        }
        st.rejOk++;
        if (crashed) st.crashOk++;
        const theirs = parseDiagnostics(exp.triton36_error)[0];
        if (!theirs) continue; // Triton crashed ("status 6"): no message to compare
        st.msgTotal++;
        if (theirs.message === e.message) st.msgOk++;
        // Triton's location is relative to the oracle's chunk; ours to mlir-opt's. Compare in the whole file.
        const ours = chunk.offset + offsetOf(chunk.text, e.loc.line, e.loc.col);
        const oStart = oracleStarts[exp.chunk];
        if (oStart !== undefined && ours >= oStart) {
          const lc = lineColOf(text.slice(oStart), ours - oStart);
          if (lc.line === theirs.line && lc.col === theirs.col) st.locOk++;
        }
        if (opts.verbose && theirs.message !== e.message) {
          failures.push(`${t.name} chunk ${exp.chunk}: (passes) our message ${JSON.stringify(clip(e.message, 120))}, Triton's ${JSON.stringify(clip(theirs.message, 120))}`);
        }
      }
    }
  }
  const sum = (f: (s: FileStats) => number): number => stats.reduce((a, s) => a + f(s), 0);
  const rows = stats.map((s) => [
    s.name,
    s.chunks,
    `${s.outOk}/${s.outTotal}`,
    `${s.rejOk}/${s.rejTotal}`,
    `${s.msgOk}/${s.msgTotal}`,
    `${s.locOk}/${s.msgTotal}`,
    clip(s.firstFailure ?? '', 90),
  ]);
  const outOk = sum((s) => s.outOk);
  const outTotal = sum((s) => s.outTotal);
  const rejOk = sum((s) => s.rejOk);
  const rejTotal = sum((s) => s.rejTotal);
  rows.push(['total', sum((s) => s.chunks), `${outOk}/${outTotal}`, `${rejOk}/${rejTotal}`, `${sum((s) => s.msgOk)}/${sum((s) => s.msgTotal)}`, `${sum((s) => s.locOk)}/${sum((s) => s.msgTotal)}`, '']);
  let report = `Upstream lit chunks round trip (${runOpt ? 'opt driver' : 'parser/printer library'}) in ${tree.origin}\n`;
  report += formatTable(['file', 'chunks', 'printed = Triton', 'rejected (located)', "Triton's msg", "Triton's loc", 'first failure'], rows);
  if (opts.verbose && failures.length > 0) report += '\nFailures:\n' + failures.map((f) => `  ${f}\n`).join('');
  for (const d of diffs) report += '\n' + d;
  report += `Triton-parsable chunks: ${outOk}/${outTotal} match; rejected: ${rejOk}/${rejTotal} (Triton's message: ${sum((s) => s.msgOk)}/${sum((s) => s.msgTotal)}, location: ${sum((s) => s.locOk)}/${sum((s) => s.msgTotal)}; Triton crashed on ${sum((s) => s.crashTotal)}, we reject ${sum((s) => s.crashOk)} of those)\n`;
  const passed = outOk + rejOk;
  const failed = outTotal + rejTotal - passed;
  report += summaryLine(passed, failed) + '\n';
  return { passed, failed, report };
}
