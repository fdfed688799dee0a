/**
 * Builders: an insertion point plus helpers to create, insert and clone operations and blocks, as MLIR's
 * OpBuilder. A `BuilderListener` is told about every op and block the builder inserts (the rewriter and
 * the greedy pattern driver use it to track new IR).
 *
 *   const b = new Builder();
 *   b.setInsertionPoint(op);                    // before `op`
 *   const c = b.create({ name: 'arith.constant', resultTypes: [i32()], attributes: [['value', IntegerAttr.i32(0)]] });
 *   b.setInsertionPointToEnd(block);
 *   b.clone(otherOp, mapping);
 */
import type { Attribute } from './attribute.js';
import { createOperation } from './create.js';
import { Block, Operation, Region, type OperationInit, type Value } from './ir.js';
import { UnknownLoc, type Location } from './location.js';
import type { Type } from './type.js';

/** A position in a block: before `before`, or at the end of the block when `before` is undefined. */
export interface InsertPoint {
  readonly block: Block;
  readonly before: Operation | undefined;
}

export interface BuilderListener {
  /**
   * `op` was inserted (created, cloned or moved). `previous` is where it was before a move, or undefined
   * when it was not in a block.
   */
  notifyOperationInserted?(op: Operation, previous: InsertPoint | undefined): void;
  /** `block` was inserted into a region; `previousRegion` is the region it was moved from, if any. */
  notifyBlockInserted?(block: Block, previousRegion: Region | undefined, previousIndex: number | undefined): void;
}

/** Value and block substitutions used when cloning (MLIR's IRMapping). */
export class IRMapping {
  readonly values = new Map<Value, Value>();
  readonly blocks = new Map<Block, Block>();
  map(from: Value, to: Value): void {
    this.values.set(from, to);
  }
  mapBlock(from: Block, to: Block): void {
    this.blocks.set(from, to);
  }
  lookupOrDefault(v: Value): Value {
    return this.values.get(v) ?? v;
  }
  lookupBlockOrDefault(b: Block): Block {
    return this.blocks.get(b) ?? b;
  }
  lookup(v: Value): Value | undefined {
    return this.values.get(v);
  }
  contains(v: Value): boolean {
    return this.values.has(v);
  }
}

/** Deep-copies `op` (operands remapped through `mapping`, which receives the new results and blocks). */
export function cloneOperation(op: Operation, mapping: IRMapping = new IRMapping()): Operation {
  const copy = cloneWithoutRegions(op, mapping);
  op.regions.forEach((r, i) => cloneRegionInto(r, copy.region(i), mapping));
  return copy;
}

/** Copies `op` with empty regions (the same number of them). */
export function cloneWithoutRegions(op: Operation, mapping: IRMapping = new IRMapping(), withOperands = true): Operation {
  const init: OperationInit = {
    name: op.name,
    operands: withOperands ? op.operandValues.map((v) => mapping.lookupOrDefault(v)) : [],
    resultTypes: op.results.map((r) => r.type),
    attributes: [...op.attributes],
    regions: op.regions.length,
    successors: op.successors.map((b) => mapping.lookupBlockOrDefault(b)),
    loc: op.loc,
    ...(op.operandSegments ? { operandSegments: op.operandSegments } : {}),
    propertyNames: op.extraPropertyNames,
  };
  const copy = new Operation(init, op.def);
  op.results.forEach((r, i) => mapping.map(r, copy.result(i)));
  return copy;
}

/** Clones the blocks of `from` to the end of `into` (MLIR's Region::cloneInto). */
export function cloneRegionInto(from: Region, into: Region, mapping: IRMapping, index = into.blocks.length): void {
  if (from.blocks.length === 0) return;
  const newBlocks: Block[] = [];
  for (const b of from.blocks) {
    const nb = new Block();
    for (const a of b.args) mapping.map(a, nb.addArgument(a.type, a.loc));
    mapping.mapBlock(b, nb);
    newBlocks.push(nb);
  }
  // Ops may use values defined in later blocks (or later in graph regions): map results first, then operands.
  const pending: [Operation, Operation][] = [];
  from.blocks.forEach((b, i) => {
    const nb = newBlocks[i]!;
    for (const op of b.ops) {
      const copy = cloneWithoutRegions(op, mapping, false);
      nb.append(copy);
      pending.push([op, copy]);
    }
  });
  for (const [op, copy] of pending) {
    copy.setOperands(op.operandValues.map((v) => mapping.lookupOrDefault(v)));
    copy.successors = op.successors.map((s) => mapping.lookupBlockOrDefault(s));
    op.regions.forEach((r, i) => cloneRegionInto(r, copy.region(i), mapping));
  }
  newBlocks.forEach((nb, i) => into.insertBlock(index + i, nb));
}

export class Builder {
  listener: BuilderListener | undefined;
  private ip: InsertPoint | undefined;

  constructor(listener?: BuilderListener) {
    this.listener = listener;
  }

  // ----- insertion point -----

  /** Inserts before `op`. */
  setInsertionPoint(op: Operation): void {
    const b = op.parent;
    if (!b) throw new Error('setInsertionPoint: op is not in a block');
    this.ip = { block: b, before: op };
  }
  setInsertionPointAfter(op: Operation): void {
    const b = op.parent;
    if (!b) throw new Error('setInsertionPointAfter: op is not in a block');
    this.ip = { block: b, before: op.nextOp };
  }
  /** After the op defining `v`, or at the start of the block of a block argument. */
  setInsertionPointAfterValue(v: Value): void {
    const def = v.definingOp;
    if (def) this.setInsertionPointAfter(def);
    else this.setInsertionPointToStart(v.parentBlock!);
  }
  setInsertionPointToStart(block: Block): void {
    this.ip = { block, before: block.firstOp };
  }
  setInsertionPointToEnd(block: Block): void {
    this.ip = { block, before: undefined };
  }
  clearInsertionPoint(): void {
    this.ip = undefined;
  }
  get insertionBlock(): Block | undefined {
    return this.ip?.block;
  }
  /** The op new ops are inserted before (undefined at the end of the block). */
  get insertionPointOp(): Operation | undefined {
    return this.ip?.before;
  }
  saveInsertionPoint(): InsertPoint | undefined {
    return this.ip;
  }
  restoreInsertionPoint(ip: InsertPoint | undefined): void {
    this.ip = ip;
  }
  /** Runs `fn` and restores the insertion point afterwards (MLIR's InsertionGuard). */
  withInsertionGuard<T>(fn: () => T): T {
    const saved = this.ip;
    try {
      return fn();
    } finally {
      this.ip = saved;
    }
  }

  // ----- creation -----

  /** Inserts a detached op at the insertion point (if any) and notifies the listener. */
  insert(op: Operation): Operation {
    const ip = this.ip;
    if (!ip) return op;
    if (ip.before) ip.block.insertBefore(ip.before, op);
    else ip.block.append(op);
    this.listener?.notifyOperationInserted?.(op, undefined);
    return op;
  }

  /** Creates an op (with its registered definition) and inserts it at the insertion point. */
  create(init: OperationInit): Operation {
    return this.insert(createOperation(init));
  }

  /** Shorthand: creates a single-result op and returns its result. */
  createValue(name: string, operands: readonly Value[], resultType: Type, attributes: Iterable<[string, Attribute]> = [], loc?: Location): Value {
    return this.create({ name, operands, resultTypes: [resultType], attributes, ...(loc ? { loc } : {}) }).result(0);
  }

  /**
   * Creates a block in `region` at `index` (default: the end) with the given argument types, and moves
   * the insertion point to its end (MLIR's createBlock).
   */
  createBlock(region: Region, index = region.blocks.length, argTypes: readonly Type[] = [], locs: readonly Location[] = []): Block {
    const b = new Block();
    argTypes.forEach((t, i) => b.addArgument(t, locs[i] ?? UnknownLoc.get()));
    region.insertBlock(index, b);
    this.setInsertionPointToEnd(b);
    this.listener?.notifyBlockInserted?.(b, undefined, undefined);
    return b;
  }

  /** Creates a block before `before` (in its region), like createBlock(Block *insertBefore, ...). */
  createBlockBefore(before: Block, argTypes: readonly Type[] = [], locs: readonly Location[] = []): Block {
    const r = before.parent;
    if (!r) throw new Error('createBlockBefore: block is not in a region');
    return this.createBlock(r, r.blocks.indexOf(before), argTypes, locs);
  }

  /** Clones `op` at the insertion point; the listener hears about it and (pre-order) every nested op. */
  clone(op: Operation, mapping: IRMapping = new IRMapping()): Operation {
    const copy = cloneOperation(op, mapping);
    this.insert(copy);
    const l = this.listener?.notifyOperationInserted;
    if (l && this.ip) {
      for (const r of copy.regions)
        for (const b of r.blocks)
          for (const o of b.ops) o.walk((x) => void l.call(this.listener, x, undefined));
    }
    return copy;
  }

  /** Clones `op` without its regions' contents. */
  cloneWithoutRegions(op: Operation, mapping: IRMapping = new IRMapping()): Operation {
    return this.insert(cloneWithoutRegions(op, mapping));
  }
}
