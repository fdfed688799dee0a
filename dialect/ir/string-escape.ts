/** MLIR string literal escaping, shared by the lexer (decode) and the printer (encode). */
/** Decodes the body of an MLIR string literal (`\n`, `\t`, `\"`, `\\`, and two-digit hex escapes). */
export function unescapeString(lit: string): string {
  let out = '';
  for (let i = 1; i < lit.length - 1; i++) {
    const c = lit[i];
    if (c !== '\\') {
      out += c;
      continue;
    }
    const n = lit[++i];
    if (n === 'n') out += '\n';
    else if (n === 't') out += '\t';
    else if (n === '"' || n === '\\') out += n;
    else if (isHexDigit(lit.charCodeAt(i)) && isHexDigit(lit.charCodeAt(i + 1))) {
      out += String.fromCharCode(parseInt(lit.slice(i, i + 2), 16));
      i++;
    } else out += n;
  }
  return out;
}

/** Encodes a string as MLIR prints it: printable ASCII kept, `"` and `\` escaped, others as `\XX` hex. */
export function escapeString(text: string): string {
  let out = '"';
  for (const ch of text) {
    const code = ch.charCodeAt(0);
    if (ch === '"' || ch === '\\') out += '\\' + ch;
    else if (code >= 0x20 && code < 0x7f) out += ch;
    else if (ch === '\n') out += '\\0A';
    else if (ch === '\t') out += '\\09';
    else out += '\\' + code.toString(16).toUpperCase().padStart(2, '0');
  }
  return out + '"';
}

function isHexDigit(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 97 && c <= 102) || (c >= 65 && c <= 70);
}
