// The tt / ttg folders and canonicalization patterns (dialect/tt/canonicalize.ts, dialect/ttg/folds.ts)
// against Triton 3.6:
//  (1) the upstream lit chunks whose RUN line canonicalizes or folds (TritonGPU/canonicalize.mlir,
//      optimize-locality.mlir, dot-operands.mlir, combine.mlir chunks needing tt folds): Triton 3.6's exact output;
//  (2) the Triton 3.6 fixtures that need tt folds (test/fixtures/rewrite-triton36);
//  (3) unit checks of each folder / pattern.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import '../dialect/index.js';
import '../tools/passes.js';
import { groundTruth } from '../golden/ground-truth.js';
import { Parser } from '../parser/parser.js';
import { printOperation } from '../printer/printer.js';
import { runCanonicalizer } from '../transforms/canonicalize.js';
import { runOptSync } from '../tools/opt-main.js';

const root = join(import.meta.dirname, '..');
const gt = groundTruth();
const upstream = 'upstream';
const fixtures = join(root, 'test/fixtures/rewrite-triton36');

function canonicalize(src: string): string {
  const m = new Parser(src, { filename: 'input.mlir' }).parseModule();
  runCanonicalizer(m);
  return printOperation(m, {});
}

interface ExpectedRun {
  run?: string;
  flags?: string[];
  chunks: { chunk: number; triton36_passes: boolean; triton36_output?: string }[];
}

/** Triton 3.6's outputs for the chunks of an upstream test file it passes, with our driver's outputs. */
function upstreamChunks(file: string, only?: readonly number[]): { chunk: number; flags: string[]; input: string; expected: string }[] {
  const src = join(upstream, 'test', file);
  const exp = join(upstream, 'expected', `${file}.json`);
  const chunks = gt.read(src).split(/^\/\/ -----\s*$/m);
  const run = (JSON.parse(gt.read(exp)) as { runs: ExpectedRun[] }).runs[0]!;
  // The RUN line's -allow-unregistered-dialect is not among its pass flags.
  const unregistered = run.run?.includes('allow-unregistered-dialect') ? ['--allow-unregistered-dialect'] : [];
  return run.chunks
    .filter((c) => c.triton36_passes && c.triton36_output !== undefined && (!only || only.includes(c.chunk)))
    .map((c) => ({ chunk: c.chunk, flags: [...(run.flags ?? []), ...unregistered], input: chunks[c.chunk]!, expected: c.triton36_output! }));
}

function runDriver(flags: readonly string[], input: string): string {
  const r = runOptSync(['-', ...flags], input);
  return r.stdout;
}

describe('upstream lit chunks: exact Triton 3.6 output', () => {
  // TritonGPU/canonicalize.mlir chunk 7 needs ttng.tmem_store(convert_layout) folding (Blackwell TMEM
  // compatibility), out of scope; chunk 14 needs ttg.warp_specialize's canonicalizations (unused results and
  // captures), not implemented yet (known gap: this test never ran in checkouts without ../shared before the
  // ground truth was bundled).
  const cases = [
    ...upstreamChunks('TritonGPU/canonicalize.mlir').filter((c) => c.chunk !== 7 && c.chunk !== 14).map((c) => ({ ...c, file: 'canonicalize' })),
    ...upstreamChunks('TritonGPU/optimize-locality.mlir').map((c) => ({ ...c, file: 'optimize-locality' })),
    ...upstreamChunks('TritonGPU/dot-operands.mlir').map((c) => ({ ...c, file: 'dot-operands' })),
    ...upstreamChunks('TritonGPU/combine.mlir', [1, 5]).map((c) => ({ ...c, file: 'combine' })),
  ];
  it('finds the upstream tests', () => expect(cases.length).toBeGreaterThan(20));
  for (const c of cases) {
    it(`${c.file} chunk ${c.chunk}`, () => {
      expect(runDriver(c.flags, c.input).trimEnd()).toBe(c.expected.trimEnd());
    });
  }
});

describe('Triton 3.6 fixtures needing tt folds', () => {
  for (const base of ['c04_tensor_folds', 'c08_more_folds']) {
    const input = join(fixtures, `${base}.mlir`);
    const exp = join(fixtures, `${base}.canonicalize.expected.mlir`);
    it.skipIf(!existsSync(input) || !existsSync(exp))(base, () => {
      expect(canonicalize(readFileSync(input, 'utf8')).trimEnd()).toBe(readFileSync(exp, 'utf8').trimEnd());
    });
  }
});

/** The body lines of function @f after canonicalization (signature `sig`, module attributes/aliases `pre`). */
function canonFn(sig: string, body: string, pre = ''): string[] {
  const out = canonicalize(`${pre}\nmodule {\n  tt.func @f${sig} {\n${body}\n  }\n}`);
  const lines = out.split('\n');
  const start = lines.findIndex((l) => l.includes('tt.func @f'));
  const res: string[] = [];
  for (let i = start + 1; i < lines.length; i++) {
    const l = lines[i]!.trim();
    if (l === '}' && lines[i]!.startsWith('  }')) break;
    res.push(l);
  }
  return res;
}

const BLOCKED = '#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>\n#blocked2 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>';

describe('tt folders', () => {
  it('splat of a constant is a dense constant', () => {
    expect(canonFn('() -> tensor<128xi32>', '%c = arith.constant 7 : i32\n%0 = tt.splat %c : i32 -> tensor<128xi32>\ntt.return %0 : tensor<128xi32>')).toEqual([
      '%cst = arith.constant dense<7> : tensor<128xi32>',
      'tt.return %cst : tensor<128xi32>',
    ]);
    expect(canonFn('() -> tensor<8xf32>', '%c = arith.constant 2.5 : f32\n%0 = tt.splat %c : f32 -> tensor<8xf32>\ntt.return %0 : tensor<8xf32>')).toEqual([
      '%cst = arith.constant dense<2.500000e+00> : tensor<8xf32>',
      'tt.return %cst : tensor<8xf32>',
    ]);
  });

  it('make_range of one element is a constant, of more elements is kept', () => {
    expect(canonFn('() -> tensor<1xi32>', '%0 = tt.make_range {end = 5 : i32, start = 4 : i32} : tensor<1xi32>\ntt.return %0 : tensor<1xi32>')).toEqual([
      '%cst = arith.constant dense<4> : tensor<1xi32>',
      'tt.return %cst : tensor<1xi32>',
    ]);
    expect(canonFn('() -> tensor<2xi32>', '%0 = tt.make_range {end = 6 : i32, start = 4 : i32} : tensor<2xi32>\ntt.return %0 : tensor<2xi32>')).toEqual([
      '%0 = tt.make_range {end = 6 : i32, start = 4 : i32} : tensor<2xi32>',
      'tt.return %0 : tensor<2xi32>',
    ]);
  });

  it('expand_dims / broadcast / reshape / trans of splat constants fold', () => {
    const body = [
      '%c = arith.constant dense<1.5> : tensor<128xf32, #ttg.slice<{dim = 1, parent = #blocked2}>>',
      '%1 = tt.expand_dims %c {axis = 1 : i32} : tensor<128xf32, #ttg.slice<{dim = 1, parent = #blocked2}>> -> tensor<128x1xf32, #blocked2>',
      '%2 = tt.broadcast %1 : tensor<128x1xf32, #blocked2> -> tensor<128x64xf32, #blocked2>',
      'tt.return %2 : tensor<128x64xf32, #blocked2>',
    ].join('\n');
    expect(canonFn('() -> tensor<128x64xf32, #blocked2>', body, BLOCKED)).toEqual([
      '%cst = arith.constant dense<1.500000e+00> : tensor<128x64xf32, #blocked>',
      'tt.return %cst : tensor<128x64xf32, #blocked>',
    ]);
    const t = ['%c = arith.constant dense<3> : tensor<4x8xi32>', '%0 = tt.trans %c {order = array<i32: 1, 0>} : tensor<4x8xi32> -> tensor<8x4xi32>', '%1 = tt.reshape %0 : tensor<8x4xi32> -> tensor<32xi32>', 'tt.return %1 : tensor<32xi32>'];
    expect(canonFn('() -> tensor<32xi32>', t.join('\n'))).toEqual(['%cst = arith.constant dense<3> : tensor<32xi32>', 'tt.return %cst : tensor<32xi32>']);
  });

  it('trans(trans(x)) composes the orders in place; identity trans folds', () => {
    const body = [
      '%0 = tt.trans %arg0 {order = array<i32: 1, 0, 2>} : tensor<4x8x16xf32> -> tensor<8x4x16xf32>',
      '%1 = tt.trans %0 {order = array<i32: 2, 0, 1>} : tensor<8x4x16xf32> -> tensor<16x8x4xf32>',
      'tt.return %1 : tensor<16x8x4xf32>',
    ].join('\n');
    expect(canonFn('(%arg0: tensor<4x8x16xf32>) -> tensor<16x8x4xf32>', body)).toEqual([
      '%0 = tt.trans %arg0 {order = array<i32: 2, 1, 0>} : tensor<4x8x16xf32> -> tensor<16x8x4xf32>',
      'tt.return %0 : tensor<16x8x4xf32>',
    ]);
    const id = ['%0 = tt.trans %arg0 {order = array<i32: 1, 0>} : tensor<4x8xf32> -> tensor<8x4xf32>', '%1 = tt.trans %0 {order = array<i32: 1, 0>} : tensor<8x4xf32> -> tensor<4x8xf32>', 'tt.return %1 : tensor<4x8xf32>'];
    expect(canonFn('(%arg0: tensor<4x8xf32>) -> tensor<4x8xf32>', id.join('\n'))).toEqual(['tt.return %arg0 : tensor<4x8xf32>']);
  });

  it('addptr of zero and advance by zeros are the pointer', () => {
    const body = [
      '%c0 = arith.constant 0 : i32',
      '%z = arith.constant dense<0> : tensor<128xi32>',
      '%0 = tt.addptr %arg0, %c0 : !tt.ptr<f32>, i32',
      '%1 = tt.addptr %arg1, %z : tensor<128x!tt.ptr<f32>>, tensor<128xi32>',
      '%2 = tt.advance %arg2, [%c0, %c0] : <tensor<16x16xf16>>',
      'tt.return %0, %1, %2 : !tt.ptr<f32>, tensor<128x!tt.ptr<f32>>, !tt.ptr<tensor<16x16xf16>>',
    ].join('\n');
    expect(
      canonFn('(%arg0: !tt.ptr<f32>, %arg1: tensor<128x!tt.ptr<f32>>, %arg2: !tt.ptr<tensor<16x16xf16>>) -> (!tt.ptr<f32>, tensor<128x!tt.ptr<f32>>, !tt.ptr<tensor<16x16xf16>>)', body),
    ).toEqual(['tt.return %arg0, %arg1, %arg2 : !tt.ptr<f32>, tensor<128x!tt.ptr<f32>>, !tt.ptr<tensor<16x16xf16>>']);
  });

  it('fp_to_fp of +0.0 / -0.0 is the zero of the result type', () => {
    const body = [
      '%z = arith.constant dense<-0.0> : tensor<16xf32>',
      '%0 = tt.fp_to_fp %z, rounding = rtne : tensor<16xf32> -> tensor<16xf16>',
      '%s = arith.constant 0.0 : f32',
      '%1 = tt.fp_to_fp %s, rounding = rtne : f32 -> f16',
      '%o = arith.constant 1.0 : f32',
      '%2 = tt.fp_to_fp %o, rounding = rtne : f32 -> f16',
      'tt.return %0, %1, %2 : tensor<16xf16>, f16, f16',
    ].join('\n');
    expect(canonFn('() -> (tensor<16xf16>, f16, f16)', body)).toEqual([
      '%cst = arith.constant 1.000000e+00 : f32',
      '%cst_0 = arith.constant dense<-0.000000e+00> : tensor<16xf16>',
      '%cst_1 = arith.constant 0.000000e+00 : f16',
      '%0 = tt.fp_to_fp %cst, rounding = rtne : f32 -> f16',
      'tt.return %cst_0, %cst_1, %0 : tensor<16xf16>, f16, f16',
    ]);
  });
});

describe('tt canonicalization patterns', () => {
  it('masked loads and stores with constant masks', () => {
    const body = [
      '%t = arith.constant dense<true> : tensor<128xi1>',
      '%f = arith.constant dense<false> : tensor<128xi1>',
      '%o = arith.constant dense<2.0> : tensor<128xf32>',
      '%0 = tt.load %arg0, %t, %o cacheModifier = ca : tensor<128x!tt.ptr<f32>>',
      '%1 = tt.load %arg0, %f, %o : tensor<128x!tt.ptr<f32>>',
      '%2 = tt.load %arg0, %f : tensor<128x!tt.ptr<f32>>',
      'tt.store %arg0, %arg1, %t evictionPolicy = evict_last : tensor<128x!tt.ptr<f32>>',
      'tt.store %arg0, %arg1, %f : tensor<128x!tt.ptr<f32>>',
      'tt.return %0, %1, %2 : tensor<128xf32>, tensor<128xf32>, tensor<128xf32>',
    ].join('\n');
    expect(canonFn('(%arg0: tensor<128x!tt.ptr<f32>>, %arg1: tensor<128xf32>) -> (tensor<128xf32>, tensor<128xf32>, tensor<128xf32>)', body)).toEqual([
      '%cst = arith.constant dense<false> : tensor<128xi1>',
      '%cst_0 = arith.constant dense<2.000000e+00> : tensor<128xf32>',
      '%0 = tt.load %arg0 cacheModifier = ca : tensor<128x!tt.ptr<f32>>',
      '%1 = tt.load %arg0, %cst : tensor<128x!tt.ptr<f32>>',
      'tt.store %arg0, %arg1 evictionPolicy = evict_last : tensor<128x!tt.ptr<f32>>',
      'tt.return %0, %cst_0, %1 : tensor<128xf32>, tensor<128xf32>, tensor<128xf32>',
    ]);
  });

  it('expand_dims(splat) and broadcast(splat) become splats; broadcast(broadcast) one broadcast', () => {
    const body = [
      '%0 = tt.splat %arg0 : i32 -> tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked2}>>',
      '%1 = tt.expand_dims %0 {axis = 1 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked2}>> -> tensor<128x1xi32, #blocked2>',
      '%2 = tt.broadcast %1 : tensor<128x1xi32, #blocked2> -> tensor<128x64xi32, #blocked2>',
      '%3 = tt.broadcast %arg1 : tensor<1x1xi32, #blocked2> -> tensor<1x64xi32, #blocked2>',
      '%4 = tt.broadcast %3 : tensor<1x64xi32, #blocked2> -> tensor<128x64xi32, #blocked2>',
      'tt.return %2, %4 : tensor<128x64xi32, #blocked2>, tensor<128x64xi32, #blocked2>',
    ].join('\n');
    expect(canonFn('(%arg0: i32, %arg1: tensor<1x1xi32, #blocked2>) -> (tensor<128x64xi32, #blocked2>, tensor<128x64xi32, #blocked2>)', body, BLOCKED)).toEqual([
      '%0 = tt.splat %arg0 : i32 -> tensor<128x64xi32, #blocked>',
      '%1 = tt.broadcast %arg1 : tensor<1x1xi32, #blocked> -> tensor<128x64xi32, #blocked>',
      'tt.return %0, %1 : tensor<128x64xi32, #blocked>, tensor<128x64xi32, #blocked>',
    ]);
  });

  it('expand_dims(broadcast(x)) becomes broadcast(expand_dims(x))', () => {
    const body = [
      '%0 = tt.broadcast %arg0 : tensor<1xi32> -> tensor<8xi32>',
      '%1 = tt.expand_dims %0 {axis = 0 : i32} : tensor<8xi32> -> tensor<1x8xi32>',
      'tt.return %1 : tensor<1x8xi32>',
    ].join('\n');
    expect(canonFn('(%arg0: tensor<1xi32>) -> tensor<1x8xi32>', body)).toEqual([
      '%0 = tt.expand_dims %arg0 {axis = 0 : i32} : tensor<1xi32> -> tensor<1x1xi32>',
      '%1 = tt.broadcast %0 : tensor<1x1xi32> -> tensor<1x8xi32>',
      'tt.return %1 : tensor<1x8xi32>',
    ]);
  });

  it('reshape(reshape) keeps allow_reorder from either; reshape(splat) is a splat; efficient_layout blocks both', () => {
    const body = [
      '%0 = tt.reshape %arg0 allow_reorder : tensor<32xf32> -> tensor<8x4xf32>',
      '%1 = tt.reshape %0 : tensor<8x4xf32> -> tensor<4x8xf32>',
      '%2 = tt.splat %arg1 : f32 -> tensor<32xf32>',
      '%3 = tt.reshape %2 : tensor<32xf32> -> tensor<2x16xf32>',
      '%4 = tt.reshape %0 efficient_layout : tensor<8x4xf32> -> tensor<32xf32>',
      'tt.return %1, %3, %4 : tensor<4x8xf32>, tensor<2x16xf32>, tensor<32xf32>',
    ].join('\n');
    expect(canonFn('(%arg0: tensor<32xf32>, %arg1: f32) -> (tensor<4x8xf32>, tensor<2x16xf32>, tensor<32xf32>)', body)).toEqual([
      '%0 = tt.reshape %arg0 allow_reorder : tensor<32xf32> -> tensor<8x4xf32>',
      '%1 = tt.reshape %arg0 allow_reorder : tensor<32xf32> -> tensor<4x8xf32>',
      '%2 = tt.splat %arg1 : f32 -> tensor<2x16xf32>',
      '%3 = tt.reshape %0 efficient_layout : tensor<8x4xf32> -> tensor<32xf32>',
      'tt.return %1, %2, %3 : tensor<4x8xf32>, tensor<2x16xf32>, tensor<32xf32>',
    ]);
  });
});

describe('ttg folders', () => {
  const PRE = [
    '#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>',
    '#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>',
    '#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0, 1]}>',
    '#smem = #ttg.shared_memory',
  ].join('\n');
  const M = '!ttg.memdesc<16x32xf16, #shared, #smem>';
  it('local_alloc(local_load(m)) is m for an immutable alloc of the same type', () => {
    const body = [
      `%0 = ttg.local_load %arg0 : ${M} -> tensor<16x32xf16, #blocked>`,
      `%1 = ttg.local_alloc %0 : (tensor<16x32xf16, #blocked>) -> ${M}`,
      '%2 = ttg.local_alloc %0 : (tensor<16x32xf16, #blocked>) -> !ttg.memdesc<16x32xf16, #shared, #smem, mutable>',
      `tt.return %1, %2 : ${M}, !ttg.memdesc<16x32xf16, #shared, #smem, mutable>`,
    ].join('\n');
    expect(canonFn(`(%arg0: ${M}) -> (${M}, !ttg.memdesc<16x32xf16, #shared, #smem, mutable>)`, body, PRE)).toEqual([
      `%0 = ttg.local_load %arg0 : ${M} -> tensor<16x32xf16, #blocked>`,
      '%1 = ttg.local_alloc %0 : (tensor<16x32xf16, #blocked>) -> !ttg.memdesc<16x32xf16, #shared, #smem, mutable>',
      `tt.return %arg0, %1 : ${M}, !ttg.memdesc<16x32xf16, #shared, #smem, mutable>`,
    ]);
  });
  it('memdesc_trans(memdesc_trans(m)) with inverse orders is m', () => {
    const body = [
      `%0 = ttg.memdesc_trans %arg0 {order = array<i32: 1, 0>} : ${M} -> !ttg.memdesc<32x16xf16, #shared1, #smem>`,
      `%1 = ttg.memdesc_trans %0 {order = array<i32: 1, 0>} : !ttg.memdesc<32x16xf16, #shared1, #smem> -> ${M}`,
      `tt.return %1 : ${M}`,
    ].join('\n');
    expect(canonFn(`(%arg0: ${M}) -> ${M}`, body, PRE)).toEqual([`tt.return %arg0 : ${M}`]);
  });
});
