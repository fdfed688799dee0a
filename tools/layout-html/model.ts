/**
 * What the `ttg-layout --html` page shows, computed here and embedded as JSON (the page only renders): for each
 * layout the owners of every tensor element (block/warp/lane/register, or the shared-memory offset), its bases
 * and its GF(2) matrix; for each data movement of a file its line and the numbers `--explain-converts` prints.
 */
import type { Attribute } from '../../dialect/ir/attribute.js';
import type { LinearLayout } from '../../dialect/linear-layout/linear-layout.js';
import { SharedEncodingAttr } from '../../dialect/ttg/attrs/common.js';
import { linearLayoutToJSON, toLinearLayout } from '../../dialect/ttg/to-linear-layout.js';
import { formatCvtExplanation, formatLocalExplanation, type CvtExplanation, type LocalExplanation } from '../../lowering/explain.js';
import type { ExplainedOp } from '../explain-file.js';

/** The most tensor elements one view tabulates (the page draws one cell per element). */
export const MAX_VIEW_ELEMENTS = 1 << 16;

export interface LayoutView {
  id: string;
  /** The encoding as written (alias form when it has one). */
  title: string;
  shape: number[];
  shared: boolean;
  /** The in-dims (register, lane, warp, block, or offset, block) with their sizes. */
  inDims: { name: string; size: number }[];
  /** The bases per in-dim (as `ttg-layout --format json`). */
  bases: Record<string, number[][]>;
  /** One row per output bit (dim, bit), one column per input bit: 0/1. */
  matrix: { rows: string[]; cols: string[]; bits: number[][] };
  /**
   * Per tensor element (row-major), its owners: each an array of in-dim values in `inDims` order. Elements no
   * input reaches have none.
   */
  owners: number[][][];
  error?: string;
}

export interface MovementView {
  line: number | null;
  text: string;
  op: string;
  /** View ids of the source and destination layouts (when the op has them). */
  src?: string;
  dst?: string;
  /** The explanation as text (what `--explain-converts` prints under the op) and as data. */
  explanation: string;
  numbers: Record<string, string | number>;
  error?: string;
}

export interface PageModel {
  title: string;
  views: LayoutView[];
  movements: MovementView[];
}

const IN_LABEL: Record<string, string> = { register: 'r', lane: 't', warp: 'w', block: 'b', offset: 'o' };

function matrixOf(ll: LinearLayout): LayoutView['matrix'] {
  const cols: string[] = [];
  const colBases: (readonly number[])[] = [];
  for (const [d, bs] of ll.getBases()) {
    bs.forEach((b, i) => {
      cols.push(`${IN_LABEL[d] ?? d}${i}`);
      colBases.push(b);
    });
  }
  const rows: string[] = [];
  const bits: number[][] = [];
  ll.getOutDims().forEach(([name, size], dim) => {
    for (let bit = 0; 2 ** bit < size; bit++) {
      rows.push(`${name}[${bit}]`);
      bits.push(colBases.map((b) => (b[dim]! >> bit) & 1));
    }
  });
  return { rows, cols, bits };
}

/** The owners of every element of `shape` under `ll`. */
function ownersOf(ll: LinearLayout, shape: readonly number[]): number[][][] {
  const dims = [...ll.getBases()];
  const rank = ll.getNumOutDims();
  const all: { basis: readonly number[]; dim: number; bit: number }[] = [];
  dims.forEach(([, bs], dim) => bs.forEach((basis, bit) => all.push({ basis, dim, bit })));
  const total = 2 ** all.length;
  const elements = shape.reduce((a, b) => a * b, 1);
  if (elements > MAX_VIEW_ELEMENTS || total > 4 * MAX_VIEW_ELEMENTS) throw new RangeError(`too large to draw (${elements} elements, ${total} input points)`);
  const strides: number[] = [];
  let s = 1;
  for (let i = shape.length - 1; i >= 0; i--) {
    strides[i] = s;
    s *= shape[i]!;
  }
  const owners: number[][][] = Array.from({ length: elements }, () => []);
  for (let flat = 0; flat < total; flat++) {
    const out = new Array<number>(rank).fill(0);
    const ins = new Array<number>(dims.length).fill(0);
    all.forEach((c, i) => {
      if ((flat >>> i) & 1) {
        ins[c.dim]! |= 1 << c.bit;
        for (let k = 0; k < rank; k++) out[k] = out[k]! ^ c.basis[k]!;
      }
    });
    if (out.some((v, i) => v >= shape[i]!)) continue;
    owners[out.reduce((acc, v, i) => acc + v * strides[i]!, 0)]!.push(ins);
  }
  return owners;
}

/** The view of `encoding` on a tensor (or allocation) of `shape`; a layout that cannot be drawn carries `error`. */
export function layoutView(id: string, title: string, encoding: Attribute, shape: readonly number[]): LayoutView {
  const base = { id, title, shape: [...shape], shared: encoding instanceof SharedEncodingAttr };
  try {
    const ll = toLinearLayout(shape, encoding);
    return {
      ...base,
      inDims: ll.getInDims().map(([name, size]) => ({ name, size })),
      bases: linearLayoutToJSON(ll),
      matrix: matrixOf(ll),
      owners: ownersOf(ll, shape),
    };
  } catch (e) {
    return { ...base, inDims: [], bases: {}, matrix: { rows: [], cols: [], bits: [] }, owners: [], error: e instanceof Error ? e.message : String(e) };
  }
}

/** The numbers of an explanation, flat (what the page lists and the test reads). */
export function explanationNumbers(e: CvtExplanation | LocalExplanation): Record<string, string | number> {
  const n: Record<string, string | number> = { op: e.op, computeCapability: e.computeCapability, cost: e.cost };
  if (e.op === 'convert_layout') {
    n.path = e.triton.path;
    n.method = e.method;
    n.scratchBytes = e.scratchBytes;
    if (e.conversion) n.moving = e.conversion.moving.join(', ') || '(none)';
    if (e.shuffle) Object.assign(n, { rounds: e.shuffle.rounds, shfl: e.shuffle.shfl, selects: e.shuffle.selects });
    if (e.shared) {
      Object.assign(n, { rounds: e.shared.rounds, barriers: e.shared.barriers, bufferElems: e.shared.bufferElems });
      n.store = `${e.shared.store.count} ${e.shared.store.instr}`;
      n.load = `${e.shared.load.count} ${e.shared.load.instr}`;
      if (e.shared.store.wavefronts !== undefined) n.storeWavefronts = e.shared.store.wavefronts;
      if (e.shared.load.wavefronts !== undefined) n.loadWavefronts = e.shared.load.wavefronts;
    }
  } else if (e.access) {
    n.access = `${e.access.count} ${e.access.instr}`;
    if (e.access.wavefronts !== undefined) n.wavefronts = e.access.wavefronts;
  }
  return n;
}

/** A movement of a file for the page; `viewOf` gives (or makes) the view id of a tensor's encoding and shape. */
export function movementView(m: ExplainedOp, viewOf: (enc: Attribute, shape: readonly number[]) => string): MovementView {
  const src = m.types.src?.encoding ? viewOf(m.types.src.encoding, m.types.src.shape) : undefined;
  const dst = m.types.dst?.encoding ? viewOf(m.types.dst.encoding, m.types.dst.shape) : undefined;
  const base = { line: m.line ?? null, text: m.text, op: m.e.op, ...(src ? { src } : {}), ...(dst ? { dst } : {}) };
  if ('error' in m.e) return { ...base, explanation: `error: ${m.e.error}`, numbers: {}, error: m.e.error };
  const text = m.e.op === 'convert_layout' ? formatCvtExplanation(m.e as CvtExplanation) : formatLocalExplanation(m.e as LocalExplanation);
  return { ...base, explanation: text, numbers: explanationNumbers(m.e as CvtExplanation | LocalExplanation) };
}
