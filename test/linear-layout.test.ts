/**
 * Tests for the linear-layout algebra (dialect/linear-layout).
 *
 *  1. Worked examples: expectations transcribed from Triton's
 *     unittest/Tools/LinearLayoutTest.cpp, written as our own vectors.
 *  2. Triton 3.6 oracle vectors: random layouts run through the real Triton
 *     3.6.0 wheel's Python binding (`triton._C.libtriton.linear_layout`), with
 *     Triton's results (or the fact that it aborted, and its fatal-error text)
 *     recorded below.
 *  3. Seeded property tests (10,000 cases each) on random layouts from a small
 *     deterministic PRNG.
 */
import { describe, expect, test } from 'vitest';
import {
  ColumnAction,
  LinearLayout,
  LinearLayoutError,
  divideLeft,
  divideRight,
  quotient,
  supremum,
  type BasisList,
  type DimSizes,
  type NamedBases,
} from '../dialect/linear-layout/linear-layout.js';
import { combine, ctz, isPowerOf2, msb, nextPowerOf2, pivotColumns, popcount, rank, rref, solveMinimal, transpose } from '../dialect/linear-layout/f2.js';

/** Triton's inferring constructor `LinearLayout(bases, outDimNames)`: infers sizes, requires surjectivity. */
const L = (bases: NamedBases, outs: string[]): LinearLayout => LinearLayout.fromBases(bases, outs, true);
/** Triton's `LinearLayout(bases, outDims, requireSurjective)`. */
const LS = (bases: NamedBases, outs: DimSizes, surjective = false): LinearLayout =>
  LinearLayout.fromBasesWithSizes(bases, outs, surjective);
const id = LinearLayout.identity1D;
const zeros = LinearLayout.zeros1D;

function expectLayout(actual: LinearLayout | undefined, expected: LinearLayout): void {
  expect(actual).toBeDefined();
  if (!actual!.equals(expected)) {
    expect(actual!.toString()).toBe(expected.toString());
  }
  expect(actual!.equals(expected)).toBe(true);
}

// -----------------------------------------------------------------------------
// Worked examples (from Triton's LinearLayoutTest.cpp)

describe('construction', () => {
  test('empty', () => {
    const l = LinearLayout.empty();
    expect(l.getBases().size).toBe(0);
    expect(l.getInDimNames()).toEqual([]);
    expect(l.getOutDimNames()).toEqual([]);
    expect(l.toString()).toBe('\n(empty layout)');
  });

  test('identity1D', () => {
    const l = id(32, 'testIns', 'testOuts');
    expectLayout(l, L([['testIns', [[1], [2], [4], [8], [16]]]], ['testOuts']));
    expect(l.getInDimNames()).toEqual(['testIns']);
    expect(l.getOutDimNames()).toEqual(['testOuts']);
    expect(l.getInDimSizeLog2('testIns')).toBe(5);
    expect(l.getOutDimSizeLog2('testOuts')).toBe(5);
    expect(l.getInDimSize('testIns')).toBe(32);
    expect(l.isInvertible()).toBe(true);
  });

  test('identity1D of size 1 and 0', () => {
    const l = id(1, 'testIns', 'testOuts');
    expectLayout(l, L([['testIns', []]], ['testOuts']));
    expect(l.getInDimSizeLog2('testIns')).toBe(0);
    expect(l.getOutDimSizeLog2('testOuts')).toBe(0);
    expectLayout(id(0, 'a', 'b'), LinearLayout.empty());
  });

  test('zeros1D', () => {
    expectLayout(zeros(32, 'ins', 'outs'), L([['ins', [[0], [0], [0], [0], [0]]]], ['outs']));
    const z = zeros(4, 'i', 'o', 8);
    expect(z.getOutDimSize('o')).toBe(8);
    expect(z.isSurjective()).toBe(false);
  });

  test('strided1D', () => {
    const s = LinearLayout.strided1D(4, 2, 'i', 'o');
    expectLayout(s, LS([['i', [[2], [4]]]], [['o', 8]]));
    expect(s.isSurjective()).toBe(false);
    expect(() => LinearLayout.strided1D(4, 3, 'i', 'o')).toThrow(
      "Invalid out-dim size 12 for out-dim 'o'.  Out-dim sizes must be powers of 2.\n",
    );
  });

  test('out-dim size inference', () => {
    const l = L([['in0', [[0], [0], [0]]], ['in1', [[1], [2]]]], ['dim0']);
    expect(l.getOutDimSizeLog2('dim0')).toBe(2);
    // Without the surjectivity requirement, the smallest power of two above every component.
    const m = LinearLayout.fromBases([['in', [[1], [4]]]], ['out']);
    expect(m.getOutDimSize('out')).toBe(8);
    expect(m.isSurjective()).toBe(false);
  });

  test('invariant violations throw with Triton messages', () => {
    const err = (f: () => unknown): string => {
      try {
        f();
      } catch (e) {
        expect(e).toBeInstanceOf(LinearLayoutError);
        return (e as Error).message;
      }
      throw new Error('expected a LinearLayoutError');
    };
    expect(err(() => LS([['register', [[-1]]]], [['dim0', 2]]))).toBe(
      "Invalid bases passed to LinearLayout.  Expected all basis values to be non-negative, but found a negative value for in dimension 'register'.  Full list of bases:\n - register=1 -> (-1)\nwhere out dims are: [dim0 (size 2)]\n",
    );
    expect(err(() => LS([['register', [[1, 0]]]], [['dim0', 2]]))).toBe(
      "Invalid bases passed to LinearLayout.  Expect all bases to have the same size, equal to outDimNames.size() (1).  But this failed for in dimension 'register'.  Full list of bases:\n - register=1 -> (1, 0)\nwhere out dims are: [dim0 (size 2)]\n",
    );
    expect(err(() => LS([['register', [[1]]]], [['dim0', 3]]))).toBe(
      "Invalid out-dim size 3 for out-dim 'dim0'.  Out-dim sizes must be powers of 2.\n",
    );
    expect(err(() => LS([['register', [[4]]]], [['dim0', 4]]))).toBe(
      "Invalid basis 4 for in-dim 'register' and out-dim 'dim0'.  Basis must be less than the out-dim size.\n",
    );
    expect(err(() => L([['register', [[1], [4]]]], ['dim0']))).toBe(
      'Layout is expected to be surjective, i.e. every `out` coordinate can be reached by some `in` coordinate, but was not:\n - register=1 -> (1)\n   register=2 -> (4)\nwhere out dims are: [dim0 (size 8)]',
    );
    expect(LinearLayout.tryCreate([['register', [[4]]]], [['dim0', 4]])).toBeUndefined();
    expect(LinearLayout.tryCreate([['register', [[1]]]], [['dim0', 2]])?.isInvertible()).toBe(true);
  });

  test('a 25-bit layout is cheap to build', () => {
    const pows2: number[][] = [];
    for (let i = 0; i < 25; i++) pows2.push([2 ** i]);
    expect(L([['in', pows2]], ['out']).getTotalInDimSize()).toBe(2 ** 25);
  });
});

describe('mul (Triton operator*)', () => {
  test('identity * identity', () => {
    const prod = id(16, 'in', 'out').mul(id(32, 'in', 'out'));
    expectLayout(prod, L([['in', [[1], [2], [4], [8], [16], [32], [64], [128], [256]]]], ['out']));
    expect(prod.getInDimNames()).toEqual(['in']);
    expect(prod.getOutDimNames()).toEqual(['out']);
  });

  test('disjoint dims', () => {
    const prod = id(32, 'in1', 'out1').mul(id(16, 'in2', 'out2'));
    expectLayout(
      prod,
      L(
        [
          ['in1', [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]]],
          ['in2', [[0, 1], [0, 2], [0, 4], [0, 8]]],
        ],
        ['out1', 'out2'],
      ),
    );
  });

  test('by empty, by zeros, degenerate', () => {
    expectLayout(LinearLayout.empty().mul(id(32, 'in', 'out')), id(32, 'in', 'out'));
    expectLayout(id(8, 'in', 'out').mul(zeros(16, 'in', 'out')), L([['in', [[1], [2], [4], [0], [0], [0], [0]]]], ['out']));
    expectLayout(
      zeros(16, 'in', 'out1').mul(L([['in', []]], ['out2'])),
      L([['in', [[0, 0], [0, 0], [0, 0], [0, 0]]]], ['out1', 'out2']),
    );
    expectLayout(id(0, 'in', 'out').mul(zeros(4, 'in', 'out')), L([['in', [[0], [0]]]], ['out']));
  });

  test('overlapping in-dim, distinct out-dims', () => {
    expectLayout(
      id(4, 'in', 'out1').mul(id(8, 'in', 'out2')),
      L([['in', [[1, 0], [2, 0], [0, 1], [0, 2], [0, 4]]]], ['out1', 'out2']),
    );
  });

  test('dim lists are merged with supremum', () => {
    // Worked out against Triton 3.6: the second list's new dims are slotted in
    // before the next shared dim.
    const a = LS([['a', [[1]]], ['b', [[1]]]], [['x', 2]]);
    const b = LS([['c', [[1]]], ['b', [[1]]], ['d', [[1]]]], [['x', 2]]);
    expect(a.mul(b).getInDimNames()).toEqual(['a', 'c', 'b', 'd']);
    expect(a.mul(b).getBases().get('b')).toEqual([[1], [2]]);
  });
});

describe('supremum', () => {
  test('cases', () => {
    expect(supremum(['a', 'b', 'c'], ['a', 'b', 'c'])).toEqual(['a', 'b', 'c']);
    expect(supremum(['a', 'b'], ['a', 'c'])).toEqual(['a', 'b', 'c']);
    expect(supremum(['a', 'b'], ['b', 'c'])).toEqual(['a', 'b', 'c']);
    expect(supremum(['a', 'b', 'c'], ['a', 'd'])).toEqual(['a', 'b', 'c', 'd']);
    expect(supremum([], [])).toEqual([]);
    expect(supremum(['a', 'b'], [])).toEqual(['a', 'b']);
    expect(supremum(['a', 'b', 'c'], ['d', 'c', 'e', 'a'])).toEqual(['d', 'c', 'e', 'a', 'b']);
    // Triton 3.6 does not detect inconsistent orders; neither do we.
    expect(supremum(['a', 'b'], ['b', 'a'])).toEqual(['a', 'b']);
  });
});

describe('reshape and transpose', () => {
  test('transposeOuts', () => {
    const l = id(32, 'in1', 'out1').mul(id(16, 'in2', 'out2')).transposeOuts(['out2', 'out1']);
    expect(l.getOutDimNames()).toEqual(['out2', 'out1']);
    expectLayout(
      l,
      L(
        [
          ['in1', [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]]],
          ['in2', [[1, 0], [2, 0], [4, 0], [8, 0]]],
        ],
        ['out2', 'out1'],
      ),
    );
    const d = id(32, 'in1', 'out1').mul(id(1, 'in2', 'out2')).transposeOuts(['out2', 'out1']);
    expectLayout(
      d,
      L(
        [
          ['in1', [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]]],
          ['in2', []],
        ],
        ['out2', 'out1'],
      ),
    );
  });

  test('transposeIns', () => {
    const l = id(32, 'in1', 'out1').mul(id(16, 'in2', 'out2')).transposeIns(['in2', 'in1']);
    expect(l.getInDimNames()).toEqual(['in2', 'in1']);
    expectLayout(
      l,
      L(
        [
          ['in2', [[0, 1], [0, 2], [0, 4], [0, 8]]],
          ['in1', [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]]],
        ],
        ['out1', 'out2'],
      ),
    );
    expect(() => l.transposeIns(['in1'])).toThrow(LinearLayoutError);
  });

  test('reshapeIns', () => {
    const ll = L([['in1', [[1], [4], [8]]], ['in2', [[2]]]], ['out']);
    expectLayout(ll.reshapeIns([['in3', 2], ['in4', 8]]), L([['in3', [[1]]], ['in4', [[4], [8], [2]]]], ['out']));
    const d = L([['in1', [[1], [4], [2]]], ['in2', []]], ['out']);
    expectLayout(d.reshapeIns([['in3', 4], ['in4', 2]]), L([['in3', [[1], [4]]], ['in4', [[2]]]], ['out']));
    const e = L([['in1', [[1], [4]]], ['in2', [[2]]]], ['out']);
    expectLayout(e.reshapeIns([['in3', 8], ['in4', 1]]), L([['in3', [[1], [4], [2]]], ['in4', []]], ['out']));
    expectLayout(e.reshapeIns([['in3', 1], ['in4', 8]]), L([['in3', []], ['in4', [[1], [4], [2]]]], ['out']));
    expect(() => e.reshapeIns([['in3', 4]])).toThrow(LinearLayoutError);
    expect(() => e.reshapeIns([['in3', 3], ['in4', 8]])).toThrow(LinearLayoutError);
  });

  test('flattenIns', () => {
    const ll = L([['in1', [[1], [4], [8]]], ['in2', [[2]]]], ['out']);
    expectLayout(ll.flattenIns(), L([['in1', [[1], [4], [8], [2]]]], ['out']));
    expectLayout(L([['in1', []]], ['out']).flattenIns(), L([['in1', []]], ['out']));
    expectLayout(L([['in1', []]], []).flattenIns(), L([['in1', []]], []));
    expectLayout(L([], ['out']).flattenIns(), L([], ['out']));
    expectLayout(L([], []).flattenIns(), L([], []));
  });

  test('reshapeOuts', () => {
    const ll = L([['in1', [[1], [4], [8]]], ['in2', [[3]]]], ['out']);
    expect(ll.getTotalOutDimSize()).toBe(16);
    expectLayout(
      ll.reshapeOuts([['out2', 2], ['out3', 8]]),
      L([['in1', [[1, 0], [0, 2], [0, 4]]], ['in2', [[1, 1]]]], ['out2', 'out3']),
    );
    const d = L([['in1', [[1], [4], [2]]], ['in2', []]], ['out']);
    expectLayout(
      d.reshapeOuts([['out1', 4], ['out2', 2]]),
      L([['in1', [[1, 0], [0, 1], [2, 0]]], ['in2', []]], ['out1', 'out2']),
    );
    const e = L([['in1', [[1], [4]]], ['in2', [[2]]]], ['out']);
    expectLayout(
      e.reshapeOuts([['out1', 8], ['out2', 1]]),
      L([['in1', [[1, 0], [4, 0]]], ['in2', [[2, 0]]]], ['out1', 'out2']),
    );
  });

  test('flattenOuts', () => {
    const ll = LS([['in1', [[1, 0], [4, 1], [8, 4]]], ['in2', [[3, 2]]]], [['out1', 16], ['out2', 8]]);
    expectLayout(ll.flattenOuts(), LS([['in1', [[1], [4 + 16], [8 + 4 * 16]]], ['in2', [[3 + 2 * 16]]]], [['out1', 16 * 8]]));
    expectLayout(L([['in1', []]], ['out']).flattenOuts(), L([['in1', []]], ['out']));
    expectLayout(L([['in1', []]], []).flattenOuts(), L([['in1', []]], []));
    expectLayout(L([], ['out']).flattenOuts(), L([], ['out']));
    expectLayout(L([], []).flattenOuts(), L([], []));
  });
});

describe('apply', () => {
  test('apply', () => {
    const l = LS(
      [
        ['in1', [[4, 2], [2, 1], [1, 0]]],
        ['in2', [[1, 2], [2, 1]]],
      ],
      [['out1', 8], ['out2', 4]],
    );
    expect(l.apply([['in1', 0], ['in2', 0]])).toEqual([['out1', 0], ['out2', 0]]);
    expect(l.apply([['in2', 0], ['in1', 1]])).toEqual([['out1', 4], ['out2', 2]]);
    expect(l.apply([['in2', 1], ['in1', 0]])).toEqual([['out1', 1], ['out2', 2]]);
    expect(l.applyFlat(0b00001)).toBe(4 | (2 << 3));
    expect(() => l.apply([['in1', 0]])).toThrow(
      'Dimensions must match, ignoring order, but they don\'t.  Got dims: ["in1"] and ["in1", "in2"]',
    );
    // Bits beyond an in-dim's size are ignored.
    expect(id(4, 'i', 'o').apply([['i', 7]])).toEqual([['o', 3]]);
  });
});

describe('compose', () => {
  test('2D', () => {
    const l1 = L(
      [
        ['in1', [[1, 1], [0, 1]]],
        ['in2', [[1, 0], [1, 2]]],
      ],
      ['out1', 'out2'],
    );
    const l2 = L(
      [
        ['out1', [[2, 2], [1, 0]]],
        ['out2', [[1, 1], [2, 1]]],
      ],
      ['out3', 'out4'],
    );
    const c = l1.compose(l2);
    expectLayout(
      c,
      LS(
        [
          ['in1', [[3, 3], [1, 1]]],
          ['in2', [[2, 2], [0, 3]]],
        ],
        [['out3', 4], ['out4', 4]],
      ),
    );
    expect(c.isSurjective()).toBe(false);
  });

  test('4D', () => {
    const l1 = L(
      [
        ['in0', [[1, 0, 0, 0], [2, 0, 0, 0]]],
        ['in1', [[4, 0, 0, 0], [8, 0, 0, 0], [16, 0, 0, 0], [32, 0, 0, 0]]],
        ['in2', [[0, 0, 1, 0], [0, 0, 0, 1], [0, 0, 0, 2]]],
        ['in3', []],
      ],
      ['out3', 'out0', 'out1', 'out2'],
    );
    const l2 = L(
      [
        ['out3', [[1, 0, 0, 0], [2, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]]],
        ['out0', [[0, 1, 0, 0]]],
        ['out1', [[0, 0, 1, 0]]],
        ['out2', [[0, 0, 0, 1], [0, 0, 0, 2]]],
      ],
      ['out3', 'out2', 'out1', 'out0'],
    );
    expectLayout(
      l1.compose(l2),
      LS(
        [
          ['in0', [[1, 0, 0, 0], [2, 0, 0, 0]]],
          ['in1', [[0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]]],
          ['in2', [[0, 0, 1, 0], [0, 0, 0, 1], [0, 0, 0, 2]]],
          ['in3', []],
        ],
        [['out3', 4], ['out2', 2], ['out1', 2], ['out0', 4]],
      ),
    );
  });

  test('preconditions', () => {
    expect(() => id(4, 'i', 'o').compose(id(4, 'p', 'q'))).toThrow(
      'Dimensions must match, ignoring order, but they don\'t.  Got dims: ["o"] and ["p"]',
    );
    expect(() => id(8, 'i', 'o').compose(id(4, 'o', 'q'))).toThrow(LinearLayoutError);
    // A smaller out-dim is fine.
    expectLayout(id(4, 'i', 'o').compose(id(8, 'o', 'q')), LS([['i', [[1], [2]]]], [['q', 8]]));
  });
});

describe('invertAndCompose', () => {
  test('simple', () => {
    const l1 = L([['in1', [[2], [1], [4]]]], ['out']);
    const l2 = L([['in2', [[4], [1], [2]]]], ['out']);
    // l2^-1: out 1 -> 2, 2 -> 4, 4 -> 1; so l2^-1(l1(1)) = l2^-1(2) = 4, etc.
    const c = l1.invertAndCompose(l2);
    expectLayout(c, L([['in1', [[4], [2], [1]]]], ['in2']));
    expectLayout(c.compose(l2), l1);
  });

  test('non-injective outer picks the free-variables-zero preimage', () => {
    const l1 = L([['in1', [[2], [1], [4]]]], ['out']);
    const l2 = L([['in2', [[0], [2], [1], [4]]]], ['out']);
    const c = l1.invertAndCompose(l2);
    expectLayout(c, LS([['in1', [[2], [4], [8]]]], [['in2', 16]]));
    expect(c.isSurjective()).toBe(false);
    expectLayout(c.compose(l2), l1);
  });

  test('broadcasted in-dim', () => {
    const l1 = L([['in1', [[2], [1], [4]]], ['in2', [[0]]]], ['out']);
    const l2 = L([['in', [[4], [1], [2]]]], ['out']);
    const c = l1.invertAndCompose(l2);
    expectLayout(c, L([['in1', [[4], [2], [1]]], ['in2', [[0]]]], ['in']));
    expectLayout(c.compose(l2), l1);
  });

  test('broadcast at the beginning / end / both ends of the second layout', () => {
    const l1 = L([['in', [[1], [2], [4]]]], ['out']);
    const b = l1.invertAndCompose(L([['in', [[0], [4], [1], [2]]]], ['out']));
    expectLayout(b, LS([['in', [[4], [8], [2]]]], [['in', 16]]));

    const l1b = L([['in1', [[1], [2], [4]]]], ['out']);
    const l2b = L([['in2', [[4], [1], [2], [0]]]], ['out']);
    const e = l1b.invertAndCompose(l2b);
    expectLayout(e, LS([['in1', [[2], [4], [1]]]], [['in2', 16]]));
    expect(e.compose(l2b).equalIgnoringOutDimSizes(l1b)).toBe(true);

    const l2c = L([['in', [[0], [4], [1], [2], [0]]]], ['out']);
    const both = l1.invertAndCompose(l2c);
    expectLayout(both, LS([['in', [[4], [8], [2]]]], [['in', 32]]));
    expectLayout(both.compose(l2c), l1);
  });

  test('multi-dimensional, out-dims in different orders', () => {
    const l1 = L(
      [
        ['in1', [[1, 0], [0, 1], [2, 0], [3, 2]]],
        ['in2', [[2, 2]]],
      ],
      ['out1', 'out2'],
    );
    const l2 = L([['in3', [[0, 1], [1, 0], [0, 0], [0, 2], [2, 1]]]], ['out2', 'out1']);
    expectLayout(l1.invertAndCompose(l2).compose(l2), l1.transposeOuts(l2.getOutDimNames()));
    expectLayout(l2.invertAndCompose(l1).compose(l1), l2.transposeOuts(l1.getOutDimNames()));
  });

  test('broadcasted dims', () => {
    const l1 = L([['in1', [[1], [2], [4]]], ['in2', [[0]]]], ['out']);
    const l2 = L([['in3', [[1], [2], [4]]], ['in4', [[0]]]], ['out']);
    const c = l1.invertAndCompose(l2);
    expectLayout(
      c,
      LS(
        [
          ['in1', [[1, 0], [2, 0], [4, 0]]],
          ['in2', [[0, 0]]],
        ],
        [['in3', 8], ['in4', 2]],
      ),
    );
    expectLayout(c.compose(l2), l1.transposeOuts(l2.getOutDimNames()));

    const a = L([['in1', [[1], [2]]], ['in2', [[0]]]], ['out']);
    const b = L([['in3', [[2], [1]]], ['in4', [[0]]]], ['out']);
    const d = a.invertAndCompose(b);
    expectLayout(
      d,
      LS(
        [
          ['in1', [[2, 0], [1, 0]]],
          ['in2', [[0, 0]]],
        ],
        [['in3', 4], ['in4', 2]],
      ),
    );
    expectLayout(d.compose(b), a.transposeOuts(b.getOutDimNames()));
  });

  test('identical in-dims map to themselves', () => {
    const outDims = ['dim0', 'dim1', 'dim2', 'dim3', 'dim4', 'dim5', 'dim6', 'dim7', 'dim8'];
    const unit = (k: number): number[] => outDims.map((_, i) => (i === k ? 1 : 0));
    const src = L(
      [
        ['register', [unit(8), unit(7)]],
        ['lane', [unit(6), unit(5), unit(4), unit(3), unit(2)]],
        ['warp', [unit(1), unit(0)]],
        ['block', []],
      ],
      outDims,
    );
    const dst = L(
      [
        ['register', [unit(8), unit(7)]],
        ['lane', [unit(0), unit(1), unit(2), unit(3), unit(4)]],
        ['warp', [unit(5), unit(6)]],
        ['block', []],
      ],
      outDims,
    );
    const cvt = dst.invertAndCompose(src);
    const k: [string, number][] = [
      ['register', 3],
      ['lane', 0],
      ['warp', 2],
      ['block', 0],
    ];
    expect(dst.apply(k)).toEqual(src.apply(cvt.apply(k)));
    // register and block are identical in both layouts, so they map to themselves.
    expect(cvt.sublayout(['register'], ['register']).squareSublayoutIsIdentity(['register'])).toBe(true);
    expect(cvt.sublayoutIsZero(['register'], ['lane', 'warp', 'block'])).toBe(true);
  });

  test('preconditions', () => {
    expect(() => id(4, 'i', 'o').invertAndCompose(id(4, 'i', 'q'))).toThrow(
      'Dimensions must match, ignoring order, but they don\'t.  Got dims: ["o"] and ["q"]',
    );
    // outer's out-dims must be at least as large.
    expect(() => id(8, 'i', 'o').invertAndCompose(id(4, 'j', 'o'))).toThrow(LinearLayoutError);
    expectLayout(id(4, 'i', 'o').invertAndCompose(id(8, 'j', 'o')), LS([['i', [[1], [2]]]], [['j', 8]]));
    // this's image must lie in outer's image (outer need not be surjective otherwise).
    expect(() => id(4, 'i', 'o').invertAndCompose(LS([['j', [[1], [0]]]], [['o', 4]]))).toThrow(
      'Precondition broken. Im(B) not contained in Im(A)',
    );
    expectLayout(
      LS([['i', [[1]]]], [['o', 4]]).invertAndCompose(LS([['j', [[0], [1]]]], [['o', 4]])),
      LS([['i', [[2]]]], [['j', 4]]),
    );
    // Layouts with nothing left to solve after removing the shared in-dims.
    expectLayout(id(4, 'i', 'o').invertAndCompose(id(4, 'i', 'o')), id(4, 'i', 'i'));
    expectLayout(LS([], [['o', 1]]).invertAndCompose(LS([], [['o', 1]])), LinearLayout.empty());
    // No out-dims at all: everything maps to 0.
    expectLayout(LS([['i', [[], []]]], []).invertAndCompose(LS([['j', [[]]]], [])), LS([['i', [[0], [0]]]], [['j', 2]]));
  });
});

describe('invert and pseudoinvert', () => {
  test('invert', () => {
    const l = L([['i', [[2], [1], [4]]]], ['o']);
    expectLayout(l.invert(), L([['o', [[2], [1], [4]]]], ['i']));
    expect(() => LS([['i', [[1], [0]]]], [['o', 2]]).invert()).toThrow(
      'A linear layout must be surjective and square to be invertible',
    );
    expect(() => LS([['i', [[1]]]], [['o', 4]]).invert()).toThrow(LinearLayoutError);
  });

  test('pseudoinvert', () => {
    expectLayout(LS([['i', [[1], [1], [2], [0]]]], [['o', 4]]).pseudoinvert(), LS([['o', [[1], [4]]]], [['i', 16]]));
    expect(() => LS([['i', [[1], [1]]]], [['o', 4]]).pseudoinvert()).toThrow(LinearLayoutError);
  });

  // A packed fp4 shared-memory layout (Triton's BlackwellMixedPrecisionDotScaledSMEM tests).
  const packedCoordToPaddedOffset = (M: number, kPacked: number): LinearLayout => {
    const off = (row: number, col: number): number => {
      const lin = row * kPacked + col;
      return Math.floor(lin / 8) * 16 + (lin % 8);
    };
    const rows: number[][] = [];
    for (let i = 1; i < M; i *= 2) rows.push([off(i, 0)]);
    const cols: number[][] = [];
    for (let j = 1; j < kPacked; j *= 2) cols.push([off(0, j)]);
    return LS(
      [
        ['row', rows],
        ['col', cols],
      ],
      [['offset', M * kPacked * 2]],
    );
  };

  test('pseudoinvert of a padded shared layout', () => {
    const M = 16;
    const kPacked = 128 / M / 2;
    const kPadded = 128 / M;
    const bases: number[][] = [];
    for (let off = 1; off < M * kPadded; off *= 2) {
      const lin = Math.floor(off / 16) * 8 + (off % 8);
      bases.push([Math.floor(lin / kPacked), lin % kPacked]);
    }
    const inv = L([['offset', bases]], ['row', 'col']).pseudoinvert();
    const manual = packedCoordToPaddedOffset(M, kPacked);
    for (let i = 0; i < M; i++) {
      for (let j = 0; j < kPacked; j++) {
        const ins: [string, number][] = [
          ['row', i],
          ['col', j],
        ];
        expect(inv.apply(ins)[0]![1]).toBe(manual.apply(ins)[0]![1]);
      }
    }
  });

  test('pseudoinvert of a swizzled padded shared layout', () => {
    const M = 16;
    const kPadded = 128;
    const kPacked = kPadded / 2;
    const tileCols = (8 * 128) / 8;
    const bases: number[][] = [];
    for (let c = 1; c < tileCols; c *= 2) bases.push([0, Math.floor(c / 16) * 8 + (c % 8)]);
    for (let row = 1; row < 8; row *= 2) {
      const colPadded = 16 * (row % 8);
      bases.push([row, Math.floor(colPadded / 16) * 8 + (colPadded % 8)]);
    }
    let swizzled = L([['offset', bases]], ['row', 'col']);
    // ensureLayoutNotSmallerThan(swizzled, {row: M, col: kPacked}), spelled out.
    for (const [d, want] of [
      ['row', M],
      ['col', kPacked],
    ] as const) {
      swizzled = swizzled.mul(id(want / swizzled.getOutDimSize(d), 'offset', d));
    }
    const inv = swizzled.pseudoinvert();
    const plain = packedCoordToPaddedOffset(M, kPacked);
    for (let i = 0; i < M; i++) {
      for (let j = 0; j < kPacked; j++) {
        const ins: [string, number][] = [
          ['row', i],
          ['col', j],
        ];
        const flat = plain.apply(ins)[0]![1];
        const row = Math.floor(flat / kPadded);
        const col = flat % kPadded;
        const colSwizzled = ((Math.floor(col / 16) ^ (row % 8)) * 16) + (col % 16);
        expect(inv.apply(ins)[0]![1]).toBe(row * kPadded + colSwizzled);
      }
    }
  });
});

describe('queries', () => {
  test('getNumConsecutiveInOut', () => {
    expect(id(1, 'in', 'out').getNumConsecutiveInOut()).toBe(1);
    expect(id(4, 'in', 'out').getNumConsecutiveInOut()).toBe(4);
    expect(id(4, 'in1', 'out').mul(id(8, 'in2', 'out')).getNumConsecutiveInOut()).toBe(4);
    expect(id(4, 'in', 'out1').mul(id(8, 'in', 'out2')).getNumConsecutiveInOut()).toBe(4);
    expect(zeros(4, 'in', 'out1').mul(id(4, 'in', 'out2')).getNumConsecutiveInOut()).toBe(1);
    expect(L([['in', [[1], [2], [4], [9]]]], ['out']).getNumConsecutiveInOut()).toBe(1);
    expect(L([['in', [[1], [2], [4], [10]]]], ['out']).getNumConsecutiveInOut()).toBe(2);
    expect(L([['in', [[1], [4], [2]]]], ['out']).getNumConsecutiveInOut()).toBe(2);
    expect(
      L(
        [
          ['in', [[1], [2], [4]]],
          ['in2', [[8], [18]]],
        ],
        ['out'],
      ).getNumConsecutiveInOut(),
    ).toBe(2);
  });

  test('equality checks out-dim sizes', () => {
    const a = id(4, 'in', 'out');
    const b = LS([['in', [[1], [2]]]], [['out', 8]]);
    expect(a.equals(b)).toBe(false);
    expect(a.equalIgnoringOutDimSizes(b)).toBe(true);
    // In-dim order matters.
    expect(id(2, 'a', 'o').mul(id(2, 'b', 'o')).equals(id(2, 'b', 'o').mul(id(2, 'a', 'o')))).toBe(false);
  });

  test('sublayout', () => {
    const l1 = L(
      [
        ['in1', [[1, 0], [0, 1], [2, 0]]],
        ['in2', [[0, 1]]],
      ],
      ['out1', 'out2'],
    );
    expectLayout(l1.sublayout(['in1', 'in2'], ['out1']), L([['in1', [[1], [0], [2]]], ['in2', [[0]]]], ['out1']));
    expectLayout(l1.sublayout(['in2', 'in1'], ['out1']), L([['in1', [[1], [0], [2]]], ['in2', [[0]]]], ['out1']));
    expectLayout(l1.sublayout(['in2', 'in1'], ['out2', 'out1']), l1);
    expectLayout(l1.sublayout(['in1'], ['out1']), L([['in1', [[1], [0], [2]]]], ['out1']));
    expectLayout(l1.sublayout([], []), LinearLayout.empty());
    expectLayout(l1.sublayout(['in1'], []), L([['in1', [[], [], []]]], []));
    expectLayout(l1.sublayout([], ['out1']), LS([], [['out1', 4]]));
    expect(() => l1.sublayout(['in3'], [])).toThrow(
      'Dimensions must be a subset, ignoring order, but they aren\'t.  Got dims: ["in3"] and ["in1", "in2"]',
    );
  });

  test('sublayoutIsZero', () => {
    expect(id(4, 'in', 'out').sublayoutIsZero(['in'], ['out'])).toBe(false);
    expect(id(4, 'in', 'out').sublayoutIsZero([], ['out'])).toBe(true);
    expect(id(4, 'in', 'out').sublayoutIsZero(['in'], [])).toBe(true);
    expect(id(4, 'in', 'out').sublayoutIsZero([], [])).toBe(true);
    const l1 = L(
      [
        ['in1', [[0, 1], [0, 2]]],
        ['in2', [[1, 1]]],
      ],
      ['out1', 'out2'],
    );
    expect(l1.sublayoutIsZero(['in1'], ['out1'])).toBe(true);
    expect(l1.sublayoutIsZero(['in1'], ['out2'])).toBe(false);
    expect(l1.sublayoutIsZero(['in2'], ['out1'])).toBe(false);
    expect(l1.sublayoutIsZero(['in2'], ['out2'])).toBe(false);
  });

  test('getFreeVariableMasks', () => {
    expect([...id(4, 'in', 'out').getFreeVariableMasks()]).toEqual([['in', 0]]);
    expect([...zeros(16, 'in', 'out').getFreeVariableMasks()]).toEqual([['in', 0b1111]]);
    const mixed = id(2, 'in', 'out').mul(zeros(4, 'in', 'out')).mul(id(4, 'in', 'out')).mul(zeros(2, 'in', 'out'));
    expect([...mixed.getFreeVariableMasks()]).toEqual([['in', 0b100110]]);
    const two = L(
      [
        ['in1', [[1, 1], [2, 2], [0, 0]]],
        ['in2', [[1, 0], [0, 1], [2, 0]]],
      ],
      ['out1', 'out2'],
    );
    expect([...two.getFreeVariableMasks()]).toEqual([
      ['in1', 0b100],
      ['in2', 0b10],
    ]);
  });

  test('surjective / injective / invertible', () => {
    const l = LS([['i', [[1], [1], [2]]]], [['o', 4]]);
    expect([l.isSurjective(), l.isInjective(), l.isInvertible(), l.getRank()]).toEqual([true, false, false, 2]);
    expect(id(8, 'i', 'o').isInvertible()).toBe(true);
    expect(LinearLayout.empty().isInvertible()).toBe(true);
  });
});

describe('quotient and isTrivialOver', () => {
  test('one dimension', () => {
    const l = LS(
      [
        ['dim1', [[1, 0]]],
        ['dim2', [[0, 0]]],
      ],
      [['dim1', 2], ['dim2', 1]],
    );
    const q = l.quotient(['dim1']);
    expectLayout(q, zeros(2, 'dim2', 'dim2'));
    expect(q!.quotient(['dim2'])).toBeUndefined();
  });

  test('several dimensions', () => {
    const l = L(
      [
        ['dim1', [[1, 0], [2, 0], [4, 0]]],
        ['dim2', [[0, 1], [0, 2]]],
      ],
      ['dim1', 'dim2'],
    );
    expect(l.quotient(['dim1', 'dim2'])).toBeDefined();
  });

  test('trivial over one dim among several', () => {
    const bases = (dim3: number[][]): NamedBases => [
      ['dim1', [[1, 0, 2], [2, 0, 1]]],
      ['dim2', [[0, 1, 0], [0, 2, 0], [0, 4, 0]]],
      ['dim3', dim3],
    ];
    const ok = L(bases([[0, 0, 1], [0, 0, 2]]), ['dim1', 'dim2', 'dim3']);
    expect(quotient(ok, ['dim2'])).toBeDefined();
    // dim3 maps into dim2: no longer trivial.
    const bad = L(bases([[0, 1, 1], [0, 0, 2]]), ['dim1', 'dim2', 'dim3']);
    expect(quotient(bad, ['dim2'])).toBeUndefined();
  });

  test('missing dims', () => {
    expect(LinearLayout.empty().quotient(['dim1'])).toBeUndefined();
    // A dim that is an in-dim but not an out-dim is a precondition violation in Triton 3.6.
    expect(() => id(4, 'a', 'b').isTrivialOver(['a'])).toThrow(LinearLayoutError);
  });

  test('identity over several dimensions', () => {
    const l = id(8, 'dim1', 'dim1').mul(id(2, 'dim2', 'dim2')).mul(id(4, 'dim3', 'dim3'));
    const q = l.quotient(['dim1', 'dim3']);
    expect(q).toBeDefined();
    expect(q!.quotient(['dim2'])).toBeDefined();
    expect(l.squareSublayoutIsIdentity(['dim1', 'dim3'])).toBe(true);
  });

  test('squareSublayoutIsPermutation', () => {
    const p = L([['a', [[2], [1], [4]]]], ['a']);
    expect(p.squareSublayoutIsPermutation(['a'])).toBe(true);
    expect(p.squareSublayoutIsIdentity(['a'])).toBe(false);
    expect(L([['a', [[3], [1]]]], ['a']).squareSublayoutIsPermutation(['a'])).toBe(false);
  });
});

describe('divideLeft and divideRight', () => {
  test('basic', () => {
    const B = id(8, 'in', 'out');
    const C = zeros(16, 'in', 'out');
    expectLayout(divideLeft(B.mul(C), B), C);
    expectLayout(divideLeft(C.mul(B), C), B);
    expectLayout(divideRight(B.mul(C), C), B);
  });

  test('non-matching dims', () => {
    const A = id(32, 'in', 'out');
    const B = L([['in', [[1], [2], [4], [8]]], ['extra', [[0]]]], ['out']);
    expect(divideLeft(A, B)).toBeUndefined();
  });

  test('simple', () => {
    expectLayout(divideLeft(id(8, 'in', 'out'), id(4, 'in', 'out')), id(2, 'in', 'out'));
    expectLayout(divideLeft(id(8, 'in', 'out'), id(8, 'in', 'out')), id(1, 'in', 'out'));
    expectLayout(divideRight(id(8, 'in', 'out'), id(2, 'in', 'out')), id(4, 'in', 'out'));
    expect(divideLeft(id(8, 'in', 'out'), LS([['in', [[2]]]], [['out', 4]]))).toBeUndefined();
  });

  test('2D', () => {
    const l1 = L(
      [
        ['in1', [[1, 1], [2, 2], [0, 8], [0, 4]]],
        ['in2', [[0, 2], [0, 1]]],
      ],
      ['out1', 'out2'],
    );
    const l2 = L(
      [
        ['in1', [[1, 1], [2, 2]]],
        ['in2', [[0, 2], [0, 1]]],
      ],
      ['out1', 'out2'],
    );
    const l3 = L(
      [
        ['in1', [[0, 2], [0, 1]]],
        ['in2', []],
      ],
      ['out1', 'out2'],
    );
    expectLayout(l2.mul(l3), l1);
    expectLayout(divideLeft(l1, l2), l3);
  });

  test('eliminating in-dims', () => {
    const l1 = L(
      [
        ['in2', [[0, 1], [1, 0]]],
        ['in1', [[2, 0], [0, 2]]],
      ],
      ['out1', 'out2'],
    );
    const l2 = L([['in2', [[0, 1], [1, 0]]]], ['out1', 'out2']);
    const l3 = L(
      [
        ['in2', []],
        ['in1', [[1, 0], [0, 1]]],
      ],
      ['out1', 'out2'],
    );
    expectLayout(l2.mul(l3), l1);
    expectLayout(divideLeft(l1, l2), l3);

    const l4 = L(
      [
        ['in1', [[0, 1], [0, 2]]],
        ['in2', []],
      ],
      ['out1', 'out2'],
    );
    const l5 = L([['in1', [[0, 1], [0, 2]]]], ['out1', 'out2']);
    const l6 = L(
      [
        ['in1', []],
        ['in2', []],
      ],
      ['out1', 'out2'],
    );
    expectLayout(l5.mul(l6), l4);
    expectLayout(divideLeft(l4, l5), l6);

    const l7 = L(
      [
        ['in1', []],
        ['in2', [[0, 1]]],
        ['in3', []],
      ],
      ['out1', 'out2'],
    );
    const l8 = L([['in2', [[0, 1]]]], ['out1', 'out2']);
    const l9 = L(
      [
        ['in1', []],
        ['in2', []],
        ['in3', []],
      ],
      ['out1', 'out2'],
    );
    expectLayout(l8.mul(l9), l7);
    expectLayout(divideLeft(l7, l8), l9);
  });

  test('eliminating out-dims', () => {
    const l1 = L(
      [
        ['in2', [[1, 0], [1, 0]]],
        ['in1', [[2, 0], [0, 1]]],
      ],
      ['out1', 'out2'],
    );
    const l2 = L([['in2', [[1, 0], [1, 0]]]], ['out1', 'out2']);
    const l3 = L(
      [
        ['in2', []],
        ['in1', [[1, 0], [0, 1]]],
      ],
      ['out1', 'out2'],
    );
    expectLayout(l2.mul(l3), l1);
    expectLayout(divideLeft(l1, l2), l3);

    const l4 = L([['in1', [[0, 1], [0, 2]]]], ['out1', 'out2']);
    const l5 = L([], ['out1']);
    const l6 = L([['in1', [[0, 1], [0, 2]]]], ['out1', 'out2']);
    expectLayout(l5.mul(l6), l4);
    expectLayout(divideLeft(l4, l5), l6);
  });
});

describe('other operations', () => {
  test('resizeInDim / resizeOutDim', () => {
    expectLayout(id(8, 'i', 'o').resizeInDim('i', 2), LS([['i', [[1]]]], [['o', 8]]));
    expectLayout(id(8, 'i', 'o').resizeOutDim('o', 4), LS([['i', [[1], [2], [0]]]], [['o', 4]]));
    // Components that do not fit become 0 (they are not masked).
    expectLayout(LS([['i', [[5], [2]]]], [['o', 8]]).resizeOutDim('o', 4), LS([['i', [[0], [2]]]], [['o', 4]]));
    expect(() => id(8, 'i', 'o').resizeInDim('i', 16)).toThrow(LinearLayoutError);
    expect(() => id(8, 'i', 'o').resizeOutDim('o', 3)).toThrow(LinearLayoutError);
  });

  test('concatIns / concatOuts', () => {
    const c = id(4, 'a', 'o').concatIns(zeros(2, 'b', 'o', 4));
    expectLayout(c, LS([['a', [[1], [2]]], ['b', [[0]]]], [['o', 4]]));
    expect(() => id(4, 'a', 'o').concatIns(id(8, 'b', 'o'))).toThrow(LinearLayoutError);
    const d = id(4, 'i', 'a').concatOuts(id(4, 'i', 'b'));
    expectLayout(d, LS([['i', [[1, 1], [2, 2]]]], [['a', 4], ['b', 4]]));
    expect(() => id(4, 'i', 'a').concatOuts(id(8, 'i', 'b'))).toThrow(LinearLayoutError);
  });

  test('unsqueezeIn / unsqueezeOut', () => {
    const l = id(4, 'i', 'o').mul(id(1, 'j', 'p'));
    expectLayout(l.unsqueezeIn('j'), LS([['i', [[1, 0], [2, 0]]]], [['o', 4], ['p', 1]]));
    expectLayout(l.unsqueezeOut('p'), LS([['i', [[1], [2]]], ['j', []]], [['o', 4]]));
    expect(() => l.unsqueezeIn('i')).toThrow(LinearLayoutError);
  });

  test('removeZeroBasesAlongDim', () => {
    const l = L([['reg', [[1], [0], [2], [0]]], ['lane', [[0], [4]]]], ['o']);
    expectLayout(l.removeZeroBasesAlongDim('reg'), L([['reg', [[1], [2]]], ['lane', [[0], [4]]]], ['o']));
  });

  test('accessors', () => {
    const l = LS(
      [
        ['register', [[0, 1], [2, 0]]],
        ['lane', []],
        ['warp', [[1, 0]]],
      ],
      [['dim0', 4], ['dim1', 2]],
    );
    expect(l.getBasis('register', 1)).toEqual([2, 0]);
    expect(l.getBasisComponent('register', 0, 'dim1')).toBe(1);
    expect(l.getOutDims()).toEqual([
      ['dim0', 4],
      ['dim1', 2],
    ]);
    expect(l.getInDims()).toEqual([
      ['register', 4],
      ['lane', 1],
      ['warp', 2],
    ]);
    expect([l.getNumInDims(), l.getNumOutDims(), l.getTotalInDimSize(), l.getTotalOutDimSize()]).toEqual([3, 2, 8, 8]);
    expect([l.getTotalInDimSizeLog2(), l.getTotalOutDimSizeLog2()]).toEqual([3, 3]);
    expect([l.hasInDim('lane'), l.hasInDim('block'), l.hasOutDim('dim1'), l.hasOutDim('lane')]).toEqual([true, false, true, false]);
    expect(() => l.getBasis('register', 2)).toThrow(LinearLayoutError);
    expect(() => l.getInDimSize('block')).toThrow(LinearLayoutError);
    expect(() => l.getBasisComponent('register', 0, 'dim2')).toThrow(LinearLayoutError);
    expect(Object.isFrozen(l.getBasis('register', 0))).toBe(true);
  });

  test('toString format', () => {
    const l = LS(
      [
        ['register', [[0, 1], [2, 0]]],
        ['lane', []],
        ['warp', [[1, 0]]],
      ],
      [['dim0', 4], ['dim1', 2]],
    );
    expect(l.toString()).toBe(
      '\n - register=1 -> (0, 1)\n   register=2 -> (2, 0)\n - lane is a size 1 dimension\n - warp=1 -> (1, 0)\nwhere out dims are: [dim0 (size 4), dim1 (size 2)]',
    );
    expect(LS([], [['dim0', 4], ['dim1', 2]]).toString()).toBe('\n(empty layout with out-dims [dim0 (size 4), dim1 (size 2)])');
    expect(L([['in1', [[], []]]], []).toString()).toBe('\n - in1=1 -> ()\n   in1=2 -> ()\nwhere out dims are: []');
  });
});

describe('ColumnAction', () => {
  test('apply to a layout', () => {
    const layout = L([['in', [[1], [2], [4]]]], ['out']);
    expectLayout(new ColumnAction([2, 0, 1], 'in', 3).apply(layout), L([['in', [[4], [1], [2]]]], ['out']));
    expectLayout(new ColumnAction([1, 0], 'in', 3).apply(layout), LS([['in', [[2], [1]]]], [['out', 8]]));
    expect(() => new ColumnAction([3], 'in', 3)).toThrow(LinearLayoutError);
  });

  test('apply to values', () => {
    const values = [1, 2, 3, 4, 5, 6, 7, 8];
    expect(new ColumnAction([2, 0, 1], 'register', 3).applyValues(values)).toEqual([1, 5, 2, 6, 3, 7, 4, 8]);
    expect(new ColumnAction([2, 1], 'register', 3).applyValues(values)).toEqual([1, 5, 3, 7]);
  });

  test('inverse, leftCompose, toString', () => {
    const a = new ColumnAction([2, 0, 1], 'register', 3);
    expect(a.inverse().getAction()).toEqual([1, 2, 0]);
    expect(a.leftCompose(a.inverse()).isIdentity()).toBe(true);
    expect(ColumnAction.identity('register', 2).isIdentity()).toBe(true);
    expect(a.toString()).toBe('ColumnAction([2, 0, 1], register, 3)');
  });
});

describe('f2', () => {
  test('bit helpers', () => {
    expect([popcount(0b1011), ctz(8), ctz(0), msb(10), msb(0)]).toEqual([3, 3, 32, 3, -1]);
    expect([isPowerOf2(8), isPowerOf2(0), isPowerOf2(6), nextPowerOf2(0), nextPowerOf2(4), nextPowerOf2(5)]).toEqual([
      true,
      false,
      false,
      1,
      8,
      8,
    ]);
  });

  test('rank, pivots, solve', () => {
    expect(rank([1, 2, 3])).toBe(2);
    expect(pivotColumns([1, 1, 2, 3])).toEqual([0, 2]);
    expect(solveMinimal([0, 2, 1, 4], [1, 6, 8])).toEqual([0b0100, 0b1010, undefined]);
    expect(combine([1, 2, 4], 0b101)).toBe(5);
    expect(transpose([0b01, 0b11], 2)).toEqual([0b11, 0b10]);
    expect(rref([0b11, 0b01], 2)).toEqual([0b01, 0b10]);
  });
});

// prettier-ignore
const ORACLE_CASES: OracleCase[] = [
  {"op":"mul","A":{"bases":[["lane",[[1,2,1],[5,0,0],[3,0,4],[1,0,16],[2,1,1]]],["block",[[0,0,15],[6,3,0],[1,0,8],[1,0,0],[1,0,0]]]],"out":[["dim0",8],["dim1",4],["dim2",32]]},"B":{"bases":[["register",[[0,0],[0,2],[0,0],[0,16],[0,0]]],["lane",[[0,4],[0,8],[0,0],[0,0],[0,4]]],["warp",[[0,16],[0,0],[0,2]]],["block",[[0,1],[0,11],[0,2],[0,2]]]],"out":[["dim1",1],["dim2",32]]},"want":{"bases":[["register",[[0,0,0],[0,0,64],[0,0,0],[0,0,512],[0,0,0]]],["lane",[[1,2,1],[5,0,0],[3,0,4],[1,0,16],[2,1,1],[0,0,128],[0,0,256],[0,0,0],[0,0,0],[0,0,128]]],["warp",[[0,0,512],[0,0,0],[0,0,64]]],["block",[[0,0,15],[6,3,0],[1,0,8],[1,0,0],[1,0,0],[0,0,32],[0,0,352],[0,0,64],[0,0,64]]]],"out":[["dim0",8],["dim1",4],["dim2",1024]]}},
  {"op":"mul","A":{"bases":[["register",[[2,2,2],[2,0,1],[1,0,0]]],["block",[[1,25,4],[2,16,0],[0,0,7],[1,16,4]]],["lane",[[2,8,4],[2,16,0],[2,8,0]]],["warp",[[2,0,4],[0,1,2],[2,2,2]]]],"out":[["dim0",4],["dim1",32],["dim2",8]]},"B":{"bases":[["block",[[1,1,0],[2,0,0],[4,0,0],[0,1,0]]],["warp",[[0,0,0],[0,0,0],[4,0,0],[5,0,0]]],["register",[[0,0,0],[0,1,0],[0,1,0]]],["lane",[[0,1,0]]]],"out":[["dim0",8],["dim1",2],["dim2",1]]},"want":{"bases":[["block",[[1,25,4],[2,16,0],[0,0,7],[1,16,4],[4,32,0],[8,0,0],[16,0,0],[0,32,0]]],["register",[[2,2,2],[2,0,1],[1,0,0],[0,0,0],[0,32,0],[0,32,0]]],["lane",[[2,8,4],[2,16,0],[2,8,0],[0,32,0]]],["warp",[[2,0,4],[0,1,2],[2,2,2],[0,0,0],[0,0,0],[16,0,0],[20,0,0]]]],"out":[["dim0",32],["dim1",64],["dim2",8]]}},
  {"op":"mul","A":{"bases":[["register",[[2,4],[2,4],[1,0],[1,0],[4,0]]],["lane",[[4,0],[4,4],[4,1],[0,0],[2,0]]],["block",[[0,0],[2,0],[0,2]]]],"out":[["dim0",8],["dim2",16]]},"B":{"bases":[["register",[[1,0],[1,2],[1,4],[0,0],[0,0]]],["lane",[[1,0],[0,4],[1,4],[1,0],[1,1]]],["warp",[[0,1],[1,1],[1,1]]]],"out":[["dim0",2],["dim2",8]]},"want":{"bases":[["register",[[2,4],[2,4],[1,0],[1,0],[4,0],[8,0],[8,32],[8,64],[0,0],[0,0]]],["lane",[[4,0],[4,4],[4,1],[0,0],[2,0],[8,0],[0,64],[8,64],[8,0],[8,16]]],["block",[[0,0],[2,0],[0,2]]],["warp",[[0,16],[8,16],[8,16]]]],"out":[["dim0",16],["dim2",128]]}},
  {"op":"mul","A":{"bases":[["register",[[0,0,2]]],["lane",[[0,1,2],[0,1,2],[0,1,4],[0,0,3]]]],"out":[["dim0",1],["dim1",16],["dim2",8]]},"B":{"bases":[["register",[[1,2,1],[1,0,2],[2,8,0],[1,0,0],[1,2,1]]],["lane",[[0,8,1],[0,8,1],[5,0,0],[1,4,0]]],["warp",[[0,4,3],[1,1,2],[1,8,0],[7,0,2],[0,8,0]]],["block",[[3,2,2],[1,0,0],[2,0,2],[0,0,2]]]],"out":[["dim2",8],["dim1",16],["dim0",4]]},"want":{"bases":[["register",[[0,0,2],[1,32,8],[2,0,8],[0,128,16],[0,0,8],[1,32,8]]],["lane",[[0,1,2],[0,1,2],[0,1,4],[0,0,3],[1,128,0],[1,128,0],[0,0,40],[0,64,8]]],["warp",[[3,64,0],[2,16,8],[0,128,8],[2,0,56],[0,128,0]]],["block",[[2,32,24],[0,0,8],[2,0,16],[2,0,0]]]],"out":[["dim0",4],["dim1",256],["dim2",64]]}},
  {"op":"mul","A":{"bases":[["lane",[[0,1],[1,1],[0,0]]],["block",[[4,1],[2,1],[2,1],[1,1]]],["register",[[4,1]]],["warp",[[0,1]]]],"out":[["dim0",8],["dim2",2]]},"B":{"bases":[["register",[[0,6]]],["lane",[[2,3],[5,3],[0,2],[1,4]]],["warp",[[0,2],[1,7],[4,0],[2,2],[4,1]]],["block",[[0,0],[0,0],[4,4],[2,4],[0,1]]]],"out":[["dim1",16],["dim0",8]]},"want":{"bases":[["lane",[[0,0,1],[0,1,1],[0,0,0],[2,24,0],[5,24,0],[0,16,0],[1,32,0]]],["register",[[0,4,1],[0,48,0]]],["block",[[0,4,1],[0,2,1],[0,2,1],[0,1,1],[0,0,0],[0,0,0],[4,32,0],[2,32,0],[0,8,0]]],["warp",[[0,0,1],[0,16,0],[1,56,0],[4,0,0],[2,16,0],[4,8,0]]]],"out":[["dim1",16],["dim0",64],["dim2",2]]}},
  {"op":"mul","A":{"bases":[["register",[[21,6],[5,2]]],["lane",[[0,0],[0,4],[4,0],[16,1],[8,0]]],["warp",[[0,0],[0,0],[16,0]]],["block",[[2,1],[4,1],[16,6],[16,4],[4,0]]]],"out":[["dim0",32],["dim2",8]]},"B":{"bases":[["register",[[1],[8],[0]]],["lane",[[0],[11],[1],[12]]],["warp",[[1],[0],[5]]],["block",[]]],"out":[["dim1",32]]},"want":{"bases":[["register",[[21,6,0],[5,2,0],[0,0,1],[0,0,8],[0,0,0]]],["lane",[[0,0,0],[0,4,0],[4,0,0],[16,1,0],[8,0,0],[0,0,0],[0,0,11],[0,0,1],[0,0,12]]],["warp",[[0,0,0],[0,0,0],[16,0,0],[0,0,1],[0,0,0],[0,0,5]]],["block",[[2,1,0],[4,1,0],[16,6,0],[16,4,0],[4,0,0]]]],"out":[["dim0",32],["dim2",8],["dim1",32]]}},
  {"op":"mul","A":{"bases":[["register",[[1,0,0],[1,4,0]]],["warp",[[1,0,0]]],["block",[[0,0,0],[0,2,0],[0,0,0],[0,0,0]]]],"out":[["dim0",2],["dim1",8],["dim2",1]]},"B":{"bases":[["register",[[0,2],[0,1],[0,2],[0,8]]],["block",[[0,8],[0,1],[0,7],[0,14],[0,8]]],["warp",[[0,0]]],["lane",[[0,0],[0,0],[0,4],[0,6],[0,4]]]],"out":[["dim0",1],["dim1",16]]},"want":{"bases":[["register",[[1,0,0],[1,4,0],[0,16,0],[0,8,0],[0,16,0],[0,64,0]]],["warp",[[1,0,0],[0,0,0]]],["block",[[0,0,0],[0,2,0],[0,0,0],[0,0,0],[0,64,0],[0,8,0],[0,56,0],[0,112,0],[0,64,0]]],["lane",[[0,0,0],[0,0,0],[0,32,0],[0,48,0],[0,32,0]]]],"out":[["dim0",2],["dim1",128],["dim2",1]]}},
  {"op":"mul","A":{"bases":[["register",[[2,1,2],[0,1,2]]],["warp",[[0,1,2],[4,1,2],[1,1,4],[2,0,0],[4,0,1]]],["block",[[4,0,2],[1,1,0],[2,2,4],[0,1,0],[4,1,0]]]],"out":[["dim0",8],["dim1",4],["dim2",8]]},"B":{"bases":[["register",[[1],[1],[0],[1]]],["lane",[]],["warp",[[1],[1],[1],[1]]],["block",[[1],[0],[0]]]],"out":[["dim2",2]]},"want":{"bases":[["register",[[2,1,2],[0,1,2],[0,0,8],[0,0,8],[0,0,0],[0,0,8]]],["lane",[]],["warp",[[0,1,2],[4,1,2],[1,1,4],[2,0,0],[4,0,1],[0,0,8],[0,0,8],[0,0,8],[0,0,8]]],["block",[[4,0,2],[1,1,0],[2,2,4],[0,1,0],[4,1,0],[0,0,8],[0,0,0],[0,0,0]]]],"out":[["dim0",8],["dim1",4],["dim2",16]]}},
  {"op":"mul","A":{"bases":[["register",[[0,2]]],["block",[[0,3]]]],"out":[["dim0",8],["dim1",4]]},"B":{"bases":[["register",[]],["lane",[[0,1,1],[4,0,0],[2,1,0]]],["block",[]]],"out":[["dim0",8],["dim1",4],["dim2",2]]},"want":{"bases":[["register",[[0,2,0]]],["lane",[[0,4,1],[32,0,0],[16,4,0]]],["block",[[0,3,0]]]],"out":[["dim0",64],["dim1",16],["dim2",2]]}},
  {"op":"mul","A":{"bases":[["register",[[0,4],[16,1],[16,4],[2,9]]],["warp",[[16,8],[1,2]]]],"out":[["dim1",32],["dim2",16]]},"B":{"bases":[["warp",[[7,1],[0,4],[2,2]]],["block",[[0,4],[4,4],[2,0]]]],"out":[["dim0",8],["dim1",8]]},"want":{"bases":[["register",[[0,0,4],[0,16,1],[0,16,4],[0,2,9]]],["warp",[[0,16,8],[0,1,2],[7,32,0],[0,128,0],[2,64,0]]],["block",[[0,128,0],[4,128,0],[2,0,0]]]],"out":[["dim0",8],["dim1",256],["dim2",16]]}},
  {"op":"mul","A":{"bases":[["warp",[]]],"out":[["dim1",2]]},"B":{"bases":[["register",[[0,1]]],["lane",[]],["warp",[[2,2],[1,1],[0,2]]]],"out":[["dim1",4],["dim0",4]]},"want":{"bases":[["register",[[0,1]]],["lane",[]],["warp",[[4,2],[2,1],[0,2]]]],"out":[["dim1",8],["dim0",4]]}},
  {"op":"mul","A":{"bases":[["register",[[1,0,0],[1,1,0],[1,0,0]]],["lane",[[0,1,0],[2,1,0]]],["warp",[[2,0,0],[0,1,0]]],["block",[]]],"out":[["dim0",4],["dim1",2],["dim2",1]]},"B":{"bases":[["lane",[[1],[1],[0]]],["block",[]]],"out":[["dim0",2]]},"want":{"bases":[["register",[[1,0,0],[1,1,0],[1,0,0]]],["lane",[[0,1,0],[2,1,0],[4,0,0],[4,0,0],[0,0,0]]],["warp",[[2,0,0],[0,1,0]]],["block",[]]],"out":[["dim0",8],["dim1",2],["dim2",1]]}},
  {"op":"mul","A":{"bases":[["register",[]],["warp",[]]],"out":[["dim0",8],["dim1",8],["dim2",1]]},"B":{"bases":[["register",[]],["lane",[[0,1],[0,0],[0,0]]]],"out":[["dim1",4],["dim2",4]]},"want":{"bases":[["register",[]],["warp",[]],["lane",[[0,0,1],[0,0,0],[0,0,0]]]],"out":[["dim0",8],["dim1",32],["dim2",4]]}},
  {"op":"mul","A":{"bases":[["lane",[[1,0],[1,4]]],["warp",[[1,1]]]],"out":[["dim0",2],["dim2",8]]},"B":{"bases":[["lane",[[0]]]],"out":[["dim1",2]]},"want":{"bases":[["lane",[[1,0,0],[1,4,0],[0,0,0]]],["warp",[[1,1,0]]]],"out":[["dim0",2],["dim2",8],["dim1",2]]}},
  {"op":"mul","A":{"bases":[["warp",[[0],[0],[0]]]],"out":[["dim0",2]]},"B":{"bases":[["warp",[[0]]],["register",[]],["block",[[1],[1],[1]]]],"out":[["dim1",2]]},"want":{"bases":[["warp",[[0,0],[0,0],[0,0],[0,0]]],["register",[]],["block",[[0,1],[0,1],[0,1]]]],"out":[["dim0",2],["dim1",2]]}},
  {"op":"mul","A":{"bases":[["warp",[]],["block",[[1,0],[2,0]]]],"out":[["dim0",4],["dim2",2]]},"B":{"bases":[["register",[[1],[1],[2]]],["lane",[[2],[1],[1]]]],"out":[["dim2",4]]},"want":{"bases":[["warp",[]],["block",[[1,0],[2,0]]],["register",[[0,2],[0,2],[0,4]]],["lane",[[0,4],[0,2],[0,2]]]],"out":[["dim0",4],["dim2",8]]}},
  {"op":"compose","A":{"bases":[["block",[[1,4,2],[8,0,4],[8,28,14],[1,8,10],[2,6,0]]],["lane",[[8,16,0],[8,4,4],[1,0,1],[8,8,13]]],["register",[[8,0,1],[11,16,4],[2,4,8],[0,1,4]]],["warp",[[2,16,8],[2,2,0],[8,25,1]]]],"out":[["dim0",16],["dim1",32],["dim2",16]]},"B":{"bases":[["dim0",[[0,19],[0,0],[0,22],[0,8],[0,9]]],["dim1",[[0,4],[0,9],[0,4],[0,8],[0,0]]],["dim2",[[0,1],[0,0],[0,2],[0,8],[0,4]]]],"out":[["dim0",1],["dim2",32]]},"want":{"bases":[["block",[[0,23],[0,10],[0,14],[0,19],[0,13]]],["lane",[[0,8],[0,14],[0,18],[0,11]]],["register",[[0,9],[0,25],[0,12],[0,6]]],["warp",[[0,8],[0,9],[0,5]]]],"out":[["dim0",1],["dim2",32]]}},
  {"op":"compose","A":{"bases":[["register",[]],["warp",[[2,0,1],[4,31,0],[4,8,4],[1,16,0],[1,15,11]]],["block",[[8,1,16],[1,25,4],[13,0,4],[0,0,1],[2,1,21]]]],"out":[["dim0",16],["dim1",32],["dim2",32]]},"B":{"bases":[["dim0",[[0,0,0],[0,0,0],[1,0,0],[1,0,0],[1,0,0]]],["dim2",[[0,0,0],[0,0,0],[0,0,0],[0,0,0],[1,0,0],[1,0,0]]],["dim1",[[1,0,0],[0,0,0],[0,0,0],[1,0,0],[1,0,0]]]],"out":[["dim0",2],["dim1",1],["dim2",1]]},"want":{"bases":[["register",[]],["warp",[[0,0,0],[0,0,0],[0,0,0],[1,0,0],[0,0,0]]],["block",[[1,0,0],[1,0,0],[0,0,0],[0,0,0],[0,0,0]]]],"out":[["dim0",2],["dim1",1],["dim2",1]]}},
  {"op":"compose","A":{"bases":[["lane",[[4,1,4],[1,0,4],[8,5,0],[18,8,0],[16,2,0]]],["block",[[8,12,7],[2,0,2],[4,0,7],[20,0,0],[8,4,0]]]],"out":[["dim0",32],["dim1",16],["dim2",8]]},"B":{"bases":[["dim0",[[0,27,1],[4,1,0],[8,1,0],[13,1,0],[0,0,0],[0,1,1]]],["dim1",[[2,0,1],[2,1,0],[0,1,0],[2,0,1],[3,0,1]]],["dim2",[[6,1,1],[1,16,1],[8,0,1],[0,16,1]]]],"out":[["dim0",16],["dim1",32],["dim2",2]]},"want":{"bases":[["lane",[[2,1,0],[8,27,0],[15,0,1],[6,1,1],[2,1,0]]],["block",[[0,17,0],[5,17,1],[7,16,1],[8,1,0],[13,0,0]]]],"out":[["dim0",16],["dim1",32],["dim2",2]]}},
  {"op":"compose","A":{"bases":[["register",[[0,1,4],[12,2,0]]],["lane",[[30,1,0],[8,1,0],[7,2,1],[0,2,7],[8,2,0]]],["warp",[[16,1,2],[8,2,0]]],["block",[[0,0,0],[4,1,2]]]],"out":[["dim0",32],["dim1",4],["dim2",8]]},"B":{"bases":[["dim2",[[2,1],[4,0],[16,3],[5,1]]],["dim0",[[0,1],[2,0],[0,0],[16,0],[1,0],[0,1]]],["dim1",[[0,1],[2,0],[16,0]]]],"out":[["dim0",32],["dim1",4]]},"want":{"bases":[["register",[[16,2],[18,0]]],["lane",[[19,1],[16,1],[2,0],[20,2],[18,0]]],["warp",[[5,1],[18,0]]],["block",[[0,0],[4,1]]]],"out":[["dim0",32],["dim1",4]]}},
  {"op":"compose","A":{"bases":[["register",[[0,0,9],[0,0,0],[0,8,2]]],["lane",[[31,8,0],[31,4,1],[7,0,0],[2,6,8],[16,6,0]]]],"out":[["dim0",32],["dim1",16],["dim2",16]]},"B":{"bases":[["dim0",[[1,0,6],[0,1,2],[1,1,1],[0,1,1],[0,0,16]]],["dim2",[[1,0,1],[1,0,16],[1,1,8],[0,1,16]]],["dim1",[[1,1,31],[0,0,2],[0,0,0],[0,1,8],[1,0,0]]]],"out":[["dim2",2],["dim1",2],["dim0",32]]},"want":{"bases":[["register",[[1,1,17],[0,0,0],[1,1,24]]],["lane",[[0,0,28],[1,1,21],[0,0,5],[0,0,16],[0,0,18]]]],"out":[["dim2",2],["dim1",2],["dim0",32]]}},
  {"op":"compose","A":{"bases":[["register",[[2,4]]],["lane",[[1,0],[2,4],[1,4],[0,1],[4,2]]],["warp",[[2,0],[4,5],[0,8],[4,0]]],["block",[[4,0],[4,0],[0,0],[1,3]]]],"out":[["dim0",8],["dim2",16]]},"B":{"bases":[["dim0",[[0,0,1],[8,0,0],[4,0,1]]],["dim2",[[4,0,0],[8,0,1],[4,0,0],[16,0,1],[16,0,0]]]],"out":[["dim0",32],["dim1",1],["dim2",2]]},"want":{"bases":[["register",[[12,0,0]]],["lane",[[0,0,1],[12,0,0],[4,0,1],[4,0,0],[12,0,0]]],["warp",[[8,0,0],[4,0,1],[16,0,1],[4,0,1]]],["block",[[4,0,1],[4,0,1],[0,0,0],[12,0,0]]]],"out":[["dim0",32],["dim1",1],["dim2",2]]}},
  {"op":"compose","A":{"bases":[["lane",[[1,0,13],[0,0,10],[0,0,0]]],["warp",[[2,0,0],[0,0,1],[1,0,9]]],["block",[]]],"out":[["dim0",32],["dim1",1],["dim2",16]]},"B":{"bases":[["dim2",[[0,1,0],[0,0,1],[0,2,0],[0,2,2]]],["dim0",[[0,2,1],[0,1,1],[0,1,0],[0,0,3],[0,0,1]]],["dim1",[[0,1,3]]]],"out":[["dim0",1],["dim1",4],["dim2",4]]},"want":{"bases":[["lane",[[0,3,3],[0,2,3],[0,0,0]]],["warp",[[0,1,1],[0,1,0],[0,1,3]]],["block",[]]],"out":[["dim0",1],["dim1",4],["dim2",4]]}},
  {"op":"compose","A":{"bases":[["register",[]],["lane",[[3,3],[0,1]]]],"out":[["dim1",4],["dim2",4]]},"B":{"bases":[["dim2",[[0,2],[1,0]]],["dim1",[[0,2],[1,0],[1,0]]]],"out":[["dim0",2],["dim2",4]]},"want":{"bases":[["register",[]],["lane",[[0,0],[0,2]]]],"out":[["dim0",2],["dim2",4]]}},
  {"op":"compose","A":{"bases":[["register",[[1,0,2],[2,0,1],[0,0,0]]],["lane",[[0,0,0]]]],"out":[["dim0",8],["dim1",1],["dim2",4]]},"B":{"bases":[["dim0",[[8],[0],[11]]],["dim1",[]],["dim2",[[8],[4],[8]]]],"out":[["dim0",32]]},"want":{"bases":[["register",[[12],[8],[0]]],["lane",[[0]]]],"out":[["dim0",32]]}},
  {"op":"compose","A":{"bases":[["block",[[1],[2]]],["lane",[]],["register",[]]],"out":[["dim0",4]]},"B":{"bases":[["dim0",[[4],[0],[1]]]],"out":[["dim0",8]]},"want":{"bases":[["block",[[4],[0]]],["lane",[]],["register",[]]],"out":[["dim0",8]]}},
  {"op":"compose","A":{"bases":[["register",[[0],[1],[4],[0]]],["lane",[[0],[4],[0],[2]]],["warp",[[2],[0]]],["block",[[0],[1],[1],[1],[0]]]],"out":[["dim0",8]]},"B":{"bases":[["dim0",[[0],[0],[4],[16]]]],"out":[["dim1",32]]},"want":{"bases":[["register",[[0],[0],[4],[0]]],["lane",[[0],[4],[0],[0]]],["warp",[[0],[0]]],["block",[[0],[0],[0],[0],[0]]]],"out":[["dim1",32]]}},
  {"op":"compose","A":{"bases":[["register",[]],["lane",[]]],"out":[["dim0",4],["dim1",16],["dim2",32]]},"B":{"bases":[["dim0",[[0,13],[0,0]]],["dim1",[[0,0],[0,0],[0,2],[0,4]]],["dim2",[[0,2],[0,1],[0,1],[0,12],[0,1]]]],"out":[["dim0",1],["dim1",16]]},"want":{"bases":[["register",[]],["lane",[]]],"out":[["dim0",1],["dim1",16]]}},
  {"op":"compose","A":{"bases":[["register",[[1,1],[1,0],[0,2],[1,1]]],["block",[[1,0]]]],"out":[["dim0",2],["dim2",8]]},"B":{"bases":[["dim0",[[8,0,1],[1,1,1]]],["dim2",[[1,1,1],[2,13,1]]]],"out":[["dim1",16],["dim0",16],["dim2",2]]},"want":{"error":null}},
  {"op":"compose","A":{"bases":[["lane",[[4,1,0],[0,2,0],[0,4,0]]],["warp",[]]],"out":[["dim0",16],["dim1",8],["dim2",1]]},"B":{"bases":[["dim0",[[0,0,0],[0,0,0],[0,2,0]]],["dim2",[[0,1,0]]],["dim1",[[0,1,0],[0,4,0],[0,0,0],[0,2,0]]]],"out":[["dim2",1],["dim1",8],["dim0",1]]},"want":{"error":null}},
  {"op":"compose","A":{"bases":[["register",[]],["lane",[]],["block",[]]],"out":[["dim0",2]]},"B":{"bases":[["dim0",[]]],"out":[["dim0",2]]},"want":{"error":null}},
  {"op":"invertAndCompose","A":{"bases":[["register",[[14,4,2],[0,4,2],[1,6,0],[4,2,1],[27,4,1]]],["lane",[]],["warp",[[16,21,3],[19,16,1],[1,8,4],[4,0,3]]],["block",[[8,6,4],[1,16,2],[2,0,6],[0,2,1]]]],"out":[["dim0",32],["dim1",32],["dim2",8]]},"B":{"bases":[["register",[[0,2,0],[0,0,8],[16,0,0],[0,4,0],[8,0,0]]],["warp",[[0,0,16],[2,0,0],[0,1,0],[1,0,0],[0,0,1]]],["block",[[0,0,4],[4,0,0],[0,0,2],[0,0,2],[16,1,2]]]],"out":[["dim1",32],["dim2",8],["dim0",32]]},"want":{"bases":[["register",[[3,0,7],[1,0,2],[0,18,2],[0,6,1],[2,21,6]]],["lane",[]],["warp",[[5,13,2],[4,21,4],[24,16,0],[1,4,1]]],["block",[[10,2,2],[5,16,0],[9,0,4],[0,6,0]]]],"out":[["register",32],["warp",32],["block",32]]}},
  {"op":"invertAndCompose","A":{"bases":[["warp",[[0,4,3],[1,6,1],[1,0,8],[1,1,12]]],["register",[[1,4,15],[0,0,13],[0,0,10],[1,4,4],[1,4,8]]],["lane",[[1,2,2],[1,2,1],[1,8,4],[1,4,9]]],["block",[[0,1,5],[0,0,8]]]],"out":[["dim0",2],["dim1",16],["dim2",16]]},"B":{"bases":[["warp",[[1,0,0],[0,8,0],[0,0,8],[0,16,0],[1,19,11],[0,0,4],[0,4,0],[1,13,1],[0,1,0],[0,0,2],[0,2,0],[0,0,1]]]],"out":[["dim0",2],["dim1",32],["dim2",16]]},"want":{"bases":[["warp",[[899],[860],[5],[293]]],["register",[[934],[487],[516],[97],[69]]],["lane",[[223],[796],[35],[390]]],["block",[[227],[4]]]],"out":[["warp",4096]]}},
  {"op":"invertAndCompose","A":{"bases":[["lane",[[0,0,0],[0,0,4],[0,0,1],[0,0,0],[0,0,1]]],["block",[[0,0,1],[0,0,1],[0,0,4],[0,0,1],[0,0,5]]]],"out":[["dim0",1],["dim1",1],["dim2",8]]},"B":{"bases":[["register",[[0,0,0],[0,2,0],[0,0,0],[0,1,0]]],["lane",[[0,1,0],[0,4,0],[0,4,0],[0,1,0],[0,3,0]]],["warp",[[0,1,0],[0,0,0],[0,4,0]]],["block",[[0,4,0],[0,4,0],[0,0,0],[0,0,0],[0,0,0]]]],"out":[["dim1",1],["dim2",8],["dim0",1]]},"want":{"bases":[["lane",[[0,0,0,0],[0,2,0,0],[8,0,0,0],[0,0,0,0],[8,0,0,0]]],["block",[[8,0,0,0],[8,0,0,0],[0,2,0,0],[8,0,0,0],[8,2,0,0]]]],"out":[["register",16],["lane",32],["warp",8],["block",32]]}},
  {"op":"invertAndCompose","A":{"bases":[["register",[[0,2,0],[0,2,0],[0,8,0],[2,1,0]]],["lane",[[0,1,0],[0,11,0],[2,1,0],[2,2,0]]],["warp",[[2,4,0],[1,0,0],[0,4,0]]],["block",[[2,0,0],[0,4,0],[0,2,0],[0,9,0],[2,2,0]]]],"out":[["dim0",4],["dim1",16],["dim2",1]]},"B":{"bases":[["lane",[[0,0,1],[6,1,1]]],["warp",[[8,0,0],[1,0,0],[0,1,0]]],["block",[[2,0,0],[6,1,3],[4,1,0]]]],"out":[["dim1",16],["dim2",2],["dim0",4]]},"want":{"bases":[["register",[[0,0,1],[0,0,1],[0,1,0],[2,2,2]]],["lane",[[0,2,0],[0,3,1],[2,2,2],[2,0,3]]],["warp",[[1,4,3],[1,0,0],[3,4,1]]],["block",[[2,0,2],[3,4,1],[0,0,1],[0,3,0],[2,0,3]]]],"out":[["lane",4],["warp",8],["block",8]]}},
  {"op":"invertAndCompose","A":{"bases":[["register",[[2,1,15],[1,1,2],[2,1,0]]],["lane",[[0,0,16],[2,1,16],[3,4,4],[0,0,0],[3,1,30]]],["block",[[1,0,4],[2,4,4],[2,2,6],[1,4,0]]]],"out":[["dim0",4],["dim1",8],["dim2",32]]},"B":{"bases":[["lane",[[1,2,14],[1,2,2],[2,0,0],[2,4,4],[1,4,0]]],["warp",[[2,0,16],[1,1,2]]],["block",[[2,4,2],[0,1,1],[1,1,11],[1,0,4]]]],"out":[["dim0",4],["dim1",8],["dim2",32]]},"want":{"bases":[["register",[[24,0,4],[0,2,0],[16,2,1]]],["lane",[[4,1,0],[20,3,1],[3,0,7],[0,0,0],[3,3,0]]],["block",[[28,0,0],[8,0,0],[26,0,0],[16,0,0]]]],"out":[["lane",32],["warp",4],["block",16]]}},
  {"op":"invertAndCompose","A":{"bases":[["register",[[1,16,2],[1,16,0]]],["lane",[[2,20,2],[0,1,4],[0,4,2],[1,0,0]]],["warp",[[1,0,3]]],["block",[[1,0,3],[4,12,6],[4,0,1],[3,8,4],[2,8,1]]]],"out":[["dim0",8],["dim1",32],["dim2",8]]},"B":{"bases":[["block",[[4,0,0],[0,9,0],[2,0,0],[0,0,2],[0,0,4],[0,8,0],[0,4,0],[0,2,0],[0,16,0],[0,0,1],[1,0,0]]]],"out":[["dim0",8],["dim1",32],["dim2",8]]},"want":{"bases":[["register",[[1288],[1280]]],["lane",[[332],[50],[72],[1024]]],["warp",[[1544]]],["block",[[1544],[121],[513],[1076],[548]]]],"out":[["block",2048]]}},
  {"op":"invertAndCompose","A":{"bases":[["register",[[2,0,0],[16,4,1],[8,0,4]]],["lane",[[1,4,4],[20,3,0],[5,0,4]]],["block",[[0,1,0],[1,0,2],[0,2,2],[1,0,0]]]],"out":[["dim0",32],["dim1",8],["dim2",32]]},"B":{"bases":[["lane",[[2,0,0],[0,0,2],[8,0,0],[16,0,0],[0,0,4]]],["warp",[[1,0,0],[0,0,1],[0,2,0],[0,0,16],[0,1,0]]],["block",[[4,0,0],[0,4,0],[0,0,8]]]],"out":[["dim0",32],["dim1",8],["dim2",32]]},"want":{"bases":[["register",[[1,0,0],[8,2,2],[20,0,0]]],["lane",[[16,1,2],[8,20,1],[16,1,1]]],["block",[[0,16,0],[2,1,0],[2,4,0],[0,1,0]]]],"out":[["lane",32],["warp",32],["block",8]]}},
  {"op":"invertAndCompose","A":{"bases":[["register",[[4,1,0],[10,0,14]]],["lane",[[8,1,8],[0,0,2],[0,0,7],[0,1,8],[0,2,4]]],["warp",[[0,2,1]]],["block",[[2,1,0],[0,2,0]]]],"out":[["dim0",32],["dim1",4],["dim2",16]]},"B":{"bases":[["register",[[1,4,1],[0,4,0],[8,0,0],[4,0,0],[0,0,2],[0,8,0],[0,0,1]]],["lane",[[0,1,0],[0,2,0],[1,0,0],[2,0,0],[1,27,1],[0,16,0]]]],"out":[["dim2",16],["dim0",32],["dim1",4]]},"want":{"bases":[["register",[[66,0],[44,10]]],["lane",[[100,0],[0,8],[75,8],[68,0],[24,0]]],["warp",[[83,0]]],["block",[[64,2],[16,0]]]],"out":[["register",128],["lane",64]]}},
  {"op":"invertAndCompose","A":{"bases":[["register",[[4,2,0],[4,1,0],[0,0,0]]],["warp",[[0,1,0],[4,1,0],[2,0,0],[2,2,0]]],["block",[[0,4,0],[0,12,0],[1,8,0],[2,4,0],[5,0,0]]]],"out":[["dim0",8],["dim1",16],["dim2",1]]},"B":{"bases":[["register",[[4,0,0],[0,1,0],[2,0,0],[0,4,0],[2,8,0],[2,8,0]]],["lane",[[0,0,1],[0,2,0],[0,16,0],[1,0,0],[0,0,1]]]],"out":[["dim0",8],["dim1",32],["dim2",2]]},"want":{"bases":[["register",[[1,2],[3,0],[0,0]]],["warp",[[2,0],[3,0],[4,0],[4,2]]],["block",[[8,0],[28,0],[20,8],[12,0],[1,8]]]],"out":[["register",64],["lane",32]]}},
  {"op":"invertAndCompose","A":{"bases":[["lane",[[1,4,5],[1,2,0],[0,8,0],[0,0,0]]],["warp",[[1,0,0],[0,0,0],[1,1,1],[0,4,0]]],["block",[[1,4,0],[0,5,1],[1,1,4],[1,8,2],[1,2,1]]]],"out":[["dim0",2],["dim1",16],["dim2",8]]},"B":{"bases":[["warp",[[0,2,0],[1,0,0],[0,0,2],[0,0,1],[0,8,0]]],["block",[[2,0,4],[0,0,4],[0,4,0],[2,0,0],[0,1,0]]]],"out":[["dim0",4],["dim1",16],["dim2",8]]},"want":{"bases":[["lane",[[10,6],[3,0],[16,0],[0,0]]],["warp",[[2,0],[0,0],[10,16],[0,4]]],["block",[[2,4],[8,20],[2,18],[22,0],[11,0]]]],"out":[["warp",32],["block",32]]}},
  {"op":"invertAndCompose","A":{"bases":[["register",[[4,1],[16,1],[4,1],[0,1],[2,0]]],["warp",[[8,1],[19,1],[16,1],[1,0],[12,1]]],["block",[[0,0],[15,0],[8,1],[0,0],[0,1]]]],"out":[["dim0",32],["dim2",2]]},"B":{"bases":[["register",[[28,1]]],["lane",[[1,0],[0,0],[4,0]]],["warp",[]],["block",[[0,1],[1,0],[2,0],[8,1],[1,1]]]],"out":[["dim0",32],["dim2",2]]},"want":{"bases":[["register",[[0,4,0,1],[1,4,0,9],[0,4,0,1],[0,0,0,1],[0,0,0,4]]],["warp",[[0,0,0,8],[1,5,0,13],[1,4,0,9],[0,1,0,0],[0,4,0,8]]],["block",[[0,0,0,0],[0,5,0,13],[0,0,0,8],[0,0,0,0],[0,0,0,1]]]],"out":[["register",2],["lane",8],["warp",1],["block",32]]}},
  {"op":"invertAndCompose","A":{"bases":[["register",[[2,0,2],[8,4,28]]],["block",[[20,4,4],[8,0,8],[16,0,8],[8,2,16],[0,2,16]]]],"out":[["dim0",32],["dim1",8],["dim2",32]]},"B":{"bases":[["lane",[[0,1,0],[0,0,2],[0,0,16],[16,0,1],[4,0,0],[10,0,2]]],["warp",[[8,0,0],[0,0,4],[0,0,1],[0,0,8],[1,0,0],[0,4,0],[2,0,0],[0,2,0],[0,7,0]]]],"out":[["dim0",32],["dim1",8],["dim2",32]]},"want":{"bases":[["register",[[32,1],[4,43]]],["block",[[24,38],[0,9],[8,12],[4,129],[4,128]]]],"out":[["lane",64],["warp",512]]}},
  {"op":"invertAndCompose","A":{"bases":[["lane",[[8,0],[1,4]]]],"out":[["dim0",16],["dim2",16]]},"B":{"bases":[["lane",[[1,2],[0,4],[8,0]]],["warp",[[2,0],[1,1],[0,1],[4,0],[2,2]]],["block",[[0,9],[0,2]]]],"out":[["dim0",16],["dim2",16]]},"want":{"bases":[["lane",[[4,0,0],[2,6,0]]]],"out":[["lane",8],["warp",32],["block",4]]}},
  {"op":"invertAndCompose","A":{"bases":[["lane",[[0,0]]],["block",[[7,0],[1,0]]]],"out":[["dim1",8],["dim2",1]]},"B":{"bases":[["register",[[1,0]]],["warp",[[4,0]]],["block",[[1,0],[1,0],[3,0]]]],"out":[["dim1",8],["dim2",1]]},"want":{"bases":[["lane",[[0,0,0]]],["block",[[0,1,4],[1,0,0]]]],"out":[["register",2],["warp",2],["block",8]]}},
  {"op":"invertAndCompose","A":{"bases":[["register",[[1,0]]],["lane",[[2,0]]],["warp",[]],["block",[]]],"out":[["dim1",4],["dim2",1]]},"B":{"bases":[["lane",[[2,0]]],["warp",[]],["block",[[1,0]]]],"out":[["dim1",4],["dim2",1]]},"want":{"bases":[["register",[[0,0,1]]],["lane",[[1,0,0]]],["warp",[]],["block",[]]],"out":[["lane",2],["warp",1],["block",2]]}},
  {"op":"invertAndCompose","A":{"bases":[["register",[[1,1,0],[0,2,7]]],["block",[[0,0,2],[0,1,4],[0,2,1]]]],"out":[["dim0",16],["dim1",4],["dim2",8]]},"B":{"bases":[["register",[[0,0,2],[0,5,0]]],["lane",[[0,0,4],[0,0,1],[1,0,0],[0,2,0]]],["warp",[[2,0,0],[1,4,0],[0,8,0]]]],"out":[["dim1",4],["dim0",16],["dim2",8]]},"want":{"bases":[["register",[[2,0,2],[1,3,1]]],["block",[[1,0,0],[0,5,0],[0,2,1]]]],"out":[["register",4],["lane",16],["warp",8]]}},
  {"op":"invertAndCompose","A":{"bases":[["register",[]],["lane",[]],["warp",[]],["block",[[0]]]],"out":[["dim2",1]]},"B":{"bases":[["register",[]],["warp",[[0]]],["block",[[0]]]],"out":[["dim2",1]]},"want":{"bases":[["register",[]],["lane",[]],["warp",[]],["block",[[0,0,1]]]],"out":[["register",1],["warp",2],["block",2]]}},
  {"op":"invertAndCompose","A":{"bases":[["register",[]],["lane",[[1,0,1],[0,1,0]]],["warp",[[0,1,0],[2,1,0],[2,1,1]]]],"out":[["dim0",4],["dim1",2],["dim2",2]]},"B":{"bases":[["lane",[[1,0,0],[0,0,1]]],["warp",[[2,0,2],[1,1,0],[0,0,2]]]],"out":[["dim0",4],["dim1",2],["dim2",4]]},"want":{"bases":[["register",[]],["lane",[[3,0],[1,2]]],["warp",[[1,2],[1,7],[3,7]]]],"out":[["lane",4],["warp",8]]}},
  {"op":"invertAndCompose","A":{"bases":[["register",[[1,6,1],[1,0,1],[1,8,1],[1,4,1],[1,29,2]]],["lane",[[1,0,2],[1,1,0],[0,0,1],[1,8,0],[1,1,0]]]],"out":[["dim0",2],["dim1",32],["dim2",4]]},"B":{"bases":[["lane",[]],["warp",[[1,28,0],[0,1,0],[1,4,1],[1,13,0],[0,0,2]]],["block",[[1,0,1],[1,4,0],[1,0,1],[0,0,1],[1,2,2]]]],"out":[["dim0",2],["dim1",32],["dim2",4]]},"want":{"bases":[["register",[[0,16,19],[0,0,1],[0,10,3],[0,4,0],[0,19,0]]],["lane",[[0,20,3],[0,6,3],[0,4,2],[0,14,1],[0,6,3]]]],"out":[["lane",1],["warp",32],["block",32]]}},
  {"op":"invertAndCompose","A":{"bases":[["register",[[0,1,0]]],["lane",[[0,0,2],[1,1,0],[1,1,1]]]],"out":[["dim0",4],["dim1",2],["dim2",8]]},"B":{"bases":[["register",[[2,0,0],[0,1,0],[1,0,0],[1,4,0]]],["warp",[[0,2,0],[1,0,1],[0,0,1]]],["block",[]]],"out":[["dim0",4],["dim2",8],["dim1",2]]},"want":{"bases":[["register",[[4,2,0]]],["lane",[[0,1,0],[0,2,0],[2,2,0]]]],"out":[["register",16],["warp",8],["block",1]]}},
  {"op":"invertAndCompose","A":{"bases":[["lane",[[0,1],[0,0],[1,0]]]],"out":[["dim0",2],["dim2",8]]},"B":{"bases":[["register",[[0,1],[1,0],[1,3]]],["warp",[[0,4]]],["block",[[0,3]]]],"out":[["dim0",2],["dim2",8]]},"want":{"bases":[["lane",[[1,0,0],[0,0,0],[2,0,0]]]],"out":[["register",8],["warp",2],["block",2]]}},
  {"op":"invertAndCompose","A":{"bases":[["warp",[[1,0],[0,0],[1,0],[0,0],[1,0]]],["block",[[1,0],[1,0],[0,0]]]],"out":[["dim0",2],["dim2",1]]},"B":{"bases":[["warp",[[1,0]]],["block",[[1,0],[0,0]]]],"out":[["dim0",2],["dim2",1]]},"want":{"bases":[["warp",[[1,0],[0,0],[1,0],[0,0],[1,0]]],["block",[[1,0],[1,0],[0,0]]]],"out":[["warp",2],["block",4]]}},
  {"op":"invertAndCompose","A":{"bases":[["register",[[1,2,1],[0,2,1]]],["warp",[[1,0,2],[0,2,2]]],["block",[[1,2,1],[0,1,2]]]],"out":[["dim0",2],["dim1",4],["dim2",8]]},"B":{"bases":[["register",[[0,0,2],[0,0,1],[1,0,0]]],["lane",[]],["warp",[[0,2,0],[0,1,6],[0,0,4]]]],"out":[["dim0",2],["dim1",4],["dim2",8]]},"want":{"bases":[["register",[[6,0,1],[2,0,1]]],["warp",[[5,0,0],[1,0,1]]],["block",[[6,0,1],[0,0,6]]]],"out":[["register",8],["lane",1],["warp",8]]}},
  {"op":"invertAndCompose","A":{"bases":[["block",[[0,0],[1,1]]]],"out":[["dim0",4],["dim1",16]]},"B":{"bases":[["register",[]],["lane",[[0,10],[0,1]]],["warp",[[2,8]]],["block",[[0,4],[1,0],[0,8]]]],"out":[["dim0",4],["dim1",16]]},"want":{"bases":[["block",[[0,0,0,0],[0,2,0,2]]]],"out":[["register",1],["lane",4],["warp",2],["block",8]]}},
  {"op":"invertAndCompose","A":{"bases":[["register",[[1,0]]],["lane",[[4,0],[2,0]]]],"out":[["dim0",8],["dim1",1]]},"B":{"bases":[["register",[[1,0]]],["lane",[[4,0],[2,0]]],["warp",[]]],"out":[["dim0",8],["dim1",1]]},"want":{"error":null}},
  {"op":"invertAndCompose","A":{"bases":[["register",[[0]]],["lane",[[0]]],["warp",[[1],[2],[1],[0]]],["block",[[1],[1],[2],[1],[2]]]],"out":[["dim0",4]]},"B":{"bases":[["block",[[2],[2],[2],[0],[2]]]],"out":[["dim0",4]]},"want":{"error":null}},
  {"op":"invertAndCompose","A":{"bases":[["warp",[[0,0],[0,1]]],["block",[[0,0],[0,1]]]],"out":[["dim1",1],["dim2",2]]},"B":{"bases":[["register",[[0,0],[0,0]]]],"out":[["dim1",1],["dim2",1]]},"want":{"error":null}},
  {"op":"invertAndCompose","A":{"bases":[["lane",[[2,0,0],[1,0,0],[33,0,0],[0,1,0]]]],"out":[["dim0",32],["dim1",8],["dim2",1]]},"B":{"bases":[["register",[[0,2,0],[0,4,0],[16,0,0],[4,0,0]]],["lane",[[2,0,0],[1,0,0],[33,0,0],[0,1,0]]],["block",[[8,0,0]]]],"out":[["dim0",64],["dim1",8],["dim2",1]]},"want":{"error":"Invalid basis 33 for in-dim 'lane' and out-dim 'dim0'.  Basis must be less than the out-dim size."}},
  {"op":"invertAndCompose","A":{"bases":[["register",[[0,1,2],[0,2,0],[4,0,1],[16,0,0],[0,0,1],[0,1,0],[1,0,0],[16,8,0],[4,0,0],[0,0,8],[0,16,0],[0,0,4]]],["lane",[[2,8,4],[27,23,1]]],["block",[[2,0,0],[8,0,0],[0,4,0]]]],"out":[["dim0",32],["dim1",32],["dim2",8]]},"B":{"bases":[["register",[[0,1,2],[0,2,0],[4,0,1],[16,0,0],[0,0,1],[0,1,0],[1,0,0],[16,8,0],[4,0,0],[0,0,8],[0,16,0],[0,0,4]]],["block",[[2,0,0],[8,0,0],[0,4,0]]]],"out":[["dim0",32],["dim1",32],["dim2",16]]},"want":{"error":"Invalid basis 8 for in-dim 'register' and out-dim 'dim2'.  Basis must be less than the out-dim size."}},
  {"op":"invertAndCompose","A":{"bases":[["lane",[[1]]]],"out":[["dim0",1]]},"B":{"bases":[["register",[[1],[1]]],["lane",[[1]]]],"out":[["dim0",2]]},"want":{"error":"Invalid basis 1 for in-dim 'lane' and out-dim 'dim0'.  Basis must be less than the out-dim size."}},
  {"op":"invertAndCompose","A":{"bases":[["register",[[2,0,4],[8,0,0]]],["block",[[4,0,2]]]],"out":[["dim0",16],["dim1",8],["dim2",4]]},"B":{"bases":[["register",[[2,0,4],[8,0,0]]],["lane",[[0,1,0],[0,4,0],[0,0,2],[1,0,0]]],["warp",[[4,0,0]]],["block",[[0,0,4],[0,0,1],[1,2,0],[1,4,0]]]],"out":[["dim0",16],["dim1",8],["dim2",8]]},"want":{"error":"Invalid basis 4 for in-dim 'register' and out-dim 'dim2'.  Basis must be less than the out-dim size."}},
  {"op":"invertAndCompose","A":{"bases":[["lane",[[2],[8],[1],[15]]],["warp",[[17]]],["block",[]]],"out":[["dim0",16]]},"B":{"bases":[["lane",[[2],[8],[1],[15]]],["warp",[[17]]],["block",[[12]]]],"out":[["dim0",32]]},"want":{"error":"Invalid basis 17 for in-dim 'warp' and out-dim 'dim0'.  Basis must be less than the out-dim size."}},
  {"op":"pseudoinvert","A":{"bases":[["warp",[[0,0,1],[8,0,0],[0,0,4],[0,12,0],[0,0,2],[0,0,16],[0,2,0],[0,4,0],[4,0,0],[2,0,0],[0,1,0],[16,0,0],[1,0,0],[0,0,8],[0,16,0]]]],"out":[["dim0",32],["dim1",32],["dim2",32]]},"want":{"bases":[["dim0",[[4096],[512],[256],[2],[2048]]],["dim1",[[1024],[64],[128],[136],[16384]]],["dim2",[[1],[16],[4],[8192],[32]]]],"out":[["warp",32768]]}},
  {"op":"pseudoinvert","A":{"bases":[["lane",[[0,0,16],[0,4,0],[1,0,0]]],["warp",[[0,0,6],[2,0,1],[8,0,0],[0,2,0],[0,0,1],[0,0,8],[0,8,0]]],["block",[[16,0,0],[0,1,0],[0,1,0],[0,0,4],[4,0,0]]]],"out":[["dim0",32],["dim1",16],["dim2",32]]},"want":{"bases":[["dim0",[[4,0,0],[0,18,0],[0,0,16],[0,4,0],[0,0,1]]],["dim1",[[0,0,2],[0,8,0],[2,0,0],[0,64,0]]],["dim2",[[0,16,0],[0,1,8],[0,0,8],[0,32,0],[1,0,0]]]],"out":[["lane",8],["warp",128],["block",32]]}},
  {"op":"pseudoinvert","A":{"bases":[["lane",[[4,0,0],[0,0,4],[0,8,0],[16,0,0],[0,16,0],[2,0,0],[0,0,1],[1,1,0],[8,0,0],[0,1,0],[0,2,0],[0,0,2],[0,0,4],[0,4,1]]]],"out":[["dim0",32],["dim1",32],["dim2",8]]},"want":{"bases":[["dim0",[[640],[32],[1],[256],[8]]],["dim1",[[512],[1024],[8256],[4],[16]]],["dim2",[[64],[2048],[2]]]],"out":[["lane",16384]]}},
  {"op":"pseudoinvert","A":{"bases":[["register",[[0,1,0],[0,16,0],[0,8,0]]],["lane",[[0,0,4],[16,0,0],[0,0,1],[1,0,0]]],["block",[[0,2,0],[2,0,0],[0,4,0],[4,0,0],[8,0,0],[0,0,8],[0,0,2]]]],"out":[["dim0",32],["dim1",32],["dim2",16]]},"want":{"bases":[["dim0",[[0,8,0],[0,0,2],[0,0,8],[0,0,16],[0,2,0]]],["dim1",[[1,0,0],[0,0,1],[0,0,4],[4,0,0],[2,0,0]]],["dim2",[[0,4,0],[0,0,64],[0,1,0],[0,0,32]]]],"out":[["register",8],["lane",16],["block",128]]}},
  {"op":"pseudoinvert","A":{"bases":[["lane",[[8,0,0],[4,0,0],[1,0,0],[12,1,8],[16,0,0]]],["warp",[[0,2,0],[0,0,8],[0,1,0],[2,0,0],[0,0,4],[29,6,2],[0,4,0],[1,0,1],[0,0,2]]]],"out":[["dim0",32],["dim1",8],["dim2",16]]},"want":{"bases":[["dim0",[[4,0],[0,8],[2,0],[1,0],[16,0]]],["dim1",[[11,2],[0,1],[0,64]]],["dim2",[[4,128],[23,97],[0,16],[0,2]]]],"out":[["lane",32],["warp",512]]}},
  {"op":"pseudoinvert","A":{"bases":[["lane",[[0,0,3],[0,2,0],[18,0,0],[0,4,0],[0,1,0],[0,0,16]]],["warp",[[8,0,0],[1,0,0],[2,0,0],[0,0,8],[0,0,2],[4,0,0],[0,0,4]]]],"out":[["dim0",32],["dim1",8],["dim2",32]]},"want":{"bases":[["dim0",[[0,2],[0,4],[0,32],[0,1],[4,4]]],["dim1",[[16,0],[2,0],[8,0]]],["dim2",[[1,16],[0,16],[0,64],[0,8],[32,0]]]],"out":[["lane",64],["warp",128]]}},
  {"op":"pseudoinvert","A":{"bases":[["register",[[0,2,0],[0,0,1],[0,4,0]]],["warp",[[0,9,0],[0,8,0]]]],"out":[["dim0",1],["dim1",16],["dim2",2]]},"want":{"bases":[["dim0",[]],["dim1",[[0,3],[1,0],[4,0],[0,2]]],["dim2",[[2,0]]]],"out":[["register",8],["warp",4]]}},
  {"op":"pseudoinvert","A":{"bases":[["register",[]],["warp",[[1,0],[4,0]]],["block",[[12,0],[0,1],[2,0],[10,0]]]],"out":[["dim0",16],["dim2",2]]},"want":{"bases":[["dim0",[[0,1,0],[0,0,4],[0,2,0],[0,2,1]]],["dim2",[[0,0,2]]]],"out":[["register",1],["warp",4],["block",16]]}},
  {"op":"pseudoinvert","A":{"bases":[["warp",[[2,0]]],["block",[[0,2],[0,4],[0,8],[0,16],[1,0],[0,1]]]],"out":[["dim1",4],["dim2",32]]},"want":{"bases":[["dim1",[[0,16],[1,0]]],["dim2",[[0,32],[0,1],[0,2],[0,4],[0,8]]]],"out":[["warp",2],["block",64]]}},
  {"op":"pseudoinvert","A":{"bases":[["register",[[0,4],[1,0]]],["lane",[[0,8]]],["warp",[[0,16],[2,0]]],["block",[[0,1],[0,2]]]],"out":[["dim0",4],["dim1",32]]},"want":{"bases":[["dim0",[[2,0,0,0],[0,0,2,0]]],["dim1",[[0,0,0,1],[0,0,0,2],[1,0,0,0],[0,1,0,0],[0,0,1,0]]]],"out":[["register",4],["lane",2],["warp",4],["block",4]]}},
  {"op":"pseudoinvert","A":{"bases":[["register",[[1,4],[0,4]]],["lane",[[0,4]]],["block",[[0,5],[0,2]]]],"out":[["dim1",2],["dim2",8]]},"want":{"bases":[["dim1",[[3,0,0]]],["dim2",[[2,0,1],[0,0,2],[2,0,0]]]],"out":[["register",4],["lane",2],["block",4]]}},
  {"op":"pseudoinvert","A":{"bases":[["register",[[0,4,0],[0,7,0],[0,0,0]]],["warp",[[0,1,0]]]],"out":[["dim0",1],["dim1",8],["dim2",1]]},"want":{"bases":[["dim0",[]],["dim1",[[0,1],[3,1],[1,0]]],["dim2",[]]],"out":[["register",8],["warp",2]]}},
  {"op":"pseudoinvert","A":{"bases":[["register",[[0,1,8],[0,1,8],[0,0,0],[2,0,1]]],["lane",[[2,0,16]]],["warp",[[8,1,2],[1,1,16],[0,1,8]]]],"out":[["dim0",16],["dim1",2],["dim2",32]]},"want":{"error":null}},
  {"op":"pseudoinvert","A":{"bases":[["register",[[0,1,0],[0,0,0],[0,3,2]]],["lane",[[0,1,2]]],["warp",[[0,0,2],[0,2,1]]],["block",[[0,0,0]]]],"out":[["dim0",1],["dim1",8],["dim2",4]]},"want":{"error":null}},
  {"op":"pseudoinvert","A":{"bases":[["warp",[]]],"out":[["dim1",8]]},"want":{"error":null}},
  {"op":"invert","A":{"bases":[["warp",[[0,0,1],[8,0,0],[0,0,4],[0,12,0],[0,0,2],[0,0,16],[0,2,0],[0,4,0],[4,0,0],[2,0,0],[0,1,0],[16,0,0],[1,0,0],[0,0,8],[0,16,0]]]],"out":[["dim0",32],["dim1",32],["dim2",32]]},"want":{"bases":[["dim0",[[4096],[512],[256],[2],[2048]]],["dim1",[[1024],[64],[128],[136],[16384]]],["dim2",[[1],[16],[4],[8192],[32]]]],"out":[["warp",32768]]}},
  {"op":"invert","A":{"bases":[["register",[[0,1,0],[0,16,0],[0,8,0]]],["lane",[[0,0,4],[16,0,0],[0,0,1],[1,0,0]]],["block",[[0,2,0],[2,0,0],[0,4,0],[4,0,0],[8,0,0],[0,0,8],[0,0,2]]]],"out":[["dim0",32],["dim1",32],["dim2",16]]},"want":{"bases":[["dim0",[[0,8,0],[0,0,2],[0,0,8],[0,0,16],[0,2,0]]],["dim1",[[1,0,0],[0,0,1],[0,0,4],[4,0,0],[2,0,0]]],["dim2",[[0,4,0],[0,0,64],[0,1,0],[0,0,32]]]],"out":[["register",8],["lane",16],["block",128]]}},
  {"op":"invert","A":{"bases":[["lane",[[0,0,3],[0,2,0],[18,0,0],[0,4,0],[0,1,0],[0,0,16]]],["warp",[[8,0,0],[1,0,0],[2,0,0],[0,0,8],[0,0,2],[4,0,0],[0,0,4]]]],"out":[["dim0",32],["dim1",8],["dim2",32]]},"want":{"bases":[["dim0",[[0,2],[0,4],[0,32],[0,1],[4,4]]],["dim1",[[16,0],[2,0],[8,0]]],["dim2",[[1,16],[0,16],[0,64],[0,8],[32,0]]]],"out":[["lane",64],["warp",128]]}},
  {"op":"invert","A":{"bases":[["register",[[0,4,0],[4,0,0],[0,0,2],[0,2,0],[8,0,0],[16,0,0]]],["block",[[0,0,8],[0,0,4],[0,0,1],[0,0,16],[1,0,0],[0,1,0],[2,0,0]]]],"out":[["dim0",32],["dim1",8],["dim2",32]]},"want":{"bases":[["dim0",[[0,16],[0,64],[2,0],[16,0],[32,0]]],["dim1",[[0,32],[8,0],[1,0]]],["dim2",[[0,4],[4,0],[0,2],[0,1],[0,8]]]],"out":[["register",64],["block",128]]}},
  {"op":"invert","A":{"bases":[["register",[[0,1]]],["lane",[]],["warp",[]],["block",[[1,0]]]],"out":[["dim0",2],["dim2",2]]},"want":{"bases":[["dim0",[[0,0,0,1]]],["dim2",[[1,0,0,0]]]],"out":[["register",2],["lane",1],["warp",1],["block",2]]}},
  {"op":"invert","A":{"bases":[["register",[[0,2],[8,0],[0,1],[2,0],[4,0],[16,0],[1,0]]]],"out":[["dim1",32],["dim2",4]]},"want":{"bases":[["dim1",[[64],[8],[16],[2],[32]]],["dim2",[[4],[1]]]],"out":[["register",128]]}},
  {"op":"invert","A":{"bases":[["register",[]],["lane",[[0,2],[1,0],[8,0]]],["warp",[[4,0],[0,4],[0,1],[2,0]]]],"out":[["dim0",16],["dim1",8]]},"want":{"bases":[["dim0",[[0,2,0],[0,0,8],[0,0,1],[0,4,0]]],["dim1",[[0,0,4],[0,1,0],[0,0,2]]]],"out":[["register",1],["lane",8],["warp",16]]}},
  {"op":"invert","A":{"bases":[["warp",[[4],[6],[1]]]],"out":[["dim0",8]]},"want":{"bases":[["dim0",[[4],[3],[1]]]],"out":[["warp",8]]}},
  {"op":"invert","A":{"bases":[["register",[[4,0],[2,0],[1,0]]],["lane",[]],["warp",[[4,0],[1,1]]]],"out":[["dim0",8],["dim1",2]]},"want":{"error":null}},
  {"op":"invert","A":{"bases":[["warp",[[0]]],["block",[]]],"out":[["dim1",1]]},"want":{"error":null}},
  {"op":"invert","A":{"bases":[["lane",[[1,1,2],[1,0,1],[0,1,8]]],["warp",[[1,1,16],[1,0,5],[0,1,0],[1,0,16]]]],"out":[["dim0",2],["dim1",2],["dim2",32]]},"want":{"error":null}},
  {"op":"invert","A":{"bases":[["register",[[0,16,0]]],["block",[[0,8,0],[0,1,0],[1,0,0],[0,4,0],[0,1,0],[0,2,0],[2,0,0]]]],"out":[["dim0",4],["dim1",32],["dim2",1]]},"want":{"error":null}},
  {"op":"fromBases","A":{"bases":[["register",[[0,5],[0,8],[0,0],[0,2],[0,7]]],["lane",[[0,1],[0,8],[0,3],[0,4]]],["warp",[[0,8],[0,0],[0,0],[0,1]]],["block",[[0,13],[0,8],[0,0],[0,0]]]],"out":[["dim1",1],["dim2",16]]},"want":{"bases":[["register",[[0,5],[0,8],[0,0],[0,2],[0,7]]],["lane",[[0,1],[0,8],[0,3],[0,4]]],["warp",[[0,8],[0,0],[0,0],[0,1]]],["block",[[0,13],[0,8],[0,0],[0,0]]]],"out":[["dim1",1],["dim2",16]]}},
  {"op":"fromBases","A":{"bases":[["register",[[0,0],[1,4],[1,2],[0,0],[1,2]]],["warp",[[2,10],[1,9],[2,0],[2,1],[2,0]]],["block",[[3,0],[0,2],[0,0],[2,8],[2,2]]]],"out":[["dim1",4],["dim0",16]]},"want":{"bases":[["register",[[0,0],[1,4],[1,2],[0,0],[1,2]]],["warp",[[2,10],[1,9],[2,0],[2,1],[2,0]]],["block",[[3,0],[0,2],[0,0],[2,8],[2,2]]]],"out":[["dim1",4],["dim0",16]]}},
  {"op":"fromBases","A":{"bases":[["register",[[8,1,4],[0,1,4],[0,1,2],[2,1,1],[0,1,1]]],["lane",[[0,0,0]]],["warp",[[8,1,0],[4,0,16],[8,0,16],[4,0,16]]],["block",[[1,1,1],[4,1,8],[1,0,0],[0,1,15]]]],"out":[["dim0",16],["dim1",2],["dim2",32]]},"want":{"bases":[["register",[[8,1,4],[0,1,4],[0,1,2],[2,1,1],[0,1,1]]],["lane",[[0,0,0]]],["warp",[[8,1,0],[4,0,16],[8,0,16],[4,0,16]]],["block",[[1,1,1],[4,1,8],[1,0,0],[0,1,15]]]],"out":[["dim0",16],["dim1",2],["dim2",32]]}},
  {"op":"fromBases","A":{"bases":[["register",[[6,1,0],[7,0,0],[0,1,0]]],["warp",[[4,1,0],[2,0,0]]],["block",[]]],"out":[["dim0",8],["dim1",2],["dim2",1]]},"want":{"bases":[["register",[[6,1,0],[7,0,0],[0,1,0]]],["warp",[[4,1,0],[2,0,0]]],["block",[]]],"out":[["dim0",8],["dim1",2],["dim2",1]]}},
  {"op":"fromBases","A":{"bases":[["block",[[4]]],["lane",[[4],[2]]],["warp",[]],["register",[[1],[0],[3]]]],"out":[["dim1",8]]},"want":{"bases":[["block",[[4]]],["lane",[[4],[2]]],["warp",[]],["register",[[1],[0],[3]]]],"out":[["dim1",8]]}},
  {"op":"fromBases","A":{"bases":[["register",[[0,1,5],[0,1,0]]],["warp",[[0,1,4],[0,0,0],[0,1,0]]],["block",[[0,1,0],[0,1,4],[0,0,2]]]],"out":[["dim0",1],["dim1",2],["dim2",8]]},"want":{"bases":[["register",[[0,1,5],[0,1,0]]],["warp",[[0,1,4],[0,0,0],[0,1,0]]],["block",[[0,1,0],[0,1,4],[0,0,2]]]],"out":[["dim0",1],["dim1",2],["dim2",8]]}},
  {"op":"fromBases","A":{"bases":[["register",[[0,0,0],[2,0,0],[7,1,1],[1,2,0],[2,1,0]]],["warp",[]],["block",[]]],"out":[["dim0",8],["dim1",4],["dim2",2]]},"want":{"error":"Layout is expected to be surjective, i.e. every `out` coordinate can be reached by some `in` coordinate, but was not:\n - register=1 -> (0, 0, 0)\n   register=2 -> (2, 0, 0)\n   register=4 -> (7, 1, 1)\n   register=8 -> (1, 2, 0)\n   register=16 -> (2, 1, 0)\n - warp is a size 1 dimension\n - block is a size 1 dimension\nwhere out dims are: [dim0 (size 8), dim1 (size 4), dim2 (size 2)]"}},
  {"op":"fromBases","A":{"bases":[["register",[[0,2,0],[0,2,0],[2,4,1],[1,4,8]]],["lane",[[0,4,4],[0,0,4],[3,1,8],[0,3,0]]],["warp",[[2,0,2],[2,4,0],[1,0,8],[0,0,7]]],["block",[[2,0,0],[0,0,0]]]],"out":[["dim0",4],["dim1",8],["dim2",16]]},"want":{"error":null}},
  {"op":"fromBases","A":{"bases":[["register",[]],["lane",[[1,10,3],[1,0,1],[1,8,2]]],["warp",[[1,0,2]]]],"out":[["dim0",2],["dim1",16],["dim2",4]]},"want":{"error":"Layout is expected to be surjective, i.e. every `out` coordinate can be reached by some `in` coordinate, but was not:\n - register is a size 1 dimension\n - lane=1 -> (1, 10, 3)\n   lane=2 -> (1, 0, 1)\n   lane=4 -> (1, 8, 2)\n - warp=1 -> (1, 0, 2)\nwhere out dims are: [dim0 (size 2), dim1 (size 16), dim2 (size 4)]"}},
  {"op":"fromBases","A":{"bases":[["register",[]],["block",[[25,2],[0,0]]]],"out":[["dim0",32],["dim1",8]]},"want":{"error":"Layout is expected to be surjective, i.e. every `out` coordinate can be reached by some `in` coordinate, but was not:\n - register is a size 1 dimension\n - block=1 -> (25, 2)\n   block=2 -> (0, 0)\nwhere out dims are: [dim0 (size 32), dim1 (size 4)]"}},
  {"op":"apply","A":{"bases":[["register",[[0,5],[0,8],[0,0],[0,2],[0,7]]],["lane",[[0,1],[0,8],[0,3],[0,4]]],["warp",[[0,8],[0,0],[0,0],[0,1]]],["block",[[0,13],[0,8],[0,0],[0,0]]]],"out":[["dim1",1],["dim2",16]]},"ins":[{"register":11,"lane":8,"warp":13,"block":6},{"register":15,"lane":5,"warp":11,"block":9},{"register":11,"lane":4,"warp":11,"block":15}],"want":[{"dim1":0,"dim2":10},{"dim1":0,"dim2":9},{"dim1":0,"dim2":0}]},
  {"op":"apply","A":{"bases":[["register",[[0,2,0],[0,2,0],[2,4,1],[1,4,8]]],["lane",[[0,4,4],[0,0,4],[3,1,8],[0,3,0]]],["warp",[[2,0,2],[2,4,0],[1,0,8],[0,0,7]]],["block",[[2,0,0],[0,0,0]]]],"out":[["dim0",4],["dim1",8],["dim2",16]]},"ins":[{"register":3,"lane":10,"warp":14,"block":0},{"register":3,"lane":0,"warp":8,"block":1},{"register":13,"lane":15,"warp":3,"block":2}],"want":[{"dim0":3,"dim1":7,"dim2":11},{"dim0":2,"dim1":0,"dim2":7},{"dim0":0,"dim1":0,"dim2":3}]},
  {"op":"apply","A":{"bases":[["register",[[0,0],[1,4],[1,2],[0,0],[1,2]]],["warp",[[2,10],[1,9],[2,0],[2,1],[2,0]]],["block",[[3,0],[0,2],[0,0],[2,8],[2,2]]]],"out":[["dim1",4],["dim0",16]]},"ins":[{"register":6,"warp":28,"block":29},{"register":16,"warp":26,"block":30},{"register":6,"warp":30,"block":22}],"want":[{"dim1":1,"dim0":13},{"dim1":0,"dim0":2},{"dim1":1,"dim0":14}]},
  {"op":"apply","A":{"bases":[["register",[[8,1,4],[0,1,4],[0,1,2],[2,1,1],[0,1,1]]],["lane",[[0,0,0]]],["warp",[[8,1,0],[4,0,16],[8,0,16],[4,0,16]]],["block",[[1,1,1],[4,1,8],[1,0,0],[0,1,15]]]],"out":[["dim0",16],["dim1",2],["dim2",32]]},"ins":[{"register":26,"lane":1,"warp":0,"block":6},{"register":12,"lane":0,"warp":1,"block":3},{"register":12,"lane":0,"warp":1,"block":10}],"want":[{"dim0":7,"dim1":0,"dim2":12},{"dim0":15,"dim1":1,"dim2":10},{"dim0":14,"dim1":1,"dim2":4}]},
  {"op":"apply","A":{"bases":[["block",[[0],[0]]],["register",[[0],[0]]],["lane",[[0],[0],[0]]]],"out":[["dim1",1]]},"ins":[{"block":1,"register":2,"lane":3},{"block":3,"register":2,"lane":2},{"block":0,"register":0,"lane":5}],"want":[{"dim1":0},{"dim1":0},{"dim1":0}]},
  {"op":"apply","A":{"bases":[["warp",[[2],[2]]],["block",[[0]]]],"out":[["dim2",16]]},"ins":[{"warp":0,"block":1},{"warp":0,"block":1},{"warp":2,"block":1}],"want":[{"dim2":0},{"dim2":0},{"dim2":2}]},
  {"op":"apply","A":{"bases":[["register",[[1]]],["lane",[[1],[1]]],["warp",[[1]]]],"out":[["dim0",2]]},"ins":[{"register":1,"lane":2,"warp":0},{"register":0,"lane":3,"warp":0},{"register":0,"lane":0,"warp":1}],"want":[{"dim0":0},{"dim0":0},{"dim0":1}]},
  {"op":"apply","A":{"bases":[["register",[[0,1,0],[3,0,16],[2,1,16],[0,1,16]]],["block",[[3,1,16],[0,1,2],[0,1,15],[1,0,4]]],["lane",[[2,1,2],[1,1,0],[1,0,2],[2,1,5],[1,1,5]]]],"out":[["dim0",4],["dim1",2],["dim2",32]]},"ins":[{"register":6,"block":15,"lane":4},{"register":2,"block":10,"lane":31},{"register":15,"block":1,"lane":12}],"want":[{"dim0":2,"dim1":0,"dim2":27},{"dim0":3,"dim1":1,"dim2":22},{"dim0":1,"dim1":1,"dim2":7}]},
  {"op":"toString","A":{"bases":[["register",[[4,0],[2,0],[4,0]]],["lane",[[2,0],[4,0]]]],"out":[["dim1",8],["dim2",1]]},"want":"\n - register=1 -> (4, 0)\n   register=2 -> (2, 0)\n   register=4 -> (4, 0)\n - lane=1 -> (2, 0)\n   lane=2 -> (4, 0)\nwhere out dims are: [dim1 (size 8), dim2 (size 1)]"},
  {"op":"toString","A":{"bases":[["lane",[[0,2,2],[2,16,2],[1,27,2],[4,4,0],[1,30,1]]],["block",[[15,0,3],[0,8,1],[1,4,1],[1,4,2]]]],"out":[["dim0",16],["dim1",32],["dim2",4]]},"want":"\n - lane=1 -> (0, 2, 2)\n   lane=2 -> (2, 16, 2)\n   lane=4 -> (1, 27, 2)\n   lane=8 -> (4, 4, 0)\n   lane=16 -> (1, 30, 1)\n - block=1 -> (15, 0, 3)\n   block=2 -> (0, 8, 1)\n   block=4 -> (1, 4, 1)\n   block=8 -> (1, 4, 2)\nwhere out dims are: [dim0 (size 16), dim1 (size 32), dim2 (size 4)]"},
  {"op":"toString","A":{"bases":[["register",[[4],[16],[4],[16]]],["block",[[8],[16],[2],[0]]]],"out":[["dim2",32]]},"want":"\n - register=1 -> (4)\n   register=2 -> (16)\n   register=4 -> (4)\n   register=8 -> (16)\n - block=1 -> (8)\n   block=2 -> (16)\n   block=4 -> (2)\n   block=8 -> (0)\nwhere out dims are: [dim2 (size 32)]"},
  {"op":"toString","A":{"bases":[["register",[[0]]],["lane",[[0],[2],[2]]],["block",[[0],[0],[1],[2]]]],"out":[["dim0",4]]},"want":"\n - register=1 -> (0)\n - lane=1 -> (0)\n   lane=2 -> (2)\n   lane=4 -> (2)\n - block=1 -> (0)\n   block=2 -> (0)\n   block=4 -> (1)\n   block=8 -> (2)\nwhere out dims are: [dim0 (size 4)]"},
  {"op":"toString","A":{"bases":[["register",[[0,0],[0,2],[0,2]]],["block",[[0,1]]],["lane",[[0,1]]]],"out":[["dim0",1],["dim1",4]]},"want":"\n - register=1 -> (0, 0)\n   register=2 -> (0, 2)\n   register=4 -> (0, 2)\n - block=1 -> (0, 1)\n - lane=1 -> (0, 1)\nwhere out dims are: [dim0 (size 1), dim1 (size 4)]"},
  {"op":"toString","A":{"bases":[["warp",[[0,4],[0,2],[20,0],[8,0]]],["block",[[8,8],[0,0]]]],"out":[["dim0",32],["dim1",32]]},"want":"\n - warp=1 -> (0, 4)\n   warp=2 -> (0, 2)\n   warp=4 -> (20, 0)\n   warp=8 -> (8, 0)\n - block=1 -> (8, 8)\n   block=2 -> (0, 0)\nwhere out dims are: [dim0 (size 32), dim1 (size 32)]"},
  {"op":"toString","A":{"bases":[["lane",[[0],[0],[0]]],["warp",[[0],[0],[0],[0]]]],"out":[["dim1",1]]},"want":"\n - lane=1 -> (0)\n   lane=2 -> (0)\n   lane=4 -> (0)\n - warp=1 -> (0)\n   warp=2 -> (0)\n   warp=4 -> (0)\n   warp=8 -> (0)\nwhere out dims are: [dim1 (size 1)]"},
  {"op":"toString","A":{"bases":[["block",[[0,2,1],[0,0,2]]]],"out":[["dim0",8],["dim1",4],["dim2",4]]},"want":"\n - block=1 -> (0, 2, 1)\n   block=2 -> (0, 0, 2)\nwhere out dims are: [dim0 (size 8), dim1 (size 4), dim2 (size 4)]"},
];

// -----------------------------------------------------------------------------
// Triton 3.6 oracle vectors.  Each case was run through the Triton 3.6.0 wheel;
// `want` is Triton's result, or `{error: msg}` where Triton aborted (msg is its
// fatal-error text; null where it failed an assertion instead).

type Spec = { bases: [string, number[][]][]; out: [string, number][] };
type OracleCase = {
  op: 'mul' | 'compose' | 'invertAndCompose' | 'pseudoinvert' | 'invert' | 'fromBases' | 'apply' | 'toString';
  A: Spec;
  B?: Spec;
  ins?: Record<string, number>[];
  want: unknown;
};

function runOracleCase(c: OracleCase): unknown {
  const mk = (s: Spec): LinearLayout => LinearLayout.fromBasesWithSizes(s.bases, s.out, false);
  const dump = (l: LinearLayout): Spec => ({
    bases: [...l.getBases()].map(([n, bs]) => [n, bs.map((b) => [...b])]),
    out: l.getOutDims(),
  });
  switch (c.op) {
    case 'mul':
      return dump(mk(c.A).mul(mk(c.B!)));
    case 'compose':
      return dump(mk(c.A).compose(mk(c.B!)));
    case 'invertAndCompose':
      return dump(mk(c.A).invertAndCompose(mk(c.B!)));
    case 'pseudoinvert':
      return dump(mk(c.A).pseudoinvert());
    case 'invert':
      return dump(mk(c.A).invert());
    case 'fromBases':
      return dump(
        LinearLayout.fromBases(
          c.A.bases,
          c.A.out.map(([d]) => d),
          true,
        ),
      );
    case 'apply':
      return c.ins!.map((x) => Object.fromEntries(mk(c.A).apply(Object.entries(x))));
    case 'toString':
      return mk(c.A).toString();
  }
}

describe('Triton 3.6 oracle vectors', () => {
  test.each(ORACLE_CASES.map((c, i) => [`${i} ${c.op}`, c] as const))('%s', (_name, c) => {
    const want = c.want as { error?: string | null };
    if (want !== null && typeof want === 'object' && 'error' in want) {
      let thrown: unknown;
      try {
        runOracleCase(c);
      } catch (e) {
        thrown = e;
      }
      expect(thrown).toBeInstanceOf(LinearLayoutError);
      if (typeof want.error === 'string') expect((thrown as Error).message.replace(/\n$/, '')).toBe(want.error.replace(/\n$/, ''));
    } else {
      expect(runOracleCase(c)).toEqual(c.want);
    }
  });
});

// -----------------------------------------------------------------------------
// Seeded property tests

/** Small deterministic PRNG (mulberry32). */
class Rng {
  #s: number;
  constructor(seed: number) {
    this.#s = seed >>> 0;
  }
  next(): number {
    this.#s = (this.#s + 0x6d2b79f5) >>> 0;
    let t = this.#s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
  range(lo: number, hi: number): number {
    return lo + this.int(hi - lo + 1);
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  shuffle<T>(xs: T[]): T[] {
    for (let i = xs.length - 1; i > 0; i--) {
      const j = this.int(i + 1);
      [xs[i], xs[j]] = [xs[j]!, xs[i]!];
    }
    return xs;
  }
}

const IN_NAMES = ['register', 'lane', 'warp', 'block'];
const OUT_NAMES = ['dim0', 'dim1', 'dim2'];
const CASES = 10_000;

function pickDims(rng: Rng, names: string[], p: number, shuffle = 0): string[] {
  let ds = names.filter(() => rng.chance(p));
  if (ds.length === 0) ds = [names[rng.int(names.length)]!];
  return rng.chance(shuffle) ? rng.shuffle(ds) : ds;
}

function randomComponent(rng: Rng, size: number): number {
  const r = rng.next();
  if (size <= 1 || r < 0.3) return 0;
  if (r < 0.8) return 2 ** rng.int(log2(size));
  return rng.int(size);
}

const log2 = (x: number): number => 31 - Math.clz32(x);

/** A random (usually non-surjective) layout. */
function randomLayout(rng: Rng, ins: string[], outs: DimSizes, maxBits = 3): LinearLayout {
  return LS(
    ins.map((d) => [d, Array.from({ length: rng.range(0, maxBits) }, () => outs.map(([, s]) => randomComponent(rng, s)))] as const),
    outs,
  );
}

/** A random surjective layout with `extra` more input bits than output bits (so invertible when extra = 0). */
function randomSurjective(rng: Rng, ins: string[], outs: DimSizes, extra: number): LinearLayout {
  const vecs: number[][] = [];
  outs.forEach(([, s], j) => {
    for (let b = 0; b < log2(s); b++) vecs.push(outs.map((_, k) => (k === j ? 2 ** b : 0)));
  });
  for (let e = 0; e < extra; e++) vecs.push(outs.map(([, s]) => randomComponent(rng, s)));
  // Elementary operations keep the rank.
  for (let t = rng.range(0, 3); t > 0 && vecs.length >= 2; t--) {
    const a = rng.int(vecs.length);
    let b = rng.int(vecs.length - 1);
    if (b >= a) b++;
    vecs[a] = vecs[a]!.map((x, k) => x ^ vecs[b]![k]!);
  }
  rng.shuffle(vecs);
  const buckets = new Map<string, number[][]>(ins.map((d) => [d, []]));
  for (const v of vecs) buckets.get(ins[rng.int(ins.length)]!)!.push(v);
  return LS([...buckets], outs, true);
}

function randomOuts(rng: Rng, names: string[], maxLog = 3): [string, number][] {
  return names.map((d) => [d, 2 ** rng.range(0, maxLog)]);
}

/** The identity on the given dims (as both in- and out-dims). */
function identityOn(dims: DimSizes): LinearLayout {
  let ret = LinearLayout.empty();
  for (const [d, s] of dims) ret = ret.mul(id(s, d, d));
  return ret;
}

describe('properties (seeded)', () => {
  test('invert ∘ L = id and L ∘ invert = id for invertible L', () => {
    const rng = new Rng(1);
    let checkedThrow = 0;
    for (let n = 0; n < CASES; n++) {
      const ins = pickDims(rng, IN_NAMES, 0.6, 0.2);
      const outs = randomOuts(rng, pickDims(rng, OUT_NAMES, 0.6, 0.2));
      const l = rng.chance(0.85) ? randomSurjective(rng, ins, outs, 0) : randomLayout(rng, ins, outs);
      if (!l.isInvertible()) {
        expect(() => l.invert()).toThrow(LinearLayoutError);
        checkedThrow++;
        continue;
      }
      const inv = l.invert();
      expect(l.compose(inv).equals(identityOn(l.getInDims()))).toBe(true);
      expect(inv.compose(l).equals(identityOn(l.getOutDims()))).toBe(true);
    }
    expect(checkedThrow).toBeGreaterThan(0);
  });

  test('L ∘ pseudoinvert(L) = id for surjective L', () => {
    const rng = new Rng(2);
    for (let n = 0; n < CASES; n++) {
      const ins = pickDims(rng, IN_NAMES, 0.6, 0.2);
      const outs = randomOuts(rng, pickDims(rng, OUT_NAMES, 0.6, 0.2));
      const l = rng.chance(0.85) ? randomSurjective(rng, ins, outs, rng.range(0, 3)) : randomLayout(rng, ins, outs);
      if (!l.isSurjective()) {
        expect(() => l.pseudoinvert()).toThrow(LinearLayoutError);
        continue;
      }
      const p = l.pseudoinvert();
      expect(p.compose(l).equals(identityOn(l.getOutDims()))).toBe(true);
      // The chosen preimage uses no free variables.
      const free = l.getFreeVariableMasks();
      for (const bs of p.getBases().values()) {
        for (const b of bs) b.forEach((v, k) => expect(v & free.get(p.getOutDimNames()[k]!)!).toBe(0));
      }
    }
  });

  test('A.invertAndCompose(B) composed with B reproduces A', () => {
    const rng = new Rng(3);
    let defined = 0;
    for (let n = 0; n < CASES; n++) {
      const outNames = pickDims(rng, OUT_NAMES, 0.7);
      const bOuts = randomOuts(rng, rng.chance(0.3) ? rng.shuffle([...outNames]) : outNames);
      const bIns = pickDims(rng, IN_NAMES, 0.6);
      const B = rng.chance(0.8) ? randomSurjective(rng, bIns, bOuts, rng.range(0, 2)) : randomLayout(rng, bIns, bOuts);
      const aIns = pickDims(rng, IN_NAMES, 0.6, 0.2);
      let A: LinearLayout;
      const mode = rng.int(3);
      if (mode === 0) {
        // A = X then B: A's image is inside B's (Triton's identity-dim heuristic can still refuse).
        const X = randomLayout(rng, aIns, B.getInDims());
        A = X.compose(B).transposeOuts(outNames.filter((d) => B.hasOutDim(d)));
      } else if (mode === 1) {
        // Share some in-dims with B verbatim (the identity-dim heuristic).
        const parts: [string, BasisList][] = aIns.map((d) =>
          B.hasInDim(d) && rng.chance(0.6)
            ? [d, B.getBases().get(d)!]
            : [d, Array.from({ length: rng.range(0, 3) }, () => B.getOutDims().map(([, s]) => randomComponent(rng, s)))],
        );
        A = LS(parts, B.getOutDims());
      } else {
        A = randomLayout(rng, aIns, randomOuts(rng, outNames));
      }
      let C: LinearLayout;
      try {
        C = A.invertAndCompose(B);
      } catch (e) {
        expect(e).toBeInstanceOf(LinearLayoutError);
        // Only legitimate failures (Triton 3.6 asserts in each case): an
        // out-dim of B smaller than A's; A and B sharing only identical
        // in-dims on one side; or, once the in-dims on which A and B agree
        // are removed from both, the rest of A's image outside the rest of B's.
        const tooSmall = A.getOutDimNames().some((d) => A.getOutDimSize(d) > B.getOutDimSize(d));
        const outs = A.getOutDimNames();
        const same = B.getInDimNames().filter(
          (d) => A.hasInDim(d) && B.transposeOuts(outs).sublayout([d], outs).equals(A.sublayout([d], outs)),
        );
        const aRest = A.getInDimNames().filter((d) => !same.includes(d));
        const bRest = B.getInDimNames().filter((d) => !same.includes(d));
        const lopsided = (aRest.length === 0) !== (bRest.length === 0);
        const aT = A.sublayout(aRest, outs).transposeOuts(B.getOutDimNames());
        const bR = B.sublayout(bRest, B.getOutDimNames());
        const packed = aT.getFlatColumns().map((c) => {
          // Re-pack A's columns at B's out-dim offsets.
          let v = 0;
          let off = 0;
          let rest = c;
          for (const [d, s] of B.getOutDims()) {
            const w = log2(aT.getOutDimSize(d));
            v += (rest % 2 ** w) * 2 ** off;
            rest = Math.floor(rest / 2 ** w);
            off += log2(s);
          }
          return v;
        });
        const outside = rank([...bR.getFlatColumns(), ...packed]) > bR.getRank();
        expect(tooSmall || outside || lopsided).toBe(true);
        continue;
      }
      defined++;
      expect(C.getInDimNames()).toEqual(A.getInDimNames());
      expect(C.getOutDimNames()).toEqual(B.getInDimNames());
      expect(C.compose(B).equalIgnoringOutDimSizes(A.transposeOuts(B.getOutDimNames()))).toBe(true);
    }
    expect(defined).toBeGreaterThan(CASES / 2);
  });

  test('divideLeft(A * B, A) = B and divideRight(A * B, B) = A', () => {
    const rng = new Rng(4);
    for (let n = 0; n < CASES; n++) {
      const sameDims = rng.chance(0.5);
      const ins = pickDims(rng, IN_NAMES, 0.6);
      const outs = pickDims(rng, OUT_NAMES, 0.6);
      const A = randomLayout(rng, ins, randomOuts(rng, outs), 3);
      const B = sameDims
        ? randomLayout(rng, ins, randomOuts(rng, outs), 3)
        : randomLayout(rng, pickDims(rng, IN_NAMES, 0.6), randomOuts(rng, pickDims(rng, OUT_NAMES, 0.6)), 3);
      const AB = A.mul(B);
      const C = divideLeft(AB, A);
      expect(C).toBeDefined();
      expect(A.mul(C!).equals(AB)).toBe(true);
      if (sameDims) {
        expect(C!.equals(B)).toBe(true);
        const D = divideRight(AB, B);
        expect(D).toBeDefined();
        expect(D!.equals(A)).toBe(true);
      }
    }
  });

  test('mul is associative', () => {
    const rng = new Rng(5);
    for (let n = 0; n < CASES; n++) {
      const [A, B, C] = [0, 1, 2].map(() =>
        randomLayout(rng, pickDims(rng, IN_NAMES, 0.5), randomOuts(rng, pickDims(rng, OUT_NAMES, 0.5), 2), 2),
      ) as [LinearLayout, LinearLayout, LinearLayout];
      const left = A.mul(B).mul(C);
      const right = A.mul(B.mul(C));
      // The same map; only the order of dims that no two factors share may
      // differ (supremum keeps the left operand's order first).
      expect(left.equals(right.transposeIns(left.getInDimNames()).transposeOuts(left.getOutDimNames()))).toBe(true);
      expect(left.isSurjective()).toBe(A.isSurjective() && B.isSurjective() && C.isSurjective());
    }
  });

  test('mul is associative on layouts with the same dims', () => {
    const rng = new Rng(7);
    for (let n = 0; n < CASES; n++) {
      const ins = pickDims(rng, IN_NAMES, 0.5);
      const outs = pickDims(rng, OUT_NAMES, 0.5);
      const [A, B, C] = [0, 1, 2].map(() => randomLayout(rng, ins, randomOuts(rng, outs, 2), 2)) as [
        LinearLayout,
        LinearLayout,
        LinearLayout,
      ];
      expect(A.mul(B).mul(C).equals(A.mul(B.mul(C)))).toBe(true);
    }
  });

  test('rank, surjectivity and free variables agree with brute force', () => {
    const rng = new Rng(6);
    for (let n = 0; n < 2_000; n++) {
      const l = randomLayout(rng, pickDims(rng, IN_NAMES, 0.5), randomOuts(rng, pickDims(rng, OUT_NAMES, 0.5), 2), 2);
      const image = new Set<number>();
      for (let x = 0; x < l.getTotalInDimSize(); x++) image.add(l.applyFlat(x));
      expect(image.size).toBe(2 ** l.getRank());
      expect(l.isSurjective()).toBe(image.size === l.getTotalOutDimSize());
      expect(l.isInjective()).toBe(image.size === l.getTotalInDimSize());
      // Input bit c is free iff its column is a combination of earlier columns.
      const cols = l.getFlatColumns();
      const free: number[] = [];
      for (let c = 0; c < cols.length; c++) if (rank(cols.slice(0, c + 1)) === rank(cols.slice(0, c))) free.push(c);
      const masks = [...l.getFreeVariableMasks().values()];
      let c0 = 0;
      const flatMask = l.getInDims().reduce((acc, [, s], i) => {
        const m = masks[i]! * 2 ** c0;
        c0 += log2(s);
        return acc + m;
      }, 0);
      expect(flatMask).toBe(free.reduce((acc, c) => acc + 2 ** c, 0));
      // rref pivots are the pivot columns.
      const rows = transpose(cols, l.getTotalOutDimSizeLog2());
      const reduced = rref(rows, cols.length).filter((r) => r !== 0);
      expect(reduced.map((r) => ctz(r))).toEqual(pivotColumns(cols));
    }
  });
});
