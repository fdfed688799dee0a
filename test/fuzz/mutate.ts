/**
 * Seeded mutation fuzzing of the ttg-opt driver: corpus files (golden stage files, TTIR, small llvm.mlir,
 * upstream lit chunks) are damaged in ways a user or a broken tool would damage them (truncation, lost tokens,
 * wrong types, bad layout parameters, dangling aliases and SSA names, broken brackets and strings, garbage bytes,
 * huge numbers), run through the in-process driver, and the outcome is classified. Malformed input must end in an
 * MLIR-style located diagnostic and exit status 1; anything else that is not a clean success is a BUG.
 *
 * Everything is a pure function of the seed, so a BUG found by `run.ts` replays with `--seed S --only I`.
 */
import { join } from 'node:path';
import { DiskTree, type FileTree } from '../../golden/ground-truth.js';

// ---- random numbers --------------------------------------------------------------------------------

/** mulberry32: small, fast and good enough to pick mutations reproducibly. */
export class Rng {
  private s: number;
  constructor(seed: number) {
    this.s = seed >>> 0;
  }
  next(): number {
    this.s = (this.s + 0x6d2b79f5) >>> 0;
    let t = this.s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
  pick<T>(xs: readonly T[]): T {
    return xs[this.int(xs.length)]!;
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
}

/** A per-mutation seed derived from the sweep seed and the mutation index (so any index replays alone). */
export function mutationSeed(seed: number, index: number): number {
  let h = (seed ^ Math.imul(index + 1, 0x9e3779b1)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b) >>> 0;
  return (h ^ (h >>> 13)) >>> 0;
}

// ---- corpus --------------------------------------------------------------------------------------

export interface Seed {
  name: string;
  text: string;
  /** Pass flag lists worth running on this input (the empty list = parse, verify and print only). */
  passSets: string[][];
}

export interface CorpusOptions {
  /** Skip files larger than this (the big llvm.mlir files only slow the sweep down). */
  maxBytes?: number;
  /** Keep every n-th golden case only (the vitest sample uses a subset). */
  caseStride?: number;
}

const LOWER = ['--convert-triton-gpu-to-llvm=compute-capability=90'];

/** The five pipelines of the issue-#10 sweep (`--pipeline K` in run.ts runs every mutant through pipeline K). */
export const PIPELINES: readonly (readonly string[])[] = [
  [],
  ['--tritongpu-coalesce', '--tritongpu-remove-layout-conversions'],
  ['--tritongpu-accelerate-matmul', '--tritongpu-optimize-dot-operands'],
  ['--canonicalize', '--cse'],
  ['--allocate-shared-memory-nv=compute-capability=90 ptx-version=87', '--convert-triton-gpu-to-llvm=compute-capability=90 ptx-version=87'],
];
const RLC = ['--tritongpu-remove-layout-conversions'];

function flagOf(stage: unknown): string | undefined {
  return typeof stage === 'object' && stage !== null && typeof (stage as { flag?: unknown }).flag === 'string' ? (stage as { flag: string }).flag : undefined;
}

/** Stage files of golden-corpus-style cases (one folder per case with a meta.json of stage flags). */
export function goldenSeeds(tree: FileTree, opts: CorpusOptions, out: Seed[], prefix = ''): void {
  if (!tree.isDir('')) return;
  const cases = tree.list('').filter((c) => tree.isDir(c));
  const stride = opts.caseStride ?? 1;
  for (const [ci, c] of cases.entries()) {
    if (ci % stride) continue;
    let stages: unknown[] = [];
    try {
      const meta = JSON.parse(tree.read(`${c}/meta.json`)) as { stages?: unknown[] };
      stages = meta.stages ?? [];
    } catch {
      continue;
    }
    const files = tree.list(c).filter((f) => f.endsWith('.mlir'));
    for (const f of files) {
      const text = tree.read(`${c}/${f}`);
      if (opts.maxBytes !== undefined && text.length > opts.maxBytes) continue;
      const passSets: string[][] = [[]];
      const m = /^(\d\d)-/.exec(f);
      if (f === 'llvm.mlir') passSets.push(['--canonicalize'], ['--cse']);
      else if (m) {
        const n = Number(m[1]);
        // Stage n is the input of stage n+1 (stage files are numbered from 1 in meta.stages).
        const next = flagOf(stages[n]);
        if (next) passSets.push([next]);
        if (n >= 1) passSets.push(RLC);
        if (n >= 15) passSets.push(LOWER);
        else if (n >= 14) passSets.push(['--allocate-shared-memory', ...LOWER]);
      }
      out.push({ name: `${prefix}${c}/${f}`, text, passSets });
    }
  }
}

/**
 * Stage files of the real-pipeline corpus (golden/pipeline: every pass of Triton's CUDA pipeline): each file with
 * the flag of the pass that follows it, the layout cleanup on TTGIR, and the lowering after shared-memory allocation.
 */
export function pipelineSeeds(tree: FileTree, opts: CorpusOptions, out: Seed[]): void {
  if (!tree.isDir('')) return;
  for (const c of tree.list('').filter((d) => tree.isDir(d))) {
    let stages: { index?: number; pass?: string; flag?: string }[] = [];
    try {
      stages = (JSON.parse(tree.read(`${c}/meta.json`)) as { stages?: typeof stages }).stages ?? [];
    } catch {
      continue;
    }
    const lowerAt = stages.find((s) => s.pass === 'convert-triton-gpu-to-llvm')?.index ?? Infinity;
    const allocAt = stages.find((s) => s.pass === 'allocate-shared-memory-nv')?.index ?? Infinity;
    for (const f of tree.list(c).filter((x) => x.endsWith('.mlir'))) {
      const text = tree.read(`${c}/${f}`);
      if (opts.maxBytes !== undefined && text.length > opts.maxBytes) continue;
      const n = Number(/^(\d+)-/.exec(f)?.[1] ?? NaN);
      const passSets: string[][] = [[]];
      const next = stages.find((s) => s.index === n + 1)?.flag;
      if (next) passSets.push([next]);
      if (n >= 1 && n < lowerAt) passSets.push(RLC);
      if (n >= allocAt) passSets.push(LOWER);
      out.push({ name: `pipeline/${c}/${f}`, text, passSets });
    }
  }
}

/** Shell words of a RUN line (a quoted option value stays one argument), only the pass flags. */
function runLineFlags(runLine: string): string[] {
  return [...runLine.matchAll(/(?:[^\s'"]+|'[^']*'|"[^"]*")+/g)]
    .map((w) => w[0].replace(/'([^']*)'|"([^"]*)"/g, '$1$2'))
    .filter((s) => /^--?(tritongpu-|triton-|convert-|allocate-|canonicalize|cse)/.test(s));
}

/** Lit files of Triton (`test/` + `expected/`), cut at `// -----`; only chunks that Triton 3.6 itself parses. */
export function upstreamSeeds(tree: FileTree, opts: CorpusOptions, out: Seed[], prefix = 'upstream'): void {
  if (!tree.isDir('test')) return;
  for (const file of tree.files('test', (n) => n.endsWith('.mlir'))) {
    const rel = file.slice('test/'.length);
    if (rel.includes('amd/')) continue;
    let parsable = new Set<number>();
    try {
      const exp = JSON.parse(tree.read(`expected/${rel}.json`)) as { roundtrip?: { chunk: number; triton36_output?: string }[] };
      parsable = new Set((exp.roundtrip ?? []).filter((r) => typeof r.triton36_output === 'string').map((r) => r.chunk));
    } catch {
      continue;
    }
    const text = tree.read(file);
    const flags = runLineFlags(/RUN:\s*triton-opt([^|\n]*)/.exec(text)?.[1] ?? '');
    const passSets = flags.length ? [[], flags] : [[]];
    const chunks = text.split(/^\/\/ -----.*$/m);
    for (const [i, chunk] of chunks.entries()) {
      if (!parsable.has(i) || (opts.maxBytes !== undefined && chunk.length > opts.maxBytes)) continue;
      out.push({ name: `${prefix}/${rel}#${i}`, text: chunk.replace(/^\/\/ RUN:.*$/gm, ''), passSets });
    }
  }
}

/** Our own lit tests (lit/), cut at `// -----`, with the pass flags of their first ttg-opt RUN line. */
export function litSeeds(tree: FileTree, opts: CorpusOptions, out: Seed[]): void {
  if (!tree.isDir('')) return;
  for (const file of tree.files('', (n) => n.endsWith('.mlir'))) {
    const text = tree.read(file);
    const flags = runLineFlags(/RUN:\s*ttg-opt([^|\n]*)/.exec(text)?.[1] ?? '');
    const passSets = flags.length ? [[], flags] : [[]];
    for (const [i, chunk] of text.split(/^\/\/ -----.*$/m).entries()) {
      if (opts.maxBytes !== undefined && chunk.length > opts.maxBytes) continue;
      out.push({ name: `lit/${file}#${i}`, text: chunk.replace(/^\/\/ RUN:.*$/gm, ''), passSets });
    }
  }
}

/** The fuzz corpus, in a fixed order. `shared` is the ../shared folder, `extra` the unpacked second corpus. */
export function loadCorpus(shared: string, extra: string | undefined, opts: CorpusOptions = {}): Seed[] {
  const out: Seed[] = [];
  goldenSeeds(new DiskTree(join(shared, 'golden', 'corpus')), opts, out);
  if (extra) goldenSeeds(new DiskTree(extra), opts, out);
  upstreamSeeds(new DiskTree(join(shared, 'upstream')), opts, out);
  return out;
}

// ---- mutations -----------------------------------------------------------------------------------

type Mutator = (text: string, r: Rng) => { text: string; detail: string } | undefined;

/** All matches of a global regex, with their offsets. */
function matches(text: string, re: RegExp): RegExpExecArray[] {
  return [...text.matchAll(new RegExp(re.source, re.flags.includes('g') ? re.flags : re.flags + 'g'))];
}

function splice(text: string, at: number, del: number, ins: string): string {
  return text.slice(0, at) + ins + text.slice(at + del);
}

const TOKEN = /%[\w.$#-]+(?::\d+)?|#[\w.$-]+|![\w.$-]+|@[\w.$-]+|\^[\w.$-]+|"(?:[^"\\\n]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|[A-Za-z_][\w.$]*|->|\S/g;
const LAYOUT_KEYS =
  'warpsPerCTA|sizePerThread|threadsPerWarp|order|instrShape|kWidth|opIdx|versionMajor|versionMinor|vec|perPhase|maxPhase|CGALayout|CTAsPerCGA|CTASplitNum|CTAOrder|dim|swizzlingByteWidth|elementBitWidth|transposed|isTransposed|fp4Padded|rank|register|lane|warp|block|tilesPerWarp|mDim|nDim|interval|paddings|offset|shape';
const NUMBERS = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '12', '16', '24', '32', '48', '64', '128', '256', '1024', '-1', '-2', '65536', '2147483647', '2147483648', '4294967296'];
const HUGE = ['99999999999999999999999999', '4294967296', '2147483648', '-2147483649', '18446744073709551616', '9223372036854775808', '1e400', '-1e400', '0x', '0xFFFFFFFFFFFFFFFFFFFFFFFF', '1.5', '-0', '00000000000000000000001', '1.7976931348623157e309'];
const TYPE_SWAPS: [string, string][] = [
  ['f32', 'f16'],
  ['f16', 'f32'],
  ['f16', 'bf16'],
  ['bf16', 'f16'],
  ['i32', 'i64'],
  ['i64', 'i32'],
  ['i1', 'i8'],
  ['i32', 'f32'],
  ['f32', 'i32'],
  ['f16', 'f8E4M3FN'],
  ['i8', 'i1'],
  ['f32', 'f64'],
  ['i32', 'i0'],
  ['f32', 'index'],
  ['i64', 'i128'],
];
const GARBAGE = ['\u0000', '\u0007', '\u00ff', '\ufffd', '\u20ac', '\u{1F600}', '\u200b', '\u202e', '\\', '`', '\t', '\r', '\r\n', '$', '?', '~', '\u00e9', '\ud800', '\udfff', '\ufeff', '\x1b[0m', 'é', '#', '%', '^', '@', '!', '"', "'", '{', '}', '<', '>', '(', ')', '[', ']', ',', ':', '=', '->', '...', '0x', '"\\'];
const BRACKETS = '()[]{}<>';
const ATTR_VALUES = ['3 : i32', '-1 : i64', '0 : i1', 'true', 'unit', '"x"', '""', '[1, 2]', '[]', '{}', 'i32', '() -> ()', '(i32) -> f32', '@f', 'dense<1> : tensor<2xi32>', 'array<i32: 1, 0>', 'array<i64>', '1.5 : f32', '#ttg.shared_memory', 'tensor<4xf32>', '!tt.ptr<f32>', '{a = 1 : i32}', '[[0, 1], [1]]', 'loc(unknown)', '#ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>'];

function mutateNumberIn(list: string, r: Rng): string {
  const nums = matches(list, /-?\d+/g);
  const choice = r.int(4);
  if (!nums.length || choice === 3) {
    // Add or drop a list element.
    if (list.startsWith('[') && nums.length && r.chance(0.5)) {
      const n = r.pick(nums);
      const before = list.slice(0, n.index).replace(/,\s*$/, '');
      const after = list.slice(n.index + n[0].length).replace(/^\s*,\s*/, before.endsWith('[') ? '' : ', ');
      return before + after;
    }
    return list.startsWith('[') ? list.replace(/\]$/, list === '[]' ? `${r.pick(NUMBERS)}]` : `, ${r.pick(NUMBERS)}]`) : r.pick(NUMBERS);
  }
  const n = r.pick(nums);
  return splice(list, n.index, n[0].length, r.pick(NUMBERS));
}

export const MUTATORS: Record<string, Mutator> = {
  truncate: (t, r) => {
    const at = r.int(t.length);
    return { text: t.slice(0, at), detail: `at ${at}` };
  },
  'delete-token': (t, r) => {
    const m = matches(t, TOKEN);
    if (!m.length) return undefined;
    const k = r.pick(m);
    return { text: splice(t, k.index, k[0].length, ''), detail: `'${k[0]}' at ${k.index}` };
  },
  'duplicate-token': (t, r) => {
    const m = matches(t, TOKEN);
    if (!m.length) return undefined;
    const k = r.pick(m);
    return { text: splice(t, k.index, 0, k[0] + (r.chance(0.5) ? ' ' : '')), detail: `'${k[0]}' at ${k.index}` };
  },
  'delete-line': (t, r) => {
    const lines = t.split('\n');
    const i = r.int(lines.length);
    return { text: [...lines.slice(0, i), ...lines.slice(i + 1)].join('\n'), detail: `line ${i + 1}` };
  },
  'duplicate-line': (t, r) => {
    const lines = t.split('\n');
    const i = r.int(lines.length);
    return { text: [...lines.slice(0, i + 1), ...lines.slice(i)].join('\n'), detail: `line ${i + 1}` };
  },
  'swap-lines': (t, r) => {
    const lines = t.split('\n');
    const i = r.int(lines.length);
    const j = Math.min(lines.length - 1, i + 1 + r.int(3));
    [lines[i], lines[j]] = [lines[j]!, lines[i]!];
    return { text: lines.join('\n'), detail: `lines ${i + 1},${j + 1}` };
  },
  'swap-type': (t, r) => {
    const [from, to] = r.pick(TYPE_SWAPS);
    const m = matches(t, new RegExp(`(?<![\\w.%#@^!])${from}(?![\\w.])`, 'g'));
    if (!m.length) return undefined;
    const k = r.pick(m);
    return { text: splice(t, k.index, from.length, to), detail: `${from}->${to} at ${k.index}` };
  },
  'swap-all-types': (t, r) => {
    const [from, to] = r.pick(TYPE_SWAPS);
    const re = new RegExp(`(?<![\\w.%#@^!])${from}(?![\\w.])`, 'g');
    if (!re.test(t)) return undefined;
    return { text: t.replace(re, to), detail: `${from}->${to} everywhere` };
  },
  'layout-number': (t, r) => {
    const m = matches(t, new RegExp(`\\b(${LAYOUT_KEYS})\\s*=\\s*(\\[[^\\]]*\\]|\\[\\[[^=]*?\\]\\]|-?\\d+|true|false)`, 'g'));
    if (!m.length) return undefined;
    const k = r.pick(m);
    const valAt = k.index + k[0].length - k[2]!.length;
    const v = k[2]!;
    const nv = v === 'true' || v === 'false' ? (v === 'true' ? 'false' : 'true') : mutateNumberIn(v, r);
    return { text: splice(t, valAt, v.length, nv), detail: `${k[1]}: ${v} -> ${nv}` };
  },
  'attr-number': (t, r) => {
    // A name starts where no name character precedes (else every position of a long word is a start: quadratic).
    const m = matches(t, /(?<![\w.-])([\w.-]+|"[\w.-]+")\s*=\s*(-?\d+)(?=\s*(?::|,|\}|>))/g);
    if (!m.length) return undefined;
    const k = r.pick(m);
    const valAt = k.index + k[0].length - k[2]!.length;
    const nv = r.pick(NUMBERS);
    return { text: splice(t, valAt, k[2]!.length, nv), detail: `${k[1]} = ${k[2]} -> ${nv}` };
  },
  'tensor-shape': (t, r) => {
    const m = matches(t, /(?<=(?:tensor|memdesc)<(?:\d+x)*)\d+(?=x)/g);
    if (!m.length) return undefined;
    const k = r.pick(m);
    const nv = r.pick(['0', '1', '3', '6', '96', '100', '2048', '1048576', '4194304', '2147483648', '?', '-1']);
    return { text: splice(t, k.index, k[0].length, nv), detail: `${k[0]} -> ${nv} at ${k.index}` };
  },
  'drop-alias': (t, r) => {
    const m = matches(t, /^#[\w.$-]+\s*=.*$\n?/gm);
    if (!m.length) return undefined;
    const k = r.pick(m);
    return { text: splice(t, k.index, k[0].length, ''), detail: k[0].trim().slice(0, 40) };
  },
  'swap-alias-use': (t, r) => {
    const defs = matches(t, /^(#[\w.$-]+)\s*=/gm).map((d) => d[1]!);
    const uses = matches(t, /(?<!^)#[A-Za-z_][\w$-]*(?![\w$.<-])/gm);
    if (!uses.length) return undefined;
    const k = r.pick(uses);
    const to = defs.length && r.chance(0.8) ? r.pick(defs) : r.pick(['#blocked99', '#mma', '#shared', '#loc999']);
    return { text: splice(t, k.index, k[0].length, to), detail: `${k[0]} -> ${to}` };
  },
  'undefined-ssa': (t, r) => {
    // (The left context is a group, not a lookbehind: `(?<=,\s*)` rescans a long run of spaces at every position.)
    const m = matches(t, /([(,[]\s*|\s)(%[\w.$-]+)(?=[\s,)\]:#])/g);
    if (!m.length) return undefined;
    const k = r.pick(m);
    const name = k[2]!;
    const to = r.pick(['%undef', '%999', '%arg99', `${name}_x`, '%0', '%c0_i32']);
    return { text: splice(t, k.index + k[1]!.length, name.length, to), detail: `${name} -> ${to}` };
  },
  'break-bracket': (t, r) => {
    const m = matches(t, /[()[\]{}<>]/g);
    if (!m.length) return undefined;
    const k = r.pick(m);
    const to = r.chance(0.5) ? '' : r.pick([...BRACKETS]);
    return { text: splice(t, k.index, 1, to), detail: `'${k[0]}' -> '${to}' at ${k.index}` };
  },
  'break-quote': (t, r) => {
    const m = matches(t, /"/g);
    if (!m.length) return undefined;
    const k = r.pick(m);
    return { text: splice(t, k.index, 1, r.pick(['', "'", '""', '\\"'])), detail: `at ${k.index}` };
  },
  'unterminated-string': (t, r) => {
    const choice = r.int(3);
    if (choice === 0) {
      const at = r.int(t.length);
      return { text: splice(t, at, 0, '"'), detail: `quote at ${at}` };
    }
    const m = matches(t, /"(?:[^"\\\n]|\\.)*"/g);
    if (!m.length) return undefined;
    const k = r.pick(m);
    if (choice === 1) return { text: t.slice(0, k.index + 1 + r.int(k[0].length - 1)), detail: `truncated in string at ${k.index}` };
    return { text: splice(t, k.index + k[0].length - 1, 1, r.pick(['\\', '\n', '\\q', '\\x'])), detail: `bad string end at ${k.index}` };
  },
  garbage: (t, r) => {
    const at = r.int(t.length + 1);
    let g = '';
    for (let i = 1 + r.int(3); i > 0; i--) g += r.chance(0.3) ? String.fromCharCode(r.int(256)) : r.pick(GARBAGE);
    return { text: splice(t, at, r.chance(0.3) ? 1 : 0, g), detail: `${JSON.stringify(g)} at ${at}` };
  },
  'huge-number': (t, r) => {
    const m = matches(t, /(?<![\w%#@^.!])-?\d+(?:\.\d+)?(?![\w.])/g);
    if (!m.length) return undefined;
    const k = r.pick(m);
    const to = r.pick(HUGE);
    return { text: splice(t, k.index, k[0].length, to), detail: `${k[0]} -> ${to} at ${k.index}` };
  },
  'swap-op-name': (t, r) => {
    const m = matches(t, /(=\s*|^\s*)("?[a-z_]+\.[a-z_.]+"?)(?=[\s(<])/gm);
    if (m.length < 2) return undefined;
    const k = r.pick(m);
    const to = r.pick(m)[2]!;
    return { text: splice(t, k.index + k[1]!.length, k[2]!.length, to), detail: `${k[2]} -> ${to}` };
  },
  'delete-punct': (t, r) => {
    const m = matches(t, /->|[:,=]/g);
    if (!m.length) return undefined;
    const k = r.pick(m);
    return { text: splice(t, k.index, k[0].length, r.chance(0.8) ? '' : r.pick([':', ',', '=', '->', ';'])), detail: `'${k[0]}' at ${k.index}` };
  },
  'module-attr': (t, r) => {
    const m = matches(t, /"(ttg\.[\w-]+)"\s*=\s*([^,}]+)/g);
    if (!m.length) return undefined;
    const k = r.pick(m);
    const valAt = k.index + k[0].length - k[2]!.length;
    const to = r.pick(['0 : i32', '3 : i32', '64 : i32', '-1 : i32', '"cuda:1000"', '"hip:gfx942"', '"cuda"', 'true', '"x"', '1.0 : f32', '4096 : i64']);
    return { text: splice(t, valAt, k[2]!.length, to), detail: `${k[1]} = ${k[2]} -> ${to}` };
  },
  'drop-attr': (t, r) => {
    // One `key = value` entry of an attribute dictionary or of a layout's parameters.
    // The separator after the entry is read by a lookahead (so that it can also start the next entry's match).
    // Values and the space around separators are bounded: an unbounded lazy value with a `\s*` lookahead after
    // each character is quadratic in a megabyte-long run of spaces (the long-line mutation).
    const m = matches(t, /([{,]\s*)(("[\w.-]+"|[\w.-]+)\s*=\s*(?:"[^"]*"|\[[^\]]*\]|[^,{}[\]\n]{1,400}?))(?=(\s{0,16},\s{0,16})|\s{0,16}[}>])/g);
    if (!m.length) return undefined;
    const k = r.pick(m);
    const entry = k[2]! + (k[4] ?? '');
    return { text: splice(t, k.index + k[1]!.length, entry.length, ''), detail: entry.trim().slice(0, 40) };
  },
  'swap-attr-value': (t, r) => {
    // An attribute or property given a value of another kind (generic ops take any attribute verbatim).
    const m = matches(t, /([{,<]\s*)(("[\w.-]+"|[\w.-]+)\s*=\s*(?:"[^"]*"|\[[^\]]*\]|[^,{}[\]\n]{1,400}?))(?=\s{0,16}[,}>])/g);
    if (!m.length) return undefined;
    const k = r.pick(m);
    const entry = k[2]!;
    const at = k.index + k[1]!.length;
    const eq = entry.indexOf('=');
    const to = r.pick(ATTR_VALUES);
    return { text: splice(t, at + eq + 1, entry.length - eq - 1, ` ${to}`), detail: `${entry.slice(0, 30)} -> ${to}` };
  },
  'swap-alias-def': (t, r) => {
    // Give an alias the definition of another one (a blocked layout becomes an mma, a shared layout, ...).
    const m = matches(t, /^(#[\w.$-]+)\s*=\s*(.*)$/gm).filter((d) => !d[2]!.startsWith('loc('));
    if (m.length < 2) return undefined;
    const a = r.pick(m);
    const b = r.pick(m);
    const valAt = a.index + a[0].length - a[2]!.length;
    return { text: splice(t, valAt, a[2]!.length, b[2]!), detail: `${a[1]} := ${b[1]}` };
  },
  'linear-basis': (t, r) => {
    // One entry of a linear layout basis vector, or a whole vector dropped / duplicated.
    const m = matches(t, /\[(-?\d+(?:,\s*-?\d+)*)\](?=\s*[,\]])/g).filter((k) => /(register|lane|warp|block|CGALayout|offset)\s*=\s*\[[^=]*$/.test(t.slice(Math.max(0, k.index - 300), k.index)));
    if (!m.length) return undefined;
    const k = r.pick(m);
    const choice = r.int(3);
    if (choice === 0) return { text: splice(t, k.index, k[0].length, `${k[0]}, ${k[0]}`), detail: `duplicate ${k[0]}` };
    if (choice === 1) return { text: splice(t, k.index, k[0].length, mutateNumberIn(k[0], r)), detail: `edit ${k[0]}` };
    return { text: splice(t, k.index, k[0].length, `[${k[1]}, 1]`), detail: `widen ${k[0]}` };
  },
  'deep-nesting': (t, r) => {
    // Absurd nesting (types, brackets, regions): recursion must end in a diagnostic, not a stack overflow.
    const at = r.int(t.length + 1);
    const n = r.pick([50, 700, 5000, 40000]);
    const [open, close] = r.pick([['!tt.ptr<', '>'], ['[', ']'], ['(', ')'], ['{', '}'], ['tensor<1x', '>'], ['scf.execute_region {\n', '}\n'], ['"', '"']]);
    const inner = r.chance(0.5) ? 'f32' : '';
    return { text: splice(t, at, 0, open.repeat(n) + inner + (r.chance(0.7) ? close.repeat(n) : '')), detail: `${n} x ${JSON.stringify(open)} at ${at}` };
  },
  'nest-regions': (t, r) => {
    // Regions nested around the body of a function, at and around the parser's limit.
    const m = matches(t, /tt\.func[^\n]*\{\n/g);
    if (!m.length) return undefined;
    const k = r.pick(m);
    const n = r.pick([100, 250, 254, 255, 256, 300, 700]);
    const generic = r.chance(0.5);
    const open = generic ? '"scf.execute_region"() ({\n' : 'scf.execute_region {\n';
    const close = generic ? 'scf.yield\n}) : () -> ()\n' : 'scf.yield\n}\n';
    const at = k.index + k[0].length;
    return { text: splice(t, at, 0, open.repeat(n) + close.repeat(n)), detail: `${n} regions${generic ? ' (generic)' : ''}` };
  },
  'nest-locations': (t, r) => {
    const m = matches(t, /\n(\s+)(tt\.return|scf\.yield)\b[^\n]*/g);
    if (!m.length) return undefined;
    const k = r.pick(m);
    const n = r.pick([10, 500, 999, 1000, 3000]);
    const [o, c] = r.pick([['fused[', ']'], ['callsite(', ' at "b.py":1:2)'], ['"n"(', ')']]);
    const loc = ` loc(${o.repeat(n)}"a.py":3:4${c.repeat(n)})`;
    return { text: splice(t, k.index + k[0].length, 0, loc), detail: `${n} x ${o}` };
  },
  'huge-dense': (t, r) => {
    // A dense constant of many elements (printed back as a hex blob), or of an odd float type.
    const m = matches(t, /arith\.constant dense<[^>]*> : tensor<([\dx]+)x(\w+)(, #[\w.]+)?>/g);
    if (!m.length) return undefined;
    const k = r.pick(m);
    const n = r.pick([1024, 131072, 200000]);
    const el = r.pick([k[2]!, 'i32', 'f16', 'f128', 'f80', 'i1', 'i7']);
    // Literals of the element's kind (MLIR rejects decimal integers for floats), so the constant reaches the passes.
    const isFloat = /^(f|bf|tf)\d/.test(el);
    const lit1 = (i: number): string => (isFloat ? `${i % 5}.0` : el === 'i1' ? String(i % 2 === 0) : String(i % 5));
    const vals = r.chance(0.5) ? Array.from({ length: n }, (_, i) => lit1(i)).join(', ') : isFloat ? r.pick(['0xFF800000', '0x7FC00000', '1.5', '-0.0']) : r.pick(['0', '-1', '1', 'true']);
    const lit = vals.includes(',') ? `[${vals}]` : vals;
    return { text: splice(t, k.index, k[0].length, `arith.constant dense<${lit}> : tensor<${vals.includes(',') ? n : k[1]}x${el}${k[3] ?? ''}>`), detail: `${n} x ${el}` };
  },
  'big-layout': (t, r) => {
    // Absurd but verifiable layout sizes and element widths.
    const choice = r.int(3);
    if (choice === 0) {
      const m = matches(t, /sizePerThread = \[(\d+)/g);
      if (!m.length) return undefined;
      const k = r.pick(m);
      const to = r.pick(['1024', '8192', '65536']);
      return { text: splice(t, k.index + 'sizePerThread = ['.length, k[1]!.length, to), detail: `sizePerThread ${to}` };
    }
    const m = matches(t, /(?<=x)(i32|f32|f16|i8|i64)(?=[,>])/g);
    if (!m.length) return undefined;
    const to = r.pick(['i128', 'f128', 'i1000000', 'i4096', 'i24', 'f80', 'none', 'tensor<4xf32>', '!llvm.struct<(i32, f32)>', 'index']);
    if (choice === 1) return { text: t.replace(new RegExp(`(?<=x)${r.pick(m)[0]}(?=[,>])`, 'g'), to), detail: `elements -> ${to}` };
    const k = r.pick(m);
    return { text: splice(t, k.index, k[0].length, to), detail: `element -> ${to}` };
  },
  'odd-layout': (t, r) => {
    // A layout alias replaced by a distributed / shared layout with zero or odd parameters, or a CGA layout.
    const m = matches(t, /^(#[\w$-]+) = (#ttg\.[\w_]+<.*>)$/gm);
    if (!m.length) return undefined;
    const k = r.pick(m);
    const to = r.pick([
      '#ttg.amd_wmma<{version = 2, warpsPerCTA = [1, 0]}>',
      '#ttg.amd_mfma<{version = 3, warpsPerCTA = [0, 4], instrShape = [32, 32, 8], isTransposed = true}>',
      '#ttg.nvidia_mma<{versionMajor = 2, warpsPerCTA = [2, 0]}>',
      '#ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16], CGALayout = [[1, 0]]}>',
      '#ttg.nvidia_mma<{versionMajor = 2, bogus = 7}>',
      '#ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[1, 0]]}>',
      '#ttg.swizzled_shared<{vec = 4, perPhase = 1, maxPhase = 8, order = [1, 0], CGALayout = [[1, 0], [0, 1]]}>',
      '#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, CGALayout = [[1, 0]]}>',
      '#ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 8, CGALayout = [[1, 0], [2, 0], [4, 0]]}>',
    ]);
    return { text: splice(t, k.index + k[1]!.length + 3, k[2]!.length, to), detail: `${k[1]} := ${to.slice(0, 40)}` };
  },
  'non-ascii': (t, r) => {
    // Non-ASCII characters inside a string literal or an attribute name (printed back as \XX escapes).
    const m = matches(t, /"[^"\\\n]*"/g);
    if (!m.length) return undefined;
    const k = r.pick(m);
    const ch = r.pick(['\u2028', '\u202e', '\u200b', 'é', '\u{1F600}', '\\FF', '\\E2\\80', '\\22', '\\\\', '\\0A']);
    const at = k.index + 1 + r.int(k[0].length - 1);
    return { text: splice(t, at, 0, ch), detail: `${JSON.stringify(ch)} at ${at}` };
  },
  'drop-encoding': (t, r) => {
    // Tensor types without their encoding (TTIR-style tensors in TTGIR, or into the lowering).
    const re = /(tensor<[^<>]*?(?:<[^<>]*>[^<>]*?)*?), (#[\w.$-]+(?:<[^>]*>)?)>/g;
    const m = matches(t, re);
    if (!m.length) return undefined;
    if (r.chance(0.5)) return { text: t.replace(re, '$1>'), detail: `all ${m.length}` };
    const k = r.pick(m);
    return { text: splice(t, k.index, k[0].length, `${k[1]}>`), detail: `${k[2]} at ${k.index}` };
  },
  'split-markers': (t, r) => {
    // `// -----` separators (ttg-opt gets -split-input-file for these): empty chunks, chunks of one line, a marker
    // at the very start or end, or markers glued to other text.
    const lines = t.split('\n');
    const choice = r.int(5);
    if (choice === 0) return { text: '// -----\n' + t, detail: 'at start' };
    if (choice === 1) return { text: t + '\n// -----\n', detail: 'at end' };
    if (choice === 2) return { text: r.pick(['', '\n', '// -----', '// -----\n// -----', ' ', r.pick(lines)]), detail: 'whole input' };
    const i = r.int(lines.length + 1);
    const marker = r.pick(['// -----', '// -----\n// -----', '//-----', '// ----- extra', '// -----\r']);
    return { text: [...lines.slice(0, i), marker, ...lines.slice(i)].join('\n'), detail: `${JSON.stringify(marker)} before line ${i + 1}` };
  },
  'one-line': (t, r) => {
    // The input on a single line, or one line of it, or nothing.
    const choice = r.int(3);
    if (choice === 0) return { text: joinLines(t.replace(/\/\/[^\n]*/g, '')), detail: 'joined' };
    if (choice === 1) return { text: r.pick(t.split('\n')), detail: 'one line' };
    return { text: r.pick(['', ' ', '\n', '\n\n\n', '\t', '\ufeff', 'module {}', '}', '{']), detail: 'tiny' };
  },
  'long-line': (t, r) => {
    // A megabyte-long line (whitespace, a string, a comment), then an error after it: diagnostics keep line:col.
    const at = r.int(t.length + 1);
    const n = r.pick([100_000, 1_000_000, 3_000_000]);
    const fill = r.pick([' '.repeat(n), `"${'x'.repeat(n)}"`, `// ${'y'.repeat(n)}\n`, '('.repeat(Math.min(n, 200_000))]);
    return { text: splice(t, at, 0, fill + (r.chance(0.5) ? ' %bad = ' : '')), detail: `${fill.length} chars at ${at}` };
  },
  'func-attrs': (t, r) => {
    // Odd function and argument attributes (llvm.func and tt.func: the lowering and AxisInfo read them).
    const m = matches(t, /(llvm\.func|tt\.func)( \w+)? @[\w$.-]+\(/g);
    if (!m.length) return undefined;
    const k = r.pick(m);
    const attr = r.pick([
      'nvvm.kernel = 1 : ui1', 'nvvm.kernel = "x"', 'nvvm.reqntid = array<i32: 0>', 'nvvm.reqntid = array<i32>', 'nvvm.maxntid = array<i32: 128, 1, 1, 1>',
      '"ttg.global_scratch_memory_size" = -1 : i32', 'noinline = 3 : i32', 'noinline', 'tt.divisibility = 0 : i32', 'tt.divisibility = "x"',
      'tt.contiguity = 3 : i32', 'tt.constancy = dense<[1, 2]> : tensor<2xi32>', 'llvm.noalias = 1 : i32', 'sym_visibility = "nested"', 'passthrough = [["a", "b"]]',
      'function_type = (i32) -> ()', 'llvm.emit_c_interface', 'tt.nv_tma_desc = 1 : i32', 'tt.pointer_range = 64 : i32', 'arg_attrs = [{}]',
    ]);
    // After the signature's closing parenthesis (of the argument list, skipping the results), or on an argument.
    const open = k.index + k[0].length;
    let depth = 1;
    let i = open;
    while (i < t.length && depth > 0) {
      if (t[i] === '(') depth++;
      else if (t[i] === ')') depth--;
      i++;
    }
    if (r.chance(0.4)) {
      const argEnd = /%[\w$.-]+: [^,)]*?(?= \{|,|\))/.exec(t.slice(open, i));
      if (argEnd) {
        const at = open + argEnd.index + argEnd[0].length;
        const hasDict = t[at] === ' ' && t[at + 1] === '{';
        return { text: hasDict ? splice(t, at + 2, 0, `${attr}, `) : splice(t, at, 0, ` {${attr}}`), detail: `arg ${attr}` };
      }
    }
    const rest = t.slice(i, i + 400);
    const dict = /^[^{\n]*?attributes \{/.exec(rest);
    if (dict) return { text: splice(t, i + dict[0].length, 0, `${attr}, `), detail: attr };
    const body = /^[^{\n]*?(?= \{|$)/m.exec(rest);
    const at = i + (body ? body[0].length : 0);
    return { text: splice(t, at, 0, ` attributes {${attr}}`), detail: attr };
  },
  'external-func': (t, r) => {
    // A function declaration (no body), called or not; or a function with its body removed.
    const m = matches(t, /^(\s*)(tt\.func|llvm\.func)( public| private)? (@[\w$.-]+)/gm);
    if (!m.length) return undefined;
    const k = r.pick(m);
    const kind = k[2]!;
    if (r.chance(0.5)) {
      const decl = kind === 'tt.func' ? r.pick(['tt.func private @ext(i32) -> i32', 'tt.func @ext(!tt.ptr<f32>)', 'tt.func public @ext()', 'tt.func private @ext(tensor<4xf32>) -> tensor<4xf32>']) : r.pick(['llvm.func @ext(i32) -> i32', 'llvm.func @ext()', 'llvm.func external @ext(!llvm.ptr)']);
      const call = kind === 'tt.func' ? '\n    %ext_r = tt.call @ext(%c_ext) : (i32) -> i32' : '\n    %ext_r = llvm.call @ext(%c_ext) : (i32) -> i32';
      const ret = matches(t, /\n(\s+)(tt\.return|llvm\.return)\b/g);
      let text = splice(t, k.index, 0, `\n${k[1]!.replace(/\n/g, '')}${decl}`);
      if (ret.length && r.chance(0.5)) {
        const at = r.pick(matches(text, /\n(\s+)(tt\.return|llvm\.return)\b/g));
        const cst = kind === 'tt.func' ? '\n    %c_ext = arith.constant 1 : i32' : '\n    %c_ext = llvm.mlir.constant(1 : i32) : i32';
        text = splice(text, at.index, 0, cst + call);
      }
      return { text, detail: decl };
    }
    // Drop the body: from the function's `{` to its matching `}`.
    const bodyAt = t.indexOf('{', t.indexOf(')', k.index));
    if (bodyAt < 0) return undefined;
    let depth = 0;
    let i = bodyAt;
    for (; i < t.length; i++) {
      if (t[i] === '{') depth++;
      else if (t[i] === '}' && --depth === 0) break;
    }
    return { text: t.slice(0, bodyAt) + t.slice(i + 1), detail: `no body for ${k[4]}` };
  },
  'unknown-key': (t, r) => {
    // An unknown or empty key in a layout's parameters or an attribute dictionary.
    const m = matches(t, /(#ttg\.[\w_]+<\{|#ttng\.[\w_]+<\{|attributes \{|\{(?=\w+ = ))/g);
    if (!m.length) return undefined;
    const k = r.pick(m);
    const key = r.pick(['bogus = 7', '"" = 2', 'warpsPerCTA = [1]', 'order = [0]', 'CTAsPerCGA = [1, 1]', 'x = #ttg.shared_memory', '"a b" = 1', '_ = unit']);
    const at = k.index + k[0].length;
    return { text: splice(t, at, 0, `${key}, `), detail: `${key} in ${k[0]}` };
  },
  'cga-layout': (t, r) => {
    // A CGA layout (bases of the block dimension) added to a layout, as multi-CTA code has.
    const m = matches(t, /(#ttg\.(?:blocked|nvidia_mma|swizzled_shared|nvmma_shared|amd_mfma|linear|padded_shared)<\{[^\n]*?)(\}>)/g);
    if (!m.length) return undefined;
    const k = r.pick(m);
    const cga = r.pick(['[[1, 0]]', '[[0, 1]]', '[[1, 0], [0, 1]]', '[[0]]', '[[1]]', '[[2, 0]]', '[[1, 0], [1, 0]]', '[]', '[[0, 0]]']);
    const at = k.index + k[1]!.length;
    return { text: splice(t, at, 0, `, CGALayout = ${cga}`), detail: `CGALayout = ${cga}` };
  },
  'byte-flip': (t, r) => {
    // Bit flips in a few characters (byte-level damage that mostly stays in ASCII).
    const chars = [...t];
    if (!chars.length) return undefined;
    const at: number[] = [];
    for (let i = 1 + r.int(4); i > 0; i--) {
      const j = r.int(chars.length);
      chars[j] = String.fromCharCode(chars[j]!.charCodeAt(0) ^ (1 << r.int(7)));
      at.push(j);
    }
    return { text: chars.join(''), detail: `at ${at.join(',')}` };
  },
  'crlf-tabs': (t, r) => {
    const choice = r.int(3);
    if (choice === 0) return { text: t.replace(/\n/g, '\r\n'), detail: 'CRLF' };
    if (choice === 1) return { text: t.replace(/^ +/gm, (m) => '\t'.repeat(m.length)), detail: 'tabs' };
    return { text: '\ufeff' + t, detail: 'BOM' };
  },
};

/** Mutators by weight: the semantic ones that survive the parser reach the verifiers and passes. */
const WEIGHTS: Record<string, number> = { 'odd-layout': 2, 'big-layout': 2, 'non-ascii': 2, 'swap-attr-value': 3, 'layout-number': 4, 'swap-alias-use': 2, 'swap-type': 2, 'tensor-shape': 2, 'drop-attr': 2, 'swap-alias-def': 2, 'linear-basis': 2, 'module-attr': 2, 'attr-number': 2 };
export const MUTATOR_NAMES = Object.keys(MUTATORS).flatMap((n) => Array<string>(WEIGHTS[n] ?? 1).fill(n));

export interface Mutant {
  index: number;
  seed: string;
  ops: string[];
  text: string;
  args: string[];
}

/** Mutation `index` of a sweep: picks a corpus file, one to three mutations and a pass set, all from `seed`. */
/**
 * The lines of `t` joined by single spaces, the whitespace around each line break dropped. (A regular expression
 * for "spaces, a line break, spaces" takes quadratic time on a megabyte of spaces without a line break: a mutant
 * of a mutant hung there.)
 */
function joinLines(t: string): string {
  const lines = t.split('\n');
  const out: string[] = [];
  lines.forEach((l, i) => {
    const s = (i > 0 ? l.trimStart() : l).trimEnd();
    if (i === lines.length - 1) out.push(i > 0 ? l.trimStart() : l);
    else if (s !== '' || i === 0) out.push(s);
  });
  return out.join(' ');
}

export function makeMutant(corpus: readonly Seed[], seed: number, index: number, pipeline?: number): Mutant {
  const r = new Rng(mutationSeed(seed, index));
  const s = r.pick(corpus);
  let text = s.text;
  const ops: string[] = [];
  const count = r.chance(0.75) ? 1 : 2 + r.int(2);
  for (let tries = 0; ops.length < count && tries < 20; tries++) {
    const name = r.pick(MUTATOR_NAMES);
    if (process.env['TTG_FUZZ_TRACE']) process.stderr.write(`mutating ${s.name} with ${name} (${text.length} chars)\n`);
    const res = MUTATORS[name]!(text, r);
    if (!res || res.text === text) continue;
    text = res.text;
    ops.push(`${name}(${res.detail})`);
  }
  const args = [...(pipeline === undefined ? r.pick(s.passSets) : PIPELINES[pipeline]!)];
  // Split markers and tiny inputs are run with --split-input-file most of the time (its own stream of numbers, so
  // the mutations above do not depend on it).
  if (ops.some((o) => /^(split-markers|one-line)\(/.test(o)) && new Rng(mutationSeed(seed ^ 0x5eed, index)).chance(0.75)) args.unshift('--split-input-file');
  return { index, seed: s.name, ops, text, args };
}

// ---- classification ------------------------------------------------------------------------------

export type Outcome = { kind: 'ok' } | { kind: 'error' } | { kind: 'mlir-roundtrip-gap' } | { kind: 'bug'; cls: string; excerpt: string };

export interface RunRecord {
  exitCode: number;
  stdout: string;
  stderr: string;
  /** CPU milliseconds the run took. */
  ms: number;
  /** Length of the output (stdout or the -o file); `stdout` itself may be cut short. */
  outBytes?: number;
  /** The -o file exists after the run (only when -o was used). */
  wroteOutput?: boolean;
  /** An exception escaped the driver. */
  thrown?: string;
  /** Milliseconds the unmutated corpus file took with the same flags (a slow valid input is not a hang). */
  baselineMs?: number;
  /** The run had --split-input-file: chunks that pass print their output beside the errors of the others (as MLIR). */
  split?: boolean;
  /** The output of a successful run did not read back (`fails`) or printed differently when it did (`differs`). */
  reparse?: { kind: 'fails' | 'differs'; detail: string };
  /**
   * Ops may have no file position: the input names `loc(unknown)`, or a pass ran (MLIR's constant folder gives a
   * constant it merged with another one of a different location `loc(unknown)`). MLIR reports such an op as
   * `<unknown>:0:`.
   */
  unknownLoc?: boolean;
}

export const TIME_LIMIT_MS = 5000;
/** Bytes of output per CPU millisecond above which a slow run is busy printing a big (valid) program. */
const OUTPUT_RATE = 2000;
/** The first line of each diagnostic: `file:line:col: error: message`. */
const DIAG_HEAD = /^([^\n]*):(\d+):(\d+): (error|warning|note|remark): ([^\n]*)$/;
/** A diagnostic at an unknown location, as MLIR prints it. */
const UNKNOWN_DIAG_HEAD = /^<unknown>:0: (error|warning|note|remark): ([^\n]*)$/;
/** Text of JavaScript failures, never in a diagnostic of ours. */
const INTERNAL = [
  /internal error/i,
  /\b(TypeError|RangeError|ReferenceError|SyntaxError|EvalError|AggregateError)\b/,
  /Cannot read propert|Cannot set propert|is not a function|is not iterable|is not a constructor|is not defined|Cannot convert|Cannot access|Invalid array length|Invalid string length|Maximum call stack|out of memory|Unexpected token|Do not know how to serialize/,
  /\[object Object\]|\bNaN\b|\bInfinity\b/,
  /(?<!an |alias id ')\bundefined\b(?! block| symbol)/,
  /\bnull\b/,
];
/**
 * Output that MLIR itself (Triton 3.6's wheel) prints and then cannot read back, so ttg-opt, printing what Triton
 * prints, cannot either: an `llvm.func` declaration whose `!llvm.func` type has a non-LLVM parameter (`index`)
 * verifies (LLVMFunctionType only rules out void and function parameters) and prints as `llvm.func @f(index)`,
 * which the custom parser refuses ("failed to construct function type").
 */
const MLIR_ROUNDTRIP_GAPS = [/failed to construct function type: expected LLVM type for function arguments and results/];
const STACK_FRAME = /^\s+at .+(\(.*:\d+:\d+\)|:\d+:\d+)$/m;

/** Classifies one run. Malformed input must give exit 1, located diagnostics only, and no output. */
export function classify(r: RunRecord): Outcome {
  const bug = (cls: string, excerpt: string): Outcome => ({ kind: 'bug', cls, excerpt: excerpt.slice(0, 400) });
  if (r.thrown !== undefined) return bug('uncaught-exception', r.thrown);
  // Slow is a BUG unless the unmutated file is about as slow, or the time went into a huge output (a layout with
  // thousands of registers per thread is valid, and lowers to that many instructions in Triton too).
  // Output refused for its size (`output too large: the printed IR would have N characters`) was produced too.
  const refused = /output too large: the printed IR would have (\d+) characters/.exec(r.stderr);
  const bytesPerMs = Math.max(r.outBytes ?? r.stdout.length, refused ? Number(refused[1]) : 0) / Math.max(r.ms, 1);
  if (r.ms > TIME_LIMIT_MS && r.ms > 4 * (r.baselineMs ?? 0) && bytesPerMs < OUTPUT_RATE) {
    return bug('timeout', `${Math.round(r.ms)} ms (unmutated: ${Math.round(r.baselineMs ?? 0)} ms, output ${r.outBytes ?? r.stdout.length} bytes)`);
  }
  if (STACK_FRAME.test(r.stderr)) return bug('stack-trace', r.stderr);
  // Only the diagnostic heads are inspected: the echoed source line is user text.
  // Unknown locations count as located where the input asked for them (`loc(unknown)`).
  const lines = r.stderr.split('\n').map((l) => (r.unknownLoc ? l.replace(UNKNOWN_DIAG_HEAD, '<unknown>:0:0: $1: $2') : l));
  const heads = lines.filter((l) => DIAG_HEAD.test(l));
  for (const h of heads) {
    const msg = DIAG_HEAD.exec(h)![5]!;
    const quoted = msg.replace(/'[^']*'/g, "''").replace(/"[^"]*"/g, '""');
    for (const re of INTERNAL) if (re.test(quoted)) return bug(`internal-text: ${messageShape(msg)}`, h);
  }
  const errorHeads = heads.filter((h) => DIAG_HEAD.exec(h)![4] === 'error');
  if (r.exitCode === 0) {
    if (errorHeads.length) return bug('error-with-exit-0', errorHeads[0]!);
    if (r.reparse?.kind === 'fails' && MLIR_ROUNDTRIP_GAPS.some((re) => re.test(r.reparse!.detail))) return { kind: 'mlir-roundtrip-gap' };
    if (r.reparse?.kind === 'fails') return bug(`reparse-fails: ${messageShape(r.reparse.detail.replace(/^.*? error: /, ''))}`, r.reparse.detail);
    if (r.reparse) return bug('reparse-differs', r.reparse.detail);
    return { kind: 'ok' };
  }
  if (r.exitCode !== 1) return bug(`exit-${r.exitCode}: ${messageShape(r.stderr)}`, r.stderr);
  if (!errorHeads.length) return bug('unlocated-error', r.stderr);
  const other = lines.find((l) => /\berror\b/.test(l) && !DIAG_HEAD.test(l) && /^\S/.test(l) && !/^\s*\^/.test(l));
  if (other && /^ttg-opt:/.test(other)) return bug('unlocated-error', other);
  if (r.stdout.length && !r.split) return bug('output-with-error', r.stdout.slice(0, 200));
  if (r.wroteOutput) return bug('partial-output-file', errorHeads[0]!);
  return { kind: 'error' };
}

/** A message reduced to its shape (quoted text and numbers blanked, truncated), to group BUGs by cause. */
function messageShape(text: string): string {
  const line = text.split('\n')[0]!.replace(/^.*?internal error: /, '');
  return line.replace(/'[^']*'/g, "'_'").replace(/"[^"]*"/g, '"_"').replace(/\d+/g, 'N').slice(0, 70);
}

/** A short class name for reports. */
export function outcomeClass(o: Outcome): string {
  return o.kind === 'bug' ? o.cls : o.kind;
}
