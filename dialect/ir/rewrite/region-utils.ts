/**
 * Region simplification, as MLIR's RegionUtils.cpp: unreachable-block erasure, region DCE (an optimistic
 * liveness analysis that also removes dead cycles and dead non-entry block arguments), identical-block
 * merging and redundant block-argument dropping. `simplifyRegions` runs the first two, and the last two
 * when `mergeBlocks` is set (the greedy driver's 'aggressive' level; the canonicalizer uses 'normal').
 */
import { Block, type Operation, type Region, type Value, BlockArgument, OpResult, newOpMark } from '../ir.js';
import type { Rewriter } from '../rewriter.js';
import { postOrderBlocks } from '../rewriter.js';
import {
  isBranchOp,
  isTerminator,
  setSuccessorOperands,
  successorOperandRange,
  successorOperands,
  wouldOpBeTriviallyDead,
} from '../traits.js';
import { operationsEquivalent } from './equivalence.js';

/** Blocks reachable from the region's entry (depth-first). */
function reachableBlocks(region: Region): Set<Block> {
  const seen = new Set<Block>();
  const entry = region.blocks[0];
  if (!entry) return seen;
  const stack = [entry];
  seen.add(entry);
  while (stack.length) {
    const b = stack.pop()!;
    for (const s of b.successors) {
      if (!seen.has(s) && s.parent === region) {
        seen.add(s);
        stack.push(s);
      }
    }
  }
  return seen;
}

/** Whether `region` has a block not reachable from its entry (nested regions not looked at). */
export function hasUnreachableBlock(region: Region): boolean {
  return region.blocks.length > 1 && reachableBlocks(region).size !== region.blocks.length;
}

/** Erases the blocks of `regions` (and nested regions) not reachable from their entry block. */
export function eraseUnreachableBlocks(rewriter: Rewriter, regions: readonly Region[]): boolean {
  let erased = false;
  const worklist = [...regions];
  while (worklist.length) {
    const region = worklist.pop()!;
    if (region.blocks.length === 0) continue;
    if (region.blocks.length === 1) {
      pushNestedRegions(region.blocks[0]!, worklist);
      continue;
    }
    const reachable = reachableBlocks(region);
    for (const block of [...region.blocks]) {
      if (!reachable.has(block)) {
        dropAllDefinedValueUses(block);
        rewriter.eraseBlock(block);
        erased = true;
        continue;
      }
      pushNestedRegions(block, worklist);
    }
  }
  return erased;
}

/** Pushes the regions of `block`'s ops, in op order (through the op list: no array view of a large block). */
function pushNestedRegions(block: Block, out: Region[]): void {
  for (let op = block.firstOp; op; op = op.nextInBlock) if (op.regions.length !== 0) for (const r of op.regions) out.push(r);
}

/** Drops every use of values defined in `block` (including nested regions), as Block::dropAllDefinedValueUses. */
function dropAllDefinedValueUses(block: Block): void {
  const drop = (v: Value): void => {
    v.dropAllUses();
  };
  for (const a of block.args) drop(a);
  for (const op of block.ops) op.walk((o) => {
    for (const r of o.results) drop(r);
    for (const reg of o.regions) for (const b of reg.blocks) for (const a of b.args) drop(a);
  });
}

// ---------------------------------------------------------------------------------------------------
// Region DCE

/**
 * Region DCE's liveness: the least fixed point of MLIR's rules (RegionUtils.cpp propagateLiveness), which MLIR
 * reaches by sweeping the regions backwards until nothing changes:
 * - a terminator is live, and a non-branch terminator makes every argument of its successors live;
 * - an op that would not be trivially dead when unused is live;
 * - an op is live when one of its results is, and a value is live when a live op uses it, except where a branch
 *   terminator forwards it to a successor argument that is not live.
 * Computed here with a worklist instead of sweeps (each value's uses are looked at once, not once per sweep): the
 * least fixed point of these monotone rules does not depend on the order, so the outcome is the sweeps'.
 * Only ops in blocks reachable from their region's entry take part, as in the sweeps.
 */
class LiveMap {
  private readonly liveArgs = new Set<BlockArgument>();
  /**
   * Operation.mark: `live` once proven live (possibly before the walk reaches the op: a user marks its operands'
   * definitions), `visitedDead` for an op the walk reached while not proven live.
   */
  private readonly visitedDead = newOpMark();
  private readonly live = newOpMark();
  /** Ops proven live after the walk passed them, whose operands are still to be marked live. */
  private readonly pending: Operation[] = [];
  private numOps = 0;
  private numLive = 0;
  /**
   * The reachable blocks of the regions with several blocks taking part: deleteDeadness erases their dead arguments
   * (entry blocks' excepted) and drops the operands their branches forward to dead arguments.
   */
  private readonly multiBlockRegionBlocks: Block[] = [];
  /** Whether some region taking part has a block not reachable from its entry. */
  sawUnreachableBlock = false;

  /**
   * One walk over the regions, backwards (blocks in post-order, ops last to first, nested regions before their op)
   * so that users are mostly decided before the ops they use; what a later discovery (a loop's back edge, a block
   * argument) proves live is propagated from a worklist.
   */
  constructor(regions: readonly Region[]) {
    for (const r of regions) this.visitRegion(r);
    for (let op = this.pending.pop(); op; op = this.pending.pop()) this.markOperands(op);
  }

  private visitRegion(region: Region): void {
    const entry = region.blocks[0];
    if (!entry) return;
    let blocks: Block[];
    if (region.blocks.length === 1) blocks = [entry];
    else {
      blocks = postOrderBlocks(entry);
      if (blocks.length !== region.blocks.length) this.sawUnreachableBlock = true;
      for (const b of blocks) this.multiBlockRegionBlocks.push(b);
    }
    for (const block of blocks) for (let op = block.lastOp; op; op = op.prevInBlock) this.visitOp(op);
  }

  private visitOp(op: Operation): void {
    this.numOps++;
    for (const r of op.regions) this.visitRegion(r);
    const terminator = isTerminator(op);
    if (op.mark !== this.live) {
      if (!terminator && wouldOpBeTriviallyDead(op)) {
        op.mark = this.visitedDead;
        return;
      }
      op.mark = this.live;
    }
    this.numLive++;
    // A terminator that forwards no operands (not a branch) keeps all its successors' arguments.
    if (terminator && !isBranchOp(op)) for (const s of op.successors) for (const a of s.args) this.markArg(a);
    this.markOperands(op);
  }

  /** Proves `op` live; an op the walk already passed has its operands marked from the worklist. */
  private markOp(op: Operation): void {
    const mark = op.mark;
    if (mark === this.live) return;
    op.mark = this.live;
    if (mark === this.visitedDead) {
      this.numLive++;
      this.pending.push(op);
    }
  }

  private markValue(v: Value): void {
    if (v instanceof OpResult) this.markOp(v.owner);
    else this.markArg(v as BlockArgument);
  }

  private markArg(a: BlockArgument): void {
    if (this.liveArgs.has(a)) return;
    this.liveArgs.add(a);
    // The operands live branch terminators forward to `a` were held back until now.
    const block = a.owner;
    const region = block.parent;
    if (!region) return;
    for (const pred of region.blocks) {
      const t = pred.terminator;
      if (!t || t.mark !== this.live || !t.successors.includes(block) || !isTerminator(t) || !isBranchOp(t)) continue;
      // The operand each edge to `block` forwards to `a` (checked against the operand's own mapping).
      for (let succ = 0; succ < t.successors.length; succ++) {
        if (t.successors[succ] !== block) continue;
        const r = successorOperandRange(t, succ);
        if (!r || a.index >= r.count) continue;
        const i = r.start + a.index;
        if (successorBlockArgument(t, i) === a) this.markValue(t.operands[i]!.value);
      }
    }
  }

  /** A live op's operands are live, but for those a branch forwards to a successor argument not (yet) live. */
  private markOperands(op: Operation): void {
    const operands = op.operands;
    // The trait first: it is read from the (shared) definition, the successor list from the op.
    const branch = operands.length !== 0 && isTerminator(op) && op.successors.length !== 0 && isBranchOp(op);
    for (let i = 0; i < operands.length; i++) {
      if (branch) {
        const arg = successorBlockArgument(op, i);
        if (arg !== undefined && !this.liveArgs.has(arg)) continue;
      }
      this.markValue(operands[i]!.value);
    }
  }

  /**
   * Whether deleteDeadness could find anything to erase: a dead op, a dead argument of a reachable block or one
   * a branch forwards an operand to, or arguments of unreachable blocks (which it erases too).
   */
  hasDeadness(): boolean {
    if (this.sawUnreachableBlock || this.numLive !== this.numOps) return true;
    for (const b of this.multiBlockRegionBlocks) {
      if (b !== b.parent?.blocks[0]) for (const a of b.args) if (!this.liveArgs.has(a)) return true;
      const t = b.terminator;
      if (t && isBranchOp(t)) for (const s of t.successors) for (const a of s.args) if (!this.liveArgs.has(a)) return true;
    }
    return false;
  }

  wasProvenLive(x: Value | Operation): boolean {
    if (x instanceof OpResult) return x.owner.mark === this.live;
    if (x instanceof BlockArgument) return this.liveArgs.has(x);
    return (x as Operation).mark === this.live;
  }
}

/** The successor block argument an operand of a branch op is forwarded to, if any. */
function successorBlockArgument(op: Operation, operandIndex: number): BlockArgument | undefined {
  for (let s = 0; s < op.successors.length; s++) {
    const r = successorOperandRange(op, s);
    if (r && operandIndex >= r.start && operandIndex < r.start + r.count) return op.successors[s]!.args[operandIndex - r.start];
  }
  return undefined;
}

function eraseTerminatorSuccessorOperands(terminator: Operation | undefined, live: LiveMap): void {
  if (!terminator || !isBranchOp(terminator)) return;
  for (let s = terminator.successors.length - 1; s >= 0; s--) {
    const vals = successorOperands(terminator, s);
    if (!vals) continue;
    const succ = terminator.successors[s]!;
    const kept = vals.filter((_v, i) => live.wasProvenLive(succ.args[i]!));
    if (kept.length !== vals.length) setSuccessorOperands(terminator, s, kept);
  }
}

function deleteDeadness(rewriter: Rewriter, regions: readonly Region[], live: LiveMap): boolean {
  let erased = false;
  for (const region of regions) {
    const entry = region.blocks[0];
    if (!entry) continue;
    const single = region.blocks.length === 1;
    for (const block of postOrderBlocks(entry)) {
      if (!single) eraseTerminatorSuccessorOperands(block.terminator, live);
      // Last op first, early-increment: erasing an op takes only it (and its nested ops) out of the block.
      for (let op = block.lastOp; op; ) {
        const prev: Operation | undefined = op.prevInBlock;
        if (!live.wasProvenLive(op)) {
          erased = true;
          for (const r of op.results) r.dropAllUses();
          rewriter.eraseOp(op);
        } else if (op.regions.length !== 0 && deleteDeadness(rewriter, op.regions, live)) erased = true;
        op = prev;
      }
    }
    for (const block of region.blocks.slice(1)) {
      for (let i = block.args.length - 1; i >= 0; i--) {
        const a = block.args[i]!;
        if (!live.wasProvenLive(a)) {
          a.dropAllUses();
          block.eraseArgument(i);
        }
      }
    }
  }
  return erased;
}

/**
 * Optimistic dead code elimination over `regions`: erases ops whose results are (transitively) unused and
 * that have no effects, and dead arguments of non-entry blocks with their forwarded branch operands.
 */
export function runRegionDCE(rewriter: Rewriter, regions: readonly Region[]): boolean {
  const live = new LiveMap(regions);
  return live.hasDeadness() && deleteDeadness(rewriter, regions, live);
}

// ---------------------------------------------------------------------------------------------------
// Identical block merging

interface BlockData {
  block: Block;
  hash: string;
  order: Map<Operation, number>;
}

function blockData(block: Block): BlockData {
  const order = new Map<Operation, number>();
  let it = block.args.length;
  const parts: string[] = [];
  for (const op of block.ops) {
    if (op.results.length) {
      order.set(op, it);
      it += op.results.length;
    }
    parts.push(opShapeKey(op));
  }
  return { block, hash: parts.join(';'), order };
}

/** A hash of an op ignoring operands, results and locations. */
function opShapeKey(op: Operation): string {
  const attrs = [...op.attributes].map(([k, v]) => `${k}=${v.key}`).sort().join(',');
  return `${op.name}{${attrs}}(${op.results.map((r) => r.type.key).join(',')})`;
}

function orderOf(data: BlockData, v: Value): number {
  if (v instanceof BlockArgument) return v.index;
  const r = v as OpResult;
  return data.order.get(r.owner)! + r.index;
}

function usedOutsideOfBlock(values: readonly Value[], block: Block): boolean {
  return values.some((v) => v.uses.some((u) => u.owner.parent !== block));
}

class BlockMergeCluster {
  readonly blocksToMerge: Block[] = [];
  readonly operandsToMerge: [number, number][] = [];
  constructor(readonly leader: BlockData) {}

  addToCluster(data: BlockData): boolean {
    if (this.leader.hash !== data.hash) return false;
    const lb = this.leader.block;
    const mb = data.block;
    if (lb.args.length !== mb.args.length || lb.args.some((a, i) => a.type !== mb.args[i]!.type)) return false;
    if (lb.ops.length !== mb.ops.length) return false;
    const mismatched: [number, number][] = [];
    for (let opI = 0; opI < lb.ops.length; opI++) {
      const l = lb.ops[opI]!;
      const r = mb.ops[opI]!;
      if (!operationsEquivalent(l, r, { ignoreOperands: true })) return false;
      for (let k = 0; k < l.operands.length; k++) {
        const lv = l.operand(k);
        const rv = r.operand(k);
        if (lv === rv) continue;
        if (lv.type !== rv.type) return false;
        const lIn = lv.parentBlock === lb;
        const rIn = rv.parentBlock === mb;
        if (lIn !== rIn) return false;
        if (!lIn) {
          const validSuccessorArg = (block: Block, operand: Value): boolean => {
            const def = operand.definingOp;
            if (!def || def !== operand.parentBlock?.terminator) return true;
            return !block.predecessors.includes(operand.parentBlock!);
          };
          if (!validSuccessorArg(lb, lv) || !validSuccessorArg(mb, rv)) return false;
          mismatched.push([opI, k]);
          continue;
        }
        if (orderOf(this.leader, lv) !== orderOf(data, rv)) return false;
      }
      if (usedOutsideOfBlock(r.results, mb) || usedOutsideOfBlock(l.results, lb)) return false;
    }
    for (const m of mismatched) if (!this.operandsToMerge.some((x) => x[0] === m[0] && x[1] === m[1])) this.operandsToMerge.push(m);
    this.operandsToMerge.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    this.blocksToMerge.push(mb);
    return true;
  }

  merge(rewriter: Rewriter): boolean {
    if (this.blocksToMerge.length === 0) return false;
    const leader = this.leader.block;
    if (this.operandsToMerge.length) {
      const ableToUpdate = (b: Block): boolean => b.predecessors.every((p) => isBranchOp(p.terminator!));
      if (!ableToUpdate(leader) || !this.blocksToMerge.every(ableToUpdate)) return false;
      const blocks = [leader, ...this.blocksToMerge];
      const newArgs: Value[][] = blocks.map(() => []);
      const numOld = leader.args.length;
      for (const [opI, k] of this.operandsToMerge) {
        blocks.forEach((b, bi) => {
          const operand = b.ops[opI]!.operands[k]!;
          newArgs[bi]!.push(operand.value);
          if (bi === 0) {
            const v = operand.value;
            const loc = v instanceof BlockArgument ? v.loc : (v as OpResult).owner.loc;
            operand.set(leader.addArgument(v.type, loc));
          }
        });
      }
      const pruned = pruneRedundantArguments(newArgs, rewriter, numOld, leader);
      const updatePreds = (b: Block, ci: number): void => {
        for (const pred of b.predecessors) {
          const t = pred.terminator!;
          t.successors.forEach((s, si) => {
            if (s !== b) return;
            setSuccessorOperands(t, si, [...successorOperands(t, si)!, ...pruned[ci]!]);
          });
        }
      };
      updatePreds(leader, 0);
      this.blocksToMerge.forEach((b, i) => updatePreds(b, i + 1));
    }
    for (const b of this.blocksToMerge) {
      replaceBlockUses(b, leader);
      rewriter.eraseBlock(b);
    }
    return true;
  }
}

function replaceBlockUses(from: Block, to: Block): void {
  const r = from.parent;
  if (!r) return;
  for (const b of r.blocks) {
    const t = b.terminator;
    if (t) t.successors = t.successors.map((s) => (s === from ? to : s));
  }
}

function pruneRedundantArguments(newArgs: Value[][], rewriter: Rewriter, numOld: number, block: Block): Value[][] {
  if (newArgs.length === 0) return newArgs;
  const numArgs = newArgs[0]!.length;
  const firstIdx = new Map<Value, number>();
  newArgs[0]!.forEach((v, j) => {
    if (!firstIdx.has(v)) firstIdx.set(v, j);
  });
  const replacement = new Map<number, number>();
  for (let j = 0; j < numArgs; j++) {
    const k = firstIdx.get(newArgs[0]![j]!)!;
    if (k === j) continue;
    let should = true;
    for (let i = 1; i < newArgs.length; i++) should = should && newArgs[i]![k] === newArgs[i]![j];
    if (should) replacement.set(j, k);
  }
  const pruned = newArgs.map((list) => list.filter((_v, j) => !replacement.has(j)));
  const toErase: number[] = [];
  for (let idx = 0; idx < numArgs; idx++) {
    const k = replacement.get(idx);
    if (k === undefined) continue;
    rewriter.replaceAllUsesWith(block.args[numOld + idx]!, block.args[numOld + k]!);
    toErase.push(numOld + idx);
  }
  for (const i of toErase.reverse()) block.eraseArgument(i);
  return pruned;
}

function mergeIdenticalBlocksIn(rewriter: Rewriter, region: Region): boolean {
  if (region.blocks.length <= 1) return false;
  const bySuccessors = new Map<string, Block[]>();
  const succKey = (b: Block): Block[] => b.successors;
  const keys: Block[][] = [];
  for (const block of region.blocks.slice(1)) {
    const s = succKey(block);
    let found: string | undefined;
    for (const [k, v] of bySuccessors) {
      const other = succKey(v[0]!);
      if (other.length === s.length && other.every((x, i) => x === s[i])) found = k;
    }
    if (found === undefined) {
      found = String(keys.length);
      keys.push(s);
      bySuccessors.set(found, []);
    }
    bySuccessors.get(found)!.push(block);
  }
  let merged = false;
  for (const blocks of bySuccessors.values()) {
    if (blocks.length === 1) continue;
    const clusters: BlockMergeCluster[] = [];
    for (const block of blocks) {
      if (block.ops.some((op) => op.regions.some((r) => r.blocks.length > 0))) continue;
      if (block.args.some((a) => a.uses.some((u) => u.owner.parent !== block))) continue;
      const data = blockData(block);
      let added = false;
      for (const c of clusters) if ((added = c.addToCluster(data))) break;
      if (!added) clusters.push(new BlockMergeCluster(data));
    }
    for (const c of clusters) if (c.merge(rewriter)) merged = true;
  }
  return merged;
}

/** Merges identical blocks (same ops, possibly different outside operands) in `regions` and nested regions. */
export function mergeIdenticalBlocks(rewriter: Rewriter, regions: readonly Region[]): boolean {
  const worklist: Region[] = [...regions];
  let changed = false;
  while (worklist.length) {
    const region = worklist.pop()!;
    if (mergeIdenticalBlocksIn(rewriter, region)) {
      if (!worklist.includes(region)) worklist.push(region);
      changed = true;
    }
    for (const b of region.blocks) for (const op of b.ops) for (const r of op.regions) if (!worklist.includes(r)) worklist.push(r);
  }
  return changed;
}

function dropRedundantArgumentsOf(rewriter: Rewriter, block: Block): boolean {
  const toErase: number[] = [];
  block.args.forEach((arg, idx) => {
    let same = true;
    let common: Value | undefined;
    for (const pred of block.predecessors) {
      const t = pred.terminator!;
      if (!isBranchOp(t)) {
        same = false;
        break;
      }
      t.successors.forEach((s, si) => {
        if (s !== block || !same) return;
        const v = successorOperands(t, si)![idx]!;
        if (!common) common = v;
        else if (v !== common) same = false;
      });
      if (!same) break;
    }
    if (common && same) {
      toErase.push(idx);
      rewriter.replaceAllUsesWith(arg, common);
    }
  });
  for (const idx of toErase.reverse()) {
    block.eraseArgument(idx);
    for (const pred of block.predecessors) {
      const t = pred.terminator!;
      t.successors.forEach((s, si) => {
        if (s !== block) return;
        const vals = successorOperands(t, si)!;
        vals.splice(idx, 1);
        setSuccessorOperands(t, si, vals);
      });
    }
  }
  return toErase.length > 0;
}

/** Drops block arguments that receive the same value from every predecessor. */
export function dropRedundantArguments(rewriter: Rewriter, regions: readonly Region[]): boolean {
  const worklist: Region[] = [...regions];
  let changed = false;
  while (worklist.length) {
    const region = worklist.pop()!;
    for (const block of region.blocks) {
      if (dropRedundantArgumentsOf(rewriter, block)) changed = true;
      for (const op of block.ops) for (const r of op.regions) if (!worklist.includes(r)) worklist.push(r);
    }
  }
  return changed;
}

/** MLIR's simplifyRegions. */
export function simplifyRegions(rewriter: Rewriter, regions: readonly Region[], mergeBlocks: boolean): boolean {
  // The liveness walk of region DCE visits the regions unreachable-block erasure would (those of ops in reachable
  // blocks) and notes unreachable blocks: where there are none, erasure would do nothing, and the one walk serves.
  let live = new LiveMap(regions);
  let a = false;
  if (live.sawUnreachableBlock) {
    a = eraseUnreachableBlocks(rewriter, regions);
    live = new LiveMap(regions);
  }
  const b = live.hasDeadness() && deleteDeadness(rewriter, regions, live);
  let c = false;
  let d = false;
  if (mergeBlocks) {
    c = mergeIdenticalBlocks(rewriter, regions);
    d = dropRedundantArguments(rewriter, regions);
  }
  return a || b || c || d;
}
