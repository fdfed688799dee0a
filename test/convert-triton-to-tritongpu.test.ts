// Tests of --convert-triton-to-tritongpu and the blocked-layout builders of dialect/ttg/utils/layout.ts.

import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import '../dialect/index.js';
import '../tools/passes.js';
import { groundTruth } from '../golden/ground-truth.js';
import { Parser } from '../parser/parser.js';
import { printOperation } from '../printer/printer.js';
import type { Operation } from '../dialect/ir/ir.js';
import { getPass, parsePassOptions } from '../transforms/pass.js';
import { runPipeline } from '../transforms/pass-manager.js';
import { argSortDesc, blockedFromShape, cgaForNumCTAs, defaultBlockedEncoding, shapePerCTAFromCGA } from '../dialect/ttg/utils/layout.js';

function parse(src: string): Operation {
  return new Parser(src, { filename: 'test.mlir' }).parseModule();
}

function convert(src: string, options = 'target=cuda:80 num-warps=4'): { ok: boolean; out: string; errors: string[] } {
  const m = parse(src);
  const pass = getPass('convert-triton-to-tritongpu')!;
  const r = runPipeline(m, [{ pass, options: parsePassOptions(pass, options) }]);
  return { ok: r.ok, out: printOperation(m, {}), errors: r.diagnostics.map((d) => d.message) };
}

const params = (e: ReturnType<typeof defaultBlockedEncoding>): [readonly number[], readonly number[], readonly number[], readonly number[]] => [
  e.sizePerThread,
  e.threadsPerWarp,
  e.warpsPerCTA,
  e.order,
];

describe('blocked layout builders', () => {
  it('spreads lanes then warps from the fastest dim (getDefaultBlockedEncoding)', () => {
    expect(params(defaultBlockedEncoding([1024], 4, 32, 1))).toEqual([[1], [32], [4], [0]]);
    expect(params(defaultBlockedEncoding([64, 64], 4, 32, 1))).toEqual([[1, 1], [1, 32], [2, 2], [1, 0]]);
    expect(params(defaultBlockedEncoding([64, 1], 4, 32, 1))).toEqual([[1, 1], [32, 1], [4, 1], [1, 0]]);
    expect(params(defaultBlockedEncoding([256, 2], 4, 32, 1))).toEqual([[1, 1], [16, 2], [4, 1], [1, 0]]);
    expect(params(defaultBlockedEncoding([2, 4, 8], 8, 32, 1))).toEqual([[1, 1, 1], [1, 4, 8], [8, 1, 1], [2, 1, 0]]);
    expect(params(defaultBlockedEncoding([16], 4, 64, 1))).toEqual([[1], [64], [4], [0]]);
  });

  it('accounts for sizePerThread and order (BlockedEncodingAttr::get with a shape)', () => {
    expect(params(blockedFromShape([64, 32], [1, 8], [1, 0], 4, 32))).toEqual([[1, 8], [8, 4], [4, 1], [1, 0]]);
    expect(params(blockedFromShape([128, 128], [4, 4], [1, 0], 2, 32))).toEqual([[4, 4], [1, 32], [2, 1], [1, 0]]);
    expect(params(blockedFromShape([64, 64], [4, 1], [0, 1], 4, 32))).toEqual([[4, 1], [16, 2], [1, 4], [0, 1]]);
  });

  it('splits CTAs from the slowest dim and wraps the rest on the last dim', () => {
    expect(cgaForNumCTAs([128, 64], [1, 1], [1, 0], 1)).toEqual([]);
    expect(cgaForNumCTAs([128, 64], [1, 1], [1, 0], 2)).toEqual([[1, 0]]);
    expect(shapePerCTAFromCGA([[1, 0]], [128, 64])).toEqual([64, 64]);
    expect(cgaForNumCTAs([1, 64], [1, 1], [1, 0], 4)).toEqual([[0, 1], [0, 2]]);
  });

  it('sorts dims by decreasing value, stable on ties', () => {
    expect(argSortDesc([1, 32])).toEqual([1, 0]);
    expect(argSortDesc([1, 1, 1])).toEqual([0, 1, 2]);
    expect(argSortDesc([4n, 64n, 4n])).toEqual([1, 0, 2]);
  });
});

describe('convert-triton-to-tritongpu', () => {
  it('sets the module attributes and default layouts', () => {
    const r = convert(
      `module {
        tt.func @f(%p: !tt.ptr<f32>) {
          %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
          %s = tt.splat %p : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
          %q = tt.addptr %s, %r : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
          %v = tt.load %q : tensor<128x!tt.ptr<f32>>
          tt.store %q, %v : tensor<128x!tt.ptr<f32>>
          tt.return
        }
      }`,
      'target=cuda:90 num-warps=2 threads-per-warp=32',
    );
    expect(r.ok).toBe(true);
    expect(r.out).toContain('#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]}>');
    expect(r.out).toContain('module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 2 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32}');
    expect(r.out).toContain('tt.load %2 : tensor<128x!tt.ptr<f32>, #blocked>');
  });

  it('requires a target', () => {
    const r = convert('module {\n}', 'num-warps=4');
    expect(r.ok).toBe(false);
    expect(r.errors.join('\n')).toContain("'convert-triton-to-tritongpu' requires 'target' option to be set");
  });

  it('converts a value once, right after its definition, and reuses the conversion', () => {
    const r = convert(`module {
      tt.func @f(%n: i32, %p: !tt.ptr<i32>) {
        %r = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
        %e = tt.expand_dims %r {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
        %s = tt.splat %n : i32 -> tensor<32x1xi32>
        %m = arith.muli %e, %s : tensor<32x1xi32>
        %a = arith.addi %e, %s : tensor<32x1xi32>
        %ps = tt.splat %p : !tt.ptr<i32> -> tensor<32x1x!tt.ptr<i32>>
        %pp = tt.addptr %ps, %m : tensor<32x1x!tt.ptr<i32>>, tensor<32x1xi32>
        tt.store %pp, %a : tensor<32x1x!tt.ptr<i32>>
        tt.return
      }
    }`);
    const lines = r.out.split('\n').map((l) => l.trim());
    const i = lines.findIndex((l) => l.includes('tt.expand_dims'));
    expect(lines[i - 1]).toMatch(/^%\d+ = ttg\.convert_layout %0 : .* -> tensor<32xi32, #ttg\.slice<\{dim = 1, parent = #blocked1\}>>$/);
    expect(lines[i + 1]).toMatch(/^%3 = ttg\.convert_layout %2 : tensor<32x1xi32, #blocked1> -> tensor<32x1xi32, #blocked2>$/);
    expect(r.out.match(/ttg\.convert_layout %2/g)).toHaveLength(1);
    expect(r.out).toContain('arith.muli %3, %4');
    expect(r.out).toContain('arith.addi %3, %4');
  });

  it('gives tt.dot a blocked accumulator and dot_op operands', () => {
    const r = convert(
      `module {
        tt.func @f(%pa: !tt.ptr<f16>, %pc: !tt.ptr<f32>) {
          %a0 = tt.splat %pa : !tt.ptr<f16> -> tensor<128x32x!tt.ptr<f16>>
          %a = tt.load %a0 : tensor<128x32x!tt.ptr<f16>>
          %b0 = tt.splat %pa : !tt.ptr<f16> -> tensor<32x128x!tt.ptr<f16>>
          %b = tt.load %b0 : tensor<32x128x!tt.ptr<f16>>
          %c = arith.constant dense<0.0> : tensor<128x128xf32>
          %d = tt.dot %a, %b, %c : tensor<128x32xf16> * tensor<32x128xf16> -> tensor<128x128xf32>
          %c0 = tt.splat %pc : !tt.ptr<f32> -> tensor<128x128x!tt.ptr<f32>>
          tt.store %c0, %d : tensor<128x128x!tt.ptr<f32>>
          tt.return
        }
      }`,
      'target=cuda:80 num-warps=2',
    );
    expect(r.out).toContain('#ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [1, 32], warpsPerCTA = [2, 1], order = [1, 0]}>');
    expect(r.out).toMatch(/tt\.dot %\d+, %\d+, %\d+ : tensor<128x32xf16, #ttg\.dot_op<\{opIdx = 0, parent = #blocked\d\}>> \* tensor<32x128xf16, #ttg\.dot_op<\{opIdx = 1, parent = #blocked\d\}>> -> tensor<128x128xf32, #blocked\d>/);
  });

  it('folds before converting: commutative constants move last, input constants fold', () => {
    const r = convert(`module {
      tt.func @f(%p: !tt.ptr<i32>) {
        %one = arith.constant dense<1> : tensor<128xi32>
        %two = arith.constant dense<2> : tensor<128xi32>
        %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
        %a = arith.muli %two, %r : tensor<128xi32>
        %b = arith.addi %a, %one : tensor<128xi32>
        %c = arith.muli %one, %two : tensor<128xi32>
        %ps = tt.splat %p : !tt.ptr<i32> -> tensor<128x!tt.ptr<i32>>
        tt.store %ps, %b : tensor<128x!tt.ptr<i32>>
        tt.store %ps, %c : tensor<128x!tt.ptr<i32>>
        tt.return
      }
    }`);
    expect(r.out).toContain('arith.muli %0, %cst_0');
    // 1 * 2 folds to a new constant, materialized before the folded op (no CSE in the conversion).
    expect(r.out).toContain('%cst_1 = arith.constant dense<2> : tensor<128xi32, #blocked>\n    %3 = tt.splat');
    expect(r.out).toContain('tt.store %3, %cst_1');
    expect(r.out).not.toContain('arith.muli %cst');
  });
});

describe('corpus stage 01 (Triton 3.6)', () => {
  const gt = groundTruth();
  const corpus = 'golden/corpus';
  const cases = gt.list(corpus).filter((c) => /-w4$/.test(c)).slice(0, 24);
  it.skipIf(cases.length === 0).each(cases)('%s', (c) => {
    const dir = join(corpus, c);
    const meta = JSON.parse(gt.read(join(dir, 'meta.json'))) as { stages: { file: string; flag: string }[] };
    const stage = meta.stages[0]!;
    const opts = stage.flag.slice(stage.flag.indexOf('=') + 1);
    const src = gt.read(join(dir, '00-ttir.mlir'));
    const r = convert(src, opts);
    expect(r.out).toBe(gt.read(join(dir, stage.file)));
  });
});
