// The compile-speed changes of the TTGIR passes keep their observable behaviour: linear layouts still hand out
// frozen bases, transposes and invertAndCompose give the same layouts as the step-by-step definitions, the
// attribute front tables give the uniqued attributes, and remove-layout-conversions' cleanup is skipped only
// when the module did not change since the same cleanup converged.

import { describe, expect, it } from 'vitest';
import '../dialect/index.js';
import { Parser } from '../parser/parser.js';
import { printOperation } from '../printer/printer.js';
import { UnitAttr } from '../dialect/ir/attribute.js';
import type { Operation } from '../dialect/ir/ir.js';
import type { RewritePattern } from '../dialect/ir/rewrite/pattern.js';
import { LinearLayout } from '../dialect/linear-layout/linear-layout.js';
import { BlockedEncodingAttr, SliceEncodingAttr } from '../dialect/ttg/attrs/index.js';
import { applyCleanupUnlessConverged } from '../transforms/remove-layout-conversions/converged-cleanup.js';

const LS = LinearLayout.fromBasesWithSizes;

describe('linear layouts after the speed changes', () => {
  it('hands out frozen bases and columns, also of layouts built internally', () => {
    const a = LS([['register', [[1, 0], [0, 1]]], ['lane', [[2, 0]]]], [['dim0', 4], ['dim1', 2]]);
    const b = LS([['register', [[0, 1], [1, 0]]], ['lane', [[2, 0]]]], [['dim0', 4], ['dim1', 2]]);
    const c = b.invertAndCompose(a);
    for (const l of [a, c, a.transposeOuts(['dim1', 'dim0'])]) {
      expect(Object.isFrozen(l.getBasis('register', 0))).toBe(true);
      for (const bs of l.getBases().values()) {
        expect(Object.isFrozen(bs)).toBe(true);
        for (const x of bs) expect(Object.isFrozen(x)).toBe(true);
      }
      expect(Object.isFrozen(l.getFlatColumns())).toBe(true);
    }
  });

  it('copies the bases it is given (a later edit of the caller\'s arrays does not change the layout)', () => {
    const basis = [1];
    const l = LS([['i', [basis]]], [['o', 2]]);
    basis[0] = 0;
    expect(l.getBasis('i', 0)).toEqual([1]);
  });

  it('a transpose to the current order is the layout itself, another order a new one', () => {
    const l = LS([['a', [[1, 0]]], ['b', [[0, 1]]]], [['x', 2], ['y', 2]]);
    expect(l.transposeIns(['a', 'b'])).toBe(l);
    expect(l.transposeOuts(['x', 'y'])).toBe(l);
    expect(l.transposeIns(['b', 'a']).getInDimNames()).toEqual(['b', 'a']);
    expect(l.transposeOuts(['y', 'x']).getBasis('a', 0)).toEqual([0, 1]);
  });

  it('invertAndCompose with identity dims equals lstsq part times identities, transposed', () => {
    // lane and warp agree (identity dims); register differs: C maps register to register by the permutation.
    const outs: [string, number][] = [['dim0', 16], ['dim1', 4]];
    const lane: number[][] = [[4, 0], [8, 0]];
    const warp: number[][] = [[0, 1], [0, 2]];
    const outer = LS([['register', [[1, 0], [2, 0]]], ['lane', lane], ['warp', warp]], outs);
    const inner = LS([['register', [[2, 0], [1, 0]]], ['lane', lane], ['warp', warp]], outs);
    const c = inner.invertAndCompose(outer);
    const expected = LS([['register', [[2], [1]]]], [['register', 4]])
      .mul(LinearLayout.identity1D(4, 'lane', 'lane'))
      .mul(LinearLayout.identity1D(4, 'warp', 'warp'));
    expect(c.equals(expected)).toBe(true);
    expect(c.getOutDimNames()).toEqual(['register', 'lane', 'warp']);
  });

  it('quotient by a dim both in and out reads triviality off the bases', () => {
    const l = LinearLayout.identity1D(4, 'register', 'register').mul(LinearLayout.identity1D(8, 'lane', 'lane'));
    expect(l.isTrivialOver(['lane'])).toBe(true);
    expect(l.quotient(['lane'])?.equals(LinearLayout.identity1D(4, 'register', 'register'))).toBe(true);
    // lane also moves a register bit: not trivial over lane.
    const mixed = LS([['register', [[1, 0]]], ['lane', [[1, 1]]]], [['register', 2], ['lane', 2]]);
    expect(mixed.isTrivialOver(['lane'])).toBe(false);
    expect(mixed.quotient(['lane'])).toBeUndefined();
  });
});

describe('attribute front tables', () => {
  it('BlockedEncodingAttr.get and SliceEncodingAttr.get return the uniqued attribute', () => {
    const p = { sizePerThread: [1, 4], threadsPerWarp: [4, 8], warpsPerCTA: [4, 1], order: [1, 0] };
    const a = BlockedEncodingAttr.get(p);
    expect(BlockedEncodingAttr.get({ ...p, sizePerThread: [1, 4] })).toBe(a);
    expect(BlockedEncodingAttr.get({ ...p, order: [0, 1] })).not.toBe(a);
    // The same numbers split differently between the lists are another attribute.
    expect(BlockedEncodingAttr.get({ ...p, threadsPerWarp: [8, 4], warpsPerCTA: [1, 4] }).key).not.toBe(a.key);
    const s = SliceEncodingAttr.get(0, a);
    expect(SliceEncodingAttr.get(0, a)).toBe(s);
    expect(SliceEncodingAttr.get(1, a)).not.toBe(s);
    expect(s.key).toBe(`#ttg.slice<{dim = 0, parent = ${a.key}}>`);
  });
});

describe('remove-layout-conversions: cleanup skipped on a converged, unchanged module', () => {
  const SRC = `module {
  tt.func @f(%a: i32) -> i32 {
    %0 = arith.addi %a, %a : i32
    tt.return %0 : i32
  }
}`;
  it('runs the patterns again only after the module changed', () => {
    const module: Operation = new Parser(SRC, { filename: 'c.mlir' }).parseModule();
    let visits = 0;
    const counting: RewritePattern = {
      rootName: 'arith.addi',
      matchAndRewrite: () => {
        visits++;
        return false;
      },
    };
    const patterns = [counting];
    const config = { useTopDownTraversal: false, regionSimplification: 'aggressive' } as const;
    applyCleanupUnlessConverged(module, patterns, config);
    expect(visits).toBe(1);
    applyCleanupUnlessConverged(module, patterns, config);
    expect(visits).toBe(1);
    // Another pattern set is another cleanup.
    applyCleanupUnlessConverged(module, [counting], config);
    expect(visits).toBe(2);
    // An edit of the module (an attribute) makes the next cleanup run.
    let add: Operation | undefined;
    module.walk((op) => {
      if (op.name === 'arith.addi') add = op;
    });
    add!.setAttr('test.mark', UnitAttr.get());
    applyCleanupUnlessConverged(module, patterns, config);
    expect(visits).toBe(3);
    expect(printOperation(module)).toContain('arith.addi');
  });
});
