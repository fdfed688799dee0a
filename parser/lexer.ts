/**
 * MLIR's lexer: turns source text into tokens on demand.
 *
 * Tokens are lexed lazily from an offset, not all up front, because MLIR's grammar is context dependent
 * in one place: in `tensor<64x64xf32>` the text after a dimension is re-lexed starting after the `x`.
 * A peggy-generated token grammar was measured at ~700 ms for the largest corpus file (285k tokens),
 * against ~20 ms for this hand-written scanner, so the lexer is written by hand and peggy is used for the
 * small languages where it shines (the declarative assembly formats, the lit RUN lines).
 */
import { Tok } from './token.js';

export interface Token {
  kind: Tok;
  start: number;
  end: number;
}

const enum C {
  Tab = 9, LF = 10, CR = 13, Space = 32, Bang = 33, Quote = 34, Hash = 35, Dollar = 36, Percent = 37,
  LParen = 40, RParen = 41, Star = 42, Plus = 43, Comma = 44, Minus = 45, Dot = 46, Slash = 47,
  D0 = 48, D9 = 57, Colon = 58, Less = 60, Eq = 61, Greater = 62, Question = 63, At = 64,
  A = 65, Z = 90, LBracket = 91, Backslash = 92, RBracket = 93, Caret = 94, Underscore = 95,
  a = 97, x = 120, z = 122, LBrace = 123, Pipe = 124, RBrace = 125,
}

function isDigit(c: number): boolean {
  return c >= C.D0 && c <= C.D9;
}
function isLetter(c: number): boolean {
  return (c >= C.a && c <= C.z) || (c >= C.A && c <= C.Z);
}
function isHex(c: number): boolean {
  return isDigit(c) || (c >= 97 && c <= 102) || (c >= 65 && c <= 70);
}
/** Characters that may continue a bare identifier: letters, digits, `_`, `$`, `.`. */
function isBareCont(c: number): boolean {
  return isLetter(c) || isDigit(c) || c === C.Underscore || c === C.Dollar || c === C.Dot;
}
/** Characters of a suffix id (`%foo.bar-1`, `#loc`): letters, digits, `$ . _ -`. */
function isSuffixCont(c: number): boolean {
  return isBareCont(c) || c === C.Minus;
}

export class LexError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}

export class Lexer {
  constructor(readonly src: string) {}

  /** Skips whitespace and `//` comments from `pos`, returning the offset of the next significant character. */
  skipTrivia(pos: number): number {
    const s = this.src;
    const n = s.length;
    while (pos < n) {
      const c = s.charCodeAt(pos);
      if (c === C.Space || c === C.LF || c === C.Tab || c === C.CR) {
        pos++;
      } else if (c === C.Slash && s.charCodeAt(pos + 1) === C.Slash) {
        const nl = s.indexOf('\n', pos);
        pos = nl < 0 ? n : nl + 1;
      } else {
        break;
      }
    }
    return pos;
  }

  /** Lexes the token that starts at or after `pos`. */
  lex(pos: number): Token {
    const s = this.src;
    const start = this.skipTrivia(pos);
    if (start >= s.length) return { kind: Tok.EOF, start, end: start };
    const c = s.charCodeAt(start);
    if (isLetter(c) || c === C.Underscore) {
      let i = start + 1;
      while (i < s.length && isBareCont(s.charCodeAt(i))) i++;
      return { kind: Tok.Bare, start, end: i };
    }
    if (isDigit(c)) return this.lexNumber(start);
    switch (c) {
      case C.Quote:
        return { kind: Tok.String, start, end: this.lexStringEnd(start) };
      case C.At: {
        if (s.charCodeAt(start + 1) === C.Quote) return { kind: Tok.At, start, end: this.lexStringEnd(start + 1) };
        return this.lexPrefixed(Tok.At, start, isBareStart);
      }
      case C.Hash:
        if (s.charCodeAt(start + 1) === C.Minus && s.charCodeAt(start + 2) === C.RBrace) {
          return { kind: Tok.Punct, start, end: start + 3 };
        }
        return this.lexPrefixed(Tok.Hash, start, isSuffixStart);
      case C.Percent:
        return this.lexPrefixed(Tok.Percent, start, isSuffixStart);
      case C.Caret:
        return this.lexPrefixed(Tok.Caret, start, isSuffixStart);
      case C.Bang:
        return this.lexPrefixed(Tok.Bang, start, isSuffixStart);
      case C.Minus:
        if (s.charCodeAt(start + 1) === C.Greater) return { kind: Tok.Punct, start, end: start + 2 };
        return { kind: Tok.Punct, start, end: start + 1 };
      case C.Colon:
        if (s.charCodeAt(start + 1) === C.Colon) return { kind: Tok.Punct, start, end: start + 2 };
        return { kind: Tok.Punct, start, end: start + 1 };
      case C.LBrace:
        if (s.charCodeAt(start + 1) === C.Minus && s.charCodeAt(start + 2) === C.Hash) {
          return { kind: Tok.Punct, start, end: start + 3 };
        }
        return { kind: Tok.Punct, start, end: start + 1 };
      case C.LParen: case C.RParen: case C.LBracket: case C.RBracket: case C.RBrace:
      case C.Less: case C.Greater: case C.Comma: case C.Eq: case C.Question: case C.Star:
      case C.Plus: case C.Pipe: case C.Dot:
        return { kind: Tok.Punct, start, end: start + 1 };
      default:
        throw new LexError(`unexpected character`, start);
    }
  }

  private lexPrefixed(kind: Tok, start: number, firstOk: (c: number) => boolean): Token {
    const s = this.src;
    let i = start + 1;
    const c = s.charCodeAt(i);
    if (isDigit(c)) {
      while (isDigit(s.charCodeAt(i))) i++;
      return { kind, start, end: i };
    }
    if (!firstOk(c)) throw new LexError(`invalid identifier after '${s[start]}'`, start);
    const cont = kind === Tok.At ? isBareCont : isSuffixCont;
    i++;
    while (i < s.length && cont(s.charCodeAt(i))) i++;
    return { kind, start, end: i };
  }

  private lexNumber(start: number): Token {
    const s = this.src;
    let i = start;
    if (s.charCodeAt(i) === C.D0 && s.charCodeAt(i + 1) === C.x && isHex(s.charCodeAt(i + 2))) {
      i += 2;
      while (isHex(s.charCodeAt(i))) i++;
      return { kind: Tok.Int, start, end: i };
    }
    while (isDigit(s.charCodeAt(i))) i++;
    if (s.charCodeAt(i) !== C.Dot) return { kind: Tok.Int, start, end: i };
    i++;
    while (isDigit(s.charCodeAt(i))) i++;
    const e = s.charCodeAt(i);
    if (e === 101 || e === 69) {
      let j = i + 1;
      const sign = s.charCodeAt(j);
      if (sign === C.Plus || sign === C.Minus) j++;
      if (isDigit(s.charCodeAt(j))) {
        while (isDigit(s.charCodeAt(j))) j++;
        i = j;
      }
    }
    return { kind: Tok.Float, start, end: i };
  }

  private lexStringEnd(quote: number): number {
    const s = this.src;
    let i = quote + 1;
    while (i < s.length) {
      const c = s.charCodeAt(i);
      if (c === C.Quote) return i + 1;
      if (c === C.LF) break;
      i += c === C.Backslash ? 2 : 1;
    }
    throw new LexError('expected \'"\' in string literal', Math.min(i, s.length));
  }
}

function isBareStart(c: number): boolean {
  return isLetter(c) || c === C.Underscore;
}
function isSuffixStart(c: number): boolean {
  return isLetter(c) || c === C.Dollar || c === C.Dot || c === C.Underscore || c === C.Minus;
}

export { unescapeString, escapeString } from '../dialect/ir/string-escape.js';
