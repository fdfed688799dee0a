// FileCheck command line handling, shared by bin/ttg-filecheck and the lit runner's in-process
// FileCheck.  Options follow LLVM's cl conventions: `-opt` and `--opt` are equivalent, values
// may be given as `-opt=value` or `-opt value`, list options may repeat, `-DVAR=value` works.
// (A hand-written parser is used instead of yargs because yargs cannot parse LLVM-style
// single-dash long options such as `-check-prefix=FOO`.)

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { defaultRequest, type DumpInput, type DumpInputFilter, type FileCheckRequest, runFileCheck } from './filecheck.js';

export const FILECHECK_USAGE = `OVERVIEW: FileCheck (ttg-filecheck): reads two files, one from stdin, and verifies that the
lines in the stdin match the patterns in the check file.

USAGE: ttg-filecheck [options] <check-file>

OPTIONS:
  --allow-deprecated-dag-overlap  Enable overlapping among matches in a group of consecutive CHECK-DAG directives
  --allow-empty                   Allow the input file to be empty
  --allow-unused-prefixes         Allow prefixes to be specified but not appear in the test
  --check-prefix=<prefix>         Prefix to use from check file (defaults to 'CHECK'); may repeat
  --check-prefixes=<p1,p2,...>    Alias for -check-prefix permitting multiple comma separated values
  --comment-prefixes=<p1,p2,...>  Comment prefixes (defaults to 'COM,RUN')
  -D<VAR=VALUE>                   Define a string variable; -D#<FMT,>VAR=EXPR defines a numeric one
  --dump-input=<value>            Dump input to stderr: help, always, fail (default), never
  --dump-input-context=<N>        Lines of context around filtered lines in the input dump (default 5)
  --dump-input-filter=<value>     all, annotation-full, annotation, error
  --enable-var-scope              Variables without a '$' prefix are cleared at each CHECK-LABEL
  --ignore-case                   Case-insensitive matching
  --implicit-check-not=<pattern>  Add an implicit negative check with this pattern to every positive check
  --input-file=<file>             File to check (defaults to stdin)
  --match-full-lines              Require all positive matches to cover an entire input line
  --strict-whitespace             Do not treat all horizontal whitespace as equivalent
  -v, -vv                         Print information on successful matches (-vv: more)
  --color                         Accepted and ignored
  --help, --version

The environment variable FILECHECK_OPTS supplies extra options (before the command line ones).
Exit status: 0 = all checks passed, 1 = a check failed, 2 = usage or check file error.
`;

export interface FileCheckArgs {
  req: FileCheckRequest;
  checkFile: string | undefined;
  inputFile: string;
  help: boolean;
  version: boolean;
}

export class UsageError extends Error {}

type OptKind = 'flag' | 'value';
const OPTIONS: Record<string, OptKind> = {
  'input-file': 'value',
  'check-prefix': 'value',
  'check-prefixes': 'value',
  'comment-prefixes': 'value',
  'allow-unused-prefixes': 'flag',
  'strict-whitespace': 'flag',
  'ignore-case': 'flag',
  'implicit-check-not': 'value',
  'match-full-lines': 'flag',
  'allow-empty': 'flag',
  'enable-var-scope': 'flag',
  'allow-deprecated-dag-overlap': 'flag',
  'dump-input': 'value',
  'dump-input-filter': 'value',
  'dump-input-context': 'value',
  v: 'flag',
  vv: 'flag',
  color: 'flag',
  help: 'flag',
  h: 'flag',
  version: 'flag',
};

const DUMP_INPUT_ORDER: DumpInput[] = ['help', 'always', 'fail', 'never'];
const DUMP_FILTER_ORDER: DumpInputFilter[] = ['all', 'annotation-full', 'annotation', 'error'];

function parseBool(name: string, v: string | undefined): boolean {
  if (v === undefined) return true;
  if (['true', 'TRUE', 'True', '1'].includes(v)) return true;
  if (['false', 'FALSE', 'False', '0'].includes(v)) return false;
  throw new UsageError(`for the --${name} option: '${v}' is invalid value for boolean argument! Try 0 or 1`);
}

/** Split an option string like FILECHECK_OPTS (whitespace separated, with quotes). */
export function tokenizeOptions(s: string): string[] {
  const out: string[] = [];
  let cur = '';
  let has = false;
  let q: string | undefined;
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (q !== undefined) {
      if (c === q) q = undefined;
      else if (c === '\\' && q === '"' && i + 1 < s.length) cur += s[++i];
      else cur += c;
      continue;
    }
    if (c === '"' || c === "'") {
      q = c;
      has = true;
    } else if (c === '\\' && i + 1 < s.length) {
      cur += s[++i];
      has = true;
    } else if (/\s/.test(c)) {
      if (has) out.push(cur);
      cur = '';
      has = false;
    } else {
      cur += c;
      has = true;
    }
  }
  if (has) out.push(cur);
  return out;
}

/** Parse FileCheck arguments (without the program name).  Throws UsageError. */
export function parseFileCheckArgs(argv: readonly string[]): FileCheckArgs {
  const req = defaultRequest();
  let checkFile: string | undefined;
  let inputFile = '-';
  let help = false;
  let version = false;
  let dumpInput: DumpInput | undefined;
  let dumpFilter: DumpInputFilter | undefined;
  let context: number | undefined;
  let positionalOnly = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (positionalOnly || arg === '-' || !arg.startsWith('-')) {
      if (checkFile !== undefined) throw new UsageError(`Too many positional arguments specified! Can specify at most 1 positional arguments: See: FileCheck --help`);
      checkFile = arg;
      continue;
    }
    if (arg === '--') {
      positionalOnly = true;
      continue;
    }
    const body = arg.startsWith('--') ? arg.slice(2) : arg.slice(1);
    if (body.startsWith('D')) {
      let def = body.slice(1);
      if (def.startsWith('=')) def = def.slice(1);
      // Like LLVM's cl::Prefix option, the value must be attached: -DVAR=value.
      if (def === '') throw new UsageError('for the -D option: requires a value!');
      const eq = def.indexOf('=');
      if (eq === -1) throw new UsageError(`Missing equal sign in command-line definition '-D${def}'`);
      if (eq === 0 || (def.startsWith('#') && eq === 1)) {
        throw new UsageError(`Missing variable name in command-line definition '-D${def}'`);
      }
      req.globalDefines.push(def);
      continue;
    }
    const eqPos = body.indexOf('=');
    const name = eqPos === -1 ? body : body.slice(0, eqPos);
    let value = eqPos === -1 ? undefined : body.slice(eqPos + 1);
    const kind = OPTIONS[name];
    if (kind === undefined) throw new UsageError(`Unknown command line argument '${arg}'.  Try: 'FileCheck --help'`);
    if (kind === 'value' && value === undefined) {
      value = argv[++i];
      if (value === undefined) throw new UsageError(`for the --${name} option: requires a value!`);
    }
    const v = value ?? '';
    switch (name) {
      case 'input-file': inputFile = v; break;
      case 'check-prefix': req.checkPrefixes.push(v); break;
      case 'check-prefixes': req.checkPrefixes.push(...v.split(',')); break;
      case 'comment-prefixes': req.commentPrefixes.push(...v.split(',')); break;
      case 'allow-unused-prefixes': req.allowUnusedPrefixes = parseBool(name, value); break;
      case 'strict-whitespace': req.noCanonicalizeWhiteSpace = parseBool(name, value); break;
      case 'ignore-case': req.ignoreCase = parseBool(name, value); break;
      case 'implicit-check-not': req.implicitCheckNot.push(v); break;
      case 'match-full-lines': req.matchFullLines = parseBool(name, value); break;
      case 'allow-empty': req.allowEmptyInput = parseBool(name, value); break;
      case 'enable-var-scope': req.enableVarScope = parseBool(name, value); break;
      case 'allow-deprecated-dag-overlap': req.allowDeprecatedDagOverlap = parseBool(name, value); break;
      case 'v': req.verbose = parseBool(name, value); break;
      case 'vv': req.verboseVerbose = parseBool(name, value); break;
      case 'color': parseBool(name, value); break;
      case 'help':
      case 'h': help = true; break;
      case 'version': version = true; break;
      case 'dump-input': {
        const d = v as DumpInput;
        if (!DUMP_INPUT_ORDER.includes(d)) throw new UsageError(`for the --dump-input option: Cannot find option named '${v}'!`);
        if (dumpInput === undefined || DUMP_INPUT_ORDER.indexOf(d) < DUMP_INPUT_ORDER.indexOf(dumpInput)) dumpInput = d;
        break;
      }
      case 'dump-input-filter': {
        const d = v as DumpInputFilter;
        if (!DUMP_FILTER_ORDER.includes(d)) throw new UsageError(`for the --dump-input-filter option: Cannot find option named '${v}'!`);
        if (dumpFilter === undefined || DUMP_FILTER_ORDER.indexOf(d) < DUMP_FILTER_ORDER.indexOf(dumpFilter)) dumpFilter = d;
        break;
      }
      case 'dump-input-context': {
        if (!/^[0-9]+$/.test(v)) throw new UsageError(`for the --dump-input-context option: '${v}' value invalid for uint argument!`);
        context = Math.max(context ?? 0, Number(v));
        break;
      }
    }
  }
  if (req.verboseVerbose) req.verbose = true;
  if (dumpInput !== undefined) req.dumpInput = dumpInput;
  req.dumpInputFilter = dumpFilter;
  if (context !== undefined) req.dumpInputContext = context;
  return { req, checkFile, inputFile, help, version };
}

export interface FileCheckIO {
  /** Arguments after the program name. */
  argv: readonly string[];
  /** Standard input (read lazily when a function). */
  stdin: Buffer | string | (() => Buffer);
  cwd?: string;
  env?: Record<string, string | undefined>;
  /** Program name used in messages (default "FileCheck"). */
  progName?: string;
}

export interface FileCheckProcessResult {
  exitCode: number;
  stdout: Buffer;
  stderr: Buffer;
}

function ioErrorMessage(e: unknown): string {
  const code = (e as { code?: string }).code;
  switch (code) {
    case 'ENOENT': return 'No such file or directory';
    case 'EISDIR': return 'Is a directory';
    case 'EACCES': return 'Permission denied';
    default: return e instanceof Error ? e.message : String(e);
  }
}

/** Run FileCheck like the command line tool, fully in-process. */
export function fileCheckMain(io: FileCheckIO): FileCheckProcessResult {
  const prog = io.progName ?? 'FileCheck';
  const env = io.env ?? process.env;
  const envOpts = env['FILECHECK_OPTS'];
  const argv = [...(envOpts ? tokenizeOptions(envOpts) : []), ...io.argv];
  const fail = (code: number, msg: string): FileCheckProcessResult => ({
    exitCode: code,
    stdout: Buffer.alloc(0),
    stderr: Buffer.from(msg, 'latin1'),
  });
  let args: FileCheckArgs;
  try {
    args = parseFileCheckArgs(argv);
  } catch (e) {
    if (e instanceof UsageError) return fail(2, `${prog}: ${e.message}\n`);
    throw e;
  }
  if (args.help) return { exitCode: 0, stdout: Buffer.from(FILECHECK_USAGE), stderr: Buffer.alloc(0) };
  if (args.version) return { exitCode: 0, stdout: Buffer.from('ttg-filecheck (LLVM FileCheck 22 compatible)\n'), stderr: Buffer.alloc(0) };
  if (args.req.dumpInput === 'help') {
    const r = runFileCheck(args.req, { checkFileName: '', checkText: '', inputName: '', input: '' });
    return { exitCode: 0, stdout: Buffer.from(r.stdout, 'latin1'), stderr: Buffer.alloc(0) };
  }
  if (args.checkFile === undefined) {
    return fail(2, `${prog}: Not enough positional command line arguments specified!\nMust specify at least 1 positional argument: See: ${prog} --help\n`);
  }
  const cwd = io.cwd ?? process.cwd();
  let stdinCache: Buffer | undefined;
  const readStdin = (): Buffer => {
    if (stdinCache === undefined) {
      const s = io.stdin;
      stdinCache = typeof s === 'function' ? s() : typeof s === 'string' ? Buffer.from(s, 'utf8') : s;
    }
    return stdinCache;
  };
  const readInput = (name: string): Buffer => (name === '-' ? readStdin() : readFileSync(resolve(cwd, name)));
  let checkText: string;
  try {
    checkText = readInput(args.checkFile).toString('latin1');
  } catch (e) {
    return fail(2, `Could not open check file '${args.checkFile}': ${ioErrorMessage(e)}\n`);
  }
  const inputName = args.inputFile === '-' ? '<stdin>' : args.inputFile;
  let input: string;
  try {
    input = readInput(args.inputFile).toString('latin1');
  } catch (e) {
    return fail(2, `Could not open input file '${inputName}': ${ioErrorMessage(e)}\n`);
  }
  const r = runFileCheck(args.req, {
    checkFileName: args.checkFile,
    checkText,
    inputName,
    input,
    commandLine: [prog, ...io.argv],
  });
  return { exitCode: r.exitCode, stdout: Buffer.from(r.stdout, 'latin1'), stderr: Buffer.from(r.stderr, 'latin1') };
}
