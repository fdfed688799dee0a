#!/usr/bin/env node
/**
 * ttg-layout: the linear layout of a TritonGPU encoding.
 *
 *   ttg-layout '<encoding>' --shape 64x64 [--alias '#mma = #ttg.nvidia_mma<...>']... [--format json|dump|table|matrix]
 *   ttg-layout file.mlir [--format ...]          every distinct encoding of the file, with its tensor shapes
 *   ttg-layout --batch IN.jsonl                  one JSON line per input line {aliases?, encoding, shape}:
 *                                                {"linear": {...}} or {"error": "..."}  (`-` reads stdin)
 *   ttg-layout --convert '<src>' '<dst>' --shape 64x64 [--dtype f16] [--cc 80] [--alias ...] [--format text|json]
 *                                                what a convert_layout moves and how the lowering moves it
 *   ttg-layout --explain-converts file.mlir      the same for every convert_layout / local_alloc / local_load /
 *                                                local_store of a file, with its line
 *   ttg-layout --tirx 'S[(8,4):(4@laneid,1)] + R[2:1@warpid]' [--shape 8x4] [--format ...]
 *                                                a TIRx TileLayout as a linear layout (shape: the shard extents)
 *   ttg-layout '<encoding>' --shape 64x64 --to-tirx   the encoding's layout as a TIRx TileLayout
 *   ttg-layout ... --html OUT.html               (with an encoding, --convert, or a .mlir file) one self-contained
 *                                                offline page: the tensor as a grid coloured by warp, owners and
 *                                                bits on hover, the GF(2) matrix, the conversions' numbers
 *
 * Formats: json (the bases per input dim, as in layouts.jsonl), dump (Triton's LinearLayout::toString),
 * matrix (the F2 matrix: one row per output bit, one column per input bit), table (the tensor as a grid, each
 * element listing its owners `w0:t5:r2` — several when broadcast — or its shared-memory offset `o12`).
 * Bad input prints `error: ...` on stderr and exits with status 1.
 */
import { existsSync, readFileSync } from 'node:fs';
import { writeAll } from '../tools/write-all.js';
import yargs from 'yargs';
import { isMainModule } from '../tools/is-main.js';
import type { Attribute } from '../dialect/ir/attribute.js';
import { RankedTensorType } from '../dialect/ir/type.js';
import type { LinearLayout } from '../dialect/linear-layout/linear-layout.js';
import { SharedEncodingAttr } from '../dialect/ttg/attrs/common.js';
import { EncodingTextError, parseEncodingText, parseTypeText } from '../parser/encoding-text.js';
import { linearLayoutToJSON, toLinearLayout } from '../dialect/ttg/to-linear-layout.js';
import { explainConvert, formatCvtExplanation, formatLocalExplanation, type CvtExplanation, type LocalExplanation } from '../lowering/explain.js';
import { fileEncodings } from '../tools/file-encodings.js';
import { explainModule, targetCapability } from '../tools/explain-file.js';
import { convertPage, encodingPage, filePage } from '../tools/layout-html/index.js';
import { writeFileSync } from 'node:fs';
import { formatTileLayout, linearToTileLayout, parseTileLayout, tileLayoutToLinear, TileLayoutError } from '../dialect/linear-layout/tirx.js';
import { Parser } from '../parser/parser.js';
import type { Operation } from '../dialect/ir/ir.js';

export const FORMATS = ['json', 'dump', 'table', 'matrix'] as const;
export type Format = (typeof FORMATS)[number];

/** What a run produced: text for stdout and stderr, and the exit status. */
export interface CliResult {
  stdout: string;
  stderr: string;
  code: number;
}

const STDIN = '\u0000stdin';

/** A user-facing failure: printed as `error: <message>`. */
class UsageError extends Error {}

function describeError(e: unknown): string {
  if (e instanceof EncodingTextError) return e.describe();
  if (e instanceof TileLayoutError) return `TileLayout: ${e.message}`;
  if (e instanceof Error) return e.message;
  return String(e);
}

// ---- formatting -----------------------------------------------------------------------------------------

/** JSON with Python's separators (`, ` and `: `), the style of layouts.jsonl. */
export function pyJson(v: unknown): string {
  if (Array.isArray(v)) return '[' + v.map(pyJson).join(', ') + ']';
  if (v !== null && typeof v === 'object') {
    return '{' + Object.entries(v as Record<string, unknown>).map(([k, x]) => `${JSON.stringify(k)}: ${pyJson(x)}`).join(', ') + '}';
  }
  return JSON.stringify(v);
}

const IN_LABEL: Record<string, string> = { register: 'r', lane: 't', warp: 'w', block: 'b', offset: 'o' };

/** The F2 matrix: rows are output bits (dim0 low bit first), columns input bits. */
export function formatMatrix(ll: LinearLayout): string {
  const cols: { label: string; basis: readonly number[] }[] = [];
  for (const [d, bs] of ll.getBases()) bs.forEach((b, i) => cols.push({ label: `${IN_LABEL[d] ?? d}${i}`, basis: b }));
  const rows: { label: string; dim: number; bit: number }[] = [];
  ll.getOutDims().forEach(([name, size], dim) => {
    for (let bit = 0; 2 ** bit < size; bit++) rows.push({ label: `${name}[${bit}]`, dim, bit });
  });
  const lw = Math.max(...rows.map((r) => r.label.length), 0);
  const cw = Math.max(...cols.map((c) => c.label.length), 1);
  const lines = [' '.repeat(lw) + ' ' + cols.map((c) => c.label.padStart(cw)).join(' ')];
  for (const r of rows) {
    lines.push(r.label.padEnd(lw) + ' ' + cols.map((c) => String((c.basis[r.dim]! >> r.bit) & 1).padStart(cw)).join(' '));
  }
  if (cols.length === 0) lines.push('(no input bits)');
  return lines.join('\n') + '\n';
}

/** Every input point of the layout with its output coordinates (in-dims in order, minor first). */
function enumerate(ll: LinearLayout): { ins: number[]; out: number[] }[] {
  const dims = [...ll.getBases()];
  const rank = ll.getNumOutDims();
  const total = dims.reduce((n, [, bs]) => n * 2 ** bs.length, 1);
  if (total > 1 << 22) throw new UsageError(`layout too large to tabulate (${total} input points)`);
  const all: { basis: readonly number[]; dim: number; bit: number }[] = [];
  dims.forEach(([, bs], dim) => bs.forEach((basis, bit) => all.push({ basis, dim, bit })));
  const res: { ins: number[]; out: number[] }[] = [];
  for (let flat = 0; flat < total; flat++) {
    const out = new Array<number>(rank).fill(0);
    const ins = new Array<number>(dims.length).fill(0);
    all.forEach((c, i) => {
      if ((flat >>> i) & 1) {
        ins[c.dim]! |= 1 << c.bit;
        for (let k = 0; k < rank; k++) out[k] = out[k]! ^ c.basis[k]!;
      }
    });
    res.push({ ins, out });
  }
  return res;
}

/** The tensor as a grid; each cell lists what holds the element (`w0:t5:r2`, `b1:...` with CTAs, or `o12`). */
export function formatTable(ll: LinearLayout, shape: readonly number[]): string {
  const names = [...ll.getBases().keys()];
  const has = (n: string): number => names.indexOf(n);
  const shared = has('offset') >= 0;
  const multiBlock = has('block') >= 0 && ll.getInDimSize('block') > 1;
  const cells = new Map<number, string[]>();
  const strides: number[] = [];
  let s = 1;
  for (let i = shape.length - 1; i >= 0; i--) {
    strides[i] = s;
    s *= shape[i]!;
  }
  for (const { ins, out } of enumerate(ll)) {
    if (out.some((v, i) => v >= shape[i]!)) continue;
    const key = out.reduce((acc, v, i) => acc + v * strides[i]!, 0);
    const get = (n: string): number => ins[has(n)] ?? 0;
    const parts: string[] = [];
    if (multiBlock) parts.push(`b${get('block')}`);
    if (shared) parts.push(`o${get('offset')}`);
    else parts.push(`w${get('warp')}`, `t${get('lane')}`, `r${get('register')}`);
    const list = cells.get(key) ?? [];
    list.push(parts.join(':'));
    cells.set(key, list);
  }
  const cellText = (key: number): string => {
    const l = cells.get(key) ?? ['-'];
    return l.length > 4 ? `${l.slice(0, 2).join("|")}|…(+${l.length - 2})` : l.join("|");
  };
  const lines: string[] = [];
  const total = shape.reduce((a, b) => a * b, 1);
  if (shape.length === 1) {
    const w = String(shape[0]! - 1).length;
    for (let i = 0; i < shape[0]!; i++) lines.push(`[${String(i).padStart(w)}] ${cellText(i)}`);
    return lines.join('\n') + '\n';
  }
  const rows = shape[shape.length - 2]!;
  const cols = shape[shape.length - 1]!;
  const width = Math.max(...Array.from({ length: total }, (_, k) => cellText(k).length), String(cols - 1).length);
  const rw = String(rows - 1).length;
  const outer = total / (rows * cols);
  for (let o = 0; o < outer; o++) {
    if (shape.length > 2) {
      const idx: number[] = [];
      let rem = o;
      for (let i = shape.length - 3; i >= 0; i--) {
        idx.unshift(rem % shape[i]!);
        rem = Math.floor(rem / shape[i]!);
      }
      if (o) lines.push('');
      lines.push(`[${idx.join(', ')}, :, :]`);
    }
    lines.push(' '.repeat(rw + 2) + Array.from({ length: cols }, (_, c) => String(c).padStart(width)).join('  '));
    for (let r = 0; r < rows; r++) {
      const base = o * rows * cols + r * cols;
      lines.push(`[${String(r).padStart(rw)}]` + ' ' + Array.from({ length: cols }, (_, c) => cellText(base + c).padStart(width)).join('  '));
    }
  }
  return lines.join('\n') + '\n';
}

export function formatLayout(ll: LinearLayout, shape: readonly number[], format: Format): string {
  switch (format) {
    case 'json':
      return pyJson(linearLayoutToJSON(ll)) + '\n';
    case 'dump':
      return ll.toString().replace(/^\n/, '') + '\n';
    case 'matrix':
      return formatMatrix(ll);
    case 'table':
      return formatTable(ll, shape);
  }
}

// ---- modes ------------------------------------------------------------------------------------------------

export function parseShape(text: string): number[] {
  if (!/^[0-9]+(x[0-9]+)*$/.test(text.trim())) throw new UsageError(`invalid shape '${text}' (expected e.g. 64x64)`);
  const dims = text.trim().split('x').map(Number);
  if (dims.some((d) => d < 1)) throw new UsageError(`invalid shape '${text}': dimensions must be positive`);
  return dims;
}

function layoutOf(shape: readonly number[], attr: Attribute): LinearLayout {
  return toLinearLayout(shape, attr);
}

/** `ttg-layout '<encoding>' --shape ...` */
export function encodingMode(encoding: string, shape: readonly number[], aliases: readonly string[], format: Format): string {
  const attr = parseEncodingText(encoding, aliases);
  return formatLayout(layoutOf(shape, attr), shape, format);
}

/** `ttg-layout file.mlir`: every distinct encoding with the shapes it is used with. */
export function fileMode(path: string, format: Format): string {
  const { encodings, errors } = fileEncodings(path);
  const out: string[] = [];
  if (encodings.length === 0 && errors.length === 0) out.push(`${path}: no encodings found\n`);
  for (const { encoding, display, shared, shapes } of encodings) {
    out.push(`${display}\n`);
    for (const shape of shapes) {
      let body: string;
      try {
        body = formatLayout(layoutOf(shape, encoding), shape, format);
      } catch (e) {
        body = `error: ${describeError(e)}\n`;
      }
      const label = `  ${shape.join('x')}${shared ? ' (allocation)' : ''}:`;
      if (format === 'json') out.push(`${label} ${body}`);
      else out.push(label + '\n' + body.replace(/^(?=.)/gm, '    '));
    }
  }
  for (const e of errors) out.push(`error: ${e}\n`);
  return out.join('');
}

interface BatchLine {
  aliases?: unknown;
  encoding?: unknown;
  shape?: unknown;
}

/** `ttg-layout --batch IN.jsonl`: one output line per input line. */
export function batchMode(input: string): string {
  const out: string[] = [];
  const cache = new Map<string, Attribute>();
  for (const line of input.split('\n')) {
    if (line.trim() === '') continue;
    try {
      let d: BatchLine;
      try {
        d = JSON.parse(line) as BatchLine;
      } catch {
        throw new UsageError('input line is not JSON');
      }
      if (typeof d.encoding !== 'string') throw new UsageError("missing 'encoding'");
      if (!Array.isArray(d.shape) || !d.shape.every((x) => Number.isInteger(x) && (x as number) >= 1)) {
        throw new UsageError("missing or invalid 'shape'");
      }
      const aliases = Array.isArray(d.aliases) ? d.aliases.map(String) : [];
      const key = aliases.join('\n') + '\n' + d.encoding;
      let attr = cache.get(key);
      if (!attr) cache.set(key, (attr = parseEncodingText(d.encoding, aliases)));
      out.push(pyJson({ linear: linearLayoutToJSON(layoutOf(d.shape as number[], attr)) }));
    } catch (e) {
      out.push(pyJson({ error: describeError(e) }));
    }
  }
  return out.length ? out.join('\n') + '\n' : '';
}

// ---- conversions ------------------------------------------------------------------------------------------

export const EXPLAIN_FORMATS = ['text', 'json'] as const;
export type ExplainFormat = (typeof EXPLAIN_FORMATS)[number];

function tensorTypeText(shape: readonly number[], dtype: string, encoding: string, aliases: readonly string[]): RankedTensorType {
  const t = parseTypeText(`tensor<${shape.join('x')}x${dtype}, ${encoding.trim()}>`, aliases);
  if (!(t instanceof RankedTensorType) || !t.encoding) throw new UsageError(`not a tensor type with an encoding: ${encoding}`);
  if (t.encoding instanceof SharedEncodingAttr) throw new UsageError('--convert takes distributed layouts (a shared layout goes through local_alloc/local_load)');
  return t;
}

/** `ttg-layout --convert '<src>' '<dst>' --shape ...` */
export function convertMode(src: string, dst: string, shape: readonly number[], dtype: string, cc: number, aliases: readonly string[], format: ExplainFormat): string {
  const e = explainConvert(tensorTypeText(shape, dtype, src, aliases), tensorTypeText(shape, dtype, dst, aliases), cc);
  return format === 'json' ? JSON.stringify(e) + '\n' : formatCvtExplanation(e);
}

/** `ttg-layout --explain-converts file.mlir` */
export function explainFileMode(path: string, format: ExplainFormat, ccOverride?: number): string {
  const src = readFileSync(path, 'utf8');
  let module: Operation;
  try {
    module = new Parser(src, { filename: path }).parseModule();
  } catch (e) {
    throw new UsageError(`${path}: ${describeError(e)}`);
  }
  const cc = ccOverride ?? targetCapability(module) ?? 80;
  const results = explainModule(module, src, cc);
  if (format === 'json') return results.map((r) => JSON.stringify({ line: r.line ?? null, ...r.e })).join('\n') + (results.length ? '\n' : '');
  if (results.length === 0) return `${path}: no convert_layout, local_alloc, local_load or local_store\n`;
  const out: string[] = [];
  for (const r of results) {
    const body = 'error' in r.e ? `error: ${r.e.error}\n` : r.e.op === 'convert_layout' ? formatCvtExplanation(r.e as CvtExplanation) : formatLocalExplanation(r.e as LocalExplanation);
    // The first line (op and types) is the source line's; the rest is indented under it.
    const rest = body.split('\n').slice('error' in r.e ? 0 : 1).join('\n');
    out.push(`${r.line !== undefined ? `${path}:${r.line}: ` : ''}${r.text}\n${rest.replace(/^(?=.)/gm, '  ')}`);
  }
  return out.join('\n');
}

/** `--html OUT`: the page of an encoding, a conversion or a .mlir file, written to `out`. */
function htmlMode(positional: readonly string[], convert: boolean, shapeText: string | undefined, dtype: string, cc: number | undefined, aliases: readonly string[], out: string): string {
  let page: string;
  if (convert) {
    if (positional.length !== 2) throw new UsageError('--convert takes two encodings: source and destination');
    if (shapeText === undefined) throw new UsageError('--shape is required with --convert, e.g. --shape 64x64');
    const shape = parseShape(shapeText);
    page = convertPage(tensorTypeText(shape, dtype, positional[0]!, aliases), tensorTypeText(shape, dtype, positional[1]!, aliases), cc ?? 80, [positional[0]!.trim(), positional[1]!.trim()]);
  } else {
    if (positional.length !== 1) throw new UsageError('expected one encoding or one .mlir file (see --help)');
    const arg = positional[0]!;
    if (!arg.trimStart().startsWith('#') && existsSync(arg)) {
      if (shapeText !== undefined) throw new UsageError('--shape is not used with a file (the shapes come from its types)');
      page = filePage(arg, cc);
    } else {
      if (!arg.trimStart().startsWith('#')) throw new UsageError(`'${arg}' is neither an encoding (#...) nor a readable file`);
      if (shapeText === undefined) throw new UsageError('--shape is required with an encoding, e.g. --shape 64x64');
      page = encodingPage(parseEncodingText(arg, aliases), arg.trim(), parseShape(shapeText));
    }
  }
  try {
    writeFileSync(out, page);
  } catch (e) {
    throw new UsageError(`cannot write ${out}: ${(e as NodeJS.ErrnoException).code ?? describeError(e)}`);
  }
  return `wrote ${out}\n`;
}

/** Runs the CLI on `args` (without the node and script paths). */
export async function runLayoutCli(args: readonly string[], stdin?: () => string): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  let code = 0;
  // `--batch -` reads stdin; yargs would take a lone `-` for a positional.
  const argv = args.map((x, i) => (x === '-' && args[i - 1] === '--batch' ? STDIN : x));
  const parser = yargs(argv)
    .scriptName('ttg-layout')
    .usage(
      "$0 '<encoding>' --shape 64x64 [--alias '#a = ...']... [--format json|dump|table|matrix]\n" +
        '$0 file.mlir [--format ...]\n$0 --batch IN.jsonl\n' +
        "$0 --convert '<src encoding>' '<dst encoding>' --shape 64x64 [--dtype f16] [--cc 80] [--format text|json]\n" +
        '$0 --explain-converts file.mlir [--format text|json]\n\n' +
        'The linear layout of a TritonGPU encoding, as Triton 3.6 computes it, and how a layout conversion is lowered.',
    )
    .option('shape', { type: 'string', describe: 'tensor shape, e.g. 64x64 (allocation shape for shared layouts)' })
    .option('alias', { type: 'string', array: true, describe: "an alias definition the encoding uses, e.g. '#mma = #ttg.nvidia_mma<...>'" })
    .option('format', { type: 'string', choices: [...FORMATS, 'text'], describe: 'output format (layouts: json|dump|table|matrix, default json; explanations: text|json, default text)' })
    .option('batch', { type: 'string', describe: 'JSONL file of {aliases?, encoding, shape} lines (- for stdin)' })
    .option('convert', { type: 'boolean', describe: 'explain the conversion between two encodings (positionals: source, destination)' })
    .option('explain-converts', { type: 'string', describe: 'explain every convert_layout / local_alloc / local_load / local_store of a .mlir file' })
    .option('dtype', { type: 'string', default: 'f32', describe: 'element type with --convert' })
    .option('tirx', { type: 'string', describe: "a TIRx TileLayout 'S[(8,4):(4@laneid,1)] + R[2:1@warpid] + O' to convert to a linear layout" })
    .option('to-tirx', { type: 'boolean', describe: "print the encoding's layout as a TIRx TileLayout" })
    .option('html', { type: 'string', describe: 'write a self-contained HTML page (grid, bases, GF(2) matrix, conversions) to this file' })
    .option('cc', { type: 'number', describe: 'compute capability with --convert (default 80) or --explain-converts (default: the module target)' })
    .strictOptions()
    .help()
    .version(false)
    .exitProcess(false)
    .fail((msg, err) => {
      throw new UsageError(msg ?? err?.message ?? 'invalid arguments');
    });
  try {
    let helped = false;
    const a = await parser.parseAsync(argv, {}, (_err, _argv, output) => {
      if (output) {
        stdout += output + '\n';
        helped = true;
      }
    });
    if (helped) return { stdout, stderr, code };
    const positional = a._.map(String);
    const explaining = a.convert === true || a['explain-converts'] !== undefined;
    if (explaining && a.format !== undefined && a.format !== 'text' && a.format !== 'json') throw new UsageError(`--format ${a.format} is for layouts; explanations are text or json`);
    if (!explaining && a.format === 'text') throw new UsageError('--format text is for --convert / --explain-converts');
    const format = (a.format ?? 'json') as Format;
    const explainFormat = (a.format ?? 'text') as ExplainFormat;
    if (a.tirx !== undefined) {
      if (positional.length || a.convert || a['to-tirx']) throw new UsageError('--tirx takes one TileLayout and no other arguments');
      const t = parseTileLayout(a.tirx);
      const shape = a.shape !== undefined ? parseShape(a.shape) : t.shard.map((i) => i.extent);
      stdout += formatLayout(tileLayoutToLinear(t, shape), shape, format);
    } else if (a['to-tirx']) {
      if (positional.length !== 1 || !positional[0]!.trimStart().startsWith('#')) throw new UsageError('--to-tirx takes one encoding');
      if (a.shape === undefined) throw new UsageError('--shape is required with an encoding, e.g. --shape 64x64');
      const shape = parseShape(a.shape);
      stdout += formatTileLayout(linearToTileLayout(layoutOf(shape, parseEncodingText(positional[0]!, a.alias ?? [])))) + '\n';
    } else if (a.html !== undefined) {
      if (a.html === '' || typeof a.html !== 'string') throw new UsageError('--html needs an output file');
      if (a.batch !== undefined || a['explain-converts'] !== undefined || a.format !== undefined) throw new UsageError('--html takes an encoding, --convert, or a .mlir file (no --batch, --explain-converts or --format)');
      stdout += htmlMode(positional, a.convert === true, a.shape, a.dtype, a.cc, a.alias ?? [], a.html);
    } else if (a['explain-converts'] !== undefined) {
      if (positional.length || a.convert) throw new UsageError('--explain-converts takes one file and no other arguments');
      const file = a['explain-converts'];
      if (!existsSync(file)) throw new UsageError(`cannot read ${file}`);
      stdout += explainFileMode(file, explainFormat, a.cc);
    } else if (a.convert) {
      if (positional.length !== 2) throw new UsageError('--convert takes two encodings: source and destination');
      if (a.shape === undefined) throw new UsageError('--shape is required with --convert, e.g. --shape 64x64');
      stdout += convertMode(positional[0]!, positional[1]!, parseShape(a.shape), a.dtype, a.cc ?? 80, a.alias ?? [], explainFormat);
    } else if (a.batch !== undefined) {
      if (positional.length) throw new UsageError('--batch takes no other arguments');
      const input = a.batch === STDIN || a.batch === '-' ? (stdin ? stdin() : readFileSync(0, 'utf8')) : readInput(a.batch);
      stdout += batchMode(input);
    } else {
      if (positional.length !== 1) throw new UsageError('expected one encoding or one .mlir file (see --help)');
      const arg = positional[0]!;
      if (!arg.trimStart().startsWith('#') && existsSync(arg)) {
        if (a.shape !== undefined) throw new UsageError('--shape is not used with a file (the shapes come from its types)');
        stdout += fileMode(arg, format);
      } else {
        if (!arg.trimStart().startsWith('#')) throw new UsageError(`'${arg}' is neither an encoding (#...) nor a readable file`);
        if (a.shape === undefined) throw new UsageError('--shape is required with an encoding, e.g. --shape 64x64');
        stdout += encodingMode(arg, parseShape(a.shape), a.alias ?? [], format);
      }
    }
  } catch (e) {
    stderr += `error: ${describeError(e)}\n`;
    code = 1;
  }
  return { stdout, stderr, code };
}

function readInput(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (e) {
    throw new UsageError(`cannot read ${path}: ${(e as NodeJS.ErrnoException).code ?? describeError(e)}`);
  }
}


if (isMainModule(import.meta.url)) {
  runLayoutCli(process.argv.slice(2)).then(
    (r) => {
      writeAll(1, r.stdout);
      writeAll(2, r.stderr);
      process.exitCode = r.code;
    },
    (e: unknown) => {
      writeAll(2, `error: ${describeError(e)}\n`);
      process.exitCode = 1;
    },
  );
}
