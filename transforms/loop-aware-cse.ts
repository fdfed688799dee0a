/**
 * `--triton-loop-aware-cse` (Triton's LoopAwareCSE): merges `scf.for` iteration arguments that always hold the
 * same value, which plain CSE cannot see because each one is defined by its own yield.
 *
 * Two iter args i < j are the same when their init values are the same SSA value and their yielded values
 * are equal inside the loop body, assuming (co-inductively) that i and j themselves are equal. Values are
 * equal inside the body when they are identical, or both are iter args that are equal by the same rule, or
 * both are same-numbered results of memory-effect-free, region-free ops defined in the body whose operands
 * are pairwise equal by this rule (MLIR's OperationEquivalence, ignoring locations). Anything defined
 * outside the body, and the induction variable, is equal only to itself.
 *
 * The pass runs CSE, then (post-order over the loops) groups equal iter args and points every member's uses
 * (inside the body and of the loop's result) at the lowest-numbered one, short-circuiting its yield to its
 * own argument; then CSE again and the `scf.for` canonicalization patterns (greedy driver defaults) to drop
 * the dead iter args.
 */
import { BlockArgument, OpResult, type Block, type Operation, type Value } from '../dialect/ir/ir.js';
import { IRRewriter } from '../dialect/ir/rewriter.js';
import { isMemoryEffectFree } from '../dialect/ir/traits.js';
import { SCF_FOR_PATTERNS } from '../dialect/scf/canonicalize.js';
import { eliminateCommonSubExpressions } from './cse.js';
import { registerPass } from './pass.js';
import { operationsEquivalent } from '../dialect/ir/rewrite/equivalence.js';
import { applyPatternsGreedily } from '../dialect/ir/rewrite/greedy.js';
import { ForOp } from '../dialect/scf/ops.js';

/** The layout of an `scf.for`: lb, ub, step, then one init per iter arg; body args are [iv, ...iterArgs]. */
class ForLoopView {
  readonly body: Block;
  constructor(readonly op: Operation) {
    this.body = op.region(0).blocks[0]!;
  }
  get numIterArgs(): number {
    return ForOp.initArgs(this.op).length;
  }
  init(i: number): Value {
    return ForOp.initArgs(this.op)[i]!;
  }
  iterArg(i: number): BlockArgument {
    return this.body.args[1 + i]!;
  }
  get inductionVar(): BlockArgument {
    return this.body.args[0]!;
  }
  get yieldOp(): Operation {
    return this.body.terminator!;
  }
  yielded(i: number): Value {
    return this.yieldOp.operand(i);
  }
}

/** Decides equality of values within one loop body, with the iter-arg pairs currently assumed equal. */
class LoopValueEquality {
  private readonly assumed: [number, number][] = [];
  constructor(private readonly loop: ForLoopView) {}

  iterArgsEqual(i: number, j: number): boolean {
    if (i === j) return true;
    if (this.loop.init(i) !== this.loop.init(j)) return false;
    if (this.assumed.some(([a, b]) => a === i && b === j)) return true;
    this.assumed.push([i, j]);
    const eq = this.valuesEqual(this.loop.yielded(i), this.loop.yielded(j));
    this.assumed.pop();
    return eq;
  }

  valuesEqual(a: Value, b: Value): boolean {
    if (a === b) return true;
    if (a.type !== b.type) return false;
    const body = this.loop.body;
    if (a.parentBlock !== body || b.parentBlock !== body) return false;
    if (a instanceof BlockArgument !== b instanceof BlockArgument) return false;
    const iv = this.loop.inductionVar;
    if (a === iv || b === iv) return false;
    if (a instanceof BlockArgument && b instanceof BlockArgument) return this.iterArgsEqual(a.index - 1, b.index - 1);
    if (!(a instanceof OpResult) || !(b instanceof OpResult)) return false;
    if (a.index !== b.index) return false;
    const [da, db] = [a.owner, b.owner];
    if (!isMemoryEffectFree(da) || !isMemoryEffectFree(db)) return false;
    if (da.regions.length || db.regions.length) return false;
    return operationsEquivalent(da, db, { operandsEqual: (x, y) => this.valuesEqual(x, y) });
  }
}

/** Union-find over iter arg indices; classes are listed by their smallest member. */
function equalIterArgClasses(loop: ForLoopView): number[][] {
  const n = loop.numIterArgs;
  const parent = Array.from({ length: n }, (_, i) => i);
  const find = (x: number): number => (parent[x] === x ? x : (parent[x] = find(parent[x]!)));
  const eq = new LoopValueEquality(loop);
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      if (!eq.iterArgsEqual(i, j)) continue;
      const [ri, rj] = [find(i), find(j)];
      if (ri !== rj) parent[Math.max(ri, rj)] = Math.min(ri, rj);
    }
  }
  const classes = new Map<number, number[]>();
  for (let i = 0; i < n; i++) {
    const r = find(i);
    classes.set(r, [...(classes.get(r) ?? []), i]);
  }
  return [...classes.values()].filter((c) => c.length > 1);
}

/** Merges the equal iter args of one loop into the first of each class. */
function mergeEqualIterArgs(forOp: Operation): void {
  const loop = new ForLoopView(forOp);
  for (const members of equalIterArgClasses(loop)) {
    const [keep, ...others] = members;
    const keptArg = loop.iterArg(keep!);
    const keptResult = forOp.result(keep!);
    for (const j of others) {
      const other = loop.iterArg(j);
      other.replaceAllUsesWith(keptArg);
      loop.yieldOp.operands[j]!.set(other);
      forOp.result(j).replaceAllUsesWith(keptResult);
    }
  }
}

export function runLoopAwareCSE(module: Operation): void {
  const rewriter = new IRRewriter();
  eliminateCommonSubExpressions(module, rewriter);
  const loops: Operation[] = [];
  module.walkPostOrder((op) => {
    if (ForOp.is(op)) loops.push(op);
  });
  for (const l of loops) mergeEqualIterArgs(l);
  eliminateCommonSubExpressions(module, rewriter);
  applyPatternsGreedily(module, SCF_FOR_PATTERNS);
}

export const LOOP_AWARE_CSE_PASS = registerPass({
  name: 'triton-loop-aware-cse',
  className: 'TritonLoopAwareCSE',
  description: 'CSE within loop bodies',
  run(module) {
    runLoopAwareCSE(module);
  },
});
