/**
 * Splits a Triton `MLIR_ENABLE_DUMP=1` log into its IR dumps.
 *
 * MLIR's IR printing instrumentation writes one header per pass run,
 *   `// -----// IR Dump Before TritonGPUCoalesce (tritongpu-coalesce) ('builtin.module' operation) //----- //`
 * followed by the IR the pass is about to see: the whole module for module passes, the `tt.func` alone for passes
 * nested on functions (`('tt.func' operation: @name)`). Passes may print their own intermediate dumps
 * (`// -----// SoftwarePipeliner internal IR Dump After: LowerLoops`); those belong to the pass in flight and are
 * kept apart from its input. Anything else Triton writes to stderr between dumps is not IR and is dropped from the
 * dump's text, but a dump that does not end in a complete operation is reported by the caller when it parses it.
 */

/** One `IR Dump Before` section of a log. */
export interface PassDump {
  /** 0-based position among the dumps of the log. */
  index: number;
  /** MLIR's pass class name (`TritonGPUCoalesce`). */
  className: string;
  /** The pass argument in parentheses: the triton-opt flag (`tritongpu-coalesce`). */
  flag: string;
  /** `module` for `builtin.module` dumps, `func` for dumps of one function (a pass nested on functions). */
  scope: 'module' | 'func';
  /** The operation name of a function-level dump (`tt.func`) and its symbol, when the header names one. */
  opName: string;
  symbol?: string;
  /** 1-based line of the header in the log. */
  line: number;
  /** The IR text (the lines after the header up to the next header, trailing blank lines removed). */
  text: string;
  /** 1-based line in the log of the first line of `text`. */
  textLine: number;
  /** The pass's own intermediate dumps printed while it ran (`SoftwarePipeliner internal IR Dump After: X`). */
  internal: { title: string; line: number; text: string }[];
}

/** A log that cannot be read as an MLIR_ENABLE_DUMP log. */
export class DumpLogError extends Error {}

const PASS_HEADER = /^\/\/ -----\/\/ IR Dump Before (\S+) \(([^)]*)\) \('([^']+)' operation(?:: @(.*?))?\) \/\/----- \/\/\s*$/;
const INTERNAL_HEADER = /^\/\/ -----\/\/ (.*IR Dump.*?)\s*(?:\/\/----- \/\/)?\s*$/;

/** Splits `log` into its dumps, in order. Throws DumpLogError when the text holds no dump at all. */
export function parseDumpLog(log: string): PassDump[] {
  const lines = log.split('\n');
  const dumps: PassDump[] = [];
  let body: string[] = [];
  let bodyStart = 0;
  let internal: { title: string; line: number; lines: string[] } | undefined;
  const flushInternal = (): void => {
    const cur = dumps[dumps.length - 1];
    if (internal && cur) cur.internal.push({ title: internal.title, line: internal.line, text: trimBlankEnd(internal.lines) });
    internal = undefined;
  };
  const flushBody = (): void => {
    const cur = dumps[dumps.length - 1];
    if (cur && cur.text === '') {
      cur.text = trimBlankEnd(body);
      cur.textLine = bodyStart;
    }
    body = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.startsWith('// -----//')) {
      const m = PASS_HEADER.exec(line);
      if (m) {
        flushInternal();
        flushBody();
        const opName = m[3]!;
        dumps.push({
          index: dumps.length,
          className: m[1]!,
          flag: m[2]!,
          scope: opName === 'builtin.module' ? 'module' : 'func',
          opName,
          ...(m[4] !== undefined ? { symbol: m[4] } : {}),
          line: i + 1,
          text: '',
          textLine: i + 2,
          internal: [],
        });
        bodyStart = i + 2;
        continue;
      }
      const im = INTERNAL_HEADER.exec(line);
      if (im && dumps.length) {
        flushInternal();
        flushBody();
        internal = { title: im[1]!, line: i + 1, lines: [] };
        continue;
      }
    }
    if (internal) internal.lines.push(line);
    else if (dumps.length) body.push(line);
  }
  flushInternal();
  flushBody();
  if (!dumps.length) {
    throw new DumpLogError(
      "no 'IR Dump Before' header found: expected the stderr of a Triton run with MLIR_ENABLE_DUMP=1 (lines like " +
        "`// -----// IR Dump Before TritonGPUCoalesce (tritongpu-coalesce) ('builtin.module' operation) //----- //`)",
    );
  }
  return dumps;
}

function trimBlankEnd(lines: string[]): string {
  let n = lines.length;
  while (n > 0 && lines[n - 1]!.trim() === '') n--;
  return lines.slice(0, n).join('\n') + (n ? '\n' : '');
}
