// The sparse forward dataflow framework (analysis/dataflow/): a small analysis written on the solver, the
// control-flow edges it reads (branches, region branches) and the call graph; AxisInfo and SCCP run on it.
import { describe, expect, it } from 'vitest';
import '../dialect/index.js';
import { Parser } from '../parser/parser.js';
import type { Block, Operation, Value } from '../dialect/ir/ir.js';
import { SparseForwardSolver } from '../analysis/dataflow/sparse-solver.js';
import type { LatticeSpec } from '../analysis/dataflow/lattice.js';
import { getRegionBranchModel, regionEdgesInto, successorOperandValues, takenSuccessors } from '../analysis/dataflow/control-flow.js';
import { CallGraph, symbolName } from '../analysis/dataflow/call-graph.js';
import { SCCPAnalysis } from '../analysis/dataflow/constant-propagation.js';
import { IntegerAttr } from '../dialect/ir/attribute.js';
import { firstOp } from './helpers/ir.js';

function parse(src: string): Operation {
  return new Parser(src, { filename: 'test.mlir' }).parseModule();
}

/** Set of op names a value may come from: a toy lattice (join = union) to drive the solver. */
const ORIGINS: LatticeSpec<ReadonlySet<string>> = {
  uninitialized: new Set(),
  join: (a, b) => new Set([...a, ...b]),
  equals: (a, b) => a.size === b.size && [...a].every((x) => b.has(x)),
};

class OriginAnalysis extends SparseForwardSolver<ReadonlySet<string>> {
  constructor(private readonly func: Operation) {
    super(ORIGINS);
  }
  run(): void {
    this.markLive(this.func.regions[0]!.blocks[0]);
    this.solve();
  }
  protected visitOperation(op: Operation): void {
    if (!op.parent || !this.isLive(op.parent)) return;
    op.successors.forEach((s, i) => {
      this.markLive(s);
      successorOperandValues(op, i)?.forEach((v, k) => this.join(s.args[k]!, this.get(v)));
    });
    for (const r of op.results) this.join(r, new Set([op.name]));
  }
  protected override visitBlock(block: Block): void {
    if (block === this.func.regions[0]!.blocks[0]) for (const a of block.args) this.join(a, new Set(['arg']));
  }
  of(v: Value): string[] {
    return [...this.get(v)].sort();
  }
}

describe('sparse forward solver', () => {
  it('joins the values branches forward into block arguments until the fixpoint', () => {
    const m = parse(`module {
      tt.func @f(%c: i1, %a: i32) -> i32 {
        %k = arith.constant 1 : i32
        cf.cond_br %c, ^bb1(%k : i32), ^bb1(%a : i32)
      ^bb1(%x: i32):
        tt.return %x : i32
      }
    }`);
    const f = firstOp(m, 'tt.func');
    const a = new OriginAnalysis(f);
    a.run();
    const bb1 = f.regions[0]!.blocks[1]!;
    expect(a.isLive(bb1)).toBe(true);
    expect(a.of(bb1.args[0]!)).toEqual(['arg', 'arith.constant']);
  });
});

describe('control-flow edges', () => {
  it('a branch on a known condition takes one successor', () => {
    const m = parse(`module {
      tt.func @f(%a: i32) {
        %t = arith.constant true
        cf.cond_br %t, ^bb1, ^bb2
      ^bb1:
        tt.return
      ^bb2:
        tt.return
      }
    }`);
    const br = firstOp(m, 'cf.cond_br');
    expect(takenSuccessors(br, [IntegerAttr.bool(true)])).toEqual([0]);
    expect(takenSuccessors(br, [IntegerAttr.bool(false)])).toEqual([1]);
    expect(takenSuccessors(br, [undefined])).toEqual([0, 1]);
  });

  it('an scf.for body receives the init values and its yield; the results the same', () => {
    const m = parse(`module {
      tt.func @f(%n: i32, %x: i32) -> i32 {
        %c0 = arith.constant 0 : i32
        %c1 = arith.constant 1 : i32
        %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> (i32) : i32 {
          %y = arith.addi %acc, %i : i32
          scf.yield %y : i32
        }
        tt.return %r : i32
      }
    }`);
    const loop = firstOp(m, 'scf.for');
    const model = getRegionBranchModel(loop)!;
    const body = loop.regions[0]!;
    const live = (): boolean => true;
    const intoBody = regionEdgesInto(loop, model, body, live);
    expect(intoBody.map((e) => [e.from?.name ?? 'entry', e.operands.length])).toEqual([
      ['entry', 1],
      ['scf.yield', 1],
    ]);
    expect(intoBody[0]!.operands[0]).toBe(loop.operand(3));
    expect(regionEdgesInto(loop, model, undefined, live).length).toBe(2);
    // Dead blocks forward nothing.
    expect(regionEdgesInto(loop, model, body, () => false).length).toBe(1);
    // The induction variable is not a forwarded input.
    expect(model.regionInputs(loop, body)).toEqual(body.blocks[0]!.args.slice(1));
  });
});

describe('call graph', () => {
  const m = parse(`module {
    tt.func @main(%a: i32) -> i32 {
      %0 = tt.call @mid(%a) : (i32) -> i32
      tt.return %0 : i32
    }
    tt.func private @mid(%a: i32) -> i32 {
      %0 = tt.call @leaf(%a) : (i32) -> i32
      tt.return %0 : i32
    }
    tt.func private @leaf(%a: i32) -> i32 {
      tt.return %a : i32
    }
    tt.func private @unused(%a: i32) -> i32 {
      tt.return %a : i32
    }
  }`);
  const g = new CallGraph(m);

  it('orders callers before callees', () => {
    expect(g.callersFirst().map((f) => symbolName(f))).toEqual(['unused', 'main', 'mid', 'leaf']);
  });

  it('public callables have unknown callers; private ones only their calls', () => {
    expect([...g.externallyCalled()].map((f) => symbolName(f))).toEqual(['main']);
    expect(symbolName(g.resolve(firstOp(m, 'tt.call'))!)).toBe('mid');
  });

  it('SCCP on the framework follows calls into private functions', () => {
    const m2 = parse(`module {
      tt.func @main() -> i32 {
        %c = arith.constant 7 : i32
        %0 = tt.call @id(%c) : (i32) -> i32
        tt.return %0 : i32
      }
      tt.func private @id(%a: i32) -> i32 {
        tt.return %a : i32
      }
    }`);
    const s = new SCCPAnalysis(m2);
    s.run();
    const call = firstOp(m2, 'tt.call');
    const l = s.get(call.result(0));
    expect(l !== undefined && l !== 'unknown' && (l.attr as IntegerAttr).value).toBe(7n);
  });

  it('SCCP enters the public functions of nested modules (Triton 3.6 folds them too, e.g. combine.mlir)', () => {
    const m3 = parse(`module {
      module {
        tt.func @inner() -> i32 {
          %a = arith.constant 2 : i32
          %b = arith.addi %a, %a : i32
          tt.return %b : i32
        }
      }
    }`);
    const s = new SCCPAnalysis(m3);
    s.run();
    const add = firstOp(m3, 'arith.addi');
    const l = s.get(add.result(0));
    expect(l !== undefined && l !== 'unknown' && (l.attr as IntegerAttr).value).toBe(4n);
  });
});
