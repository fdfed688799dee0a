// FileCheck patterns (llvm::Pattern): parsing of {{regex}}, [[VAR:regex]], [[VAR]],
// [[#numeric]] and [[@LINE]] blocks, and matching against the input.

import { Kind, type CheckType } from './checktype.js';
import {
  Cursor,
  evalAst,
  formatValue,
  type ExprFormat,
  type NumericContext,
  NumericVariable,
  ParseError,
  parseNumericBlock,
  parseValue,
  parseVariable,
  wildcardRegex,
  type Ast,
} from './numeric.js';
import {
  BOL_SOURCE,
  compileJs,
  convertRegex,
  EOL_SOURCE,
  literalSource,
  llvmRegexEscape,
  RegexError,
} from './regex.js';
import type { Loc, SourceBuffer } from './source.js';

export interface Request {
  matchFullLines: boolean;
  /** --strict-whitespace */
  noCanonicalizeWhiteSpace: boolean;
  ignoreCase: boolean;
}

export class PatternContext implements NumericContext {
  /** String variable values (GlobalVariableTable). */
  readonly globalVars = new Map<string, string>();
  /** Names of string variables that have a definition somewhere (DefinedVariableTable). */
  readonly definedStringVars = new Set<string>();
  readonly numericVars = new Map<string, NumericVariable>();

  clearLocalVars(): void {
    for (const k of [...this.globalVars.keys()]) if (!k.startsWith('$')) this.globalVars.delete(k);
    for (const [k, v] of [...this.numericVars]) {
      if (!k.startsWith('$')) {
        v.value = undefined;
        this.numericVars.delete(k);
      }
    }
  }
}

type Subst =
  | { kind: 'str'; name: string; loc: Loc }
  | { kind: 'num'; ast: Ast; format: ExprFormat; from: string; loc: Loc };

export type MatchResult =
  | { kind: 'found'; pos: number; len: number }
  | { kind: 'notfound' }
  | { kind: 'error'; errors: Array<{ loc: Loc; msg: string }> };

const lowerCache: { text: string; lower: string } = { text: '', lower: '' };
function asciiLower(text: string): string {
  if (lowerCache.text !== text) {
    lowerCache.text = text;
    lowerCache.lower = text.replace(/[A-Z]+/g, (m) => m.toLowerCase());
  }
  return lowerCache.lower;
}

function writeEscaped(s: string): string {
  let out = '';
  for (const ch of s) {
    const c = ch.charCodeAt(0);
    if (ch === '\\') out += '\\\\';
    else if (ch === '\t') out += '\\t';
    else if (ch === '\n') out += '\\n';
    else if (ch === '"') out += '\\"';
    else if (c < 32 || c >= 127) out += '\\' + c.toString(8).padStart(3, '0');
    else out += ch;
  }
  return out;
}

export class Pattern {
  /** Location of the start of the pattern text. */
  loc!: Loc;
  fixedStr: string | undefined;
  /** LLVM-syntax regex (used for "possible intended match" distance like LLVM). */
  llvmRegExStr = '';
  private parts: Array<string | Subst> = [];
  private substitutions: Subst[] = [];
  private stringDefs = new Map<string, number>();
  private numericDefs: Array<{ v: NumericVariable; group: number; fmt: ExprFormat }> = [];
  private ignoreCase = false;
  /** Variables captured by the last successful match, in input order (for "captured var" notes). */
  captures: Array<{ name: string; range: [number, number] }> = [];
  private compiled: RegExp | undefined;

  constructor(
    readonly checkTy: CheckType,
    readonly ctx: PatternContext,
    readonly lineNumber: number | undefined,
  ) {}

  hasVariable(): boolean {
    return this.substitutions.length > 0 || this.stringDefs.size > 0;
  }

  /** Pattern::parsePattern over buf.text[start, end).  Throws ParseError. */
  parse(buf: SourceBuffer, start: number, end: number, prefix: string, req: Request): void {
    // Searches below must not run past the end of the pattern; slicing is O(1) in V8.
    const text = buf.text.slice(0, end);
    const mkLoc = (pos: number): Loc => ({ buf, pos });
    const matchFullLinesHere = req.matchFullLines && this.checkTy.kind !== Kind.Not;
    this.ignoreCase = req.ignoreCase;
    const icase = req.ignoreCase;
    this.loc = mkLoc(start);
    if (!(req.noCanonicalizeWhiteSpace && req.matchFullLines)) {
      while (end > start && (text[end - 1] === ' ' || text[end - 1] === '\t')) end--;
    }
    let p = start;
    const isEmpty = end === start;
    if (isEmpty && this.checkTy.kind !== Kind.Empty) {
      throw new ParseError(this.loc, `found empty check string with prefix '${prefix}:'`, false);
    }
    if (!isEmpty && this.checkTy.kind === Kind.Empty) {
      throw new ParseError(this.loc, `found non-empty check string for empty check with prefix '${prefix}:'`, false);
    }
    if (this.checkTy.kind === Kind.Empty) {
      this.llvmRegExStr = '(\n$)';
      this.parts = [`(\\n${EOL_SOURCE})`];
      return;
    }
    const patternStr = text.slice(start, end);
    if (this.checkTy.literal) {
      this.fixedStr = patternStr;
      return;
    }
    if (!matchFullLinesHere && (patternStr.length < 2 || (!patternStr.includes('{{') && !patternStr.includes('[[')))) {
      this.fixedStr = patternStr;
      return;
    }
    const emit = (js: string, llvm: string): void => {
      this.parts.push(js);
      this.llvmRegExStr += llvm;
    };
    if (matchFullLinesHere) {
      emit(BOL_SOURCE, '^');
      if (!req.noCanonicalizeWhiteSpace) emit(' *', ' *');
    }
    let curParen = 1;
    const addRegex = (reStart: number, reEnd: number): void => {
      const re = text.slice(reStart, reEnd);
      try {
        const conv = convertRegex(re, icase);
        emit(conv.source, re);
        curParen += conv.groups;
      } catch (e) {
        if (e instanceof RegexError) throw new ParseError(mkLoc(reStart), `invalid regex: ${e.message}`, false);
        throw e;
      }
    };

    while (p < end) {
      if (text.startsWith('{{', p) && p + 2 <= end) {
        const close = text.indexOf('}}', p + 2);
        if (close === -1 || close + 2 > end) {
          throw new ParseError(mkLoc(p), "found start of regex string with no end '}}'", false);
        }
        // Like LLVM, only a fragment with an alternation gets a (capturing) group, so that
        // back-references like {{(b)\1}} keep their numbering.
        const hasAlternation = text.slice(p, close).includes('|');
        if (hasAlternation) {
          emit('(', '(');
          ++curParen;
        } else emit('(?:', '');
        addRegex(p + 2, close);
        emit(')', hasAlternation ? ')' : '');
        p = close + 2;
        continue;
      }
      if (text.startsWith('[[', p) && !text.startsWith('[[[', p) && p + 2 <= end) {
        const unparsed = p + 2;
        const blockEnd = findRegexVarEnd(text, unparsed, end, mkLoc);
        if (blockEnd === -1) throw new ParseError(mkLoc(p), 'Invalid substitution block, no ]] found', false);
        let ms = unparsed;
        const me = blockEnd;
        let isNumBlock = false;
        if (text[ms] === '#') {
          isNumBlock = true;
          ms++;
        }
        p = blockEnd + 2;

        let isDefinition = false;
        let substNeeded = false;
        let isLegacyLineExpr = false;
        let defName = '';
        let matchRegexp: [number, number] | string | undefined;
        let strSubstName: string | undefined;
        let strSubstLoc: Loc | undefined;

        if (!isNumBlock) {
          const colon = text.indexOf(':', ms);
          const varEnd = colon === -1 || colon >= me ? -1 : colon;
          const nameRegionEnd = varEnd === -1 ? me : varEnd;
          for (let i = ms; i < nameRegionEnd; i++) {
            if (text[i] === ' ' || text[i] === '\t') throw new ParseError(mkLoc(i), 'unexpected whitespace', false);
          }
          const c = new Cursor(text, ms, me, mkLoc);
          const vp = parseVariable(c);
          isDefinition = varEnd !== -1;
          substNeeded = !isDefinition;
          if (isDefinition) {
            if (vp.isPseudo || !c.consume(':')) {
              throw new ParseError(mkLoc(vp.nameStart), 'invalid name in string variable definition', false);
            }
            if (this.ctx.numericVars.has(vp.name)) {
              throw new ParseError(mkLoc(vp.nameStart), `numeric variable with name '${vp.name}' already exists`, false);
            }
            defName = vp.name;
            matchRegexp = [c.pos, me];
          } else if (vp.isPseudo) {
            isLegacyLineExpr = true;
            isNumBlock = true;
          } else {
            if (!c.empty()) throw new ParseError(mkLoc(vp.nameStart), 'invalid name in string variable use', false);
            strSubstName = vp.name;
            strSubstLoc = mkLoc(vp.nameStart);
          }
        }

        let numAst: Ast | undefined;
        let numFormat: ExprFormat | undefined;
        let numDef: NumericVariable | undefined;
        if (isNumBlock) {
          const c = new Cursor(text, ms, me, mkLoc);
          const blk = parseNumericBlock(c, isLegacyLineExpr, this.lineNumber, this.ctx);
          numAst = blk.ast;
          numFormat = blk.format;
          substNeeded = blk.ast !== undefined;
          if (blk.def !== undefined) {
            isDefinition = true;
            defName = blk.def.name;
            numDef = blk.def;
          }
          if (!substNeeded) matchRegexp = wildcardRegex(blk.format);
        }

        if (isDefinition) {
          emit('(', '(');
          if (isNumBlock && numDef !== undefined && numFormat !== undefined) {
            this.numericDefs.push({ v: numDef, group: curParen, fmt: numFormat });
          } else {
            this.stringDefs.set(defName, curParen);
            this.ctx.definedStringVars.add(defName);
          }
          ++curParen;
        }
        if (matchRegexp !== undefined) {
          if (typeof matchRegexp === 'string') {
            const conv = convertRegex(matchRegexp, icase);
            emit(conv.source, matchRegexp);
            curParen += conv.groups;
          } else if (matchRegexp[1] > matchRegexp[0]) {
            addRegex(matchRegexp[0], matchRegexp[1]);
          }
        }
        // Substitutions go inside the definition's group (LLVM's SubstInsertIdx).

        if (substNeeded) {
          const group = !isNumBlock && strSubstName !== undefined ? this.stringDefs.get(strSubstName) : undefined;
          if (group !== undefined) {
            if (group < 1 || group > 9) {
              throw new ParseError(strSubstLoc!, "Can't back-reference more than 9 variables", false);
            }
            emit(`(?:\\${group})`, `\\${group}`);
          } else if (isNumBlock && numAst !== undefined && numFormat !== undefined) {
            const s: Subst = { kind: 'num', ast: numAst, format: numFormat, from: text.slice(ms, me), loc: mkLoc(ms) };
            this.substitutions.push(s);
            this.parts.push(s);
          } else if (strSubstName !== undefined && strSubstLoc !== undefined) {
            const s: Subst = { kind: 'str', name: strSubstName, loc: strSubstLoc };
            this.substitutions.push(s);
            this.parts.push(s);
          }
        }
        if (isDefinition) emit(')', ')');
        continue;
      }
      // Fixed text up to the next "{{" or "[[" (searching from p + 1).
      let next = end;
      const a = text.indexOf('{{', p + 1);
      if (a !== -1 && a < next) next = a;
      const b = text.indexOf('[[', p + 1);
      if (b !== -1 && b < next) next = b;
      const lit = text.slice(p, next);
      emit(literalSource(lit, icase), llvmRegexEscape(lit));
      p = next;
    }
    if (matchFullLinesHere) {
      if (!req.noCanonicalizeWhiteSpace) emit(' *', ' *');
      emit(EOL_SOURCE, '$');
    }
  }

  /** Substitution values (the regex text for each), or the errors for undefined variables. */
  private substitute(): { source: string } | { errors: Array<{ loc: Loc; msg: string }> } {
    let source = '';
    const errors: Array<{ loc: Loc; msg: string }> = [];
    for (const part of this.parts) {
      if (typeof part === 'string') {
        source += part;
        continue;
      }
      if (part.kind === 'str') {
        const v = this.ctx.globalVars.get(part.name);
        if (v === undefined) errors.push({ loc: part.loc, msg: `undefined variable: ${part.name}` });
        else source += literalSource(v, this.ignoreCase);
      } else {
        const v = evalAst(part.ast, this.lineNumber);
        if (typeof v !== 'bigint') errors.push(...v.errors);
        else source += literalSource(formatValue(v, part.format), this.ignoreCase);
      }
    }
    return errors.length > 0 ? { errors } : { source };
  }

  /** Pattern::match on text[start, end).  Positions in the result are absolute. */
  match(text: string, start: number, end: number): MatchResult {
    if (this.checkTy.kind === Kind.EOF) return { kind: 'found', pos: end, len: 0 };
    if (this.fixedStr !== undefined) {
      const f = this.fixedStr;
      // Search only text[start, end): slices are O(1) in V8, an unbounded indexOf is not.
      const hay = this.ignoreCase ? asciiLower(text) : text;
      const rel = (end === hay.length ? hay : hay.slice(0, end)).indexOf(this.ignoreCase ? f.toLowerCase() : f, start);
      if (rel === -1) return { kind: 'notfound' };
      return { kind: 'found', pos: rel, len: f.length };
    }
    let re: RegExp;
    const hasDefs = this.stringDefs.size > 0 || this.numericDefs.length > 0;
    if (this.substitutions.length === 0) {
      this.compiled ??= compileJs(this.parts.join(''), hasDefs);
      re = this.compiled;
    } else {
      const s = this.substitute();
      if ('errors' in s) return { kind: 'error', errors: s.errors };
      re = compileJs(s.source, hasDefs);
    }
    const hay = start === 0 && end === text.length ? text : text.slice(start, end);
    const m = re.exec(hay);
    if (m === null) return { kind: 'notfound' };
    this.captures = [];
    const range = (group: number): [number, number] => {
      const r = m.indices?.[group];
      return r === undefined ? [start, start] : [start + r[0], start + r[1]];
    };
    for (const [name, group] of this.stringDefs) {
      this.ctx.globalVars.set(name, m[group] ?? '');
      this.captures.push({ name, range: range(group) });
    }
    for (const d of this.numericDefs) {
      const str = m[d.group] ?? '';
      const v = parseValue(str, d.fmt);
      d.v.value = v;
      this.captures.push({ name: d.v.name, range: range(d.group) });
    }
    this.captures.sort((a, b) => a.range[0] - b.range[0]);
    const skip = this.checkTy.kind === Kind.Empty ? 1 : 0;
    return { kind: 'found', pos: start + m.index + skip, len: m[0].length - skip };
  }

  /** Notes 'with "X" equal to "v"' for each substitution whose value is known. */
  substitutionNotes(): string[] {
    const out: string[] = [];
    for (const s of this.substitutions) {
      if (s.kind === 'str') {
        const v = this.ctx.globalVars.get(s.name);
        if (v === undefined) continue;
        out.push(`with "${writeEscaped(s.name)}" equal to "${writeEscaped(v)}"`);
      } else {
        const v = evalAst(s.ast, this.lineNumber);
        if (typeof v !== 'bigint') continue;
        out.push(`with "${writeEscaped(s.from)}" equal to "${formatValue(v, s.format)}"`);
      }
    }
    return out;
  }

  /** Pattern::computeMatchDistance, with an early cut-off above `limit`. */
  matchDistance(text: string, pos: number, end: number, limit: number): number {
    const example = this.fixedStr !== undefined && this.fixedStr !== '' ? this.fixedStr : this.llvmRegExStr;
    let prefix = text.slice(pos, Math.min(end, pos + example.length));
    const nl = prefix.indexOf('\n');
    if (nl !== -1) prefix = prefix.slice(0, nl);
    return editDistance(prefix, example, limit);
  }
}

/** StringRef::edit_distance (replacements allowed); returns > limit early when exceeded. */
function editDistance(a: string, b: string, limit: number): number {
  const m = a.length;
  const n = b.length;
  let row = new Array<number>(n + 1);
  for (let j = 0; j <= n; j++) row[j] = j;
  for (let y = 1; y <= m; y++) {
    const next = new Array<number>(n + 1);
    next[0] = y;
    let best = y;
    const ca = a.charCodeAt(y - 1);
    for (let x = 1; x <= n; x++) {
      const sub = row[x - 1]! + (ca === b.charCodeAt(x - 1) ? 0 : 1);
      const v = Math.min(sub, row[x]! + 1, next[x - 1]! + 1);
      next[x] = v;
      if (v < best) best = v;
    }
    if (best > limit) return best;
    row = next;
  }
  return row[n]!;
}

/** Pattern::FindRegexVarEnd: index of the "]]" closing a substitution block, or -1. */
function findRegexVarEnd(text: string, start: number, end: number, mkLoc: (p: number) => Loc): number {
  let depth = 0;
  let i = start;
  while (i < end) {
    if (text.startsWith(']]', i) && i + 2 <= end && depth === 0) return i;
    const ch = text[i];
    if (ch === '\\') {
      i += 2;
      continue;
    }
    if (ch === '[') depth++;
    else if (ch === ']') {
      if (depth === 0) throw new FatalParseError(mkLoc(i), 'missing closing "]" for regex variable');
      depth--;
    }
    i++;
  }
  return -1;
}

/** Errors after which LLVM's FileCheck exit(1)s immediately. */
export class FatalParseError extends ParseError {
  constructor(loc: Loc, msg: string) {
    super(loc, msg, false);
  }
}
