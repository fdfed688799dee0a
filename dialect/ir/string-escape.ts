/**
 * MLIR string literal escaping, shared by the lexer (decode) and the printer (encode).
 *
 * MLIR strings are bytes: the printer writes printable ASCII as is (except `"` and `\`) and every other byte,
 * including each byte of a UTF-8 sequence, as `\XX`; `\\` is the only two-character escape it writes. We keep
 * strings as JS strings decoded from UTF-8; a byte that is not part of valid UTF-8 (a `\FF` written in the text)
 * is held as the lone surrogate U+DC00+byte, so that printing gives the same byte back.
 */

/** Decodes the body of an MLIR string literal (`\n`, `\t`, `\"`, `\\`, and two-digit hex escapes). */
export function unescapeString(lit: string): string {
  let plain = true;
  for (let i = 1; i < lit.length - 1; i++) {
    const c = lit.charCodeAt(i);
    if (c === 92 || c >= 0x80) {
      plain = false;
      break;
    }
  }
  if (plain) return lit.slice(1, -1);
  const bytes: number[] = [];
  for (let i = 1; i < lit.length - 1; i++) {
    const c = lit[i]!;
    if (c !== '\\') {
      pushUtf8(bytes, lit.codePointAt(i)!);
      if (lit.codePointAt(i)! > 0xffff) i++;
      continue;
    }
    const n = lit[++i];
    if (n === 'n') bytes.push(10);
    else if (n === 't') bytes.push(9);
    else if (n === '"' || n === '\\') bytes.push(n.charCodeAt(0));
    else if (isHexDigit(lit.charCodeAt(i)) && isHexDigit(lit.charCodeAt(i + 1))) {
      bytes.push(parseInt(lit.slice(i, i + 2), 16));
      i++;
    } else if (n !== undefined) pushUtf8(bytes, n.charCodeAt(0));
  }
  return decodeUtf8(bytes);
}

/** Encodes a string as MLIR prints it: printable ASCII kept, `\` doubled, every other byte (`"` too) as `\XX`. */
export function escapeString(text: string): string {
  let out = '"';
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 92) out += '\\\\';
    else if (code >= 0x20 && code < 0x7f && code !== 34) out += text[i];
    else if (code < 0x80) out += hexByte(code);
    else {
      const cp = text.codePointAt(i)!;
      if (cp > 0xffff) i++;
      for (const b of utf8Bytes(cp)) out += hexByte(b);
    }
  }
  return out + '"';
}

/** Orders two strings as MLIR orders names: by their bytes (UTF-8), not by UTF-16 code units. */
export function compareBytes(a: string, b: string): number {
  if (isAscii(a) && isAscii(b)) return a < b ? -1 : a > b ? 1 : 0;
  const x = toBytes(a);
  const y = toBytes(b);
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
  return x.length - y.length;
}

function isAscii(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) >= 0x80) return false;
  return true;
}

function toBytes(s: string): number[] {
  const out: number[] = [];
  for (let i = 0; i < s.length; i++) {
    const cp = s.codePointAt(i)!;
    if (cp > 0xffff) i++;
    out.push(...utf8Bytes(cp));
  }
  return out;
}

function hexByte(b: number): string {
  return '\\' + b.toString(16).toUpperCase().padStart(2, '0');
}

/** The bytes a code point stands for: its UTF-8 encoding, or the raw byte a U+DC80..U+DCFF placeholder holds. */
function utf8Bytes(cp: number): number[] {
  if (cp >= 0xdc80 && cp <= 0xdcff) return [cp - 0xdc00];
  if (cp >= 0xd800 && cp <= 0xdfff) cp = 0xfffd;
  const out: number[] = [];
  pushUtf8(out, cp);
  return out;
}

function pushUtf8(out: number[], cp: number): void {
  if (cp < 0x80) out.push(cp);
  else if (cp < 0x800) out.push(0xc0 | (cp >> 6), 0x80 | (cp & 63));
  else if (cp < 0x10000) out.push(0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63));
  else out.push(0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 63), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63));
}

/** Strict UTF-8 decoding; a byte that does not start a valid sequence becomes its U+DC00+byte placeholder. */
function decodeUtf8(bytes: readonly number[]): string {
  let out = '';
  for (let i = 0; i < bytes.length; ) {
    const b = bytes[i]!;
    const len = b < 0x80 ? 1 : b >= 0xc2 && b <= 0xdf ? 2 : b >= 0xe0 && b <= 0xef ? 3 : b >= 0xf0 && b <= 0xf4 ? 4 : 0;
    let cp = len === 1 ? b : len === 2 ? b & 0x1f : len === 3 ? b & 0x0f : b & 0x07;
    let ok = len > 0 && i + len <= bytes.length;
    for (let k = 1; ok && k < len; k++) {
      const c = bytes[i + k]!;
      if ((c & 0xc0) !== 0x80) ok = false;
      cp = (cp << 6) | (c & 63);
    }
    const min = len === 2 ? 0x80 : len === 3 ? 0x800 : len === 4 ? 0x10000 : 0;
    if (ok && (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))) ok = false;
    if (!ok) {
      out += b < 0x80 ? String.fromCharCode(b) : String.fromCharCode(0xdc00 + b);
      i++;
      continue;
    }
    out += String.fromCodePoint(cp);
    i += len;
  }
  return out;
}

function isHexDigit(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 97 && c <= 102) || (c >= 65 && c <= 70);
}
