/**
 * The IR graph: values with use lists, operations, blocks and regions (MLIR's core object model).
 * Mutation goes through the methods here (and `rewriter.ts`), which keep use lists and parent links exact.
 */
import type { Attribute } from './attribute.js';
import { inferGroupSizes } from './operand-groups.js';
import { UnknownLoc, type Location } from './location.js';
import type { Type } from './type.js';
import type { OpDefinition } from './op-definition.js';

/**
 * A counter of IR edits, bumped by every change that the verifier can see (ops linked or unlinked, operands,
 * uses, value types, attributes, successors, operand segments, blocks and their arguments). The pass manager
 * compares it before and after a pass: a pass that changed nothing needs no new verification (as MLIR skips it
 * for passes that preserve all analyses). Ops built but not yet inserted bump it too, which only errs on the
 * side of verifying.
 */
let irEpoch = 0;
export function currentIrEpoch(): number {
  return irEpoch;
}
export function noteIrChange(): void {
  irEpoch++;
}

/**
 * Change marks for incremental verification. The pass manager verifies the whole module once, then only what
 * changed since: every edit marks the op whose verification it can affect (`Operation.changedGen`), that op's
 * ancestors get `subtreeGen` (so the verifier descends only into subtrees with a change), and edits that can affect
 * everything below an op (its blocks, their arguments, control flow, attributes an op with regions passes down)
 * set `deepGen`. A mark counts when it equals the current generation, which the verifier advances after each run
 * (dialect/ir/verifier.ts `verifyChanged`). `symbolGen` records that a symbol was removed or renamed, which can
 * invalidate references anywhere.
 */
let verifyGeneration = 1;
let symbolGen = 0;
export function currentVerifyGeneration(): number {
  return verifyGeneration;
}
/** Starts a new generation: every mark made so far is taken as verified. */
export function nextVerifyGeneration(): number {
  return ++verifyGeneration;
}
/** Whether a symbol was removed or changed in the current generation (references need a full check). */
export function symbolsChangedInGeneration(): boolean {
  return symbolGen === verifyGeneration;
}

/** Marks `op` changed and its ancestors as holding a change. */
function markChanged(op: Operation): void {
  const g = verifyGeneration;
  op.changedGen = g;
  const block = op.parent;
  if (!block) return;
  const parent = block.parent?.parent;
  if (!parent) return;
  // A block's terminator is read by its parent's checks (results against yields, returns against the signature).
  if (op.nextInBlock === undefined) parent.changedGen = g;
  for (let p: Operation | undefined = parent; p && p.subtreeGen !== g; p = p.parentOp) p.subtreeGen = g;
}
/** Marks everything nested in `op` for verification (its blocks or their control flow changed). */
function markDeep(op: Operation | undefined): void {
  if (!op) return;
  op.deepGen = verifyGeneration;
  markChanged(op);
  for (let p = op.parentOp; p && p.subtreeGen !== verifyGeneration; p = p.parentOp) p.subtreeGen = verifyGeneration;
}
/** The ops using `v` need their operand checks again (its definition moved, or its type changed). */
function markUsers(v: Value): void {
  for (let u = v.firstUse; u; u = u.nextUse) markChanged(u.owner);
}
/** An op whose removal or change can invalidate symbol references elsewhere. */
function noteSymbol(op: Operation): void {
  if (op.attributes.has('sym_name')) symbolGen = verifyGeneration;
}

let lastOpMark = 0;
/** A fresh value for `Operation.mark`, equal to no op's mark yet. */
export function newOpMark(): number {
  return ++lastOpMark;
}

/**
 * An op's attribute map: the `Map` interface over two small arrays (names and values in insertion order), made
 * only when the op gets its first attribute. A JS `Map` per op cost ~400 ns to build and ~200 bytes that survive
 * with the IR, for maps of one to a few entries, where a scan of the names is as fast as hashing. Edits count as
 * IR changes (see currentIrEpoch). Its iterators walk a snapshot (a Map's would see entries added meanwhile).
 */
class AttributeMap implements Map<string, Attribute> {
  private names: string[] | undefined = undefined;
  private vals: Attribute[] | undefined = undefined;
  /** Set once the map belongs to its op (the constructor's initial attributes are part of the op's creation). */
  owner: Operation | undefined = undefined;
  readonly [Symbol.toStringTag] = 'Map';

  get size(): number {
    return this.names ? this.names.length : 0;
  }
  private indexOf(name: string): number {
    const names = this.names;
    if (names) for (let i = 0; i < names.length; i++) if (names[i] === name) return i;
    return -1;
  }
  get(name: string): Attribute | undefined {
    const i = this.indexOf(name);
    return i < 0 ? undefined : this.vals![i];
  }
  has(name: string): boolean {
    return this.indexOf(name) >= 0;
  }
  set(name: string, value: Attribute): this {
    irEpoch++;
    if (this.owner) this.changed(this.owner);
    const i = this.indexOf(name);
    if (i >= 0) this.vals![i] = value;
    else if (this.names) {
      this.names.push(name);
      this.vals!.push(value);
    } else {
      this.names = [name];
      this.vals = [value];
    }
    return this;
  }
  delete(name: string): boolean {
    irEpoch++;
    if (this.owner) this.changed(this.owner);
    const i = this.indexOf(name);
    if (i < 0) return false;
    this.names!.splice(i, 1);
    this.vals!.splice(i, 1);
    return true;
  }
  clear(): void {
    irEpoch++;
    if (this.owner) this.changed(this.owner);
    this.names = undefined;
    this.vals = undefined;
  }
  forEach(fn: (value: Attribute, key: string, map: Map<string, Attribute>) => void, thisArg?: unknown): void {
    const names = this.names;
    if (!names) return;
    const vals = this.vals!;
    for (const [i, n] of [...names].entries()) fn.call(thisArg, vals[i]!, n, this);
  }
  keys(): MapIterator<string> {
    return (this.names ? [...this.names] : []).values();
  }
  values(): MapIterator<Attribute> {
    return (this.vals ? [...this.vals] : []).values();
  }
  entries(): MapIterator<[string, Attribute]> {
    const names = this.names;
    if (!names) return ([] as [string, Attribute][]).values();
    const vals = this.vals!;
    return names.map((n, i): [string, Attribute] => [n, vals[i]!]).values();
  }
  [Symbol.iterator](): MapIterator<[string, Attribute]> {
    return this.entries();
  }
  private changed(op: Operation): void {
    noteSymbol(op);
    // Nested ops' checks read attributes of their ancestors (the module's `ttg.num-warps`, a function's type).
    if (op.regions.length) markDeep(op);
    else markChanged(op);
  }
}

let nextValueId = 1;

export abstract class Value {
  /** A number unique to this value, for hashing (CSE keys ops by their operands' numbers). */
  readonly id = nextValueId++;
  /**
   * The use list, most recently linked first (the order of MLIR's use lists, which prepend: passes that visit uses,
   * e.g. the greedy rewriter's worklist, depend on it), as an intrusive doubly linked list through
   * `OpOperand.nextUse` / `prevUse`: linking and unlinking a use is O(1), where an array's unshift and splice were
   * O(uses) and made values with thousands of uses (constants of lowered code) quadratic.
   */
  firstUse: OpOperand | undefined = undefined;
  private numUses = 0;
  /** The array that `uses` last returned, until the list changes. */
  private useSnapshot: OpOperand[] | undefined = undefined;
  /**
   * The uses as an array (a snapshot: it does not follow later changes, so callers may edit uses while walking it).
   * Read-only for callers.
   */
  get uses(): OpOperand[] {
    let s = this.useSnapshot;
    if (!s) {
      s = new Array<OpOperand>(this.numUses);
      let i = 0;
      for (let u = this.firstUse; u; u = u.nextUse) s[i++] = u;
      this.useSnapshot = s;
    }
    return s;
  }
  /** Takes every use out of the list (their operands keep pointing at this value), as when the uses are dropped. */
  dropAllUses(): void {
    for (let u = this.firstUse; u; u = this.firstUse) u.detach();
  }
  get numberOfUses(): number {
    return this.numUses;
  }
  /** Links `use` at the front of the use list. */
  linkUse(use: OpOperand): void {
    const first = this.firstUse;
    use.prevUse = undefined;
    use.nextUse = first;
    if (first) first.prevUse = use;
    this.firstUse = use;
    this.numUses++;
    irEpoch++;
    markChanged(use.owner);
    this.useSnapshot = undefined;
  }
  /** Unlinks `use`, which is linked into this value's list. */
  unlinkUse(use: OpOperand): void {
    const prev = use.prevUse;
    const next = use.nextUse;
    if (prev) prev.nextUse = next;
    else this.firstUse = next;
    if (next) next.prevUse = prev;
    use.prevUse = undefined;
    use.nextUse = undefined;
    this.numUses--;
    irEpoch++;
    markChanged(use.owner);
    this.useSnapshot = undefined;
  }
  private valueType: Type;
  constructor(type: Type) {
    this.valueType = type;
  }
  get type(): Type {
    return this.valueType;
  }
  set type(t: Type) {
    irEpoch++;
    this.valueType = t;
    const def = this.definingOp;
    // A block argument's type is read by its block's branches and its region's owner.
    if (def) markChanged(def);
    else markDeep(this.parentBlock?.parentOp);
    markUsers(this);
  }
  abstract get parentBlock(): Block | undefined;
  /** The op that defines the value, or undefined for block arguments. */
  abstract get definingOp(): Operation | undefined;
  get users(): Operation[] {
    const seen = new Set<Operation>();
    for (const u of this.uses) seen.add(u.owner);
    return [...seen];
  }
  hasOneUse(): boolean {
    return this.numUses === 1;
  }
  get useEmpty(): boolean {
    return this.numUses === 0;
  }
  /** Points every use of this value at `other`. */
  replaceAllUsesWith(other: Value): void {
    if (other === this) return;
    for (let u = this.firstUse; u; u = this.firstUse) u.set(other);
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
  /** Neighbours in the used value's use list (see Value.firstUse). */
  prevUse: OpOperand | undefined = undefined;
  nextUse: OpOperand | undefined = undefined;
  /** Whether this operand is in its value's use list (detach takes it out; the slot itself stays). */
  private linked = true;
  constructor(
    readonly owner: Operation,
    public index: number,
    value: Value,
  ) {
    this.current = value;
    value.linkUse(this);
  }
  get value(): Value {
    return this.current;
  }
  /** Points the operand at `v`, relinking it at the front of `v`'s use list (even when `v` is unchanged, as MLIR). */
  set(v: Value): void {
    this.detach();
    this.current = v;
    v.linkUse(this);
    this.linked = true;
  }
  /** Removes this operand from its value's use list (the slot itself stays). */
  detach(): void {
    if (!this.linked) return;
    this.current.unlinkUse(this);
    this.linked = false;
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

const NO_NAMES: ReadonlySet<string> = new Set<string>();

export class Operation {
  readonly name: string;
  /** The registered definition, or undefined for unregistered ops. */
  readonly def: OpDefinition | undefined;
  private operandList: OpOperand[] = [];
  readonly results: OpResult[];
  /** All attributes, inherent and discardable, by name. */
  readonly attributes: Map<string, Attribute> = new AttributeMap();
  /** Inherent attribute names of an unregistered op (for the generic `<{...}>` form); made only when there are some. */
  private extraProps: Set<string> | undefined = undefined;
  readonly regions: Region[] = [];
  private successorList: Block[];
  private segments: number[] | undefined;
  loc: Location;
  parent: Block | undefined;
  /** This op's position in its block (valid while the block's array view is; see Block.indexOf). */
  orderIndex = 0;
  /** Neighbours in the parent block's op list (see Block). */
  prevInBlock: Operation | undefined = undefined;
  nextInBlock: Operation | undefined = undefined;
  /** The greedy rewriter's worklist holding this op and its slot there (rewrite/greedy.ts). */
  worklistOwner: object | undefined = undefined;
  worklistSlot = 0;
  /**
   * A mark that one analysis run at a time may set (the number it got from `newOpMark()`), so that a per-op
   * flag of that run is a field compare instead of a set lookup (region DCE's liveness: rewrite/region-utils.ts).
   */
  mark = 0;
  /** Change marks of incremental verification (see markChanged). */
  changedGen = 0;
  subtreeGen = 0;
  deepGen = 0;

  constructor(init: OperationInit, def: OpDefinition | undefined) {
    this.name = init.name;
    this.def = def;
    // Plain loops: an op is built per lowered instruction, tens of thousands per kernel.
    const results: OpResult[] = [];
    const types = init.resultTypes;
    if (types) for (let i = 0; i < types.length; i++) results.push(new OpResult(this, i, types[i]!));
    this.results = results;
    const values = init.operands;
    if (values && values.length) {
      const list: OpOperand[] = [];
      for (let i = 0; i < values.length; i++) list.push(new OpOperand(this, i, values[i]!));
      this.operandList = list;
    }
    const attrs = init.attributes;
    if (attrs) for (const [k, v] of attrs) this.attributes.set(k, v);
    for (const k of init.propertyNames ?? []) (this.extraProps ??= new Set()).add(k);
    for (let i = 0; i < (init.regions ?? 0); i++) this.regions.push(new Region(this));
    this.successorList = init.successors?.length ? [...init.successors] : [];
    this.segments = init.operandSegments ? [...init.operandSegments] : undefined;
    this.loc = init.loc ?? UnknownLoc.get();
    (this.attributes as AttributeMap).owner = this;
    this.changedGen = verifyGeneration;
  }

  /** Inherent attribute names of an unregistered op (for the generic `<{...}>` form). */
  get extraPropertyNames(): ReadonlySet<string> {
    return this.extraProps ?? NO_NAMES;
  }

  /** The operand slots (assigning a new list counts as an IR change; edit it through setOperands / setOperand). */
  get operands(): OpOperand[] {
    return this.operandList;
  }
  set operands(list: OpOperand[]) {
    irEpoch++;
    markChanged(this);
    this.operandList = list;
  }
  /** The successor blocks (assign a new list to change them). */
  get successors(): Block[] {
    return this.successorList;
  }
  set successors(list: Block[]) {
    irEpoch++;
    // Control flow decides dominance in the whole region.
    markChanged(this);
    markDeep(this.parentOp);
    this.successorList = list;
  }
  /** Operand group sizes of an op with several optional/variadic operand groups (assign a new list to change them). */
  get operandSegments(): number[] | undefined {
    return this.segments;
  }
  set operandSegments(sizes: number[] | undefined) {
    irEpoch++;
    markChanged(this);
    this.segments = sizes;
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
    return inferGroupSizes(def.operands, this.operands.length, def.traits.has('SameVariadicOperandSize'), this.name, 'its operands');
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
      if (r.numberOfUses) throw new Error(`cannot erase ${this.name}: result #${r.index} still has uses`);
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
    return this.parent ? this.nextInBlock : undefined;
  }
  get prevOp(): Operation | undefined {
    return this.parent ? this.prevInBlock : undefined;
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
  /**
   * The ops, as an intrusive doubly linked list through `Operation.prevInBlock` / `nextInBlock` (MLIR's
   * iplist): inserting and removing anywhere is O(1), where an array splice is O(n) and made erasing or
   * inserting many ops of a large lowered block quadratic.
   */
  private head: Operation | undefined;
  private tail: Operation | undefined;
  private count = 0;
  /**
   * The array view that `ops` returns, with each op's position in `orderIndex`. Appending and removing the last
   * op keep it current; other edits mark it stale and the next read rebuilds it in place (as MLIR recomputes
   * its operation order lazily), so order queries between edits are O(1).
   */
  private readonly opList: Operation[] = [];
  private listValid = true;
  readonly args: BlockArgument[] = [];

  /** The ops in order. Read-only for callers: insert and remove through the methods below. */
  get ops(): Operation[] {
    if (!this.listValid) this.rebuildList();
    return this.opList;
  }

  private rebuildList(): void {
    const list = this.opList;
    list.length = this.count;
    let i = 0;
    for (let op = this.head; op; op = op.nextInBlock) {
      list[i] = op;
      op.orderIndex = i++;
    }
    this.listValid = true;
  }

  /** The first op, without building the array view. */
  get firstOp(): Operation | undefined {
    return this.head;
  }
  /** The last op, without building the array view. */
  get lastOp(): Operation | undefined {
    return this.tail;
  }
  get numOps(): number {
    return this.count;
  }

  /** The position of `op` in this block, -1 when it is not in it. */
  indexOf(op: Operation): number {
    if (op.parent !== this) return -1;
    if (!this.listValid) this.rebuildList();
    return op.orderIndex;
  }

  /** Takes `op` (whose parent is this block) out of the op list. */
  unlink(op: Operation): void {
    // The block's owner checks its blocks' contents; users of the op's results lose their definition.
    const owner = this.parent?.parent;
    if (owner) markChanged(owner);
    for (const r of op.results) markUsers(r);
    noteSymbol(op);
    const prev = op.prevInBlock;
    const next = op.nextInBlock;
    if (prev) prev.nextInBlock = next;
    else this.head = next;
    if (next) next.prevInBlock = prev;
    else this.tail = prev;
    op.prevInBlock = undefined;
    op.nextInBlock = undefined;
    this.count--;
    irEpoch++;
    if (this.listValid) {
      const list = this.opList;
      if (list[list.length - 1] === op) list.pop();
      else this.listValid = false;
    }
  }

  /** Links `op` (already parented here, in no list) before `anchor`, or at the end when `anchor` is undefined. */
  private link(op: Operation, anchor: Operation | undefined): void {
    if (!anchor) {
      const last = this.tail;
      op.prevInBlock = last;
      op.nextInBlock = undefined;
      if (last) last.nextInBlock = op;
      else this.head = op;
      this.tail = op;
      if (this.listValid) {
        op.orderIndex = this.opList.length;
        this.opList.push(op);
      }
    } else {
      const prev = anchor.prevInBlock;
      op.prevInBlock = prev;
      op.nextInBlock = anchor;
      anchor.prevInBlock = op;
      if (prev) prev.nextInBlock = op;
      else this.head = op;
      this.listValid = false;
    }
    this.count++;
    irEpoch++;
    // Its operands' dominance, its parent, its users' dominance; with regions, whatever its nested ops use.
    if (op.regions.length) markDeep(op);
    else markChanged(op);
    const owner = this.parent?.parent;
    if (owner) markChanged(owner);
    for (const r of op.results) markUsers(r);
  }

  parent: Region | undefined;

  addArgument(type: Type, loc: Location = UnknownLoc.get()): BlockArgument {
    const a = new BlockArgument(this, this.args.length, type, loc);
    this.args.push(a);
    irEpoch++;
    markDeep(this.parentOp);
    return a;
  }
  insertArgument(index: number, type: Type, loc: Location = UnknownLoc.get()): BlockArgument {
    const a = new BlockArgument(this, index, type, loc);
    this.args.splice(index, 0, a);
    irEpoch++;
    markDeep(this.parentOp);
    this.args.forEach((x, i) => (x.index = i));
    return a;
  }
  eraseArgument(index: number): void {
    const a = this.args[index];
    if (!a) throw new Error(`block has no argument #${index}`);
    if (a.numberOfUses) throw new Error(`cannot erase block argument #${index}: it still has uses`);
    this.args.splice(index, 1);
    irEpoch++;
    markDeep(this.parentOp);
    this.args.forEach((x, i) => (x.index = i));
  }
  get parentOp(): Operation | undefined {
    return this.parent?.parent;
  }
  get terminator(): Operation | undefined {
    return this.tail;
  }
  append(op: Operation): Operation {
    op.remove();
    op.parent = this;
    this.link(op, undefined);
    return op;
  }
  insertAt(index: number, op: Operation): Operation {
    op.remove();
    op.parent = this;
    // Array.splice's reading of the index: negative counts from the end.
    const at = index < 0 ? Math.max(0, this.count + index) : index;
    this.link(op, at >= this.count ? undefined : this.ops[at]);
    return op;
  }
  insertBefore(anchor: Operation, op: Operation): Operation {
    if (anchor.parent !== this || anchor === op) throw new Error('insertBefore: anchor not in block');
    op.remove();
    op.parent = this;
    this.link(op, anchor);
    return op;
  }
  insertAfter(anchor: Operation, op: Operation): Operation {
    if (anchor.parent !== this) throw new Error('insertAfter: anchor not in block');
    if (anchor === op) return op;
    op.remove();
    op.parent = this;
    this.link(op, anchor.nextInBlock);
    return op;
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
    irEpoch++;
    markDeep(r.parent);
    this.parent = undefined;
  }
}

export class Region {
  readonly blocks: Block[] = [];
  constructor(readonly parent: Operation | undefined) {
    // A region added to an existing op changes what its checks see.
    markDeep(parent);
  }
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
    irEpoch++;
    markDeep(this.parent);
    return block;
  }
  insertBlock(index: number, block: Block): Block {
    block.remove();
    block.parent = this;
    this.blocks.splice(index, 0, block);
    irEpoch++;
    markDeep(this.parent);
    return block;
  }
  /** Moves all blocks of `other` to the end of this region. */
  takeBody(other: Region): void {
    for (const b of [...other.blocks]) this.addBlock(b);
  }
}
