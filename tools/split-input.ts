/**
 * `--split-input-file`, as mlir-opt's splitAndProcessBuffer: the buffer is cut at every `// -----`; a `// ---`
 * not followed by `--` is a near miss (warned about, not a split). Each chunk keeps its position in the
 * whole file: its text is padded so that offsets, lines and columns map back to the original buffer.
 */

export const SPLIT_MARKER = '// -----';

export interface Chunk {
  /** The chunk's text, preceded by spaces standing for the part of its first line that precedes it. */
  text: string;
  /** Offset in the whole buffer of `text[0]` (a line start). */
  base: number;
  /** Number of lines before the chunk's first line (add to chunk-relative line numbers). */
  lineOffset: number;
}

export interface SplitResult {
  chunks: Chunk[];
  /** Offsets (in the whole buffer) of near misses such as `// ----`. */
  nearMisses: number[];
}

export function splitInput(src: string, enabled: boolean, marker = SPLIT_MARKER): SplitResult {
  if (!enabled) return { chunks: [{ text: src, base: 0, lineOffset: 0 }], nearMisses: [] };
  const checkLen = 2;
  const prefix = marker.slice(0, marker.length - checkLen);
  const tail = marker.slice(marker.length - checkLen);
  // Raw pieces between occurrences of the shortened marker, as [start, end) offsets.
  const raw: [number, number][] = [];
  let from = 0;
  for (let at = src.indexOf(prefix); at >= 0; at = src.indexOf(prefix, at + prefix.length)) {
    raw.push([from, at]);
    from = at + prefix.length;
  }
  raw.push([from, src.length]);
  const pieces: [number, number][] = [];
  const nearMisses: number[] = [];
  let prev: [number, number] | undefined;
  for (const [s, e] of raw) {
    if (!prev) {
      prev = [s, e];
      continue;
    }
    const piece = src.slice(s, e);
    const ok = piece.startsWith(tail) && piece.length > checkLen && piece[checkLen] !== '-';
    if (ok) {
      pieces.push(prev);
      prev = [s + checkLen, e];
    } else {
      nearMisses.push(s - prefix.length);
      prev = [prev[0], e];
    }
  }
  if (prev) pieces.push(prev);

  const chunks: Chunk[] = [];
  let line = 0;
  let scanned = 0;
  for (const [s, e] of pieces) {
    for (let i = src.indexOf('\n', scanned); i >= 0 && i < s; i = src.indexOf('\n', i + 1)) line++;
    scanned = s;
    // (lastIndexOf clamps a negative start to 0: a buffer that opens with a newline would give 1 for s = 0.)
    const lineStart = s === 0 ? 0 : src.lastIndexOf('\n', s - 1) + 1;
    chunks.push({ text: ' '.repeat(s - lineStart) + src.slice(s, e), base: lineStart, lineOffset: line });
  }
  return { chunks, nearMisses };
}
