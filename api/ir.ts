/**
 * `ttg-opt/ir`: parse MLIR text, run a pass pipeline, print the result; diagnostics come back as objects.
 *
 * ```ts
 * import { optimize, parse, print, run } from 'ttg-opt/ir';
 * const r = optimize(text, 'builtin.module(convert-triton-to-tritongpu{target=cuda:80 num-warps=4}, tritongpu-coalesce)');
 * if (!r.ok) for (const d of r.diagnostics) console.error(`${d.line}:${d.column}: ${d.severity}: ${d.message}`);
 * else console.log(r.output);
 * ```
 *
 * `parse` returns the module operation (an `Operation`: `walk`, `getAttr`, regions and blocks); `run` transforms
 * one in place; `print` prints it as `ttg-opt` does. `runOpt` / `runOptSync` are the whole `ttg-opt` command line
 * in-process (`{ exitCode, stdout, stderr }`).
 */
import '../dialect/index.js';
import '../tools/passes.js';
import { Diagnostic, DiagnosticError, resolveLoc, SourceManager, type Severity } from '../dialect/ir/diagnostics.js';
import type { Operation } from '../dialect/ir/ir.js';
import { verifyOperation } from '../dialect/ir/verifier.js';
import { ParseError, Parser } from '../parser/parser.js';
import { printOperation, type PrintOptions } from '../printer/printer.js';
import { allPasses, getPass, parsePassOptions } from '../transforms/pass.js';
import { runPipeline, type PipelineEntry } from '../transforms/pass-manager.js';
import { parsePipeline } from '../transforms/pipeline-parser.js';

export type { Operation } from '../dialect/ir/ir.js';
export type { PrintOptions } from '../printer/printer.js';
export { runOpt, runOptSync, type OptResult } from '../tools/opt-main.js';

/** A diagnostic as data: severity, message, where (when known) and its notes. */
export interface DiagnosticInfo {
  severity: Severity;
  message: string;
  file?: string;
  line?: number;
  column?: number;
  notes: DiagnosticInfo[];
}

/** Thrown by `parse` and `run` (with `throwOnError`): the diagnostics that made the input invalid. */
export class IRError extends Error {
  constructor(readonly diagnostics: DiagnosticInfo[]) {
    const d = diagnostics[0];
    super(d ? `${d.file ?? '<input>'}:${d.line ?? 0}:${d.column ?? 0}: ${d.severity}: ${d.message}` : 'invalid IR');
  }
}

export interface ParseOptions {
  /** The name locations and diagnostics use (default `<input>`). */
  filename?: string;
  /** Accept operations of dialects ttg-opt does not know (kept opaque). */
  allowUnregistered?: boolean;
}

function info(d: Diagnostic, sources: SourceManager): DiagnosticInfo {
  const at = resolveLoc(d.loc, sources);
  return {
    severity: d.severity,
    message: d.message,
    ...(at ? { file: at.file, line: at.line, column: at.col } : {}),
    notes: d.notes.map((n) => info(n, sources)),
  };
}

/** Parses and verifies MLIR text; throws `IRError` with located diagnostics when it is invalid. */
export function parse(text: string, opts: ParseOptions = {}): Operation {
  const filename = opts.filename ?? '<input>';
  const sources = new SourceManager();
  sources.add(filename, text);
  let d: Diagnostic | undefined;
  try {
    const module = new Parser(text, { filename, allowUnregistered: opts.allowUnregistered }).parseModule();
    d = verifyOperation(module, { allowUnregistered: opts.allowUnregistered });
    if (!d) return module;
  } catch (e) {
    if (e instanceof ParseError) d = new Diagnostic('error', e.message, { file: filename, offset: e.pos });
    else if (e instanceof DiagnosticError) d = e.diagnostic;
    else throw e;
  }
  throw new IRError([info(d, sources)]);
}

/** Prints an operation (a module) as `ttg-opt` prints its output. */
export function print(op: Operation, opts: PrintOptions = {}): string {
  return printOperation(op, opts);
}

/** The names and descriptions of the registered passes. */
export function listPasses(): { name: string; description: string }[] {
  return allPasses().map((p) => ({ name: p.name, description: p.description }));
}

/** Resolves a pipeline (`builtin.module(cse, tritongpu-coalesce{...})` or `cse, tritongpu-coalesce`). */
function resolvePipeline(pipeline: string): PipelineEntry[] {
  const text = /^\s*builtin\.module\s*\(/.test(pipeline) ? pipeline : `builtin.module(${pipeline})`;
  return parsePipeline(text).map((el) => {
    const pass = getPass(el.name);
    if (!pass) throw new TypeError(`'${el.name}' does not refer to a registered pass`);
    return { pass, options: parsePassOptions(pass, el.options ?? ''), ...(el.options !== undefined ? { optionText: el.options } : {}) };
  });
}

export interface RunResult {
  ok: boolean;
  diagnostics: DiagnosticInfo[];
}

export interface RunOptions {
  /** Verify the IR after each pass (default true). */
  verifyEach?: boolean;
  /** Source text of the module, so diagnostics get lines and columns for parse-time offsets. */
  sources?: { filename: string; text: string };
}

/**
 * Runs a pass pipeline on a module in place. An unknown pass or bad option throws `TypeError`/`PassOptionError`;
 * a pass failing on the IR returns `ok: false` with its diagnostics.
 */
export function run(module: Operation, pipeline: string, opts: RunOptions = {}): RunResult {
  const entries = resolvePipeline(pipeline);
  const sources = new SourceManager();
  if (opts.sources) sources.add(opts.sources.filename, opts.sources.text);
  const r = runPipeline(module, entries, { verifyEach: opts.verifyEach ?? true });
  return { ok: r.ok, diagnostics: r.diagnostics.map((d) => info(d, sources)) };
}

export interface OptimizeResult extends RunResult {
  /** The printed module after the pipeline (when ok). */
  output?: string;
  /** The module after the pipeline (when it parsed). */
  module?: Operation;
}

/** Parses `text`, runs `pipeline` on it and prints the result; never throws for bad IR (see `diagnostics`). */
export function optimize(text: string, pipeline: string, opts: ParseOptions & PrintOptions = {}): OptimizeResult {
  let module: Operation;
  try {
    module = parse(text, opts);
  } catch (e) {
    if (e instanceof IRError) return { ok: false, diagnostics: e.diagnostics };
    throw e;
  }
  const r = run(module, pipeline, { sources: { filename: opts.filename ?? '<input>', text } });
  if (!r.ok) return { ...r, module };
  return { ...r, module, output: printOperation(module, opts) + '\n' };
}
