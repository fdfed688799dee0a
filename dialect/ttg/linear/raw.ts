/**
 * A light, unchecked linear layout used while building the layout of an encoding: the same operations and
 * semantics as `LinearLayout` (Triton's operator*, transposeOuts, reshapeOuts, ...), without the validation
 * and GF(2) bookkeeping `LinearLayout` does on every step. Conversions chain dozens of these operations, so
 * they work on raw bases and build one checked `LinearLayout` at the end (`toLinearLayout()`).
 */
import { LinearLayout, LinearLayoutError, supremum } from '../../linear-layout/linear-layout.js';
import { isPowerOf2 } from '../../linear-layout/f2.js';

type Bases = number[][];

function log2(n: number): number {
  return 31 - Math.clz32(n);
}

/** As LinearLayout's 1-D constructors: a size (of a layout parameter or derived from one) is a power of two. */
function checkSize(what: string, size: number): void {
  if (!isPowerOf2(size) || size > 2 ** 30) throw new LinearLayoutError(`${what}: size must be a power of 2, got ${Number.isFinite(size) ? size : 'a quotient by zero'}`);
}

export class RawLayout {
  private constructor(
    /** In-dims in order, each with its bases (one component per out-dim). */
    readonly ins: readonly (readonly [string, Bases])[],
    /** Out-dims in order with their sizes. */
    readonly outs: readonly (readonly [string, number])[],
  ) {}

  static empty(): RawLayout {
    return new RawLayout([], []);
  }

  static strided1D(size: number, stride: number, inDim: string, outDim: string): RawLayout {
    if (size === 0) return RawLayout.empty();
    checkSize('strided1D', size);
    const bases: Bases = [];
    for (let i = 1; i < size; i *= 2) bases.push([i * stride]);
    return new RawLayout([[inDim, bases]], [[outDim, size * stride]]);
  }

  static identity1D(size: number, inDim: string, outDim: string): RawLayout {
    return RawLayout.strided1D(size, 1, inDim, outDim);
  }

  static zeros1D(size: number, inDim: string, outDim: string): RawLayout {
    if (size === 0) return RawLayout.empty();
    checkSize('zeros1D', size);
    const bases: Bases = [];
    for (let i = 1; i < size; i *= 2) bases.push([0]);
    return new RawLayout([[inDim, bases]], [[outDim, 1]]);
  }

  /** Out-dim sizes inferred as the next power of two above each dim's largest component. */
  static fromBases(ins: readonly (readonly [string, readonly (readonly number[])[]])[], outDims: readonly string[]): RawLayout {
    const sizes = outDims.map(() => 1);
    for (const [, bs] of ins) {
      for (const b of bs) {
        b.forEach((v, i) => {
          // A size computed from a zero parameter (x / 0) must not reach the doubling loop.
          if (!Number.isInteger(v) || v < 0 || v >= 2 ** 30) throw new LinearLayoutError(`basis component ${Number.isFinite(v) ? v : '(a quotient by zero)'} is out of range`);
          while (sizes[i]! <= v) sizes[i]! *= 2;
        });
      }
    }
    return new RawLayout(
      ins.map(([d, bs]) => [d, bs.map((b) => [...b])] as const),
      outDims.map((d, i) => [d, sizes[i]!] as const),
    );
  }

  static fromBasesWithSizes(ins: readonly (readonly [string, readonly (readonly number[])[]])[], outs: readonly (readonly [string, number])[]): RawLayout {
    return new RawLayout(
      ins.map(([d, bs]) => [d, bs.map((b) => [...b])] as const),
      outs.map(([d, s]) => [d, s] as const),
    );
  }

  static fromLinearLayout(ll: LinearLayout): RawLayout {
    return new RawLayout(
      [...ll.getBases()].map(([d, bs]) => [d, bs.map((b) => [...b])] as const),
      ll.getOutDims(),
    );
  }

  /** The checked layout (not required to be surjective). */
  toLinearLayout(): LinearLayout {
    return LinearLayout.fromBasesWithSizes(this.ins, this.outs, false);
  }

  getInDimNames(): string[] {
    return this.ins.map(([d]) => d);
  }
  getOutDimNames(): string[] {
    return this.outs.map(([d]) => d);
  }
  getOutDims(): [string, number][] {
    return this.outs.map(([d, s]) => [d, s]);
  }
  getNumOutDims(): number {
    return this.outs.length;
  }
  getOutDimSize(d: string): number {
    const o = this.outs.find(([n]) => n === d);
    if (!o) throw new Error(`no out-dim '${d}'`);
    return o[1];
  }
  getInDimSize(d: string): number {
    const i = this.ins.find(([n]) => n === d);
    return i ? 2 ** i[1].length : 1;
  }
  getBases(): Map<string, Bases> {
    return new Map(this.ins.map(([d, bs]) => [d, bs.map((b) => [...b])]));
  }

  /** Triton's operator*: `this` is the minor part; shared dims concatenate, outer components shifted. */
  mul(outer: RawLayout): RawLayout {
    const inDims = supremum(this.getInDimNames(), outer.getInDimNames());
    const outDims = supremum(this.getOutDimNames(), outer.getOutDimNames());
    const innerOut = new Map(this.outs);
    const outerOut = new Map(outer.outs);
    const innerIdx = new Map(this.outs.map(([d], i) => [d, i]));
    const outerIdx = new Map(outer.outs.map(([d], i) => [d, i]));
    const innerIns = new Map(this.ins);
    const outerIns = new Map(outer.ins);
    const ins: [string, Bases][] = inDims.map((inDim) => {
      const bs: Bases = [];
      for (const b of innerIns.get(inDim) ?? []) {
        bs.push(outDims.map((o) => (innerIdx.has(o) ? b[innerIdx.get(o)!]! : 0)));
      }
      for (const b of outerIns.get(inDim) ?? []) {
        bs.push(outDims.map((o) => (outerIdx.has(o) ? b[outerIdx.get(o)!]! * (innerOut.get(o) ?? 1) : 0)));
      }
      return [inDim, bs];
    });
    const outs = outDims.map((o) => [o, (innerOut.get(o) ?? 1) * (outerOut.get(o) ?? 1)] as const);
    return new RawLayout(ins, outs);
  }

  transposeOuts(newOuts: readonly string[]): RawLayout {
    const idx = new Map(this.outs.map(([d], i) => [d, i]));
    if (newOuts.length !== this.outs.length || newOuts.some((d) => !idx.has(d))) {
      throw new LinearLayoutError(`transposeOuts: [${newOuts.join(', ')}] is not a permutation of [${this.getOutDimNames().join(', ')}]`);
    }
    const perm = newOuts.map((d) => idx.get(d)!);
    return new RawLayout(
      this.ins.map(([d, bs]) => [d, bs.map((b) => perm.map((i) => b[i]!))] as const),
      perm.map((i) => this.outs[i]!),
    );
  }

  /** Re-splits the flattened output (out-dims in order, minor first) into `newOuts`. */
  reshapeOuts(newOuts: readonly (readonly [string, number])[]): RawLayout {
    const total = this.outs.reduce((a, [, s]) => a * s, 1);
    const newTotal = newOuts.reduce((a, [, s]) => a * s, 1);
    if (total !== newTotal) throw new Error(`reshapeOuts: total size ${newTotal} differs from ${total}`);
    const flatten = (b: readonly number[]): number => {
      let v = 0;
      let shift = 0;
      this.outs.forEach(([, s], i) => {
        v += b[i]! * 2 ** shift;
        shift += log2(s);
      });
      return v;
    };
    const split = (v: number): number[] =>
      newOuts.map(([, s]) => {
        const x = v % s;
        v = Math.floor(v / s);
        return x;
      });
    return new RawLayout(
      this.ins.map(([d, bs]) => [d, bs.map((b) => split(flatten(b)))] as const),
      newOuts.map(([d, s]) => [d, s] as const),
    );
  }
}
