// Per-thread coordinates emitted by the lowering (lowering/layout-indices.ts): the LLVM integer code produced by
// applyLinearLayout / matrixVectorProd is evaluated by a small interpreter for every lane and warp and compared
// with LinearLayout.apply, for layouts of Triton 3.6's layouts.jsonl (blocked, slice, mma v2/v3, dot operands,
// mfma/wmma) and for hand-made layouts with swizzled (non-power-of-two) bases.
import { groundTruth } from '../golden/ground-truth.js';
import { describe, expect, it } from 'vitest';
import '../dialect/index.js';
import { Block, type Operation, type Value } from '../dialect/ir/ir.js';
import { Builder } from '../dialect/ir/builder.js';
import { IntegerAttr } from '../dialect/ir/attribute.js';
import { IntegerType } from '../dialect/ir/type.js';
import { UnknownLoc } from '../dialect/ir/location.js';
import { LinearLayout } from '../dialect/linear-layout/linear-layout.js';
import { LLVMBuilder } from '../lowering/builder.js';
import { applyLinearLayout, matrixVectorProd } from '../lowering/layout-indices.js';
import { ICMP_PREDICATES } from '../dialect/llvm/attrs.js';

/** Evaluates the integer ops of a block given values for its arguments (uint32 semantics). */
function evaluate(block: Block, args: readonly number[]): Map<Value, number> {
  const env = new Map<Value, number>();
  block.args.forEach((a, i) => env.set(a, args[i]! >>> 0));
  const get = (v: Value): number => {
    const x = env.get(v);
    if (x === undefined) throw new Error('unevaluated value');
    return x;
  };
  for (const op of block.ops) {
    const o = op.operandValues.map(get);
    let r: number;
    switch (op.name) {
      case 'llvm.mlir.constant':
        r = Number((op.getAttr('value') as IntegerAttr).value) >>> 0;
        break;
      case 'llvm.and':
        r = (o[0]! & o[1]!) >>> 0;
        break;
      case 'llvm.or':
        r = (o[0]! | o[1]!) >>> 0;
        break;
      case 'llvm.xor':
        r = (o[0]! ^ o[1]!) >>> 0;
        break;
      case 'llvm.shl':
        r = (o[0]! << o[1]!) >>> 0;
        break;
      case 'llvm.lshr':
        r = o[0]! >>> o[1]!;
        break;
      case 'llvm.add':
        r = (o[0]! + o[1]!) >>> 0;
        break;
      case 'llvm.select':
        r = o[0] ? o[1]! : o[2]!;
        break;
      case 'llvm.icmp': {
        const p = ICMP_PREDICATES[(op.getAttr('predicate') as IntegerAttr).num];
        if (p !== 'eq') throw new Error(`icmp ${p}`);
        r = o[0] === o[1] ? 1 : 0;
        break;
      }
      default:
        throw new Error(`cannot evaluate ${op.name}`);
    }
    env.set(op.result(0), r);
  }
  return env;
}

function fixture(): { block: Block; b: LLVMBuilder; lane: Value; warp: Value } {
  const block = new Block();
  const lane = block.addArgument(IntegerType.get(32));
  const warp = block.addArgument(IntegerType.get(32));
  const builder = new Builder();
  builder.setInsertionPointToEnd(block);
  return { block, b: new LLVMBuilder(builder, UnknownLoc.get()), lane, warp };
}

/** Checks applyLinearLayout(reg = r constant, lane, warp) against ll.apply for all lanes/warps. */
function checkLayout(ll: LinearLayout): void {
  const { block, b, lane, warp } = fixture();
  const nReg = ll.hasInDim('register') ? ll.getInDimSize('register') : 1;
  const nLane = ll.hasInDim('lane') ? ll.getInDimSize('lane') : 1;
  const nWarp = ll.hasInDim('warp') ? ll.getInDimSize('warp') : 1;
  const regs = [0, nReg - 1, nReg >> 1].filter((r, i, a) => a.indexOf(r) === i);
  const outs: [number, Value[]][] = [];
  for (const r of regs) {
    const ins: [string, Value][] = ll.getInDimNames().map((d) => [d, d === 'lane' ? lane : d === 'warp' ? warp : d === 'register' ? b.i32(r) : b.i32(0)]);
    outs.push([r, applyLinearLayout(b, ll, ins).map(([, v]) => v)]);
  }
  for (let l = 0; l < nLane; l++) {
    for (let w = 0; w < nWarp; w++) {
      const env = evaluate(block, [l, w]);
      for (const [r, vals] of outs) {
        const want = ll.apply(ll.getInDimNames().map((d) => [d, d === 'lane' ? l : d === 'warp' ? w : d === 'register' ? r : 0])).map(([, c]) => c);
        expect(vals.map((v) => env.get(v)), `reg ${r} lane ${l} warp ${w}`).toEqual(want);
      }
    }
  }
}


interface LayoutLine {
  family: string;
  shape: number[];
  linear: Record<string, number[][]>;
}

describe('applyLinearLayout: generated code computes L(register, lane, warp)', () => {
  const lines: LayoutLine[] = groundTruth()
    .read('golden/layouts.jsonl')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as LayoutLine);
  // Every 9th layout: all families, kept fast.
  const sample = lines.filter((_, i) => i % 9 === 0);
  it('layouts.jsonl sample', () => {
    expect(sample.length).toBe(200);
    for (const line of sample) {
      const outNames = line.shape.map((_, i) => `dim${i}`);
      const bases = (['register', 'lane', 'warp', 'block'] as const).map((d) => [d, line.linear[d] ?? []] as [string, number[][]]);
      const ll = LinearLayout.fromBasesWithSizes(
        bases,
        outNames.map((n, i) => [n, line.shape[i]!] as [string, number]),
        false,
      );
      checkLayout(ll);
    }
  });

  it('swizzled bases (several output bits per input bit, rows written twice)', () => {
    const ll = LinearLayout.fromBasesWithSizes(
      [
        ['register', [[1, 0], [2, 3], [0, 4]]],
        ['lane', [[3, 1], [4, 2], [8, 8], [16, 16], [0, 1]]],
        ['warp', [[0, 0], [32, 5]]],
        ['block', []],
      ],
      [
        ['dim0', 64],
        ['dim1', 32],
      ],
      false,
    );
    checkLayout(ll);
  });
});

describe('matrixVectorProd', () => {
  it('computes A·x over GF(2) for random square and rectangular matrices', () => {
    let seed = 12345;
    const rand = (n: number): number => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % n;
    };
    for (let t = 0; t < 40; t++) {
      const nCol = 1 + rand(8);
      const nRow = 1 + rand(8);
      const cols = Array.from({ length: nCol }, () => [rand(1 << nRow)]);
      const A = LinearLayout.fromBasesWithSizes([['in', cols]], [['out', 1 << nRow]], false);
      const { block, b, lane } = fixture();
      const y = matrixVectorProd(b, A, lane);
      for (let x = 0; x < 1 << nCol; x++) {
        const env = evaluate(block, [x, 0]);
        expect(env.get(y)).toBe(A.apply([['in', x]])[0]![1]);
      }
    }
  });
});

void ({} as Operation);
