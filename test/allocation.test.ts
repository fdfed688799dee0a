// Shared memory allocation (analysis/allocation.ts, --allocate-shared-memory-nv):
//  1. every corpus stage 15 is reproduced byte for byte from stage 14 with the meta.json flag;
//  2. hand-written inputs (test/fixtures/allocation) against Triton 3.6's ttg.shared and allocation.offset values
//     (recorded by test/fixtures/allocation/oracle.py): overlapping local_alloc liveness, aliases through block
//     arguments, convert_layout scratch through GenericSwizzling (mma, dot operand, slice; sm80 vs sm90 tiles),
//     multi-operand and cross-warp reductions, scans, non-warp-local gathers, calls and atomics;
//  3. analysis helpers: conversions needing shared memory, swizzled scratch sizes, liveness ranges.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { groundTruth } from '../golden/ground-truth.js';
import '../dialect/index.js';
import '../tools/passes.js';
import { Parser } from '../parser/parser.js';
import { printOperation } from '../printer/printer.js';
import { allocateSharedMemory } from '../transforms/allocate-shared-memory.js';
import { cvtNeedsSharedMemory, swizzledCvtLayout, Liveness } from '../analysis/allocation.js';
import { RankedTensorType } from '../dialect/ir/type.js';
import type { Operation } from '../dialect/ir/ir.js';

const gt = groundTruth();
const corpus = 'golden/corpus';
const cases = gt.list(corpus).filter((d) => gt.isFile(join(corpus, d, '15-allocate-shared-memory.mlir')));
const fixtures = join(import.meta.dirname, 'fixtures', 'allocation');

function parse(text: string, filename = 'test.mlir'): Operation {
  return new Parser(text, { filename }).parseModule();
}

describe('allocate-shared-memory-nv: corpus stage 15', () => {
  it('has cases', () => expect(cases.length).toBe(72));
  for (const c of cases) {
    it(c, () => {
      const meta = JSON.parse(gt.read(join(corpus, c, 'meta.json'))) as { capability: number; ptx_version: number };
      const m = parse(gt.read(join(corpus, c, '14-convert-scf-to-cf.mlir')));
      allocateSharedMemory(m, meta.capability, meta.ptx_version);
      expect(printOperation(m).trimEnd()).toBe(gt.read(join(corpus, c, '15-allocate-shared-memory.mlir')).trimEnd());
    });
  }
});

describe('allocate-shared-memory-nv: Triton 3.6 fixtures', () => {
  const inputs = existsSync(fixtures) ? readdirSync(fixtures).filter((f) => /^a\d\d_.*\.mlir$/.test(f)).sort() : [];
  for (const f of inputs) {
    const expected = JSON.parse(readFileSync(join(fixtures, f.replace(/\.mlir$/, '.expected.json')), 'utf8')) as Record<string, { shared: number; offsets: number[] }>;
    for (const cap of Object.keys(expected)) {
      it(`${f} sm${cap}`, () => {
        const m = parse(readFileSync(join(fixtures, f), 'utf8'), f);
        allocateSharedMemory(m, Number(cap), 87);
        const text = printOperation(m);
        const sharedBytes = Number(/ttg\.shared = (\d+)/.exec(text)?.[1]);
        const offsets = [...text.matchAll(/allocation\.offset = (\d+)/g)].map((x) => Number(x[1]));
        expect({ shared: sharedBytes, offsets }).toEqual(expected[cap]);
      });
    }
  }
});

describe('allocation helpers', () => {
  const src = `
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked2 = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @k(%a: tensor<128x16xf32, #blocked>, %b: tensor<128x16xf32, #blocked2>) {
    tt.return
  }
}`;
  const m = parse(src);
  const func = m.region(0).blocks[0]!.ops[0]!;
  const a = func.region(0).blocks[0]!.args[0]!.type as RankedTensorType;
  const b = func.region(0).blocks[0]!.args[1]!.type as RankedTensorType;
  const target = a.withEncoding(
    (parse(src.replace('%a: tensor<128x16xf32, #blocked>', '%a: tensor<128x16xf32, #blocked1>')).region(0).blocks[0]!.ops[0]!.region(0).blocks[0]!.args[0]!.type as RankedTensorType).encoding,
  );

  it('a conversion to itself needs no shared memory; a real re-layout does', () => {
    expect(cvtNeedsSharedMemory(a, a)).toBe(false);
    expect(cvtNeedsSharedMemory(a, target)).toBe(true);
  });

  it('swizzled scratch: stmatrix on sm90 lets the conversion run in 4 rounds (corpus gather, Triton 3.6 values)', () => {
    expect(swizzledCvtLayout(target, a, 80).elems * 4).toBe(8192);
    expect(swizzledCvtLayout(target, a, 90).elems * 4).toBe(2048);
    expect(swizzledCvtLayout(a, target, 80).elems * 4).toBe(2048);
    const l = swizzledCvtLayout(a, b, 80).smem;
    expect(l.getInDimNames()).toEqual(['vector', 'bank', 'segment', 'reps']);
    expect(l.getTotalOutDimSize()).toBe(128 * 16);
  });

  it('liveness: a value is live from its definition to its last use, across blocks', () => {
    const cfg = parse(`
module {
  tt.func @f(%c: i1) -> i32 {
    %0 = arith.constant 1 : i32
    %1 = arith.constant 2 : i32
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
    %2 = arith.addi %0, %0 : i32
    tt.return %2 : i32
  ^bb2:
    tt.return %1 : i32
  }
}`);
    const f = cfg.region(0).blocks[0]!.ops[0]!;
    const live = new Liveness(f);
    const entry = f.region(0).blocks[0]!;
    const v0 = entry.ops[0]!.result(0);
    const names = live.resolveLiveness(v0).map((o) => o.name);
    expect([...names].sort()).toEqual(['arith.addi', 'arith.constant', 'arith.constant', 'cf.cond_br']);
  });
});
