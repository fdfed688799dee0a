/**
 * MLIR's textual pass pipeline: `builtin.module(cse, tritongpu-coalesce, convert-triton-gpu-to-llvm{compute-capability=90})`.
 * Nested op anchors (`builtin.module(tt.func(canonicalize))`, `any(...)`) are accepted and flattened: every pass
 * here runs on the whole module.
 */

export interface PipelineElement {
  name: string;
  /** The text between `{` and `}`, if any. */
  options: string | undefined;
}

export class PipelineSyntaxError extends Error {
  constructor(
    message: string,
    readonly pos: number,
  ) {
    super(message);
  }
}

export function parsePipeline(text: string): PipelineElement[] {
  let i = 0;
  const out: PipelineElement[] = [];
  const ws = (): void => {
    while (i < text.length && /\s/.test(text[i]!)) i++;
  };
  const ident = (): string => {
    ws();
    const start = i;
    while (i < text.length && /[A-Za-z0-9_.\-$]/.test(text[i]!)) i++;
    if (i === start) throw new PipelineSyntaxError(`expected pass or op name`, i);
    return text.slice(start, i);
  };
  const braces = (): string => {
    // at '{'
    const start = ++i;
    let depth = 1;
    while (i < text.length && depth > 0) {
      const c = text[i]!;
      if (c === '{') depth++;
      else if (c === '}') depth--;
      else if (c === '"' || c === "'") {
        const end = text.indexOf(c, i + 1);
        if (end < 0) throw new PipelineSyntaxError('unterminated string in pass options', i);
        i = end;
      }
      i++;
    }
    if (depth !== 0) throw new PipelineSyntaxError("missing '}' after pass options", start - 1);
    return text.slice(start, i - 1);
  };
  /** Parses a comma-separated list of elements up to `)` (or the end when top-level). */
  const list = (nested: boolean): void => {
    ws();
    if (nested && text[i] === ')') return;
    for (;;) {
      const name = ident();
      ws();
      if (text[i] === '(') {
        i++;
        list(true);
        ws();
        if (text[i] !== ')') throw new PipelineSyntaxError(`expected ')' to close the nested pipeline of '${name}'`, i);
        i++;
      } else {
        let options: string | undefined;
        if (text[i] === '{') options = braces();
        out.push({ name, options });
      }
      ws();
      if (text[i] === ',') {
        i++;
        continue;
      }
      return;
    }
  };
  list(false);
  ws();
  if (i < text.length) throw new PipelineSyntaxError(`unexpected '${text[i]}' in pass pipeline`, i);
  return out;
}
