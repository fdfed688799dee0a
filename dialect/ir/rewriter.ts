/**
 * The rewriter: every IR mutation a pattern or pass makes through it is reported to a listener, as with
 * MLIR's RewriterBase / PatternRewriter (the greedy pattern driver is such a listener and uses the
 * notifications to revisit changed ops). Semantics (including notification order) follow MLIR:
 *
 * - `replaceOp(op, values)`: notifyOperationReplaced, then every use is updated through
 *   `modifyOpInPlace` (notifyOperationModified per user, in use-list order), then `eraseOp(op)`.
 * - `eraseOp(op)`: nested ops are erased first (post-order, blocks in post-order, ops in reverse), each
 *   with notifyOperationErased, then the op itself.
 * - `moveOpBefore/After`, `inlineBlockBefore`, `mergeBlocks`, `splitBlock`: moved ops are reported with
 *   notifyOperationInserted (with their previous position).
 * - `modifyOpInPlace(op, fn)`: runs `fn` and reports notifyOperationModified(op).
 */
import { Builder, type BuilderListener, type InsertPoint } from './builder.js';
import { Block, Operation, Region, type OpOperand, type OperationInit, type Value } from './ir.js';

export interface RewriterListener extends BuilderListener {
  /** `op` was changed in place (operands, attributes, successors, ...). */
  notifyOperationModified?(op: Operation): void;
  /** All results of `op` are about to be replaced by `replacement` (op is erased afterwards by replaceOp). */
  notifyOperationReplaced?(op: Operation, replacement: readonly Value[]): void;
  /** `op` is about to be erased (its nested ops were already erased and reported). */
  notifyOperationErased?(op: Operation): void;
  /** `block` is about to be erased (its ops were already erased and reported). */
  notifyBlockErased?(block: Block): void;
  /** A pattern failed to match `op` for `reason` (debugging aid). */
  notifyMatchFailure?(op: Operation | undefined, reason: string): void;
}

export class Rewriter extends Builder {
  declare listener: RewriterListener | undefined;

  constructor(listener?: RewriterListener) {
    super(listener);
  }

  // ----- in-place modification -----

  /** Marks the start of an in-place change of `op` (kept for API symmetry with MLIR). */
  startOpModification(_op: Operation): void {}
  finalizeOpModification(op: Operation): void {
    this.listener?.notifyOperationModified?.(op);
  }
  cancelOpModification(_op: Operation): void {}
  /** Runs `fn`, which changes `op` in place, and reports the modification. */
  modifyOpInPlace<T>(op: Operation, fn: () => T): T {
    this.startOpModification(op);
    const r = fn();
    this.finalizeOpModification(op);
    return r;
  }

  // ----- replacement -----

  /** Replaces every use of `from` with `to`, reporting each user as modified. */
  replaceAllUsesWith(from: Value, to: Value): void {
    // MLIR's early-increment walk of the use list (no snapshot array: values of lowered code have many uses).
    for (let use = from.firstUse; use; ) {
      const next: OpOperand | undefined = use.nextUse;
      const owner = use.owner;
      this.startOpModification(owner);
      use.set(to);
      this.finalizeOpModification(owner);
      use = next;
    }
  }
  /** Replaces the uses for which `pred` holds. */
  replaceUsesWithIf(from: Value, to: Value, pred: (use: OpOperand) => boolean): void {
    for (const use of [...from.uses]) if (pred(use)) this.modifyOpInPlace(use.owner, () => use.set(to));
  }
  /** Replaces every use of `from` except those in `exceptOps`. */
  replaceAllUsesExcept(from: Value, to: Value, exceptOps: Operation | ReadonlySet<Operation>): void {
    const skip = exceptOps instanceof Operation ? new Set([exceptOps]) : exceptOps;
    this.replaceUsesWithIf(from, to, (u) => !skip.has(u.owner));
  }
  /** Replaces the uses of each value of `from` with the matching value of `to`. */
  replaceAllValueUsesWith(from: readonly Value[], to: readonly Value[]): void {
    if (from.length !== to.length) throw new Error('replaceAllValueUsesWith: size mismatch');
    from.forEach((f, i) => this.replaceAllUsesWith(f, to[i]!));
  }
  /** Replaces all uses of `op`'s results (the op stays). */
  replaceAllOpUsesWith(op: Operation, to: readonly Value[] | Operation): void {
    const values = to instanceof Operation ? to.results : to;
    if (values.length !== op.results.length) throw new Error(`replaceAllOpUsesWith: ${op.name} has ${op.results.length} results, got ${values.length} values`);
    this.listener?.notifyOperationReplaced?.(op, values);
    op.results.forEach((r, i) => this.replaceAllUsesWith(r, values[i]!));
  }
  /** Replaces the uses of `op`'s results for which `pred` holds. */
  replaceOpUsesWithIf(op: Operation, to: readonly Value[], pred: (use: OpOperand) => boolean): void {
    op.results.forEach((r, i) => this.replaceUsesWithIf(r, to[i]!, pred));
  }
  /** Replaces the uses of `op`'s results that are inside `block`. */
  replaceOpUsesWithinBlock(op: Operation, to: readonly Value[], block: Block): void {
    this.replaceOpUsesWithIf(op, to, (u) => {
      for (let o: Operation | undefined = u.owner; o; o = o.parentOp) if (o.parent === block) return true;
      return false;
    });
  }
  /** Replaces all uses of `op`'s results with `to` and erases `op`. */
  replaceOp(op: Operation, to: readonly Value[] | Operation): void {
    this.replaceAllOpUsesWith(op, to);
    this.eraseOp(op);
  }
  /**
   * Creates an op at the insertion point (before `op` when none is set; patterns get one before their root)
   * with `op`'s location unless `init` gives one, replaces `op` with its results, and returns it.
   */
  replaceOpWithNewOp(op: Operation, init: OperationInit): Operation {
    if (!this.insertionBlock) this.setInsertionPoint(op);
    const n = this.create(init.loc ? init : { ...init, loc: op.loc });
    this.replaceOp(op, n.results);
    return n;
  }

  // ----- erasure -----

  /** Erases an unused op and everything nested in it, reporting each erased op (users before definitions). */
  eraseOp(op: Operation): void {
    for (const r of op.results) if (r.numberOfUses) throw new Error(`eraseOp: ${op.name} still has uses`);
    const l = this.listener;
    if (!l) {
      op.erase();
      return;
    }
    this.eraseTree(op, l);
  }

  /** Erases `o` and its nested ops (regions last to first, blocks in post-order, ops last to first), reporting each. */
  private eraseTree(o: Operation, l: RewriterListener): void {
    const regions = o.regions;
    for (let i = regions.length - 1; i >= 0; i--) {
      const r = regions[i]!;
      while (r.blocks.length) {
        const order = postOrderBlocks(r.blocks[0]!);
        for (const b of order) for (const nested of [...b.ops].reverse()) this.eraseTree(nested, l);
        for (const b of order) {
          for (const a of b.args) dropAllUses(a);
          this.eraseBlock(b);
        }
        // Blocks not reachable from the entry are handled by the next round.
      }
    }
    l.notifyOperationErased?.(o);
    for (const r of o.results) dropAllUses(r);
    o.erase();
  }

  /** Erases a block: its ops (last to first) and then the block itself. */
  eraseBlock(block: Block): void {
    for (const op of [...block.ops].reverse()) {
      for (const r of op.results) if (r.uses.length && !isInside(r.uses, block)) throw new Error(`eraseBlock: ${op.name} still has uses`);
      for (const r of op.results) dropAllUses(r);
      this.eraseOp(op);
    }
    this.listener?.notifyBlockErased?.(block);
    dropBlockUses(block);
    block.remove();
  }

  // ----- moving ops and blocks -----

  /** Moves `op` before `anchor` (or to the end of `block` when `anchor` is undefined). */
  moveOpBefore(op: Operation, anchor: Operation): void;
  moveOpBefore(op: Operation, block: Block, anchor: Operation | undefined): void;
  moveOpBefore(op: Operation, where: Operation | Block, anchor?: Operation): void {
    const prev = positionOf(op);
    if (where instanceof Operation) op.moveBefore(where);
    else if (anchor) where.insertBefore(anchor, op);
    else where.append(op);
    this.listener?.notifyOperationInserted?.(op, prev);
  }
  moveOpAfter(op: Operation, anchor: Operation): void {
    const prev = positionOf(op);
    op.moveAfter(anchor);
    this.listener?.notifyOperationInserted?.(op, prev);
  }
  /** Moves `block` before `before` in `region` (at the end when undefined). */
  moveBlockBefore(block: Block, region: Region, before: Block | undefined): void {
    const prevRegion = block.parent;
    const prevIndex = prevRegion ? prevRegion.blocks.indexOf(block) : undefined;
    block.remove();
    region.insertBlock(before ? region.blocks.indexOf(before) : region.blocks.length, block);
    this.listener?.notifyBlockInserted?.(block, prevRegion, prevIndex);
  }
  /** Moves all blocks of `region` before `before` in `parent` (at its end when undefined). */
  inlineRegionBefore(region: Region, parent: Region, before: Block | undefined): void {
    while (region.blocks.length) this.moveBlockBefore(region.blocks[0]!, parent, before);
  }

  /**
   * Moves the ops of `source` before `before` in `dest` (at its end when undefined), replacing the block's
   * arguments with `args`, and erases `source` if it is in a region.
   */
  inlineBlockBefore(source: Block, dest: Block, before: Operation | undefined, args: readonly Value[] = []): void {
    if (args.length !== source.args.length) throw new Error(`inlineBlockBefore: block has ${source.args.length} arguments, got ${args.length} values`);
    source.args.forEach((a, i) => this.replaceAllUsesWith(a, args[i]!));
    // firstOp, not ops[0]: each move invalidates the array view, which would be rebuilt per op.
    for (let op = source.firstOp; op; op = source.firstOp) this.moveOpBefore(op, dest, before);
    if (source.parent) this.eraseBlock(source);
  }
  /** Inlines `source` before `op` (in op's block). */
  inlineBlockBeforeOp(source: Block, op: Operation, args: readonly Value[] = []): void {
    const b = op.parent;
    if (!b) throw new Error('inlineBlockBeforeOp: op is not in a block');
    this.inlineBlockBefore(source, b, op, args);
  }
  /** Appends the ops of `source` to `dest` (arguments replaced by `args`) and erases `source`. */
  mergeBlocks(source: Block, dest: Block, args: readonly Value[] = []): void {
    this.inlineBlockBefore(source, dest, undefined, args);
  }
  /**
   * Splits `block` before `before` (at the end when undefined): the ops from `before` on move to a new
   * block inserted right after `block`, which is returned.
   */
  splitBlock(block: Block, before: Operation | undefined): Block {
    const region = block.parent;
    if (!region) throw new Error('splitBlock: block is not in a region');
    return this.withInsertionGuard(() => {
      const nb = this.createBlock(region, region.blocks.indexOf(block) + 1);
      if (!before) return nb;
      while (before.parent !== nb) this.moveOpBefore(block.lastOp!, nb, nb.firstOp);
      return nb;
    });
  }

  // ----- block arguments -----

  /** Erases the arguments of `block` at `indices` (they must be unused). */
  eraseBlockArguments(block: Block, indices: readonly number[]): void {
    for (const i of [...indices].sort((a, b) => b - a)) block.eraseArgument(i);
  }

  // ----- diagnostics -----

  /** Reports why a pattern did not apply; returns false so patterns can `return rewriter.notifyMatchFailure(...)`. */
  notifyMatchFailure(op: Operation | undefined, reason: string): false {
    this.listener?.notifyMatchFailure?.(op, reason);
    return false;
  }
}

/** MLIR's PatternRewriter: the rewriter handed to patterns. */
export class PatternRewriter extends Rewriter {}

/** MLIR's IRRewriter: a rewriter for passes that mutate IR directly (optionally with a listener). */
export class IRRewriter extends Rewriter {}

function positionOf(op: Operation): InsertPoint | undefined {
  const b = op.parent;
  return b ? { block: b, before: op.nextOp } : undefined;
}

function dropAllUses(v: Value): void {
  // The operands keep pointing at the (dead) value; their owners are being erased as well.
  v.dropAllUses();
}

function isInside(uses: readonly OpOperand[], block: Block): boolean {
  return uses.every((u) => {
    for (let o: Operation | undefined = u.owner; o; o = o.parentOp) if (o.parent === block) return true;
    return false;
  });
}

/** Drops the successor references to `block` from terminators (MLIR's Block::dropAllUses). */
function dropBlockUses(block: Block): void {
  const r = block.parent;
  if (!r) return;
  for (const b of r.blocks) {
    const t = b.terminator;
    if (t && t.successors.includes(block)) t.successors = t.successors.filter((s) => s !== block);
  }
}

/** Blocks reachable from `entry` in post-order (successors before predecessors), as llvm::post_order. */
export function postOrderBlocks(entry: Block): Block[] {
  const out: Block[] = [];
  const visited = new Set<Block>([entry]);
  const stack: { block: Block; next: number }[] = [{ block: entry, next: 0 }];
  while (stack.length) {
    const top = stack[stack.length - 1]!;
    const succs = top.block.successors;
    if (top.next < succs.length) {
      const s = succs[top.next++]!;
      if (!visited.has(s) && s.parent === entry.parent) {
        visited.add(s);
        stack.push({ block: s, next: 0 });
      }
      continue;
    }
    out.push(top.block);
    stack.pop();
  }
  return out;
}
