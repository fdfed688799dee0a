/**
 * TIRx TileLayouts (`S[(8,4):(4@laneid,1)] + R[2:1@warpid] + O`) to and from linear layouts.
 *
 * A TileLayout maps a logical element to hardware coordinates: the row-major flat index is split over the shard
 * iters (outermost first), each component times its stride lands on the iter's axis, every replica iter adds
 * `r * stride` to its axis (one copy per r), and a constant offset is added. When every extent and non-zero stride
 * is a power of two and no two iters put bits on the same axis bit, that map is linear over GF(2) and its inverse
 * is a LinearLayout from hardware bits (axes `m` → register, `laneid` → lane, `warpid` → warp, `cta` → block) to
 * the logical dims: shard bits map to their tensor bit, replica bits to zero, unused axis bits (below the
 * highest used one) to zero: TIRx leaves those hardware points empty, a LinearLayout (total on its in-dims)
 * makes them hold copies. A non-zero offset is not linear and is rejected.
 *
 * The way back needs every basis to be zero or a single tensor bit, each tensor bit reached by one hardware bit;
 * consecutive bits on one axis merge into one iter, and zero bases become replica iters.
 */
import { LinearLayout, LinearLayoutError } from './linear-layout.js';

/** One iter: `extent:stride@axis`. */
export interface TileIter {
  extent: number;
  stride: number;
  axis: string;
}

export interface TileLayout {
  shard: TileIter[];
  replica: TileIter[];
  /** The constant offset per axis (absent axes are 0). */
  offset: Record<string, number>;
}

export class TileLayoutError extends Error {}

/** Our in-dim for each TIRx axis, and back. */
export const AXIS_TO_DIM: Readonly<Record<string, string>> = { m: 'register', laneid: 'lane', warpid: 'warp', cta: 'block' };
const DIM_TO_AXIS: Readonly<Record<string, string>> = { register: 'm', offset: 'm', lane: 'laneid', warp: 'warpid', block: 'cta' };
const DIM_ORDER = ['register', 'lane', 'warp', 'block'];

function log2Exact(x: number, what: string): number {
  if (!Number.isInteger(x) || x < 1 || (x & (x - 1)) !== 0) throw new TileLayoutError(`${what} ${x} is not a power of two`);
  return Math.log2(x);
}

// ---- text ---------------------------------------------------------------------------------------------

function splitTop(text: string, sep: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let cur = '';
  for (const c of text) {
    if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    if (c === sep && depth === 0) {
      out.push(cur);
      cur = '';
    } else cur += c;
  }
  out.push(cur);
  return out.map((s) => s.trim());
}

function parseInt10(s: string, what: string): number {
  if (!/^-?\d+$/.test(s.trim())) throw new TileLayoutError(`expected an integer ${what}, got '${s.trim()}'`);
  return Number(s.trim());
}

/** A stride term: `4@laneid` or `1` (the memory axis m). */
function parseTerm(s: string): { value: number; axis: string } {
  const [v, axis, extra] = s.split('@').map((x) => x.trim());
  if (extra !== undefined) throw new TileLayoutError(`bad term '${s.trim()}'`);
  if (axis !== undefined && !/^[A-Za-z_]\w*$/.test(axis)) throw new TileLayoutError(`bad axis in '${s.trim()}'`);
  return { value: parseInt10(v!, 'stride'), axis: axis ?? 'm' };
}

/** `(8,2):(4@laneid,1)` or `8:4@laneid` */
function parseIters(body: string): TileIter[] {
  const parts = splitTop(body, ':');
  if (parts.length !== 2) throw new TileLayoutError(`expected 'extents:strides', got '${body.trim()}'`);
  const unwrap = (s: string): string[] => (s.startsWith('(') && s.endsWith(')') ? splitTop(s.slice(1, -1), ',') : [s]);
  const extents = unwrap(parts[0]!).map((e) => parseInt10(e, 'extent'));
  const strides = unwrap(parts[1]!).map(parseTerm);
  if (extents.length !== strides.length) throw new TileLayoutError(`${extents.length} extents but ${strides.length} strides in '${body.trim()}'`);
  return extents.map((extent, i) => ({ extent, stride: strides[i]!.value, axis: strides[i]!.axis }));
}

/** Parses `S[...] + R[...] + 5@warpid` (R and offsets optional; `O` alone stands for a zero offset). */
export function parseTileLayout(text: string): TileLayout {
  const layout: TileLayout = { shard: [], replica: [], offset: {} };
  let sawShard = false;
  for (const raw of splitTop(text, '+')) {
    const t = raw.trim();
    if (t === '') throw new TileLayoutError(`empty term in '${text.trim()}'`);
    const m = /^([SDR])\[(.*)\]$/s.exec(t);
    if (m) {
      const iters = parseIters(m[2]!);
      if (m[1] === 'R') layout.replica.push(...iters);
      else {
        if (sawShard) throw new TileLayoutError('more than one shard S[...]');
        sawShard = true;
        layout.shard.push(...iters);
      }
    } else if (t === 'O') continue;
    else {
      const { value, axis } = parseTerm(t);
      layout.offset[axis] = (layout.offset[axis] ?? 0) + value;
    }
  }
  if (!sawShard) throw new TileLayoutError('no shard S[...]');
  return layout;
}

function itersText(iters: readonly TileIter[]): string {
  const term = (it: TileIter): string => (it.axis === 'm' ? `${it.stride}` : `${it.stride}@${it.axis}`);
  if (iters.length === 1) return `${iters[0]!.extent}:${term(iters[0]!)}`;
  return `(${iters.map((i) => i.extent).join(',')}):(${iters.map(term).join(',')})`;
}

/** The TIRx text of a layout. */
export function formatTileLayout(l: TileLayout): string {
  const parts = [`S[${itersText(l.shard)}]`];
  if (l.replica.length) parts.push(`R[${itersText(l.replica)}]`);
  for (const [axis, v] of Object.entries(l.offset)) if (v !== 0) parts.push(axis === 'm' ? `${v}` : `${v}@${axis}`);
  return parts.join(' + ');
}

// ---- semantics ------------------------------------------------------------------------------------------

/** The hardware coordinates of logical element `coord` of `shape` (TIRx's four steps; one map per copy). */
export function evaluateTileLayout(l: TileLayout, shape: readonly number[], coord: readonly number[]): Record<string, number>[] {
  let flat = 0;
  coord.forEach((x, d) => (flat = flat * shape[d]! + x));
  const base: Record<string, number> = { ...l.offset };
  let rest = flat;
  for (let k = l.shard.length - 1; k >= 0; k--) {
    const it = l.shard[k]!;
    const c = rest % it.extent;
    rest = Math.floor(rest / it.extent);
    base[it.axis] = (base[it.axis] ?? 0) + c * it.stride;
  }
  let out = [base];
  for (const it of l.replica) {
    const next: Record<string, number>[] = [];
    for (const p of out) for (let r = 0; r < it.extent; r++) next.push({ ...p, [it.axis]: (p[it.axis] ?? 0) + r * it.stride });
    out = next;
  }
  return out;
}

// ---- to a linear layout -----------------------------------------------------------------------------------

/** The linear layout (hardware in-dims → `dim0..`) of a TileLayout on `shape`; throws when it is not linear. */
export function tileLayoutToLinear(l: TileLayout, shape: readonly number[]): LinearLayout {
  for (const [axis, v] of Object.entries(l.offset)) if (v !== 0) throw new TileLayoutError(`the offset ${v}@${axis} is not linear (a linear layout maps 0 to 0)`);
  const shardBits = l.shard.reduce((a, it) => a + log2Exact(it.extent, 'extent'), 0);
  const shapeBits = shape.map((s) => log2Exact(s, 'dimension'));
  const total = shapeBits.reduce((a, b) => a + b, 0);
  if (shardBits !== total) throw new TileLayoutError(`the shard covers ${2 ** shardBits} elements but the shape has ${2 ** total}`);
  // The tensor basis of flat bit f (row-major: the last dim holds the low bits).
  const flatBasis = (f: number): number[] => {
    const b = shape.map(() => 0);
    let lo = 0;
    for (let d = shape.length - 1; d >= 0; d--) {
      if (f < lo + shapeBits[d]!) {
        b[d] = 1 << (f - lo);
        return b;
      }
      lo += shapeBits[d]!;
    }
    throw new TileLayoutError(`flat bit ${f} is outside the shape`);
  };
  const axisBits = new Map<string, Map<number, number[]>>();
  const place = (axis: string, bit: number, basis: number[], what: string): void => {
    if (!(axis in AXIS_TO_DIM)) throw new TileLayoutError(`unknown axis '${axis}' (known: ${Object.keys(AXIS_TO_DIM).join(', ')})`);
    let bits = axisBits.get(axis);
    if (!bits) axisBits.set(axis, (bits = new Map()));
    if (bits.has(bit)) throw new TileLayoutError(`${what} puts a second value on bit ${bit} of ${axis} (their sum is not an XOR)`);
    bits.set(bit, basis);
  };
  let flatLo = 0;
  for (let k = l.shard.length - 1; k >= 0; k--) {
    const it = l.shard[k]!;
    const n = log2Exact(it.extent, 'extent');
    if (n > 0) {
      if (it.stride === 0) throw new TileLayoutError(`shard iter ${it.extent}:0 maps several elements to one place`);
      const q = log2Exact(it.stride, 'stride');
      for (let j = 0; j < n; j++) place(it.axis, q + j, flatBasis(flatLo + j), `shard iter ${it.extent}:${it.stride}@${it.axis}`);
    }
    flatLo += n;
  }
  for (const it of l.replica) {
    const n = log2Exact(it.extent, 'extent');
    if (n === 0) continue;
    if (it.stride === 0) throw new TileLayoutError(`replica iter ${it.extent}:0 repeats one place`);
    const q = log2Exact(it.stride, 'stride');
    for (let j = 0; j < n; j++) place(it.axis, q + j, shape.map(() => 0), `replica iter ${it.extent}:${it.stride}@${it.axis}`);
  }
  const zero = shape.map(() => 0);
  const bases: [string, number[][]][] = [];
  for (const dim of DIM_ORDER) {
    const axis = DIM_TO_AXIS[dim]!;
    const bits = axisBits.get(axis);
    const top = bits ? Math.max(...bits.keys()) + 1 : 0;
    bases.push([dim, Array.from({ length: top }, (_, b) => bits?.get(b) ?? zero)]);
  }
  try {
    return LinearLayout.fromBasesWithSizes(bases, shape.map((s, d) => [`dim${d}`, s] as const), false);
  } catch (e) {
    if (e instanceof LinearLayoutError) throw new TileLayoutError(e.message);
    throw e;
  }
}

// ---- from a linear layout --------------------------------------------------------------------------------

/** The TileLayout of a linear layout whose bases are each zero or one tensor bit, every tensor bit reached once. */
export function linearToTileLayout(ll: LinearLayout): TileLayout {
  const shape = ll.getOutDims().map(([, s]) => s);
  const shapeBits = shape.map((s) => log2Exact(s, 'dimension'));
  // The flat bit (row-major) of a single-bit basis.
  const flatOf = (b: readonly number[]): number | undefined => {
    const nz = b.map((v, d) => [v, d] as const).filter(([v]) => v !== 0);
    if (nz.length !== 1 || (nz[0]![0] & (nz[0]![0] - 1)) !== 0) return undefined;
    const [v, d] = nz[0]!;
    let lo = 0;
    for (let e = shape.length - 1; e > d; e--) lo += shapeBits[e]!;
    return lo + Math.log2(v);
  };
  const byFlat = new Map<number, { axis: string; bit: number }>();
  const replica: TileIter[] = [];
  for (const [dim, bs] of ll.getBases()) {
    const axis = DIM_TO_AXIS[dim];
    if (axis === undefined) throw new TileLayoutError(`in-dim '${dim}' has no TIRx axis`);
    bs.forEach((b, bit) => {
      if (b.every((v) => v === 0)) {
        replica.push({ extent: 2, stride: 2 ** bit, axis });
        return;
      }
      const f = flatOf(b);
      if (f === undefined) throw new TileLayoutError(`${dim} bit ${bit} maps to [${b.join(', ')}], an XOR of several tensor bits (a swizzle): not a TileLayout`);
      if (byFlat.has(f)) throw new TileLayoutError(`two hardware bits map to one tensor bit (${dim} bit ${bit}): not a TileLayout`);
      byFlat.set(f, { axis, bit });
    });
  }
  const total = shapeBits.reduce((a, b) => a + b, 0);
  // Shard iters outermost (high flat bit) first; runs of consecutive bits on one axis merge.
  const shard: TileIter[] = [];
  for (let f = total - 1; f >= 0; f--) {
    const at = byFlat.get(f);
    if (!at) throw new TileLayoutError(`no hardware bit reaches tensor bit ${f} (the layout is not surjective)`);
    const last = shard[shard.length - 1];
    if (last && last.axis === at.axis && last.stride === 2 ** (at.bit + 1)) {
      last.extent *= 2;
      last.stride /= 2;
    } else shard.push({ extent: 2, stride: 2 ** at.bit, axis: at.axis });
  }
  if (shard.length === 0) shard.push({ extent: 1, stride: 1, axis: 'm' });
  // Replica bits: consecutive bits on one axis merge, low first.
  replica.sort((a, b) => (a.axis === b.axis ? a.stride - b.stride : a.axis < b.axis ? -1 : 1));
  const merged: TileIter[] = [];
  for (const r of replica) {
    const last = merged[merged.length - 1];
    if (last && last.axis === r.axis && last.stride * last.extent === r.stride) last.extent *= 2;
    else merged.push({ ...r });
  }
  return { shard, replica: merged, offset: {} };
}
