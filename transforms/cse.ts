/**
 * Common sub-expression elimination (MLIR's CSE pass, the 2025 CSEDriver without pure-op hoisting):
 *
 * - Regions are walked with a scoped table of known ops: single-block regions open one scope; multi-block
 *   SSA regions are walked along the dominator tree (a scope per tree node); multi-block graph regions
 *   are skipped. Ops that are isolated from above get a fresh, empty table for their regions.
 * - In each block, ops are visited in order; nested regions first, then the op itself:
 *   terminators are kept; trivially dead ops are erased; ops with multi-block regions are skipped;
 *   ops whose only effects are reads are merged with an equivalent earlier op of the same block when no
 *   op in between may write; memory-effect-free ops are merged with any equivalent op in scope.
 *   Equivalence: name, attributes, result types, operands (a multiset for commutative ops), regions.
 * - A merged op's uses are redirected to the earlier op (which takes the merged op's location if its
 *   own is unknown); merged and dead ops are erased at the end.
 */
import type { Block, Operation, Region } from '../dialect/ir/ir.js';
import { UnknownLoc } from '../dialect/ir/location.js';
import { IRRewriter, type Rewriter } from '../dialect/ir/rewriter.js';
import {
  getEffectsRecursively,
  hasSingleEffect,
  isMemoryEffectFree,
  isOpTriviallyDead,
  isTerminator,
  mightBeIsolatedFromAbove,
} from '../dialect/ir/traits.js';
import { dominatorTree, hasSSADominance, type DomTreeNode } from '../dialect/ir/rewrite/dominance.js';
import { cseHash, operationsEquivalent } from '../dialect/ir/rewrite/equivalence.js';
import { registerPass } from './pass.js';

/**
 * A scoped hash table of ops (MLIR's ScopedHashTable keyed by operation equivalence): buckets by cseHash, each
 * in insertion order, so that the latest equivalent op shadows earlier ones as in MLIR. A scope is a stretch of
 * the insertion log; popping it takes its ops back out of their buckets (where they are last, scopes being LIFO).
 */
class KnownOps {
  /** By hash: the one op of that hash, or those ops in insertion order (most hashes have a single op). */
  private readonly buckets = new Map<number, Operation | Operation[]>();
  private readonly logOps: Operation[] = [];
  private readonly logHashes: number[] = [];
  private readonly scopeStarts: number[] = [];
  pushScope(): void {
    this.scopeStarts.push(this.logOps.length);
  }
  popScope(): void {
    const start = this.scopeStarts.pop() ?? 0;
    if (this.scopeStarts.length === 0) {
      // The outermost scope holds every entry: the table simply empties.
      this.buckets.clear();
      this.logOps.length = 0;
      this.logHashes.length = 0;
      return;
    }
    for (let i = this.logOps.length - 1; i >= start; i--) {
      const op = this.logOps[i]!;
      const hash = this.logHashes[i]!;
      const b = this.buckets.get(hash);
      if (b === op) this.buckets.delete(hash);
      else if (Array.isArray(b)) {
        if (b[b.length - 1] === op) b.pop();
        else {
          const idx = b.lastIndexOf(op);
          if (idx >= 0) b.splice(idx, 1);
        }
      }
    }
    this.logOps.length = start;
    this.logHashes.length = start;
  }
  /** The latest op equivalent to `op` among those of hash `hash` (cseHash(op), computed once by the caller). */
  lookup(op: Operation, hash: number): Operation | undefined {
    const b = this.buckets.get(hash);
    if (b === undefined) return undefined;
    if (!Array.isArray(b)) return operationsEquivalent(b, op) ? b : undefined;
    for (let i = b.length - 1; i >= 0; i--) if (operationsEquivalent(b[i]!, op)) return b[i];
    return undefined;
  }
  /** Whether `op` is a value in the table (ScopedHashTable::count on the op itself). */
  contains(op: Operation): boolean {
    return this.lookup(op, cseHash(op)) !== undefined;
  }
  insert(op: Operation, hash: number): void {
    const b = this.buckets.get(hash);
    if (b === undefined) this.buckets.set(hash, op);
    else if (Array.isArray(b)) b.push(op);
    else this.buckets.set(hash, [b, op]);
    this.logOps.push(op);
    this.logHashes.push(hash);
  }
}

export interface CSEResult {
  changed: boolean;
  numCSE: number;
  numDCE: number;
}

class CSEDriver {
  readonly opsToErase: Operation[] = [];
  numCSE = 0;
  numDCE = 0;
  /** fromOp → [op scanned up to, whether a write was found]. */
  private memEffectsCache = new Map<Operation, [Operation, boolean]>();

  constructor(readonly rewriter: Rewriter) {}

  private replaceUsesAndDelete(known: KnownOps, op: Operation, existing: Operation, ssaDominance: boolean): void {
    if (ssaDominance) {
      this.rewriter.listener?.notifyOperationReplaced?.(op, existing.results);
      op.results.forEach((r, i) => this.rewriter.replaceAllUsesWith(r, existing.result(i)));
      this.opsToErase.push(op);
    } else {
      // Only uses in ops not yet visited may be replaced.
      op.results.forEach((r, i) => this.rewriter.replaceUsesWithIf(r, existing.result(i), (u) => !known.contains(u.owner)));
      if (op.results.every((r) => r.numberOfUses === 0)) this.opsToErase.push(op);
    }
    if (existing.loc instanceof UnknownLoc && !(op.loc instanceof UnknownLoc)) existing.loc = op.loc;
    this.numCSE++;
  }

  private hasOtherSideEffectingOpInBetween(fromOp: Operation, toOp: Operation): boolean {
    let next = fromOp.nextOp;
    const cached = this.memEffectsCache.get(fromOp);
    if (cached) {
      if (!cached[1]) next = cached[0];
      else return true;
    }
    while (next && next !== toOp) {
      const effects = getEffectsRecursively(next);
      if (!effects || effects.some((e) => e.kind === 'write')) {
        this.memEffectsCache.set(fromOp, [next, true]);
        return true;
      }
      next = next.nextOp;
    }
    this.memEffectsCache.set(fromOp, [toOp, false]);
    return false;
  }

  private simplifyOperation(known: KnownOps, op: Operation, ssaDominance: boolean): boolean {
    if (isTerminator(op)) return false;
    if (isOpTriviallyDead(op)) {
      this.opsToErase.push(op);
      this.numDCE++;
      return true;
    }
    if (!op.regions.every((r) => r.blocks.length <= 1)) return false;
    if (!isMemoryEffectFree(op)) {
      if (!hasSingleEffect(op, 'read')) return false;
      const key = cseHash(op);
      const existing = known.lookup(op, key);
      if (existing && existing.parent === op.parent && !this.hasOtherSideEffectingOpInBetween(existing, op)) {
        this.replaceUsesAndDelete(known, op, existing, ssaDominance);
        return true;
      }
      known.insert(op, key);
      return false;
    }
    const key = cseHash(op);
    const existing = known.lookup(op, key);
    if (existing) {
      this.replaceUsesAndDelete(known, op, existing, ssaDominance);
      this.numCSE++;
      return true;
    }
    known.insert(op, key);
    return false;
  }

  private simplifyBlock(known: KnownOps, block: Block, ssaDominance: boolean): void {
    // Nothing is erased or moved during the walk (erasure waits for the end): follow the op list itself.
    for (let op = block.firstOp; op; op = op.nextInBlock) {
      if (op.regions.length) {
        if (mightBeIsolatedFromAbove(op)) {
          const nested = new KnownOps();
          for (const r of op.regions) this.simplifyRegion(nested, r);
        } else {
          for (const r of op.regions) this.simplifyRegion(known, r);
        }
      }
      this.simplifyOperation(known, op, ssaDominance);
    }
    this.memEffectsCache.clear();
  }

  simplifyRegion(known: KnownOps, region: Region): void {
    if (region.blocks.length === 0) return;
    const ssa = hasSSADominance(region);
    if (region.blocks.length === 1) {
      known.pushScope();
      this.simplifyBlock(known, region.blocks[0]!, ssa);
      known.popScope();
      return;
    }
    if (!ssa) return;
    const root = dominatorTree(region);
    if (!root) return;
    const visit = (n: DomTreeNode): void => {
      known.pushScope();
      this.simplifyBlock(known, n.block, ssa);
      for (const c of n.children) visit(c);
      known.popScope();
    };
    visit(root);
  }

  simplify(op: Operation): boolean {
    const known = new KnownOps();
    for (const r of op.regions) this.simplifyRegion(known, r);
    if (this.opsToErase.length === 0) return false;
    for (const o of this.opsToErase) {
      for (const r of o.results) r.dropAllUses();
      this.rewriter.eraseOp(o);
    }
    this.opsToErase.length = 0;
    return true;
  }
}

/** Runs CSE on the regions nested in `op` (MLIR's eliminateCommonSubExpressions). */
export function eliminateCommonSubExpressions(op: Operation, rewriter: Rewriter = new IRRewriter()): CSEResult {
  const d = new CSEDriver(rewriter);
  const changed = d.simplify(op);
  return { changed, numCSE: d.numCSE, numDCE: d.numDCE };
}

/** The `cse` pass. */
export function runCSE(module: Operation): CSEResult {
  return eliminateCommonSubExpressions(module);
}

export const CSE_PASS = registerPass({
  name: 'cse',
  className: 'CSE',
  description: 'Eliminate common sub-expressions',
  run(module) {
    runCSE(module);
  },
});
