/**
 * The greedy pattern rewrite driver (MLIR's GreedyPatternRewriteDriver.cpp, applyPatternsGreedily), with
 * MLIR's exact processing order, so that rewritten IR prints identically:
 *
 * Each iteration (at most `maxIterations`, default 10):
 * 1. A fresh OperationFolder; the region is walked (pre-order when `useTopDownTraversal`, as the
 *    canonicalizer asks; post-order otherwise, MLIR's GreedyRewriteConfig default). Every constant op is offered to `insertKnownConstant` (duplicates in the same
 *    insertion region are replaced by the first one and erased; survivors are hoisted to the front of the
 *    entry block of their insertion region, keeping their relative order when already adjacent there);
 *    every other op is added to the worklist (with its ancestors inside the scope). For top-down traversal
 *    the worklist is then reversed, so ops are popped in pre-order.
 * 2. Unreachable blocks are erased.
 * 3. Worklist processing (LIFO; an op already queued is not queued again): pop an op;
 *    - if it is trivially dead (unused, no effects other than reads/own allocations), erase it;
 *    - else (folding enabled, op not ConstantLike) try to fold it: in-place folds re-queue the op;
 *      attribute results are materialized by the op's dialect right before the op, then the op is
 *      replaced (users re-queued through the modification notifications) and erased;
 *    - else try the patterns for the op (highest benefit first).
 *    Notifications: inserted ops are queued (with their ancestors); modified ops are queued; erased ops
 *    are dequeued and the defining ops of their operands that have at most one other user are queued.
 * 4. Region simplification ('normal': unreachable blocks + region DCE; 'aggressive' also merges identical
 *    blocks and drops redundant block arguments; 'disabled').
 * Iterate while anything changed.
 */
import type { Attribute } from '../attribute.js';
import type { InsertPoint } from '../builder.js';
import { exceptionAsOpError } from '../diagnostics.js';
import type { Block, Operation, Region, Value } from '../ir.js';
import { PatternRewriter, type RewriterListener } from '../rewriter.js';
import { isConstantLike, isOpTriviallyDead } from '../traits.js';
import { OperationFolder } from './fold-utils.js';
import { PatternApplicator, type RewritePattern } from './pattern.js';
import { eraseUnreachableBlocks, hasUnreachableBlock, simplifyRegions } from './region-utils.js';
import { constantValueOfOp, dialectOf, foldOperation, isValue, materializeConstant, mayFold, type OpFoldResult } from './registry.js';

export type RegionSimplificationLevel = 'disabled' | 'normal' | 'aggressive';
export type GreedyRewriteStrictness = 'any-op' | 'existing-and-new-ops' | 'existing-ops';

export interface GreedyRewriteConfig {
  /** Seed the worklist in pre-order (default false, as MLIR's GreedyRewriteConfig; the canonicalizer sets it). */
  useTopDownTraversal?: boolean;
  /** Maximum number of iterations (default 10; -1 for no limit). */
  maxIterations?: number;
  /** Maximum number of pattern rewrites per iteration (default -1: no limit). */
  maxNumRewrites?: number;
  /** Region simplification after each iteration (default 'aggressive', as MLIR's GreedyRewriteConfig). */
  regionSimplification?: RegionSimplificationLevel;
  /** Fold ops (default true). */
  fold?: boolean;
  /** Unique and hoist constants when seeding the worklist (default true). */
  cseConstants?: boolean;
  /** Which ops may be rewritten (default 'any-op'). */
  strictMode?: GreedyRewriteStrictness;
  /** Also told about every change. */
  listener?: RewriterListener;
  /** Only ops inside this region are queued (default: the region being simplified). */
  scope?: Region;
}

export const NO_LIMIT = -1;

/**
 * A LIFO worklist with set semantics and O(1) removal. Membership is kept on the op itself
 * (`Operation.worklistOwner` / `worklistSlot`), which is much cheaper than a Map on worklists of a lowered
 * module's tens of thousands of ops; an op that another live worklist (a nested driver's) already holds falls
 * back to this worklist's `others` map.
 *
 * `reverse()` (after top-down seeding) does not move anything: the slots below `fifoEnd` are from then on read
 * as the reversed bottom of the list, consumed from `fifoNext` upwards once the stack above them is empty. The
 * pop order is the reversed list's, without rewriting every seeded op's slot.
 */
class Worklist {
  private list: (Operation | undefined)[] = [];
  private readonly others = new Map<Operation, number>();
  private size = 0;
  /** Slots [fifoNext, fifoEnd) hold the reversed part, its logical top at fifoNext. */
  private fifoEnd = 0;
  private fifoNext = 0;
  clear(): void {
    for (const op of this.list) if (op && op.worklistOwner === this) op.worklistOwner = undefined;
    this.list = [];
    this.others.clear();
    this.size = 0;
    this.fifoEnd = 0;
    this.fifoNext = 0;
  }
  empty(): boolean {
    return this.size === 0;
  }
  private has(op: Operation): boolean {
    return op.worklistOwner === this || (this.others.size !== 0 && this.others.has(op));
  }
  private place(op: Operation, slot: number): void {
    if (this.others.size !== 0 && this.others.has(op)) this.others.set(op, slot);
    else if (op.worklistOwner === undefined || op.worklistOwner === this) {
      op.worklistOwner = this;
      op.worklistSlot = slot;
    } else this.others.set(op, slot);
  }
  private forget(op: Operation): void {
    if (op.worklistOwner === this) op.worklistOwner = undefined;
    else this.others.delete(op);
  }
  push(op: Operation): void {
    if (this.has(op)) return;
    this.place(op, this.list.length);
    this.list.push(op);
    this.size++;
  }
  pop(): Operation {
    const list = this.list;
    this.trimStack();
    let op: Operation;
    if (list.length > this.fifoEnd) op = list.pop()!;
    else {
      while (!list[this.fifoNext]) this.fifoNext++;
      op = list[this.fifoNext]!;
      list[this.fifoNext++] = undefined;
    }
    this.forget(op);
    this.size--;
    this.trimStack();
    return op;
  }
  /** Drops the holes at the top of the stack part. */
  private trimStack(): void {
    const list = this.list;
    while (list.length > this.fifoEnd && !list[list.length - 1]) list.pop();
  }
  remove(op: Operation): void {
    if (!this.has(op)) return;
    const i = op.worklistOwner === this ? op.worklistSlot : this.others.get(op)!;
    this.list[i] = undefined;
    this.forget(op);
    this.size--;
  }
  /** Reverses the list; only valid right after seeding a cleared list (nothing popped yet). */
  reverse(): void {
    if (this.fifoEnd !== 0 || this.fifoNext !== 0) throw new Error('Worklist.reverse: the list was already reversed');
    this.trimStack();
    this.fifoEnd = this.list.length;
  }
}

class GreedyPatternRewriteDriver implements RewriterListener {
  readonly worklist = new Worklist();
  readonly rewriter: PatternRewriter;
  readonly matcher: PatternApplicator;
  readonly strictModeFilteredOps = new Set<Operation>();
  /** The regions with several blocks that the last seeding walked through. */
  private readonly seededRegions: Region[] = [];
  readonly config: Required<Omit<GreedyRewriteConfig, 'listener' | 'scope'>> & Pick<GreedyRewriteConfig, 'listener' | 'scope'>;

  constructor(patterns: PatternApplicator, config: GreedyRewriteConfig) {
    this.matcher = patterns;
    this.config = {
      useTopDownTraversal: config.useTopDownTraversal ?? false,
      maxIterations: config.maxIterations ?? 10,
      maxNumRewrites: config.maxNumRewrites ?? NO_LIMIT,
      regionSimplification: config.regionSimplification ?? 'aggressive',
      fold: config.fold ?? true,
      cseConstants: config.cseConstants ?? true,
      strictMode: config.strictMode ?? 'any-op',
      listener: config.listener,
      scope: config.scope,
    };
    this.rewriter = new PatternRewriter(this);
  }

  // ----- worklist management -----

  addSingleOpToWorklist(op: Operation): void {
    if (this.config.strictMode === 'any-op' || this.strictModeFilteredOps.has(op)) this.worklist.push(op);
  }

  /** Queues `op` and its ancestors up to the scope region (nothing if `op` is outside the scope). */
  addToWorklist(op: Operation): void {
    const scope = this.config.scope;
    // The common case, an op right in the scope region, needs no walk up.
    if (op.parent?.parent === scope) {
      this.addSingleOpToWorklist(op);
      return;
    }
    // Find the ancestor (or op itself) right in the scope region, then queue op and its ancestors up to it, in
    // that order (as MLIR gathers them), without a list of ancestors.
    let top: Operation = op;
    for (;;) {
      const region: Region | undefined = top.parent?.parent;
      if (region === scope) break;
      if (!region || !region.parent) return;
      top = region.parent;
    }
    for (let cur: Operation = op; ; cur = cur.parent!.parent!.parent!) {
      this.addSingleOpToWorklist(cur);
      if (cur === top) return;
    }
  }

  private addOperandsToWorklist(op: Operation): void {
    for (const slot of op.operands) {
      const operand = slot.value;
      const def = operand.definingOp;
      if (!def) continue;
      let otherUser: Operation | undefined;
      let moreThanTwo = false;
      for (let use = operand.firstUse; use; use = use.nextUse) {
        const user = use.owner;
        if (user === op || user === otherUser) continue;
        if (!otherUser) {
          otherUser = user;
          continue;
        }
        moreThanTwo = true;
        break;
      }
      if (moreThanTwo) continue;
      this.addToWorklist(def);
    }
  }

  // ----- listener -----

  notifyOperationInserted(op: Operation, previous: InsertPoint | undefined): void {
    this.config.listener?.notifyOperationInserted?.(op, previous);
    if (this.config.strictMode === 'existing-and-new-ops') this.strictModeFilteredOps.add(op);
    this.addToWorklist(op);
  }
  notifyOperationModified(op: Operation): void {
    this.config.listener?.notifyOperationModified?.(op);
    this.addToWorklist(op);
  }
  notifyOperationErased(op: Operation): void {
    this.config.listener?.notifyOperationErased?.(op);
    this.addOperandsToWorklist(op);
    this.worklist.remove(op);
    if (this.config.strictMode !== 'any-op') this.strictModeFilteredOps.delete(op);
  }
  notifyOperationReplaced(op: Operation, replacement: readonly Value[]): void {
    this.config.listener?.notifyOperationReplaced?.(op, replacement);
  }
  notifyBlockInserted(block: Block, previousRegion: Region | undefined, previousIndex: number | undefined): void {
    this.config.listener?.notifyBlockInserted?.(block, previousRegion, previousIndex);
  }
  notifyBlockErased(block: Block): void {
    this.config.listener?.notifyBlockErased?.(block);
  }
  notifyMatchFailure(op: Operation | undefined, reason: string): void {
    this.config.listener?.notifyMatchFailure?.(op, reason);
  }

  // ----- processing -----

  /** Processes the worklist until empty (or the rewrite limit); returns whether anything changed. */
  processWorklist(): boolean {
    let changed = false;
    let numRewrites = 0;
    const limit = this.config.maxNumRewrites;
    while (!this.worklist.empty() && (limit === NO_LIMIT || numRewrites < limit)) {
      const op = this.worklist.pop();
      try {
        const r = this.processOp(op);
        if (r !== 'unchanged') changed = true;
        if (r === 'rewritten') numRewrites++;
      } catch (e) {
        // A pattern or folder choked on this op (bad layout parameters, ...): report it at the op.
        throw exceptionAsOpError(op, e) ?? e;
      }
    }
    return changed;
  }

  /** Erases, folds or rewrites one op from the worklist. */
  private processOp(op: Operation): 'unchanged' | 'changed' | 'rewritten' {
    if (isOpTriviallyDead(op)) {
      this.rewriter.eraseOp(op);
      return 'changed';
    }

    if (this.config.fold && !isConstantLike(op) && mayFold(op)) {
      const foldResults: OpFoldResult[] = [];
      if (foldOperation(op, foldResults)) {
        if (foldResults.length === 0) {
          this.notifyOperationModified(op);
          return 'changed';
        }
        if (this.materializeAndReplace(op, foldResults)) return 'changed';
      }
    }

    return this.matcher.matchAndRewrite(op, this.rewriter) ? 'rewritten' : 'unchanged';
  }

  /** Replaces `op` by its fold results, materializing attributes right before it; false if impossible. */
  private materializeAndReplace(op: Operation, foldResults: readonly OpFoldResult[]): boolean {
    if (foldResults.length !== op.results.length) throw new Error(`folder of ${op.name} produced ${foldResults.length} results`);
    // Folds to existing values (the common case: an extractvalue of an insertvalue chain) need no constant, so no
    // insertion point either.
    if (foldResults.every(isValue)) {
      for (let i = 0; i < foldResults.length; i++) {
        const type = op.result(i).type;
        if (foldResults[i]!.type !== type) throw new Error(`folder of ${op.name} produced a value of type ${foldResults[i]!.type.key}, expected ${type.key}`);
      }
      this.rewriter.replaceOp(op, foldResults as Value[]);
      return true;
    }
    return this.rewriter.withInsertionGuard(() => {
      this.rewriter.setInsertionPoint(op);
      const replacements: Value[] = [];
      const created: Operation[] = [];
      for (let i = 0; i < foldResults.length; i++) {
        const fr = foldResults[i]!;
        const type = op.result(i).type;
        if (isValue(fr)) {
          if (fr.type !== type) throw new Error(`folder of ${op.name} produced a value of type ${fr.type.key}, expected ${type.key}`);
          replacements.push(fr);
          continue;
        }
        const c = materializeConstant(dialectOf(op.name), this.rewriter, fr as Attribute, type, op.loc);
        if (!c) {
          for (const x of created) this.rewriter.eraseOp(x);
          return false;
        }
        if (!isConstantLike(c) || c.result(0).type !== type) throw new Error(`constant materializer of ${dialectOf(op.name)} produced a bad constant`);
        created.push(c);
        replacements.push(c.result(0));
      }
      this.rewriter.replaceOp(op, replacements);
      return true;
    });
  }

  /** Seeds the worklist for one iteration, uniquing/hoisting constants with `folder`. */
  seed(region: Region, folder: OperationFolder): void {
    this.seededRegions.length = 0;
    if (!this.config.useTopDownTraversal) {
      this.seedPostOrder(region, folder);
    } else {
      this.seedPreOrder(region, folder);
      this.worklist.reverse();
    }
  }

  /** Whether `op` stays after constant uniquing (false: it was a duplicate constant, now erased). */
  private keepAfterConstantUniquing(op: Operation, folder: OperationFolder): boolean {
    if (!this.config.cseConstants || !isConstantLike(op)) return true;
    const value = constantValueOfOp(op);
    return value === undefined || folder.insertKnownConstant(op, value);
  }

  /**
   * Pre-order seeding (MLIR's region.walk<PreOrder>): blocks in order, ops early-increment (the next op is taken
   * before the current one is visited, which may move it to the front of its block or erase it); a uniqued or
   * erased constant's regions are skipped.
   */
  private seedPreOrder(region: Region, folder: OperationFolder): void {
    if (region.blocks.length > 1) this.seededRegions.push(region);
    for (const block of region.blocks) {
      for (let op = block.firstOp; op; ) {
        const next: Operation | undefined = op.nextInBlock;
        if (this.keepAfterConstantUniquing(op, folder)) {
          this.addToWorklist(op);
          for (const r of op.regions) this.seedPreOrder(r, folder);
        }
        op = next;
      }
    }
  }

  /** Post-order seeding (MLIR's region.walk): nested ops before their parent, ops early-increment. */
  private seedPostOrder(region: Region, folder: OperationFolder): void {
    if (region.blocks.length > 1) this.seededRegions.push(region);
    for (const block of region.blocks) {
      for (let op = block.firstOp; op; ) {
        const next: Operation | undefined = op.nextInBlock;
        for (const r of op.regions) this.seedPostOrder(r, folder);
        if (this.keepAfterConstantUniquing(op, folder)) this.addToWorklist(op);
        op = next;
      }
    }
  }

  /** Simplifies `region`; returns whether it converged and whether anything changed. */
  simplify(region: Region): { converged: boolean; changed: boolean } {
    let continueRewrites = false;
    let iteration = 0;
    const max = this.config.maxIterations;
    do {
      if (++iteration > max && max !== NO_LIMIT) break;
      this.worklist.clear();
      const folder = new OperationFolder(this);
      this.seed(region, folder);
      continueRewrites = false;
      // Seeding saw every region with several blocks (nothing changes blocks in between): erasure has work only
      // where one of them has an unreachable block.
      if (this.seededRegions.some(hasUnreachableBlock) && eraseUnreachableBlocks(this.rewriter, [region])) continueRewrites = true;
      if (this.processWorklist()) continueRewrites = true;
      const level = this.config.regionSimplification;
      if (level !== 'disabled' && simplifyRegions(this.rewriter, [region], level === 'aggressive')) continueRewrites = true;
    } while (continueRewrites);
    // Release the ops still queued (a rewrite limit was hit), so that later worklists use their own slots.
    this.worklist.clear();
    return { converged: !continueRewrites, changed: iteration > 1 };
  }
}

/** Pre-order walk of the ops in `region` (blocks in order, ops early-increment); `fn` returns false to skip an op's regions. */
export function walkPreOrder(region: Region, fn: (op: Operation) => boolean): void {
  for (const block of region.blocks) {
    for (const op of [...block.ops]) {
      if (!fn(op)) continue;
      for (const r of op.regions) walkPreOrder(r, fn);
    }
  }
}

/** Post-order walk of the ops in `region` (nested ops before their parent). */
export function walkPostOrder(region: Region, fn: (op: Operation) => void): void {
  for (const block of region.blocks) {
    for (const op of [...block.ops]) {
      for (const r of op.regions) walkPostOrder(r, fn);
      fn(op);
    }
  }
}

export interface GreedyResult {
  /** False if the iteration limit was reached while the IR was still changing. */
  converged: boolean;
  changed: boolean;
}

/**
 * Applicators built for pattern lists, by list: passes call the driver with the same constant list many times
 * (remove-layout-conversions' cleanups), and freezing (grouping and sorting) it each time showed in profiles.
 * An entry is reused only while the list holds the same patterns.
 */
const applicators = new WeakMap<readonly RewritePattern[], { patterns: RewritePattern[]; applicator: PatternApplicator }>();

function toApplicator(patterns: PatternApplicator | readonly RewritePattern[]): PatternApplicator {
  if (patterns instanceof PatternApplicator) return patterns;
  const hit = applicators.get(patterns);
  if (hit && hit.patterns.length === patterns.length && hit.patterns.every((p, i) => p === patterns[i])) return hit.applicator;
  const applicator = new PatternApplicator(patterns);
  applicators.set(patterns, { patterns: [...patterns], applicator });
  return applicator;
}

/** Applies `patterns` (and folding) greedily to the ops nested in `region` (MLIR's applyPatternsGreedily(Region&)). */
export function applyPatternsGreedilyInRegion(
  region: Region,
  patterns: PatternApplicator | readonly RewritePattern[],
  config: GreedyRewriteConfig = {},
): GreedyResult {
  const driver = new GreedyPatternRewriteDriver(toApplicator(patterns), { ...config, scope: config.scope ?? region });
  if (driver.config.strictMode !== 'any-op') walkPostOrder(region, (op) => driver.strictModeFilteredOps.add(op));
  return driver.simplify(region);
}

/** Applies `patterns` greedily to every region of `op` (MLIR's applyPatternsGreedily(Operation*)); `op` itself is not rewritten. */
export function applyPatternsGreedily(
  op: Operation,
  patterns: PatternApplicator | readonly RewritePattern[],
  config: GreedyRewriteConfig = {},
): GreedyResult {
  const applicator = toApplicator(patterns);
  let converged = true;
  let changed = false;
  for (const r of op.regions) {
    const res = applyPatternsGreedilyInRegion(r, applicator, config);
    converged &&= res.converged;
    changed ||= res.changed;
  }
  return { converged, changed };
}

/**
 * Applies `patterns` to the given ops (MLIR's applyOpPatternsGreedily): the worklist starts with `ops`; ops
 * created or touched by rewrites are processed too unless `strictMode` ('existing-ops' /
 * 'existing-and-new-ops') excludes them (default 'any-op'). No constant seeding, no region simplification.
 */
export function applyOpPatternsGreedily(
  ops: readonly Operation[],
  patterns: PatternApplicator | readonly RewritePattern[],
  config: GreedyRewriteConfig = {},
): GreedyResult & { allErased: boolean } {
  if (ops.length === 0) return { converged: true, changed: false, allErased: true };
  const surviving = new Set(ops);
  const userListener = config.listener;
  const listener: RewriterListener = {
    ...userListener,
    notifyOperationErased(op) {
      userListener?.notifyOperationErased?.(op);
      surviving.delete(op);
    },
  };
  const driver = new GreedyPatternRewriteDriver(toApplicator(patterns), {
    ...config,
    strictMode: config.strictMode ?? 'any-op',
    scope: config.scope ?? commonAncestorRegion(ops),
    listener,
  });
  if (driver.config.strictMode !== 'any-op') for (const op of ops) driver.strictModeFilteredOps.add(op);
  for (const op of ops) driver.addSingleOpToWorklist(op);
  const changed = driver.processWorklist();
  const converged = driver.worklist.empty();
  driver.worklist.clear();
  return { converged, changed, allErased: surviving.size === 0 };
}

function commonAncestorRegion(ops: readonly Operation[]): Region | undefined {
  let region: Region | undefined = ops[0]!.parent?.parent;
  const contains = (r: Region, op: Operation): boolean => {
    for (let o: Operation | undefined = op; o; o = o.parent?.parent?.parent) if (o.parent?.parent === r) return true;
    return false;
  };
  while (region) {
    if (ops.every((op) => contains(region!, op))) return region;
    region = region.parent?.parent?.parent;
  }
  return undefined;
}
