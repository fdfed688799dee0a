// Translation of LLVM regular expressions (llvm::Regex: Henry Spencer's POSIX ERE engine with
// REG_NEWLINE and back-references) into JavaScript RegExp source.
//
// The translation mirrors LLVM's parser (lib/Support/regcomp.c) closely so that the same
// patterns are accepted/rejected with the same error messages:
//   - `\c` is the literal character c (so `\d`, `\s`, `\w`, `\n` are the letters d, s, w, n),
//     except `\1`..`\9`, which are back-references;
//   - `.` and negated bracket expressions never match a newline (REG_NEWLINE);
//   - `^` / `$` match at line boundaries and at the start/end of the searched text;
//   - bracket expressions support POSIX classes `[:alpha:]`, equivalence classes `[=c=]`,
//     collating elements `[.c.]`/`[.name.]`, and the word-boundary kludges `[[:<:]]`/`[[:>:]]`;
//   - bounds `{m}`, `{m,}`, `{m,n}` (max 255); stacked repetition (`a*?`) is an error.
// Generated source must be used WITHOUT the `m`, `s`, `i`, `u` flags.  Case-insensitive
// matching is done by the translation itself (ASCII case folding, as in LLVM).
// Known difference: POSIX picks the leftmost-LONGEST match while JS picks the leftmost
// match by backtracking order, so the extent of an alternation match may differ.

export class RegexError extends Error {
  constructor(message: string) {
    super(message);
  }
}

const MSG = {
  ECOLLATE: 'invalid collating element',
  ECTYPE: 'invalid character class',
  EESCAPE: 'trailing backslash (\\)',
  ESUBREG: 'invalid backreference number',
  EBRACK: 'brackets ([ ]) not balanced',
  EPAREN: 'parentheses not balanced',
  EBRACE: 'braces not balanced',
  BADBR: 'invalid repetition count(s)',
  ERANGE: 'invalid character range',
  BADRPT: 'repetition-operator operand invalid',
  EMPTY: 'empty (sub)expression',
} as const;

const DUPMAX = 255;

const CNAMES: Record<string, number> = (() => {
  const m: Record<string, number> = {};
  const ctl = [
    'NUL', 'SOH', 'STX', 'ETX', 'EOT', 'ENQ', 'ACK', 'BEL', 'BS', 'HT', 'LF', 'VT', 'FF', 'CR', 'SO', 'SI',
    'DLE', 'DC1', 'DC2', 'DC3', 'DC4', 'NAK', 'SYN', 'ETB', 'CAN', 'EM', 'SUB', 'ESC', 'IS4', 'IS3', 'IS2', 'IS1',
  ];
  ctl.forEach((n, i) => (m[n] = i));
  Object.assign(m, {
    alert: 7, backspace: 8, tab: 9, newline: 10, 'vertical-tab': 11, 'form-feed': 12, 'carriage-return': 13,
    FS: 28, GS: 29, RS: 30, US: 31, space: 32, 'exclamation-mark': 33, 'quotation-mark': 34, 'number-sign': 35,
    'dollar-sign': 36, 'percent-sign': 37, ampersand: 38, apostrophe: 39, 'left-parenthesis': 40,
    'right-parenthesis': 41, asterisk: 42, 'plus-sign': 43, comma: 44, hyphen: 45, 'hyphen-minus': 45,
    period: 46, 'full-stop': 46, slash: 47, solidus: 47, zero: 48, one: 49, two: 50, three: 51, four: 52,
    five: 53, six: 54, seven: 55, eight: 56, nine: 57, colon: 58, semicolon: 59, 'less-than-sign': 60,
    'equals-sign': 61, 'greater-than-sign': 62, 'question-mark': 63, 'commercial-at': 64,
    'left-square-bracket': 91, backslash: 92, 'reverse-solidus': 92, 'right-square-bracket': 93,
    circumflex: 94, 'circumflex-accent': 94, underscore: 95, 'low-line': 95, 'grave-accent': 96,
    'left-brace': 123, 'left-curly-bracket': 123, 'vertical-line': 124, 'right-brace': 125,
    'right-curly-bracket': 125, tilde: 126, DEL: 127,
  });
  return m;
})();

const isDigit = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '9';
const isAlphaCode = (c: number): boolean => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
const isAlnumCode = (c: number): boolean => isAlphaCode(c) || (c >= 48 && c <= 57);

function classMembers(name: string): ((c: number) => boolean) | undefined {
  switch (name) {
    case 'alnum': return isAlnumCode;
    case 'alpha': return isAlphaCode;
    case 'blank': return (c) => c === 32 || c === 9;
    case 'cntrl': return (c) => c < 32 || c === 127;
    case 'digit': return (c) => c >= 48 && c <= 57;
    case 'graph': return (c) => c >= 33 && c <= 126;
    case 'lower': return (c) => c >= 97 && c <= 122;
    case 'print': return (c) => c >= 32 && c <= 126;
    case 'punct': return (c) => c >= 33 && c <= 126 && !isAlnumCode(c);
    case 'space': return (c) => c === 32 || (c >= 9 && c <= 13);
    case 'upper': return (c) => c >= 65 && c <= 90;
    case 'xdigit': return (c) => (c >= 48 && c <= 57) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);
    default: return undefined;
  }
}

/** Escape one character code for use inside or outside a JS character class. */
function escCode(c: number): string {
  if (isAlnumCode(c) || c === 95) return String.fromCharCode(c);
  if (c <= 0xff) return '\\x' + c.toString(16).padStart(2, '0');
  return '\\u' + c.toString(16).padStart(4, '0');
}

/** JS source matching the literal character `ch` (with ASCII case folding if requested). */
export function literalCharSource(ch: string, ignoreCase: boolean): string {
  const c = ch.charCodeAt(0);
  if (ignoreCase && isAlphaCode(c)) {
    const lo = ch.toLowerCase();
    const up = ch.toUpperCase();
    return `[${lo}${up}]`;
  }
  return escCode(c);
}

/** JS source matching the literal string `s`. */
export function literalSource(s: string, ignoreCase: boolean): string {
  let out = '';
  for (const ch of s) out += literalCharSource(ch, ignoreCase);
  return out;
}

/** JS source for a set of character codes (0..255). */
function setSource(set: boolean[]): string {
  let out = '';
  let count = 0;
  for (let i = 0; i < 256; ) {
    if (!set[i]) {
      i++;
      continue;
    }
    let j = i;
    while (j + 1 < 256 && set[j + 1]) j++;
    count += j - i + 1;
    if (j === i) out += escCode(i);
    else if (j === i + 1) out += escCode(i) + escCode(j);
    else out += escCode(i) + '-' + escCode(j);
    i = j + 1;
  }
  if (count === 0) return '[]';
  return `[${out}]`;
}

// REG_NEWLINE anchors: `^` = start of text or after '\n'; `$` = end of text or before '\n'.
export const BOL_SOURCE = '(?<![^\\n])';
export const EOL_SOURCE = '(?![^\\n])';
const NONNEWLINE_SOURCE = '[^\\n]';

export interface ConvertedRegex {
  /** JavaScript RegExp source (use without flags). */
  source: string;
  /** Number of capturing groups (like llvm::Regex::getNumMatches). */
  groups: number;
}

class Parser {
  private p = 0;
  private nsub = 0;
  private readonly closed = new Set<number>();
  constructor(
    private readonly s: string,
    private readonly icase: boolean,
  ) {}

  private more(): boolean {
    return this.p < this.s.length;
  }
  private peek(): string | undefined {
    return this.s[this.p];
  }
  private peek2(): string | undefined {
    return this.s[this.p + 1];
  }
  private fail(msg: string): never {
    throw new RegexError(msg);
  }

  parseAll(): ConvertedRegex {
    const src = this.ere(undefined);
    if (this.more()) this.fail(MSG.EPAREN);
    return { source: src, groups: this.nsub };
  }

  private ere(stop: string | undefined): string {
    const branches: string[] = [];
    for (;;) {
      let branch = '';
      const start = this.p;
      while (this.more() && this.peek() !== '|' && this.peek() !== stop) branch += this.ereExp();
      if (this.p === start) this.fail(MSG.EMPTY);
      branches.push(branch);
      if (this.peek() === '|') {
        this.p++;
        continue;
      }
      break;
    }
    return branches.join('|');
  }

  private isRepStart(): boolean {
    const c = this.peek();
    return c === '*' || c === '+' || c === '?' || (c === '{' && isDigit(this.peek2()));
  }

  private ereExp(): string {
    const c = this.s[this.p++]!;
    let atom: string;
    let wasCaret = false;
    switch (c) {
      case '(': {
        if (!this.more()) this.fail(MSG.EPAREN);
        const subno = ++this.nsub;
        let inner = '';
        if (this.peek() !== ')') inner = this.ere(')');
        if (this.peek() !== ')') this.fail(MSG.EPAREN);
        this.p++;
        this.closed.add(subno);
        atom = `(${inner})`;
        break;
      }
      // biome-ignore lint/suspicious/noFallthroughSwitchClause: fail() throws (returns never)
      case ')':
        this.fail(MSG.EPAREN);
      case '^':
        atom = `(?:${BOL_SOURCE})`;
        wasCaret = true;
        break;
      case '$':
        atom = `(?:${EOL_SOURCE})`;
        break;
      // biome-ignore lint/suspicious/noFallthroughSwitchClause: fail() throws (returns never)
      case '|':
        this.fail(MSG.EMPTY);
      case '*':
      case '+':
      // biome-ignore lint/suspicious/noFallthroughSwitchClause: fail() throws (returns never)
      case '?':
        this.fail(MSG.BADRPT);
      case '.':
        atom = NONNEWLINE_SOURCE;
        break;
      case '[':
        atom = this.bracket();
        break;
      case '\\': {
        if (!this.more()) this.fail(MSG.EESCAPE);
        const e = this.s[this.p++]!;
        if (e >= '1' && e <= '9') {
          const n = e.charCodeAt(0) - 48;
          if (!this.closed.has(n)) this.fail(MSG.ESUBREG);
          atom = `(?:\\${n})`;
        } else {
          atom = literalCharSource(e, this.icase);
        }
        break;
      }
      case '{':
        if (this.more() && isDigit(this.peek())) this.fail(MSG.BADRPT);
        atom = literalCharSource(c, this.icase);
        break;
      default:
        atom = literalCharSource(c, this.icase);
        break;
    }

    if (!this.more() || !this.isRepStart()) return atom;
    const r = this.s[this.p++]!;
    if (wasCaret) this.fail(MSG.BADRPT);
    let rep: string;
    if (r === '{') {
      const count = this.count();
      let count2: number | undefined;
      if (this.peek() === ',') {
        this.p++;
        if (isDigit(this.peek())) {
          count2 = this.count();
          if (count > count2) this.fail(MSG.BADBR);
          rep = `{${count},${count2}}`;
        } else rep = `{${count},}`;
      } else rep = `{${count}}`;
      if (this.peek() === '}') this.p++;
      else {
        while (this.more() && this.peek() !== '}') this.p++;
        if (!this.more()) this.fail(MSG.EBRACE);
        this.fail(MSG.BADBR);
      }
    } else rep = r;
    if (this.more() && this.isRepStart()) this.fail(MSG.BADRPT);
    // Quantified atoms that are not already a single unit get a non-capturing group.
    return `(?:${atom})${rep}`;
  }

  private count(): number {
    let count = 0;
    let ndigits = 0;
    while (this.more() && isDigit(this.peek()) && count <= DUPMAX) {
      count = count * 10 + (this.s.charCodeAt(this.p++) - 48);
      ndigits++;
    }
    if (!(ndigits > 0 && count <= DUPMAX)) this.fail(MSG.BADBR);
    return count;
  }

  private bracket(): string {
    const rest = this.s.slice(this.p);
    if (rest.length >= 6 && rest.startsWith('[:<:]]')) {
      this.p += 6;
      return '\\b(?=\\w)';
    }
    if (rest.length >= 6 && rest.startsWith('[:>:]]')) {
      this.p += 6;
      return '\\b(?<=\\w)';
    }
    const set: boolean[] = new Array<boolean>(256).fill(false);
    const add = (c: number): void => {
      if (c < 256) set[c] = true;
    };
    let invert = false;
    if (this.peek() === '^') {
      invert = true;
      this.p++;
    }
    if (this.peek() === ']') {
      add(93);
      this.p++;
    } else if (this.peek() === '-') {
      add(45);
      this.p++;
    }
    while (this.more() && this.peek() !== ']' && !(this.peek() === '-' && this.peek2() === ']')) this.bTerm(add);
    if (this.peek() === '-') {
      add(45);
      this.p++;
    }
    if (this.peek() !== ']') this.fail(MSG.EBRACK);
    this.p++;
    if (this.icase) {
      for (let i = 0; i < 256; i++) {
        if (set[i] && isAlphaCode(i)) set[i ^ 0x20] = true;
      }
    }
    if (invert) {
      for (let i = 0; i < 256; i++) set[i] = !set[i];
      set[10] = false;
    }
    return setSource(set);
  }

  private bTerm(add: (c: number) => void): void {
    let c: string | undefined;
    if (this.peek() === '[') c = this.peek2();
    else if (this.peek() === '-') this.fail(MSG.ERANGE);
    if (c === ':') {
      this.p += 2;
      if (!this.more()) this.fail(MSG.EBRACK);
      const d = this.peek();
      if (d === '-' || d === ']') this.fail(MSG.ECTYPE);
      const start = this.p;
      while (this.more() && isAlphaCode(this.s.charCodeAt(this.p))) this.p++;
      const name = this.s.slice(start, this.p);
      const members = classMembers(name);
      if (members === undefined) this.fail(MSG.ECTYPE);
      for (let i = 0; i < 256; i++) if (members(i)) add(i);
      if (!this.more()) this.fail(MSG.EBRACK);
      if (!(this.peek() === ':' && this.peek2() === ']')) this.fail(MSG.ECTYPE);
      this.p += 2;
      return;
    }
    if (c === '=') {
      this.p += 2;
      if (!this.more()) this.fail(MSG.EBRACK);
      const d = this.peek();
      if (d === '-' || d === ']') this.fail(MSG.ECOLLATE);
      add(this.collElem('='));
      if (!this.more()) this.fail(MSG.EBRACK);
      if (!(this.peek() === '=' && this.peek2() === ']')) this.fail(MSG.ECOLLATE);
      this.p += 2;
      return;
    }
    const start = this.symbol();
    let finish = start;
    if (this.peek() === '-' && this.p + 1 < this.s.length && this.peek2() !== ']') {
      this.p++;
      if (this.peek() === '-') {
        this.p++;
        finish = 45;
      } else finish = this.symbol();
    }
    if (start > finish) this.fail(MSG.ERANGE);
    for (let i = start; i <= finish; i++) add(i);
  }

  private symbol(): number {
    if (this.peek() === '[' && this.peek2() === '.') {
      this.p += 2;
      const v = this.collElem('.');
      if (!(this.peek() === '.' && this.peek2() === ']')) this.fail(MSG.ECOLLATE);
      this.p += 2;
      return v;
    }
    if (!this.more()) this.fail(MSG.EBRACK);
    return this.s.charCodeAt(this.p++);
  }

  private collElem(endc: string): number {
    const start = this.p;
    while (this.more() && !(this.peek() === endc && this.peek2() === ']')) this.p++;
    if (!this.more()) this.fail(MSG.EBRACK);
    const name = this.s.slice(start, this.p);
    const known = CNAMES[name];
    if (known !== undefined) return known;
    if (name.length === 1) return name.charCodeAt(0);
    this.fail(MSG.ECOLLATE);
  }
}

/**
 * Convert an LLVM (POSIX ERE) regex to JS RegExp source.  Throws RegexError with LLVM's
 * error message (e.g. "repetition-operator operand invalid") for invalid expressions.
 */
export function convertRegex(re: string, ignoreCase = false): ConvertedRegex {
  return new Parser(re, ignoreCase).parseAll();
}

/** llvm::Regex::escape: backslash the characters that are special in an LLVM regex. */
export function llvmRegexEscape(s: string): string {
  return s.replace(/[()^$|*+?.[\]\\{}]/g, (m) => '\\' + m);
}

const regexCache = new Map<string, RegExp>();

/** Compile generated JS source, caching compiled expressions. */
export function compileJs(source: string, withIndices = false): RegExp {
  const key = (withIndices ? 'd' : '-') + source;
  let re = regexCache.get(key);
  if (re === undefined) {
    re = new RegExp(source, withIndices ? 'd' : '');
    if (regexCache.size > 5000) regexCache.clear();
    regexCache.set(key, re);
  }
  return re;
}
