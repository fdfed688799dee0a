/**
 * The encodings a .mlir file uses: every distinct encoding of its tensor and memdesc types, with the shapes it is
 * used with (a memdesc's allocation shape), found from the text of the types (no full parse needed).
 */
import { readFileSync } from 'node:fs';
import type { Attribute } from '../dialect/ir/attribute.js';
import { RankedTensorType, type Type } from '../dialect/ir/type.js';
import { SharedEncodingAttr } from '../dialect/ttg/attrs/common.js';
import { MemDescType } from '../dialect/ttg/types.js';
import { EncodingTextError, parseEncodingText, parseTypeText } from '../parser/encoding-text.js';

export interface FileEncoding {
  encoding: Attribute;
  /** The alias the file defines for it (`#blocked`), if any. */
  alias: string | undefined;
  /** How to show it: `#alias = <key>`, or the key with nested encodings written through their aliases. */
  display: string;
  shared: boolean;
  shapes: number[][];
}

export interface FileEncodings {
  encodings: FileEncoding[];
  /** Types that did not parse, with why. */
  errors: string[];
  /** The alias definition lines of the file. */
  aliasLines: string[];
}

function describeError(e: unknown): string {
  if (e instanceof EncodingTextError) return e.describe();
  return e instanceof Error ? e.message : String(e);
}

function extractBalanced(src: string, start: number): string | undefined {
  let depth = 0;
  for (let i = start; i < src.length; i++) {
    const c = src[i];
    if (c === '<') depth++;
    else if (c === '>' && src[i - 1] !== '-') {
      depth--;
      if (depth === 0) return src.slice(start, i + 1);
    } else if (c === '\n') return undefined;
  }
  return undefined;
}

/** The encodings of the file at `path`. */
export function fileEncodings(path: string): FileEncodings {
  return textEncodings(readFileSync(path, 'utf8'));
}

/** The encodings of MLIR text. */
export function textEncodings(src: string): FileEncodings {
  const lines = src.split('\n');
  const aliasLines = lines.filter((l) => /^#[A-Za-z_][\w$.-]* = /.test(l) && !/^#[\w$.-]+ = loc\(/.test(l));
  const aliasName = new Map<string, string>();
  const body = lines.filter((l) => !l.trimStart().startsWith('//')).join('\n');
  const types = new Set<string>();
  for (const m of body.matchAll(/(tensor<|!ttg\.memdesc<)/g)) {
    const t = extractBalanced(body, m.index! + m[0].length - 1);
    if (t) types.add(m[0].slice(0, -1) + t);
  }
  for (const l of aliasLines) {
    const name = l.split(' = ')[0]!;
    try {
      aliasName.set(parseEncodingText(name, aliasLines).key, name);
    } catch {
      // An alias we cannot parse is reported where it is used.
    }
  }
  const byEncoding = new Map<Attribute, Map<string, number[]>>();
  const errors: string[] = [];
  for (const text of types) {
    let t: Type;
    try {
      t = parseTypeText(text, aliasLines);
    } catch (e) {
      errors.push(`${text}: ${describeError(e)}`);
      continue;
    }
    let enc: Attribute | undefined;
    let shape: number[];
    if (t instanceof RankedTensorType) {
      enc = t.encoding;
      shape = [...t.shape];
    } else if (t instanceof MemDescType) {
      enc = t.encoding;
      const rank = 'rank' in enc && typeof enc.rank === 'number' ? Math.min(enc.rank, t.shape.length) : t.shape.length;
      shape = t.allocShape.slice(t.allocShape.length - rank);
    } else continue;
    if (!enc) continue;
    let shapes = byEncoding.get(enc);
    if (!shapes) byEncoding.set(enc, (shapes = new Map()));
    shapes.set(shape.join('x'), shape);
  }
  // Nested encodings print through their aliases, as in the IR (`#ttg.slice<{dim = 1, parent = #blocked}>`).
  const byLength = [...aliasName].sort(([a], [b]) => b.length - a.length);
  const withAliases = (key: string): string => byLength.reduce((k, [full, name]) => k.split(full).join(name), key);
  const encodings: FileEncoding[] = [...byEncoding].map(([encoding, shapes]) => {
    const alias = aliasName.get(encoding.key);
    return {
      encoding,
      alias,
      display: alias ? `${alias} = ${encoding.key}` : withAliases(encoding.key),
      shared: encoding instanceof SharedEncodingAttr,
      shapes: [...shapes.values()],
    };
  });
  return { encodings, errors, aliasLines };
}
