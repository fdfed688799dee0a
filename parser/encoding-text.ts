/**
 * Parsing a standalone encoding from text (for tools and tests): `#ttg.blocked<{...}>` or an alias name,
 * with the alias definitions it refers to (`#mma = #ttg.nvidia_mma<{...}>`). The text goes through the real
 * parser (as an attribute of an empty module), so errors and printing are exactly those of the IR.
 */
import '../dialect/index.js';
import { TypeAttr, type Attribute } from '../dialect/ir/attribute.js';
import type { Type } from '../dialect/ir/type.js';
import { ParseError, Parser } from './parser.js';

const KEY = 'ttg.__encoding';

/** A parse error in one of the pieces given to `parseEncodingText`. */
export class EncodingTextError extends Error {
  constructor(
    message: string,
    /** `alias N` (0-based) or `encoding`. */
    readonly where: string,
    /** 1-based column in that piece. */
    readonly column: number,
  ) {
    super(message);
  }
  /** `encoding:1:14: expected ']'` */
  describe(): string {
    return `${this.where}:${this.column}: ${this.message}`;
  }
}

/** Parses `encoding` (which may be an alias name) after the alias definitions `aliases` (one per string). */
export function parseEncodingText(encoding: string, aliases: readonly string[] = []): Attribute {
  const pieces: { where: string; start: number; text: string }[] = [];
  let src = '';
  aliases.forEach((a, i) => {
    const text = a.trim();
    pieces.push({ where: `alias ${i}`, start: src.length, text });
    src += text + '\n';
  });
  const prefix = `module attributes {${KEY} = `;
  src += prefix;
  pieces.push({ where: 'encoding', start: src.length, text: encoding.trim() });
  src += encoding.trim() + '} {\n}\n';
  try {
    const m = new Parser(src, { filename: '<encoding>' }).parseModule();
    const a = m.attributes.get(KEY);
    if (!a) throw new EncodingTextError('no encoding found', 'encoding', 1);
    return a;
  } catch (e) {
    if (e instanceof ParseError) {
      const piece = [...pieces].reverse().find((p) => e.pos >= p.start) ?? pieces[0]!;
      const col = Math.min(e.pos - piece.start, piece.text.length) + 1;
      throw new EncodingTextError(e.message, piece.where, col);
    }
    throw e;
  }
}

/** Parses a type (`tensor<64x64xf32, #blocked>`, `!ttg.memdesc<...>`) after the alias definitions `aliases`. */
export function parseTypeText(type: string, aliases: readonly string[] = []): Type {
  let a: Attribute;
  try {
    a = parseEncodingText(type, aliases);
  } catch (e) {
    if (e instanceof EncodingTextError && e.where === 'encoding') throw new EncodingTextError(e.message, 'type', e.column);
    throw e;
  }
  if (!(a instanceof TypeAttr)) throw new EncodingTextError('expected a type', 'type', 1);
  return a.value;
}
