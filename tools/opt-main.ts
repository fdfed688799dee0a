/**
 * The ttg-opt driver as a library: `runOpt(args, stdin)` does what the `ttg-opt` binary does and returns
 * `{ exitCode, stdout, stderr }` instead of touching the process, so tests and other tools run it in-process.
 *
 * Command line (triton-opt / mlir-opt compatible):
 *   ttg-opt [input|-] [-o out] [--split-input-file] [--<pass>[=opt=v opt2=v2]]... [--pass-pipeline='builtin.module(...)']
 *           [--mlir-print-ir-after-all] [--mlir-print-ir-before-all] [--mlir-print-debuginfo] [--mlir-print-op-generic]
 *           [--allow-unregistered-dialect] [--verify-diagnostics] [--verify-each[=false]] [--help] [--list-passes]
 * Options take one or two dashes (`-split-input-file`, `-tritongpu-coalesce`). Pass flags run in command-line order.
 *
 * Exit status: 0 on success, 1 on any error in the input (diagnostics on stderr, `-o` left untouched), 2 on an
 * internal error (a bug: `internal error: ...`).
 */
import { readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, basename, join } from 'node:path';
import '../dialect/index.js';
import { Diagnostic, DiagnosticError, isStackOverflow, NESTED_TOO_DEEPLY, renderDiagnostic, SourceManager } from '../dialect/ir/diagnostics.js';
import type { Operation } from '../dialect/ir/ir.js';
import { verifyOperation } from '../dialect/ir/verifier.js';
import { ParseError, Parser } from '../parser/parser.js';
import { OutputTooLargeError, printOpForDiagnostic, printOperation, type PrintOptions } from '../printer/printer.js';
import { closestPasses, getPass, allPasses, parsePassOptions, PassOptionError, type Pass } from '../transforms/pass.js';
import { isTriton36Pass, unimplementedTritonPassNote } from '../transforms/triton-36-passes.js';
import { describeOptions } from '../transforms/pass-options.js';
import { runPipeline, type PipelineEntry } from '../transforms/pass-manager.js';
import { parsePipeline, PipelineSyntaxError } from '../transforms/pipeline-parser.js';
import { splitInput } from './split-input.js';
import { collectExpected, verifyDiagnostics } from './verify-diagnostics.js';

export interface OptResult {
  exitCode: number;
  stdout: string;
  stderr: string;
  /** Everything written, in order, by stream (1 = stdout, 2 = stderr), for callers that merge the two. */
  writes: [1 | 2, string][];
}

const TOOL = 'ttg-opt';

// ---- command line --------------------------------------------------------------------------------

type FlagKind = 'bool' | 'value';
interface FlagSpec {
  kind: FlagKind;
  description: string;
  /** Accepted but without effect (flags upstream RUN lines use that only matter to MLIR's internals). */
  ignored?: boolean;
}

/** The generic options (everything but pass flags), by name without dashes. */
export const GENERIC_OPTIONS: Record<string, FlagSpec> = {
  o: { kind: 'value', description: 'Output filename (default: stdout)' },
  'split-input-file': { kind: 'bool', description: "Split the input file at '// -----' and process each chunk independently" },
  'pass-pipeline': { kind: 'value', description: "Textual pass pipeline, e.g. 'builtin.module(cse,tritongpu-coalesce)'" },
  'mlir-print-ir-after-all': { kind: 'bool', description: 'Print the IR after every pass (to stderr)' },
  'mlir-print-ir-before-all': { kind: 'bool', description: 'Print the IR before every pass (to stderr)' },
  'mlir-print-debuginfo': { kind: 'bool', description: 'Print locations (loc(...)) in the output' },
  'mlir-print-op-generic': { kind: 'bool', description: 'Print every operation in the generic form' },
  'allow-unregistered-dialect': { kind: 'bool', description: 'Allow operations of unknown dialects' },
  'verify-diagnostics': { kind: 'bool', description: 'Check diagnostics against expected-* comments in the input' },
  'verify-each': { kind: 'bool', description: 'Verify the IR after each pass (default: true)' },
  help: { kind: 'bool', description: 'Show this help and the registered passes' },
  'list-passes': { kind: 'bool', description: 'List the registered passes' },
  'mlir-disable-threading': { kind: 'bool', description: 'Accepted for compatibility (ttg-opt is single-threaded)', ignored: true },
  'mlir-print-local-scope': { kind: 'bool', description: 'Print types and attributes in full where used (no aliases)' },
  'mlir-print-ir-module-scope': { kind: 'bool', description: 'Accepted for compatibility (dumps always show the module)', ignored: true },
  'mlir-pretty-debuginfo': { kind: 'bool', description: 'Accepted for compatibility', ignored: true },
  'mlir-print-value-users': { kind: 'bool', description: 'Accepted for compatibility', ignored: true },
  'mlir-use-nameloc-as-prefix': { kind: 'bool', description: 'Use NameLoc names as SSA value names' },
  'keep-arg-names': {
    kind: 'bool',
    description: 'Keep the names of region arguments written without loc(...) (scf.for %k) for --mlir-print-debuginfo (triton-opt prints %argN)',
  },
};
const ALIASES: Record<string, string> = { h: 'help', 'help-list': 'help', 'help-hidden': 'help' };

export interface OptConfig {
  input: string;
  output: string | undefined;
  split: boolean;
  pipelineText: string | undefined;
  /** Pass flags in command-line order: name and option text. */
  passFlags: { name: string; options: string | undefined; arg: string }[];
  printAfter: boolean;
  printBefore: boolean;
  debugInfo: boolean;
  generic: boolean;
  allowUnregistered: boolean;
  verifyDiagnostics: boolean;
  verifyEach: boolean;
  help: boolean;
  listPasses: boolean;
  nameLocAsPrefix: boolean | undefined;
  keepArgNames: boolean;
  localScope: boolean;
}

class UsageError extends Error {}

function parseBool(name: string, v: string): boolean {
  const l = v.toLowerCase();
  if (l === 'true' || l === '1' || l === '') return true;
  if (l === 'false' || l === '0') return false;
  throw new UsageError(`${TOOL}: for the --${name} option: '${v}' is invalid value for boolean argument! Try 0 or 1`);
}

/** Splits argv into generic options, pass flags (not yet checked against the registry) and the input. */
export function parseCommandLine(args: readonly string[]): OptConfig {
  const cfg: OptConfig = {
    input: '-',
    output: undefined,
    split: false,
    pipelineText: undefined,
    passFlags: [],
    printAfter: false,
    printBefore: false,
    debugInfo: false,
    generic: false,
    allowUnregistered: false,
    verifyDiagnostics: false,
    verifyEach: true,
    help: false,
    listPasses: false,
    keepArgNames: false,
    localScope: false,
    nameLocAsPrefix: undefined,
  };
  let sawInput = false;
  let onlyPositional = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (onlyPositional || a === '-' || !a.startsWith('-')) {
      if (sawInput) throw new UsageError(`${TOOL}: Too many positional arguments specified!\nCan specify at most 1 positional arguments: See: ${TOOL} --help`);
      cfg.input = a;
      sawInput = true;
      continue;
    }
    if (a === '--') {
      onlyPositional = true;
      continue;
    }
    const body = a.replace(/^--?/, '');
    const eq = body.indexOf('=');
    let name = eq < 0 ? body : body.slice(0, eq);
    let value: string | undefined = eq < 0 ? undefined : body.slice(eq + 1);
    name = ALIASES[name] ?? name;
    const spec = GENERIC_OPTIONS[name];
    if (!spec) {
      cfg.passFlags.push({ name, options: value, arg: a });
      continue;
    }
    if (spec.kind === 'value' && value === undefined) {
      const next = args[i + 1];
      if (next === undefined) throw new UsageError(`${TOOL}: for the -${name} option: requires a value!`);
      value = next;
      i++;
    }
    switch (name) {
      case 'o':
        cfg.output = value;
        break;
      case 'pass-pipeline':
        cfg.pipelineText = value;
        break;
      case 'split-input-file':
        // Newer MLIR accepts `--split-input-file=<marker>`; only the default marker is supported.
        cfg.split = value === undefined || value === '' || value === '// -----' ? true : parseBool(name, value);
        break;
      case 'mlir-print-ir-after-all':
        cfg.printAfter = parseBool(name, value ?? '');
        break;
      case 'mlir-print-ir-before-all':
        cfg.printBefore = parseBool(name, value ?? '');
        break;
      case 'mlir-print-debuginfo':
        cfg.debugInfo = parseBool(name, value ?? '');
        break;
      case 'mlir-print-op-generic':
        cfg.generic = parseBool(name, value ?? '');
        break;
      case 'allow-unregistered-dialect':
        cfg.allowUnregistered = parseBool(name, value ?? '');
        break;
      case 'verify-diagnostics':
        cfg.verifyDiagnostics = parseBool(name, value ?? '');
        break;
      case 'verify-each':
        cfg.verifyEach = parseBool(name, value ?? '');
        break;
      case 'help':
        cfg.help = true;
        break;
      case 'list-passes':
        cfg.listPasses = true;
        break;
      case 'mlir-print-local-scope':
        cfg.localScope = parseBool(name, value ?? '');
        break;
      case 'mlir-use-nameloc-as-prefix':
        cfg.nameLocAsPrefix = parseBool(name, value ?? '');
        break;
      case 'keep-arg-names':
        cfg.keepArgNames = parseBool(name, value ?? '');
        break;
      default:
        if (spec.kind === 'bool') parseBool(name, value ?? '');
    }
  }
  return cfg;
}

/** Resolves pass flags and `--pass-pipeline` against the registry. */
function buildPipeline(cfg: OptConfig): PipelineEntry[] {
  const entries: PipelineEntry[] = [];
  const unknown: string[] = [];
  if (cfg.pipelineText !== undefined && cfg.passFlags.length) {
    const bad = cfg.passFlags.filter((f) => getPass(f.name));
    if (bad.length) throw new UsageError(`${TOOL}: '--pass-pipeline' option can't be used with individual pass options`);
  }
  for (const f of cfg.passFlags) {
    const pass = getPass(f.name);
    if (!pass) {
      unknown.push(f.arg);
      continue;
    }
    entries.push(makeEntry(pass, f.options));
  }
  if (unknown.length) {
    const first = unknown[0]!;
    const name = first.replace(/^--?/, '').split('=')[0]!;
    const names = [...allPasses().map((p) => p.name), ...Object.keys(GENERIC_OPTIONS)];
    let msg = `${TOOL}: Unknown command line argument '${first}'.  Try: '${TOOL} --help'`;
    // A real Triton 3.6 pass we lack is said to be one; only other names get a "did you mean".
    if (isTriton36Pass(name)) msg += `\n${TOOL}: ${unimplementedTritonPassNote(`--${name}`)}`;
    else {
      const near = closestPasses(name, names);
      if (near.length) msg += `\n${TOOL}: Did you mean ${near.map((n) => `'--${n}'`).join(' or ')}?`;
    }
    throw new UsageError(msg);
  }
  if (cfg.pipelineText !== undefined) {
    let elements;
    try {
      elements = parsePipeline(cfg.pipelineText);
    } catch (e) {
      if (e instanceof PipelineSyntaxError) throw new UsageError(`${TOOL}: invalid pass pipeline '${cfg.pipelineText}': ${e.message} (at offset ${e.pos})`);
      throw e;
    }
    for (const el of elements) {
      const pass = getPass(el.name);
      if (!pass) {
        const near = closestPasses(el.name);
        const hint = isTriton36Pass(el.name)
          ? `\n${TOOL}: ${unimplementedTritonPassNote(el.name)}`
          : near.length
            ? `\n${TOOL}: Did you mean ${near.map((n) => `'${n}'`).join(' or ')}?`
            : '';
        throw new UsageError(`${TOOL}: '${el.name}' does not refer to a registered pass or pass pipeline${hint}`);
      }
      entries.push(makeEntry(pass, el.options, true));
    }
  }
  return entries;
}

/**
 * Parses a pass's options once, against its schema. A bad option gives triton-opt's text: MLIR's option parser
 * error, and for an element of `--pass-pipeline` also "failed to add `<pass>` with options `<text>`".
 */
function makeEntry(pass: Pass, optionText: string | undefined, inPipeline = false): PipelineEntry {
  try {
    return { pass, options: parsePassOptions(pass, optionText ?? ''), ...(optionText !== undefined ? { optionText } : {}) };
  } catch (e) {
    if (!(e instanceof PassOptionError)) throw e;
    const added = inPipeline ? `failed to add \`${pass.name}\` with options \`${optionText ?? ''}\`\n\n` : '';
    throw new UsageError(e.render(TOOL) + added);
  }
}

// ---- help ----------------------------------------------------------------------------------------

/** Every pass with its options (type, default, an enum's values), from the schemas the passes are parsed with. */
function passListing(): string {
  let s = '';
  for (const p of allPasses()) {
    s += `  --${p.name.padEnd(44)} - ${p.description}\n`;
    for (const o of describeOptions(p.options ?? {})) s += `      ${o.flag.padEnd(42)} - ${o.text}\n`;
  }
  return s;
}

let loadYargs: () => Promise<unknown> = () => import('yargs');
/** How --help gets yargs (the bin passes its own `import('yargs')`: a bundled driver cannot import modules). */
export function setHelpLoader(load: () => Promise<unknown>): void {
  loadYargs = load;
}

async function helpText(): Promise<string> {
  const { default: yargs } = (await loadYargs()) as typeof import('yargs');
  const y = yargs([])
    .scriptName(TOOL)
    .usage(`${TOOL} [options] [input file|-]\n\nTritonGPU optimizer driver: parses MLIR, runs passes, prints the result (a TypeScript triton-opt).`)
    .version(false)
    .help(false)
    .wrap(null);
  for (const [name, spec] of Object.entries(GENERIC_OPTIONS)) {
    if (spec.ignored) continue;
    y.option(name, { type: spec.kind === 'bool' ? 'boolean' : 'string', description: spec.description });
  }
  y.epilogue(`Passes (run in command-line order; options as --pass=opt1=v1 opt2=v2):\n${passListing()}`);
  return (await y.getHelp()) + '\n';
}

// ---- processing ----------------------------------------------------------------------------------

/** Output streams, recorded in write order. */
class Sink {
  readonly writes: [1 | 2, string][] = [];
  readonly out = { push: (t: string): void => void this.writes.push([1, t]) };
  readonly err = { push: (t: string): void => void this.writes.push([2, t]) };
  text(fd: 1 | 2): string {
    return this.writes
      .filter((w) => w[0] === fd)
      .map((w) => w[1])
      .join('');
  }
}

function printOpts(cfg: OptConfig): PrintOptions {
  return {
    debugInfo: cfg.debugInfo,
    generic: cfg.generic,
    ...(cfg.nameLocAsPrefix !== undefined ? { nameLocAsPrefix: cfg.nameLocAsPrefix } : {}),
    ...(cfg.localScope ? { localScope: true } : {}),
  };
}

/** MLIR's `see current operation: <op in generic form>` note on errors about an op. */
function attachCurrentOpNote(d: Diagnostic): void {
  if (!d.op || d.severity !== 'error') return;
  let text: string;
  try {
    text = printOpForDiagnostic(d.op, { generic: true });
  } catch {
    return;
  }
  d.notes.unshift(new Diagnostic('note', `see current operation: ${text}`, d.op.loc));
}

/**
 * Parses, verifies, transforms and prints one buffer (a whole file or one `// -----` chunk). Returns the printed
 * module, or undefined on failure; diagnostics are appended to `diags` in the order they were produced.
 */
function processBuffer(
  text: string,
  file: string,
  lineOffset: number,
  base: number,
  cfg: OptConfig,
  pipeline: readonly PipelineEntry[],
  diags: Diagnostic[],
  sink: Sink,
): string | undefined {
  let module: Operation;
  let parser: Parser | undefined;
  try {
    parser = new Parser(text, { filename: file, lineOffset, allowUnregistered: cfg.allowUnregistered, keepArgNames: cfg.keepArgNames });
    module = parser.parseModule();
  } catch (e) {
    if (e instanceof ParseError) {
      diags.push(new Diagnostic('error', e.message, { file, offset: base + e.pos }));
      return undefined;
    }
    if (e instanceof DiagnosticError) {
      diags.push(e.diagnostic);
      return undefined;
    }
    // A dialect hook choked on malformed input: report it where the parser stopped.
    const message = isStackOverflow(e) ? NESTED_TOO_DEEPLY : e instanceof Error ? e.message : String(e);
    diags.push(new Diagnostic('error', message, { file, offset: base + (parser?.pos() ?? 0) }));
    return undefined;
  }
  let d: Diagnostic | undefined;
  try {
    d = verifyOperation(module, { allowUnregistered: cfg.allowUnregistered });
  } catch (e) {
    // The verifier recursing through IR nested deeper than the stack allows.
    if (!isStackOverflow(e)) throw e;
    d = new Diagnostic('error', NESTED_TOO_DEEPLY, module.loc);
  }
  if (d) {
    diags.push(d);
    return undefined;
  }
  if (pipeline.length) {
    const po = printOpts(cfg);
    const r = runPipeline(module, pipeline, {
      verifyEach: cfg.verifyEach,
      printIRBefore: cfg.printBefore,
      printIRAfter: cfg.printAfter,
      dump: (t) => sink.err.push(t),
      print: (m) => printOperation(m, po),
      allowUnregistered: cfg.allowUnregistered,
    });
    diags.push(...r.diagnostics);
    if (!r.ok) return undefined;
  }
  try {
    return printOperation(module, printOpts(cfg));
  } catch (e) {
    if (!(e instanceof OutputTooLargeError)) throw e;
    diags.push(new Diagnostic('error', `output too large: ${e.message}`, module.loc));
    return undefined;
  }
}

function readInput(cfg: OptConfig, stdin: string | undefined): { name: string; text: string } {
  if (cfg.input === '-') return { name: '<stdin>', text: stdin ?? readFileSync(0, 'utf8') };
  try {
    return { name: cfg.input, text: readFileSync(cfg.input, 'utf8') };
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'No such file or directory' : code === 'EISDIR' ? 'Is a directory' : (e as Error).message;
    throw new UsageError(`${TOOL}: could not open input file '${cfg.input}': ${why}`);
  }
}

function writeOutputFile(path: string, text: string): void {
  const tmp = join(dirname(path), `.${basename(path)}.${process.pid}.tmp`);
  try {
    writeFileSync(tmp, text);
    renameSync(tmp, path);
  } catch (e) {
    try {
      unlinkSync(tmp);
    } catch {
      // nothing to clean up
    }
    throw new UsageError(`${TOOL}: could not write output file '${path}': ${(e as Error).message}`);
  }
}

/** Runs the tool with the registry as it is now (passes must already be registered). */
export function runOptSync(args: readonly string[], stdin?: string): OptResult {
  const sink = new Sink();
  let exitCode = 0;
  try {
    const cfg = parseCommandLine(args);
    if (cfg.listPasses) {
      for (const p of allPasses()) sink.out.push(`${p.name}\t${p.description}\n`);
      return done(0, sink);
    }
    exitCode = runTool(cfg, stdin, sink);
  } catch (e) {
    if (e instanceof UsageError) {
      sink.err.push(e.message.endsWith('\n') ? e.message : e.message + '\n');
      exitCode = 1;
    } else {
      sink.err.push(`${TOOL}: internal error: ${e instanceof Error ? e.message : String(e)}\n`);
      if (process.env.TTG_OPT_DEBUG && e instanceof Error && e.stack) sink.err.push(e.stack + '\n');
      exitCode = 2;
    }
  }
  return done(exitCode, sink);
}

function done(exitCode: number, sink: Sink): OptResult {
  return { exitCode, stdout: sink.text(1), stderr: sink.text(2), writes: sink.writes };
}

function runTool(cfg: OptConfig, stdin: string | undefined, sink: Sink): number {
  const pipeline = buildPipeline(cfg);
  const { name, text } = readInput(cfg, stdin);
  const sources = new SourceManager();
  sources.add(name, text);
  const { chunks, nearMisses } = splitInput(text, cfg.split);
  for (const at of nearMisses) sink.err.push(renderDiagnostic(new Diagnostic('warning', 'near miss with file split marker', { file: name, offset: at }), sources));
  let failed = false;
  const toFile = cfg.output !== undefined && cfg.output !== '-';
  const outputs: string[] = [];
  // mlir-opt prints each chunk's module followed by '\n' and joins chunks with the split marker line.
  const SEPARATOR = '// -----\n';
  for (const [i, chunk] of chunks.entries()) {
    const diags: Diagnostic[] = [];
    let out: string | undefined;
    try {
      out = processBuffer(chunk.text, name, chunk.lineOffset, chunk.base, cfg, pipeline, diags, sink);
    } catch (e) {
      if (e instanceof DiagnosticError) diags.push(e.diagnostic);
      else throw e;
    }
    if (cfg.verifyDiagnostics) {
      const problems: Diagnostic[] = [];
      const expected = collectExpected(chunk.text, chunk.base, chunk.lineOffset, problems, name);
      problems.push(...verifyDiagnostics(diags, expected, name, sources));
      for (const p of problems) sink.err.push(renderDiagnostic(p, sources));
      if (problems.length) failed = true;
    } else {
      for (const d of diags) {
        attachCurrentOpNote(d);
        sink.err.push(renderDiagnostic(d, sources));
      }
      if (diags.some((d) => d.severity === 'error')) failed = true;
    }
    if (out === undefined && !cfg.verifyDiagnostics) failed = true;
    if (out !== undefined) out += '\n';
    outputs.push(out ?? '');
    // Each chunk's output goes out when the chunk is done (after its diagnostics), as mlir-opt interleaves them.
    if (!toFile) sink.out.push((i ? SEPARATOR : '') + (out ?? ''));
  }
  if (toFile && !failed) writeOutputFile(cfg.output!, outputs.join(SEPARATOR));
  return failed ? 1 : 0;
}

/** Loads the pass registry (lazily: only when the command line needs passes), then runs the tool. */
export async function runOpt(args: readonly string[], stdin?: string): Promise<OptResult> {
  let cfg: OptConfig | undefined;
  try {
    cfg = parseCommandLine(args);
  } catch {
    cfg = undefined;
  }
  if (!cfg || cfg.passFlags.length || cfg.pipelineText !== undefined || cfg.help || cfg.listPasses) await import('./passes.js');
  if (cfg?.help) {
    const text = await helpText();
    return { exitCode: 0, stdout: text, stderr: '', writes: [[1, text]] };
  }
  return runOptSync(args, stdin);
}
