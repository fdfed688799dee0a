/**
 * `tt.gather` lowering (lowering/gather.ts) on the CPU warp simulator against a reference gather: warp-local
 * cases (source and index in one layout whose gather axis stays within warps, the shuffle path: blocked layouts
 * with the warps off the axis, and linear layouts built from them with permuted register/lane bases) and
 * general random layout pairs (the shared-memory path), rank 1-3, every axis, 1-8 warps, 8-64-bit elements,
 * i32/i64/i16 indices, index tensors of other sizes along the axis. Every output register of every thread
 * must hold src[I with I[axis] = index[I]].
 */
import { describe, expect, test } from 'vitest';
import type { RankedTensorType } from '../dialect/ir/type.js';
import { toLinearLayout } from '../dialect/ttg/to-linear-layout.js';
import { gatherIsWarpLocal } from '../analysis/allocation.js';
import { parseModule } from './simulator/harness.js';
import { Rng, randomLayout, randomShape, type Family } from './simulator/layouts.js';
import { coordsOf, hashCoords, simulate } from './lowering-compute-sim.js';

export interface GatherCase {
  srcShape: number[];
  idxShape: number[];
  srcEnc: string;
  idxEnc: string;
  axis: number;
  numWarps: number;
  elem: string;
  idxElem: string;
}

const WIDTH: Record<string, number> = { i8: 8, i16: 16, i32: 32, i64: 64 };

export function gatherModuleText(c: GatherCase): string {
  const s = `tensor<${c.srcShape.join('x')}x${c.elem}, ${c.srcEnc}>`;
  const i = `tensor<${c.idxShape.join('x')}x${c.idxElem}, ${c.idxEnc}>`;
  const o = `tensor<${c.idxShape.join('x')}x${c.elem}, ${c.idxEnc}>`;
  return `module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = ${c.numWarps} : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @f(%arg0: ${s}, %arg1: ${i}) -> ${o} {
    %0 = tt.gather %arg0[%arg1] {axis = ${c.axis} : i32} : (${s}, ${i}) -> ${o}
    tt.return %0 : ${o}
  }
}
`;
}

export function runGatherCase(c: GatherCase): { mismatches: number; first?: string; warpLocal: boolean; shuffles: number } {
  const text = gatherModuleText(c);
  let op: import('../dialect/ir/ir.js').Operation | undefined;
  parseModule(text).walk((o) => {
    if (o.name === 'tt.gather') op = o;
  });
  const warpLocal = gatherIsWarpLocal(op!);
  const dstT = op!.result(0).type as RankedTensorType;
  const dstLL = toLinearLayout(dstT.shape, dstT.encoding!);
  const w = WIDTH[c.elem]!;
  const m = (1n << BigInt(w)) - 1n;
  const seed = c.srcShape.reduce((a, x) => a * 13 + x, c.axis);
  const srcVal = (coords: number[]): bigint => (BigInt(hashCoords(coords, seed)) | (BigInt(hashCoords(coords, seed + 5)) << 32n)) & m;
  const S = c.srcShape[c.axis]!;
  const idxVal = (coords: number[]): bigint => BigInt(hashCoords(coords, seed + 77) % S);
  const run = simulate(text, c.numWarps, 80, (arg, coords) => (arg === 0 ? srcVal(coords) : idxVal(coords)));
  let mismatches = 0;
  let first: string | undefined;
  for (let t = 0; t < c.numWarps * 32 && mismatches < 100; t++) {
    const regs = run.results[0]![t]!;
    regs.forEach((got, r) => {
      const coords = coordsOf(dstLL, t, r);
      const g = [...coords];
      g[c.axis] = Number(idxVal(coords));
      const want = srcVal(g);
      if (got !== want) {
        mismatches++;
        first ??= `thread ${t} register ${r} (coords ${coords.join(',')}): got ${got}, want ${want}`;
      }
    });
  }
  return { mismatches, ...(first ? { first } : {}), warpLocal, shuffles: run.stats.shuffles };
}

const list = (xs: readonly number[]): string => `[${xs.join(', ')}]`;

/** A blocked layout whose warps never move along `axis` (so a same-layout gather is warp-local). */
function warpLocalBlocked(rng: Rng, shape: number[], axis: number, numWarps: number): string {
  const rank = shape.length;
  const spt = Array.from({ length: rank }, () => 2 ** rng.int(3));
  const tpw = new Array<number>(rank).fill(1);
  for (let i = 0; i < 5; i++) tpw[rng.int(rank)]! *= 2;
  const wpc = new Array<number>(rank).fill(1);
  const others = Array.from({ length: rank }, (_, d) => d).filter((d) => d !== axis);
  for (let i = 1; i < numWarps; i *= 2) wpc[others.length ? rng.pick(others) : axis]! *= 2;
  const order = rng.shuffle(Array.from({ length: rank }, (_, d) => d));
  return `#ttg.blocked<{sizePerThread = ${list(spt)}, threadsPerWarp = ${list(tpw)}, warpsPerCTA = ${list(wpc)}, order = ${list(order)}}>`;
}

const FAMILIES: Family[] = ['blocked', 'mma', 'slice', 'linear'];

function randomCase(rng: Rng): GatherCase {
  const numWarps = rng.pick([1, 2, 4, 8]);
  const srcShape = randomShape(rng, 4, 9);
  const axis = rng.int(srcShape.length);
  const elem = rng.pick(['i8', 'i16', 'i32', 'i64']);
  const idxElem = rng.pick(['i32', 'i32', 'i64', 'i16']);
  if (rng.chance(0.5)) {
    const enc = warpLocalBlocked(rng, srcShape, axis, numWarps);
    return { srcShape, idxShape: srcShape, srcEnc: enc, idxEnc: enc, axis, numWarps, elem, idxElem };
  }
  const idxShape = [...srcShape];
  if (rng.chance(0.4)) idxShape[axis] = 2 ** (1 + rng.int(5));
  return {
    srcShape,
    idxShape,
    srcEnc: randomLayout(rng, rng.pick(FAMILIES), srcShape, numWarps),
    idxEnc: randomLayout(rng, rng.pick(FAMILIES), idxShape, numWarps),
    axis,
    numWarps,
    elem,
    idxElem,
  };
}

describe('tt.gather on the warp simulator', () => {
  test('corpus-like cases', () => {
    const enc = '#ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>';
    const cases: GatherCase[] = [
      { srcShape: [32, 32], idxShape: [32, 32], srcEnc: enc, idxEnc: enc, axis: 1, numWarps: 4, elem: 'i32', idxElem: 'i32' },
      { srcShape: [128, 16], idxShape: [128, 16], srcEnc: '#ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>', idxEnc: '#ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>', axis: 1, numWarps: 4, elem: 'i16', idxElem: 'i64' },
      { srcShape: [32, 32], idxShape: [32, 32], srcEnc: enc, idxEnc: '#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>', axis: 0, numWarps: 4, elem: 'i64', idxElem: 'i32' },
    ];
    for (const c of cases) {
      const r = runGatherCase(c);
      expect(r.first ?? '', JSON.stringify(c)).toBe('');
    }
  });

  test('random layouts', () => {
    const rng = new Rng(0x6a7e);
    const N = Number(process.env['GATHER_SIM_CASES'] ?? 300);
    const failures: string[] = [];
    let ok = 0;
    let local = 0;
    let skipped = 0;
    for (let i = 0; ok + failures.length < N && i < N * 4; i++) {
      const c = randomCase(rng);
      try {
        const r = runGatherCase(c);
        if (r.mismatches) failures.push(`${JSON.stringify(c)}: ${r.first}`);
        else ok++;
        if (r.warpLocal) local++;
      } catch (e) {
        const msg = (e as Error).message;
        if (/lowering failed|simulator/.test(msg)) failures.push(`${JSON.stringify(c)}: ${msg}`);
        else skipped++;
      }
    }
    console.log(`tt.gather simulator: ${ok} pass (${local} warp-local), ${failures.length} fail, ${skipped} invalid random layouts skipped`);
    if (failures.length) console.log(failures.slice(0, 10).join('\n'));
    expect(failures.slice(0, 5)).toEqual([]);
    expect(local).toBeGreaterThan(N / 4);
    expect(ok).toBeGreaterThanOrEqual(N * 0.9);
  });
});
