// The FileCheck engine: reading the check file, matching the input, LLVM-style diagnostics
// and the annotated input dump.  Mirrors llvm/lib/FileCheck/FileCheck.cpp and
// llvm/utils/FileCheck/FileCheck.cpp (LLVM 22).

import { checkAbbreviation, checkType, describeCheck, Kind, type CheckType } from './checktype.js';
import { Cursor, evalAst, ParseError, parseNumericBlock, parseVariable } from './numeric.js';
import { FatalParseError, type MatchResult, Pattern, PatternContext, type Request } from './pattern.js';
import { formatMessage, type DiagKind, type Loc, SourceBuffer } from './source.js';

export type DumpInput = 'help' | 'always' | 'fail' | 'never';
export type DumpInputFilter = 'all' | 'annotation-full' | 'annotation' | 'error';

export interface FileCheckRequest extends Request {
  /** User-supplied check prefixes; empty means the default "CHECK". */
  checkPrefixes: string[];
  /** User-supplied comment prefixes; empty means the defaults "COM", "RUN". */
  commentPrefixes: string[];
  implicitCheckNot: string[];
  /** -D definitions: "VAR=value" or "#VAR=expr" / "#%x,VAR=expr". */
  globalDefines: string[];
  allowEmptyInput: boolean;
  allowUnusedPrefixes: boolean;
  enableVarScope: boolean;
  allowDeprecatedDagOverlap: boolean;
  verbose: boolean;
  verboseVerbose: boolean;
  dumpInput: DumpInput;
  dumpInputFilter: DumpInputFilter | undefined;
  dumpInputContext: number;
}

export function defaultRequest(): FileCheckRequest {
  return {
    matchFullLines: false,
    noCanonicalizeWhiteSpace: false,
    ignoreCase: false,
    checkPrefixes: [],
    commentPrefixes: [],
    implicitCheckNot: [],
    globalDefines: [],
    allowEmptyInput: false,
    allowUnusedPrefixes: false,
    enableVarScope: false,
    allowDeprecatedDagOverlap: false,
    verbose: false,
    verboseVerbose: false,
    dumpInput: 'fail',
    dumpInputFilter: undefined,
    dumpInputContext: 5,
  };
}

const DEFAULT_CHECK_PREFIXES = ['CHECK'];
const DEFAULT_COMMENT_PREFIXES = ['COM', 'RUN'];

enum MatchType {
  FoundAndExpected,
  FoundButExcluded,
  FoundButWrongLine,
  FoundButDiscarded,
  FoundErrorNote,
  NoneAndExcluded,
  NoneButExpected,
  NoneForInvalidPattern,
  Fuzzy,
}

interface FcDiag {
  checkTy: CheckType;
  checkLoc: Loc;
  matchTy: MatchType;
  startLine: number;
  startCol: number;
  endLine: number;
  endCol: number;
  note: string;
}

interface DagNot {
  pat: Pattern;
  prefix: string;
}

interface CheckString {
  pat: Pattern;
  prefix: string;
  loc: Loc;
  dagNot: DagNot[];
}

/** Result of one FileCheck run: exit code 0 (pass), 1 (check failure), 2 (usage/check file error). */
export interface FileCheckOutcome {
  exitCode: number;
  /** Everything FileCheck writes to stderr (byte string). */
  stderr: string;
  /** Everything FileCheck writes to stdout (byte string; only for -dump-input=help). */
  stdout: string;
}

function isPartOfWord(c: string | undefined): boolean {
  return c !== undefined && (/^[A-Za-z0-9]$/.test(c) || c === '-' || c === '_');
}

/** FileCheck::CanonicalizeFile. */
export function canonicalize(text: string, strictWhitespace: boolean): string {
  let t = text.includes('\r\n') ? text.replace(/\r\n/g, '\n') : text;
  if (!strictWhitespace) t = t.replace(/[ \t]+/g, ' ');
  return t;
}

class FileCheckRun {
  private err = '';
  private readonly ctx = new PatternContext();
  private readonly checks: CheckString[] = [];
  private readonly implicitBuffers: SourceBuffer[] = [];
  private diags: FcDiag[] | undefined;
  private input!: SourceBuffer;
  private checkBuf!: SourceBuffer;

  constructor(private readonly req: FileCheckRequest) {}

  private print(loc: Loc | undefined, kind: DiagKind, msg: string, ranges: Array<[number, number]> = []): void {
    this.err += formatMessage(loc, kind, msg, ranges);
  }

  private prefixes(): string[] {
    return this.req.checkPrefixes.length > 0 ? this.req.checkPrefixes : DEFAULT_CHECK_PREFIXES;
  }
  private commentPrefixes(): string[] {
    return this.req.commentPrefixes.length > 0 ? this.req.commentPrefixes : DEFAULT_COMMENT_PREFIXES;
  }

  /** FileCheck::ValidateCheckPrefixes. */
  validatePrefixes(): boolean {
    const unique = new Set<string>();
    if (this.req.checkPrefixes.length === 0) DEFAULT_CHECK_PREFIXES.forEach((p) => unique.add(p));
    if (this.req.commentPrefixes.length === 0) DEFAULT_COMMENT_PREFIXES.forEach((p) => unique.add(p));
    const validate = (kind: string, list: string[]): boolean => {
      for (const p of list) {
        if (p === '') {
          this.err += `error: supplied ${kind} prefix must not be the empty string\n`;
          return false;
        }
        if (!/^[a-zA-Z0-9_-]*$/.test(p)) {
          this.err +=
            `error: supplied ${kind} prefix must start with a letter and contain only alphanumeric ` +
            `characters, hyphens, and underscores: '${p}'\n`;
          return false;
        }
        if (unique.has(p)) {
          this.err += `error: supplied ${kind} prefix must be unique among check and comment prefixes: '${p}'\n`;
          return false;
        }
        unique.add(p);
      }
      return true;
    };
    return validate('check', this.req.checkPrefixes) && validate('comment', this.req.commentPrefixes);
  }

  /** FileCheckPatternContext::defineCmdlineVariables (simplified diagnostics). */
  private defineCmdlineVariables(): boolean {
    let ok = true;
    this.req.globalDefines.forEach((def) => {
      const buf = new SourceBuffer('Global defines', def);
      const mkLoc = (pos: number): Loc => ({ buf, pos });
      try {
        if (def.startsWith('#')) {
          // "#%x,VAR=EXPR" is parsed like the block "[[#%x,VAR:EXPR]]".
          const eq = def.indexOf('=');
          const blockText = def.slice(1, eq) + ':' + def.slice(eq + 1);
          const bb = new SourceBuffer('Global define', blockText);
          const blk = parseNumericBlock(new Cursor(blockText, 0, blockText.length, (pos) => ({ buf: bb, pos })), false, undefined, this.ctx);
          if (blk.def === undefined || blk.ast === undefined) throw new ParseError(mkLoc(0), 'invalid numeric variable definition');
          const v = evalAst(blk.ast, undefined);
          if (typeof v !== 'bigint') throw new ParseError(mkLoc(0), v.errors[0]?.msg ?? 'invalid expression');
          blk.def.value = v;
        } else {
          const eq = def.indexOf('=');
          const c = new Cursor(def, 0, eq, mkLoc);
          const vp = parseVariable(c);
          if (vp.isPseudo || !c.empty()) throw new ParseError(mkLoc(0), `invalid name in string variable definition '${def.slice(0, eq)}'`);
          if (this.ctx.numericVars.has(vp.name)) {
            throw new ParseError(mkLoc(0), `numeric variable with name '${vp.name}' already exists`);
          }
          this.ctx.globalVars.set(vp.name, def.slice(eq + 1));
          this.ctx.definedStringVars.add(vp.name);
        }
      } catch (e) {
        if (!(e instanceof ParseError)) throw e;
        this.print(e.loc, 'error', e.message);
        ok = false;
      }
    });
    return ok;
  }

  /** FindCheckType. Returns the type and the position after the directive's colon. */
  private findCheckType(text: string, pos: number, prefix: string): { ty: CheckType; after: number } {
    const none = { ty: checkType(Kind.None), after: -1 };
    if (text.length - pos <= prefix.length) return none;
    let r = pos + prefix.length;
    if (this.commentPrefixes().includes(prefix)) {
      if (text[r] === ':') return { ty: checkType(Kind.Comment), after: r + 1 };
      return none;
    }
    const consumeModifiers = (ty: CheckType): { ty: CheckType; after: number } => {
      if (text[r] === ':') return { ty, after: r + 1 };
      if (text[r] !== '{') return none;
      r++;
      do {
        while (r < text.length && /\s/.test(text[r]!)) r++;
        if (text.startsWith('LITERAL', r)) {
          r += 7;
          ty = { ...ty, literal: true };
        } else return { ty: checkType(Kind.None), after: r };
        while (r < text.length && /\s/.test(text[r]!)) r++;
      } while (text[r] === ',' && ++r);
      if (!text.startsWith('}:', r)) return { ty: checkType(Kind.None), after: r };
      return { ty, after: r + 2 };
    };
    if (text[r] === ':') return { ty: checkType(Kind.Plain), after: r + 1 };
    if (text[r] === '{') return consumeModifiers(checkType(Kind.Plain));
    let misspelled = false;
    if (text[r] === '_') misspelled = true;
    else if (text[r] !== '-') return none;
    r++;
    const result = ((): { ty: CheckType; after: number } => {
      if (text.startsWith('COUNT-', r)) {
        r += 6;
        const m = /^[0-9]+/.exec(text.slice(r, r + 24));
        const bad = { ty: checkType(Kind.BadCount), after: r };
        if (!m) return bad;
        const count = Number(m[0]);
        r += m[0].length;
        bad.after = r;
        if (count <= 0 || count > 2147483647) return bad;
        if (text[r] !== ':' && text[r] !== '{') return bad;
        return consumeModifiers(checkType(Kind.Plain, count));
      }
      for (const combo of ['DAG-NOT:', 'NOT-DAG:', 'NEXT-NOT:', 'NOT-NEXT:', 'SAME-NOT:', 'NOT-SAME:', 'EMPTY-NOT:', 'NOT-EMPTY:']) {
        if (text.startsWith(combo, r)) return { ty: checkType(Kind.BadNot), after: r };
      }
      const kinds: Array<[string, Kind]> = [
        ['NEXT', Kind.Next],
        ['SAME', Kind.Same],
        ['NOT', Kind.Not],
        ['DAG', Kind.DAG],
        ['LABEL', Kind.Label],
        ['EMPTY', Kind.Empty],
      ];
      for (const [word, kind] of kinds) {
        if (text.startsWith(word, r)) {
          r += word.length;
          return consumeModifiers(checkType(kind));
        }
      }
      return { ty: checkType(Kind.None), after: r };
    })();
    if (result.ty.kind !== Kind.None && misspelled) return { ty: checkType(Kind.Misspelled), after: result.after };
    return result;
  }

  /** FileCheck::readCheckFile. Returns false on error (exit code 2). */
  readCheckFile(buf: SourceBuffer): boolean {
    this.checkBuf = buf;
    if (!this.defineCmdlineVariables()) return false;
    const implicit: DagNot[] = [];
    for (const patStr of this.req.implicitCheckNot) {
      const pre = "-implicit-check-not='";
      const ib = new SourceBuffer('command line', pre + patStr + "'");
      this.implicitBuffers.push(ib);
      const pat = new Pattern(checkType(Kind.Not), this.ctx, undefined);
      try {
        pat.parse(ib, pre.length, pre.length + patStr.length, 'IMPLICIT-CHECK', this.req);
      } catch (e) {
        // LLVM ignores parse errors of implicit patterns' return value; report them anyway.
        if (!(e instanceof ParseError)) throw e;
        this.print(e.loc, 'error', e.message);
        return false;
      }
      implicit.push({ pat, prefix: 'IMPLICIT-CHECK' });
    }
    let dagNot: DagNot[] = [...implicit];

    const text = buf.text;
    const prefixes = this.prefixes();
    const all = [...prefixes, ...this.commentPrefixes()].map((p) => ({ p, pos: text.indexOf(p) }));
    all.sort((a, b) => b.p.length - a.p.length);
    const matchPrefix = (from: number): { prefix: string; pos: number } | undefined => {
      let best: { prefix: string; pos: number } | undefined;
      for (const e of all) {
        if (e.pos !== -1 && e.pos < from) e.pos = text.indexOf(e.p, from);
        if (e.pos !== -1 && (best === undefined || best.pos > e.pos)) best = { prefix: e.p, pos: e.pos };
      }
      return best;
    };
    const notFound = new Set(prefixes);
    let bufPos = 0;
    for (;;) {
      // FindFirstMatchingPrefix
      let found: { prefix: string; pos: number; ty: CheckType; after: number } | undefined;
      while (bufPos < text.length) {
        const m = matchPrefix(bufPos);
        if (m === undefined) break;
        const skipped = m.pos - bufPos;
        bufPos = m.pos;
        if (skipped !== 0 && isPartOfWord(text[m.pos - 1])) {
          bufPos = m.pos + 1;
          continue;
        }
        const { ty, after } = this.findCheckType(text, m.pos, m.prefix);
        if (ty.kind !== Kind.None) {
          found = { prefix: m.prefix, pos: m.pos, ty, after };
          break;
        }
        let s = m.pos + m.prefix.length;
        while (s < text.length && isPartOfWord(text[s])) s++;
        bufPos = s;
      }
      if (found === undefined) break;
      const { prefix, pos: prefixStart, ty } = found;
      if (ty.kind !== Kind.Comment) notFound.delete(prefix);
      const lineNumber = buf.lineAndColumn(prefixStart).line;
      let p = found.after;
      if (ty.kind === Kind.Misspelled) {
        this.print({ buf, pos: prefixStart }, 'error', `misspelled directive '${text.slice(prefixStart, found.after)}'`);
        return false;
      }
      if (ty.kind === Kind.BadNot) {
        this.print({ buf, pos: p }, 'error', `unsupported -NOT combo on prefix '${prefix}'`);
        return false;
      }
      if (ty.kind === Kind.BadCount) {
        this.print({ buf, pos: p }, 'error', `invalid count in -COUNT specification on prefix '${prefix}'`);
        return false;
      }
      if (!(this.req.noCanonicalizeWhiteSpace && this.req.matchFullLines)) {
        while (p < text.length && (text[p] === ' ' || text[p] === '\t')) p++;
      }
      let eol = p;
      while (eol < text.length && text[eol] !== '\n' && text[eol] !== '\r') eol++;
      const patternLoc: Loc = { buf, pos: p };
      bufPos = eol;
      if (ty.kind === Kind.Comment) continue;

      const pat = new Pattern(ty, this.ctx, lineNumber);
      try {
        pat.parse(buf, p, eol, prefix, this.req);
      } catch (e) {
        if (!(e instanceof ParseError)) throw e;
        this.print(e.loc, 'error', e.message);
        if (e.viaErrorDiagnostic) this.err += '\n';
        if (e instanceof FatalParseError) this.fatal = true;
        return false;
      }
      if (ty.kind === Kind.Label && pat.hasVariable()) {
        this.print({ buf, pos: prefixStart }, 'error', `found '${prefix}-LABEL:' with variable definition or use`);
        return false;
      }
      if ((ty.kind === Kind.Next || ty.kind === Kind.Same || ty.kind === Kind.Empty) && this.checks.length === 0) {
        const t = ty.kind === Kind.Next ? 'NEXT' : ty.kind === Kind.Empty ? 'EMPTY' : 'SAME';
        this.print({ buf, pos: prefixStart }, 'error', `found '${prefix}-${t}' without previous '${prefix}: line`);
        return false;
      }
      if (ty.kind === Kind.DAG || ty.kind === Kind.Not) {
        dagNot.push({ pat, prefix });
        continue;
      }
      this.checks.push({ pat, prefix, loc: patternLoc, dagNot });
      dagNot = [...implicit];
    }

    const isDefault = this.req.checkPrefixes.length === 0;
    const noPrefixesFound = notFound.size === prefixes.length;
    const someUnused = !this.req.allowUnusedPrefixes && notFound.size > 0;
    if ((noPrefixesFound || someUnused) && (implicit.length === 0 || !isDefault)) {
      const list = prefixes.filter((p) => notFound.has(p)).map((p) => `'${p}:'`);
      this.err += `error: no check strings found with prefix${list.length > 1 ? 'es ' : ' '}${list.join(', ')}\n`;
      return false;
    }
    if (dagNot.length > 0) {
      const eofPat = new Pattern(checkType(Kind.EOF), this.ctx, undefined);
      eofPat.loc = { buf, pos: bufPos };
      this.checks.push({ pat: eofPat, prefix: prefixes[0]!, loc: { buf, pos: bufPos }, dagNot });
    }
    return true;
  }

  fatal = false;

  // ---------------------------------------------------------------------------------------
  // Matching

  private addDiag(checkTy: CheckType, checkLoc: Loc, matchTy: MatchType, start: number, end: number, note = ''): void {
    if (this.diags === undefined) return;
    const s = this.input.lineAndColumn(start);
    const e = this.input.lineAndColumn(end);
    this.diags.push({ checkTy, checkLoc, matchTy, startLine: s.line, startCol: s.col, endLine: e.line, endCol: e.col, note });
  }

  private inLoc(pos: number): Loc {
    return { buf: this.input, pos };
  }

  private processMatchResult(
    matchTy: MatchType,
    checkLoc: Loc,
    checkTy: CheckType,
    start: number,
    end: number,
    adjustPrev = false,
  ): [number, number] {
    if (this.diags !== undefined) {
      if (adjustPrev && this.diags.length > 0) {
        const last = this.diags[this.diags.length - 1]!.checkLoc;
        for (let i = this.diags.length - 1; i >= 0; i--) {
          const d = this.diags[i]!;
          if (d.checkLoc.buf !== last.buf || d.checkLoc.pos !== last.pos) break;
          d.matchTy = matchTy;
        }
      } else this.addDiag(checkTy, checkLoc, matchTy, start, end);
    }
    return [start, end];
  }

  private printSubstitutionNotes(pat: Pattern, at: number, matchTy: MatchType, toDiags: boolean): void {
    for (const note of pat.substitutionNotes()) {
      if (toDiags) this.addDiag(pat.checkTy, pat.loc, matchTy, at, at, note);
      else this.print(this.inLoc(at), 'note', note);
    }
  }

  /** Returns true when an error was reported. */
  private printMatch(
    expected: boolean,
    prefix: string,
    loc: Loc,
    pat: Pattern,
    matchedCount: number,
    pos: number,
    len: number,
  ): boolean {
    const hasError = !expected;
    let printDiag = true;
    if (!hasError) {
      if (!this.req.verbose) return false;
      if (!this.req.verboseVerbose && pat.checkTy.kind === Kind.EOF) return false;
      printDiag = this.diags === undefined;
    }
    const matchTy = expected ? MatchType.FoundAndExpected : MatchType.FoundButExcluded;
    const range = this.processMatchResult(matchTy, loc, pat.checkTy, pos, pos + len);
    if (this.diags !== undefined) {
      this.printSubstitutionNotes(pat, range[0], matchTy, true);
      for (const c of pat.captures) this.addDiag(pat.checkTy, pat.loc, matchTy, c.range[0], c.range[1], `captured var "${c.name}"`);
    }
    if (!printDiag) return hasError;
    let msg = `${describeCheck(pat.checkTy, prefix)}: ${expected ? 'expected' : 'excluded'} string found in input`;
    if (pat.checkTy.count > 1) msg += ` (${matchedCount} out of ${pat.checkTy.count})`;
    this.print(loc, expected ? 'remark' : 'error', msg);
    this.print(this.inLoc(range[0]), 'note', 'found here', [range]);
    this.printSubstitutionNotes(pat, range[0], matchTy, false);
    for (const c of pat.captures) this.print(this.inLoc(c.range[0]), 'note', `captured var "${c.name}"`, [c.range]);
    return hasError;
  }

  private printNoMatch(
    expected: boolean,
    prefix: string,
    loc: Loc,
    pat: Pattern,
    matchedCount: number,
    start: number,
    end: number,
    errors: Array<{ loc: Loc; msg: string }>,
  ): boolean {
    let hasError = expected;
    let hasPatternError = false;
    let matchTy = expected ? MatchType.NoneButExpected : MatchType.NoneAndExcluded;
    const errorMsgs: string[] = [];
    for (const e of errors) {
      hasError = hasPatternError = true;
      matchTy = MatchType.NoneForInvalidPattern;
      this.print(e.loc, 'error', e.msg);
      errorMsgs.push(e.msg);
    }
    let printDiag = true;
    if (!hasError) {
      if (!this.req.verboseVerbose) return false;
      printDiag = this.diags === undefined;
    }
    const range = this.processMatchResult(matchTy, loc, pat.checkTy, start, end);
    if (this.diags !== undefined) {
      for (const m of errorMsgs) this.addDiag(pat.checkTy, loc, matchTy, range[0], range[0], m);
      this.printSubstitutionNotes(pat, range[0], matchTy, true);
    }
    if (!printDiag) return hasError;
    if (!hasPatternError) {
      let msg = `${describeCheck(pat.checkTy, prefix)}: ${expected ? 'expected' : 'excluded'} string not found in input`;
      if (pat.checkTy.count > 1) msg += ` (${matchedCount} out of ${pat.checkTy.count})`;
      this.print(loc, expected ? 'error' : 'remark', msg);
      this.print(this.inLoc(range[0]), 'note', 'scanning from here');
    }
    this.printSubstitutionNotes(pat, range[0], matchTy, false);
    if (expected) this.printFuzzyMatch(pat, start, end);
    return hasError;
  }

  private printFuzzyMatch(pat: Pattern, start: number, end: number): void {
    const text = this.input.text;
    let linesForward = 0;
    let best = -1;
    let bestQuality = 0;
    const e = Math.min(4096, end - start);
    for (let i = 0; i < e; i++) {
      const ch = text[start + i];
      if (ch === '\n') ++linesForward;
      if (ch === ' ' || ch === '\t') continue;
      const limit = best === -1 ? Number.POSITIVE_INFINITY : bestQuality;
      const dist = pat.matchDistance(text, start + i, end, limit);
      const quality = dist + linesForward / 100;
      if (quality < bestQuality || best === -1) {
        best = i;
        bestQuality = quality;
      }
    }
    if (best > 0 && bestQuality < 50) {
      const r = this.processMatchResult(MatchType.Fuzzy, pat.loc, pat.checkTy, start + best, start + best);
      this.print(this.inLoc(r[0]), 'note', 'possible intended match here');
    }
  }

  /** reportMatchResult: returns true when an error was reported. */
  private report(
    expected: boolean,
    prefix: string,
    loc: Loc,
    pat: Pattern,
    matchedCount: number,
    start: number,
    end: number,
    res: MatchResult,
  ): boolean {
    if (res.kind === 'found') return this.printMatch(expected, prefix, loc, pat, matchedCount, res.pos, res.len);
    return this.printNoMatch(expected, prefix, loc, pat, matchedCount, start, end, res.kind === 'error' ? res.errors : []);
  }

  private countNewlines(start: number, end: number): { n: number; firstNewLine: number } {
    const text = this.input.text;
    let n = 0;
    let first = -1;
    let i = start;
    for (;;) {
      while (i < end && text[i] !== '\n' && text[i] !== '\r') i++;
      if (i >= end) return { n, firstNewLine: first };
      ++n;
      if (end - i > 1 && (text[i + 1] === '\n' || text[i + 1] === '\r') && text[i] !== text[i + 1]) i++;
      i++;
      if (n === 1) first = i;
    }
  }

  private checkNext(cs: CheckString, start: number, end: number): boolean {
    const k = cs.pat.checkTy.kind;
    if (k !== Kind.Next && k !== Kind.Empty) return false;
    const name = cs.prefix + (k === Kind.Empty ? '-EMPTY' : '-NEXT');
    const { n, firstNewLine } = this.countNewlines(start, end);
    if (n === 0) {
      this.print(cs.loc, 'error', `${name}: is on the same line as previous match`);
      this.print(this.inLoc(end), 'note', "'next' match was here");
      this.print(this.inLoc(start), 'note', 'previous match ended here');
      return true;
    }
    if (n !== 1) {
      this.print(cs.loc, 'error', `${name}: is not on the line after the previous match`);
      this.print(this.inLoc(end), 'note', "'next' match was here");
      this.print(this.inLoc(start), 'note', 'previous match ended here');
      this.print(this.inLoc(firstNewLine), 'note', 'non-matching line after previous match is here');
      return true;
    }
    return false;
  }

  private checkSame(cs: CheckString, start: number, end: number): boolean {
    if (cs.pat.checkTy.kind !== Kind.Same) return false;
    const { n } = this.countNewlines(start, end);
    if (n !== 0) {
      this.print(cs.loc, 'error', `${cs.prefix}-SAME: is not on the same line as the previous match`);
      this.print(this.inLoc(end), 'note', "'next' match was here");
      this.print(this.inLoc(start), 'note', 'previous match ended here');
      return true;
    }
    return false;
  }

  private checkNot(start: number, end: number, notStrings: DagNot[]): boolean {
    let fail = false;
    for (const n of notStrings) {
      const res = n.pat.match(this.input.text, start, end);
      if (this.report(false, n.prefix, n.pat.loc, n.pat, 1, start, end, res)) fail = true;
    }
    return fail;
  }

  private checkDag(cs: CheckString, start: number, end: number, notStrings: DagNot[]): number | undefined {
    if (cs.dagNot.length === 0) return start;
    const text = this.input.text;
    let startPos = start;
    let ranges: Array<{ pos: number; end: number }> = [];
    const vv = this.req.verboseVerbose;
    for (let idx = 0; idx < cs.dagNot.length; idx++) {
      const dn = cs.dagNot[idx]!;
      const pat = dn.pat;
      if (pat.checkTy.kind === Kind.Not) {
        notStrings.push(dn);
        continue;
      }
      let matchLen = 0;
      let matchPos = startPos;
      let mi = 0;
      for (;;) {
        const res = pat.match(text, matchPos, end);
        if (res.kind !== 'found' || vv) {
          if (this.report(true, dn.prefix, pat.loc, pat, 1, matchPos, end, res)) return undefined;
        }
        if (res.kind !== 'found') return undefined;
        matchLen = res.len;
        matchPos = res.pos;
        const m = { pos: matchPos, end: matchPos + matchLen };
        if (this.req.allowDeprecatedDagOverlap) {
          if (ranges.length === 0) ranges.push(m);
          else {
            const b = ranges[0]!;
            b.pos = Math.min(b.pos, m.pos);
            b.end = Math.max(b.end, m.end);
          }
          break;
        }
        let overlap = false;
        for (; mi < ranges.length; mi++) {
          const r = ranges[mi]!;
          if (m.pos < r.end) {
            overlap = r.pos < m.end;
            break;
          }
        }
        if (!overlap) {
          ranges.splice(mi, 0, m);
          break;
        }
        if (vv) {
          this.processMatchResult(MatchType.FoundButDiscarded, pat.loc, pat.checkTy, m.pos, m.end);
        }
        matchPos = ranges[mi]!.end;
        mi++;
      }
      if (!vv) this.printMatch(true, dn.prefix, pat.loc, pat, 1, matchPos, matchLen);
      const next = cs.dagNot[idx + 1];
      if (next === undefined || next.pat.checkTy.kind === Kind.Not) {
        if (notStrings.length > 0) {
          if (this.checkNot(startPos, ranges[0]!.pos, notStrings)) return undefined;
          notStrings.length = 0;
        }
        startPos = ranges[ranges.length - 1]!.end;
        ranges = [];
      }
    }
    return startPos;
  }

  /** FileCheckString::Check on input[start, end). */
  private checkString(cs: CheckString, start: number, end: number, labelScan: boolean): { pos: number; len: number } | undefined {
    const text = this.input.text;
    let lastPos = start;
    const notStrings: DagNot[] = [];
    if (!labelScan) {
      const r = this.checkDag(cs, start, end, notStrings);
      if (r === undefined) return undefined;
      lastPos = r;
    }
    let lastMatchEnd = lastPos;
    let firstMatchPos = 0;
    for (let i = 1; i <= cs.pat.checkTy.count; i++) {
      const res = cs.pat.match(text, lastMatchEnd, end);
      if (this.report(true, cs.prefix, cs.loc, cs.pat, i, lastMatchEnd, end, res)) return undefined;
      if (res.kind !== 'found') return undefined;
      if (i === 1) firstMatchPos = res.pos;
      lastMatchEnd = res.pos + res.len;
    }
    const matchLen = lastMatchEnd - firstMatchPos;
    if (!labelScan) {
      if (this.checkNext(cs, lastPos, firstMatchPos) || this.checkSame(cs, lastPos, firstMatchPos)) {
        this.processMatchResult(
          MatchType.FoundButWrongLine,
          cs.loc,
          cs.pat.checkTy,
          firstMatchPos,
          firstMatchPos + matchLen,
          this.req.verbose,
        );
        return undefined;
      }
      if (this.checkNot(lastPos, firstMatchPos, notStrings)) return undefined;
    }
    return { pos: firstMatchPos, len: matchLen };
  }

  /** FileCheck::checkInput. */
  checkInput(input: SourceBuffer, collectDiags: boolean): boolean {
    this.input = input;
    if (collectDiags) this.diags = [];
    const checks = this.checks;
    let checksFailed = false;
    let i = 0;
    let j = 0;
    const e = checks.length;
    let bufStart = 0;
    const bufEnd = input.text.length;
    for (;;) {
      let regionStart: number;
      let regionEnd: number;
      if (j === e) {
        regionStart = bufStart;
        regionEnd = bufEnd;
      } else {
        const label = checks[j]!;
        if (label.pat.checkTy.kind !== Kind.Label) {
          ++j;
          continue;
        }
        const r = this.checkString(label, bufStart, bufEnd, true);
        if (r === undefined) return false;
        regionStart = bufStart;
        regionEnd = r.pos + r.len;
        bufStart = r.pos + r.len;
        ++j;
      }
      if (i !== 0 && this.req.enableVarScope) this.ctx.clearLocalVars();
      for (; i !== j; ++i) {
        const r = this.checkString(checks[i]!, regionStart, regionEnd, false);
        if (r === undefined) {
          checksFailed = true;
          i = j;
          break;
        }
        regionStart = r.pos + r.len;
      }
      if (j === e) break;
    }
    return !checksFailed;
  }

  // ---------------------------------------------------------------------------------------
  // Input dump

  dumpInput(inputName: string, checkName: string): string {
    let out = '\n';
    out += `Input file: ${inputName}\nCheck file: ${checkName}\n\n-dump-input=help explains the following input dump.\n\n`;
    const diags = this.diags ?? [];
    interface Annotation {
      diagIndex: number;
      label: string;
      lead: string;
      note: string;
      filtersAsError: boolean;
      isFirstLine: boolean;
      line: number;
      startCol: number;
      endCol: number;
    }
    const marker = (t: MatchType): { lead: string; note: string; err: boolean } => {
      switch (t) {
        case MatchType.FoundAndExpected: return { lead: '^', note: '', err: false };
        case MatchType.FoundButExcluded: return { lead: '!', note: 'error: no match expected', err: true };
        case MatchType.FoundButWrongLine: return { lead: '!', note: 'error: match on wrong line', err: true };
        case MatchType.FoundButDiscarded: return { lead: '!', note: 'discard: overlaps earlier match', err: false };
        case MatchType.FoundErrorNote: return { lead: '!', note: 'error: unknown error after match', err: true };
        case MatchType.NoneAndExcluded: return { lead: 'X', note: '', err: false };
        case MatchType.NoneButExpected: return { lead: 'X', note: 'error: no match found', err: true };
        case MatchType.NoneForInvalidPattern: return { lead: 'X', note: 'error: match failed for invalid pattern', err: true };
        case MatchType.Fuzzy: return { lead: '?', note: 'possible intended match', err: true };
      }
    };
    const locKey = (l: Loc): string => `${l.buf === this.checkBuf ? 'c' : 'i' + this.implicitBuffers.indexOf(l.buf)}:${l.pos}`;
    const countPer = new Map<string, number>();
    for (const d of diags) countPer.set(locKey(d.checkLoc), (countPer.get(locKey(d.checkLoc)) ?? 0) + 1);
    const indexPer = new Map<string, number>();
    const annotations: Annotation[] = [];
    let labelWidth = 0;
    diags.forEach((d, diagIndex) => {
      const key = locKey(d.checkLoc);
      let label = checkAbbreviation(d.checkTy) + ':';
      if (d.checkLoc.buf === this.checkBuf) label += String(d.checkLoc.buf.lineAndColumn(d.checkLoc.pos).line);
      else label += 'imp' + String(this.implicitBuffers.indexOf(d.checkLoc.buf) + 1);
      if ((countPer.get(key) ?? 0) > 1) {
        const idx = indexPer.get(key) ?? 0;
        indexPer.set(key, idx + 1);
        label += `'${idx}`;
      }
      labelWidth = Math.max(labelWidth, label.length);
      const mk = marker(d.matchTy);
      let lead = mk.lead;
      let note = mk.note;
      if (d.note !== '') {
        note = d.note;
        if (d.startLine === d.endLine && d.startCol === d.endCol) lead = ' ';
      }
      if (d.matchTy === MatchType.FoundErrorNote) note = 'error: ' + note;
      const a: Annotation = {
        diagIndex,
        label,
        lead,
        note,
        filtersAsError: mk.err,
        isFirstLine: true,
        line: d.startLine,
        startCol: d.startCol,
        endCol: 0,
      };
      if (d.startLine === d.endLine) {
        a.endCol = Math.max(d.startCol + 1, d.endCol);
        annotations.push(a);
      } else {
        a.endCol = Number.MAX_SAFE_INTEGER;
        annotations.push(a);
        for (let l = d.startLine + 1; l <= d.endLine; l++) {
          if (d.endCol === 1 && l === d.endLine) break;
          annotations.push({
            ...a,
            isFirstLine: false,
            line: l,
            lead: '~',
            note: '',
            startCol: 1,
            endCol: l !== d.endLine ? Number.MAX_SAFE_INTEGER : d.endCol,
          });
        }
      }
    });
    annotations.sort((a, b) => a.line - b.line || a.diagIndex - b.diagIndex || a.startCol - b.startCol);

    const text = this.input.text;
    let lineCount = 0;
    for (let k = text.indexOf('\n'); k !== -1; k = text.indexOf('\n', k + 1)) lineCount++;
    if (text.length > 0 && text[text.length - 1] !== '\n') ++lineCount;
    const lineNoWidth = Math.floor(Math.log10(Math.max(lineCount, 1))) + 1;
    labelWidth = Math.max(labelWidth, lineNoWidth) + 3;

    const filter: DumpInputFilter = this.req.dumpInputFilter ?? (this.req.dumpInput === 'always' ? 'all' : 'error');
    const context = this.req.dumpInputContext;
    const findInFilter = (line: number, from: number): number => {
      if (filter === 'all') return line;
      for (let k = from; k < annotations.length; k++) {
        const a = annotations[k]!;
        if (filter === 'annotation-full') return a.line;
        if (filter === 'annotation' && a.isFirstLine) return a.line;
        if (filter === 'error' && a.isFirstLine && a.filtersAsError) return a.line;
      }
      return Number.MAX_SAFE_INTEGER;
    };
    out += 'Input was:\n<<<<<<\n';
    let elided = '';
    const flushElided = (): void => {
      if (elided === '') return;
      const n = elided.split('\n').length - 1;
      if (3 < n) for (let k = 0; k < 3; k++) out += '.'.padStart(labelWidth) + '\n';
      else out += elided;
      elided = '';
    };
    let prevInFilter = 0;
    let nextInFilter = 0;
    let ptr = 0;
    let ai = 0;
    for (let line = 1; ptr < text.length || ai < annotations.length; line++) {
      const lineStart = ptr;
      if (nextInFilter < line) nextInFilter = findInFilter(line, ai);
      if (nextInFilter === line) prevInFilter = line;
      let buf = '';
      const elide =
        (prevInFilter === 0 || prevInFilter + context < line) &&
        (nextInFilter === Number.MAX_SAFE_INTEGER || line + context < nextInFilter);
      if (!elide) flushElided();
      buf += String(line).padStart(labelWidth) + ': ';
      let newline = false;
      while (ptr < text.length && !newline) {
        if (text[ptr] === '\n') {
          newline = true;
          buf += ' ';
        } else buf += text[ptr];
        ptr++;
      }
      buf += '\n';
      const width = ptr - lineStart;
      while (ai < annotations.length && annotations[ai]!.line === line) {
        const a = annotations[ai]!;
        let s = a.label.padEnd(labelWidth) + '  ';
        let col: number;
        for (col = 1; col < a.startCol; ++col) s += ' ';
        s += a.lead;
        for (++col; col < a.endCol && col <= width; ++col) s += '~';
        if (a.note !== '') {
          for (; col <= width; ++col) s += ' ';
          s += ' ' + a.note;
        }
        buf += s + '\n';
        ai++;
      }
      if (elide) elided += buf;
      else out += buf;
    }
    flushElided();
    out += '>>>>>>\n';
    return out;
  }

  stderr(): string {
    return this.err;
  }
  appendErr(s: string): void {
    this.err += s;
  }
}

export const DUMP_INPUT_HELP = `The following description was requested by -dump-input=help to
explain the input dump printed by FileCheck.

Related command-line options:

  - -dump-input=<value> enables or disables the input dump
  - -dump-input-filter=<value> filters the input lines
  - -dump-input-context=<N> adjusts the context of filtered lines
  - -v and -vv add more annotations
  - -color forces colors to be enabled both in the dump and below
  - -help documents the above options in more detail

These options can also be set via FILECHECK_OPTS.  For example, for
maximum debugging output on failures:

  $ FILECHECK_OPTS='-dump-input-filter=all -vv -color' ninja check

Input dump annotation format:

  - L:     labels line number L of the input file
           An extra space is added after each input line to represent the
           newline character.
  - T:L    labels the only match result for either (1) a pattern of type T
           from line L of the check file if L is an integer or (2) the
           I-th implicit pattern if L is "imp" followed by an integer I
  - T:L'N  labels the Nth match result for such a pattern
  - ^~~    marks good match (reported if -v)
  - !~~    marks bad match, such as:
           - CHECK-NEXT on same line as previous match (error)
           - CHECK-NOT found (error)
           - CHECK-DAG overlapping match (discarded, reported if -vv)
  - X~~    marks search range when no match is found, such as:
           - CHECK-NEXT not found (error)
           - CHECK-NOT not found (success, reported if -vv)
           - CHECK-DAG not found after discarded matches (error)
  - ?      marks fuzzy match when no match is found
  - colors success, error, fuzzy match, unmatched input

If you are not seeing color above or in input dumps, try: -color
`;

export interface RunOptions {
  checkFileName: string;
  /** Check file contents as a byte string. */
  checkText: string;
  inputName: string;
  /** Input contents as a byte string. */
  input: string;
  /** argv (program name first), printed after "FileCheck command line:" when the input is empty. */
  commandLine?: string[];
}

/** Run FileCheck on byte strings (see source.ts); returns exit code and stderr. */
export function runFileCheck(req: FileCheckRequest, o: RunOptions): FileCheckOutcome {
  if (req.dumpInput === 'help') return { exitCode: 0, stdout: DUMP_INPUT_HELP, stderr: '' };
  const run = new FileCheckRun(req);
  if (!run.validatePrefixes()) return { exitCode: 2, stderr: run.stderr(), stdout: '' };
  const checkBuf = new SourceBuffer(o.checkFileName, canonicalize(o.checkText, req.noCanonicalizeWhiteSpace));
  if (!run.readCheckFile(checkBuf)) return { exitCode: run.fatal ? 1 : 2, stderr: run.stderr(), stdout: '' };
  if (o.input.length === 0 && !req.allowEmptyInput) {
    run.appendErr(`FileCheck error: '${o.inputName}' is empty.\n`);
    run.appendErr(`FileCheck command line: ${(o.commandLine ?? []).map((a) => ' ' + a).join('')}\n`);
    return { exitCode: 2, stderr: run.stderr(), stdout: '' };
  }
  const input = new SourceBuffer(o.inputName, canonicalize(o.input, req.noCanonicalizeWhiteSpace));
  const ok = run.checkInput(input, req.dumpInput !== 'never');
  const exitCode = ok ? 0 : 1;
  if (req.dumpInput === 'always' || (exitCode === 1 && req.dumpInput === 'fail')) {
    run.appendErr(run.dumpInput(o.inputName, o.checkFileName));
  }
  return { exitCode, stderr: run.stderr(), stdout: '' };
}
