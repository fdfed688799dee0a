// Tests of --tritongpu-optimize-thread-locality: the corpus stage (03 -> 04) and structural properties of the
// reduce-in-loop rewrite.

import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import '../dialect/index.js';
import '../tools/passes.js';
import { groundTruth } from '../golden/ground-truth.js';
import type { Operation } from '../dialect/ir/ir.js';
import { RankedTensorType } from '../dialect/ir/type.js';
import { BlockedEncodingAttr, SliceEncodingAttr } from '../dialect/ttg/attrs/index.js';
import { verifyOperation } from '../dialect/ir/verifier.js';
import { Parser } from '../parser/parser.js';
import { printOperation } from '../printer/printer.js';
import { optimizeThreadLocality } from '../transforms/optimize-thread-locality.js';

function parse(src: string): Operation {
  return new Parser(src, { filename: 'test.mlir' }).parseModule();
}

function run(src: string): Operation {
  const m = parse(src);
  optimizeThreadLocality(m);
  return m;
}

function opsNamed(m: Operation, name: string): Operation[] {
  const out: Operation[] = [];
  m.walk((op) => {
    if (op.name === name) out.push(op);
  });
  return out;
}

const HEADER = `module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {`;

function accumulationKernel(spt: number[], combiner: string, init: string): string {
  return `#blocked = #ttg.blocked<{sizePerThread = [${spt.join(', ')}], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#slice = #ttg.slice<{dim = 1, parent = #blocked}>
${HEADER}
  tt.func @k(%p: tensor<32x256x!tt.ptr<f32>, #blocked>, %n: i32) -> tensor<32xf32, #slice> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %init = arith.constant dense<${init}> : tensor<32xf32, #slice>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (tensor<32xf32, #slice>)  : i32 {
      %x = tt.load %p : tensor<32x256x!tt.ptr<f32>, #blocked>
      %s = "tt.reduce"(%x) <{axis = 1 : i32}> ({
      ^bb0(%a: f32, %b: f32):
        %t = ${combiner} %a, %b : f32
        tt.reduce.return %t : f32
      }) : (tensor<32x256xf32, #blocked>) -> tensor<32xf32, #slice>
      %u = ${combiner} %acc, %s : tensor<32xf32, #slice>
      scf.yield %u : tensor<32xf32, #slice>
    }
    tt.return %r : tensor<32xf32, #slice>
  }
}`;
}

describe('reduce-in-loop accumulation', () => {
  it('reshapes to [rows, N / e, e] with the per-thread run as the fastest dim', () => {
    // 256 columns over 32 lanes with 2 elements per thread: e = 2 * 4 repetitions = 8 elements per thread.
    const m = run(accumulationKernel([1, 2], 'arith.addf', '0.000000e+00'));
    expect(verifyOperation(m)).toBeUndefined();
    const [view] = opsNamed(m, 'tt.reshape');
    const t = view!.result(0).type as RankedTensorType;
    expect(t.shape).toEqual([32, 32, 8]);
    const enc = t.encoding as BlockedEncodingAttr;
    expect(enc.sizePerThread).toEqual([1, 1, 2]);
    expect(enc.threadsPerWarp).toEqual([1, 32, 1]);
    expect(enc.warpsPerCTA).toEqual([4, 1, 1]);
    expect(enc.order).toEqual([2, 1, 0]);
    const loops = opsNamed(m, 'scf.for');
    expect(loops).toHaveLength(1);
    const last = loops[0]!.result(1).type as RankedTensorType;
    expect(last.shape).toEqual([32, 32]);
    expect(last.encoding).toBe(SliceEncodingAttr.get(2, enc));
  });

  it('seeds the new accumulator with the combiner neutral element', () => {
    const cases: [string, string][] = [
      ['arith.addf', '0.000000e+00'],
      ['arith.mulf', '1.000000e+00'],
      ['arith.maximumf', '0xFF800000'],
      ['arith.minimumf', '0x7F800000'],
      ['arith.maxnumf', '0xFF800000'],
      ['arith.minnumf', '0x7F800000'],
    ];
    for (const [combiner, neutral] of cases) {
      const out = printOperation(run(accumulationKernel([1, 4], combiner, '5.000000e+00')), {});
      expect(out).toContain(`arith.constant dense<${neutral}> : tensor<32x32xf32`);
      // The original initial value is combined after the loop.
      expect(out).toMatch(new RegExp(`${combiner} %cst, %\\d+ : tensor<32xf32`));
    }
  });

  it('leaves layouts with one element per thread along the axis alone', () => {
    const src = accumulationKernel([1, 1], 'arith.addf', '0.000000e+00').replaceAll('32x256', '32x32');
    const before = printOperation(parse(src), {});
    expect(printOperation(run(src), {})).toBe(before);
  });
});

// Stage 03 -> 04 of every corpus case (only gather kernels change).
const gt = groundTruth();
const corpus = 'golden/corpus';
describe('corpus stage 04', () => {
  const cases = gt.list(corpus).filter((c) => gt.isFile(join(corpus, c, '04-tritongpu-optimize-thread-locality.mlir')));
  it.each(cases.filter((c) => c.startsWith('gather') || c.startsWith('add-') || c.startsWith('matmul')))('%s', (c) => {
    const src = gt.read(join(corpus, c, '03-tritongpu-remove-layout-conversions.mlir'));
    const want = gt.read(join(corpus, c, '04-tritongpu-optimize-thread-locality.mlir'));
    const got = printOperation(run(src), {});
    expect(got.trimEnd()).toBe(want.trimEnd());
  });
});
