/**
 * Which blocked scans take Triton's own algorithm (lowering/scan-blocked.ts): blockedScanApplies runs Triton's
 * index arithmetic on numbers against the linear layout. The corpus layouts must take it (their LLVM is then
 * Triton's); layouts where Triton 3.6 asserts or computes a wrong scan must not (the general lowering takes them,
 * and test/lowering-scan.test.ts checks both paths on the warp simulator).
 */
import { describe, expect, test } from 'vitest';
import type { RankedTensorType } from '../dialect/ir/type.js';
import { BlockedEncodingAttr } from '../dialect/ttg/attrs/blocked.js';
import { blockedScanApplies } from '../lowering/scan-blocked-check.js';
import { parseModule } from './simulator/harness.js';

interface Case {
  shape: number[];
  enc: string;
  axis: number;
  reverse: boolean;
  numWarps: number;
}

function applies(c: Case): boolean {
  const t = `tensor<${c.shape.join('x')}xi32, ${c.enc}>`;
  const text = `module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = ${c.numWarps} : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @f(%arg0: ${t}) -> ${t} {
    %r = "tt.scan"(%arg0) <{axis = ${c.axis} : i32, reverse = ${c.reverse}}> ({
    ^bb0(%a: i32, %b: i32):
      %s = arith.addi %a, %b : i32
      tt.scan.return %s : i32
    }) : (${t}) -> ${t}
    tt.return %r : ${t}
  }
}`;
  let ty: RankedTensorType | undefined;
  parseModule(text).walk((op) => {
    if (op.name === 'tt.scan') ty = op.operand(0).type as RankedTensorType;
  });
  const enc = ty!.encoding;
  if (!(enc instanceof BlockedEncodingAttr)) throw new Error('not blocked');
  return blockedScanApplies(ty!, enc, c.axis, c.reverse);
}

const blocked = (spt: number[], tpw: number[], wpc: number[], order: number[]): string =>
  `#ttg.blocked<{sizePerThread = [${spt.join(', ')}], threadsPerWarp = [${tpw.join(', ')}], warpsPerCTA = [${wpc.join(', ')}], order = [${order.join(', ')}]}>`;

describe("Triton's scan algorithm applies", () => {
  test('corpus layouts (cumsum, scans), forward and reverse, one and several warps along the axis', () => {
    expect(applies({ shape: [64, 32], enc: blocked([1, 4], [4, 8], [4, 1], [1, 0]), axis: 1, reverse: false, numWarps: 4 })).toBe(true);
    expect(applies({ shape: [16, 128], enc: blocked([1, 4], [1, 32], [4, 1], [1, 0]), axis: 1, reverse: false, numWarps: 4 })).toBe(true);
    expect(applies({ shape: [32, 64], enc: blocked([1, 4], [2, 16], [8, 1], [1, 0]), axis: 0, reverse: true, numWarps: 8 })).toBe(true);
    expect(applies({ shape: [32, 64], enc: blocked([1, 4], [2, 16], [4, 1], [1, 0]), axis: 1, reverse: false, numWarps: 4 })).toBe(true);
    expect(applies({ shape: [8, 512], enc: blocked([1, 2], [2, 16], [2, 2], [1, 0]), axis: 1, reverse: true, numWarps: 4 })).toBe(true);
  });

  test('tensors smaller than the tile: Triton asserts or miscomputes, the general lowering takes them', () => {
    // Triton 3.6 asserts in AddPartialReduceOneWarp on this one (its block counts do not cover the registers).
    expect(applies({ shape: [2, 8], enc: blocked([4, 4], [8, 4], [2, 1], [0, 1]), axis: 1, reverse: false, numWarps: 2 })).toBe(false);
    // Lanes broadcast along dim 1: Triton's lane strides do not locate the elements.
    expect(applies({ shape: [32, 8], enc: blocked([2, 2], [2, 16], [1, 8], [1, 0]), axis: 0, reverse: false, numWarps: 8 })).toBe(false);
  });
});
