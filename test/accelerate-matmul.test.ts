// Tests of --tritongpu-accelerate-matmul and the MMA helpers of dialect/ttg/utils/mma-utils.ts.

import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import '../dialect/index.js';
import '../tools/passes.js';
import { groundTruth } from '../golden/ground-truth.js';
import { Parser } from '../parser/parser.js';
import { printOperation } from '../printer/printer.js';
import type { Operation } from '../dialect/ir/ir.js';
import { FloatType, IntegerType } from '../dialect/ir/type.js';
import { NVMMASharedEncodingAttr, NvidiaMmaEncodingAttr } from '../dialect/ttg/attrs/index.js';
import { accelerateMatmul, computeOrigBitWidth, warpsPerTileV2 } from '../transforms/accelerate-matmul.js';
import { f32DotTC } from '../transforms/f32-dot-tc.js';
import {
  comesFromLoadOrBlockArg,
  computeCapabilityOf,
  dotOperandEncoding,
  getSlice,
  mmaVersionToInstrShape,
  nvmmaSharedForShape,
  supportMMA,
} from '../dialect/ttg/utils/mma-utils.js';
import { firstOp } from './helpers/ir.js';
import { corpusStageFailures } from './helpers/corpus-stage.js';

const f16 = FloatType.get('f16');
const f32 = FloatType.get('f32');
const i8 = IntegerType.get(8);

function parse(src: string): Operation {
  return new Parser(src, { filename: 'test.mlir' }).parseModule();
}

function run(src: string): string {
  const m = parse(src);
  accelerateMatmul(m);
  return printOperation(m, {});
}

const ACC = '#acc = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>';
function dotModule(target: string, a: string, b: string, c: string, extra = '', warps = 4): string {
  return `${ACC}
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = ${warps} : i32, ttg.target = "${target}", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @f(%a: tensor<${a}, #ttg.dot_op<{opIdx = 0, parent = #acc}>>, %b: tensor<${b}, #ttg.dot_op<{opIdx = 1, parent = #acc}>>, %c: tensor<${c}, #acc>) -> tensor<${c}, #acc> {
    %d = tt.dot %a, %b, %c${extra} : tensor<${a}, #ttg.dot_op<{opIdx = 0, parent = #acc}>> * tensor<${b}, #ttg.dot_op<{opIdx = 1, parent = #acc}>> -> tensor<${c}, #acc>
    tt.return %d : tensor<${c}, #acc>
  }
}`;
}

describe('MMA helpers', () => {
  it('reads the compute capability from ttg.target', () => {
    expect(computeCapabilityOf(parse(dotModule('cuda:86', '64x32xf16', '32x64xf16', '64x64xf32')))).toBe(86);
    expect(computeCapabilityOf(parse(dotModule('hip:gfx942', '64x32xf16', '32x64xf16', '64x64xf32')))).toBeUndefined();
  });

  it('supportMMA: types, shapes and precisions per version', () => {
    const dot = (a: string, b: string, c: string, extra = '', warps = 4): Operation =>
      firstOp(parse(dotModule('cuda:90', a, b, c, extra, warps)), 'tt.dot');
    expect(supportMMA(dot('64x32xf16', '32x64xf16', '64x64xf32'), 3)).toBe(true);
    // K too small for one wgmma (256 bits) -> no v3, v2 is fine.
    expect(supportMMA(dot('64x8xf16', '8x64xf16', '64x64xf32'), 3)).toBe(false);
    expect(supportMMA(dot('64x8xf16', '8x64xf16', '64x64xf32'), 2)).toBe(true);
    // M not a multiple of 64 -> no v3.
    expect(supportMMA(dot('32x32xf16', '32x64xf16', '32x64xf32'), 3)).toBe(false);
    // f32 needs tf32.
    expect(supportMMA(dot('64x32xf32', '32x64xf32', '64x64xf32'), 2)).toBe(false);
    expect(supportMMA(dot('64x32xf32', '32x64xf32', '64x64xf32', ', inputPrecision = tf32'), 2)).toBe(true);
    // fp8 with an f32 accumulator needs maxNumImpreciseAcc >= 32 on v3.
    expect(supportMMA(dot('64x32xf8E5M2', '32x64xf8E5M2', '64x64xf32'), 3)).toBe(false);
    expect(supportMMA(dot('64x32xf8E5M2', '32x64xf8E5M2', '64x64xf32'), 2)).toBe(true);
    // Warps must come in warp groups for v3.
    expect(supportMMA(dot('64x32xf16', '32x64xf16', '64x64xf32', '', 2), 3)).toBe(false);
  });

  it('mmaVersionToInstrShape', () => {
    expect(mmaVersionToInstrShape(2, [64, 64], f16, 4)).toEqual([16, 8]);
    expect(mmaVersionToInstrShape(2, [2, 64, 64], f16, 4)).toEqual([1, 16, 8]);
    // v3: N is the largest multiple of 8 dividing N and at most N / (warps along N).
    expect(mmaVersionToInstrShape(3, [128, 256], f16, 4)).toEqual([16, 256, 16]);
    expect(mmaVersionToInstrShape(3, [64, 128], f16, 8)).toEqual([16, 64, 16]);
    expect(mmaVersionToInstrShape(3, [128, 128], f16, 32)).toEqual([16, 32, 16]);
    expect(mmaVersionToInstrShape(3, [64, 96], f32, 4)).toEqual([16, 96, 8]);
    // int8 has its own list of N (no 256, 240, ...).
    expect(mmaVersionToInstrShape(3, [64, 256], i8, 4)).toEqual([16, 128, 32]);
    expect(mmaVersionToInstrShape(3, [64, 240], i8, 4)).toEqual([16, 80, 32]);
  });

  it('dot operand kWidth is 32 / bitwidth (at least 1) for Ampere and Hopper parents', () => {
    const mma = NvidiaMmaEncodingAttr.get({ versionMajor: 2, warpsPerCTA: [4, 1], instrShape: [16, 8] });
    expect(dotOperandEncoding(0, mma, 16).kWidth).toBe(2);
    expect(dotOperandEncoding(1, mma, 8).kWidth).toBe(4);
    expect(dotOperandEncoding(0, mma, 64).kWidth).toBe(1);
  });

  it('NVMMA shared layout: swizzle from the contiguous bytes, none under 8 outer rows', () => {
    const sw = (shape: number[], order: number[], bits: number): [number, boolean] => {
      const e: NVMMASharedEncodingAttr = nvmmaSharedForShape(shape, order, [], bits);
      return [e.swizzlingByteWidth, e.transposed];
    };
    expect(sw([128, 64], [1, 0], 16)).toEqual([128, false]);
    expect(sw([64, 32], [1, 0], 16)).toEqual([64, false]);
    expect(sw([64, 16], [1, 0], 16)).toEqual([32, false]);
    expect(sw([64, 8], [1, 0], 16)).toEqual([0, false]);
    expect(sw([64, 48], [1, 0], 16)).toEqual([32, false]); // 96 bytes: only a multiple of 32
    expect(sw([4, 64], [1, 0], 16)).toEqual([0, false]); // 4 outer rows
    expect(sw([64, 256], [0, 1], 8)).toEqual([64, true]);
  });

  it('comesFromLoadOrBlockArg looks through converts', () => {
    const m = parse(`#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"} {
  tt.func @f(%p: tensor<64x64x!tt.ptr<f16>, #blocked>, %x: tensor<64x64xf16, #blocked>) -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> {
    %l = tt.load %p : tensor<64x64x!tt.ptr<f16>, #blocked>
    %c = ttg.convert_layout %l : tensor<64x64xf16, #blocked> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
    %s = arith.addf %x, %x : tensor<64x64xf16, #blocked>
    %t = ttg.convert_layout %s : tensor<64x64xf16, #blocked> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
    tt.return %c : tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
  }
}`);
    const cvts: Operation[] = [];
    m.walk((op) => void (op.name === 'ttg.convert_layout' && cvts.push(op)));
    expect(comesFromLoadOrBlockArg(cvts[0]!.result(0))).toBe(true);
    expect(comesFromLoadOrBlockArg(cvts[1]!.result(0))).toBe(false);
    expect(comesFromLoadOrBlockArg(cvts[1]!.operand(0).definingOp!.operand(0))).toBe(true);
  });
});

describe('slices and bit widths', () => {
  const src = `#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
${ACC}
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:80"} {
  tt.func @f(%pa: tensor<64x32x!tt.ptr<i8>, #blocked>, %b: tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #acc}>>, %c: tensor<64x64xf32, #acc>) -> tensor<64x64xf32, #acc> {
    %a = tt.load %pa : tensor<64x32x!tt.ptr<i8>, #blocked>
    %ah = arith.sitofp %a : tensor<64x32xi8, #blocked> to tensor<64x32xf16, #blocked>
    %ad = ttg.convert_layout %ah : tensor<64x32xf16, #blocked> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #acc}>>
    %d = tt.dot %ad, %b, %c : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #acc}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #acc}>> -> tensor<64x64xf32, #acc>
    tt.return %d : tensor<64x64xf32, #acc>
  }
}`;

  it('computeOrigBitWidth finds the narrowest loaded type along elementwise chains', () => {
    const m = parse(src);
    const dot = firstOp(m, 'tt.dot');
    expect(computeOrigBitWidth(dot.operand(0))).toBe(8);
    expect(computeOrigBitWidth(dot.operand(1))).toBe(16);
  });

  it('getSlice collects both directions in IR order; the mixed dot gets kWidth 4', () => {
    const m = parse(src);
    const dot = firstOp(m, 'tt.dot');
    const names = getSlice(dot).map((o) => o.name);
    expect(names).toEqual(['tt.load', 'arith.sitofp', 'ttg.convert_layout', 'tt.dot', 'tt.return']);
    expect(warpsPerTileV2(dot, [64, 64], 4)).toEqual([2, 2]);
    expect(run(src)).toContain('kWidth = 4');
  });
});

describe('the pass', () => {
  it('leaves MMA dots and non-CUDA-accelerable dots alone', () => {
    const ieee = dotModule('cuda:80', '64x32xf32', '32x64xf32', '64x64xf32');
    expect(run(ieee)).toBe(printOperation(parse(ieee), {}));
  });

  it('rewrites an sm90 f16 dot of block arguments into warp_group_dot on NVMMA allocations', () => {
    const out = run(dotModule('cuda:90', '64x32xf16', '32x64xf16', '64x64xf32'));
    expect(out).toContain('ttng.warp_group_dot');
    expect(out).toContain('#ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>');
    expect(out).toContain('#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>');
    expect(out).toContain('instrShape = [16, 64, 16]');
  });
});

describe('--tritongpu-F32DotTC', () => {
  const count = (s: string, sub: string): number => s.split(sub).length - 1;
  const src = (precision: string): string => dotModule('cuda:80', '64x32xf32', '32x64xf32', '64x64xf32', `, inputPrecision = ${precision}`);
  const runTC = (text: string, emu: boolean): string => {
    const m = parse(text);
    f32DotTC(m, emu);
    return printOperation(m, {});
  };

  it('splits bf16x3 / bf16x6 dots into 3 / 6 bf16 dots', () => {
    expect(count(runTC(src('bf16x3'), false), 'tt.dot')).toBe(3);
    expect(count(runTC(src('bf16x6'), false), 'tt.dot')).toBe(6);
    expect(runTC(src('bf16x3'), false)).toContain('arith.cmpf uno');
  });

  it('splits tf32x3 only with emu-tf32', () => {
    expect(count(runTC(src('tf32x3'), false), 'tt.dot')).toBe(1);
    const out = runTC(src('tf32x3'), true);
    expect(count(out, 'inputPrecision = tf32 ')).toBe(3);
    expect(count(out, 'cvt.rna.tf32.f32')).toBe(2);
  });
});

const gt = groundTruth();
const corpus = 'golden/corpus';

describe('corpus stage 05 (Triton 3.6)', () => {
  it('matches every accelerate-matmul stage exactly', { timeout: 300_000 }, () => {
    const { cases, failures } = corpusStageFailures('04-', '05-tritongpu-accelerate-matmul', run);
    expect(cases).toBe(72);
    expect(failures).toEqual([]);
  });
});

const upstream = 'upstream';

describe('upstream accelerate-matmul.mlir (Triton 3.6 outputs)', () => {
  it('prints what Triton 3.6 prints on every chunk it passes', () => {
    const src = gt.read(join(upstream, 'test', 'TritonGPU', 'accelerate-matmul.mlir')).split('\n// -----');
    const expected = JSON.parse(gt.read(join(upstream, 'expected', 'TritonGPU', 'accelerate-matmul.mlir.json'))) as {
      runs: { chunks: { chunk: number; triton36_passes: boolean; triton36_output?: string }[] }[];
    };
    let n = 0;
    for (const c of expected.runs[0]!.chunks) {
      if (!c.triton36_passes || c.triton36_output === undefined) continue;
      n++;
      expect(run(src[c.chunk]!).trim(), `chunk ${c.chunk}`).toBe(c.triton36_output.trim());
    }
    expect(n).toBe(8);
  });
});
