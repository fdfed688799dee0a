// toLinearLayout unit vectors. The expectations are those of Triton's
// unittest/Dialect/TritonGPU/LinearLayoutConversionsTest.cpp (the layouts there are built with the legacy
// CTAsPerCGA/CTASplitNum/CTAOrder parameters, which cgaFromSplitParams turns into Triton 3.6's CGA bases).
import { describe, expect, it } from 'vitest';
import '../dialect/index.js';
import type { Attribute } from '../dialect/ir/attribute.js';
import {
  AMDWmmaEncodingAttr,
  BlockedEncodingAttr,
  DotOperandEncodingAttr,
  LinearEncodingAttr,
  NVMMASharedEncodingAttr,
  NvidiaMmaEncodingAttr,
  PaddedSharedEncodingAttr,
  SharedLinearEncodingAttr,
  SliceEncodingAttr,
  SwizzledSharedEncodingAttr,
  AMDRotatingSharedEncodingAttr,
  type DistributedEncodingAttr,
} from '../dialect/ttg/attrs/index.js';
import { cgaFromSplitParams } from '../dialect/ttg/attrs/cga.js';
import { parseEncodingText } from '../parser/encoding-text.js';
import { LayoutConversionError, linearLayoutToJSON, memDescLinearLayout, toLinearLayout } from '../dialect/ttg/to-linear-layout.js';
import { MemDescType } from '../dialect/ttg/types.js';
import { f16 } from '../dialect/ir/type.js';
import * as Q from '../dialect/ttg/layout-queries.js';

type B = number[][];
const iota = (n: number): number[] => [...Array(n).keys()];

function blocked(spt: number[], tpw: number[], wpb: number[], cpg: number[], cSplit: number[], ord: number[], cOrd: number[]): BlockedEncodingAttr {
  return BlockedEncodingAttr.get({
    sizePerThread: spt,
    threadsPerWarp: tpw,
    warpsPerCTA: wpb,
    order: ord,
    cgaLayout: cgaFromSplitParams(cpg, cSplit, cOrd),
  });
}
function mma(maj: number, min: number, instr: number[], wpb: number[], cpg?: number[], cSplit?: number[], cOrd?: number[]): NvidiaMmaEncodingAttr {
  const r = wpb.length;
  return NvidiaMmaEncodingAttr.get({
    versionMajor: maj,
    versionMinor: min,
    warpsPerCTA: wpb,
    instrShape: instr,
    cgaLayout: cgaFromSplitParams(cpg ?? new Array<number>(r).fill(1), cSplit ?? new Array<number>(r).fill(1), cOrd ?? iota(r)),
  });
}
const dot = (parent: Attribute, idx: number, kWidth: number): DotOperandEncodingAttr => DotOperandEncodingAttr.get(idx, parent, kWidth);
const wmma = (warps: number[], version: number, transposed: boolean): AMDWmmaEncodingAttr =>
  AMDWmmaEncodingAttr.get({ version, isTransposed: transposed, warpsPerCTA: warps });
const slice = (parent: DistributedEncodingAttr, dim: number): SliceEncodingAttr => SliceEncodingAttr.get(dim, parent);
function shared(vec: number, perPhase: number, maxPhase: number, cpg: number[], cSplit: number[], ord: number[], cOrd: number[]): SwizzledSharedEncodingAttr {
  return SwizzledSharedEncodingAttr.get({ vec, perPhase, maxPhase, order: ord, cgaLayout: cgaFromSplitParams(cpg, cSplit, cOrd) });
}
function nvmmaShared(
  swizzle: number,
  transposed: boolean,
  ebw: number,
  cpg: number[],
  cSplit: number[],
  _ord: number[],
  cOrd: number[],
  fp4Padded = false,
): NVMMASharedEncodingAttr {
  return NVMMASharedEncodingAttr.get({
    swizzlingByteWidth: swizzle,
    transposed,
    elementBitWidth: ebw,
    fp4Padded,
    cgaLayout: cgaFromSplitParams(cpg, cSplit, cOrd),
  });
}

/** Distributed layout expectation: register, lane, warp, block bases. */
function D(register: B, lane: B, warp: B, block: B): Record<string, B> {
  return { register, lane, warp, block };
}
/** Shared layout expectation: offset, block bases. */
function S(offset: B, block: B = []): Record<string, B> {
  return { offset, block };
}
/** Identity bases of `size` along dim `d` of a rank-`rank` tensor. */
function idBases(size: number, d: number, rank: number): B {
  const out: B = [];
  for (let v = 1; v < size; v *= 2) out.push(Array.from({ length: rank }, (_, i) => (i === d ? v : 0)));
  return out;
}

function check(shape: number[], layout: Attribute, want: Record<string, B>, outSizes: number[] = shape): void {
  const ll = toLinearLayout(shape, layout);
  expect(linearLayoutToJSON(ll)).toEqual(want);
  expect(ll.getOutDims()).toEqual(outSizes.map((s, i) => [`dim${i}`, s]));
}

describe('toLinearLayout: blocked (Triton unittest)', () => {
  it('SimpleBlocked', () => check([16], blocked([1], [4], [4], [1], [1], [0], [0]), D([], [[1], [2]], [[4], [8]], [])));
  it('CTADuplication', () =>
    check([32], blocked([1], [4], [4], [4], [2], [0], [0]), D([], [[1], [2]], [[4], [8]], [[16], [0]])));
  it('CTABroadcast', () =>
    check(
      [64, 128],
      blocked([8, 1], [8, 4], [1, 4], [1, 2], [1, 2], [0, 1], [1, 0]),
      D([[1, 0], [2, 0], [4, 0], [0, 16], [0, 32]], [[8, 0], [16, 0], [32, 0], [0, 1], [0, 2]], [[0, 4], [0, 8]], [[0, 64]]),
    ));
  it('ShapeLargerThanLayout', () =>
    check([128], blocked([1], [4], [4], [1], [1], [0], [0]), D([[16], [32], [64]], [[1], [2]], [[4], [8]], [])));
  it('ShapeLargerThanLayout2DDegenerate', () =>
    check(
      [128, 1],
      blocked([1, 1], [4, 1], [4, 1], [1, 1], [1, 1], [0, 1], [1, 0]),
      D([[16, 0], [32, 0], [64, 0]], [[1, 0], [2, 0]], [[4, 0], [8, 0]], []),
    ));
  it('ShapeSmallerThanLayout', () =>
    check([8], blocked([4], [4], [4], [1], [1], [0], [0]), D([[1], [2]], [[4], [0]], [[0], [0]], [])));
  it('ReversedOrder', () =>
    check(
      [1, 64],
      blocked([1, 1], [32, 1], [1, 8], [1, 1], [1, 1], [0, 1], [1, 0]),
      D([[0, 8], [0, 16], [0, 32]], [[0, 0], [0, 0], [0, 0], [0, 0], [0, 0]], [[0, 1], [0, 2], [0, 4]], []),
    ));
  it('ReplicateInRegisterDim', () =>
    check([32], blocked([2], [4], [1], [1], [1], [0], [0]), D([[1], [8], [16]], [[2], [4]], [], [])));
  it('OneDimTooLargeAnotherTooSmall', () =>
    check(
      [128, 16],
      blocked([1, 4], [8, 4], [4, 1], [2, 2], [2, 1], [1, 0], [1, 0]),
      D([[0, 1], [0, 2], [32, 0]], [[0, 4], [0, 8], [1, 0], [2, 0], [4, 0]], [[8, 0], [16, 0]], [[0, 0], [64, 0]]),
    ));
  it('RepeatInCTGDimFirst', () => check([4], blocked([1], [1], [4], [2], [2], [0], [0]), D([], [], [[1], [0]], [[2]])));
  it('SmallerThanCTALayout', () => check([2], blocked([1], [1], [1], [4], [4], [0], [0]), D([], [], [], [[1], [0]])));
  it('Skinny', () =>
    check(
      [64, 1],
      blocked([8, 1], [8, 4], [1, 4], [1, 2], [1, 2], [0, 1], [0, 1]),
      D([[1, 0], [2, 0], [4, 0]], [[8, 0], [16, 0], [32, 0], [0, 0], [0, 0]], [[0, 0], [0, 0]], [[0, 0]]),
    ));
  it('BlockedOrder', () =>
    check(
      [1024, 128],
      blocked([2, 2], [4, 8], [2, 2], [2, 2], [2, 2], [1, 0], [1, 0]),
      D(
        [[0, 1], [1, 0], [0, 32], [16, 0], [32, 0], [64, 0], [128, 0], [256, 0]],
        [[0, 2], [0, 4], [0, 8], [2, 0], [4, 0]],
        [[0, 16], [8, 0]],
        [[0, 64], [512, 0]],
      ),
    ));
  it('Blocked4D', () =>
    check(
      [2, 1, 1, 1],
      blocked([1, 1, 1, 4], [2, 1, 1, 16], [1, 2, 4, 1], [1, 1, 1, 1], [1, 1, 1, 1], [3, 0, 1, 2], [3, 2, 1, 0]),
      D(
        [[0, 0, 0, 0], [0, 0, 0, 0]],
        [[0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [1, 0, 0, 0]],
        [[0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]],
        [],
      ),
    ));
});

describe('toLinearLayout: dot operands of blocked layouts (Triton unittest)', () => {
  const p2 = blocked([2, 4], [8, 4], [2, 4], [1, 1], [1, 1], [1, 0], [1, 0]);
  const p3 = blocked([2, 2, 4], [2, 4, 4], [2, 2, 2], [1, 1, 1], [1, 1, 1], [2, 1, 0], [2, 1, 0]);
  it('BlockedDotOperandLhs', () =>
    check(
      [32, 16],
      dot(p2, 0, 0),
      D([[0, 1], [0, 2], [0, 4], [0, 8], [1, 0]], [[0, 0], [0, 0], [2, 0], [4, 0], [8, 0]], [[0, 0], [0, 0], [16, 0]], []),
    ));
  it('BlockedDot3dOperandLhs', () =>
    check(
      [16, 32, 4],
      dot(p3, 0, 0),
      D(
        [[0, 0, 1], [0, 0, 2], [0, 1, 0], [1, 0, 0], [0, 16, 0], [8, 0, 0]],
        [[0, 0, 0], [0, 0, 0], [0, 2, 0], [0, 4, 0], [2, 0, 0]],
        [[0, 0, 0], [0, 8, 0], [4, 0, 0]],
        [],
      ),
    ));
  it('BlockedDotOperandRhs', () =>
    check(
      [16, 64],
      dot(p2, 1, 0),
      D([[0, 1], [0, 2], [1, 0], [2, 0], [4, 0], [8, 0]], [[0, 4], [0, 8], [0, 0], [0, 0], [0, 0]], [[0, 16], [0, 32], [0, 0]], []),
    ));
  it('BlockedDot3dOperandRhs', () =>
    check(
      [16, 4, 64],
      dot(p3, 1, 0),
      D(
        [[0, 0, 1], [0, 0, 2], [0, 1, 0], [0, 2, 0], [1, 0, 0], [0, 0, 32], [8, 0, 0]],
        [[0, 0, 4], [0, 0, 8], [0, 0, 0], [0, 0, 0], [2, 0, 0]],
        [[0, 0, 16], [0, 0, 0], [4, 0, 0]],
        [],
      ),
    ));
});

describe('toLinearLayout: nvidia_mma and its dot operands (Triton unittest)', () => {
  const v2 = mma(2, 0, [16, 8], [1, 1], [1, 1], [1, 1], [0, 1]);
  const lane2 = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]];
  it('MMAv2_16x16', () => check([16, 16], v2, D([[0, 1], [8, 0], [0, 8]], lane2, [], [])));
  it('MMAv2_32x32', () => check([32, 32], v2, D([[0, 1], [8, 0], [0, 8], [0, 16], [16, 0]], lane2, [], [])));
  it('MMAv2_ExtendDim2', () => check([16, 128], v2, D([[0, 1], [8, 0], [0, 8], [0, 16], [0, 32], [0, 64]], lane2, [], [])));
  const cga3 = mma(2, 0, [1, 16, 8], [16, 1, 1], [4, 2, 2], [4, 2, 1], [2, 1, 0]);
  const reg3 = [[0, 0, 1], [0, 8, 0], [0, 0, 8], [0, 0, 16], [0, 0, 32], [0, 0, 64], [0, 16, 0], [0, 32, 0]];
  const lane3 = [[0, 0, 2], [0, 0, 4], [0, 1, 0], [0, 2, 0], [0, 4, 0]];
  it('MMAv2_Cga', () =>
    check([64, 128, 128], cga3, D(reg3, lane3, [[1, 0, 0], [2, 0, 0], [4, 0, 0], [8, 0, 0]], [[0, 0, 0], [0, 64, 0], [16, 0, 0], [32, 0, 0]])));
  it('MMAv2_Small3D', () =>
    check([1, 128, 128], cga3, D(reg3, lane3, [[0, 0, 0], [0, 0, 0], [0, 0, 0], [0, 0, 0]], [[0, 0, 0], [0, 64, 0], [0, 0, 0], [0, 0, 0]])));
  for (const instr of [
    [16, 16, 8],
    [16, 8, 8],
  ]) {
    it(`MMAv3_64x16 ${instr}`, () =>
      check([64, 16], mma(3, 0, instr, [4, 1], [1, 1], [1, 1], [1, 0]), D([[0, 1], [8, 0], [0, 8]], lane2, [[16, 0], [32, 0]], [])));
  }
  const v3 = mma(3, 0, [16, 16, 8], [4, 1], [1, 1], [1, 1], [1, 0]);
  it('MMAv3_128x16', () => check([128, 16], v3, D([[0, 1], [8, 0], [0, 8], [64, 0]], lane2, [[16, 0], [32, 0]], [])));
  it('MMAv3_1024x1024', () =>
    check(
      [1024, 1024],
      v3,
      D(
        [[0, 1], [8, 0], [0, 8], [0, 16], [0, 32], [0, 64], [0, 128], [0, 256], [0, 512], [64, 0], [128, 0], [256, 0], [512, 0]],
        lane2,
        [[16, 0], [32, 0]],
        [],
      ),
    ));
  const v3w42 = mma(3, 0, [16, 32, 16], [4, 2], [1, 1], [1, 1], [1, 0]);
  it('MMAv3_4x2Warps', () => {
    check([64, 32], v3w42, D([[0, 1], [8, 0], [0, 8], [0, 16]], lane2, [[16, 0], [32, 0], [0, 0]], []));
    check([64, 64], v3w42, D([[0, 1], [8, 0], [0, 8], [0, 16]], lane2, [[16, 0], [32, 0], [0, 32]], []));
    check([128, 64], v3w42, D([[0, 1], [8, 0], [0, 8], [0, 16], [64, 0]], lane2, [[16, 0], [32, 0], [0, 32]], []));
    check([256, 64], v3w42, D([[0, 1], [8, 0], [0, 8], [0, 16], [64, 0], [128, 0]], lane2, [[16, 0], [32, 0], [0, 32]], []));
  });
  const v3w44 = mma(3, 0, [16, 16, 8], [4, 4], [1, 1], [1, 1], [1, 0]);
  it('MMAv3_4x4Warps', () => {
    const r = [[0, 1], [8, 0], [0, 8]];
    check([16, 16], v3w44, D(r, lane2, [[0, 0], [0, 0], [0, 0], [0, 0]], []));
    check([32, 16], v3w44, D(r, lane2, [[16, 0], [0, 0], [0, 0], [0, 0]], []));
    check([64, 16], v3w44, D(r, lane2, [[16, 0], [32, 0], [0, 0], [0, 0]], []));
    check([128, 16], v3w44, D([...r, [64, 0]], lane2, [[16, 0], [32, 0], [0, 0], [0, 0]], []));
    check([32, 32], v3w44, D(r, lane2, [[16, 0], [0, 0], [0, 16], [0, 0]], []));
    check([64, 32], v3w44, D(r, lane2, [[16, 0], [32, 0], [0, 16], [0, 0]], []));
  });
  it('DotMMAv2_tile_kwidth8', () => {
    const p = mma(2, 0, [16, 8], [1, 1]);
    check([16, 64], dot(p, 0, 8), D([[0, 1], [0, 2], [0, 4], [8, 0], [0, 32]], [[0, 8], [0, 16], [1, 0], [2, 0], [4, 0]], [], []));
    check([64, 8], dot(p, 1, 8), D([[1, 0], [2, 0], [4, 0], [32, 0]], [[8, 0], [16, 0], [0, 1], [0, 2], [0, 4]], [], []));
  });
  it('DotMMAv2_large_warp4_kwidth8', () => {
    const p = mma(2, 0, [16, 8], [4, 1]);
    check(
      [128, 128],
      dot(p, 0, 8),
      D([[0, 1], [0, 2], [0, 4], [8, 0], [0, 32], [0, 64], [64, 0]], [[0, 8], [0, 16], [1, 0], [2, 0], [4, 0]], [[16, 0], [32, 0]], []),
    );
    check(
      [128, 64],
      dot(p, 1, 8),
      D(
        [[1, 0], [2, 0], [4, 0], [32, 0], [64, 0], [0, 8], [0, 16], [0, 32]],
        [[8, 0], [16, 0], [0, 1], [0, 2], [0, 4]],
        [[0, 0], [0, 0]],
        [],
      ),
    );
    check(
      [64, 128],
      dot(p, 1, 8),
      D(
        [[1, 0], [2, 0], [4, 0], [32, 0], [0, 8], [0, 16], [0, 32], [0, 64]],
        [[8, 0], [16, 0], [0, 1], [0, 2], [0, 4]],
        [[0, 0], [0, 0]],
        [],
      ),
    );
  });
  it('DotMMAv2_3D', () => {
    const p = mma(2, 0, [1, 16, 8], [2, 4, 2]);
    check(
      [16, 128, 128],
      dot(p, 0, 8),
      D(
        [[0, 0, 1], [0, 0, 2], [0, 0, 4], [0, 8, 0], [0, 0, 32], [0, 0, 64], [0, 64, 0], [2, 0, 0], [4, 0, 0], [8, 0, 0]],
        [[0, 0, 8], [0, 0, 16], [0, 1, 0], [0, 2, 0], [0, 4, 0]],
        [[0, 0, 0], [0, 16, 0], [0, 32, 0], [1, 0, 0]],
        [],
      ),
    );
    check(
      [8, 128, 64],
      dot(p, 1, 8),
      D(
        [[0, 1, 0], [0, 2, 0], [0, 4, 0], [0, 32, 0], [0, 64, 0], [0, 0, 16], [0, 0, 32], [2, 0, 0], [4, 0, 0]],
        [[0, 8, 0], [0, 16, 0], [0, 0, 1], [0, 0, 2], [0, 0, 4]],
        [[0, 0, 8], [0, 0, 0], [0, 0, 0], [1, 0, 0]],
        [],
      ),
    );
  });
  it('DotMMAv3_warp4_kwidth2', () => {
    const d = dot(mma(3, 0, [16, 16, 8], [4, 1]), 0, 2);
    check([64, 16], d, D([[0, 1], [8, 0], [0, 8]], lane2, [[16, 0], [32, 0]], []));
    check([128, 16], d, D([[0, 1], [8, 0], [0, 8], [64, 0]], lane2, [[16, 0], [32, 0]], []));
    check([128, 32], d, D([[0, 1], [8, 0], [0, 8], [0, 16], [64, 0]], lane2, [[16, 0], [32, 0]], []));
  });
});

describe('toLinearLayout: amd_wmma and its dot operands (Triton unittest)', () => {
  const laneV1 = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 0]];
  it('WMMA_v1_2x4Warps_rhs', () => {
    const op = dot(wmma([2, 4], 1, false), 1, 16);
    check([16, 16], op, D([[1, 0], [2, 0], [4, 0], [8, 0]], laneV1, [[0, 0], [0, 0], [0, 0]], []));
    check([32, 16], op, D([[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], laneV1, [[0, 0], [0, 0], [0, 0]], []));
    check([32, 64], op, D([[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], laneV1, [[0, 16], [0, 32], [0, 0]], []));
    check([64, 128], op, D([[1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0], [0, 64]], laneV1, [[0, 16], [0, 32], [0, 0]], []));
  });
  it('WMMA_v1_2x4x1Warps_lhs', () => {
    const op = dot(wmma([2, 4, 1], 1, false), 0, 16);
    const lane = [[0, 1, 0], [0, 2, 0], [0, 4, 0], [0, 8, 0], [0, 0, 0]];
    const r = [[0, 0, 1], [0, 0, 2], [0, 0, 4], [0, 0, 8]];
    check([1, 16, 16], op, D(r, lane, [[0, 0, 0], [0, 0, 0], [0, 0, 0]], []));
    check([2, 32, 16], op, D(r, lane, [[0, 16, 0], [0, 0, 0], [1, 0, 0]], []));
    check([2, 64, 16], op, D(r, lane, [[0, 16, 0], [0, 32, 0], [1, 0, 0]], []));
    check([4, 128, 32], op, D([...r, [0, 0, 16], [0, 64, 0], [2, 0, 0]], lane, [[0, 16, 0], [0, 32, 0], [1, 0, 0]], []));
  });
  it('WMMA_v1_2x4x1Warps_rhs', () => {
    const op = dot(wmma([2, 4, 1], 1, false), 1, 16);
    const lane = [[0, 0, 1], [0, 0, 2], [0, 0, 4], [0, 0, 8], [0, 0, 0]];
    const r = [[0, 1, 0], [0, 2, 0], [0, 4, 0], [0, 8, 0]];
    const w0 = [[0, 0, 0], [0, 0, 0], [0, 0, 0]];
    const w1 = [[0, 0, 0], [0, 0, 0], [1, 0, 0]];
    check([1, 16, 16], op, D(r, lane, w0, []));
    check([2, 32, 16], op, D([...r, [0, 16, 0]], lane, w1, []));
    check([2, 64, 16], op, D([...r, [0, 16, 0], [0, 32, 0]], lane, w1, []));
    check([4, 128, 32], op, D([...r, [0, 16, 0], [0, 32, 0], [0, 64, 0], [0, 0, 16], [2, 0, 0]], lane, w1, []));
  });
  it('WMMA_v2_2x4Warps', () => {
    const l = wmma([2, 4], 2, false);
    const lane = [[0, 1], [0, 2], [0, 4], [0, 8], [8, 0]];
    const r = [[1, 0], [2, 0], [4, 0]];
    check([16, 16], l, D(r, lane, [[0, 0], [0, 0], [0, 0]], []));
    check([32, 16], l, D(r, lane, [[0, 0], [0, 0], [16, 0]], []));
    check([16, 32], l, D(r, lane, [[0, 16], [0, 0], [0, 0]], []));
    check([64, 128], l, D([...r, [0, 64], [32, 0]], lane, [[0, 16], [0, 32], [16, 0]], []));
  });
  it('WMMA_v2_2x2x2Warps', () => {
    const l = wmma([2, 2, 2], 2, false);
    const lane = [[0, 0, 1], [0, 0, 2], [0, 0, 4], [0, 0, 8], [0, 8, 0]];
    const r = [[0, 1, 0], [0, 2, 0], [0, 4, 0]];
    check([1, 16, 16], l, D(r, lane, [[0, 0, 0], [0, 0, 0], [0, 0, 0]], []));
    check([2, 16, 16], l, D(r, lane, [[0, 0, 0], [0, 0, 0], [1, 0, 0]], []));
    check([4, 64, 64], l, D([...r, [0, 0, 32], [0, 32, 0], [2, 0, 0]], lane, [[0, 0, 16], [0, 16, 0], [1, 0, 0]], []));
  });
  it('TWMMA_v2_2x4Warps', () => {
    const l = wmma([2, 4], 2, true);
    const lane = [[1, 0], [2, 0], [4, 0], [8, 0], [0, 8]];
    const r = [[0, 1], [0, 2], [0, 4]];
    check([16, 16], l, D(r, lane, [[0, 0], [0, 0], [0, 0]], []));
    check([32, 16], l, D(r, lane, [[0, 0], [0, 0], [16, 0]], []));
    check([16, 32], l, D(r, lane, [[0, 16], [0, 0], [0, 0]], []));
    check([64, 128], l, D([...r, [0, 64], [32, 0]], lane, [[0, 16], [0, 32], [16, 0]], []));
  });
  it('TWMMA_v2_2x2x2Warps', () => {
    const l = wmma([2, 2, 2], 2, true);
    const lane = [[0, 1, 0], [0, 2, 0], [0, 4, 0], [0, 8, 0], [0, 0, 8]];
    const r = [[0, 0, 1], [0, 0, 2], [0, 0, 4]];
    check([1, 16, 16], l, D(r, lane, [[0, 0, 0], [0, 0, 0], [0, 0, 0]], []));
    check([2, 16, 16], l, D(r, lane, [[0, 0, 0], [0, 0, 0], [1, 0, 0]], []));
    check([4, 64, 64], l, D([...r, [0, 0, 32], [0, 32, 0], [2, 0, 0]], lane, [[0, 0, 16], [0, 16, 0], [1, 0, 0]], []));
  });
  it('WMMA_v2_2x4Warps_lhs', () => {
    const w = wmma([2, 4], 2, false);
    const k8 = dot(w, 0, 8);
    const lane8 = [[1, 0], [2, 0], [4, 0], [8, 0], [0, 8]];
    check([16, 16], k8, D([[0, 1], [0, 2], [0, 4]], lane8, [[0, 0], [0, 0], [0, 0]], []));
    check([32, 16], k8, D([[0, 1], [0, 2], [0, 4]], lane8, [[0, 0], [0, 0], [16, 0]], []));
    check([32, 64], k8, D([[0, 1], [0, 2], [0, 4], [0, 16], [0, 32]], lane8, [[0, 0], [0, 0], [16, 0]], []));
    check([64, 128], k8, D([[0, 1], [0, 2], [0, 4], [0, 16], [0, 32], [0, 64], [32, 0]], lane8, [[0, 0], [0, 0], [16, 0]], []));
    const k16 = dot(w, 0, 16);
    const lane16 = [[1, 0], [2, 0], [4, 0], [8, 0], [0, 16]];
    const r16 = [[0, 1], [0, 2], [0, 4], [0, 8]];
    check([16, 32], k16, D(r16, lane16, [[0, 0], [0, 0], [0, 0]], []));
    check([32, 32], k16, D(r16, lane16, [[0, 0], [0, 0], [16, 0]], []));
    check([32, 128], k16, D([...r16, [0, 32], [0, 64]], lane16, [[0, 0], [0, 0], [16, 0]], []));
    check([64, 128], k16, D([...r16, [0, 32], [0, 64], [32, 0]], lane16, [[0, 0], [0, 0], [16, 0]], []));
  });
  it('WMMA_v2_2x4Warps_rhs', () => {
    const w = wmma([2, 4], 2, false);
    const k8 = dot(w, 1, 8);
    const lane8 = [[0, 1], [0, 2], [0, 4], [0, 8], [8, 0]];
    check([32, 16], k8, D([[1, 0], [2, 0], [4, 0], [16, 0]], lane8, [[0, 0], [0, 0], [0, 0]], []));
    check([32, 64], k8, D([[1, 0], [2, 0], [4, 0], [16, 0]], lane8, [[0, 16], [0, 32], [0, 0]], []));
    check([64, 128], k8, D([[1, 0], [2, 0], [4, 0], [16, 0], [32, 0], [0, 64]], lane8, [[0, 16], [0, 32], [0, 0]], []));
    const k16 = dot(w, 1, 16);
    const lane16 = [[0, 1], [0, 2], [0, 4], [0, 8], [16, 0]];
    const r16 = [[1, 0], [2, 0], [4, 0], [8, 0]];
    check([32, 16], k16, D(r16, lane16, [[0, 0], [0, 0], [0, 0]], []));
    check([32, 32], k16, D(r16, lane16, [[0, 16], [0, 0], [0, 0]], []));
    check([64, 64], k16, D([...r16, [32, 0]], lane16, [[0, 16], [0, 32], [0, 0]], []));
    check([128, 128], k16, D([...r16, [32, 0], [64, 0], [0, 64]], lane16, [[0, 16], [0, 32], [0, 0]], []));
  });
  it('WMMA_v2_2x4x1Warps_lhs', () => {
    const op = dot(wmma([2, 4, 1], 2, false), 0, 8);
    const lane = [[0, 1, 0], [0, 2, 0], [0, 4, 0], [0, 8, 0], [0, 0, 8]];
    const r = [[0, 0, 1], [0, 0, 2], [0, 0, 4]];
    check([1, 16, 16], op, D(r, lane, [[0, 0, 0], [0, 0, 0], [0, 0, 0]], []));
    check([2, 32, 16], op, D(r, lane, [[0, 16, 0], [0, 0, 0], [1, 0, 0]], []));
    check([2, 64, 16], op, D(r, lane, [[0, 16, 0], [0, 32, 0], [1, 0, 0]], []));
    check([4, 128, 32], op, D([...r, [0, 0, 16], [0, 64, 0], [2, 0, 0]], lane, [[0, 16, 0], [0, 32, 0], [1, 0, 0]], []));
  });
  it('WMMA_v2_2x4x1Warps_rhs', () => {
    const op = dot(wmma([2, 4, 1], 2, false), 1, 8);
    const lane = [[0, 0, 1], [0, 0, 2], [0, 0, 4], [0, 0, 8], [0, 8, 0]];
    const r = [[0, 1, 0], [0, 2, 0], [0, 4, 0]];
    const w1 = [[0, 0, 0], [0, 0, 0], [1, 0, 0]];
    check([1, 16, 16], op, D(r, lane, [[0, 0, 0], [0, 0, 0], [0, 0, 0]], []));
    check([2, 32, 16], op, D([...r, [0, 16, 0]], lane, w1, []));
    check([2, 64, 16], op, D([...r, [0, 16, 0], [0, 32, 0]], lane, w1, []));
    check([4, 128, 32], op, D([...r, [0, 16, 0], [0, 32, 0], [0, 64, 0], [0, 0, 16], [2, 0, 0]], lane, w1, []));
  });
});

// Triton 3.6 drops the all-zero register bases a slice inherits from its parent (confirmed by every slice of
// layouts.jsonl); the unittest predates that, so SliceWithShape1 and SliceOfMmaV2 expect no zero registers here.
describe('toLinearLayout: slices (Triton unittest)', () => {
  it('SliceOfBlocked', () => {
    const parent = blocked([2, 4], [4, 2], [2, 2], [2, 2], [2, 2], [1, 0], [1, 0]);
    check([128], slice(parent, 0), D([[1], [2], [16], [32]], [[4], [0], [0]], [[8], [0]], [[64], [0]]));
    check([128], slice(parent, 1), D([[1], [16], [32]], [[0], [2], [4]], [[0], [8]], [[0], [64]]));
  });
  it('SliceWithShape1', () => {
    const parent = blocked([1, 4], [8, 4], [2, 2], [1, 1], [1, 1], [0, 1], [1, 0]);
    check([1], slice(parent, 0), D([], [[0], [0], [0], [0], [0]], [[0], [0]], []));
  });
  it('Slice4D', () => {
    const parent = blocked([1, 1, 1, 4], [2, 1, 1, 16], [1, 2, 4, 1], [1, 1, 1, 1], [1, 1, 1, 1], [3, 0, 1, 2], [3, 2, 1, 0]);
    check(
      [2, 1, 1],
      slice(parent, 3),
      D([], [[0, 0, 0], [0, 0, 0], [0, 0, 0], [0, 0, 0], [1, 0, 0]], [[0, 0, 0], [0, 0, 0], [0, 0, 0]], []),
    );
  });
  it('SliceOfMmaV2', () => {
    const parent = mma(2, 0, [16, 8], [2, 2], [1, 1], [1, 1], [0, 1]);
    check([16], slice(parent, 0), D([[1]], [[2], [4], [0], [0], [0]], [[8], [0]], []));
    check([128], slice(parent, 0), D([[1], [16], [32], [64]], [[2], [4], [0], [0], [0]], [[8], [0]], []));
    check([8], slice(parent, 1), D([], [[0], [0], [1], [2], [4]], [[0], [0]], []));
    check([128], slice(parent, 1), D([[8], [32], [64]], [[0], [0], [1], [2], [4]], [[0], [16]], []));
  });
});

describe('toLinearLayout: shared layouts (Triton unittest)', () => {
  it('SharedSimple1D', () => check([1024], shared(1, 1, 1, [1], [1], [0], [0]), S(idBases(1024, 0, 1))));
  it('SharedSimple2D', () =>
    check([128, 128], shared(1, 1, 1, [1, 1], [1, 1], [1, 0], [1, 0]), S([...idBases(128, 1, 2), ...idBases(128, 0, 2)])));
  it('SharedSimple2D_Order01', () =>
    check([128, 128], shared(1, 1, 1, [1, 1], [1, 1], [0, 1], [1, 0]), S([...idBases(128, 0, 2), ...idBases(128, 1, 2)])));
  it('SharedSwizzled2D_MaxPhaseOnly', () =>
    check(
      [32, 32],
      shared(1, 1, 4, [1, 1], [1, 1], [1, 0], [1, 0]),
      S([[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [1, 1], [2, 2], [4, 0], [8, 0], [16, 0]]),
    ));
  it('SharedSwizzled2D_PerPhaseMaxPhase', () =>
    check(
      [32, 32],
      shared(1, 2, 4, [1, 1], [1, 1], [1, 0], [1, 0]),
      S([[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [1, 0], [2, 1], [4, 2], [8, 0], [16, 0]]),
    ));
  it('SharedSwizzled2D_Vec', () =>
    check([4, 8], shared(2, 1, 4, [1, 1], [1, 1], [1, 0], [1, 0]), S([[0, 1], [0, 2], [0, 4], [1, 2], [2, 4]])));
  it('SharedSwizzled2D_PerPhaseMaxPhaseVec', () =>
    check(
      [32, 32],
      shared(2, 2, 4, [1, 1], [1, 1], [1, 0], [1, 0]),
      S([[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [1, 0], [2, 2], [4, 4], [8, 0], [16, 0]]),
    ));
  it('SharedSwizzled4D', () =>
    check(
      [2, 4, 32, 32],
      shared(2, 2, 4, [1, 1, 1, 1], [1, 1, 1, 1], [3, 2, 1, 0], [3, 2, 1, 0]),
      S([
        [0, 0, 0, 1],
        [0, 0, 0, 2],
        [0, 0, 0, 4],
        [0, 0, 0, 8],
        [0, 0, 0, 16],
        [0, 0, 1, 0],
        [0, 0, 2, 2],
        [0, 0, 4, 4],
        [0, 0, 8, 0],
        [0, 0, 16, 0],
        [0, 1, 0, 0],
        [0, 2, 0, 0],
        [1, 0, 0, 0],
      ]),
    ));
  it('SharedSwizzled2D_Order01', () =>
    check([4, 8], shared(1, 1, 4, [1, 1], [1, 1], [0, 1], [0, 1]), S([[1, 0], [2, 0], [1, 1], [2, 2], [0, 4]])));
  it('LeadingOffset_8x16_4_2', () =>
    check(
      [8, 16],
      nvmmaShared(32, false, 16, [1, 1], [1, 1], [1, 0], [1, 0]),
      S([[0, 1], [0, 2], [0, 4], [0, 8], [1, 0], [2, 0], [4, 8]]),
    ));
  it('LeadingOffset_128x16_4_2', () =>
    check(
      [128, 16],
      nvmmaShared(32, false, 16, [1, 1], [1, 1], [1, 0], [1, 0]),
      S([[0, 1], [0, 2], [0, 4], [0, 8], [1, 0], [2, 0], [4, 8], [8, 0], [16, 0], [32, 0], [64, 0]]),
    ));
  it('LeadingOffset_8x32_2_4', () =>
    check(
      [8, 32],
      nvmmaShared(64, false, 16, [1, 1], [1, 1], [1, 0], [1, 0]),
      S([[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [1, 0], [2, 8], [4, 16]]),
    ));
  it('LeadingOffset_8x64_1_8', () =>
    check(
      [8, 64],
      nvmmaShared(128, false, 16, [1, 1], [1, 1], [1, 0], [1, 0]),
      S([[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [1, 8], [2, 16], [4, 32]]),
    ));
  it('LeadingOffset_8x64_1_8_32b', () =>
    check(
      [8, 64],
      nvmmaShared(128, false, 32, [1, 1], [1, 1], [1, 0], [1, 0]),
      S([[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [1, 4], [2, 8], [4, 16], [0, 32]]),
    ));
  it('Shared1DSwizzle', () => check([64, 1], shared(2, 2, 4, [1, 1], [1, 1], [1, 0], [1, 0]), S(idBases(64, 0, 2))));
  it('MMAv5Fp4Padded', () =>
    check(
      [32, 64],
      nvmmaShared(128, false, 8, [1, 1], [1, 1], [1, 0], [1, 0], true),
      S([[0, 1], [0, 2], [0, 4], [0, 0], [0, 8], [0, 16], [0, 32], [1, 8], [2, 16], [4, 32], [8, 0], [16, 0]]),
    ));
});

describe('toLinearLayout: further shared layouts', () => {
  it('nvmma without swizzling is row-major over the TMA box', () =>
    check([16, 32], nvmmaShared(0, false, 16, [1, 1], [1, 1], [1, 0], [1, 0]), S([...idBases(32, 1, 2), ...idBases(16, 0, 2)])));
  it('transposed nvmma swizzles along dim0', () => {
    const ll = toLinearLayout([64, 16], nvmmaShared(128, true, 16, [1, 1], [1, 1], [0, 1], [1, 0]));
    expect(linearLayoutToJSON(ll)).toEqual(
      S([[1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0], [8, 1], [16, 2], [32, 4], [0, 8]]),
    );
  });
  it('amd_rotating_shared rotates the phase per block of rows', () => {
    const l = AMDRotatingSharedEncodingAttr.get({ vec: 1, perPhase: 1, maxPhase: 4, order: [1, 0] });
    const ll = toLinearLayout([16, 8], l);
    // phase(row) ^ (row / maxPhase / perPhase % maxPhase): rows 4 and 8 start a new rotation.
    expect(linearLayoutToJSON(ll)).toEqual(S([[0, 1], [0, 2], [0, 4], [1, 1], [2, 2], [4, 1], [8, 2]]));
  });
  it('shared_linear is the layout it spells out', () => {
    const l = SharedLinearEncodingAttr.get({ offset: [[0, 1], [1, 0], [0, 2]], alignment: 16 });
    check([2, 4], l, S([[0, 1], [1, 0], [0, 2]]));
    expect(() => toLinearLayout([4, 4], l)).toThrow(LayoutConversionError);
  });
  it('padded_shared gives its linear component', () => {
    const l = parseEncodingText('#ttg.padded_shared<[32:+4] {order = [0, 1], shape = [8, 4]}>') as PaddedSharedEncodingAttr;
    check([8, 4], l, S([...idBases(8, 0, 2), ...idBases(4, 1, 2)]));
  });
  it('memdesc layouts use the trailing alloc shape', () => {
    const enc = shared(1, 1, 1, [1, 1], [1, 1], [1, 0], [1, 0]);
    const t = MemDescType.get({ shape: [16, 16], elementType: f16(), encoding: enc, allocShape: [2, 32, 16] });
    expect(linearLayoutToJSON(memDescLinearLayout(t))).toEqual(S([...idBases(16, 1, 2), ...idBases(32, 0, 2)]));
  });
});

describe('toLinearLayout: linear encodings', () => {
  const enc = LinearEncodingAttr.get({
    register: [[0, 1], [0, 2]],
    lane: [[1, 0], [2, 0], [4, 0], [8, 0], [0, 4]],
    warp: [[16, 0], [0, 8]],
    block: [],
  });
  it('is itself at its own shape', () => check([32, 16], enc, D([[0, 1], [0, 2]], [[1, 0], [2, 0], [4, 0], [8, 0], [0, 4]], [[16, 0], [0, 8]], [])));
  it('repeats in registers along its order when the shape is larger', () =>
    check([64, 32], enc, D([[0, 1], [0, 2], [0, 16], [32, 0]], [[1, 0], [2, 0], [4, 0], [8, 0], [0, 4]], [[16, 0], [0, 8]], [])));
  it('drops registers and broadcasts lanes when the shape is smaller', () =>
    check([16, 2], enc, D([[0, 1]], [[1, 0], [2, 0], [4, 0], [8, 0], [0, 0]], [[0, 0], [0, 0]], [])));
});

describe('toLinearLayout: errors', () => {
  it('rejects a rank mismatch', () => {
    expect(() => toLinearLayout([16], mma(2, 0, [16, 8], [1, 1]))).toThrow(LayoutConversionError);
  });
  it('rejects a too-small nvmma allocation', () => {
    expect(() => toLinearLayout([8, 8], nvmmaShared(128, false, 16, [1, 1], [1, 1], [1, 0], [1, 0]))).toThrow(/too small/);
  });
  it('rejects non-layout attributes', () => {
    expect(() => toLinearLayout([4], parseEncodingText('#ttg.shared_memory'))).toThrow(LayoutConversionError);
  });
});

describe('layout queries', () => {
  const b = blocked([1, 4], [2, 16], [4, 1], [1, 1], [1, 1], [1, 0], [1, 0]);
  it('reads blocked parameters back', () => {
    expect(Q.getSizePerThread(b, [64, 64])).toEqual([1, 4]);
    expect(Q.getThreadsPerWarp(b, [64, 64])).toEqual([2, 16]);
    expect(Q.getWarpsPerCTA(b, [64, 64])).toEqual([4, 1]);
    expect(Q.getOrder(b, [64, 64])).toEqual([1, 0]);
    expect(Q.getThreadOrder(b, [64, 64])).toEqual([1, 0]);
    // Warps only move along dim0, so it comes first; the rest follows the element order.
    expect(Q.getWarpOrder(b, [64, 64])).toEqual([0, 1]);
    expect(Q.getContigPerThread(b, [64, 64])).toEqual([1, 4]);
    // Lanes continue the register run along dim1 (4 → 64), then their last basis steps one row.
    expect(Q.getContigPerWarp(b, [64, 64])).toEqual([2, 64]);
    expect(Q.getElemsPerThread(b, [64, 64])).toEqual([8, 4]);
    expect(Q.getTotalElemsPerThread(b, [64, 64])).toBe(32);
    expect(Q.getUniqueElemsPerThread(b, [64, 64])).toBe(32);
    expect(Q.getRepOrder(b)).toEqual([1, 0]);
  });
  it('counts broadcast registers in elemsPerThread but not in uniqueElemsPerThread', () => {
    expect(Q.getElemsPerThread(b, [4, 4])).toEqual([1, 4]);
    expect(Q.getTotalElemsPerThread(b, [4, 4])).toBe(4);
    expect(Q.getUniqueElemsPerThread(b, [4, 4])).toBe(4);
    const b2 = blocked([2], [32], [4], [1], [1], [0], [0]);
    expect(Q.getTotalElemsPerThread(b2, [1])).toBe(2);
    expect(Q.getUniqueElemsPerThread(b2, [1])).toBe(1);
  });
  it('reads mma layouts', () => {
    const m = mma(2, 0, [16, 8], [2, 2]);
    expect(Q.getWarpsPerCTA(m, [64, 64])).toEqual([2, 2]);
    expect(Q.getThreadsPerWarp(m, [64, 64])).toEqual([8, 4]);
    expect(Q.getSizePerThread(m, [64, 64])).toEqual([2, 2]);
    expect(Q.getContigPerThread(m, [64, 64])).toEqual([1, 2]);
    expect(Q.getTotalElemsPerThread(m, [64, 64])).toBe(32);
    expect(Q.getOrder(m, [64, 64])).toEqual([1, 0]);
    const d = dot(m, 0, 2);
    expect(Q.getWarpsPerCTA(d, [64, 16])).toEqual([2, 1]);
    expect(Q.getTotalElemsPerThread(d, [64, 16])).toBe(16);
    expect(Q.getRepOrder(d)).toEqual([1, 0]);
    expect(Q.getRepOrder(dot(m, 1, 2))).toEqual([0, 1]);
  });
  it('reads slices', () => {
    const s = slice(b, 1);
    expect(Q.getTotalElemsPerThread(s, [64])).toBe(8);
    expect(Q.getSizePerThread(s, [64])).toEqual([1]);
    expect(Q.getThreadsPerWarp(s, [64])).toEqual([2]);
    expect(Q.getRepOrder(s)).toEqual([0]);
  });
  it('reads CTA parameters', () => {
    const c = blocked([1, 4], [8, 4], [4, 1], [2, 2], [2, 1], [1, 0], [1, 0]);
    // CGA bases [[0, 0], [1, 0]]: Triton's basesPerDim counts the leading broadcast basis against dim0.
    expect(Q.getCTAsPerCGA(c)).toEqual([4, 1]);
    expect(Q.getCTASplitNum(c)).toEqual([2, 1]);
    expect(Q.getCTAOrder(c)).toEqual([0, 1]);
    expect(Q.getNumCTAs(c)).toBe(4);
    expect(Q.getShapePerCTA(c, [128, 16])).toEqual([64, 16]);
    expect(Q.getCTASplitNum(slice(c, 1))).toEqual([2]);
    expect(Q.getCTASplitNum(dot(c, 1, 0))).toEqual([1, 1]);
  });
  it('gives shared orders', () => {
    expect(Q.getOrder(shared(8, 1, 8, [1, 1], [1, 1], [0, 1], [1, 0]), [64, 64])).toEqual([0, 1]);
    expect(Q.getOrder(nvmmaShared(128, true, 16, [1, 1], [1, 1], [0, 1], [1, 0]), [64, 64])).toEqual([0, 1]);
    expect(Q.getOrder(nvmmaShared(128, false, 16, [1, 1], [1, 1], [1, 0], [1, 0]), [64, 64])).toEqual([1, 0]);
  });
  it('verifies layouts against the module like Triton', () => {
    expect(Q.verifyTensorLayout(b, [64, 64], { numWarps: 4, threadsPerWarp: 32 })).toBeUndefined();
    expect(Q.verifyTensorLayout(b, [64, 64], { numWarps: 8 })).toBe(
      `${b.key}.\nLayout has 4 warps per CTA, but the context requires 8 warps per CTA.`,
    );
    expect(Q.verifyTensorLayout(b, [64, 64], { threadsPerWarp: 64 })).toMatch(/Layout has 32 threads per warp, but the module specifies 64/);
    expect(Q.verifyTensorLayout(b, [64], {})).toBe("Layout has rank 2, but the tensor it's attached to has rank 1.");
    expect(Q.verifyTensorLayout(shared(1, 1, 1, [1], [1], [0], [0]), [64], {})).toBe('Non-distributed layout is not allowed in tensor type.');
    const d = dot(mma(2, 0, [1, 1], [1, 1]), 0, 1);
    expect(Q.verifyTensorLayout(d, [8, 4], { numWarps: 4 })).toMatch(/Layout has 1 warps per CTA, but the context requires 4 warps per CTA\.$/);
  });
});
