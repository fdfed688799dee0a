// Tests of --tritongpu-coalesce (transforms/coalesce.ts).

import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import '../dialect/index.js';
import '../tools/passes.js';
import { groundTruth } from '../golden/ground-truth.js';
import { Parser } from '../parser/parser.js';
import { printOperation } from '../printer/printer.js';
import type { Operation } from '../dialect/ir/ir.js';
import { coalesce, connectedSlice } from '../transforms/coalesce.js';

function parse(src: string): Operation {
  return new Parser(src, { filename: 'test.mlir' }).parseModule();
}

function run(src: string): string {
  const m = parse(src);
  coalesce(m);
  return printOperation(m, {});
}

const HEADER = `#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {`;

describe('tritongpu-coalesce', () => {
  it('vectorizes up to 128 bits along the contiguous dim, bounded by elements per thread', () => {
    const out = run(`${HEADER}
      tt.func @f(%a: !tt.ptr<f16> {tt.divisibility = 16 : i32}) {
        %r = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #blocked>
        %p0 = tt.splat %a : !tt.ptr<f16> -> tensor<256x!tt.ptr<f16>, #blocked>
        %p = tt.addptr %p0, %r : tensor<256x!tt.ptr<f16>, #blocked>, tensor<256xi32, #blocked>
        %v = tt.load %p : tensor<256x!tt.ptr<f16>, #blocked>
        tt.return
      }
    }`);
    // 256 elements over 128 threads: 2 per thread even though 8 f16 would fit in 128 bits.
    expect(out).toContain('#blocked1 = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>');
    expect(out).toContain('%3 = ttg.convert_layout %2 : tensor<256x!tt.ptr<f16>, #blocked> -> tensor<256x!tt.ptr<f16>, #blocked1>');
    expect(out).toContain('%5 = ttg.convert_layout %4 : tensor<256xf16, #blocked1> -> tensor<256xf16, #blocked>');
  });

  it('takes the widest same-order access for loads and caps stores at their own width', () => {
    const out = run(`${HEADER}
      tt.func @f(%a: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %b: !tt.ptr<f16> {tt.divisibility = 16 : i32}) {
        %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #blocked>
        %pa0 = tt.splat %a : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
        %pa = tt.addptr %pa0, %r : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
        %x = tt.load %pa : tensor<1024x!tt.ptr<f32>, #blocked>
        %pb0 = tt.splat %b : !tt.ptr<f16> -> tensor<1024x!tt.ptr<f16>, #blocked>
        %pb = tt.addptr %pb0, %r : tensor<1024x!tt.ptr<f16>, #blocked>, tensor<1024xi32, #blocked>
        %y = tt.load %pb : tensor<1024x!tt.ptr<f16>, #blocked>
        tt.store %pa, %x : tensor<1024x!tt.ptr<f32>, #blocked>
        tt.return
      }
    }`);
    expect(out).toMatch(/tt\.load %\d+ : tensor<1024x!tt\.ptr<f32>, #blocked1>/);
    expect(out).toContain('#blocked1 = #ttg.blocked<{sizePerThread = [8]');
    expect(out).toContain('#blocked2 = #ttg.blocked<{sizePerThread = [4]');
    expect(out).toMatch(/tt\.store %\d+, %\d+ : tensor<1024x!tt\.ptr<f32>, #blocked2>/);
  });

  it('orders dims by decreasing contiguity, ties in dim order', () => {
    const out = run(`#blocked = #ttg.blocked<{sizePerThread = [1, 1, 1], threadsPerWarp = [2, 4, 4], warpsPerCTA = [4, 1, 1], order = [2, 1, 0]}>
    module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
      tt.func @f(%a: !tt.ptr<i8> {tt.divisibility = 16 : i32}) {
        %p = tt.splat %a : !tt.ptr<i8> -> tensor<32x4x4x!tt.ptr<i8>, #blocked>
        %v = tt.load %p : tensor<32x4x4x!tt.ptr<i8>, #blocked>
        tt.return
      }
    }`);
    expect(out).toContain('#blocked1 = #ttg.blocked<{sizePerThread = [1, 1, 1], threadsPerWarp = [32, 1, 1], warpsPerCTA = [1, 4, 1], order = [0, 1, 2]}>');
  });

  it('reaches loop bodies through block arguments (getSlice)', () => {
    const m = parse(`${HEADER}
      tt.func @f(%a: !tt.ptr<f32>, %n: i32) {
        %c0 = arith.constant 0 : i32
        %c1 = arith.constant 1 : i32
        %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #blocked>
        %p0 = tt.splat %a : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>, #blocked>
        %p = tt.addptr %p0, %r : tensor<128x!tt.ptr<f32>, #blocked>, tensor<128xi32, #blocked>
        %x = tt.load %p : tensor<128x!tt.ptr<f32>, #blocked>
        %f = scf.for %i = %c0 to %n step %c1 iter_args(%q = %p) -> (tensor<128x!tt.ptr<f32>, #blocked>) : i32 {
          %y = tt.load %q : tensor<128x!tt.ptr<f32>, #blocked>
          scf.yield %q : tensor<128x!tt.ptr<f32>, #blocked>
        }
        tt.return
      }
    }`);
    let first: Operation | undefined;
    let inLoop: Operation | undefined;
    m.walk((op) => {
      if (op.name !== 'tt.load') return;
      if (op.parentOp?.name === 'scf.for') inLoop = op;
      else first = op;
    });
    const slice = connectedSlice(first!);
    expect(slice.has(inLoop!)).toBe(true);
    expect([...slice].some((o) => o.name === 'tt.func')).toBe(false);
  });
});

describe('corpus stage 02 (Triton 3.6)', () => {
  const gt = groundTruth();
  const corpus = 'golden/corpus';
  const cases = gt.list(corpus).filter((c) => /-w8$/.test(c)).slice(0, 24);
  it.skipIf(cases.length === 0).each(cases)('%s', (c) => {
    const dir = join(corpus, c);
    expect(run(gt.read(join(dir, '01-convert-triton-to-tritongpu.mlir')))).toBe(gt.read(join(dir, '02-tritongpu-coalesce.mlir')));
  });
});
