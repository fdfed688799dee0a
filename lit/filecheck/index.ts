// Public API of the TypeScript FileCheck.

import { defaultRequest, type DumpInput, type DumpInputFilter, runFileCheck } from './filecheck.js';
import { fromByteString, toByteString } from './source.js';

export { fileCheckMain, parseFileCheckArgs, tokenizeOptions, FILECHECK_USAGE, UsageError } from './cli.js';
export type { FileCheckIO, FileCheckProcessResult, FileCheckArgs } from './cli.js';
export { runFileCheck, defaultRequest, canonicalize } from './filecheck.js';
export type { FileCheckRequest, FileCheckOutcome, DumpInput, DumpInputFilter } from './filecheck.js';
export { convertRegex, RegexError } from './regex.js';

export interface FileCheckOptions {
  /** Contents of the check file. */
  checkText: string;
  /** Name of the check file used in diagnostics. */
  checkFileName: string;
  /** Text to check. */
  input: string;
  /** Name of the input in diagnostics (default "<stdin>"). */
  inputName?: string;
  /** --check-prefixes (default ["CHECK"]). */
  prefixes?: string[];
  implicitCheckNot?: string[];
  matchFullLines?: boolean;
  strictWhitespace?: boolean;
  allowEmpty?: boolean;
  // Extras beyond the basic API:
  commentPrefixes?: string[];
  allowUnusedPrefixes?: boolean;
  enableVarScope?: boolean;
  ignoreCase?: boolean;
  /** -D definitions, e.g. "VAR=value" or "#NUM=42". */
  defines?: string[];
  /** Default "fail" (like the FileCheck tool). */
  dumpInput?: DumpInput;
  dumpInputFilter?: DumpInputFilter;
  dumpInputContext?: number;
  verbose?: boolean;
}

export interface FileCheckResult {
  ok: boolean;
  /** What FileCheck would print to stderr (error messages, notes, input dump). */
  diagnostics: string;
  /** The FileCheck exit code: 0 ok, 1 check failure, 2 usage/check-file error. */
  exitCode: number;
}

/** Check `input` against the directives in `checkText`, like LLVM FileCheck. */
export function fileCheck(opts: FileCheckOptions): FileCheckResult {
  const req = defaultRequest();
  req.checkPrefixes = [...(opts.prefixes ?? [])];
  req.commentPrefixes = [...(opts.commentPrefixes ?? [])];
  req.implicitCheckNot = (opts.implicitCheckNot ?? []).map(toByteString);
  req.matchFullLines = opts.matchFullLines ?? false;
  req.noCanonicalizeWhiteSpace = opts.strictWhitespace ?? false;
  req.allowEmptyInput = opts.allowEmpty ?? false;
  req.allowUnusedPrefixes = opts.allowUnusedPrefixes ?? false;
  req.enableVarScope = opts.enableVarScope ?? false;
  req.ignoreCase = opts.ignoreCase ?? false;
  req.globalDefines = (opts.defines ?? []).map(toByteString);
  req.dumpInput = opts.dumpInput ?? 'fail';
  req.dumpInputFilter = opts.dumpInputFilter;
  if (opts.dumpInputContext !== undefined) req.dumpInputContext = opts.dumpInputContext;
  req.verbose = opts.verbose ?? false;
  const r = runFileCheck(req, {
    checkFileName: toByteString(opts.checkFileName),
    checkText: toByteString(opts.checkText),
    inputName: toByteString(opts.inputName ?? '<stdin>'),
    input: toByteString(opts.input),
    commandLine: ['FileCheck', opts.checkFileName],
  });
  return { ok: r.exitCode === 0, diagnostics: fromByteString(r.stderr + r.stdout), exitCode: r.exitCode };
}
