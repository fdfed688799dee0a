/**
 * `--verify-diagnostics`, as MLIR's SourceMgrDiagnosticVerifierHandler: `// expected-error {{msg}}` (also
 * `-warning`, `-note`, `-remark`, and `-re` variants with `{{regex}}` parts) designate diagnostics expected on
 * their own line, `@+N` / `@-N` lines away, `@above` (the last non-designator line), `@below` (the next one) or
 * `@unknown` (a diagnostic without a file location). Every produced diagnostic must be expected and every
 * expected one produced; mismatches are reported as errors.
 */
import { Diagnostic, resolveLoc, type Severity, type SourceManager } from '../dialect/ir/diagnostics.js';

export interface ExpectedDiag {
  kind: Severity;
  /** 1-based line in the whole file, or 0 for `@unknown`. */
  line: number;
  /** Offset of `expected-` in the whole file, for reporting. */
  offset: number;
  text: string;
  regex: RegExp | undefined;
  unknown: boolean;
  matched: boolean;
}

const DESIGNATOR = /expected-(error|note|remark|warning)(-re)? *(@([+-][0-9]+|above|below|unknown))? *\{\{(.*)\}\}$/;

function escapeRegex(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** `literal{{re}}literal` → a RegExp matching anywhere. */
function compileExpectedRegex(text: string): RegExp {
  let src = '';
  let rest = text;
  for (;;) {
    const open = rest.indexOf('{{');
    if (open < 0) {
      src += escapeRegex(rest);
      break;
    }
    src += escapeRegex(rest.slice(0, open));
    const close = rest.indexOf('}}', open + 2);
    if (close < 0) throw new Error('found start of regex with no end \'}}\'');
    src += '(' + rest.slice(open + 2, close) + ')';
    rest = rest.slice(close + 2);
  }
  return new RegExp(src);
}

/** Scans a chunk for designators. `text` is the chunk text (padded), `base` its offset, `lineOffset` its first line - 1. */
export function collectExpected(text: string, base: number, lineOffset: number, errors: Diagnostic[], file: string): ExpectedDiag[] {
  const out: ExpectedDiag[] = [];
  const lines = text.split('\n');
  let lastNonDesignator = 0;
  let pending: ExpectedDiag[] = [];
  let offset = 0;
  for (let i = 0; i < lines.length; i++) {
    const lineText = lines[i]!.replace(/\s+$/, '');
    const m = DESIGNATOR.exec(lineText);
    const lineNo = lineOffset + i + 1;
    if (!m) {
      for (const p of pending) p.line = lineNo;
      pending = [];
      lastNonDesignator = lineNo;
      offset += lines[i]!.length + 1;
      continue;
    }
    const at = base + offset + m.index;
    const e: ExpectedDiag = {
      kind: m[1] as Severity,
      line: lineNo,
      offset: at,
      text: m[5]!,
      regex: undefined,
      unknown: false,
      matched: false,
    };
    if (m[2]) {
      try {
        e.regex = compileExpectedRegex(e.text);
      } catch (err) {
        errors.push(new Diagnostic('error', `invalid regex: ${(err as Error).message}`, { file, offset: at }));
        offset += lines[i]!.length + 1;
        continue;
      }
    }
    const where = m[4];
    if (where !== undefined) {
      if (where === 'unknown') e.unknown = true;
      else if (where === 'above') e.line = lastNonDesignator;
      else if (where === 'below') {
        pending.push(e);
        e.line = lineOffset + lines.length;
      } else e.line = lineNo + Number(where);
    }
    out.push(e);
    offset += lines[i]!.length + 1;
  }
  return out;
}

/**
 * Matches produced diagnostics (and their notes) against the expectations. Returns the error diagnostics
 * describing mismatches (empty when everything matched).
 */
export function verifyDiagnostics(produced: readonly Diagnostic[], expected: ExpectedDiag[], file: string, sources: SourceManager): Diagnostic[] {
  const problems: Diagnostic[] = [];
  const processOne = (d: Diagnostic): void => {
    const r = resolveLoc(d.loc, sources);
    const known = r !== undefined && r.line > 0;
    let nearMiss: ExpectedDiag | undefined;
    for (const e of expected) {
      if (known ? e.unknown || r.file !== file || e.line !== r.line : !e.unknown) continue;
      const ok = e.regex ? e.regex.test(d.message) : d.message.includes(e.text);
      if (!ok) continue;
      if (e.kind === d.severity) {
        e.matched = true;
        return;
      }
      nearMiss = e;
    }
    if (nearMiss) {
      problems.push(
        new Diagnostic('error', `'${d.severity}' diagnostic emitted when expecting a '${nearMiss.kind}'`, { file, offset: nearMiss.offset }),
      );
    } else {
      problems.push(new Diagnostic('error', `unexpected ${d.severity}: ${d.message}`, d.loc));
    }
  };
  for (const d of produced) {
    processOne(d);
    for (const n of d.notes) processOne(n);
  }
  for (const e of expected) {
    if (!e.matched) problems.push(new Diagnostic('error', `expected ${e.kind} "${e.text}" was not produced`, { file, offset: e.offset }));
  }
  return problems;
}
