// Tests of --tritongpu-reduce-data-duplication and the swizzled shared layout for dot operands.

import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import '../dialect/index.js';
import '../tools/passes.js';
import { groundTruth } from '../golden/ground-truth.js';
import { Parser } from '../parser/parser.js';
import { printOperation } from '../printer/printer.js';
import { BlockedEncodingAttr, DotOperandEncodingAttr, NvidiaMmaEncodingAttr, SwizzledSharedEncodingAttr } from '../dialect/ttg/attrs/index.js';
import { reduceDataDuplication } from '../transforms/reduce-data-duplication.js';
import { swizzledSharedForDotOperand } from '../dialect/ttg/utils/mma-utils.js';
import { corpusStageFailures } from './helpers/corpus-stage.js';

function run(src: string): string {
  const m = new Parser(src, { filename: 'test.mlir' }).parseModule();
  reduceDataDuplication(m);
  return printOperation(m, {});
}

const mma = NvidiaMmaEncodingAttr.get({ versionMajor: 2, warpsPerCTA: [2, 2], instrShape: [16, 8] });
const sw = (vec: number, perPhase: number, maxPhase: number, order: number[]): SwizzledSharedEncodingAttr =>
  SwizzledSharedEncodingAttr.get({ vec, perPhase, maxPhase, order });

describe('swizzled shared layout of an MMA operand', () => {
  it('vec 4*kWidth along K, perPhase packing rows, maxPhase covering the banks', () => {
    const a2 = DotOperandEncodingAttr.get(0, mma, 2);
    expect(swizzledSharedForDotOperand(a2, [128, 64], [1, 0], [], 16)).toBe(sw(8, 1, 8, [1, 0]));
    expect(swizzledSharedForDotOperand(a2, [128, 32], [1, 0], [], 16)).toBe(sw(8, 2, 4, [1, 0]));
    // M contiguous: vec is the mma row stride (8), the stride becomes 4*kWidth.
    expect(swizzledSharedForDotOperand(a2, [128, 64], [0, 1], [], 16)).toBe(sw(8, 1, 8, [0, 1]));
    const a4 = DotOperandEncodingAttr.get(0, mma, 4);
    expect(swizzledSharedForDotOperand(a4, [16, 256], [0, 1], [], 16)).toBe(sw(8, 4, 2, [0, 1]));
    const b4 = DotOperandEncodingAttr.get(1, mma, 4);
    expect(swizzledSharedForDotOperand(b4, [64, 128], [1, 0], [], 8)).toBe(sw(8, 1, 16, [1, 0]));
    expect(swizzledSharedForDotOperand(b4, [64, 128], [0, 1], [], 8)).toBe(sw(16, 2, 4, [0, 1]));
    // needTrans swaps vec and the stride before the order check.
    expect(swizzledSharedForDotOperand(b4, [128, 64], [1, 0], [], 8, true)).toBe(sw(16, 2, 4, [1, 0]));
  });

  it('non-MMA parents get no swizzling', () => {
    const blocked = BlockedEncodingAttr.get({ sizePerThread: [1, 1], threadsPerWarp: [4, 8], warpsPerCTA: [4, 1], order: [1, 0] });
    expect(swizzledSharedForDotOperand(DotOperandEncodingAttr.get(0, blocked), [64, 64], [1, 0], [], 16)).toBe(sw(1, 1, 1, [1, 0]));
  });
});

describe('the pass', () => {
  it('stages a shared-memory conversion to a dot operand through local_alloc/local_load', () => {
    const out = run(`#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:80"} {
  tt.func @f(%x: tensor<128x64xf16, #blocked>) -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> {
    %0 = ttg.convert_layout %x : tensor<128x64xf16, #blocked> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    tt.return %0 : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
  }
}`);
    expect(out).toContain('#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>');
    expect(out).toContain('%0 = ttg.local_alloc %arg0 : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>');
    expect(out).toContain('%1 = ttg.local_load %0 : !ttg.memdesc<128x64xf16, #shared, #smem> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>');
    expect(out).not.toContain('ttg.convert_layout');
  });
});

const gt = groundTruth();
const corpus = 'golden/corpus';

describe('corpus stage 10 (Triton 3.6)', () => {
  it('matches every reduce-data-duplication stage exactly', { timeout: 300_000 }, () => {
    const { cases, failures } = corpusStageFailures('09-', '10-tritongpu-reduce-data-duplication', run);
    expect(cases).toBe(72);
    expect(failures).toEqual([]);
  });
});

const upstream = 'upstream';

describe('upstream reduce-data-duplication.mlir (Triton 3.6 outputs)', () => {
  it('prints what Triton 3.6 prints on every chunk', () => {
    const src = gt.read(join(upstream, 'test', 'TritonGPU', 'reduce-data-duplication.mlir')).split('\n// -----');
    const expected = JSON.parse(gt.read(join(upstream, 'expected', 'TritonGPU', 'reduce-data-duplication.mlir.json'))) as {
      runs: { chunks: { chunk: number; triton36_output?: string }[] }[];
    };
    for (const c of expected.runs[0]!.chunks) {
      if (c.triton36_output === undefined) continue;
      expect(run(src[c.chunk]!).trim(), `chunk ${c.chunk}`).toBe(c.triton36_output.trim());
    }
  });
});
