// The compile-speed shortcuts of docs/performance.md's third round keep the answers of the slow paths: uniquing front
// tables return the object the printed-key uniquer returns, per-compilation memo tables are emptied when a pipeline
// starts, positional layout evaluation and the planners' evaluation by linearity agree with the named `apply`, and a
// layout's rank computed on demand is the eager one.
import { describe, expect, it } from 'vitest';
import '../dialect/index.js';
import { DenseArrayAttr, TypeAttr } from '../dialect/ir/attribute.js';
import { UnknownLoc } from '../dialect/ir/location.js';
import { clearCompilationMemos, memoOnIdentity, memoOnIdentityAndNumber } from '../dialect/ir/memo.js';
import { FunctionType, RankedTensorType, VectorType, f16, f32, i32, i64, intern } from '../dialect/ir/type.js';
import { StructuralTable } from '../dialect/ir/uniquer.js';
import { LinearLayout } from '../dialect/linear-layout/linear-layout.js';
import { coordAt } from '../lowering/dot/mma-v2.js';
import { Parser } from '../parser/parser.js';
import { runPipeline } from '../transforms/pass-manager.js';
import { getPass } from '../transforms/pass.js';
import '../transforms/index.js';

describe('uniquing front tables', () => {
  it('return the uniqued object, the same as parsing the printed form', () => {
    const t = RankedTensorType.get([4, 8], f32());
    expect(RankedTensorType.get([4, 8], f32())).toBe(t);
    expect(RankedTensorType.get([8, 4], f32())).not.toBe(t);
    expect(RankedTensorType.get([4, 8], f16())).not.toBe(t);
    expect(RankedTensorType.get([4, 8, 1], f32())).not.toBe(t);
    expect(t.key).toBe('tensor<4x8xf32>');
    const m = new Parser('module {\n  tt.func private @g(%a: tensor<4x8xf32>) {\n    tt.return\n  }\n}\n', { filename: 't.mlir' }).parseModule();
    const g = m.region(0).blocks[0]!.ops[0]!;
    const ft = (g.getAttr('function_type') as TypeAttr).value as FunctionType;
    expect(ft.inputs[0]).toBe(t);
    expect(FunctionType.get([t], [])).toBe(ft);
    expect(FunctionType.get([], [t])).not.toBe(ft);
    expect(VectorType.get([2], f16())).toBe(VectorType.get([2], f16()));
    expect(TypeAttr.get(t)).toBe(TypeAttr.get(RankedTensorType.get([4, 8], f32())));
    expect(UnknownLoc.get()).toBe(UnknownLoc.get());
  });

  it('keep dense arrays apart by element type and by value, -0 included', () => {
    const a = DenseArrayAttr.get(i64(), [0, 1]);
    expect(DenseArrayAttr.get(i64(), [0, 1])).toBe(a);
    expect(DenseArrayAttr.get(i32(), [0, 1])).not.toBe(a);
    expect(DenseArrayAttr.get(i64(), [0])).not.toBe(a);
    expect(DenseArrayAttr.get(i64(), [0, 1, 2])).not.toBe(a);
    // A Map treats -0 and 0 as one key; the table must not, where they print differently.
    const pos = DenseArrayAttr.get(f32(), [0]);
    const neg = DenseArrayAttr.get(f32(), [-0]);
    expect(neg).toBe(intern(neg));
    expect(neg.key === pos.key).toBe(neg === pos);
  });

  it('StructuralTable makes each value once per distinct list of parts', () => {
    const table = new StructuralTable<object>();
    let made = 0;
    const make = (): object => ({ n: made++ });
    const x = table.get([1, 'a', f32()], make);
    expect(table.get([1, 'a', f32()], make)).toBe(x);
    expect(table.get([1, 'a'], make)).not.toBe(x);
    expect(table.get([-0], make)).not.toBe(table.get([0], make));
    expect(made).toBe(4);
  });
});

describe('per-compilation memo tables', () => {
  it('answer repeats from the table until a pipeline starts', () => {
    let calls = 0;
    const f = memoOnIdentity((a: object, b: object) => {
      calls++;
      return [a, b];
    });
    const g = memoOnIdentityAndNumber((_a: object, _b: object, n: number) => {
      calls++;
      return n;
    });
    const a = f32();
    const b = i32();
    expect(f(a, b)).toBe(f(a, b));
    expect(calls).toBe(1);
    f(b, a);
    expect(calls).toBe(2);
    expect(g(a, b, 80)).toBe(80);
    expect(g(a, b, 90)).toBe(90);
    g(a, b, 80);
    expect(calls).toBe(4);
    clearCompilationMemos();
    f(a, b);
    expect(calls).toBe(5);
    const m = new Parser('module {\n}\n', { filename: 'm.mlir' }).parseModule();
    f(a, b);
    expect(calls).toBe(5);
    expect(runPipeline(m, [{ pass: getPass('cse')!, options: {} }]).ok).toBe(true);
    f(a, b);
    expect(calls).toBe(6);
  });
});

describe('layout evaluation shortcuts', () => {
  const ll = LinearLayout.fromBases(
    [
      ['register', [[0, 1], [0, 2], [8, 0]]],
      ['lane', [[0, 4], [1, 0], [2, 0], [4, 0], [0, 8]]],
      ['warp', [[16, 0], [0, 0]]],
      ['block', []],
    ],
    ['dim0', 'dim1'],
  );

  it('applyValues is apply by position', () => {
    for (const [r, l, w] of [[0, 0, 0], [5, 17, 1], [7, 31, 3], [3, 6, 2]] as const) {
      const named = ll.apply([['register', r], ['lane', l], ['warp', w], ['block', 0]]).map(([, v]) => v);
      expect(ll.applyValues([r, l, w, 0])).toEqual(named);
    }
    expect(ll.applyValues([1])).toEqual(ll.applyValues([1, 0, 0, 0]));
  });

  it('coordAt by linearity is the layout applied to (register, lane, warp)', () => {
    for (let r = 0; r < 8; r++) {
      for (let l = 0; l < 32; l += 3) {
        for (let w = 0; w < 4; w++) {
          expect(coordAt(ll, r, l, w)).toEqual(ll.apply([['register', r], ['lane', l], ['warp', w], ['block', 0]]).map(([, v]) => v));
        }
      }
    }
  });

  it('computes the rank on demand, as the eager check would', () => {
    // dim0 gets 5 independent bits (1, 2, 4, 8, 16), dim1 4 (1, 2, 4, 8); one of the 10 columns is zero.
    expect(ll.getRank()).toBe(9);
    expect(ll.isSurjective()).toBe(true);
    expect(ll.isInjective()).toBe(false);
    const id = LinearLayout.identity1D(8, 'i', 'o');
    expect(id.getRank()).toBe(3);
    expect(id.isInvertible()).toBe(true);
  });

  it("reports the first invalid basis with Triton's message, in Triton's order", () => {
    expect(() => LinearLayout.fromBasesWithSizes([['i', [[1, 9]]]], [['x', 2], ['y', 4]])).toThrow(/Invalid basis 9 for in-dim 'i' and out-dim 'y'/);
    expect(() => LinearLayout.fromBasesWithSizes([['i', [[-1, 9]]]], [['x', 2], ['y', 4]])).toThrow(/Expected all basis values to be non-negative/);
    expect(() => LinearLayout.fromBasesWithSizes([['i', [[1]]]], [['x', 3], ['y', 4]])).toThrow(/Expect all bases to have the same size/);
    expect(() => LinearLayout.fromBasesWithSizes([['i', [[1, 1]]]], [['x', 3], ['y', 4]])).toThrow(/Invalid out-dim size 3/);
    expect(() => LinearLayout.fromBasesWithSizes([['i', [[0.5, 1]]]], [['x', 2], ['y', 4]])).toThrow(/Basis values must be integers/);
  });
});
