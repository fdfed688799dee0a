/**
 * `tt.histogram` lowering (lowering/histogram.ts) on the CPU warp simulator against a reference histogram:
 * the corpus shapes (1024 i32 values into 64 bins, 4 and 8 warps) and random cases: 16-256 bins (fewer bins
 * than lanes are padded), 1-D and 2-D sources of 16-1024 values in random blocked / slice / linear layouts
 * (including layouts that replicate elements over lanes or warps, which the lowering divides out), random
 * result layouts, i32 / i64 values, with and without a mask, 1-8 warps. Every result register of every thread
 * must hold the count of its bin.
 */
import { describe, expect, test } from 'vitest';
import type { Operation } from '../dialect/ir/ir.js';
import type { RankedTensorType } from '../dialect/ir/type.js';
import { toLinearLayout } from '../dialect/ttg/to-linear-layout.js';
import { parseModule } from './simulator/harness.js';
import { Rng, randomLayout, randomShape, type Family } from './simulator/layouts.js';
import { coordsOf, hashCoords, simulate } from './lowering-compute-sim.js';

export interface HistogramCase {
  srcShape: number[];
  srcEnc: string;
  numBins: number;
  dstEnc: string;
  numWarps: number;
  elem: 'i32' | 'i64';
  masked: boolean;
}

export function histogramModuleText(c: HistogramCase): string {
  const s = `tensor<${c.srcShape.join('x')}x${c.elem}, ${c.srcEnc}>`;
  const m = `tensor<${c.srcShape.join('x')}xi1, ${c.srcEnc}>`;
  const d = `tensor<${c.numBins}xi32, ${c.dstEnc}>`;
  const args = c.masked ? `%arg0: ${s}, %arg1: ${m}` : `%arg0: ${s}`;
  const hist = c.masked ? `tt.histogram %arg0, %arg1 : ${s} -> ${d}` : `tt.histogram %arg0 : ${s} -> ${d}`;
  return `module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = ${c.numWarps} : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @f(${args}) -> ${d} {
    %0 = ${hist}
    tt.return %0 : ${d}
  }
}
`;
}

/** Thrown when the source layout holds some elements more often than others (Triton's lowering assumes not). */
class UnevenReplication extends Error {}

export function runHistogramCase(c: HistogramCase): { mismatches: number; first?: string } {
  const text = histogramModuleText(c);
  let op: Operation | undefined;
  parseModule(text).walk((o) => {
    if (o.name === 'tt.histogram') op = o;
  });
  const srcT = op!.operand(0).type as RankedTensorType;
  const dstT = op!.result(0).type as RankedTensorType;
  const srcLL = toLinearLayout(srcT.shape, srcT.encoding!);
  const dstLL = toLinearLayout(dstT.shape, dstT.encoding!);
  const nThreads = c.numWarps * 32;
  // Triton divides the counts by the number of threads sharing each element (zero lane / warp bases); elements
  // held twice by one thread or unevenly would be miscounted by Triton as well, so such layouts are not cases.
  const holders = new Map<string, number>();
  const nReg = srcLL.getInDimSize('register');
  for (let t = 0; t < nThreads; t++) for (let r = 0; r < nReg; r++) {
    const k = coordsOf(srcLL, t, r).join(',');
    holders.set(k, (holders.get(k) ?? 0) + 1);
  }
  const counts = new Set(holders.values());
  if (counts.size !== 1) throw new UnevenReplication();
  let zeroThreadBases = 0;
  for (const d of ['lane', 'warp']) {
    for (let i = 0; i < srcLL.getInDimSizeLog2(d); i++) if (srcLL.getBasis(d, i).every((x) => x === 0)) zeroThreadBases++;
  }
  if ([...counts][0] !== 2 ** zeroThreadBases) throw new UnevenReplication();

  const seed = c.srcShape.reduce((a, x) => a * 31 + x, c.numBins + c.numWarps);
  // Values in [0, numBins), an occasional bin more often (so the counts are not all alike).
  const value = (coords: number[]): bigint => {
    const h = hashCoords(coords, seed);
    return BigInt(h % 7 === 0 ? (seed >>> 3) % c.numBins : h % c.numBins);
  };
  const keep = (coords: number[]): boolean => !c.masked || hashCoords(coords, seed + 99) % 3 !== 0;
  const want = new Array<number>(c.numBins).fill(0);
  for (const k of holders.keys()) {
    const coords = k.split(',').map(Number);
    if (keep(coords)) want[Number(value(coords))]!++;
  }
  const run = simulate(text, c.numWarps, 80, (arg, coords) => (arg === 0 ? value(coords) : keep(coords) ? 1n : 0n));
  let mismatches = 0;
  let first: string | undefined;
  for (let t = 0; t < nThreads; t++) {
    run.results[0]![t]!.forEach((got, r) => {
      const bin = coordsOf(dstLL, t, r)[0]!;
      if (got !== BigInt(want[bin]!)) {
        mismatches++;
        first ??= `thread ${t} register ${r} (bin ${bin}): got ${got}, want ${want[bin]}`;
      }
    });
  }
  return { mismatches, ...(first ? { first } : {}) };
}

const FAMILIES: Family[] = ['blocked', 'slice', 'linear'];

function randomCase(rng: Rng): HistogramCase {
  const numWarps = rng.pick([1, 2, 4, 8]);
  const srcShape = randomShape(rng, 4, 10, rng.chance(0.75) ? 1 : 2);
  const numBins = 2 ** (4 + rng.int(5));
  return {
    srcShape,
    srcEnc: randomLayout(rng, rng.pick(FAMILIES), srcShape, numWarps),
    numBins,
    dstEnc: randomLayout(rng, rng.pick(FAMILIES), [numBins], numWarps),
    numWarps,
    elem: rng.chance(0.8) ? 'i32' : 'i64',
    masked: rng.chance(0.5),
  };
}

describe('tt.histogram on the warp simulator', () => {
  test('corpus-like cases', () => {
    const src = '#ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [NW], order = [0]}>';
    const dst = '#ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [NW], order = [0]}>';
    for (const numWarps of [4, 8]) {
      for (const masked of [false, true]) {
        const c: HistogramCase = {
          srcShape: [1024],
          srcEnc: src.replace("NW", String(numWarps)),
          numBins: 64,
          dstEnc: dst.replace("NW", String(numWarps)),
          numWarps,
          elem: 'i32',
          masked,
        };
        expect(runHistogramCase(c).first ?? '', JSON.stringify(c)).toBe('');
      }
    }
  });

  test('random layouts', () => {
    const rng = new Rng(0x4157);
    const N = Number(process.env['HISTOGRAM_SIM_CASES'] ?? 150);
    const failures: string[] = [];
    let ok = 0;
    let skipped = 0;
    for (let i = 0; ok + failures.length < N && i < N * 4; i++) {
      const c = randomCase(rng);
      try {
        const r = runHistogramCase(c);
        if (r.mismatches) failures.push(`${JSON.stringify(c)}: ${r.first}`);
        else ok++;
      } catch (e) {
        const msg = (e as Error).message;
        if (e instanceof UnevenReplication) skipped++;
        else if (/lowering failed|simulator/.test(msg)) failures.push(`${JSON.stringify(c)}: ${msg}`);
        else skipped++;
      }
    }
    console.log(`tt.histogram simulator: ${ok} pass, ${failures.length} fail, ${skipped} skipped (invalid or unevenly replicated layouts)`);
    if (failures.length) console.log(failures.slice(0, 10).join('\n'));
    expect(failures.slice(0, 5)).toEqual([]);
    expect(ok).toBeGreaterThanOrEqual(N * 0.9);
  });
});
