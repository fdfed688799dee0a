/**
 * Diagnostics, as MLIR reports them: a severity, a message, a location and attached notes, rendered as
 * `file:line:col: error: message` followed by the source line and a caret under the column when the
 * location points into a buffer we know (MLIR's SourceMgrDiagnosticHandler).
 *
 * Producers (parser errors, the verifier, passes) create `Diagnostic`s; a `DiagnosticEngine` collects
 * them; `SourceManager` maps file names to their text so locations can be shown in context.
 */
import { CallSiteLoc, FileLineColLoc, FusedLoc, Location, NameLoc, UnknownLoc } from './location.js';
import type { Operation } from './ir.js';

export type Severity = 'error' | 'warning' | 'note' | 'remark';

/** Where a diagnostic points: an IR location, or a raw offset into a known buffer (parse errors). */
export type DiagLocation = Location | { readonly file: string; readonly offset: number };

export class Diagnostic {
  readonly notes: Diagnostic[] = [];
  /** The operation the diagnostic is about, if any (for MLIR's `see current operation` note). */
  op: Operation | undefined;
  constructor(
    readonly severity: Severity,
    readonly message: string,
    readonly loc: DiagLocation = UnknownLoc.get(),
  ) {}
  attachNote(message: string, loc?: DiagLocation): Diagnostic {
    const n = new Diagnostic('note', message, loc ?? this.loc);
    this.notes.push(n);
    return n;
  }
}

/** Thrown to abort processing with a diagnostic (parse errors, failed verification, pass failures). */
export class DiagnosticError extends Error {
  constructor(readonly diagnostic: Diagnostic) {
    super(diagnostic.message);
  }
}

/** `'tt.splat' op <message>`, MLIR's emitOpError prefix. */
export function opError(op: Operation, message: string): Diagnostic {
  return onOp(new Diagnostic('error', `'${op.name}' op ${message}`, locatedOpLoc(op)), op);
}

/**
 * The location of `op`, or of its nearest ancestor that has one: ops a custom parser makes on the side (the
 * partitions of `ttg.warp_specialize`) carry no location of their own, and an error about them still points there.
 */
export function locatedOpLoc(op: Operation): Location {
  for (let o: Operation | undefined = op; o; o = o.parentOp) if (!(o.loc instanceof UnknownLoc)) return o.loc;
  return op.loc;
}

/** Exceptions that bad layout parameters raise in layout computations (the input's fault), by error name. */
const LAYOUT_ERRORS: ReadonlySet<string> = new Set(['LayoutConversionError', 'LinearLayoutError', 'UnsupportedInputError']);

/**
 * Thrown where a transformation meets IR it cannot handle that the verifier accepts (a shared layout spanning
 * CTAs the module does not have, a tensor of structs in a shuffle): reported as an error at the op being
 * transformed, not as an internal error.
 */
export class UnsupportedInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnsupportedInputError';
  }
}
/** JavaScript's own errors: an assumption about verified IR that some input broke. */
const ENGINE_ERRORS: ReadonlySet<string> = new Set(['TypeError', 'RangeError']);

/**
 * An exception thrown while a pass processed `op`, as an error located at that op (MLIR's emitOpError), so bad
 * input never ends in a stack trace. Plain `Error`s are internal assertions (bugs) and stay as they are
 * (undefined is returned); engine errors are reported as internal errors, but at the op.
 */
export function exceptionAsOpError(op: Operation, e: unknown): DiagnosticError | undefined {
  if (e instanceof DiagnosticError) return e;
  if (!(e instanceof Error)) return undefined;
  if (isStackOverflow(e)) return new DiagnosticError(opError(op, NESTED_TOO_DEEPLY));
  if (LAYOUT_ERRORS.has(e.name)) return new DiagnosticError(opError(op, e.message));
  if (ENGINE_ERRORS.has(e.name)) return new DiagnosticError(opError(op, `internal error: ${e.name}: ${e.message}`));
  return undefined;
}

/** What a stack overflow on absurdly nested input is reported as (MLIR itself would just crash). */
export const NESTED_TOO_DEEPLY = 'IR is nested too deeply to be processed';

/** JavaScript's stack overflow: recursion over input nested deeper than the engine's stack allows. */
export function isStackOverflow(e: unknown): boolean {
  return e instanceof RangeError && /call stack/i.test(e.message);
}

/** Records the op a diagnostic is about. */
export function onOp(d: Diagnostic, op: Operation): Diagnostic {
  d.op = op;
  return d;
}

export class DiagnosticEngine {
  readonly diagnostics: Diagnostic[] = [];
  emit(d: Diagnostic): void {
    this.diagnostics.push(d);
  }
  get hadError(): boolean {
    return this.diagnostics.some((d) => d.severity === 'error');
  }
}

// ---- locations ---------------------------------------------------------------------------------

/**
 * The innermost file location of an IR location: a NameLoc's child, a CallSiteLoc's callee,
 * the first file location of a FusedLoc (MLIR's SourceMgrDiagnosticHandler::findLocToShow).
 */
export function fileLocOf(loc: Location): FileLineColLoc | undefined {
  if (loc instanceof FileLineColLoc) return loc;
  if (loc instanceof NameLoc) return fileLocOf(loc.child);
  if (loc instanceof CallSiteLoc) return fileLocOf(loc.callee);
  if (loc instanceof FusedLoc) {
    for (const l of loc.locations) {
      const f = fileLocOf(l);
      if (f) return f;
    }
  }
  return undefined;
}

// ---- sources -----------------------------------------------------------------------------------

/** A buffer known to the diagnostic renderer: its text and line starts. */
export class SourceBuffer {
  private readonly lineStarts: number[] = [0];
  constructor(
    readonly name: string,
    readonly text: string,
  ) {
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) this.lineStarts.push(i + 1);
  }
  get lineCount(): number {
    return this.lineStarts.length;
  }
  /** 1-based line and column of an offset. */
  lineCol(offset: number): { line: number; col: number } {
    let lo = 0;
    let hi = this.lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.lineStarts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, col: offset - this.lineStarts[lo]! + 1 };
  }
  /** Text of a 1-based line without its newline, or undefined past the end. */
  lineText(line: number): string | undefined {
    const start = this.lineStarts[line - 1];
    if (start === undefined) return undefined;
    const next = this.lineStarts[line];
    let end = next === undefined ? this.text.length : next - 1;
    if (end > start && this.text[end - 1] === '\r') end--;
    return this.text.slice(start, end);
  }
}

export class SourceManager {
  private readonly buffers = new Map<string, SourceBuffer>();
  add(name: string, text: string): SourceBuffer {
    const b = new SourceBuffer(name, text);
    this.buffers.set(name, b);
    return b;
  }
  get(name: string): SourceBuffer | undefined {
    return this.buffers.get(name);
  }
}

/** A diagnostic location resolved to file/line/col, when it has one. */
export interface ResolvedLoc {
  file: string;
  line: number;
  col: number;
}

export function resolveLoc(loc: DiagLocation, sources?: SourceManager): ResolvedLoc | undefined {
  if (!(loc instanceof Location)) {
    const buf = sources?.get(loc.file);
    if (!buf) return { file: loc.file, line: 0, col: 0 };
    return { file: loc.file, ...buf.lineCol(loc.offset) };
  }
  const f = fileLocOf(loc);
  return f ? { file: f.file, line: f.line, col: f.col } : undefined;
}

// ---- rendering ---------------------------------------------------------------------------------

/** Renders `loc(...)` text for locations with no file position (MLIR prints the location itself). */
function locationText(loc: Location): string {
  if (loc instanceof UnknownLoc) return '<unknown>:0';
  return loc.key.startsWith('loc(') ? loc.key : `loc(${loc.key})`;
}

/** The caret line under column `col` of `line` (tabs kept, so the caret lines up in a terminal). */
function caretLine(line: string, col: number): string {
  let s = '';
  for (let i = 0; i < col - 1 && i < line.length; i++) s += line[i] === '\t' ? '\t' : ' ';
  for (let i = line.length; i < col - 1; i++) s += ' ';
  return s + '^';
}

export interface RenderOptions {
  /** Show the source line and a caret under the column (default true). */
  showSource?: boolean;
}

/** Renders one diagnostic and its notes, one `file:line:col: severity: message` header each. */
export function renderDiagnostic(d: Diagnostic, sources?: SourceManager, opts: RenderOptions = {}): string {
  let out = '';
  const one = (x: Diagnostic): void => {
    const r = resolveLoc(x.loc, sources);
    const where = r ? `${r.file}:${r.line}:${r.col}` : locationText(x.loc as Location);
    out += `${where}: ${x.severity}: ${x.message}\n`;
    if (r && opts.showSource !== false) {
      const line = sources?.get(r.file)?.lineText(r.line);
      if (line !== undefined && r.col >= 1) out += `${line}\n${caretLine(line, r.col)}\n`;
    }
  };
  one(d);
  for (const n of d.notes) one(n);
  return out;
}
