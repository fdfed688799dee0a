// Linear-layout micro-benchmarks: LinearLayout compose / invertAndCompose / pseudoinvert on typical 2-D layouts
// (bases taken from Triton's own toLinearLayout results in ../shared/golden/layouts.jsonl), and toLinearLayout
// (dialect/ttg) on the same encodings once it exists (found by a dynamic import, since its module is being written).
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Type } from '../dialect/ir/type.js';
import '../dialect/index.js';
import { LinearLayout } from '../dialect/linear-layout/linear-layout.js';
import { Parser } from '../parser/parser.js';
import { readText, sharedDir } from '../golden/common.js';
import { type BenchResult, microsPerOp } from './util.js';

type Bases = readonly (readonly number[])[];

interface LayoutRecord {
  family: string;
  aliases: string[];
  encoding: string;
  shape: number[];
  linear: Record<string, Bases>;
}

/** The first layout of each family with the given shape (or the first 2-D one of that family). */
export function pickLayouts(families: readonly string[], shape: readonly number[]): Map<string, LayoutRecord> {
  const file = join(sharedDir(), 'golden', 'layouts.jsonl');
  const out = new Map<string, LayoutRecord>();
  const fallback = new Map<string, LayoutRecord>();
  if (!existsSync(file)) return out;
  for (const line of readText(file).split('\n')) {
    if (line.trim() === '') continue;
    const r = JSON.parse(line) as LayoutRecord;
    if (!families.includes(r.family) || out.has(r.family)) continue;
    if (r.shape.length === shape.length && r.shape.every((s, i) => s === shape[i])) out.set(r.family, r);
    else if (r.shape.length === 2 && !fallback.has(r.family)) fallback.set(r.family, r);
  }
  for (const [f, r] of fallback) if (!out.has(f)) out.set(f, r);
  return out;
}

const IN_DIMS = ['register', 'lane', 'warp', 'block'];

function toLL(r: LayoutRecord): LinearLayout {
  const bases: [string, Bases][] = IN_DIMS.map((d) => [d, r.linear[d] ?? []]);
  return LinearLayout.fromBasesWithSizes(
    bases,
    r.shape.map((s, i) => [`dim${i}`, s] as const),
  );
}

/** Finds a module under dialect/ttg exporting `toLinearLayout` (its file name is not fixed yet). */
async function findToLinearLayout(): Promise<((...args: unknown[]) => unknown) | undefined> {
  const dir = new URL('../dialect/ttg/', import.meta.url);
  const root = dir.pathname;
  if (!existsSync(root)) return undefined;
  const files: string[] = [];
  const walk = (d: string): void => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.isDirectory()) walk(join(d, e.name));
      else if (/\.(js|ts)$/.test(e.name) && !e.name.endsWith('.d.ts')) files.push(join(d, e.name));
    }
  };
  walk(root);
  // Likely names first, to avoid importing everything.
  files.sort((a, b) => Number(!/linear/i.test(a)) - Number(!/linear/i.test(b)) || a.localeCompare(b));
  for (const f of files) {
    try {
      const m = (await import(pathToFileURL(f).href)) as Record<string, unknown>;
      if (typeof m['toLinearLayout'] === 'function') return m['toLinearLayout'] as (...args: unknown[]) => unknown;
    } catch {
      // a module in flux: skip it
    }
  }
  return undefined;
}

/** The tensor type `tensor<shape x f32, encoding>` parsed with the record's aliases. */
function tensorTypeOf(r: LayoutRecord): Type | undefined {
  const src = `${r.aliases.join('\n')}\nmodule {\n  %0 = "bench.t"() : () -> tensor<${r.shape.join('x')}xf32, ${r.encoding}>\n}\n`;
  const m = new Parser(src, { allowUnregistered: true }).parseModule();
  let t: Type | undefined;
  m.walk((op) => {
    if (op.name === 'bench.t') t = op.results[0]?.type;
  });
  return t;
}

export async function runLinearLayoutBench(): Promise<BenchResult[]> {
  const out: BenchResult[] = [];
  const fams = ['blocked', 'mma_v2', 'mma_v3', 'dot_op_mma_v2', 'slice'];
  const recs = pickLayouts(fams, [64, 64]);
  const lls = new Map<string, LinearLayout>();
  for (const [f, r] of recs) {
    try {
      lls.set(f, toLL(r));
    } catch (e) {
      out.push({ name: `LinearLayout ${f}`, value: null, unit: 'µs/op', error: e instanceof Error ? e.message.split('\n')[0] : String(e) });
    }
  }
  const time = (name: string, fn: () => unknown, detail?: string): void => {
    try {
      fn();
      out.push({ name, value: microsPerOp(fn), unit: 'µs/op', ...(detail ? { detail } : {}) });
    } catch (e) {
      out.push({ name, value: null, unit: 'µs/op', error: e instanceof Error ? e.message.split('\n')[0] : String(e) });
    }
  };
  const blocked = lls.get('blocked');
  const mma = lls.get('mma_v2');
  const shapeOf = (f: string): string => recs.get(f)?.shape.join('x') ?? '?';
  if (blocked && mma && shapeOf('blocked') === shapeOf('mma_v2')) {
    time('invertAndCompose blocked→mma v2', () => blocked.invertAndCompose(mma), shapeOf('blocked'));
    time('invertAndCompose mma v2→blocked', () => mma.invertAndCompose(blocked), shapeOf('blocked'));
  }
  const dot = lls.get('dot_op_mma_v2');
  if (blocked && dot && shapeOf('blocked') === shapeOf('dot_op_mma_v2')) {
    time('invertAndCompose blocked→dot_op', () => blocked.invertAndCompose(dot), shapeOf('blocked'));
  }
  if (blocked) {
    // A transposition of the tensor dims, composed after the layout (dim0, dim1) → (dim1, dim0).
    const [r0, r1] = recs.get('blocked')!.shape;
    const transpose = LinearLayout.identity1D(r0!, 'dim0', 'dim1').mul(LinearLayout.identity1D(r1!, 'dim1', 'dim0'));
    time('compose blocked ∘ transpose', () => blocked.compose(transpose), shapeOf('blocked'));
    time('pseudoinvert blocked', () => blocked.pseudoinvert(), shapeOf('blocked'));
  }
  if (mma) time('pseudoinvert mma v2', () => mma.pseudoinvert(), shapeOf('mma_v2'));
  const v3 = lls.get('mma_v3');
  if (v3) time('pseudoinvert mma v3', () => v3.pseudoinvert(), shapeOf('mma_v3'));

  const toLinearLayout = await findToLinearLayout();
  if (!toLinearLayout) {
    out.push({ name: 'toLinearLayout', value: null, unit: 'µs/op', error: 'dialect/ttg toLinearLayout not there yet' });
    return out;
  }
  for (const [f, r] of recs) {
    let type: Type | undefined;
    try {
      type = tensorTypeOf(r);
    } catch (e) {
      out.push({ name: `toLinearLayout ${f}`, value: null, unit: 'µs/op', error: `parse: ${e instanceof Error ? e.message.split('\n')[0] : String(e)}` });
      continue;
    }
    const t = type as { shape?: readonly number[]; encoding?: unknown } | undefined;
    // Triton has both toLinearLayout(type) and toLinearLayout(shape, layout); try the first, then the second.
    const call1 = (): unknown => toLinearLayout(t);
    const call2 = (): unknown => toLinearLayout(t?.shape, t?.encoding);
    let fn: (() => unknown) | undefined;
    for (const c of [call1, call2]) {
      try {
        if (c() !== undefined) {
          fn = c;
          break;
        }
      } catch {
        // wrong signature; try the next
      }
    }
    if (fn) time(`toLinearLayout ${f}`, fn, r.shape.join('x'));
    else out.push({ name: `toLinearLayout ${f}`, value: null, unit: 'µs/op', error: 'toLinearLayout failed on this encoding' });
  }
  return out;
}
