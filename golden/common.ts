// Shared helpers of the conformance ("golden") modes: where the ground truth lives, input splitting exactly like
// mlir-opt's --split-input-file, result tables, diffs and error locations.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createTwoFilesPatch } from 'diff';

/** What every mode returns: the counts behind the final `N passed, M failed` line and the printed report. */
export interface GoldenResult {
  passed: number;
  failed: number;
  report: string;
}

/** The package root (the directory of ttg-opt's package.json), found from this module's location, not the cwd. */
export function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg)) {
      try {
        const name = (JSON.parse(readFileSync(pkg, 'utf8')) as { name?: unknown }).name;
        if (name === 'ttg-opt') return dir;
      } catch {
        // not ours; keep walking up
      }
    }
    const up = dirname(dir);
    if (up === dir) throw new Error('ttg-golden: cannot find the ttg-opt package root');
    dir = up;
  }
}

/** `../shared` next to the repository (the ground truth), or `$TTG_SHARED` when set. */
export function sharedDir(): string {
  const env = process.env['TTG_SHARED'];
  return env !== undefined && env !== '' ? resolve(env) : resolve(packageRoot(), '..', 'shared');
}

export function defaultCorpusDir(): string {
  return join(sharedDir(), 'golden', 'corpus');
}

/** All files under `dir` (recursively) whose name satisfies `pred`, sorted by path. */
export function listFiles(dir: string, pred: (name: string) => boolean): string[] {
  const out: string[] = [];
  const walk = (d: string): void => {
    for (const ent of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, ent.name);
      if (ent.isDirectory()) walk(p);
      else if ((ent.isFile() || (ent.isSymbolicLink() && statSync(p).isFile())) && pred(ent.name)) out.push(p);
    }
  };
  walk(dir);
  return out.sort();
}

export const SPLIT_MARKER = '// -----';

/** One chunk of a split input: its text and its offset in the whole file. */
export interface Chunk {
  text: string;
  /** Offset of the chunk's first character in the original buffer. */
  offset: number;
  /** 1-based line of the original buffer on which the chunk starts. */
  line: number;
}

/**
 * Splits a buffer like mlir-opt's `--split-input-file` (mlir::splitAndProcessBuffer): the buffer is cut at every
 * occurrence of the marker `// -----`, wherever it is on a line; the marker itself belongs to neither chunk, so a
 * chunk starts with the rest of the marker's line (usually just its newline). `// ---` followed by anything but
 * `--` is a near miss that does not split.
 */
export function splitInputFile(text: string, marker: string = SPLIT_MARKER): Chunk[] {
  const checkLen = 2;
  const head = marker.slice(0, marker.length - checkLen);
  const tail = marker.slice(marker.length - checkLen);
  const chunks: Chunk[] = [];
  let start = 0;
  let from = 0;
  for (;;) {
    const at = text.indexOf(head, from);
    if (at < 0) break;
    if (text.startsWith(tail, at + head.length)) {
      chunks.push({ text: text.slice(start, at), offset: start, line: 0 });
      start = at + marker.length;
      from = start;
    } else {
      from = at + head.length;
    }
  }
  chunks.push({ text: text.slice(start), offset: start, line: 0 });
  for (const c of chunks) c.line = lineOf(text, c.offset);
  return chunks;
}

function lineOf(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

/** 1-based line and column of an offset. */
export function lineColOf(text: string, offset: number): { line: number; col: number } {
  const before = text.lastIndexOf('\n', offset - 1);
  return { line: lineOf(text, offset), col: offset - before };
}

/** Offset of a 1-based line:col in `text` (clamped to the text). */
export function offsetOf(text: string, line: number, col: number): number {
  let off = 0;
  for (let l = 1; l < line; l++) {
    const nl = text.indexOf('\n', off);
    if (nl < 0) return text.length;
    off = nl + 1;
  }
  return Math.min(off + col - 1, text.length);
}

/** Makes every text end with exactly one newline (the oracle's `str()` and triton-opt differ in blank lines at the end). */
export function normalizeEnd(s: string): string {
  return s.replace(/\n*$/, '\n');
}

// ---------------------------------------------------------------------------------------------------------------
// Tables

export type Cell = string | number;

/** A plain-text table: a header row, a rule, the rows; numbers right-aligned, text left-aligned. */
export function formatTable(headers: readonly string[], rows: readonly (readonly Cell[])[]): string {
  const widths = headers.map((h) => h.length);
  const cells = rows.map((r) => r.map((c) => String(c)));
  for (const r of cells) r.forEach((c, i) => (widths[i] = Math.max(widths[i] ?? 0, c.length)));
  const numeric = headers.map((_, i) => rows.length > 0 && rows.every((r) => typeof r[i] === 'number' || /^[\d./%µ ]+$/.test(String(r[i] ?? ''))));
  const fmt = (r: readonly string[]): string =>
    r
      .map((c, i) => (numeric[i] ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  const lines = [fmt(headers), widths.map((w) => '-'.repeat(w)).join('  ')];
  for (const r of cells) lines.push(fmt(r));
  return lines.join('\n') + '\n';
}

export function summaryLine(passed: number, failed: number): string {
  return `${passed} passed, ${failed} failed`;
}

export function pct(n: number, d: number): string {
  return d === 0 ? '-' : `${((100 * n) / d).toFixed(1)}%`;
}

// ---------------------------------------------------------------------------------------------------------------
// Mismatch reporting

/** The first line on which two texts differ, with both versions of it. */
export function firstDifference(expected: string, actual: string): string {
  const e = expected.split('\n');
  const a = actual.split('\n');
  const n = Math.max(e.length, a.length);
  for (let i = 0; i < n; i++) {
    if (e[i] !== a[i]) {
      const el = e[i];
      const al = a[i];
      if (el === undefined || al === undefined) {
        const show = (s: string | undefined): string => (s === undefined ? '<end of file>' : JSON.stringify(clip(s, 100)));
        return `line ${i + 1}: expected ${show(el)}, got ${show(al)}`;
      }
      let c = 0;
      while (c < el.length && c < al.length && el[c] === al[c]) c++;
      const from = Math.max(0, c - 30);
      const win = (s: string): string => JSON.stringify((from > 0 ? '…' : '') + clip(s.slice(from), c - from + 40));
      return `line ${i + 1} col ${c + 1}: expected ${win(el)}, got ${win(al)}`;
    }
  }
  return 'texts differ only in line endings';
}

export function clip(s: string, n: number): string {
  return s.length <= n ? s : s.slice(0, n - 1) + '…';
}

export function firstLine(s: string): string {
  const t = s.trim();
  const nl = t.indexOf('\n');
  return nl < 0 ? t : t.slice(0, nl);
}

/** A unified diff (expected → actual), at most `maxLines` lines; falls back to the first difference when huge. */
export function unifiedDiff(name: string, expected: string, actual: string, maxLines = 120): string {
  const patch = createTwoFilesPatch(`expected/${name}`, `actual/${name}`, expected, actual, undefined, undefined, {
    context: 3,
    maxEditLength: 5000,
  });
  if (patch === undefined) return `(diff too large to show) ${firstDifference(expected, actual)}\n`;
  const lines = patch.split('\n');
  if (lines[0]?.startsWith('====')) lines.shift();
  if (lines.length <= maxLines) return lines.join('\n');
  return lines.slice(0, maxLines).join('\n') + `\n… (${lines.length - maxLines} more diff lines)\n`;
}

/** Path of `p` relative to `base`, with forward slashes. */
export function rel(base: string, p: string): string {
  return relative(base, p).split('\\').join('/');
}

// ---------------------------------------------------------------------------------------------------------------
// Optional modules written by other engineers (imported dynamically so this package builds without them).

/** Imports `specifier` relative to this module; undefined when the module does not exist (yet). */
export async function importOptional<T>(specifier: string): Promise<T | undefined> {
  const url = new URL(specifier, import.meta.url);
  const tsTwin = fileURLToPath(url).replace(/\.js$/, '.ts');
  if (!existsSync(fileURLToPath(url)) && !existsSync(tsTwin)) return undefined;
  return (await import(existsSync(fileURLToPath(url)) ? url.href : pathToFileURL(tsTwin).href)) as T;
}

// ---------------------------------------------------------------------------------------------------------------
// Errors

/** A diagnostic with its location in the parsed text. */
export interface LocatedError {
  message: string;
  line: number;
  col: number;
}

/** Location of an error thrown by our parser (ParseError/LexError carry `pos`), or undefined for unlocated errors. */
export function locateError(e: unknown, src: string): LocatedError | undefined {
  if (!(e instanceof Error)) return undefined;
  const pos = (e as { pos?: unknown }).pos;
  if (typeof pos === 'number') {
    const { line, col } = lineColOf(src, pos);
    return { message: e.message, line, col };
  }
  const loc = (e as { loc?: unknown }).loc;
  if (loc !== null && typeof loc === 'object') {
    const l = loc as { line?: unknown; col?: unknown; column?: unknown };
    const col = typeof l.col === 'number' ? l.col : l.column;
    if (typeof l.line === 'number' && typeof col === 'number') return { message: e.message, line: l.line, col };
  }
  return undefined;
}

export interface Diagnostic {
  file: string;
  line: number;
  col: number;
  message: string;
}

/**
 * The error diagnostics in a tool's stderr, in either MLIR form: `file:line:col: error: msg` (mlir-opt / ttg-opt)
 * or `loc("file":line:col): error: msg` (the Python bindings the oracle used).
 */
export function parseDiagnostics(stderr: string): Diagnostic[] {
  const out: Diagnostic[] = [];
  const re = /^(?:loc\("((?:[^"\\]|\\.)*)":(\d+):(\d+)\)|(.*?):(\d+):(\d+)): error: (.*)$/gm;
  for (let m = re.exec(stderr); m !== null; m = re.exec(stderr)) {
    if (m[1] !== undefined) out.push({ file: m[1], line: Number(m[2]), col: Number(m[3]), message: m[7]! });
    else out.push({ file: m[4]!, line: Number(m[5]), col: Number(m[6]), message: m[7]! });
  }
  return out;
}

export function readText(p: string): string {
  return readFileSync(p, 'utf8');
}

// ---------------------------------------------------------------------------------------------------------------
// The opt driver (tools/opt-main.ts: the library behind bin/ttg-opt), in process.

export interface OptRun {
  exitCode: number;
  stdout: string;
  stderr: string;
}

/** `not implemented: --flag` when the driver rejected a pass flag it does not know, else undefined. */
export function notImplementedReason(stderr: string): string | undefined {
  const m = /Unknown command line argument '([^']+)'/.exec(stderr);
  if (m) return `not implemented: ${m[1]!.split('=')[0]}`;
  if (/no such pass|not registered|not implemented/i.test(stderr)) return `not implemented: ${firstLine(stderr)}`;
  return undefined;
}

export type RunOptFn = (args: string[], stdin?: string) => OptRun | Promise<OptRun>;

interface OptMainModule {
  runOpt?: RunOptFn;
}

let optDriver: Promise<RunOptFn | undefined> | undefined;

/** `runOpt` from tools/opt-main.ts, or undefined while that module does not exist. */
export function loadRunOpt(): Promise<RunOptFn | undefined> {
  optDriver ??= importOptional<OptMainModule>('../tools/opt-main.js').then((m) => (typeof m?.runOpt === 'function' ? m.runOpt : undefined));
  return optDriver;
}
