/**
 * Loop nests of a function (Triton's LoopNest / findLoopNests): every outermost `scf.for` found in pre-order
 * roots a tree of the `scf.for` loops nested in it; any other op with regions on the way (`scf.if`,
 * `scf.while`, ...) cuts the tree, and the loops inside it start nests of their own.
 */
import type { Operation } from '../../dialect/ir/ir.js';
import { ForOp } from '../../dialect/scf/ops.js';

export interface LoopNestNode {
  loop: Operation;
  children: LoopNestNode[];
}

export interface LoopNest {
  root: LoopNestNode;
  /** Number of loops in the tree. */
  size: number;
}

/** Pre-order walk of the ops nested in `op` (not `op` itself) where `fn` may skip an op's regions. */
function walkNested(op: Operation, fn: (o: Operation) => 'skip' | undefined): void {
  for (const r of op.regions) for (const b of r.blocks) for (const o of [...b.ops]) if (fn(o) !== 'skip') walkNested(o, fn);
}

function buildNest(node: LoopNestNode, nest: LoopNest, nests: LoopNest[]): void {
  walkNested(node.loop, (op) => {
    if (ForOp.is(op)) {
      const child: LoopNestNode = { loop: op, children: [] };
      node.children.push(child);
      nest.size++;
      buildNest(child, nest, nests);
      return 'skip';
    }
    if (op.regions.length) {
      findLoopNests(op, nests, true);
      return 'skip';
    }
    return undefined;
  });
}

/** Appends the loop nests found in `container` (including `container` itself when `self` and it is a loop). */
export function findLoopNests(container: Operation, nests: LoopNest[], self = false): void {
  const visit = (op: Operation): 'skip' | undefined => {
    if (!ForOp.is(op)) return undefined;
    const nest: LoopNest = { root: { loop: op, children: [] }, size: 1 };
    buildNest(nest.root, nest, nests);
    nests.push(nest);
    return 'skip';
  };
  if (self && visit(container) === 'skip') return;
  walkNested(container, visit);
}
