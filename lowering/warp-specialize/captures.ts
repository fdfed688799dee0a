/**
 * Captures of warp-specialize partitions. A partition reads the values it captures from shared memory, written by
 * the default warp group at each entry; a capture that is a kernel argument, or a small pure computation of kernel
 * arguments and constants, need not travel that way: each partition uses the argument directly or recomputes the
 * value itself (Triton's elideTrivialCaptures, which prefers recomputing to keep live ranges short; CSE merges the
 * copies later).
 */
import { BlockArgument, type Operation, type Region, type Value } from '../../dialect/ir/ir.js';
import { Builder, IRMapping } from '../../dialect/ir/builder.js';
import { isPure } from '../../dialect/ir/traits.js';
import { WarpSpecializePartitionsOp } from '../../dialect/ttg/ops.js';

/** At most this many ops are recomputed per capture (Triton's arbitrary cap). */
const MAX_REMATERIALIZED_OPS = 16;

/** The partitions op of a `ttg.warp_specialize`. */
export function partitionsOf(ws: Operation): Operation | undefined {
  const parts = ws.regions[1]?.blocks[0]?.ops[0];
  return WarpSpecializePartitionsOp.is(parts) ? parts : undefined;
}

/** The partition regions of a `ttg.warp_specialize`. */
export function partitionRegions(ws: Operation): Region[] {
  return partitionsOf(ws)?.regions ?? [];
}

/**
 * The ops computing `capture` from kernel arguments only, all pure, in the order they were found (breadth
 * first from the capture), or undefined when it depends on anything else or needs too many ops.
 */
function trivialSubcomputation(func: Operation, capture: Value): Operation[] | undefined {
  const entry = func.regions[0]?.blocks[0];
  const worklist: Value[] = [capture];
  const seen = new Set<Value>(worklist);
  const ops: Operation[] = [];
  const opSet = new Set<Operation>();
  for (let i = 0; i < worklist.length; i++) {
    const v = worklist[i]!;
    if (v instanceof BlockArgument) {
      if (v.parentBlock === entry) continue;
      return undefined;
    }
    const def = v.definingOp;
    if (!def || !isPure(def)) return undefined;
    if (!opSet.has(def)) {
      opSet.add(def);
      ops.push(def);
    }
    for (const operand of def.operandValues) {
      if (seen.has(operand)) continue;
      seen.add(operand);
      worklist.push(operand);
    }
  }
  return ops.length <= MAX_REMATERIALIZED_OPS ? ops : undefined;
}

/** The ops in the order they appear in `func` (MLIR's topologicalSort of a set of ops: an IR walk). */
function inProgramOrder(func: Operation, ops: readonly Operation[]): Operation[] {
  const wanted = new Set(ops);
  const out: Operation[] = [];
  func.walk((op) => void (wanted.has(op) && out.push(op)));
  return out;
}

/** Replaces trivially recomputable captures of each `ttg.warp_specialize` of `func` (see the file header). */
export function elideTrivialCaptures(func: Operation, wsOps: readonly Operation[]): void {
  for (const ws of wsOps) {
    const parts = partitionsOf(ws);
    if (!parts) continue;
    const captures = parts.operandValues;
    const elided = new Set<number>();
    captures.forEach((capture, i) => {
      const sub = trivialSubcomputation(func, capture);
      if (!sub) return;
      elided.add(i);
      const ordered = inProgramOrder(func, sub);
      for (const region of parts.regions) {
        const entry = region.blocks[0]!;
        const b = new Builder();
        b.setInsertionPointToStart(entry);
        const mapping = new IRMapping();
        for (const op of ordered) b.clone(op, mapping);
        entry.args[i]!.replaceAllUsesWith(mapping.lookupOrDefault(capture));
      }
    });
    if (!elided.size) continue;
    parts.setOperands(captures.filter((_, i) => !elided.has(i)));
    for (const region of parts.regions) {
      const entry = region.blocks[0]!;
      for (let i = entry.args.length - 1; i >= 0; i--) if (elided.has(i)) entry.eraseArgument(i);
    }
  }
}
