/**
 * Operation equivalence (MLIR's OperationEquivalence with IgnoreLocations): two ops are equivalent when
 * they have the same name, attributes (inherent and discardable), operand segment sizes, result types,
 * successors, and equivalent operands and regions. Commutative ops also match when their operands are a
 * permutation of each other. Used by CSE (hashing + equivalence) and block merging.
 */
import type { Attribute } from '../attribute.js';
import { Value, type Block, type Operation, type Region } from '../ir.js';
import type { OpDefinition } from '../op-definition.js';
import { isCommutative } from '../traits.js';

const ids = new WeakMap<object, number>();
let nextId = 1;
/** A stable numeric identity for a value, type or block (for hashing and ordering). */
export function identityOf(x: object): number {
  if (x instanceof Value) return x.id;
  let id = ids.get(x);
  if (id === undefined) {
    id = nextId++;
    ids.set(x, id);
  }
  return id;
}

/**
 * Whether two ops of the same name have the same attributes, inherent attributes equal to their default
 * counting as absent, and the same operand segment sizes. Attributes compare by their canonical text (interned
 * attributes are equal when identical).
 */
function sameAttributes(lhs: Operation, rhs: Operation): boolean {
  const ls = lhs.operandSegments;
  const rs = rhs.operandSegments;
  if (ls !== rs) {
    if (!ls || !rs || ls.length !== rs.length) return false;
    for (let i = 0; i < ls.length; i++) if (ls[i] !== rs[i]) return false;
  }
  const la = lhs.attributes;
  const ra = rhs.attributes;
  if (la.size === 0 && ra.size === 0) return true;
  // Same name, so same definition and defaults.
  const defaults = lhs.def ? defaultsOf(lhs.def) : undefined;
  let ln = 0;
  for (const [k, v] of la) {
    if (defaults !== undefined && defaults.get(k) === v) continue;
    ln++;
    const w = ra.get(k);
    if (w === undefined || w === defaults?.get(k) || (w !== v && w.key !== v.key)) return false;
  }
  let rn = 0;
  for (const [k, v] of ra) if (defaults === undefined || defaults.get(k) !== v) rn++;
  return ln === rn;
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

/** A 32-bit string hash (FNV-1a). */
function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h;
}

/** Spreads the bits of a 32-bit number (murmur3's finalizer). */
function mix(x: number): number {
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b);
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
  return x ^ (x >>> 16);
}

/** Order-dependent combination of a hash with one more number. */
function combine(h: number, x: number): number {
  return Math.imul(h ^ mix(x), 0x9e3779b1) + 0x7f4a7c15;
}

const nameHashes = new Map<string, number>();
function nameHash(name: string): number {
  let h = nameHashes.get(name);
  if (h === undefined) {
    h = hashString(name);
    nameHashes.set(name, h);
  }
  return h;
}

/** Attributes hash by their canonical text (the text, not the object, decides equality: see sameAttributes). */
const attrHashes = new WeakMap<Attribute, number>();
function attrHash(a: Attribute): number {
  let h = attrHashes.get(a);
  if (h === undefined) {
    h = hashString(a.key);
    attrHashes.set(a, h);
  }
  return h;
}

/**
 * A hash of `op` for CSE: name, attributes (order-free; defaults skipped), operand segments, result types,
 * operand identities (order-free for commutative ops), and the numbers of regions and successors, ignoring
 * locations. Equivalent ops (operationsEquivalent) always get the same hash; ops of one hash are told apart by
 * operationsEquivalent. A number rather than a text key: building and hashing a key string per op showed in
 * profiles of lowered modules.
 */
export function cseHash(op: Operation): number {
  let h = nameHash(op.name);
  const attrs = op.attributes;
  // An attribute equal to its default counts as absent: an op holding only such attributes hashes as one without.
  let attrSum = 0;
  if (attrs.size !== 0) {
    const defaults = op.def ? defaultsOf(op.def) : undefined;
    for (const [k, v] of attrs) {
      if (defaults !== undefined && defaults.get(k) === v) continue;
      attrSum = (attrSum + mix(nameHash(k) ^ attrHash(v))) | 0;
    }
  }
  h = combine(h, attrSum);
  const segments = op.operandSegments;
  if (segments) {
    h = combine(h, -1);
    for (const n of segments) h = combine(h, n);
  }
  const results = op.results;
  h = combine(h, results.length);
  for (let i = 0; i < results.length; i++) h = combine(h, identityOf(results[i]!.type));
  const operands = op.operands;
  h = combine(h, operands.length);
  if (operands.length > 1 && isCommutative(op)) {
    let sum = 0;
    for (let i = 0; i < operands.length; i++) sum = (sum + mix(operands[i]!.value.id)) | 0;
    h = combine(h, sum);
  } else {
    for (let i = 0; i < operands.length; i++) h = combine(h, operands[i]!.value.id);
  }
  h = combine(h, op.regions.length);
  return combine(h, op.successors.length) | 0;
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
    !sameAttributes(lhs, rhs)
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
