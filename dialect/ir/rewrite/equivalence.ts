/**
 * Operation equivalence (MLIR's OperationEquivalence with IgnoreLocations): two ops are equivalent when
 * they have the same name, attributes (inherent and discardable), operand segment sizes, result types,
 * successors, and equivalent operands and regions. Commutative ops also match when their operands are a
 * permutation of each other. Used by CSE (hashing + equivalence) and block merging.
 */
import type { Attribute } from '../attribute.js';
import type { Block, Operation, Region, Value } from '../ir.js';
import type { OpDefinition } from '../op-definition.js';
import { isCommutative } from '../traits.js';

const ids = new WeakMap<object, number>();
let nextId = 1;
/** A stable numeric identity for a value or block (for hashing and ordering). */
export function identityOf(x: object): number {
  let id = ids.get(x);
  if (id === undefined) {
    id = nextId++;
    ids.set(x, id);
  }
  return id;
}

/** Attributes as a canonical string; inherent attributes equal to their default count as absent. */
function attrsKey(op: Operation): string {
  const attrs = op.attributes;
  if (attrs.size === 0 && !op.operandSegments) return '';
  const defaults = op.def ? defaultsOf(op.def) : undefined;
  const parts: string[] = [];
  for (const [k, v] of attrs) {
    if (defaults?.get(k) === v) continue;
    parts.push(`${k}=${v.key}`);
  }
  parts.sort();
  return parts.join(',') + (op.operandSegments ? `|seg=${op.operandSegments.join(',')}` : '');
}

/** The inherent attributes of a definition that have a default, by name (worked out once per definition). */
const defaultsByDef = new WeakMap<OpDefinition, Map<string, Attribute | undefined>>();
function defaultsOf(def: OpDefinition): Map<string, Attribute | undefined> {
  let m = defaultsByDef.get(def);
  if (!m) {
    m = new Map();
    // The first spec of a name decides (undefined: no default).
    for (const a of def.attributes) if (!m.has(a.name)) m.set(a.name, a.default);
    defaultsByDef.set(def, m);
  }
  return m;
}

/**
 * A hash key of `op` for CSE: name, attributes, result types, and operand identities (summed, i.e.
 * order-free, for commutative ops), ignoring locations and results. Equivalent ops (operationsEquivalent)
 * always get the same key; result types are compared by identity there, so they enter the key by identity
 * (a number, not their printed form: lowered struct types print to hundreds of characters).
 */
export function cseHashKey(op: Operation): string {
  const operandIds = op.operandValues.map((v) => identityOf(v));
  const operands = isCommutative(op) && operandIds.length > 0 ? `+${[...operandIds].sort((a, b) => a - b).join(',')}` : operandIds.join(',');
  let results = '';
  for (const r of op.results) results += `${identityOf(r.type)},`;
  return `${op.name}|${attrsKey(op)}|${results}|${operands}|${op.regions.length}|${op.successors.length}`;
}

export interface EquivalenceOptions {
  /** Only compare operand types, not values (block merging). */
  readonly ignoreOperands?: boolean;
  /**
   * Decides whether two distinct operands of the compared ops are equal (MLIR's `checkEquivalent` callback);
   * operands are then compared pairwise, also for commutative ops.
   */
  readonly operandsEqual?: (a: Value, b: Value) => boolean;
}

class ValueEquivalence {
  readonly map = new Map<Value, Value>();
  check(a: Value, b: Value): boolean {
    return a === b || this.map.get(a) === b;
  }
  mark(a: Value, b: Value): void {
    this.map.set(a, b);
  }
  checkCommutative(a: readonly Value[], b: readonly Value[]): boolean {
    if (a.length !== b.length) return false;
    let i = 0;
    for (; i < a.length; i++) if (!this.check(a[i]!, b[i]!)) break;
    if (i === a.length) return true;
    const sort = (vs: readonly Value[]): number[] => vs.slice(i).map((v) => identityOf(v)).sort((x, y) => x - y);
    const sa = sort(a);
    const sb = sort(b);
    return sa.every((x, k) => x === sb[k]);
  }
}

/** MLIR's OperationEquivalence::isEquivalentTo(lhs, rhs, IgnoreLocations). */
export function operationsEquivalent(lhs: Operation, rhs: Operation, opts: EquivalenceOptions = {}): boolean {
  return equivalent(lhs, rhs, new ValueEquivalence(), opts, true);
}

function equivalent(lhs: Operation, rhs: Operation, eq: ValueEquivalence, opts: EquivalenceOptions, topLevel: boolean): boolean {
  if (lhs === rhs) return true;
  if (
    lhs.name !== rhs.name ||
    lhs.regions.length !== rhs.regions.length ||
    lhs.successors.length !== rhs.successors.length ||
    lhs.operands.length !== rhs.operands.length ||
    lhs.results.length !== rhs.results.length ||
    attrsKey(lhs) !== attrsKey(rhs)
  )
    return false;
  const lv = lhs.operandValues;
  const rv = rhs.operandValues;
  // Only the top-level comparison treats commutative operands as a multiset (nested regions are compared
  // without MLIR's commutative callback).
  if (!opts.ignoreOperands && topLevel && !opts.operandsEqual && isCommutative(lhs)) {
    if (!eq.checkCommutative(lv, rv)) return false;
  } else {
    for (let i = 0; i < lv.length; i++) {
      const a = lv[i]!;
      const b = rv[i]!;
      if (a === b) continue;
      if (a.type !== b.type) return false;
      if (opts.ignoreOperands) continue;
      if (topLevel && opts.operandsEqual ? !opts.operandsEqual(a, b) : !eq.check(a, b)) return false;
    }
  }
  for (let i = 0; i < lhs.results.length; i++) {
    if (lhs.results[i]!.type !== rhs.results[i]!.type) return false;
    eq.mark(lhs.results[i]!, rhs.results[i]!);
  }
  for (let i = 0; i < lhs.regions.length; i++) if (!regionsEquivalent(lhs.regions[i]!, rhs.regions[i]!, eq, opts)) return false;
  return true;
}

function regionsEquivalent(lhs: Region, rhs: Region, eq: ValueEquivalence, opts: EquivalenceOptions): boolean {
  if (lhs.blocks.length !== rhs.blocks.length) return false;
  const blocks = new Map<Block, Block>();
  for (let bi = 0; bi < lhs.blocks.length; bi++) {
    const lb = lhs.blocks[bi]!;
    const rb = rhs.blocks[bi]!;
    if (lb.args.length !== rb.args.length) return false;
    const prev = blocks.get(lb);
    if (prev && prev !== rb) return false;
    blocks.set(lb, rb);
    for (let i = 0; i < lb.args.length; i++) {
      if (lb.args[i]!.type !== rb.args[i]!.type) return false;
      eq.mark(lb.args[i]!, rb.args[i]!);
    }
    if (lb.ops.length !== rb.ops.length) return false;
    for (let i = 0; i < lb.ops.length; i++) {
      const lo = lb.ops[i]!;
      const ro = rb.ops[i]!;
      if (!equivalent(lo, ro, eq, opts, false)) return false;
      for (let s = 0; s < lo.successors.length; s++) {
        const ls = lo.successors[s]!;
        const rs = ro.successors[s]!;
        const m = blocks.get(ls);
        if (m && m !== rs) return false;
        blocks.set(ls, rs);
      }
    }
  }
  return true;
}
