// TIRx TileLayouts ↔ linear layouts: the converted layout owns exactly the elements TIRx's own four-step
// semantics gives (random layouts), LinearLayout → TileLayout → LinearLayout is the identity on the layouts that
// have a TileLayout (random ones and real encodings), and the non-linear cases are refused with a reason.
import { describe, expect, it } from 'vitest';
import '../dialect/index.js';
import { LinearLayout } from '../dialect/linear-layout/linear-layout.js';
import {
  evaluateTileLayout,
  formatTileLayout,
  linearToTileLayout,
  parseTileLayout,
  tileLayoutToLinear,
  TileLayoutError,
  type TileIter,
  type TileLayout,
} from '../dialect/linear-layout/tirx.js';
import { toLinearLayout } from '../dialect/ttg/to-linear-layout.js';
import { parseEncodingText } from '../parser/encoding-text.js';
import { runLayoutCli } from '../bin/ttg-layout.js';

/** A small deterministic generator (xorshift). */
function rng(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s / 2 ** 32;
  };
}

const AXES = ['m', 'laneid', 'warpid', 'cta'];
const AXIS_DIM: Record<string, string> = { m: 'register', laneid: 'lane', warpid: 'warp', cta: 'block' };

/** A random linear TileLayout and a shape of the same size: every axis bit used at most once. */
function randomTile(r: () => number): { tile: TileLayout; shape: number[] } {
  const totalBits = 1 + Math.floor(r() * 8);
  const next: Record<string, number> = { m: 0, laneid: 0, warpid: 0, cta: 0 };
  // Hand out axis bits: each iter takes a run of fresh bits, sometimes skipping one (a gap).
  const take = (n: number): TileIter => {
    const axis = AXES[Math.floor(r() * AXES.length)]!;
    if (r() < 0.15) next[axis]! += 1;
    const it = { extent: 2 ** n, stride: 2 ** next[axis]!, axis };
    next[axis]! += n;
    return it;
  };
  const shard: TileIter[] = [];
  let left = totalBits;
  while (left > 0) {
    const n = 1 + Math.floor(r() * Math.min(left, 3));
    shard.push(take(n));
    left -= n;
  }
  // Shuffle the shard order (the outer/inner split of the flat index).
  for (let i = shard.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [shard[i], shard[j]] = [shard[j]!, shard[i]!];
  }
  const replica = r() < 0.5 ? [take(1 + Math.floor(r() * 2))] : [];
  const shape: number[] = [];
  let bits = totalBits;
  while (bits > 0) {
    const n = r() < 0.3 ? bits : 1 + Math.floor(r() * bits);
    shape.push(2 ** n);
    bits -= n;
  }
  return { tile: { shard, replica, offset: {} }, shape };
}

/**
 * The axis bits (per in-dim) below an axis' highest used bit that no iter of `tile` uses: the linear layout maps
 * them to zero (a LinearLayout is total on its in-dims), where TIRx leaves those hardware points empty.
 */
function gapMasks(tile: TileLayout): Record<string, number> {
  const used: Record<string, number> = {};
  for (const it of [...tile.shard, ...tile.replica]) {
    if (it.extent === 1) continue;
    const d = AXIS_DIM[it.axis]!;
    used[d] = (used[d] ?? 0) | ((it.extent - 1) * it.stride);
  }
  const gaps: Record<string, number> = {};
  for (const [d, u] of Object.entries(used)) gaps[d] = (2 ** (32 - Math.clz32(u)) - 1) & ~u;
  return gaps;
}

/** Every (hardware point → element) of a linear layout, as sets of `axis=value` keys per element. */
function ownersLL(ll: LinearLayout, shape: readonly number[], gaps: Record<string, number> = {}): Map<string, Set<string>> {
  const dims = [...ll.getBases()];
  const all: { basis: readonly number[]; dim: number; bit: number }[] = [];
  dims.forEach(([, bs], dim) => bs.forEach((basis, bit) => all.push({ basis, dim, bit })));
  const out = new Map<string, Set<string>>();
  for (let flat = 0; flat < 2 ** all.length; flat++) {
    const coord = shape.map(() => 0);
    const ins = dims.map(() => 0);
    all.forEach((c, i) => {
      if ((flat >>> i) & 1) {
        ins[c.dim]! |= 1 << c.bit;
        c.basis.forEach((v, k) => (coord[k]! ^= v));
      }
    });
    const key = coord.join(',');
    if (!out.has(key)) out.set(key, new Set());
    if (dims.some(([d], i) => (ins[i]! & (gaps[d] ?? 0)) !== 0)) continue;
    out.get(key)!.add(dims.map(([d], i) => `${d}=${ins[i]}`).join(' '));
  }
  return out;
}

/** The same from TIRx's semantics, keeping the hardware points the layout's in-dim sizes cover. */
function ownersTile(tile: TileLayout, shape: readonly number[], ll: LinearLayout): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  const dims = [...ll.getBases().keys()];
  const total = shape.reduce((a, b) => a * b, 1);
  for (let flat = 0; flat < total; flat++) {
    const coord: number[] = [];
    let rest = flat;
    for (let d = shape.length - 1; d >= 0; d--) {
      coord.unshift(rest % shape[d]!);
      rest = Math.floor(rest / shape[d]!);
    }
    const set = new Set<string>();
    for (const p of evaluateTileLayout(tile, shape, coord)) {
      const byDim: Record<string, number> = {};
      for (const [axis, v] of Object.entries(p)) byDim[AXIS_DIM[axis]!] = v;
      set.add(dims.map((d) => `${d}=${byDim[d] ?? 0}`).join(' '));
    }
    out.set(coord.join(','), set);
  }
  return out;
}

describe('TIRx TileLayout text', () => {
  it('parses the case study of the TIRx notes and prints it back', () => {
    const t = parseTileLayout('S[(8,2,4,2):(4@laneid,1@warpid,1@laneid,1)] + R[2:4@warpid] + 5@warpid');
    expect(t.shard).toEqual([
      { extent: 8, stride: 4, axis: 'laneid' },
      { extent: 2, stride: 1, axis: 'warpid' },
      { extent: 4, stride: 1, axis: 'laneid' },
      { extent: 2, stride: 1, axis: 'm' },
    ]);
    expect(t.replica).toEqual([{ extent: 2, stride: 4, axis: 'warpid' }]);
    expect(t.offset).toEqual({ warpid: 5 });
    expect(formatTileLayout(t)).toBe('S[(8,2,4,2):(4@laneid,1@warpid,1@laneid,1)] + R[2:4@warpid] + 5@warpid');
    // TIRx's table: element (7, 15) is lane 31, warps {6, 10}, m 1.
    expect(evaluateTileLayout(t, [8, 16], [7, 15])).toEqual([
      { warpid: 6, laneid: 31, m: 1 },
      { warpid: 10, laneid: 31, m: 1 },
    ]);
  });

  it('refuses what is not linear, with the reason', () => {
    const bad = (text: string, shape: number[]): string => {
      try {
        tileLayoutToLinear(parseTileLayout(text), shape);
        return 'accepted';
      } catch (e) {
        expect(e).toBeInstanceOf(TileLayoutError);
        return (e as Error).message;
      }
    };
    expect(bad('S[(8,2,4,2):(4@laneid,1@warpid,1@laneid,1)] + R[2:4@warpid] + 5@warpid', [8, 16])).toMatch(/offset 5@warpid is not linear/);
    expect(bad('S[(8,3):(4@laneid,1)]', [8, 3])).toMatch(/extent 3 is not a power of two/);
    expect(bad('S[(8,4):(2@laneid,1@laneid)]', [8, 4])).toMatch(/second value on bit 1 of laneid/);
    expect(bad('S[(8,4):(4@laneid,1@lane)]', [8, 4])).toMatch(/unknown axis 'lane'/);
    expect(bad('S[(8,4):(1@laneid,8)]', [8, 8])).toMatch(/covers 32 elements but the shape has 64/);
  });
});

describe('TIRx TileLayout → LinearLayout', () => {
  it('maps the case study without its offset to the layout the four steps give', () => {
    const t = parseTileLayout('S[(8,2,4,2):(4@laneid,1@warpid,1@laneid,1)] + R[2:4@warpid]');
    const ll = tileLayoutToLinear(t, [8, 16]);
    expect(Object.fromEntries(ll.getBases())).toEqual({
      register: [[0, 1]],
      lane: [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]],
      warp: [[0, 8], [0, 0], [0, 0]],
      block: [],
    });
    expect(ownersLL(ll, [8, 16], gapMasks(t))).toEqual(ownersTile(t, [8, 16], ll));
  });

  it('agrees with TIRx semantics on 300 random layouts, and converts back to the same linear layout', () => {
    const r = rng(1234);
    for (let i = 0; i < 300; i++) {
      const { tile, shape } = randomTile(r);
      const ll = tileLayoutToLinear(tile, shape);
      const text = formatTileLayout(tile);
      expect(ownersLL(ll, shape, gapMasks(tile)), `${text} on ${shape.join('x')}`).toEqual(ownersTile(tile, shape, ll));
      // Back and forth: the canonical TileLayout gives the same linear layout and the same elements per point.
      const back = linearToTileLayout(ll);
      expect(tileLayoutToLinear(back, shape).equals(ll), `${text} -> ${formatTileLayout(back)}`).toBe(true);
      expect(linearToTileLayout(tileLayoutToLinear(parseTileLayout(formatTileLayout(back)), shape))).toEqual(back);
    }
  });
});

describe('LinearLayout → TIRx TileLayout', () => {
  const cases: [string, number[]][] = [
    ['#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>', [64, 64]],
    ['#ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [16, 2], warpsPerCTA = [1, 4], order = [0, 1]}>', [8, 8]],
    ['#ttg.blocked<{sizePerThread = [1, 2, 2], threadsPerWarp = [2, 4, 4], warpsPerCTA = [2, 2, 1], order = [2, 1, 0]}>', [4, 16, 16]],
    ['#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 2], instrShape = [16, 8]}>', [128, 256]],
    ['#ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>', [64, 128]],
    ['#ttg.slice<{dim = 1, parent = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>}>', [64]],
  ];
  it.each(cases)('%s on %j round-trips exactly', (enc, shape) => {
    const ll = toLinearLayout(shape, parseEncodingText(enc));
    const tile = linearToTileLayout(ll);
    expect(tileLayoutToLinear(parseTileLayout(formatTileLayout(tile)), shape).equals(ll)).toBe(true);
  });

  it('prints the blocked layout as the TileLayout one would write by hand', () => {
    const ll = toLinearLayout([8, 64], parseEncodingText(cases[0]![0]));
    expect(formatTileLayout(linearToTileLayout(ll))).toBe('S[(4,32,4):(1@warpid,1@laneid,1)]');
  });

  it('refuses a swizzled shared layout (bases that XOR several tensor bits)', () => {
    const ll = toLinearLayout([32, 64], parseEncodingText('#ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>'));
    expect(() => linearToTileLayout(ll)).toThrow(/XOR of several tensor bits/);
  });

  it('is on the command line: --tirx and --to-tirx', async () => {
    const r = await runLayoutCli(['--tirx', 'S[(8,2,4,2):(4@laneid,1@warpid,1@laneid,1)] + R[2:4@warpid]', '--shape', '8x16']);
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe('{"register": [[0, 1]], "lane": [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], "warp": [[0, 8], [0, 0], [0, 0]], "block": []}\n');
    const back = await runLayoutCli(['#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>', '--shape', '8x64', '--to-tirx']);
    expect(back.stdout).toBe('S[(4,32,4):(1@warpid,1@laneid,1)]\n');
    const bad = await runLayoutCli(['--tirx', 'S[(8,2):(1@laneid,1)] + 3@warpid']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toBe('error: TileLayout: the offset 3@warpid is not linear (a linear layout maps 0 to 0)\n');
  });
});
