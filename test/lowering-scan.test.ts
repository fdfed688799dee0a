/**
 * `tt.scan` lowering (lowering/scan.ts) run on the CPU warp simulator and compared with a reference inclusive
 * scan: random blocked layouts (the layouts Triton lowers) plus the other families where their linear layout
 * has the register/lane/warp/register structure along the axis, rank 1-3, every axis, forward and reverse,
 * 1-8 warps (warp-synchronous, one warp with several axis blocks, several warps through shared memory),
 * element widths 8-64 with `add`, and a non-commutative two-operand combiner (affine maps
 * `(a1, b1) ∘ (a2, b2) = (a1·a2, b1·a2 + b2)`) that checks the combine order.
 */
import { describe, expect, test } from 'vitest';
import type { RankedTensorType } from '../dialect/ir/type.js';
import { parseModule } from './simulator/harness.js';
import { Rng, blocked, randomLayout, randomShape, type Family } from './simulator/layouts.js';
import { coordsOf, hashCoords, simulate } from './lowering-compute-sim.js';
import { toLinearLayout } from '../dialect/ttg/to-linear-layout.js';

export interface ScanCase {
  shape: number[];
  enc: string;
  axis: number;
  reverse: boolean;
  numWarps: number;
  elem: string;
  combiner: 'add' | 'affine';
}

const WIDTH: Record<string, number> = { i8: 8, i16: 16, i32: 32, i64: 64 };

export function scanModuleText(c: ScanCase): string {
  const e = c.elem;
  const t = `tensor<${c.shape.join('x')}x${e}, ${c.enc}>`;
  const two = c.combiner === 'affine';
  const ts = two ? [t, t] : [t];
  const body = two
    ? `^bb0(%a1: ${e}, %b1: ${e}, %a2: ${e}, %b2: ${e}):
      %a = arith.muli %a1, %a2 : ${e}
      %m = arith.muli %b1, %a2 : ${e}
      %b = arith.addi %m, %b2 : ${e}
      tt.scan.return %a, %b : ${e}, ${e}`
    : `^bb0(%a: ${e}, %b: ${e}):
      %s = arith.addi %a, %b : ${e}
      tt.scan.return %s : ${e}`;
  return `module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = ${c.numWarps} : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @f(${ts.map((x, i) => `%arg${i}: ${x}`).join(', ')}) -> (${ts.join(', ')}) {
    %r:${ts.length} = "tt.scan"(${ts.map((_, i) => `%arg${i}`).join(', ')}) <{axis = ${c.axis} : i32, reverse = ${c.reverse}}> ({
    ${body}
    }) : (${ts.join(', ')}) -> (${ts.join(', ')})
    tt.return ${ts.map((_, i) => `%r#${i}`).join(', ')} : ${ts.join(', ')}
  }
}
`;
}

export function runScanCase(c: ScanCase): { mismatches: number; first?: string; shuffles: number; barriers: number } {
  const text = scanModuleText(c);
  let ty: RankedTensorType | undefined;
  parseModule(text).walk((op) => {
    if (op.name === 'tt.scan') ty = op.operand(0).type as RankedTensorType;
  });
  const ll = toLinearLayout(ty!.shape, ty!.encoding!);
  const w = WIDTH[c.elem]!;
  const m = (1n << BigInt(w)) - 1n;
  const seed = c.shape.reduce((a, b) => a * 17 + b, c.axis + (c.reverse ? 100 : 0));
  const val = (arg: number, coords: number[]): bigint => (BigInt(hashCoords(coords, seed + arg)) | (BigInt(hashCoords(coords, seed + 9 + arg)) << 32n)) & m;
  const run = simulate(text, c.numWarps, 80, val);
  const S = c.shape[c.axis]!;
  const nOps = c.combiner === 'affine' ? 2 : 1;
  const cache = new Map<string, bigint[]>();
  const expected = (coords: number[]): bigint[] => {
    const key = coords.join(',');
    const hit = cache.get(key);
    if (hit) return hit;
    const pos = coords[c.axis]!;
    const ks: number[] = [];
    if (c.reverse) for (let k = S - 1; k >= pos; k--) ks.push(k);
    else for (let k = 0; k <= pos; k++) ks.push(k);
    let acc: bigint[] | undefined;
    for (const k of ks) {
      const cc = [...coords];
      cc[c.axis] = k;
      const cur = Array.from({ length: nOps }, (_, i) => val(i, cc));
      if (!acc) acc = cur;
      else if (nOps === 1) acc = [(acc[0]! + cur[0]!) & m];
      else acc = [(acc[0]! * cur[0]!) & m, (acc[1]! * cur[0]! + cur[1]!) & m];
    }
    cache.set(key, acc!);
    return acc!;
  };
  let mismatches = 0;
  let first: string | undefined;
  const n = c.numWarps * 32;
  for (let t = 0; t < n && mismatches < 100; t++) {
    const nReg = run.results[0]![t]!.length;
    for (let r = 0; r < nReg; r++) {
      const coords = coordsOf(ll, t, r);
      const want = expected(coords);
      for (let i = 0; i < nOps; i++) {
        const got = run.results[i]![t]![r]!;
        if (got !== want[i]) {
          mismatches++;
          first ??= `result ${i} thread ${t} register ${r} (coords ${coords.join(',')}): got ${got}, want ${want[i]}`;
        }
      }
    }
  }
  return { mismatches, ...(first ? { first } : {}), shuffles: run.stats.shuffles, barriers: run.stats.barriers };
}

const FAMILIES: Family[] = ['blocked', 'blocked', 'blocked', 'mma', 'slice', 'linear'];

function randomCase(rng: Rng): ScanCase {
  const numWarps = rng.pick([1, 2, 4, 4, 8]);
  const shape = randomShape(rng, 4, 10);
  const fam = rng.pick(FAMILIES);
  const enc = fam === 'blocked' ? blocked(rng, shape.length, numWarps) : randomLayout(rng, fam, shape, numWarps);
  return {
    shape,
    enc,
    axis: rng.int(shape.length),
    reverse: rng.chance(0.4),
    numWarps,
    elem: rng.pick(['i8', 'i16', 'i32', 'i32', 'i64']),
    combiner: rng.pick<'add' | 'affine'>(['add', 'affine']),
  };
}

describe('tt.scan on the warp simulator', () => {
  test('corpus-like cases', () => {
    const base = { reverse: false, elem: 'i32', combiner: 'add' as const };
    const cases: ScanCase[] = [
      { ...base, shape: [16, 128], enc: '#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>', axis: 1, numWarps: 4 },
      { ...base, shape: [64, 32], enc: '#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>', axis: 1, numWarps: 4 },
      { ...base, shape: [64, 32], enc: '#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>', axis: 1, numWarps: 4, reverse: true, combiner: 'affine' },
      // Several warps along the axis, several axis blocks.
      { ...base, shape: [8, 512], enc: '#ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [2, 16], warpsPerCTA = [1, 4], order = [1, 0]}>', axis: 1, numWarps: 4, combiner: 'affine' },
      { ...base, shape: [8, 512], enc: '#ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [2, 16], warpsPerCTA = [2, 2], order = [1, 0]}>', axis: 1, numWarps: 4, reverse: true },
      // One warp along the axis, several axis blocks, no lanes along the axis.
      { ...base, shape: [32, 16], enc: '#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [32, 1], warpsPerCTA = [1, 1], order = [1, 0]}>', axis: 1, numWarps: 1, combiner: 'affine' },
      { ...base, shape: [128], enc: '#ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]}>', axis: 0, numWarps: 8, elem: 'i64' },
    ];
    for (const c of cases) {
      const r = runScanCase(c);
      expect(r.first ?? '', JSON.stringify(c)).toBe('');
    }
  });

  test('random layouts', () => {
    const rng = new Rng(0x5ca11);
    const N = Number(process.env['SCAN_SIM_CASES'] ?? 300);
    const failures: string[] = [];
    let ok = 0;
    let skipped = 0;
    let unsupported = 0;
    let blockedUnsupported = 0;
    let crossWarp = 0;
    for (let i = 0; ok + failures.length < N && i < N * 6; i++) {
      const c = randomCase(rng);
      try {
        const r = runScanCase(c);
        if (r.mismatches) failures.push(`${JSON.stringify(c)}: ${r.first}`);
        else ok++;
        if (r.barriers) crossWarp++;
      } catch (e) {
        const msg = (e as Error).message;
        if (/unsupported layout/.test(msg)) {
          unsupported++;
          if (c.enc.startsWith('#ttg.blocked')) blockedUnsupported++;
          continue;
        }
        if (/lowering failed|simulator/.test(msg)) {
          failures.push(`${JSON.stringify(c)}: ${msg}`);
          continue;
        }
        skipped++;
      }
    }
    console.log(`tt.scan simulator: ${ok} pass (${crossWarp} across warps), ${failures.length} fail, ${unsupported} unsupported layouts (${blockedUnsupported} blocked), ${skipped} invalid random layouts skipped`);
    if (failures.length) console.log(failures.join('\n'));
    expect(failures.slice(0, 5)).toEqual([]);
    expect(blockedUnsupported).toBe(0);
    expect(ok).toBeGreaterThanOrEqual(N * 0.9);
  });
});
