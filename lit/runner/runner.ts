// A lit-like test runner for *.mlir files with `// RUN:` lines.

import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { driveAsync, driveSync, type Env, type ExecContext, type Exec, runScript } from './exec.js';
import { parseCommand, type Script, ShellSyntaxError } from './shell.js';

export interface LitOptions {
  /** 'ours' (default, in-process), 'system' (FileCheck-22), or a FileCheck executable name/path. */
  filecheck?: string;
  /** Include the command log in the output of passing tests too. */
  verbose?: boolean;
  /** Per-command timeout in seconds (default 300). */
  timeoutSec?: number;
  /** Extra lit features for REQUIRES/UNSUPPORTED/XFAIL expressions. */
  features?: string[];
  /** Path to the ttg-opt entry point (a .js file is run with node); default <repo>/dist/bin/ttg-opt.js. */
  ttgOpt?: string;
  /** Extra tool mappings: name -> command prefix. */
  tools?: Record<string, string[]>;
  /** Extra environment variables for commands. */
  env?: Env;
  /** Keep the %t temporary directory. */
  keepTemp?: boolean;
  /**
   * Runs `ttg-opt` / `triton-opt` in this process instead of spawning node for each RUN line (node start-up
   * dominates a lit run otherwise). Ignored when `ttgOpt` names another executable.
   */
  optInProcess?: InProcessOpt;
}

/**
 * An in-process ttg-opt: argv (without the program name) and stdin → exit code, outputs, ordered writes;
 * undefined when it cannot handle the command line in-process (it is then spawned).
 */
export type InProcessOpt = (
  args: readonly string[],
  stdin: string,
) => { exitCode: number; stdout: string; stderr: string; writes: readonly (readonly [number, string])[] } | undefined;

export type LitStatus = 'PASS' | 'FAIL' | 'XFAIL' | 'XPASS' | 'UNSUPPORTED';

export interface LitFileResult {
  path: string;
  status: LitStatus;
  /** True for PASS, XFAIL and UNSUPPORTED. */
  ok: boolean;
  /** Details: failing command log, stderr, FileCheck diagnostics (all commands under verbose). */
  output: string;
}

export interface RunLine {
  /** 1-based line number of the (first) RUN: line. */
  line: number;
  command: string;
}

export interface TestScript {
  runLines: RunLine[];
  xfail: string[];
  unsupported: string[];
  requires: string[];
}

const KEYWORDS = ['RUN:', 'XFAIL:', 'UNSUPPORTED:', 'REQUIRES:'] as const;

/** Find the repository root (the directory holding package.json) above this module. */
export function repoRoot(): string {
  let d = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(d, 'package.json'))) return d;
    const up = dirname(d);
    if (up === d) return process.cwd();
    d = up;
  }
}

/** Parse RUN:/XFAIL:/UNSUPPORTED:/REQUIRES: lines (keyword anywhere on the line, like lit). */
export function parseTestScript(text: string): TestScript {
  const script: TestScript = { runLines: [], xfail: [], unsupported: [], requires: [] };
  const lines = text.split('\n');
  let continuing = false;
  lines.forEach((raw, idx) => {
    const lineNo = idx + 1;
    let best: { kw: (typeof KEYWORDS)[number]; pos: number } | undefined;
    for (const kw of KEYWORDS) {
      const pos = raw.indexOf(kw);
      if (pos !== -1 && (best === undefined || pos < best.pos)) best = { kw, pos };
    }
    if (best === undefined) return;
    const rest = raw.slice(best.pos + best.kw.length).replace(/\s+$/, '').replace(/%\(line *([+-]) *(\d+)\)/g, (_m, sign: string, n: string) =>
      String(sign === '+' ? lineNo + Number(n) : lineNo - Number(n)),
    ).replace(/%\(line\)/g, String(lineNo));
    if (best.kw === 'RUN:') {
      const last = script.runLines[script.runLines.length - 1];
      if (continuing && last !== undefined) last.command = last.command.slice(0, -1) + rest;
      else script.runLines.push({ line: lineNo, command: rest });
      continuing = rest.endsWith('\\');
      return;
    }
    const items = rest.split(',').map((s) => s.trim()).filter((s) => s !== '');
    if (best.kw === 'XFAIL:') script.xfail.push(...items);
    else if (best.kw === 'UNSUPPORTED:') script.unsupported.push(...items);
    else script.requires.push(...items);
  });
  for (const r of script.runLines) {
    r.command = r.command.trim();
    if (r.command.endsWith('\\')) r.command = r.command.slice(0, -1).trim();
  }
  return script;
}

/** Evaluate a lit boolean feature expression (||, &&, !, parentheses, `true`, `*` for XFAIL). */
export function evalFeatureExpr(expr: string, features: ReadonlySet<string>): boolean {
  const toks = expr.match(/\|\||&&|!|\(|\)|[^\s()!&|]+/g) ?? [];
  let p = 0;
  const fail = (): never => {
    throw new Error(`invalid feature expression: ${expr}`);
  };
  const orExpr = (): boolean => {
    let v = andExpr();
    while (toks[p] === '||') {
      p++;
      const r = andExpr();
      v = v || r;
    }
    return v;
  };
  const andExpr = (): boolean => {
    let v = notExpr();
    while (toks[p] === '&&') {
      p++;
      const r = notExpr();
      v = v && r;
    }
    return v;
  };
  const notExpr = (): boolean => {
    if (toks[p] === '!') {
      p++;
      return !notExpr();
    }
    if (toks[p] === '(') {
      p++;
      const v = orExpr();
      if (toks[p++] !== ')') fail();
      return v;
    }
    const t = toks[p++];
    if (t === undefined) return fail();
    if (t === 'true' || t === '*') return true;
    if (t === 'false') return false;
    if (t.includes('{{')) {
      const re = new RegExp('^' + t.split(/(\{\{.*?\}\})/).map((s) => (s.startsWith('{{') ? s.slice(2, -2) : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('') + '$');
      return [...features].some((f) => re.test(f));
    }
    return features.has(t);
  };
  const v = orExpr();
  if (p !== toks.length) fail();
  return v;
}

function defaultFeatures(extra: string[] = []): Set<string> {
  const f = new Set<string>(extra);
  f.add(`system-${process.platform === 'win32' ? 'windows' : process.platform}`);
  if (process.platform === 'linux') f.add('system-linux');
  f.add('ttg-opt');
  f.add('ttg-lit');
  return f;
}

export interface Substitutions {
  sourcePath: string;
  tempPath: string;
}

/** Apply lit substitutions (%s %S %p %t %T %basename_t %/s ... %%) to a command. */
export function applySubstitutions(cmd: string, s: Substitutions): string {
  const src = resolve(s.sourcePath);
  const tmp = s.tempPath;
  const table: Record<string, string> = {
    '%%': '%',
    '%s': src,
    '%S': dirname(src),
    '%p': dirname(src),
    '%t': tmp,
    '%T': dirname(tmp),
    '%basename_t': basename(tmp),
    '%/s': src.replace(/\\/g, '/'),
    '%/S': dirname(src).replace(/\\/g, '/'),
    '%/p': dirname(src).replace(/\\/g, '/'),
    '%/t': tmp.replace(/\\/g, '/'),
    '%/T': dirname(tmp).replace(/\\/g, '/'),
    '%{pathsep}': process.platform === 'win32' ? ';' : ':',
    '%{fs-sep}': process.platform === 'win32' ? '\\' : '/',
  };
  return cmd.replace(/%%|%basename_t|%\/[sSptT]|%\{pathsep\}|%\{fs-sep\}|%[sSptT]/g, (m) => table[m] ?? m);
}

function execContext(opts: LitOptions, cwd: string): ExecContext {
  const root = repoRoot();
  const ttg = opts.ttgOpt ?? join(root, 'dist', 'bin', 'ttg-opt.js');
  const env: Env = { ...process.env, ...(opts.env ?? {}) };
  // Make the repository's tools findable by name too.
  return {
    cwd,
    env,
    filecheck: opts.filecheck ?? 'ours',
    ttgOpt: ttg.endsWith('.js') ? [process.execPath, ttg] : [ttg],
    tools: opts.tools ?? {},
    timeoutMs: (opts.timeoutSec ?? 300) * 1000,
    ...(opts.optInProcess && opts.ttgOpt === undefined ? { optInProcess: opts.optInProcess } : {}),
  };
}

export interface RunLineOptions extends LitOptions {
  /** The file that %s stands for. */
  sourcePath: string;
  /** Fed to the standard input of the first stage of each pipeline. */
  stdinText?: string;
  /** What %t stands for (default: a fresh temporary directory's "<basename>.tmp", removed afterwards). */
  tempPath?: string;
  /** Working directory (default: the directory of sourcePath). */
  cwd?: string;
}

export interface RunLineResult {
  exitCode: number;
  stdout: string;
  stderr: string;
  /** lit-style log of the executed commands. */
  log: string;
}

function runLineGen(runLine: string, opts: RunLineOptions): { gen: Exec<RunLineResult>; cleanup: () => void } | RunLineResult {
  let cmd = runLine;
  const kw = cmd.indexOf('RUN:');
  if (kw !== -1) cmd = cmd.slice(kw + 4);
  cmd = cmd.trim();
  let tmpDir: string | undefined;
  let tempPath = opts.tempPath;
  if (tempPath === undefined) {
    tmpDir = mkdtempSync(join(tmpdir(), 'ttg-lit-'));
    tempPath = join(tmpDir, basename(opts.sourcePath) + '.tmp');
  }
  const cleanup = (): void => {
    if (tmpDir !== undefined && !opts.keepTemp) rmSync(tmpDir, { recursive: true, force: true });
  };
  const substituted = applySubstitutions(cmd, { sourcePath: opts.sourcePath, tempPath });
  let script: Script;
  try {
    script = parseCommand(substituted);
  } catch (e) {
    cleanup();
    if (e instanceof ShellSyntaxError) return { exitCode: 2, stdout: '', stderr: `ttg-lit: ${e.message}\n`, log: `# ${e.message}\n` };
    throw e;
  }
  const ctx = execContext(opts, opts.cwd ?? dirname(resolve(opts.sourcePath)));
  const stdin = Buffer.from(opts.stdinText ?? '', 'utf8');
  function* gen(): Exec<RunLineResult> {
    const r = yield* runScript(ctx, script, stdin);
    return { exitCode: r.exitCode, stdout: r.stdout.toString('utf8'), stderr: r.stderr.toString('utf8'), log: r.log };
  }
  return { gen: gen(), cleanup };
}

/**
 * Run one RUN line (with or without its "// RUN:" prefix) with %s = opts.sourcePath.
 * Returns the exit status (pipefail), the concatenated stdout of its pipelines and all stderr.
 */
export function runRunLine(runLine: string, opts: RunLineOptions): RunLineResult {
  const g = runLineGen(runLine, opts);
  if (!('gen' in g)) return g;
  try {
    return driveSync(g.gen);
  } finally {
    g.cleanup();
  }
}

export async function runRunLineAsync(runLine: string, opts: RunLineOptions): Promise<RunLineResult> {
  const g = runLineGen(runLine, opts);
  if (!('gen' in g)) return g;
  try {
    return await driveAsync(g.gen);
  } finally {
    g.cleanup();
  }
}

function* litFileGen(path: string, opts: LitOptions, tmpRoot: string): Exec<LitFileResult> {
  const abs = resolve(path);
  let text: string;
  try {
    text = readFileSync(abs, 'utf8');
  } catch (e) {
    return { path, status: 'FAIL', ok: false, output: `cannot read test: ${e instanceof Error ? e.message : String(e)}\n` };
  }
  const script = parseTestScript(text);
  const features = defaultFeatures(opts.features);
  let exprError: string | undefined;
  const anyTrue = (exprs: string[]): boolean =>
    exprs.some((e) => {
      try {
        return evalFeatureExpr(e, features);
      } catch (err) {
        exprError = err instanceof Error ? err.message : String(err);
        return false;
      }
    });
  const missing = script.requires.filter((e) => !anyTrue([e]));
  if (exprError) return { path, status: 'FAIL', ok: false, output: exprError + '\n' };
  if (missing.length > 0) return { path, status: 'UNSUPPORTED', ok: true, output: `Test requires: ${missing.join(', ')}\n` };
  if (anyTrue(script.unsupported)) return { path, status: 'UNSUPPORTED', ok: true, output: '' };
  const xfail = anyTrue(script.xfail);
  if (exprError) return { path, status: 'FAIL', ok: false, output: exprError + '\n' };
  if (script.runLines.length === 0) return { path, status: 'FAIL', ok: false, output: "Test has no 'RUN:' line\n" };

  const tempPath = join(tmpRoot, basename(abs) + '.tmp');
  const ctx = execContext(opts, dirname(abs));
  let log = '';
  let failed = false;
  for (const rl of script.runLines) {
    const cmd = applySubstitutions(rl.command, { sourcePath: abs, tempPath });
    log += `# RUN: at line ${rl.line}\n${cmd}\n`;
    let parsed: Script;
    try {
      parsed = parseCommand(cmd);
    } catch (e) {
      if (!(e instanceof ShellSyntaxError)) throw e;
      log += `# error: ${e.message}\n`;
      failed = true;
      break;
    }
    const r = yield* runScript(ctx, parsed);
    log += r.log;
    if (r.exitCode !== 0) {
      failed = true;
      break;
    }
  }
  let status: LitStatus;
  if (xfail) status = failed ? 'XFAIL' : 'XPASS';
  else status = failed ? 'FAIL' : 'PASS';
  const ok = status === 'PASS' || status === 'XFAIL';
  const output = !ok || opts.verbose ? log : '';
  return { path, status, ok, output };
}

/** Run all RUN lines of one test file synchronously. */
export function runLitFile(path: string, opts: LitOptions = {}): LitFileResult {
  const tmpRoot = mkdtempSync(join(tmpdir(), 'ttg-lit-'));
  try {
    return driveSync(litFileGen(path, opts, tmpRoot));
  } finally {
    if (!opts.keepTemp) rmSync(tmpRoot, { recursive: true, force: true });
  }
}

/** Run all RUN lines of one test file (child processes run asynchronously). */
export async function runLitFileAsync(path: string, opts: LitOptions = {}): Promise<LitFileResult> {
  const tmpRoot = mkdtempSync(join(tmpdir(), 'ttg-lit-'));
  try {
    return await driveAsync(litFileGen(path, opts, tmpRoot));
  } finally {
    if (!opts.keepTemp) rmSync(tmpRoot, { recursive: true, force: true });
  }
}

const RUN_RE = /RUN:/;

/** Find *.mlir test files (containing RUN: lines) under the given files/directories. */
export function discoverTests(paths: string[], filter?: RegExp): string[] {
  const found = new Set<string>();
  const visit = (p: string, explicit: boolean): void => {
    let st;
    try {
      st = statSync(p);
    } catch {
      if (explicit) found.add(p);
      return;
    }
    if (st.isDirectory()) {
      for (const e of readdirSync(p).sort()) {
        if (e.startsWith('.') || e === 'node_modules' || e === 'Output') continue;
        visit(join(p, e), false);
      }
      return;
    }
    if (explicit) {
      found.add(p);
      return;
    }
    if (!p.endsWith('.mlir')) return;
    try {
      if (RUN_RE.test(readFileSync(p, 'utf8'))) found.add(p);
    } catch {
      /* unreadable: skip */
    }
  };
  for (const p of paths) visit(p, true);
  let list = [...found].sort();
  if (filter) list = list.filter((p) => filter.test(p));
  return list;
}
