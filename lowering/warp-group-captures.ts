/**
 * Triton's makeAllWarpGroupsIsolatedFromAbove: after the LLVM conversions, a `ttg.warp_specialize` partition may
 * use values defined above it (a lowering put them there, e.g. the tensor memory base). Each such value becomes an
 * explicit capture: an operand of the partitions op and a new argument of every partition region, which the
 * uses inside that region read instead. Captures are taken in the order MLIR's getUsedValuesDefinedAbove finds
 * them (a post-order walk of the partition regions).
 */
import type { Operation, Region, Value } from '../dialect/ir/ir.js';
import { walkPostOrder } from '../dialect/ir/rewrite/greedy.js';
import { WarpSpecializeOp, WarpSpecializePartitionsOp } from '../dialect/ttg/ops.js';

function isInside(v: Value, op: Operation): boolean {
  for (let cur = v.parentBlock?.parentOp; cur; cur = cur.parent?.parentOp) if (cur === op) return true;
  return false;
}

function isInRegion(op: Operation, region: Region): boolean {
  for (let cur: Operation | undefined = op; cur; cur = cur.parent?.parentOp) if (cur.parent?.parent === region) return true;
  return false;
}

function locOf(v: Value): import('../dialect/ir/location.js').Location {
  const def = v.definingOp;
  if (def) return def.loc;
  return (v as unknown as { loc: import('../dialect/ir/location.js').Location }).loc;
}

/** Makes the partitions of one `ttg.warp_specialize` isolated from above. */
export function makeWarpGroupsIsolatedFromAbove(ws: Operation): void {
  const parts = ws.regions[1]?.blocks[0]?.ops[0];
  if (!parts || !WarpSpecializePartitionsOp.is(parts)) return;
  const captures: Value[] = [];
  const seen = new Set<Value>();
  for (const region of parts.regions) {
    walkPostOrder(region, (op) => {
      for (const v of op.operandValues) {
        if (seen.has(v) || isInside(v, parts)) continue;
        seen.add(v);
        captures.push(v);
      }
    });
  }
  if (captures.length === 0) return;
  parts.setOperands([...parts.operandValues, ...captures]);
  for (const capture of captures) {
    for (const region of parts.regions) {
      const arg = region.blocks[0]!.addArgument(capture.type, locOf(capture));
      capture.replaceUsesWithIf(arg, (use) => isInRegion(use.owner, region));
    }
  }
}

export function makeAllWarpGroupsIsolatedFromAbove(root: Operation): void {
  const all: Operation[] = [];
  root.walk((op) => {
    if (WarpSpecializeOp.is(op)) all.push(op);
  });
  for (const ws of all) makeWarpGroupsIsolatedFromAbove(ws);
}
