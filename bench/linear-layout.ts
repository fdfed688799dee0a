// Linear-layout micro-benchmarks: LinearLayout compose / invertAndCompose / pseudoinvert on typical 2-D layouts
// (bases taken from Triton's own toLinearLayout results in ../shared/golden/layouts.jsonl), and toLinearLayout
// (dialect/ttg) on the same encodings: cached (its memo table, as Triton's) and uncached (first calls on new shapes).
import { RankedTensorType, type Type } from '../dialect/ir/type.js';
import type { Attribute } from '../dialect/ir/attribute.js';
import { toLinearLayout } from '../dialect/ttg/to-linear-layout.js';
import '../dialect/index.js';
import { LinearLayout } from '../dialect/linear-layout/linear-layout.js';
import { Parser } from '../parser/parser.js';
import { groundTruth } from '../golden/ground-truth.js';
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
  const out = new Map<string, LayoutRecord>();
  const fallback = new Map<string, LayoutRecord>();
  for (const line of groundTruth().read('golden/layouts.jsonl').split('\n')) {
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

/** The tensor type `tensor<shape x f32, encoding>` parsed with the record's aliases. */
function tensorTypeOf(r: LayoutRecord): Type | undefined {
  const src = `${r.aliases.join('\n')}\nmodule {\n  %0 = "bench.t"() : () -> tensor<${r.shape.join('x')}xf32, ${r.encoding}>\n}\n`;
  const m = new Parser(src, { allowUnregistered: true }).parseModule();
  // The module's only op is the placeholder holding the type.
  return m.region(0).blocks[0]?.ops[0]?.results[0]?.type;
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

  for (const [f, r] of recs) {
    let enc: Attribute | undefined;
    try {
      const t = tensorTypeOf(r);
      enc = t instanceof RankedTensorType ? t.encoding : undefined;
    } catch (e) {
      out.push({ name: `toLinearLayout ${f}`, value: null, unit: 'µs/op', error: `parse: ${e instanceof Error ? e.message.split('\n')[0] : String(e)}` });
      continue;
    }
    if (!enc) continue;
    const layout = enc;
    time(`toLinearLayout ${f} (cached)`, () => toLinearLayout(r.shape, layout), r.shape.join('x'));
    // Uncached: the first call on each of a set of shapes around the record's (each dim ×1/4 … ×4).
    const factors = [0.25, 0.5, 2, 4, 1];
    const shapes: number[][] = [[]];
    for (const d of r.shape) {
      const next: number[][] = [];
      for (const s0 of shapes) for (const k of factors) if (d * k >= 1 && Number.isInteger(d * k)) next.push([...s0, d * k]);
      shapes.splice(0, shapes.length, ...next);
    }
    const misses: number[] = [];
    for (const shape of shapes) {
      if (shape.every((d, i) => d === r.shape[i])) continue; // already cached above
      const t0 = performance.now();
      try {
        toLinearLayout(shape, layout);
      } catch {
        continue; // a shape this layout does not accept
      }
      misses.push((performance.now() - t0) * 1000);
    }
    if (misses.length > 0) {
      misses.sort((x, y) => x - y);
      out.push({ name: `toLinearLayout ${f} (uncached)`, value: misses[Math.floor(misses.length / 2)]!, unit: 'µs/op', detail: `median of first calls on ${misses.length} shapes` });
    }
  }
  return out;
}
