// Tests of the AxisInfo analysis (analysis/axis-info.ts): lattice join, visitors, control flow,
// argument hints, the module (call graph) analysis and the alignment queries used by lowering.

import { describe, expect, it } from 'vitest';
import '../dialect/index.js';
import '../tools/passes.js';
import { Parser } from '../parser/parser.js';
import type { Operation, Value } from '../dialect/ir/ir.js';
import { AxisInfo, K_MAX_DIVISOR, ModuleAxisInfoAnalysis, gcd, highestPowOf2Divisor } from '../analysis/axis-info.js';
import { getPass, parsePassOptions } from '../transforms/pass.js';
import { runPipeline } from '../transforms/pass-manager.js';
import { printOperation } from '../printer/printer.js';

function parse(src: string): Operation {
  return new Parser(src, { filename: 'test.mlir' }).parseModule();
}

/** Values by the SSA name they had in the source (`%name` of an op result), via NameLoc-free lookup by order. */
function resultsOf(m: Operation): Value[] {
  const out: Value[] = [];
  m.walk((op) => {
    if (op.name !== 'builtin.module' && op.name !== 'tt.func') out.push(...op.results);
  });
  return out;
}

function analyze(body: string, args = ''): { infos: string[]; analysis: ModuleAxisInfoAnalysis; values: Value[] } {
  const m = parse(`module {\n tt.func @f(${args}) {\n${body}\n tt.return\n }\n}`);
  const analysis = new ModuleAxisInfoAnalysis(m);
  const values = resultsOf(m);
  return { infos: values.map((v) => analysis.getAxisInfo(v)!.toString()), analysis, values };
}

const info = (c: number[], d: number[], k: number[], cv?: number): string =>
  new AxisInfo(c.map(BigInt), d.map(BigInt), k.map(BigInt), cv === undefined ? undefined : BigInt(cv)).toString();

describe('AxisInfo lattice', () => {
  it('joins per dim with gcd; differing contiguity bounds divisibility', () => {
    const a = new AxisInfo([4n], [16n], [1n]);
    const b = new AxisInfo([4n], [8n], [2n]);
    expect(AxisInfo.join(a, b).toString()).toBe(info([4], [8], [1]));
    const c = new AxisInfo([1n], [16n], [1n]);
    expect(AxisInfo.join(a, c).toString()).toBe(info([1], [1], [1]));
    expect(AxisInfo.join(AxisInfo.UNINITIALIZED, a)).toBe(a);
    expect(AxisInfo.join(new AxisInfo([1n], [2n], [1n], 2n), new AxisInfo([1n], [2n], [1n], 2n)).constantValue).toBe(2n);
  });

  it('matches Triton integer helpers', () => {
    expect(highestPowOf2Divisor(0n)).toBe(K_MAX_DIVISOR);
    expect(highestPowOf2Divisor(96n)).toBe(32n);
    expect(highestPowOf2Divisor(-(1n << 63n))).toBe(K_MAX_DIVISOR);
    expect(gcd(0n, 8n, 4n)).toBe(8n); // a zero first argument returns the second, as in AxisInfo.cpp
    expect(gcd(12n, 8n, 2n)).toBe(2n);
  });
});

describe('AxisInfo visitors', () => {
  it('make_range, constants and arithmetic', () => {
    const { infos } = analyze(`
      %0 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
      %1 = arith.constant dense<64> : tensor<128xi32>
      %2 = arith.addi %0, %1 : tensor<128xi32>
      %3 = arith.divsi %0, %1 : tensor<128xi32>
      %4 = arith.remsi %0, %1 : tensor<128xi32>
      %5 = arith.muli %0, %1 : tensor<128xi32>
      %6 = arith.subi %1, %0 : tensor<128xi32>
      %7 = tt.make_range {end = 8320 : i32, start = 8192 : i32} : tensor<128xi32>
      %8 = arith.constant -1 : i32
      %9 = arith.constant true`);
    expect(infos).toEqual([
      info([128], [1 << 30], [1]),
      info([1], [64], [128], 64),
      info([128], [64], [1]),
      info([1], [1], [64]),
      info([64], [64], [1]),
      info([1], [64], [1]),
      info([1], [64], [1]), // 64 - range: no contiguity, divisibility gcd(64, 2^30)
      info([128], [8192], [1]),
      info([1], [1], [1], 4294967295), // constants are zero-extended
      info([1], [1], [1], 1),
    ]);
  });

  it('known constants are constant over the whole shape; x * 0 is the constant 0', () => {
    const { infos } = analyze(`
      %0 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
      %1 = arith.constant dense<0> : tensor<64xi32>
      %2 = arith.muli %0, %1 : tensor<64xi32>
      %3 = arith.constant dense<3> : tensor<64xi32>
      %4 = arith.maxsi %3, %1 : tensor<64xi32>`);
    expect(infos[2]).toBe(info([1], [Number(K_MAX_DIVISOR)], [64], 0));
    expect(infos[4]).toBe(info([1], [1], [64], 3));
  });

  it('splat, expand_dims, broadcast, trans, addptr, cmpi, select', () => {
    const { infos } = analyze(
      `
      %0 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
      %1 = tt.splat %p : !tt.ptr<f16> -> tensor<4x32x!tt.ptr<f16>>
      %2 = tt.expand_dims %0 {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
      %3 = tt.broadcast %2 : tensor<1x32xi32> -> tensor<4x32xi32>
      %4 = tt.addptr %1, %3 : tensor<4x32x!tt.ptr<f16>>, tensor<4x32xi32>
      %5 = tt.trans %4 {order = array<i32: 1, 0>} : tensor<4x32x!tt.ptr<f16>> -> tensor<32x4x!tt.ptr<f16>>
      %6 = tt.splat %n : i32 -> tensor<32xi32>
      %7 = arith.cmpi slt, %0, %6 : tensor<32xi32>
      %8 = arith.select %c, %0, %6 : tensor<32xi32>`,
      '%p: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %n: i32 {tt.divisibility = 8 : i32}, %c: i1',
    );
    expect(infos.slice(1)).toEqual([
      info([1, 1], [16, 16], [4, 32]),
      info([1, 32], [1, 1 << 30], [1, 1]),
      info([1, 32], [1, 1 << 30], [4, 1]),
      info([1, 32], [2, 16], [4, 1]), // offsets in f16 elements: 2-byte steps along dim 0
      info([32, 1], [16, 2], [1, 4]),
      info([1], [8], [32]),
      info([1], [1], [8]), // range < splat(n): constant over runs of gcd(32, 2^30, 8)
      info([1], [1], [1]), // select of runs of different lengths
    ]);
  });

  it('loops join the init and yielded values; the induction variable has gcd(lb, step) divisibility', () => {
    const { infos } = analyze(
      `
      %0 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
      %1 = tt.splat %p : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
      %2 = tt.addptr %1, %0 : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
      %3 = arith.constant dense<3> : tensor<128xi32>
      %4 = scf.for %i = %lb to %ub step %st iter_args(%q = %2) -> (tensor<128x!tt.ptr<f32>>) : i32 {
        %5 = arith.addi %i, %lb : i32
        %6 = tt.addptr %q, %3 : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
        scf.yield %6 : tensor<128x!tt.ptr<f32>>
      }`,
      '%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %lb: i32 {tt.divisibility = 32 : i32}, %ub: i32, %st: i32 {tt.divisibility = 8 : i32}',
    );
    expect(infos[4]).toBe(info([128], [4], [1])); // the for result
    expect(infos[5]).toBe(info([1], [8], [1])); // iv + lb
    expect(infos[6]).toBe(info([128], [4], [1]));
  });

  it('uses dense hints on ops and argument hints', () => {
    const { infos } = analyze(
      `
      %0 = tt.load %p {tt.contiguity = dense<[1, 64]> : tensor<2xi32>, tt.divisibility = dense<[16, 8]> : tensor<2xi32>} : tensor<8x64x!tt.ptr<i32>>`,
      '%p: tensor<8x64x!tt.ptr<i32>> {tt.constancy = dense<[8, 1]> : tensor<2xi32>}',
    );
    expect(infos[0]).toBe(info([1, 64], [16, 8], [8, 1]));
  });
});

describe('ModuleAxisInfoAnalysis', () => {
  it('answers alignment queries along a dim', () => {
    const { analysis, values } = analyze(
      `
      %0 = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
      %1 = tt.splat %p : !tt.ptr<f16> -> tensor<256x!tt.ptr<f16>>
      %2 = tt.addptr %1, %0 : tensor<256x!tt.ptr<f16>>, tensor<256xi32>
      %3 = tt.splat %n : i32 -> tensor<256xi32>
      %4 = arith.cmpi slt, %0, %3 : tensor<256xi32>`,
      '%p: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %n: i32 {tt.divisibility = 16 : i32}',
    );
    expect(analysis.getAlignment(values[2]!, 0)).toBe(8);
    expect(analysis.getContiguity(values[2]!, 0, 4)).toBe(4);
    expect(analysis.getMaskAlignment(values[4]!, 0)).toBe(16);
  });

  it('narrows the argument hints of callees to what every caller passes', () => {
    const m = parse(`module {
      tt.func private @g(%x: i32) -> i32 {
        tt.return %x : i32
      }
      tt.func @f(%a: i32 {tt.divisibility = 16 : i32}) {
        %c = arith.constant 24 : i32
        %0 = tt.call @g(%a) : (i32) -> i32
        %1 = tt.call @g(%c) : (i32) -> i32
        tt.return
      }
    }`);
    new ModuleAxisInfoAnalysis(m);
    expect(printOperation(m)).toContain('tt.func private @g(%arg0: i32 {tt.constancy = 1 : i64, tt.contiguity = 1 : i64, tt.divisibility = 8 : i64}) -> i32');
  });
});

describe('test-print-alignment', () => {
  it('emits one remark per result with the op and its axis info', () => {
    const m = parse(`module {
      tt.func @f() {
        %0 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
        tt.return
      }
    }`);
    const pass = getPass('test-print-alignment')!;
    const r = runPipeline(m, [{ pass, options: parsePassOptions(pass, '') }]);
    expect(r.diagnostics.map((d) => `${d.severity}: ${d.message}`)).toEqual([
      'remark: %0 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32> => contiguity = [16], divisibility = [1073741824], constancy = [1], constant_value = <none>',
    ]);
  });
});
