/**
 * `ttg.convert_layout` lowering checked on the CPU warp simulator (test/simulator): random pairs of valid
 * distributed layouts (blocked, nvidia_mma v2/v3, dot_op, slice, linear; a share of pairs built to stay within
 * warps), element widths 8/16/32/64, 1-8 warps, sm80 and sm90. Every destination register of every thread must
 * hold the element its layout says, shared memory must be race free, and conversions that stay within warps are
 * lowered with shuffles exactly where Triton 3.6 shuffles them (the share is reported).
 */
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { groundTruth } from '../golden/ground-truth.js';
import { IntegerAttr, StringAttr } from '../dialect/ir/attribute.js';
import { cvtStats } from '../lowering/convert-layout.js';
import { toLinearLayout } from '../dialect/ttg/to-linear-layout.js';
import { Parser } from '../parser/parser.js';
import type { RankedTensorType } from '../dialect/ir/type.js';
import { ELEMENT_TYPES, NotConvertible, parseModule, runCvtCase, simulateIdentity, type CvtCase, type CvtResult } from './simulator/harness.js';
import { Rng, randomLayout, randomShape, type Family } from './simulator/layouts.js';

const FAMILIES: Family[] = ['blocked', 'mma', 'dot_op', 'slice', 'linear'];
const WIDTHS = [8, 16, 32, 64];

/** The encoding text of a layout as a `#ttg.linear` with the same warp bases and permuted/mixed register and lane bases. */
function intraWarpPartner(rng: Rng, shape: number[], enc: string, numWarps: number): string | undefined {
  const text = `module attributes {"ttg.num-warps" = ${numWarps} : i32} { tt.func @f(%a: tensor<${shape.join('x')}xf32, ${enc}>) { tt.return } }`;
  let t: RankedTensorType | undefined;
  try {
    const m = new Parser(text, { filename: 'p.mlir' }).parseModule();
    m.walk((op) => {
      if (op.name === 'tt.func') t = (op.region(0).blocks[0]!.args[0]!.type as RankedTensorType);
    });
  } catch {
    return undefined;
  }
  if (!t?.encoding) return undefined;
  const ll = toLinearLayout(shape, t.encoding);
  const bases = ll.getBases();
  const regs = (bases.get('register') ?? []).map((b) => [...b]);
  const lanes = (bases.get('lane') ?? []).map((b) => [...b]);
  const warps = (bases.get('warp') ?? []).map((b) => [...b]);
  const pool = rng.shuffle([...regs, ...lanes]);
  // Occasionally mix two bases of the same dim.
  for (let i = 0; i < pool.length; i++) {
    if (!rng.chance(0.15)) continue;
    const d = pool[i]!.findIndex((x) => x !== 0);
    if (d < 0) continue;
    const j = pool.findIndex((b, k) => k !== i && b[d] !== 0 && b.every((x, e) => e === d || x === 0) && b[d]! < pool[i]![d]!);
    if (j >= 0) pool[i]![d] = pool[i]![d]! ^ pool[j]![d]!;
  }
  const newLanes = pool.slice(0, lanes.length);
  const newRegs = pool.slice(lanes.length);
  const f = (bs: number[][]): string => `[${bs.map((b) => `[${b.join(', ')}]`).join(', ')}]`;
  return `#ttg.linear<{register = ${f(newRegs)}, lane = ${f(newLanes)}, warp = ${f(warps)}, block = []}>`;
}

function randomCase(rng: Rng, i: number): CvtCase & { partner: boolean } {
  const numWarps = rng.pick([1, 2, 4, 4, 8]);
  const width = WIDTHS[i % WIDTHS.length]!;
  const elem = rng.pick(ELEMENT_TYPES[width]!);
  // 32..512 elements (1024 for one pair in eight): small tensors keep 2000 pairs quick.
  const shape = randomShape(rng, 5, rng.chance(0.125) ? 10 : 9);
  const cc = rng.pick([80, 80, 90]);
  const src = randomLayout(rng, rng.pick(FAMILIES), shape, numWarps);
  let dst: string | undefined;
  if (rng.chance(0.4)) dst = intraWarpPartner(rng, shape, src, numWarps);
  const partner = dst !== undefined;
  dst ??= randomLayout(rng, rng.pick(FAMILIES), shape, numWarps);
  return { shape, elem, src, dst, numWarps, cc, partner };
}

describe('convert_layout on the warp simulator', () => {
  test('random layout pairs', () => {
    const rng = new Rng(20240611);
    const N = Number(process.env['CVT_SIM_PAIRS'] ?? 2000);
    const results: { c: CvtCase & { partner: boolean }; r: CvtResult }[] = [];
    const failures: string[] = [];
    let skipped = 0;
    const t0 = Date.now();
    const cpu0 = process.cpuUsage();
    for (let i = 0; results.length < N && i < N * 3; i++) {
      const c = randomCase(rng, i);
      let r: CvtResult;
      try {
        r = runCvtCase(c);
      } catch (e) {
        const msg = (e as Error).message;
        if (e instanceof NotConvertible) {
          skipped++;
          continue;
        }
        // Invalid random layouts (rejected by the verifier) are skipped; anything else fails.
        if (/parse|verif|expected|must|invalid|not supported|surjective|LayoutConversion/i.test(msg) && !/lowering failed|simulator/.test(msg)) {
          skipped++;
          continue;
        }
        failures.push(`${JSON.stringify(c)}: ${msg}`);
        results.push({ c, r: { method: 'identity', intraWarp: false, crossLane: false, tritonShuffles: false, stats: undefined as never, mismatches: 1 } });
        continue;
      }
      if (r.mismatches) failures.push(`${JSON.stringify(c)}: ${r.firstMismatch}`);
      results.push({ c, r });
    }
    const ms = Date.now() - t0;
    const cpu = process.cpuUsage(cpu0);
    const ok = results.filter((x) => x.r.mismatches === 0);
    const byWidth = WIDTHS.map((w) => `${w}-bit: ${results.filter((_x, i) => WIDTHS[i % 4] === w).length}`);
    const count = (m: string): number => ok.filter((x) => x.r.method === m).length;
    const intra = ok.filter((x) => x.r.intraWarp && x.r.crossLane);
    const intraShuffled = intra.filter((x) => x.r.method === 'shuffle').length;
    const intraAll = ok.filter((x) => x.r.intraWarp);
    const intraNoSmem = intraAll.filter((x) => x.r.method !== 'shared').length;
    const wf = ok.filter((x) => x.r.method === 'shared').reduce((a, x) => [a[0]! + x.r.stats.wavefronts, a[1]! + x.r.stats.idealWavefronts], [0, 0]);
    const shuffleFraction = intra.length ? intraShuffled / intra.length : 1;
    const natural = intra.filter((x) => !x.c.partner);
    const naturalShuffled = natural.filter((x) => x.r.method === 'shuffle').length;
    console.log(
      [
        `convert_layout simulator: ${results.length} pairs (${byWidth.join(', ')}), ${ok.length} pass (${((100 * ok.length) / results.length).toFixed(2)}%), ${skipped} invalid random layouts skipped, ${(ms / 1000).toFixed(1)} s (${((cpu.user + cpu.system) / 1e6).toFixed(1)} s CPU)`,
        `  methods: identity ${count('identity')}, registers ${count('registers')}, shuffle ${count('shuffle')}, shared ${count('shared')}`,
        `  within warps, across lanes: ${intra.length} pairs, ${intraShuffled} with shuffles (${(100 * shuffleFraction).toFixed(1)}%); all within-warp pairs without shared memory: ${intraNoSmem}/${intraAll.length}`,
        `    of which pairs of two random family layouts: ${naturalShuffled}/${natural.length} with shuffles (${((100 * naturalShuffled) / Math.max(1, natural.length)).toFixed(1)}%); constructed partners (register/lane bases permuted and mixed): ${intraShuffled - naturalShuffled}/${intra.length - natural.length}`,
        `  shared memory wavefronts: ${wf[0]} for an ideal ${wf[1]} (${(wf[0]! / Math.max(1, wf[1]!)).toFixed(3)}x)`,
      ].join('\n'),
    );
    if (failures.length) console.log(failures.slice(0, 10).join('\n'));
    expect(failures.slice(0, 5)).toEqual([]);
    expect(results.length).toBeGreaterThanOrEqual(N);
    // As Triton 3.6: shuffles exactly where its cvtNeedsWarpShuffle says so, shared memory otherwise.
    expect(intra.filter((x) => (x.r.method === 'shuffle') !== x.r.tritonShuffles).map((x) => JSON.stringify(x.c)).slice(0, 5)).toEqual([]);
    expect(shuffleFraction).toBeGreaterThan(0.3);
  }, 600_000);
});

describe('corpus data movement on the warp simulator', () => {
  const gt = groundTruth();
  const corpus = 'golden/corpus';
  const cases = gt.list(corpus).filter((d) => gt.isFile(join(corpus, d, '15-allocate-shared-memory.mlir')));
  test.skipIf(cases.length === 0)('every convert_layout and local_alloc/local_load of the corpus kernels', () => {
    const seen = new Set<string>();
    const methods: Record<string, number> = {};
    let n = 0;
    let wf = 0;
    let ideal = 0;
    for (const c of cases) {
      const m = parseModule(gt.read(join(corpus, c, '15-allocate-shared-memory.mlir')));
      const numWarps = (m.getAttr('ttg.num-warps') as IntegerAttr).num;
      const cc = Number(/cuda:(\d+)/.exec(String((m.getAttr('ttg.target') as StringAttr).value))![1]);
      const header = `module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = ${numWarps} : i32, ttg.target = "cuda:${cc}", "ttg.threads-per-warp" = 32 : i32}`;
      const texts: [string, string][] = [];
      m.walk((op) => {
        if (op.name === 'ttg.convert_layout') {
          const s = op.operand(0).type.key;
          const d = op.result(0).type.key;
          texts.push(['cvt', `${header} {\n  tt.func private @f(%a: ${s}) -> ${d} {\n    %0 = ttg.convert_layout %a : ${s} -> ${d}\n    tt.return %0 : ${d}\n  }\n}\n`]);
        }
        if (op.name === 'ttg.local_load' && op.operand(0).definingOp?.name === 'ttg.local_alloc' && op.operand(0).definingOp!.operands.length) {
          const alloc = op.operand(0).definingOp!;
          const s = alloc.operand(0).type.key;
          const mem = alloc.result(0).type.key;
          const d = op.result(0).type.key;
          texts.push(['smem', `${header} {\n  tt.func private @f(%a: ${s}) -> ${d} {\n    %0 = ttg.local_alloc %a : (${s}) -> ${mem}\n    %1 = ttg.local_load %0 : ${mem} -> ${d}\n    tt.return %1 : ${d}\n  }\n}\n`]);
        }
      });
      for (const [kind, text] of texts) {
        if (seen.has(text)) continue;
        seen.add(text);
        const before = { ...cvtStats };
        const r = simulateIdentity(parseModule(text), 'f', numWarps, cc);
        const how = kind === 'smem' ? (r.stats.ldmatrix ? 'local_load ldmatrix' : 'local_load ld.shared') : (Object.keys(cvtStats) as (keyof typeof cvtStats)[]).find((k) => cvtStats[k] !== before[k])!;
        methods[how] = (methods[how] ?? 0) + 1;
        wf += r.stats.wavefronts;
        ideal += r.stats.idealWavefronts;
        expect(r.mismatches, `${c}: ${r.firstMismatch}\n${text}`).toBe(0);
        n++;
      }
    }
    console.log(
      `corpus: ${n} distinct data movements checked (${Object.entries(methods).map(([k, v]) => `${k} ${v}`).join(', ')}); shared memory wavefronts ${wf} for an ideal ${ideal} (${(wf / Math.max(1, ideal)).toFixed(3)}x)`,
    );
    expect(n).toBeGreaterThan(0);
  }, 600_000);
});
