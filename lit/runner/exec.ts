// Execution of parsed RUN commands without a system shell.
//
// The executor is written once as a generator that yields process-spawn requests; a sync
// driver (spawnSync) and an async driver (spawn) run it.  Pipelines run stage by stage, each
// stage's stdout feeding the next stage's stdin; the pipeline's status is that of the rightmost
// failing stage (pipefail, like lit).  FileCheck runs in-process unless another FileCheck
// executable is requested.

import { spawn, spawnSync } from 'node:child_process';
import { appendFileSync, closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileCheckMain } from '../filecheck/cli.js';
import { type Pipeline, quoteWord, type Script, type SimpleCommand } from './shell.js';

export type Env = Record<string, string | undefined>;

export interface SpawnRequest {
  file: string;
  args: string[];
  stdin: Buffer;
  cwd: string;
  env: Env;
  /** Send stderr to the same place as stdout (2>&1), preserving the interleaving. */
  merge: boolean;
  timeoutMs: number;
}

export interface SpawnResult {
  status: number | null;
  signal: string | null;
  stdout: Buffer;
  stderr: Buffer;
  /** Spawn failure (e.g. ENOENT) or timeout. */
  error?: { code?: string; message: string };
}

export type Exec<T> = Generator<SpawnRequest, T, SpawnResult>;

export interface ExecContext {
  cwd: string;
  env: Env;
  /** 'ours' (in-process), 'system' (FileCheck-22), or an executable name/path. */
  filecheck: string;
  /** Command prefix that `ttg-opt` / `triton-opt` expand to. */
  ttgOpt: string[];
  /** Extra tool mappings: name -> command prefix. */
  tools: Record<string, string[]>;
  timeoutMs: number;
  /** When set, `ttg-opt` / `triton-opt` run in-process through this function. */
  optInProcess?: import('./runner.js').InProcessOpt;
}

export interface CommandResult {
  code: number;
  crashed: boolean;
  out: Buffer;
  err: Buffer;
}

export interface ScriptResult {
  exitCode: number;
  stdout: Buffer;
  stderr: Buffer;
  /** lit-style log of executed commands, their stderr and failures. */
  log: string;
}

const EMPTY: Buffer = Buffer.alloc(0);
const FILECHECK_NAMES = new Set(['FileCheck', '%FileCheck']);

function isCrash(r: SpawnResult): boolean {
  return r.signal !== null || (r.status !== null && r.status >= 128 && r.status !== 255);
}

function readPath(ctx: ExecContext, p: string): Buffer {
  if (p === '/dev/null') return EMPTY;
  return readFileSync(resolve(ctx.cwd, p));
}

function splitFile(ctx: ExecContext, args: string[]): CommandResult {
  let leading = true;
  const pos: string[] = [];
  for (const a of args) {
    if (a === '--leading-lines') leading = true;
    else if (a === '--no-leading-lines') leading = false;
    else pos.push(a);
  }
  if (pos.length !== 2) return { code: 1, crashed: false, out: EMPTY, err: Buffer.from('split-file: expected <input> <output-dir>\n') };
  const text = readPath(ctx, pos[0]!).toString('utf8');
  const outDir = resolve(ctx.cwd, pos[1]!);
  const lines = text.split('\n');
  let current: string | undefined;
  let buf: string[] = [];
  const flush = (): void => {
    if (current === undefined) return;
    const p = join(outDir, current);
    mkdirSync(dirname(p), { recursive: true });
    writeFileSync(p, buf.join('\n') + (buf.length > 0 ? '\n' : ''));
  };
  lines.forEach((line, idx) => {
    const m = /^(?:\/\/|#|;|--|!)--- (\S+)\s*$/.exec(line);
    if (m) {
      flush();
      current = m[1];
      buf = leading ? new Array<string>(idx + 1).fill('') : [];
      return;
    }
    if (current !== undefined && !(idx === lines.length - 1 && line === '')) buf.push(line);
  });
  flush();
  mkdirSync(outDir, { recursive: true });
  return { code: 0, crashed: false, out: EMPTY, err: EMPTY };
}

function builtin(ctx: ExecContext, args: string[], stdin: Buffer): CommandResult | undefined {
  const ok = (out: Buffer | string = EMPTY): CommandResult => ({
    code: 0,
    crashed: false,
    out: typeof out === 'string' ? Buffer.from(out) : out,
    err: EMPTY,
  });
  const failWith = (msg: string, code = 1): CommandResult => ({ code, crashed: false, out: EMPTY, err: Buffer.from(msg) });
  const name = args[0]!;
  const rest = args.slice(1);
  try {
    switch (name) {
      case 'true':
      case ':':
        return ok();
      case 'false':
        return { code: 1, crashed: false, out: EMPTY, err: EMPTY };
      case 'echo': {
        let newline = true;
        let r = rest;
        if (r[0] === '-n') {
          newline = false;
          r = r.slice(1);
        }
        return ok(r.join(' ') + (newline ? '\n' : ''));
      }
      case 'cat': {
        if (rest.length === 0) return ok(stdin);
        return ok(Buffer.concat(rest.map((f) => (f === '-' ? stdin : readPath(ctx, f)))));
      }
      case 'count': {
        if (rest.length !== 1 || !/^[0-9]+$/.test(rest[0]!)) return failWith('count: usage: count <N>\n');
        const text = stdin.toString('latin1');
        let lines = 0;
        for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lines++;
        if (text.length > 0 && !text.endsWith('\n')) lines++;
        if (lines !== Number(rest[0])) return failWith(`Expected ${rest[0]} lines, got ${lines}.\n`);
        return ok();
      }
      case 'mkdir': {
        for (const d of rest.filter((a) => !a.startsWith('-'))) mkdirSync(resolve(ctx.cwd, d), { recursive: true });
        return ok();
      }
      case 'rm': {
        for (const f of rest.filter((a) => !a.startsWith('-'))) rmSync(resolve(ctx.cwd, f), { recursive: true, force: true });
        return ok();
      }
      case 'cd': {
        const d = resolve(ctx.cwd, rest[0] ?? '.');
        if (!statSync(d).isDirectory()) return failWith(`cd: ${d}: not a directory\n`);
        ctx.cwd = d;
        return ok();
      }
      case 'split-file':
        return splitFile(ctx, rest);
      default:
        return undefined;
    }
  } catch (e) {
    return failWith(`${name}: ${e instanceof Error ? e.message : String(e)}\n`);
  }
}

function* invoke(ctx: ExecContext, args: string[], stdin: Buffer, merge: boolean, env: Env): Exec<CommandResult> {
  let argv = args;
  // Leading VAR=value assignments.
  let envOverride: Env | undefined;
  while (argv.length > 1 && /^[A-Za-z_][A-Za-z0-9_]*=/.test(argv[0]!)) {
    envOverride ??= { ...env };
    const a = argv[0]!;
    const eq = a.indexOf('=');
    envOverride[a.slice(0, eq)] = a.slice(eq + 1);
    argv = argv.slice(1);
  }
  if (envOverride) return yield* invoke(ctx, argv, stdin, merge, envOverride);
  const name = argv[0]!;
  if (name === 'not') {
    let crash = false;
    let rest = argv.slice(1);
    if (rest[0] === '--crash') {
      crash = true;
      rest = rest.slice(1);
    }
    if (rest.length === 0) return { code: 1, crashed: false, out: EMPTY, err: Buffer.from('not: missing command\n') };
    const r = yield* invoke(ctx, rest, stdin, merge, env);
    if (crash) return { ...r, code: r.crashed ? 0 : 1, crashed: false };
    if (r.crashed) return { ...r, code: 1, crashed: false };
    return { ...r, code: r.code === 0 ? 1 : 0 };
  }
  if (name === 'env') {
    const e: Env = { ...env };
    let i = 1;
    for (; i < argv.length; i++) {
      const a = argv[i]!;
      if (a === '-u' && i + 1 < argv.length) {
        delete e[argv[++i]!];
        continue;
      }
      if (a === '-i' || a === '-') {
        for (const k of Object.keys(e)) delete e[k];
        continue;
      }
      const eq = a.indexOf('=');
      if (eq > 0) {
        e[a.slice(0, eq)] = a.slice(eq + 1);
        continue;
      }
      break;
    }
    if (i >= argv.length) {
      const out = Object.entries(e)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => `${k}=${v}\n`)
        .join('');
      return { code: 0, crashed: false, out: Buffer.from(out), err: EMPTY };
    }
    return yield* invoke(ctx, argv.slice(i), stdin, merge, e);
  }
  const useOurFileCheck = name === 'ttg-filecheck' || (FILECHECK_NAMES.has(name) && ctx.filecheck === 'ours');
  if (useOurFileCheck) {
    const r = fileCheckMain({ argv: argv.slice(1), stdin, cwd: ctx.cwd, env, progName: 'FileCheck' });
    return {
      code: r.exitCode,
      crashed: false,
      out: merge ? Buffer.concat([r.stdout, r.stderr]) : r.stdout,
      err: merge ? EMPTY : r.stderr,
    };
  }
  const b = builtin(ctx, argv, stdin);
  if (b !== undefined) {
    if (merge) return { ...b, out: Buffer.concat([b.out, b.err]), err: EMPTY };
    return b;
  }
  const inProcess = (name === 'ttg-opt' || name === 'triton-opt') && ctx.optInProcess ? ctx.optInProcess(argv.slice(1), stdin.toString('utf8')) : undefined;
  if (inProcess) {
    const r = inProcess;
    const out = merge ? Buffer.from(r.writes.map(([, t]) => t).join('')) : Buffer.from(r.stdout);
    return { code: r.exitCode, crashed: false, out, err: merge ? EMPTY : Buffer.from(r.stderr) };
  }
  let cmd: string[];
  if (name === 'ttg-opt' || name === 'triton-opt') cmd = [...ctx.ttgOpt, ...argv.slice(1)];
  else if (ctx.tools[name] !== undefined) cmd = [...ctx.tools[name]!, ...argv.slice(1)];
  else if (FILECHECK_NAMES.has(name)) cmd = [ctx.filecheck === 'system' ? 'FileCheck-22' : ctx.filecheck, ...argv.slice(1)];
  else cmd = argv;
  const res: SpawnResult = yield {
    file: cmd[0]!,
    args: cmd.slice(1),
    stdin,
    cwd: ctx.cwd,
    env,
    merge,
    timeoutMs: ctx.timeoutMs,
  };
  if (res.error !== undefined) {
    const msg =
      res.error.code === 'ENOENT'
        ? `'${cmd[0]}': command not found\n`
        : res.error.code === 'ETIMEDOUT'
          ? `'${cmd[0]}': timed out after ${ctx.timeoutMs / 1000} s\n`
          : `'${cmd[0]}': ${res.error.message}\n`;
    return {
      code: res.error.code === 'ENOENT' ? 127 : 124,
      crashed: false,
      out: res.stdout,
      err: Buffer.concat([res.stderr, Buffer.from(msg)]),
    };
  }
  return { code: res.status ?? 1, crashed: isCrash(res), out: res.stdout, err: res.stderr };
}

type Dest = { kind: 'out' } | { kind: 'err' } | { kind: 'file'; path: string; append: boolean };

interface StageResult extends CommandResult {
  display: string;
}

function* runStage(ctx: ExecContext, sc: SimpleCommand, pipeIn: Buffer): Exec<StageResult> {
  const display = sc.args.map(quoteWord).join(' ');
  const OUT: Dest = { kind: 'out' };
  const ERR: Dest = { kind: 'err' };
  const dests: Dest[] = [OUT, ERR];
  let stdin = pipeIn;
  const fail = (msg: string): StageResult => ({ code: 1, crashed: false, out: EMPTY, err: Buffer.from(msg), display });
  for (const r of sc.redirects) {
    if (r.op === '<') {
      if (r.fd !== 0) return fail(`unsupported redirection ${r.fd}<\n`);
      try {
        stdin = readPath(ctx, r.target);
      } catch (e) {
        return fail(`cannot read '${r.target}': ${e instanceof Error ? e.message : String(e)}\n`);
      }
      continue;
    }
    if (r.fd !== 1 && r.fd !== 2) return fail(`unsupported redirection of fd ${r.fd}\n`);
    if (r.op === '>&') {
      if (r.target !== '1' && r.target !== '2') return fail(`unsupported redirection >&${r.target}\n`);
      dests[r.fd - 1] = dests[Number(r.target) - 1]!;
      continue;
    }
    const path = resolve(ctx.cwd, r.target);
    dests[r.fd - 1] = { kind: 'file', path, append: r.op === '>>' };
    // Like a shell, create/truncate the file before running the command.
    if (r.target !== '/dev/null') {
      try {
        if (r.op === '>') writeFileSync(path, '');
        else appendFileSync(path, '');
      } catch (e) {
        return fail(`cannot write '${r.target}': ${e instanceof Error ? e.message : String(e)}\n`);
      }
    }
  }
  const [d1, d2] = dests as [Dest, Dest];
  const merge = d1 === d2;
  const res = yield* invoke(ctx, sc.args, stdin, merge, ctx.env);
  const outParts: Buffer[] = [];
  const errParts: Buffer[] = [];
  const route = (data: Buffer, d: Dest): void => {
    if (data.length === 0 && d.kind !== 'file') return;
    if (d.kind === 'out') outParts.push(data);
    else if (d.kind === 'err') errParts.push(data);
    else if (d.path !== '/dev/null') {
      appendFileSync(d.path, data);
    }
  };
  try {
    route(res.out, d1);
    if (!merge) route(res.err, d2);
  } catch (e) {
    errParts.push(Buffer.from(`cannot write output: ${e instanceof Error ? e.message : String(e)}\n`));
  }
  return { ...res, out: Buffer.concat(outParts), err: Buffer.concat(errParts), display };
}

function indentBlock(title: string, data: Buffer): string {
  const text = data.toString('utf8').replace(/\n$/, '');
  const lines = text.split('\n').map((l) => `# | ${l}`);
  return `# .---${title}${'-'.repeat(Math.max(3, 30 - title.length))}\n${lines.join('\n')}\n# \`-----------------------------\n`;
}

function* runPipeline(ctx: ExecContext, p: Pipeline, stdin: Buffer, log: string[]): Exec<CommandResult> {
  let input: Buffer = stdin;
  let code = 0;
  let crashed = false;
  const errs: Buffer[] = [];
  let out: Buffer = EMPTY;
  for (let i = 0; i < p.commands.length; i++) {
    const r = yield* runStage(ctx, p.commands[i]!, input);
    log.push(`# executed command: ${r.display}\n`);
    if (r.err.length > 0) log.push(indentBlock('command stderr', r.err));
    if (r.code !== 0) {
      if (i === p.commands.length - 1 && r.out.length > 0) log.push(indentBlock('command stdout', r.out));
      log.push(`# error: command failed with exit status: ${r.code}\n`);
      code = r.code;
      crashed = r.crashed;
    }
    errs.push(r.err);
    input = r.out;
    out = r.out;
  }
  return { code, crashed, out, err: Buffer.concat(errs) };
}

/** Execute a parsed script. `stdin` feeds the first stage of every pipeline that reads it. */
export function* runScript(ctx: ExecContext, script: Script, stdin: Buffer = EMPTY): Exec<ScriptResult> {
  const log: string[] = [];
  const outs: Buffer[] = [];
  const errs: Buffer[] = [];
  let code = 0;
  for (const list of script) {
    let r = yield* runPipeline(ctx, list.first, stdin, log);
    outs.push(r.out);
    errs.push(r.err);
    code = r.code;
    for (const { op, pipeline } of list.rest) {
      if ((op === '&&' && code !== 0) || (op === '||' && code === 0)) continue;
      r = yield* runPipeline(ctx, pipeline, stdin, log);
      outs.push(r.out);
      errs.push(r.err);
      code = r.code;
    }
  }
  return { exitCode: code, stdout: Buffer.concat(outs), stderr: Buffer.concat(errs), log: log.join('') };
}

// ---------------------------------------------------------------------------------------------
// Drivers

function mergedFile(): { fd: number; path: string; dir: string } {
  const dir = mkdtempSync(join(tmpdir(), 'ttg-lit-merge-'));
  const path = join(dir, 'out');
  return { fd: openSync(path, 'w+'), path, dir };
}

function childEnv(env: Env): NodeJS.ProcessEnv {
  const e: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(env)) if (v !== undefined) e[k] = v;
  return e;
}

export function spawnRequestSync(req: SpawnRequest): SpawnResult {
  let merged: { fd: number; path: string; dir: string } | undefined;
  try {
    if (req.merge) merged = mergedFile();
    const r = spawnSync(req.file, req.args, {
      input: req.stdin,
      cwd: req.cwd,
      env: childEnv(req.env),
      stdio: merged ? ['pipe', merged.fd, merged.fd] : ['pipe', 'pipe', 'pipe'],
      maxBuffer: 1 << 30,
      timeout: req.timeoutMs,
      killSignal: 'SIGKILL',
    });
    const stdout = merged ? readFileSync(merged.path) : (r.stdout ?? EMPTY);
    const stderr = merged ? EMPTY : (r.stderr ?? EMPTY);
    const err = r.error as (Error & { code?: string }) | undefined;
    if (err !== undefined && err.code !== 'EPIPE') {
      return { status: r.status, signal: r.signal, stdout, stderr, error: { code: err.code, message: err.message } };
    }
    return { status: r.status, signal: r.signal, stdout, stderr };
  } finally {
    if (merged) {
      closeSync(merged.fd);
      rmSync(merged.dir, { recursive: true, force: true });
    }
  }
}

export function spawnRequestAsync(req: SpawnRequest): Promise<SpawnResult> {
  return new Promise((resolvePromise) => {
    let merged: { fd: number; path: string; dir: string } | undefined;
    const cleanup = (): void => {
      if (merged) {
        closeSync(merged.fd);
        rmSync(merged.dir, { recursive: true, force: true });
      }
    };
    try {
      if (req.merge) merged = mergedFile();
    } catch (e) {
      resolvePromise({ status: null, signal: null, stdout: EMPTY, stderr: EMPTY, error: { message: String(e) } });
      return;
    }
    const child = spawn(req.file, req.args, {
      cwd: req.cwd,
      env: childEnv(req.env),
      stdio: merged ? ['pipe', merged.fd, merged.fd] : ['pipe', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout?.on('data', (d: Buffer) => out.push(d));
    child.stderr?.on('data', (d: Buffer) => err.push(d));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, req.timeoutMs);
    let settled = false;
    const settle = (r: SpawnResult): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      cleanup();
      resolvePromise(r);
    };
    child.on('error', (e: Error & { code?: string }) => {
      // Spawn failures (ENOENT, ...) may not be followed by 'close'.
      if (child.pid === undefined) {
        settle({ status: null, signal: null, stdout: EMPTY, stderr: EMPTY, error: { code: e.code, message: e.message } });
      }
    });
    child.stdin?.on('error', () => undefined);
    child.stdin?.end(req.stdin);
    child.on('close', (status, signal) => {
      if (settled) return;
      const stdout = merged ? readFileSync(merged.path) : Buffer.concat(out);
      const base = { status, signal, stdout, stderr: Buffer.concat(err) };
      if (timedOut) settle({ ...base, error: { code: 'ETIMEDOUT', message: 'timed out' } });
      else settle(base);
    });
  });
}

export function driveSync<T>(gen: Exec<T>): T {
  let step = gen.next();
  while (!step.done) step = gen.next(spawnRequestSync(step.value));
  return step.value;
}

export async function driveAsync<T>(gen: Exec<T>): Promise<T> {
  let step = gen.next();
  while (!step.done) step = gen.next(await spawnRequestAsync(step.value));
  return step.value;
}
