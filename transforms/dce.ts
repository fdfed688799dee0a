/**
 * Dead code helpers for passes:
 * - `isOpTriviallyDead` / `wouldOpBeTriviallyDead` (re-exported from dialect/ir/traits.ts): MLIR's notions.
 * - `eraseTriviallyDeadOps(root)`: erases every trivially dead op nested in `root` (post-order, last op of a
 *   block first, so chains of dead ops go in one sweep; producers that become dead are revisited).
 * - `runRegionDCE`, `eraseUnreachableBlocks`, `simplifyRegions` (re-exported from dialect/ir/rewrite/region-utils.ts):
 *   MLIR's region simplifications, as run by the greedy driver after each iteration.
 */
import type { Operation } from '../dialect/ir/ir.js';
import { IRRewriter, type Rewriter } from '../dialect/ir/rewriter.js';
import { isOpTriviallyDead } from '../dialect/ir/traits.js';

export { isOpTriviallyDead, wouldOpBeTriviallyDead } from '../dialect/ir/traits.js';
export { eraseUnreachableBlocks, runRegionDCE, simplifyRegions } from '../dialect/ir/rewrite/region-utils.js';

/** Erases the trivially dead ops nested in `root` (not `root` itself); returns how many were erased. */
export function eraseTriviallyDeadOps(root: Operation, rewriter: Rewriter = new IRRewriter()): number {
  const candidates: Operation[] = [];
  root.walkPostOrder((op) => {
    if (op !== root) candidates.push(op);
  });
  let erased = 0;
  const work = candidates.reverse();
  const seen = new Set<Operation>();
  while (work.length) {
    const op = work.shift()!;
    if (seen.has(op) || !op.parent || !isOpTriviallyDead(op)) continue;
    seen.add(op);
    const producers = op.operandValues.map((v) => v.definingOp).filter((d): d is Operation => d !== undefined);
    rewriter.eraseOp(op);
    erased++;
    for (const p of producers) if (!seen.has(p) && p.parent && isOpTriviallyDead(p)) work.push(p);
  }
  return erased;
}
