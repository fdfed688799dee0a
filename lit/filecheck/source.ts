// Source buffers and LLVM SourceMgr-style diagnostics ("file:line:col: error: msg", the
// source line, and a caret line with optional ~~~ ranges).
//
// All text handled by the FileCheck implementation is a "byte string": every UTF-16 code
// unit holds one byte (0..255), obtained by decoding the raw bytes as latin1.  This makes
// columns, regex `.` and character classes behave byte-wise exactly like LLVM does.

export class SourceBuffer {
  private lineStarts: number[] | undefined;
  constructor(
    readonly name: string,
    readonly text: string,
  ) {}

  private starts(): number[] {
    if (this.lineStarts === undefined) {
      const s = [0];
      const t = this.text;
      let i = t.indexOf('\n');
      while (i !== -1) {
        s.push(i + 1);
        i = t.indexOf('\n', i + 1);
      }
      this.lineStarts = s;
    }
    return this.lineStarts;
  }

  /** 1-based line and column of a position (like SourceMgr::getLineAndColumn). */
  lineAndColumn(pos: number): { line: number; col: number } {
    const s = this.starts();
    let lo = 0;
    let hi = s.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (s[mid]! <= pos) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, col: pos - s[lo]! + 1 };
  }
}

export interface Loc {
  buf: SourceBuffer;
  pos: number;
}

export type DiagKind = 'error' | 'warning' | 'note' | 'remark';

const TAB_STOP = 8;

function expandTabs(line: string): string {
  if (!line.includes('\t')) return line;
  let out = '';
  for (const ch of line) {
    if (ch !== '\t') {
      out += ch;
      continue;
    }
    do out += ' ';
    while (out.length % TAB_STOP !== 0);
  }
  return out;
}

/**
 * Format a diagnostic like llvm::SourceMgr::PrintMessage / SMDiagnostic::print.
 * `ranges` are absolute [start, end) positions in the same buffer as `loc`.
 */
export function formatMessage(loc: Loc | undefined, kind: DiagKind, msg: string, ranges: Array<[number, number]> = []): string {
  if (loc === undefined) return `${kind}: ${msg}\n`;
  const { buf, pos } = loc;
  const text = buf.text;
  const { line } = buf.lineAndColumn(pos);
  let lineStart = pos;
  while (lineStart > 0 && text[lineStart - 1] !== '\n' && text[lineStart - 1] !== '\r') lineStart--;
  let lineEnd = pos;
  while (lineEnd < text.length && text[lineEnd] !== '\n' && text[lineEnd] !== '\r') lineEnd++;
  const contents = text.slice(lineStart, lineEnd);
  const colNo = pos - lineStart;
  let out = `${buf.name}:${line}:${colNo + 1}: ${kind}: ${msg}\n`;
  // Like LLVM, bail out of the caret line when the line has non-ASCII bytes.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the ASCII range is the point
  if (/[^\x00-\x7f]/.test(contents)) return out + expandTabs(contents) + '\n';
  const numCols = contents.length;
  const caret: string[] = new Array<string>(numCols + 1).fill(' ');
  for (const [rs, re] of ranges) {
    if (rs > lineEnd || re < lineStart) continue;
    const s = Math.max(rs, lineStart) - lineStart;
    const e = Math.min(Math.min(re, lineEnd) - lineStart, caret.length);
    for (let i = s; i < e; i++) caret[i] = '~';
  }
  caret[Math.min(colNo, numCols)] = '^';
  let caretLine = caret.join('').replace(/ +$/, '');
  out += expandTabs(contents) + '\n';
  if (contents.includes('\t')) {
    let expanded = '';
    for (let i = 0; i < caretLine.length; i++) {
      if (i >= contents.length || contents[i] !== '\t') {
        expanded += caretLine[i];
        continue;
      }
      do expanded += caretLine[i];
      while (expanded.length % TAB_STOP !== 0);
    }
    caretLine = expanded;
  }
  out += caretLine + '\n';
  return out;
}

/** Convert a JS (UTF-16) string to a byte string (one char per UTF-8 byte). */
export function toByteString(s: string): string {
  // Fast path: pure ASCII is already a byte string.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the ASCII range is the point
  if (/^[\x00-\x7f]*$/.test(s)) return s;
  return Buffer.from(s, 'utf8').toString('latin1');
}

/** Convert a byte string back to a JS string (decoding UTF-8). */
export function fromByteString(s: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the ASCII range is the point
  if (/^[\x00-\x7f]*$/.test(s)) return s;
  return Buffer.from(s, 'latin1').toString('utf8');
}
