// Tests of --tritongpu-remove-layout-conversions and its layout utilities (dialect/ttg/utils/layout-utils.ts).

import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import '../dialect/index.js';
import '../tools/passes.js';
import { groundTruth } from '../golden/ground-truth.js';
import { Parser } from '../parser/parser.js';
import { printOperation } from '../printer/printer.js';
import { RankedTensorType, FloatType } from '../dialect/ir/type.js';
import type { Operation } from '../dialect/ir/ir.js';
import { BlockedEncodingAttr, LinearEncodingAttr, SliceEncodingAttr } from '../dialect/ttg/attrs/index.js';
import { toLinearLayout } from '../dialect/ttg/to-linear-layout.js';
import { removeLayoutConversions } from '../transforms/remove-layout-conversions.js';
import {
  SetVector,
  cvtReordersRegisters,
  encodingOf,
  getConvertBackwardSlice,
  getReshapeDecomposition,
  inferJoinOpEncoding,
  inferReshapeOpEncoding,
  inferSplitOpEncoding,
  inferTransOpEncoding,
} from '../dialect/ttg/utils/layout-utils.js';

const blocked = (spt: number[], tpw: number[], wpc: number[], order: number[]): BlockedEncodingAttr =>
  BlockedEncodingAttr.get({ sizePerThread: spt, threadsPerWarp: tpw, warpsPerCTA: wpc, order });

function parse(src: string): Operation {
  return new Parser(src, { filename: 'test.mlir' }).parseModule();
}

function run(src: string): string {
  const m = parse(src);
  removeLayoutConversions(m);
  return printOperation(m, {});
}

describe('layout inference on linear layouts', () => {
  it('trans of a blocked layout permutes its parameters; other layouts permute their bases', () => {
    const b = blocked([1, 2], [32, 1], [4, 1], [1, 0]);
    const t = inferTransOpEncoding(b, [256, 2], [1, 0]);
    expect(t).toBe(blocked([2, 1], [1, 32], [1, 4], [0, 1]));
    const s = SliceEncodingAttr.get(1, b);
    const l = inferTransOpEncoding(inferJoinOpEncoding(s, [256])!, [256, 2], [1, 0]);
    expect(l).toBeInstanceOf(LinearEncodingAttr);
  });

  it('reshape keeps a blocked closed form when one exists and falls back to #ttg.linear', () => {
    const b = blocked([1, 1], [1, 32], [1, 4], [1, 0]);
    expect(inferReshapeOpEncoding([2, 128], b, [256])).toBe(blocked([1], [32], [4], [0]));
    // Warps overflowing the minor dim of a merged group have no blocked form.
    expect(inferReshapeOpEncoding([2, 64], b, [128])).toBeInstanceOf(LinearEncodingAttr);
    const t = blocked([2, 2], [1, 32], [1, 4], [0, 1]);
    const r = inferReshapeOpEncoding([2, 256], t, [256, 2]);
    expect(r).toBeInstanceOf(LinearEncodingAttr);
    // The reshape is a nop: the linear layouts agree after a row-major reshape.
    const before = toLinearLayout([2, 256], t);
    const after = toLinearLayout([256, 2], r!);
    expect(after.getTotalInDimSize()).toBe(before.getTotalInDimSize());
  });

  it('split of a join is the identity on blocked and linear layouts', () => {
    const b = blocked([2], [32], [4], [0]);
    const j = inferJoinOpEncoding(b, [256])!;
    expect(inferSplitOpEncoding(j, [256, 2])).toBe(b);
    const lin = LinearEncodingAttr.get({ register: [[128, 0], [0, 1]], lane: [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], warp: [[32, 0], [64, 0]], block: [] });
    const split = inferSplitOpEncoding(lin, [256, 2]) as LinearEncodingAttr;
    expect(split.register).toEqual([[128]]);
  });

  it('reshape decomposition groups dims with equal element counts', () => {
    expect(getReshapeDecomposition([2, 2, 32], [4, 32])).toEqual([
      [[0, 1], [0]],
      [[2], [1]],
    ]);
  });

  it('a conversion between layouts with the same linear layout only reorders registers', () => {
    const a = blocked([1], [32], [4], [0]);
    const s = SliceEncodingAttr.get(1, blocked([1, 1], [32, 1], [4, 1], [0, 1]));
    const f32 = FloatType.get('f32');
    expect(cvtReordersRegisters(RankedTensorType.get([64], f32, a), RankedTensorType.get([64], f32, s))).toBe(true);
    const c = blocked([4], [32], [4], [0]);
    expect(cvtReordersRegisters(RankedTensorType.get([1024], f32, a), RankedTensorType.get([1024], f32, c))).toBe(false);
  });
});

const MODULE = (body: string, layouts: string): string =>
  `${layouts}\nmodule attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {\n${body}\n}\n`;

describe('backward slices', () => {
  it('walks elementwise ops to make_range/splat leaves with the destination encoding', () => {
    const m = parse(
      MODULE(
        `  tt.func @f(%arg0: i32) -> tensor<64xi32, #ttg.slice<{dim = 1, parent = #b1}>> {
    %0 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #b>
    %1 = tt.splat %arg0 : i32 -> tensor<64xi32, #b>
    %2 = arith.addi %1, %0 : tensor<64xi32, #b>
    %3 = ttg.convert_layout %2 : tensor<64xi32, #b> -> tensor<64xi32, #ttg.slice<{dim = 1, parent = #b1}>>
    tt.return %3 : tensor<64xi32, #ttg.slice<{dim = 1, parent = #b1}>>
  }`,
        `#b = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>\n#b1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>`,
      ),
    );
    let cvt: Operation | undefined;
    m.walk((op) => {
      if (op.name === 'ttg.convert_layout') cvt = op;
    });
    const slice = new SetVector<import('../dialect/ir/ir.js').Value>();
    const layout = new Map();
    expect(getConvertBackwardSlice(cvt!.operands[0]!, slice, encodingOf(cvt!.result(0))!, layout)).toBe(true);
    expect([...slice].map((v) => v.definingOp!.name)).toEqual(['arith.addi', 'tt.make_range', 'tt.splat']);
    for (const v of slice) expect(layout.get(v)).toBe(encodingOf(cvt!.result(0)));
  });
});

describe('the pass', () => {
  it('removes converts around an expensive load (forward propagation)', () => {
    const out = run(
      MODULE(
        `  tt.func @f(%arg0: !tt.ptr<f32>) {
    %0 = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #b>
    %1 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #b>
    %2 = tt.addptr %1, %0 : tensor<1024x!tt.ptr<f32>, #b>, tensor<1024xi32, #b>
    %3 = ttg.convert_layout %2 : tensor<1024x!tt.ptr<f32>, #b> -> tensor<1024x!tt.ptr<f32>, #b1>
    %4 = tt.load %3 : tensor<1024x!tt.ptr<f32>, #b1>
    %5 = ttg.convert_layout %4 : tensor<1024xf32, #b1> -> tensor<1024xf32, #b>
    %6 = ttg.convert_layout %5 : tensor<1024xf32, #b> -> tensor<1024xf32, #b1>
    tt.store %3, %6 : tensor<1024x!tt.ptr<f32>, #b1>
    tt.return
  }`,
        `#b = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>\n#b1 = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>`,
      ),
    );
    expect(out).not.toContain('ttg.convert_layout');
    expect(out).toContain('tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #blocked>');
  });
});

const gt = groundTruth();
const corpus = 'golden/corpus';

describe('corpus stages 03/06/09 (Triton 3.6)', () => {
  it('matches every remove-layout-conversions stage exactly', { timeout: 300_000 }, () => {
    const failures: string[] = [];
    let n = 0;
    for (const c of gt.list(corpus).sort()) {
      const files = gt.list(join(corpus, c));
      for (const [a, b] of [
        ['02', '03'],
        ['05', '06'],
        ['08', '09'],
      ] as const) {
        const fa = files.find((f) => f.startsWith(`${a}-`));
        const fb = files.find((f) => f.startsWith(`${b}-tritongpu-remove-layout-conversions`));
        if (!fa || !fb) continue;
        n++;
        const out = run(gt.read(join(corpus, c, fa)));
        if (out.trim() !== gt.read(join(corpus, c, fb)).trim()) failures.push(`${c}/${fb}`);
      }
    }
    expect(n).toBeGreaterThan(0);
    expect(failures).toEqual([]);
  });
});
