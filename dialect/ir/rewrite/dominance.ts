/**
 * Dominance over the blocks of a region (MLIR's DominanceInfo, per region): the dominator tree of the
 * blocks reachable from the entry, and SSA-vs-graph region kinds. `DominanceInfo` answers MLIR's queries
 * (blocks unreachable from the entry are dominated by everything) with one tree per region, computed on first
 * use, for as long as the CFGs do not change (the verifier makes one per run); `blockDominates` and
 * `valueDominates` are the simpler one-shot checks the passes use.
 */
import { BlockArgument, OpResult, type Block, type Operation, type Region, type Value } from '../ir.js';

/** Whether values in `region` obey SSA dominance (false for graph regions and unregistered parents). */
export function hasSSADominance(region: Region): boolean {
  const op = region.parent;
  if (!op) return true;
  if (!op.def) return false;
  return !op.hasTrait('HasOnlyGraphRegion');
}

export interface DomTreeNode {
  readonly block: Block;
  readonly children: DomTreeNode[];
  idom: DomTreeNode | undefined;
}

/** Depth-first walk of `region`'s CFG from `entry`: the reachable blocks in preorder and in postorder. */
function depthFirst(region: Region, entry: Block, pre: Block[], post: Block[]): void {
  const seen = new Set<Block>([entry]);
  const stack: { b: Block; i: number }[] = [{ b: entry, i: 0 }];
  pre.push(entry);
  while (stack.length) {
    const top = stack[stack.length - 1]!;
    const succ = top.b.successors;
    if (top.i < succ.length) {
      const s = succ[top.i++]!;
      if (!seen.has(s) && s.parent === region) {
        seen.add(s);
        pre.push(s);
        stack.push({ b: s, i: 0 });
      }
      continue;
    }
    post.push(top.b);
    stack.pop();
  }
}

/** The dominator tree of `region` (Cooper–Harvey–Kennedy), children in DFS preorder. */
export function dominatorTree(region: Region): DomTreeNode | undefined {
  const entry = region.blocks[0];
  if (!entry) return undefined;
  // DFS preorder and reverse postorder numbering.
  const order: Block[] = [];
  const post: Block[] = [];
  depthFirst(region, entry, order, post);
  const rpo = [...post].reverse();
  const rpoIndex = new Map<Block, number>(rpo.map((b, i) => [b, i]));
  const preds = new Map<Block, Block[]>();
  for (const b of rpo) for (const s of b.successors) if (rpoIndex.has(s)) (preds.get(s) ?? preds.set(s, []).get(s)!).push(b);
  const idom = new Map<Block, Block>([[entry, entry]]);
  const intersect = (a: Block, b: Block): Block => {
    let x = a;
    let y = b;
    while (x !== y) {
      while (rpoIndex.get(x)! > rpoIndex.get(y)!) x = idom.get(x)!;
      while (rpoIndex.get(y)! > rpoIndex.get(x)!) y = idom.get(y)!;
    }
    return x;
  };
  let changed = true;
  while (changed) {
    changed = false;
    for (const b of rpo) {
      if (b === entry) continue;
      let newIdom: Block | undefined;
      for (const p of preds.get(b) ?? []) {
        if (!idom.has(p)) continue;
        newIdom = newIdom ? intersect(p, newIdom) : p;
      }
      if (newIdom && idom.get(b) !== newIdom) {
        idom.set(b, newIdom);
        changed = true;
      }
    }
  }
  const nodes = new Map<Block, DomTreeNode>();
  for (const b of order) nodes.set(b, { block: b, children: [], idom: undefined });
  for (const b of order) {
    if (b === entry) continue;
    const d = idom.get(b);
    if (!d) continue;
    const n = nodes.get(b)!;
    const parent = nodes.get(d)!;
    n.idom = parent;
    parent.children.push(n);
  }
  return nodes.get(entry);
}

/** Whether block `a` dominates block `b` (same region). */
export function blockDominates(a: Block, b: Block): boolean {
  if (a === b) return true;
  const region = a.parent;
  if (!region || region !== b.parent) return false;
  const root = dominatorTree(region);
  const find = (n: DomTreeNode, target: Block): DomTreeNode | undefined => {
    if (n.block === target) return n;
    for (const c of n.children) {
      const r = find(c, target);
      if (r) return r;
    }
    return undefined;
  };
  const nb = root && find(root, b);
  for (let n = nb; n; n = n.idom) if (n.block === a) return true;
  return false;
}

/** Whether the definition of `v` properly dominates `op` (simple SSA check across nested regions). */
export function valueDominates(v: Value, op: Operation): boolean {
  const defBlock = v.parentBlock;
  if (!defBlock) return false;
  // Find the ancestor of `op` in the defining block's region.
  let cur: Operation | undefined = op;
  while (cur && cur.parent?.parent !== defBlock.parent) cur = cur.parentOp;
  if (!cur) return false;
  const def = v.definingOp;
  if (cur.parent === defBlock) return !def || (def !== cur && def.isBeforeInBlock(cur));
  return blockDominates(defBlock, cur.parent!);
}

// ---- MLIR's DominanceInfo -------------------------------------------------------------------------

/** Dominator tree of one region's CFG (Cooper–Harvey–Kennedy over reverse post-order). */
class RegionDominance {
  private readonly rpoIndex = new Map<Block, number>();
  private readonly idom = new Map<Block, Block>();
  constructor(region: Region) {
    const entry = region.blocks[0];
    if (!entry || region.blocks.length === 1) {
      if (entry) {
        this.rpoIndex.set(entry, 0);
        this.idom.set(entry, entry);
      }
      return;
    }
    const post: Block[] = [];
    depthFirst(region, entry, [], post);
    const rpo = post.reverse();
    rpo.forEach((b, i) => this.rpoIndex.set(b, i));
    const preds = new Map<Block, Block[]>();
    for (const b of rpo) for (const s of b.successors) if (this.rpoIndex.has(s)) preds.set(s, [...(preds.get(s) ?? []), b]);
    this.idom.set(entry, entry);
    const intersect = (a: Block, b: Block): Block => {
      let x = a;
      let y = b;
      while (x !== y) {
        while (this.rpoIndex.get(x)! > this.rpoIndex.get(y)!) x = this.idom.get(x)!;
        while (this.rpoIndex.get(y)! > this.rpoIndex.get(x)!) y = this.idom.get(y)!;
      }
      return x;
    };
    let changed = true;
    while (changed) {
      changed = false;
      for (const b of rpo) {
        if (b === entry) continue;
        let nd: Block | undefined;
        for (const p of preds.get(b) ?? []) {
          if (!this.idom.has(p)) continue;
          nd = nd ? intersect(p, nd) : p;
        }
        if (nd && this.idom.get(b) !== nd) {
          this.idom.set(b, nd);
          changed = true;
        }
      }
    }
  }
  reachable(b: Block): boolean {
    return this.rpoIndex.has(b);
  }
  /** Whether block `a` dominates block `b` (both in this region). */
  dominates(a: Block, b: Block): boolean {
    if (!this.reachable(b)) return true;
    if (!this.reachable(a)) return false;
    for (let x = b; ; ) {
      if (x === a) return true;
      const d = this.idom.get(x)!;
      if (d === x) return false;
      x = d;
    }
  }
}

/** Dominance queries over the regions of unchanging IR, one dominator tree per region computed on first use. */
export class DominanceInfo {
  private readonly regions = new Map<Region, RegionDominance>();

  private of(r: Region): RegionDominance {
    let d = this.regions.get(r);
    if (!d) {
      d = new RegionDominance(r);
      this.regions.set(r, d);
    }
    return d;
  }

  /** Whether `b` is reachable from its region's entry (a block without a region counts as reachable). */
  isReachable(b: Block): boolean {
    return !b.parent || this.of(b.parent).reachable(b);
  }

  /** MLIR's dominates(Block*, Block*) for two blocks of one region: an unreachable `b` is dominated by all. */
  blockDominates(a: Block, b: Block): boolean {
    return this.of(a.parent!).dominates(a, b);
  }

  /** MLIR's DominanceInfo::properlyDominates(Value, Operation*). */
  properlyDominates(v: Value, user: Operation): boolean {
    return properlyDominatesIn(this, v, user);
  }
}

/** The ancestor of `op` (or `op` itself) whose block is in region `r`. */
function ancestorIn(r: Region, op: Operation): Operation | undefined {
  for (let x: Operation | undefined = op; x; x = x.parentOp) if (x.parent?.parent === r) return x;
  return undefined;
}

/** MLIR's DominanceInfo::properlyDominates(Value, Operation*). */
function properlyDominatesIn(info: DominanceInfo, v: Value, user: Operation): boolean {
  if (v instanceof OpResult) {
    const def = v.owner;
    const b = def.parent;
    if (!b) return false;
    const r = b.parent;
    if (!r) return false;
    // The use must be nested in the defining op's region (the def itself does not dominate its own regions).
    const anc = ancestorIn(r, user);
    if (!anc) return false;
    if (anc === def) return false;
    if (anc.parent === b) return !hasSSADominance(r) || def.isBeforeInBlock(anc);
    return !hasSSADominance(r) || info.blockDominates(b, anc.parent!);
  }
  if (v instanceof BlockArgument) {
    const b = v.owner;
    const r = b.parent;
    if (!r) return false;
    const anc = ancestorIn(r, user);
    if (!anc) return false;
    return !hasSSADominance(r) || info.blockDominates(b, anc.parent!);
  }
  return false;
}

/**
 * MLIR's DominanceInfo::properlyDominates(Operation*, Operation*, enclosingOpOk): `a` is not `b`, and either
 * encloses `b` (when `enclosingOpOk`), or comes before `b`'s ancestor in `a`'s block, or `a`'s block dominates
 * the block holding `b`'s ancestor in `a`'s region.
 */
export function operationProperlyDominates(a: Operation, b: Operation, enclosingOpOk = true): boolean {
  if (a === b) return false;
  const block = a.parent;
  if (!block) return false;
  for (let o: Operation | undefined = b; o; o = o.parentOp) {
    if (o === a) return enclosingOpOk;
    if (o.parent === block) return a.isBeforeInBlock(o);
    if (o.parent && o.parent.parent === block.parent) return blockDominates(block, o.parent);
  }
  return false;
}

/** MLIR's DominanceInfo::dominates(Operation*, Operation*): `a` is `b` or properly dominates it. */
export function operationDominates(a: Operation, b: Operation): boolean {
  return a === b || operationProperlyDominates(a, b);
}

/**
 * MLIR's DominanceInfo::properlyDominates(Value, Operation*): a block argument dominates the ops of its block
 * and of the blocks it dominates (nested ops included); an op result, the ops its defining op properly
 * dominates without enclosing them.
 */
export function valueProperlyDominates(v: Value, op: Operation): boolean {
  const def = v.definingOp;
  if (def) return operationProperlyDominates(def, op, false);
  const argBlock = v.parentBlock;
  if (!argBlock) return false;
  for (let b: Block | undefined = op.parent; b; b = b.parentOp?.parent) {
    if (b.parent === argBlock.parent) return blockDominates(argBlock, b);
  }
  return false;
}
