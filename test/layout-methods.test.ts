/**
 * Layout kinds answer their own queries (LayoutEncodingTrait / DistributedEncodingTrait / SharedEncodingTrait as
 * methods): the values Triton 3.6 gives for each kind, and the free functions agreeing with the methods.
 */
import { describe, expect, it } from 'vitest';
import '../dialect/index.js';
import type { Attribute } from '../dialect/ir/attribute.js';
import {
  AMDMfmaEncodingAttr,
  BlockedEncodingAttr,
  DistributedEncodingAttr,
  DotOperandEncodingAttr,
  LayoutEncodingAttr,
  LinearEncodingAttr,
  NvidiaMmaEncodingAttr,
  SharedEncodingAttr,
  SharedLinearEncodingAttr,
  SharedMemorySpaceAttr,
  SliceEncodingAttr,
  NVMMASharedEncodingAttr,
  SwizzledSharedEncodingAttr,
} from '../dialect/ttg/attrs/index.js';
import { aliasNameOf } from '../dialect/ir/dialect-registry.js';
import * as Q from '../dialect/ttg/layout-queries.js';
import { LayoutConversionError, toLinearLayout } from '../dialect/ttg/to-linear-layout.js';
import { cgaBasesOf } from '../dialect/ttg/utils/layout.js';

const blocked = BlockedEncodingAttr.get({
  sizePerThread: [1, 4],
  threadsPerWarp: [8, 4],
  warpsPerCTA: [2, 2],
  order: [0, 1],
  cgaLayout: [[1, 0]],
});
const mma = NvidiaMmaEncodingAttr.get({ versionMajor: 2, warpsPerCTA: [2, 2], instrShape: [16, 8], cgaLayout: [[0, 1]] });
const mfma = AMDMfmaEncodingAttr.get({ version: 3, warpsPerCTA: [2, 2], instrShape: [32, 32, 8], isTransposed: true });
const swizzled = SwizzledSharedEncodingAttr.get({ vec: 8, perPhase: 1, maxPhase: 8, order: [0, 1], cgaLayout: [[1, 0]] });
const nvmma = NVMMASharedEncodingAttr.get({ swizzlingByteWidth: 64, transposed: true, elementBitWidth: 16 });

describe('layout kinds as methods', () => {
  it('the CGA layout of every kind, derived for slices and dot operands', () => {
    expect(blocked.getCGALayout()).toEqual([[1, 0]]);
    expect(SliceEncodingAttr.get(0, blocked).getCGALayout()).toEqual([[0]]);
    expect(SliceEncodingAttr.get(1, blocked).getCGALayout()).toEqual([[1]]);
    // A dot operand is broadcast along K: A's K is the last dim, B's the one before.
    expect(DotOperandEncodingAttr.get(0, mma, 2).getCGALayout()).toEqual([[0, 0]]);
    expect(DotOperandEncodingAttr.get(1, mma, 2).getCGALayout()).toEqual([[0, 1]]);
    expect(swizzled.getCGALayout()).toEqual([[1, 0]]);
    const linear = LinearEncodingAttr.get({ register: [[0, 1]], lane: [[1, 0]], warp: [], block: [[2, 0]] });
    expect(linear.getCGALayout()).toEqual([[2, 0]]);
    expect(blocked.getCTASplitNum()).toEqual([2, 1]);
    expect(blocked.getNumCTAs()).toBe(2);
    for (const l of [blocked, mma, swizzled, linear]) expect(cgaBasesOf(l)).toEqual(Q.getCGALayout(l));
  });

  it('rep orders: blocked order, matrix order for mma, per operand for dot operands, parent minus dim for slices', () => {
    expect(blocked.getRepOrder()).toEqual([0, 1]);
    expect(mma.getRepOrder()).toEqual([1, 0]);
    expect(DotOperandEncodingAttr.get(0, mma, 2).getRepOrder()).toEqual([1, 0]);
    expect(DotOperandEncodingAttr.get(1, mma, 2).getRepOrder()).toEqual([0, 1]);
    expect(DotOperandEncodingAttr.get(1, blocked).getRepOrder()).toEqual([0, 1]);
    expect(SliceEncodingAttr.get(0, mma).getRepOrder()).toEqual([0]);
    // A slice cannot be the parent of a dot operand: no rep order.
    expect(() => DotOperandEncodingAttr.get(0, SliceEncodingAttr.get(0, mma)).getRepOrder()).toThrow(LayoutConversionError);
  });

  it('shared layouts answer their order and alignment', () => {
    expect(swizzled.getOrder([64, 64])).toEqual([0, 1]);
    expect(nvmma.getOrder([64, 64])).toEqual([0, 1]);
    expect(nvmma.getOrder([64])).toEqual([0]);
    expect(NVMMASharedEncodingAttr.get({ swizzlingByteWidth: 128, elementBitWidth: 16 }).getOrder([64, 64])).toEqual([1, 0]);
    expect(swizzled.getAlignment()).toBe(16);
    expect(nvmma.getAlignment()).toBe(512);
    expect(SharedLinearEncodingAttr.get({ offset: [[0, 1], [1, 0]], alignment: 64 }).getAlignment()).toBe(64);
  });

  it('the free functions are the methods', () => {
    const layouts: LayoutEncodingAttr[] = [blocked, mma, mfma, swizzled, nvmma, SliceEncodingAttr.get(1, blocked), DotOperandEncodingAttr.get(0, mma, 2)];
    for (const l of layouts) {
      const shape = [64, 64].slice(0, l.rank);
      expect(toLinearLayout(shape, l)).toBe(l.toLinearLayout(shape));
      expect(Q.getOrder(l, shape)).toEqual(l.getOrder(shape));
      expect(Q.getCTAOrder(l)).toEqual(l.getCTAOrder());
      if (l instanceof DistributedEncodingAttr) {
        expect(Q.getRepOrder(l)).toEqual(l.getRepOrder());
        expect(Q.getElemsPerThread(l, shape)).toEqual(l.getElemsPerThread(shape));
        expect(Q.getTotalElemsPerThread(l, shape)).toBe(l.getTotalElemsPerThread(shape));
      }
    }
    // 64x64 over 2 CTAs is 32x64 per CTA, over 128 threads: 16 registers each.
    expect(blocked.getTotalElemsPerThread([64, 64])).toBe(16);
  });

  it('each kind names its alias; slices and dot operands have none', () => {
    const alias = (a: Attribute): string | undefined => aliasNameOf(a);
    expect(alias(blocked)).toBe('blocked');
    expect(alias(mma)).toBe('mma');
    expect(alias(mfma)).toBe('mma');
    expect(alias(swizzled)).toBe('shared');
    expect(alias(LinearEncodingAttr.get({ register: [[0, 1]], lane: [], warp: [], block: [] }))).toBe('linear');
    expect(alias(SliceEncodingAttr.get(1, blocked))).toBeUndefined();
    expect(alias(DotOperandEncodingAttr.get(0, mma, 2))).toBeUndefined();
  });

  it('dot operand parents verify their operands', () => {
    expect(DotOperandEncodingAttr.get(0, blocked, 2).verify()).toBe('ttg.dot_op kWidth parameter is not supported when the parent is a blocked layout');
    expect(DotOperandEncodingAttr.get(0, mma, 0).verify()).toBe('ttg.dot_op kWidth parameter is mandatory for Ampere or Hopper MMA parent');
    expect(DotOperandEncodingAttr.get(0, mfma, 0).verify()).toBe('ttg.dot_op kWidth parameter is mandatory for MFMA parent');
    const slice = SliceEncodingAttr.get(0, mma);
    expect(DotOperandEncodingAttr.get(0, slice, 0).verify()).toBe(`ttg.dot_op unexpected parent layout: ${slice.key}`);
  });

  it('a non-layout attribute has no linear layout', () => {
    const notLayout = SharedMemorySpaceAttr.get();
    expect(notLayout instanceof LayoutEncodingAttr).toBe(false);
    expect(notLayout instanceof SharedEncodingAttr).toBe(false);
    expect(() => toLinearLayout([4], notLayout)).toThrow('no linear layout for');
    expect(() => toLinearLayout([3], blocked)).toThrow('must be positive powers of 2');
  });
});
