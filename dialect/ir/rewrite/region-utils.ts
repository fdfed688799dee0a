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
import { hasSSADominance } from './dominance.js';

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

/** Erases the blocks of `regions` (and nested regions) not reachable from their entry block. */
export function eraseUnreachableBlocks(rewriter: Rewriter, regions: readonly Region[]): boolean {
  let erased = false;
  const worklist = [...regions];
  while (worklist.length) {
    const region = worklist.pop()!;
    if (region.blocks.length === 0) continue;
    if (region.blocks.length === 1) {
      for (const op of region.blocks[0]!.ops) for (const r of op.regions) worklist.push(r);
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
      for (const op of block.ops) for (const r of op.regions) worklist.push(r);
    }
  }
  return erased;
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

class LiveMap {
  changed = false;
  /**
   * Set by a propagation pass that met IR where one backward pass may not settle liveness: a region of several
   * blocks, an op with successors, or a region without SSA dominance holding ops with results. Otherwise every
   * use is after its definition in the same block or nested in a later op of that block, so the backward pass
   * (nested regions before their op) saw every user's final liveness before the definition, and a second pass
   * would change nothing.
   */
  needsFixpoint = false;
  private readonly liveValues = new Set<Value>();
  /** Live ops carry this run's mark (Operation.mark): the liveness walks ask about every op several times. */
  private readonly liveMark = newOpMark();
  wasProvenLive(x: Value | Operation): boolean {
    if (x instanceof OpResult) return x.owner.mark === this.liveMark;
    if (x instanceof BlockArgument) return this.liveValues.has(x);
    return (x as Operation).mark === this.liveMark;
  }
  opIsLive(op: Operation): boolean {
    return op.mark === this.liveMark;
  }
  setProvedLive(x: Value | Operation): void {
    if (x instanceof OpResult) return this.setProvedLive(x.owner);
    if (x instanceof BlockArgument) {
      if (!this.liveValues.has(x)) {
        this.liveValues.add(x);
        this.changed = true;
      }
      return;
    }
    const op = x as Operation;
    if (op.mark !== this.liveMark) {
      op.mark = this.liveMark;
      this.changed = true;
    }
  }
}

/** Whether `use` (an operand of a terminator forwarded to a dead successor argument) is known dead. */
function isUseSpeciallyKnownDead(use: { owner: Operation; index: number }, live: LiveMap): boolean {
  const owner = use.owner;
  if (!isTerminator(owner) || !isBranchOp(owner)) return false;
  const arg = successorBlockArgument(owner, use.index);
  return arg !== undefined && !live.wasProvenLive(arg);
}

/** The successor block argument an operand of a branch op is forwarded to, if any. */
function successorBlockArgument(op: Operation, operandIndex: number): BlockArgument | undefined {
  for (let s = 0; s < op.successors.length; s++) {
    const r = successorOperandRange(op, s);
    if (r && operandIndex >= r.start && operandIndex < r.start + r.count) return op.successors[s]!.args[operandIndex - r.start];
  }
  return undefined;
}

function processValue(value: Value, live: LiveMap): void {
  for (let u = value.firstUse; u; u = u.nextUse) {
    if (live.opIsLive(u.owner) && !isUseSpeciallyKnownDead(u, live)) return live.setProvedLive(value);
  }
}

function propagateTerminatorLiveness(op: Operation, live: LiveMap): void {
  live.setProvedLive(op);
  if (!isBranchOp(op)) {
    for (const s of op.successors) for (const a of s.args) live.setProvedLive(a);
    return;
  }
  // Branch ops forward all their successor operands (no produced operands): nothing more is live here.
}

function propagateLivenessOp(op: Operation, live: LiveMap): void {
  for (const r of op.regions) propagateLivenessRegion(r, live);
  if (op.successors.length) live.needsFixpoint = true;
  if (isTerminator(op)) return propagateTerminatorLiveness(op, live);
  if (live.opIsLive(op)) return;
  if (!wouldOpBeTriviallyDead(op)) return live.setProvedLive(op);
  for (const r of op.results) processValue(r, live);
}

function propagateLivenessRegion(region: Region, live: LiveMap): void {
  const entry = region.blocks[0];
  if (!entry) return;
  if (region.blocks.length > 1) live.needsFixpoint = true;
  else if (!live.needsFixpoint && !hasSSADominance(region)) {
    for (let op = entry.firstOp; op; op = op.nextInBlock) {
      if (op.results.length) {
        live.needsFixpoint = true;
        break;
      }
    }
  }
  for (const block of postOrderBlocks(entry)) {
    // Liveness marking does not edit the IR: walk the op list backwards in place.
    for (let op = block.lastOp; op; op = op.prevInBlock) propagateLivenessOp(op, live);
    if (block === entry) continue;
    for (const a of block.args) if (!live.wasProvenLive(a)) processValue(a, live);
  }
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
      for (const op of [...block.ops].reverse()) {
        if (!live.wasProvenLive(op)) {
          erased = true;
          for (const r of op.results) r.dropAllUses();
          rewriter.eraseOp(op);
        } else if (deleteDeadness(rewriter, op.regions, live)) erased = true;
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
  const live = new LiveMap();
  do {
    live.changed = false;
    for (const r of regions) propagateLivenessRegion(r, live);
    // The pass that would only confirm the fixed point is skipped where one pass provably reaches it.
    if (!live.needsFixpoint) break;
  } while (live.changed);
  return deleteDeadness(rewriter, regions, live);
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
  const a = eraseUnreachableBlocks(rewriter, regions);
  const b = runRegionDCE(rewriter, regions);
  let c = false;
  let d = false;
  if (mergeBlocks) {
    c = mergeIdenticalBlocks(rewriter, regions);
    d = dropRedundantArguments(rewriter, regions);
  }
  return a || b || c || d;
}
