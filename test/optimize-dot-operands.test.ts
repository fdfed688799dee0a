// Tests of --tritongpu-optimize-dot-operands and the shared-layout view inference it uses.

import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import '../dialect/index.js';
import '../tools/passes.js';
import { groundTruth } from '../golden/ground-truth.js';
import { Parser } from '../parser/parser.js';
import { printOperation } from '../printer/printer.js';
import { FloatType } from '../dialect/ir/type.js';
import { NVMMASharedEncodingAttr, SwizzledSharedEncodingAttr } from '../dialect/ttg/attrs/index.js';
import { MemDescType } from '../dialect/ttg/types.js';
import { memdescReshapeType, memdescTransType, optimizeDotOperands } from '../transforms/optimize-dot-operands.js';
import { runCanonicalizer } from '../transforms/canonicalize.js';
import { corpusStageFailures } from './helpers/corpus-stage.js';

function run(src: string, canonicalize = false): string {
  const m = new Parser(src, { filename: 'test.mlir' }).parseModule();
  optimizeDotOperands(m);
  if (canonicalize) runCanonicalizer(m);
  return printOperation(m, {});
}

const f16 = FloatType.get('f16');
const nvmma = (transposed: boolean, rank = 2): NVMMASharedEncodingAttr =>
  NVMMASharedEncodingAttr.get({ swizzlingByteWidth: 128, transposed, elementBitWidth: 16, rank });

describe('memdesc view types', () => {
  it('memdesc_trans flips NVMMA transposition and permutes swizzled orders', () => {
    const t = memdescTransType(MemDescType.get({ shape: [64, 128], elementType: f16, encoding: nvmma(false) }), [1, 0])!;
    expect(t.shape).toEqual([128, 64]);
    expect(t.encoding).toBe(nvmma(true));
    const sw = SwizzledSharedEncodingAttr.get({ vec: 8, perPhase: 1, maxPhase: 8, order: [1, 0] });
    const u = memdescTransType(MemDescType.get({ shape: [32, 128], elementType: f16, encoding: sw }), [1, 0])!;
    expect(u.encoding).toBe(SwizzledSharedEncodingAttr.get({ vec: 8, perPhase: 1, maxPhase: 8, order: [0, 1] }));
  });

  it('memdesc_reshape keeps an NVMMA layout only when the contiguous dim is kept', () => {
    const src = MemDescType.get({ shape: [128, 128], elementType: f16, encoding: nvmma(false) });
    const r = memdescReshapeType(src, [2, 64, 128])!;
    expect(r.encoding).toBe(nvmma(false, 3));
    expect(memdescReshapeType(src, [128, 2, 64])).toBeUndefined();
  });
});

const gt = groundTruth();
const corpus = 'golden/corpus';

describe('corpus stage 07 (Triton 3.6)', () => {
  it('matches every optimize-dot-operands stage exactly', { timeout: 300_000 }, () => {
    const { cases, failures } = corpusStageFailures('06-', '07-tritongpu-optimize-dot-operands', run);
    expect(cases).toBe(72);
    expect(failures).toEqual([]);
  });
});

const upstream = 'upstream';

describe('upstream dot-operands.mlir (Triton 3.6 outputs, with -canonicalize)', () => {
  it('prints what Triton 3.6 prints on every chunk it accepts', () => {
    const src = gt.read(join(upstream, 'test', 'TritonGPU', 'dot-operands.mlir')).split('\n// -----');
    const expected = JSON.parse(gt.read(join(upstream, 'expected', 'TritonGPU', 'dot-operands.mlir.json'))) as {
      runs: { chunks: { chunk: number; triton36_output?: string }[] }[];
    };
    let n = 0;
    for (const c of expected.runs[0]!.chunks) {
      if (c.triton36_output === undefined) continue;
      n++;
      expect(run(src[c.chunk]!, true).trim(), `chunk ${c.chunk}`).toBe(c.triton36_output.trim());
    }
    expect(n).toBe(7);
  });
});
