/**
 * Seeded random generators of valid distributed layouts (as attribute text) for the simulator tests: blocked,
 * nvidia_mma v2/v3, dot_op of mma v2/v3, slice, and linear layouts; plus layout pairs, some built to stay within
 * warps (the same warp bases, register and lane bases permuted and mixed).
 */

/** xorshift32: a small deterministic generator. */
export class Rng {
  private s: number;
  constructor(seed: number) {
    this.s = seed >>> 0 || 0x9e3779b9;
  }
  next(): number {
    let x = this.s;
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    this.s = x;
    return x;
  }
  int(n: number): number {
    return this.next() % n;
  }
  pick<T>(xs: readonly T[]): T {
    return xs[this.int(xs.length)]!;
  }
  chance(p: number): boolean {
    return this.next() / 4294967296 < p;
  }
  shuffle<T>(xs: T[]): T[] {
    for (let i = xs.length - 1; i > 0; i--) {
      const j = this.int(i + 1);
      [xs[i], xs[j]] = [xs[j]!, xs[i]!];
    }
    return xs;
  }
}

const log2 = (x: number): number => 31 - Math.clz32(x);

/** A random split of 2^total into `parts` powers of two (as exponents). */
function splitPow2(rng: Rng, total: number, parts: number): number[] {
  const out = new Array<number>(parts).fill(0);
  for (let i = 0; i < total; i++) out[rng.int(parts)]!++;
  return out;
}

const list = (xs: readonly (number | string)[]): string => `[${xs.join(', ')}]`;

export function blocked(rng: Rng, rank: number, numWarps: number): string {
  const spt = Array.from({ length: rank }, () => 2 ** rng.int(3));
  const tpw = splitPow2(rng, 5, rank).map((e) => 2 ** e);
  const wpc = splitPow2(rng, log2(numWarps), rank).map((e) => 2 ** e);
  const order = rng.shuffle(Array.from({ length: rank }, (_, i) => i));
  return `#ttg.blocked<{sizePerThread = ${list(spt)}, threadsPerWarp = ${list(tpw)}, warpsPerCTA = ${list(wpc)}, order = ${list(order)}}>`;
}

export function mmaV2(rng: Rng, numWarps: number): string {
  const wpc = splitPow2(rng, log2(numWarps), 2).map((e) => 2 ** e);
  return `#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = ${list(wpc)}, instrShape = [16, 8]}>`;
}

export function mmaV3(rng: Rng, numWarps: number): string | undefined {
  if (numWarps < 4) return undefined;
  const rest = splitPow2(rng, log2(numWarps) - 2, 2).map((e) => 2 ** e);
  const n = rng.pick([8, 16, 32, 64]);
  return `#ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = ${list([4 * rest[0]!, rest[1]!])}, instrShape = [16, ${n}, 16]}>`;
}

export function dotOp(rng: Rng, numWarps: number): string {
  const v3 = rng.chance(0.3) ? mmaV3(rng, numWarps) : undefined;
  if (v3) return `#ttg.dot_op<{opIdx = 0, parent = ${v3}, kWidth = ${rng.pick([1, 2, 4, 8])}}>`;
  return `#ttg.dot_op<{opIdx = ${rng.int(2)}, parent = ${mmaV2(rng, numWarps)}, kWidth = ${rng.pick([1, 2, 4, 8])}}>`;
}

/** A linear layout over `shape`: every tensor bit is one basis (register, lane or warp), some bases are zero. */
export function linear(rng: Rng, shape: readonly number[], numWarps: number): string {
  const bits: [number, number][] = [];
  shape.forEach((s, d) => {
    for (let k = 0; k < log2(s); k++) bits.push([d, k]);
  });
  rng.shuffle(bits);
  const nWarp = log2(numWarps);
  const nLane = 5;
  const total = bits.length;
  const nReg = Math.max(0, total - nWarp - nLane) + rng.int(2);
  const slots = nReg + nLane + nWarp;
  // Place the tensor bits in random slots (the others are zero bases).
  const order = rng.shuffle(Array.from({ length: slots }, (_, i) => i));
  const basis: (number[] | undefined)[] = new Array<number[] | undefined>(slots).fill(undefined);
  const placed = Math.min(total, slots);
  if (placed < total) return blockedFallback(shape.length, numWarps);
  for (let i = 0; i < total; i++) {
    const [d, k] = bits[i]!;
    const v = new Array<number>(shape.length).fill(0);
    v[d] = 1 << k;
    basis[order[i]!] = v;
  }
  // Mix some bases with lower bits of the same dim (still single-dim and invertible).
  const byDim = new Map<number, number[]>();
  basis.forEach((b, i) => {
    if (!b) return;
    const d = b.findIndex((x) => x !== 0);
    const l = byDim.get(d) ?? [];
    l.push(i);
    byDim.set(d, l);
  });
  for (const idxs of byDim.values()) {
    for (const i of idxs) {
      if (!rng.chance(0.2)) continue;
      const bi = basis[i]!;
      const d = bi.findIndex((x) => x !== 0);
      const lower = idxs.filter((j) => basis[j]![d]! < bi[d]!);
      if (lower.length) bi[d] = bi[d]! ^ basis[rng.pick(lower)]![d]!;
    }
  }
  const zero = new Array<number>(shape.length).fill(0);
  const fmt = (from: number, n: number): string => list(Array.from({ length: n }, (_, i) => list(basis[from + i] ?? zero)));
  return `#ttg.linear<{register = ${fmt(0, nReg)}, lane = ${fmt(nReg, nLane)}, warp = ${fmt(nReg + nLane, nWarp)}, block = []}>`;
}

function blockedFallback(rank: number, numWarps: number): string {
  const ones = list(new Array<number>(rank).fill(1));
  const tpw = new Array<number>(rank).fill(1);
  tpw[rank - 1] = 32;
  const wpc = new Array<number>(rank).fill(1);
  wpc[0] = numWarps;
  return `#ttg.blocked<{sizePerThread = ${ones}, threadsPerWarp = ${list(tpw)}, warpsPerCTA = ${list(wpc)}, order = ${list(Array.from({ length: rank }, (_, i) => rank - 1 - i))}}>`;
}

export type Family = 'blocked' | 'mma' | 'dot_op' | 'slice' | 'linear';

/** A random distributed layout of the given family for a tensor of `shape`. */
export function randomLayout(rng: Rng, family: Family, shape: readonly number[], numWarps: number): string {
  const rank = shape.length;
  switch (family) {
    case 'blocked':
      return blocked(rng, rank, numWarps);
    case 'mma':
      if (rank !== 2) return blocked(rng, rank, numWarps);
      return (rng.chance(0.35) ? mmaV3(rng, numWarps) : undefined) ?? mmaV2(rng, numWarps);
    case 'dot_op':
      if (rank !== 2) return blocked(rng, rank, numWarps);
      return dotOp(rng, numWarps);
    case 'slice': {
      const dim = rng.int(rank + 1);
      const parent = rank + 1 === 2 && rng.chance(0.4) ? mmaV2(rng, numWarps) : blocked(rng, rank + 1, numWarps);
      return `#ttg.slice<{dim = ${dim}, parent = ${parent}}>`;
    }
    case 'linear':
      return linear(rng, shape, numWarps);
  }
}

/** A random shape of rank 1..3 with 2^minBits..2^maxBits elements. */
export function randomShape(rng: Rng, minBits: number, maxBits: number, rank?: number): number[] {
  const r = rank ?? rng.pick([1, 2, 2, 2, 3]);
  const total = minBits + rng.int(maxBits - minBits + 1);
  return splitPow2(rng, total, r).map((e) => 2 ** e);
}

export type SharedFamily = 'swizzled' | 'nvmma' | 'shared_linear' | 'padded';

/** A random shared layout for an allocation of `shape` with `bits`-bit elements. */
export function randomShared(rng: Rng, family: SharedFamily, shape: readonly number[], bits: number): string {
  const rank = shape.length;
  const order = rng.shuffle(Array.from({ length: rank }, (_, i) => i));
  switch (family) {
    case 'swizzled': {
      const vec = rng.pick([1, 2, 4, 8]);
      const perPhase = rng.pick([1, 2, 4]);
      const maxPhase = rng.pick([1, 2, 4, 8]);
      return `#ttg.swizzled_shared<{vec = ${vec}, perPhase = ${perPhase}, maxPhase = ${maxPhase}, order = ${list(order)}}>`;
    }
    case 'nvmma': {
      const sw = rng.pick([0, 32, 64, 128]);
      return `#ttg.nvmma_shared<{swizzlingByteWidth = ${sw}, transposed = ${rng.chance(0.5)}, elementBitWidth = ${Math.max(8, bits)}}>`;
    }
    case 'shared_linear': {
      const bitsList: number[][] = [];
      shape.forEach((s, d) => {
        for (let k = 0; k < log2(s); k++) {
          const v = new Array<number>(rank).fill(0);
          v[d] = 1 << k;
          bitsList.push(v);
        }
      });
      rng.shuffle(bitsList);
      // XOR mixing across dims (a swizzle): offset bases may move in several dims.
      for (let i = 0; i < bitsList.length; i++) {
        if (!rng.chance(0.25) || i === 0) continue;
        const j = rng.int(i);
        bitsList[i] = bitsList[i]!.map((x, d) => x ^ bitsList[j]![d]!);
      }
      return `#ttg.shared_linear<{offset = [${bitsList.map(list).join(', ')}]}, alignment = 16>`;
    }
    case 'padded': {
      const interval = rng.pick([4, 8, 16, 32, 64]);
      const pad = rng.pick([1, 2, 4, 8]);
      return `#ttg.padded_shared<[${interval}:+${pad}] {order = ${list(order)}, shape = ${list(shape)}}>`;
    }
  }
}
