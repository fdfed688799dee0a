/**
 * `ttg-layout --convert` / `--explain-converts`: every number the explanation gives (shuffles, shared memory
 * instructions and their widths, ldmatrix/stmatrix, barriers, scratch bytes, bank wavefronts) is checked against
 * what the lowering really emits for the same op, lowered on its own and run on the warp simulator (which also
 * measures the wavefronts), so the explainer cannot drift from the lowering.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { IntegerAttr, StringAttr } from '../dialect/ir/attribute.js';
import type { Operation } from '../dialect/ir/ir.js';
import { RankedTensorType, VectorType, IntegerType, FloatType, type Type } from '../dialect/ir/type.js';
import { LLVMPointerType } from '../dialect/llvm/types.js';
import { memDescLinearLayout, toLinearLayout } from '../dialect/ttg/to-linear-layout.js';
import { MemDescType } from '../dialect/ttg/types.js';
import { runLayoutCli } from '../bin/ttg-layout.js';
import { explainConvert, explainLocal, type AccessSummary, type CvtExplanation } from '../lowering/explain.js';
import { DiskTree, type FileTree, groundTruth } from '../golden/ground-truth.js';
import { unpackExtraCorpus } from '../golden/extra-corpus.js';
import { ELEMENT_TYPES, parseModule, simulateIdentity } from './simulator/harness.js';
import { Rng, randomLayout, randomShape, randomShared, type Family, type SharedFamily } from './simulator/layouts.js';

const BLOCKED = '#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>';
const BLOCKED_T = '#ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [16, 2], warpsPerCTA = [1, 4], order = [0, 1]}>';
const BLOCKED_W = '#ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>';
const BLOCKED_S = '#ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>';
const MMA = '#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>';

/** What the lowered function contains (per thread: the code is straight-line). */
interface Emitted {
  shfl: number;
  st: number;
  ld: number;
  /** Bits per lane of each shared store / load. */
  stBits: Set<number>;
  ldBits: Set<number>;
  stmatrix: number;
  ldmatrix: number;
  predicatedSt: number;
  barriers: number;
}

function typeBits(t: Type): number {
  if (t instanceof VectorType) return t.shape[0]! * typeBits(t.elementType);
  if (t instanceof IntegerType || t instanceof FloatType) return t.width;
  return 64;
}

function isShared(t: Type): boolean {
  return t instanceof LLVMPointerType && t.addressSpace === 3;
}

function countEmitted(module: Operation): Emitted {
  const e: Emitted = { shfl: 0, st: 0, ld: 0, stBits: new Set(), ldBits: new Set(), stmatrix: 0, ldmatrix: 0, predicatedSt: 0, barriers: 0 };
  module.walk((op) => {
    if (op.name === 'nvvm.shfl.sync') e.shfl++;
    else if (op.name === 'llvm.store' && isShared(op.operand(1).type)) {
      e.st++;
      e.stBits.add(typeBits(op.operand(0).type));
    } else if (op.name === 'llvm.load' && isShared(op.operand(0).type)) {
      e.ld++;
      e.ldBits.add(typeBits(op.result(0).type));
    } else if (op.name === 'nvvm.stmatrix') e.stmatrix++;
    else if (op.name === 'nvvm.ldmatrix') e.ldmatrix++;
    else if (op.name === 'llvm.inline_asm' && /st\.shared/.test((op.getAttr('asm_string') as StringAttr | undefined)?.value ?? '')) e.predicatedSt++;
    else if (op.name === 'nvvm.barrier0' || op.name === 'nvvm.bar.warp.sync') e.barriers++;
  });
  return e;
}

function moduleText(numWarps: number, cc: number, argTy: string, body: string[], retTy: string): string {
  return `module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = ${numWarps} : i32, ttg.target = "cuda:${cc}", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @cvt(%arg0: ${argTy}) -> ${retTy} {
${body.map((l) => `    ${l}`).join('\n')}
  }
}
`;
}

function numWarpsOf(t: RankedTensorType): number {
  return toLinearLayout(t.shape, t.encoding!).getInDimSize('warp');
}

/** Checks one side's summary against the emitted instructions and the simulator's wavefronts. */
function checkSide(kind: 'st' | 'ld', s: AccessSummary, got: Emitted, byKind: Map<string, [number, number]>, numWarps: number, what: string): void {
  if (s.instr.startsWith(`${kind}matrix`)) {
    expect(got[`${kind}matrix`], `${what}: ${s.instr}`).toBe(s.count);
    expect(byKind.get(`nvvm.${kind}matrix`), what).toEqual([s.count * numWarps * s.wavefronts!, s.count * numWarps * s.ideal!]);
  } else if (s.instr.includes('predicated')) {
    expect(got.predicatedSt, what).toBe(s.count);
  } else {
    expect(got[kind], `${what}: ${s.instr}`).toBe(s.count);
    expect([...got[`${kind}Bits`]], `${what}: bits per ${kind}.shared`).toEqual(s.count ? [s.bits] : []);
    if (s.wavefronts !== undefined) {
      const k = kind === 'st' ? 'llvm.store' : 'llvm.load';
      expect(byKind.get(k) ?? [0, 0], `${what}: wavefronts of ${k}`).toEqual([s.count * numWarps * s.wavefronts, s.count * numWarps * s.ideal!]);
    }
  }
}

/** Lowers `convert_layout src -> dst` alone, simulates it, and compares with the explanation. */
function checkConvert(srcTy: RankedTensorType, dstTy: RankedTensorType, cc: number, e: CvtExplanation = explainConvert(srcTy, dstTy, cc)): CvtExplanation {
  const numWarps = numWarpsOf(srcTy);
  const text = moduleText(numWarps, cc, srcTy.key, [`%0 = ttg.convert_layout %arg0 : ${srcTy.key} -> ${dstTy.key}`, `tt.return %0 : ${dstTy.key}`], dstTy.key);
  const what = `${srcTy.key} -> ${dstTy.key} sm${cc}`;
  expect(e.method, `${what}: ${e.error}`).not.toBe('error');
  const parsed = parseModule(text);
  const sim = simulateIdentity(parsed, 'cvt', numWarps, cc);
  expect(sim.mismatches, what).toBe(0);
  const got = countEmitted(parsed);
  const shared = (parsed.getAttr('ttg.shared') as IntegerAttr | undefined)?.num ?? 0;
  expect(shared, `${what}: scratch bytes`).toBe(e.scratchBytes);
  if (e.method === 'shuffle') {
    expect(got.shfl, what).toBe(e.shuffle!.shfl);
    expect(got.st + got.ld + got.stmatrix + got.ldmatrix + got.barriers, what).toBe(0);
  } else if (e.method === 'shared') {
    expect(got.shfl, what).toBe(0);
    checkSide('st', e.shared!.store, got, sim.stats.byKind, numWarps, what);
    checkSide('ld', e.shared!.load, got, sim.stats.byKind, numWarps, what);
    expect(got.barriers, what).toBe(e.shared!.barriers);
  } else {
    expect(got, what).toMatchObject({ shfl: 0, st: 0, ld: 0, stmatrix: 0, ldmatrix: 0, barriers: 0 });
  }
  return e;
}

/** Lowers `local_alloc %src` + `local_load -> dst` alone and compares with the explanations of both ops. */
function checkLocalPair(srcTy: RankedTensorType, memTy: MemDescType, dstTy: RankedTensorType, cc: number): void {
  const numWarps = numWarpsOf(srcTy);
  const what = `${srcTy.key} -> ${memTy.key} -> ${dstTy.key} sm${cc}`;
  const store = explainLocal('local_alloc', srcTy, memTy, cc).access!;
  const load = explainLocal('local_load', dstTy, memTy, cc).access!;
  const text = moduleText(
    numWarps,
    cc,
    srcTy.key,
    [`%0 = ttg.local_alloc %arg0 : (${srcTy.key}) -> ${memTy.key}`, `%1 = ttg.local_load %0 : ${memTy.key} -> ${dstTy.key}`, `tt.return %1 : ${dstTy.key}`],
    dstTy.key,
  );
  const parsed = parseModule(text);
  const sim = simulateIdentity(parsed, 'cvt', numWarps, cc);
  expect(sim.mismatches, what).toBe(0);
  const got = countEmitted(parsed);
  checkSide('st', store, got, sim.stats.byKind, numWarps, what);
  checkSide('ld', load, got, sim.stats.byKind, numWarps, what);
}

function tensor(shape: string, dtype: string, enc: string): RankedTensorType {
  const m = parseModule(`#mma = ${MMA}\nmodule { tt.func private @f(%a: tensor<${shape}x${dtype}, ${enc}>) { tt.return } }`);
  let t: RankedTensorType | undefined;
  m.walk((op) => {
    if (op.name === 'tt.func') t = op.region(0).blocks[0]!.args[0]!.type as RankedTensorType;
  });
  return t!;
}

async function cliJson(args: string[]): Promise<CvtExplanation> {
  const r = await runLayoutCli([...args, '--format', 'json']);
  expect(r.stderr).toBe('');
  return JSON.parse(r.stdout) as CvtExplanation;
}

describe('ttg-layout --convert', () => {
  it('blocked -> blocked transpose: shared memory, numbers as lowered', async () => {
    const e = await cliJson(['--convert', BLOCKED, BLOCKED_T, '--shape', '64x64', '--dtype', 'f16', '--cc', '80']);
    expect(e.method).toBe('shared');
    expect(e.triton.path).toBe('shared memory');
    expect(e.conversion!.moving).toEqual(['register', 'lane', 'warp']);
    expect(e.scratchBytes).toBe(8192);
    checkConvert(tensor('64x64', 'f16', BLOCKED), tensor('64x64', 'f16', BLOCKED_T), 80, e);
    const text = (await runLayoutCli(['--convert', BLOCKED, BLOCKED_T, '--shape', '64x64', '--dtype', 'f16'])).stdout;
    expect(text).toContain('Triton 3.6: shared memory (data crosses warps)');
    expect(text).toMatch(/^cost: \d+ st\.shared\.v4\.b32 \+ \d+ ldmatrix\.x4\.trans, 8192 B scratch, 1 barrier, conflict-free$/m);
  });
  it('blocked -> blocked transpose on sm90 (stmatrix/ldmatrix where the swizzling picks them)', async () => {
    const e = await cliJson(['--convert', BLOCKED, BLOCKED_T, '--shape', '64x64', '--dtype', 'f16', '--cc', '90']);
    checkConvert(tensor('64x64', 'f16', BLOCKED), tensor('64x64', 'f16', BLOCKED_T), 90, e);
  });
  it('blocked -> mma dot operand', async () => {
    const dot = '#ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>';
    const e = await cliJson(['--convert', BLOCKED, dot, '--alias', `#mma = ${MMA}`, '--shape', '64x32', '--dtype', 'f16']);
    expect(e.method).toBe('shared');
    checkConvert(tensor('64x32', 'f16', BLOCKED), tensor('64x32', 'f16', dot), 80, e);
  });
  it('mma accumulator -> blocked (f32, several rounds)', async () => {
    const e = await cliJson(['--convert', '#mma', BLOCKED_W, '--alias', `#mma = ${MMA}`, '--shape', '128x128']);
    expect(e.shared!.rounds).toBeGreaterThan(1);
    expect(e.shared!.barriers).toBe(2 * e.shared!.rounds - 1);
    checkConvert(tensor('128x128', 'f32', MMA), tensor('128x128', 'f32', BLOCKED_W), 80, e);
  });
  it('within warps: shuffles', async () => {
    // Same warps; lanes and registers exchange roles.
    const e = await cliJson(['--convert', BLOCKED_W, BLOCKED_S, '--shape', '4x64']);
    expect(e.conversion!.moving).not.toContain('warp');
    expect(e.method).toBe('shuffle');
    expect(e.cost).toMatch(/^\d+ shfl\.sync \+ \d+ selects?, 0 B shared/);
    checkConvert(tensor('4x64', 'f32', BLOCKED_W), tensor('4x64', 'f32', BLOCKED_S), 80, e);
  });
  it('slice layouts', async () => {
    const s1 = `#ttg.slice<{dim = 1, parent = ${BLOCKED}}>`;
    const s2 = `#ttg.slice<{dim = 1, parent = ${BLOCKED_T}}>`;
    const e = await cliJson(['--convert', s1, s2, '--shape', '64']);
    checkConvert(tensor('64', 'f32', s1), tensor('64', 'f32', s2), 80, e);
    const s3 = `#ttg.slice<{dim = 0, parent = ${BLOCKED}}>`;
    const s4 = `#ttg.slice<{dim = 0, parent = ${BLOCKED_W}}>`;
    checkConvert(tensor('64', 'f32', s3), tensor('64', 'f32', s4), 80, await cliJson(['--convert', s3, s4, '--shape', '64']));
  });
  it('identical layouts: no-op; register permutations: no code', async () => {
    const e = await cliJson(['--convert', BLOCKED, BLOCKED, '--shape', '64x64']);
    expect(e.method).toBe('identity');
    expect(e.triton.path).toBe('no-op');
    expect(e.cost).toBe('no-op: 0 instructions, 0 B shared');
    checkConvert(tensor('64x64', 'f32', BLOCKED), tensor('64x64', 'f32', BLOCKED), 80, e);
    const lin = '#ttg.linear<{register = [[0, 2], [0, 1], [8, 0], [16, 0], [32, 0]], lane = [[0, 4], [0, 8], [0, 16], [0, 32], [1, 0]], warp = [[2, 0], [4, 0]], block = []}>';
    const p = await cliJson(['--convert', BLOCKED, lin, '--shape', '64x64']);
    expect(p.method).toBe('registers');
    expect(p.conversion!.moving).toEqual(['register']);
    checkConvert(tensor('64x64', 'f32', BLOCKED), tensor('64x64', 'f32', lin), 80, p);
  });
  it('rejects bad input', async () => {
    const r = await runLayoutCli(['--convert', BLOCKED, '--shape', '64x64']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^error: --convert takes two encodings/);
    const t = await runLayoutCli([BLOCKED, '--shape', '8x8', '--format', 'text']);
    expect(t.stderr).toMatch(/^error: --format text is for/);
  });
});

describe('ttg-layout --explain-converts', () => {
  it('lists every convert_layout / local op with its line', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ttg-explain-'));
    const f = join(dir, 'k.mlir');
    const src = `#blocked = ${BLOCKED}
#blocked1 = ${BLOCKED_T}
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @k(%a: tensor<64x64xf16, #blocked>) -> tensor<64x64xf16, #blocked1> {
    // ttg.convert_layout in a comment is not an op
    %0 = ttg.convert_layout %a : tensor<64x64xf16, #blocked> -> tensor<64x64xf16, #blocked1>
    %1 = ttg.local_alloc %a : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
    %2 = ttg.local_load %1 : !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf16, #blocked1>
    tt.return %0 : tensor<64x64xf16, #blocked1>
  }
}
`;
    writeFileSync(f, src);
    const r = await runLayoutCli(['--explain-converts', f]);
    expect(r.stderr).toBe('');
    expect(r.stdout).toContain(`${f}:8: %0 = ttg.convert_layout %a`);
    expect(r.stdout).toContain(`${f}:9: %1 = ttg.local_alloc %a`);
    expect(r.stdout).toContain(`${f}:10: %2 = ttg.local_load %1`);
    expect(r.stdout).toMatch(/^ {2}cost: 8 st\.shared\.v2\.b32, 2 wavefronts each, conflict-free$/m);
    expect(r.stdout).toMatch(/^ {2}cost: 32 ld\.shared\.b16, 8 wavefronts each vs 1 ideal \(8-way conflicts\)$/m);
    const j = await runLayoutCli(['--explain-converts', f, '--format', 'json']);
    const lines = j.stdout.trim().split('\n').map((l) => JSON.parse(l) as { line: number; op: string });
    expect(lines.map((l) => [l.line, l.op])).toEqual([
      [8, 'convert_layout'],
      [9, 'local_alloc'],
      [10, 'local_load'],
    ]);
  });
});

/** Every convert_layout and local_alloc→local_load pair of the corpus, lowered alone and compared. */
describe('corpus: the explanation matches the lowering', () => {
  const files = (tree: FileTree): string[] =>
    tree.list('').map((c) => `${c}/15-allocate-shared-memory.mlir`).filter((f) => tree.isFile(f)).map((f) => tree.read(f));
  const shared = files(groundTruth().sub('golden/corpus'));
  it('every convert_layout and local_alloc/local_load pair (both corpora)', () => {
    expect(shared.length).toBe(72);
    const seen = new Set<string>();
    const methods: Record<string, number> = {};
    let locals = 0;
    for (const text of [...shared, ...files(new DiskTree(unpackExtraCorpus()))]) {
      const m = parseModule(text);
      const target = (m.getAttr('ttg.target') as StringAttr).value;
      const cc = Number(/cuda:(\d+)/.exec(target)![1]);
      m.walk((op) => {
        if (op.name === 'ttg.convert_layout') {
          const s = op.operand(0).type as RankedTensorType;
          const d = op.result(0).type as RankedTensorType;
          const key = `${cc}|${s.key}|${d.key}`;
          if (seen.has(key)) return;
          seen.add(key);
          const e = checkConvert(s, d, cc);
          methods[e.method] = (methods[e.method] ?? 0) + 1;
        } else if (op.name === 'ttg.local_load') {
          const alloc = op.operand(0).definingOp;
          if (alloc?.name !== 'ttg.local_alloc' || alloc.operands.length === 0) return;
          const s = alloc.operand(0).type as RankedTensorType;
          const mem = alloc.result(0).type as MemDescType;
          const d = op.result(0).type as RankedTensorType;
          const key = `${cc}|${s.key}|${mem.key}|${d.key}`;
          if (seen.has(key)) return;
          seen.add(key);
          checkLocalPair(s, mem, d, cc);
          locals++;
        }
      });
    }
    console.log(`explain vs lowering: ${JSON.stringify(methods)} conversions, ${locals} local_alloc/local_load pairs`);
    expect(Object.values(methods).reduce((a, b) => a + b, 0)).toBeGreaterThan(10);
    expect(locals).toBeGreaterThan(3);
  }, 600_000);
});

/** Random layout pairs (the simulator tests' generators): the explanation still matches the lowering. */
describe('random pairs: the explanation matches the lowering', () => {
  const FAMILIES: Family[] = ['blocked', 'mma', 'dot_op', 'slice', 'linear'];
  const SHARED: SharedFamily[] = ['swizzled', 'nvmma', 'shared_linear', 'padded'];
  /** Parses a module with one function argument of each type; undefined when a random layout is invalid. */
  function types(texts: string[]): Type[] | undefined {
    try {
      const m = parseModule(`module attributes {"ttg.num-warps" = 4 : i32} { tt.func private @f(${texts.map((t, i) => `%a${i}: ${t}`).join(', ')}) { tt.return } }`);
      let out: Type[] | undefined;
      m.walk((op) => {
        if (op.name === 'tt.func') out = op.region(0).blocks[0]!.args.map((a) => a.type);
      });
      return out;
    } catch {
      return undefined;
    }
  }
  it('convert_layout and local_alloc/local_load', () => {
    const rng = new Rng(7081);
    const methods: Record<string, number> = {};
    let locals = 0;
    for (let i = 0; i < 400 && (Object.values(methods).reduce((a, b) => a + b, 0) < 150 || locals < 60); i++) {
      const numWarps = rng.pick([1, 2, 4, 8]);
      const width = rng.pick([8, 16, 32, 64]);
      const elem = rng.pick(ELEMENT_TYPES[width]!);
      const shape = randomShape(rng, 5, 9);
      const cc = rng.pick([80, 90]);
      const enc = (): string | undefined => {
        try {
          return randomLayout(rng, rng.pick(FAMILIES), shape, numWarps);
        } catch {
          return undefined;
        }
      };
      const [src, dst] = [enc(), enc()];
      if (!src || !dst) continue;
      const t = (e: string): string => `tensor<${shape.join('x')}x${elem}, ${e}>`;
      if (i % 3 === 2) {
        const mem = `!ttg.memdesc<${shape.join('x')}x${elem}, ${randomShared(rng, rng.pick(SHARED), shape, width)}, #ttg.shared_memory>`;
        const ts = types([t(src), mem, t(dst)]);
        if (!ts) continue;
        try {
          // Shared layouts that cannot hold the shape (or the tensor) are rejected by the layout algebra: skipped.
          memDescLinearLayout(ts[1] as MemDescType);
          explainLocal('local_alloc', ts[0] as RankedTensorType, ts[1] as MemDescType, cc);
          explainLocal('local_load', ts[2] as RankedTensorType, ts[1] as MemDescType, cc);
        } catch {
          continue;
        }
        checkLocalPair(ts[0] as RankedTensorType, ts[1] as MemDescType, ts[2] as RankedTensorType, cc);
        locals++;
      } else {
        const ts = types([t(src), t(dst)]);
        if (!ts) continue;
        const [s, d] = ts as [RankedTensorType, RankedTensorType];
        if (numWarpsOf(s) !== numWarpsOf(d)) continue;
        const e = explainConvert(s, d, cc);
        if (e.method === 'error') continue;
        checkConvert(s, d, cc, e);
        methods[e.method] = (methods[e.method] ?? 0) + 1;
      }
    }
    console.log(`explain vs lowering, random: ${JSON.stringify(methods)} conversions, ${locals} local_alloc/local_load pairs`);
    expect(locals).toBeGreaterThan(20);
  }, 600_000);
});
