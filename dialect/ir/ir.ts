/**
 * The IR graph: values with use lists, operations, blocks and regions (MLIR's core object model).
 * Mutation goes through the methods here (and `rewriter.ts`), which keep use lists and parent links exact.
 */
import type { Attribute } from './attribute.js';
import { UnknownLoc, type Location } from './location.js';
import type { Type } from './type.js';
import type { OpDefinition } from './op-definition.js';

export abstract class Value {
  /**
   * The operands that use this value, most recently linked first: the order of MLIR's use lists, which
   * prepend (passes that visit uses, e.g. the greedy rewriter's worklist, depend on it).
   */
  readonly uses: OpOperand[] = [];
  constructor(public type: Type) {}
  abstract get parentBlock(): Block | undefined;
  /** The op that defines the value, or undefined for block arguments. */
  abstract get definingOp(): Operation | undefined;
  get users(): Operation[] {
    const seen = new Set<Operation>();
    for (const u of this.uses) seen.add(u.owner);
    return [...seen];
  }
  hasOneUse(): boolean {
    return this.uses.length === 1;
  }
  get useEmpty(): boolean {
    return this.uses.length === 0;
  }
  /** Points every use of this value at `other`. */
  replaceAllUsesWith(other: Value): void {
    if (other === this) return;
    for (const u of [...this.uses]) u.set(other);
  }
  /** Replaces the uses for which `pred` holds. */
  replaceUsesWithIf(other: Value, pred: (use: OpOperand) => boolean): void {
    for (const u of [...this.uses]) if (pred(u)) u.set(other);
  }
}

export class OpResult extends Value {
  constructor(
    readonly owner: Operation,
    readonly index: number,
    type: Type,
  ) {
    super(type);
  }
  get parentBlock(): Block | undefined {
    return this.owner.parent;
  }
  get definingOp(): Operation {
    return this.owner;
  }
}

export class BlockArgument extends Value {
  constructor(
    readonly owner: Block,
    public index: number,
    type: Type,
    public loc: Location,
  ) {
    super(type);
  }
  get parentBlock(): Block {
    return this.owner;
  }
  get definingOp(): undefined {
    return undefined;
  }
}

/** One operand slot of an operation; registers itself in the used value's use list. */
export class OpOperand {
  private current: Value;
  constructor(
    readonly owner: Operation,
    public index: number,
    value: Value,
  ) {
    this.current = value;
    value.uses.unshift(this);
  }
  get value(): Value {
    return this.current;
  }
  /** Points the operand at `v`, relinking it at the front of `v`'s use list (even when `v` is unchanged, as MLIR). */
  set(v: Value): void {
    this.detach();
    this.current = v;
    v.uses.unshift(this);
  }
  /** Removes this operand from its value's use list (the slot itself stays). */
  detach(): void {
    const uses = this.current.uses;
    const i = uses.indexOf(this);
    if (i >= 0) uses.splice(i, 1);
  }
}

export interface OperationInit {
  name: string;
  operands?: readonly Value[];
  resultTypes?: readonly Type[];
  attributes?: Iterable<[string, Attribute]>;
  regions?: number;
  successors?: readonly Block[];
  loc?: Location;
  /** Operand group sizes for ops with several optional/variadic operand groups. */
  operandSegments?: readonly number[];
  /** Names of attributes that are inherent (printed in `<{...}>` in the generic form). */
  propertyNames?: Iterable<string>;
}

export class Operation {
  readonly name: string;
  /** The registered definition, or undefined for unregistered ops. */
  readonly def: OpDefinition | undefined;
  operands: OpOperand[] = [];
  readonly results: OpResult[];
  /** All attributes, inherent and discardable, by name. */
  readonly attributes = new Map<string, Attribute>();
  /** Inherent attribute names of an unregistered op (for the generic `<{...}>` form). */
  readonly extraPropertyNames = new Set<string>();
  readonly regions: Region[] = [];
  successors: Block[];
  operandSegments: number[] | undefined;
  loc: Location;
  parent: Block | undefined;
  /** This op's position in its block when last numbered (Block.indexOf checks it before trusting it). */
  orderIndex = 0;

  constructor(init: OperationInit, def: OpDefinition | undefined) {
    this.name = init.name;
    this.def = def;
    this.results = (init.resultTypes ?? []).map((t, i) => new OpResult(this, i, t));
    this.setOperands(init.operands ?? []);
    for (const [k, v] of init.attributes ?? []) this.attributes.set(k, v);
    for (const k of init.propertyNames ?? []) this.extraPropertyNames.add(k);
    for (let i = 0; i < (init.regions ?? 0); i++) this.regions.push(new Region(this));
    this.successors = [...(init.successors ?? [])];
    this.operandSegments = init.operandSegments ? [...init.operandSegments] : undefined;
    this.loc = init.loc ?? UnknownLoc.get();
  }

  get operandValues(): Value[] {
    return this.operands.map((o) => o.value);
  }
  operand(i: number): Value {
    const o = this.operands[i];
    if (!o) throw new Error(`${this.name} has no operand #${i}`);
    return o.value;
  }
  result(i = 0): OpResult {
    const r = this.results[i];
    if (!r) throw new Error(`${this.name} has no result #${i}`);
    return r;
  }
  get numResults(): number {
    return this.results.length;
  }

  /** Replaces the whole operand list (use lists updated). */
  setOperands(values: readonly Value[]): void {
    for (const o of this.operands) o.detach();
    this.operands = values.map((v, i) => new OpOperand(this, i, v));
  }
  setOperand(i: number, v: Value): void {
    const o = this.operands[i];
    if (!o) throw new Error(`${this.name} has no operand #${i}`);
    o.set(v);
  }

  /** The operands of a named operand group (by the definition's operand order and segment sizes). */
  operandGroup(name: string): Value[] {
    const def = this.def;
    if (!def) throw new Error(`unregistered op ${this.name} has no operand groups`);
    const idx = def.operands.findIndex((o) => o.name === name);
    if (idx < 0) throw new Error(`${this.name} has no operand group '${name}'`);
    const sizes = this.groupSizes();
    let start = 0;
    for (let i = 0; i < idx; i++) start += sizes[i]!;
    return this.operandValues.slice(start, start + sizes[idx]!);
  }

  /** Sizes of the definition's operand groups for this op instance. */
  groupSizes(): number[] {
    const def = this.def;
    if (!def) return [this.operands.length];
    if (this.operandSegments) return this.operandSegments;
    const n = this.operands.length;
    const fixed = def.operands.filter((o) => o.kind === 'single').length;
    const flexible = def.operands.filter((o) => o.kind !== 'single');
    if (flexible.length > 1) throw new Error(`${this.name}: several variadic operand groups need operandSegments`);
    return def.operands.map((o) => (o.kind === 'single' ? 1 : n - fixed));
  }

  getAttr(name: string): Attribute | undefined {
    return this.attributes.get(name);
  }
  setAttr(name: string, value: Attribute): void {
    this.attributes.set(name, value);
  }
  removeAttr(name: string): void {
    this.attributes.delete(name);
  }

  /** True if the attribute is inherent to the op (a property), false if discardable. */
  isInherentAttr(name: string): boolean {
    if (this.def) return this.def.attributes.some((a) => a.name === name);
    return this.extraPropertyNames.has(name);
  }

  hasTrait(t: string): boolean {
    return this.def?.traits.has(t) ?? false;
  }

  region(i = 0): Region {
    const r = this.regions[i];
    if (!r) throw new Error(`${this.name} has no region #${i}`);
    return r;
  }

  /** The op that contains this op's block, if any. */
  get parentOp(): Operation | undefined {
    return this.parent?.parent?.parent;
  }
  /** Nearest ancestor (or self) satisfying `pred`. */
  getParentWhere(pred: (op: Operation) => boolean): Operation | undefined {
    for (let p = this.parentOp; p; p = p.parentOp) if (pred(p)) return p;
    return undefined;
  }
  isAncestorOf(other: Operation): boolean {
    for (let p: Operation | undefined = other; p; p = p.parentOp) if (p === this) return true;
    return false;
  }
  /** Whether this op comes before `other` in the same block. */
  isBeforeInBlock(other: Operation): boolean {
    const b = this.parent;
    if (!b || b !== other.parent) throw new Error('isBeforeInBlock needs two ops of one block');
    return b.indexOf(this) < b.indexOf(other);
  }

  /** Unlinks the op from its block (it keeps its operands). */
  remove(): void {
    const b = this.parent;
    if (!b) return;
    b.unlink(this);
    this.parent = undefined;
  }
  /** Removes the op and drops its operand uses (and those of nested ops). Results must be unused. */
  erase(): void {
    for (const r of this.results) {
      if (r.uses.length) throw new Error(`cannot erase ${this.name}: result #${r.index} still has uses`);
    }
    this.remove();
    this.dropAllReferences();
  }
  dropAllReferences(): void {
    for (const o of this.operands) o.detach();
    this.operands = [];
    for (const r of this.regions) for (const b of r.blocks) for (const op of b.ops) op.dropAllReferences();
  }
  moveBefore(other: Operation): void {
    const b = other.parent;
    if (!b) throw new Error('moveBefore: target is not in a block');
    this.remove();
    b.insertBefore(other, this);
  }
  moveAfter(other: Operation): void {
    const b = other.parent;
    if (!b) throw new Error('moveAfter: target is not in a block');
    this.remove();
    b.insertAfter(other, this);
  }
  get nextOp(): Operation | undefined {
    const b = this.parent;
    if (!b) return undefined;
    return b.ops[b.indexOf(this) + 1];
  }
  get prevOp(): Operation | undefined {
    const b = this.parent;
    if (!b) return undefined;
    const i = b.indexOf(this);
    return i > 0 ? b.ops[i - 1] : undefined;
  }

  /** Visits this op and every nested op, pre-order (parents before children). */
  walk(fn: (op: Operation) => void | 'skip'): void {
    if (fn(this) === 'skip') return;
    for (const r of this.regions) for (const b of r.blocks) for (const op of [...b.ops]) op.walk(fn);
  }
  /** Visits nested ops post-order (children before parents), as MLIR's default walk. */
  walkPostOrder(fn: (op: Operation) => void): void {
    for (const r of this.regions) for (const b of r.blocks) for (const op of [...b.ops]) op.walkPostOrder(fn);
    fn(this);
  }
}

export class Block {
  private readonly opList: Operation[] = [];
  /**
   * Ops waiting to go in before an anchor op of `opList`, in insertion order. Lowering emits thousands of ops
   * before the op it replaces; finding the anchor and shifting the array for each would be quadratic, so they
   * queue here and are placed in one pass when the op list is next read.
   */
  private pending: Map<Operation, Operation[]> | undefined;
  private pendingOps: Set<Operation> | undefined;
  readonly args: BlockArgument[] = [];

  /** The ops in order. Read-only for callers: insert and remove through the methods below. */
  get ops(): Operation[] {
    if (this.pending) this.flushPending();
    return this.opList;
  }

  private flushPending(): void {
    const pending = this.pending!;
    this.pending = undefined;
    this.pendingOps = undefined;
    const merged: Operation[] = [];
    for (const op of this.opList) {
      const before = pending.get(op);
      if (before) for (const p of before) merged.push(p);
      merged.push(op);
    }
    this.opList.length = 0;
    for (const op of merged) this.opList.push(op);
  }

  /**
   * The position of `op` in this block, -1 when it is not in it. Positions are cached on the ops and checked on each
   * read (`ops[op.orderIndex] === op`), so any change of the list is seen; a stale position renumbers the block once
   * (as MLIR's lazily recomputed operation order), which makes order queries between edits O(1) instead of O(n).
   */
  indexOf(op: Operation): number {
    const ops = this.ops;
    const cached = op.orderIndex;
    if (cached < ops.length && ops[cached] === op) return cached;
    if (op.parent !== this) return -1;
    for (let k = 0; k < ops.length; k++) ops[k]!.orderIndex = k;
    return ops[op.orderIndex] === op ? op.orderIndex : -1;
  }

  /** Takes `op` (whose parent is this block) out of the op list. */
  unlink(op: Operation): void {
    if (this.pendingOps?.has(op) || this.pending?.has(op)) this.flushPending();
    const ops = this.opList;
    // Erasing the op just lowered (often the last one) is the common case: look from the end first.
    const i = ops[ops.length - 1] === op ? ops.length - 1 : ops.indexOf(op);
    if (i >= 0) ops.splice(i, 1);
  }

  parent: Region | undefined;

  addArgument(type: Type, loc: Location = UnknownLoc.get()): BlockArgument {
    const a = new BlockArgument(this, this.args.length, type, loc);
    this.args.push(a);
    return a;
  }
  insertArgument(index: number, type: Type, loc: Location = UnknownLoc.get()): BlockArgument {
    const a = new BlockArgument(this, index, type, loc);
    this.args.splice(index, 0, a);
    this.args.forEach((x, i) => (x.index = i));
    return a;
  }
  eraseArgument(index: number): void {
    const a = this.args[index];
    if (!a) throw new Error(`block has no argument #${index}`);
    if (a.uses.length) throw new Error(`cannot erase block argument #${index}: it still has uses`);
    this.args.splice(index, 1);
    this.args.forEach((x, i) => (x.index = i));
  }
  get parentOp(): Operation | undefined {
    return this.parent?.parent;
  }
  get terminator(): Operation | undefined {
    return this.ops[this.ops.length - 1];
  }
  append(op: Operation): Operation {
    op.remove();
    op.parent = this;
    this.opList.push(op);
    return op;
  }
  insertAt(index: number, op: Operation): Operation {
    op.remove();
    op.parent = this;
    this.ops.splice(index, 0, op);
    return op;
  }
  insertBefore(anchor: Operation, op: Operation): Operation {
    if (anchor.parent !== this || anchor === op) throw new Error('insertBefore: anchor not in block');
    if (this.pendingOps?.has(anchor)) this.flushPending();
    op.remove();
    op.parent = this;
    this.pending ??= new Map();
    this.pendingOps ??= new Set();
    const list = this.pending.get(anchor);
    if (list) list.push(op);
    else this.pending.set(anchor, [op]);
    this.pendingOps.add(op);
    return op;
  }
  insertAfter(anchor: Operation, op: Operation): Operation {
    const i = this.indexOf(anchor);
    if (i < 0) throw new Error('insertAfter: anchor not in block');
    return this.insertAt(i + 1, op);
  }
  /** The blocks this block's terminator branches to. */
  get successors(): Block[] {
    return this.terminator?.successors ?? [];
  }
  get predecessors(): Block[] {
    const r = this.parent;
    if (!r) return [];
    const preds: Block[] = [];
    for (const b of r.blocks) for (const s of b.successors) if (s === this) preds.push(b);
    return preds;
  }
  /** Removes the block from its region. */
  remove(): void {
    const r = this.parent;
    if (!r) return;
    const i = r.blocks.indexOf(this);
    if (i >= 0) r.blocks.splice(i, 1);
    this.parent = undefined;
  }
}

export class Region {
  readonly blocks: Block[] = [];
  constructor(readonly parent: Operation | undefined) {}
  get entry(): Block | undefined {
    return this.blocks[0];
  }
  get empty(): boolean {
    return this.blocks.length === 0;
  }
  addBlock(block: Block = new Block()): Block {
    block.remove();
    block.parent = this;
    this.blocks.push(block);
    return block;
  }
  insertBlock(index: number, block: Block): Block {
    block.remove();
    block.parent = this;
    this.blocks.splice(index, 0, block);
    return block;
  }
  /** Moves all blocks of `other` to the end of this region. */
  takeBody(other: Region): void {
    for (const b of [...other.blocks]) this.addBlock(b);
  }
}
