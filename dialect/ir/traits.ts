/**
 * Op traits that passes query, and MLIR's side-effect model (SideEffectInterfaces.cpp) on top of them.
 *
 * Trait names an op definition may list in `traits` (see `defineOp`):
 * - `Pure`: no memory effects and always speculatable (ODS `Pure`).
 * - `NoMemoryEffect`: no memory effects (but maybe not speculatable, e.g. a division).
 * - `MemRead`, `MemWrite`, `MemAlloc`, `MemFree`: the op has exactly these effects (on the default
 *   resource); combine them (`tt.store` is `MemWrite`, a plain `tt.load` is `MemRead`). The ODS spelling
 *   `MemoryEffects<MemRead, MemWrite>` is accepted too.
 * - `RecursiveMemoryEffects`: the op's effects are those of the ops nested in its regions (`scf.for`,
 *   `scf.if`, `tt.reduce`, ...). It may be combined with the traits above for the op's own effects.
 * - `ConstantLike`: the op materializes a constant; its folder (or its `value` attribute) gives the value.
 * - `AlwaysSpeculatable`, `RecursivelySpeculatable` (with `NoMemoryEffect`, for ops that are not `Pure`).
 * - `Terminator`, `Commutative`, `IsolatedFromAbove`, `Symbol`, `Involution`, `Idempotent`.
 * An op that lists none of the effect traits and registers no effect hook is assumed to have unknown
 * effects (it is never erased when unused and never CSE'd), as MLIR treats ops without the interface.
 *
 * Effects that depend on the op instance (`tt.load` is also a write when volatile, `ttg.local_alloc`
 * allocates only when mutable) are given by `registerMemoryEffects(opName, op => effects)`, which
 * overrides the traits.
 */
import { OpOperand, type Operation, type Value } from './ir.js';
import { opNameOf, type OpRef } from './op-handle.js';
import type { OpDefinition } from './op-definition.js';

export type MemoryEffectKind = 'read' | 'write' | 'allocate' | 'free';

export interface MemoryEffect {
  readonly kind: MemoryEffectKind;
  /** The resource (e.g. 'global', 'shared', 'default'); effects on different resources do not alias. */
  readonly resource: string;
  /** The value the effect is on, when known (an allocation's result, a load's pointer). */
  readonly value?: Value;
}

export type MemoryEffectsHook = (op: Operation) => MemoryEffect[];

const effectHooks = new Map<string, MemoryEffectsHook>();

/** Declares the memory effects of every op named `opName` (overrides the effect traits). */
export function registerMemoryEffects(op: OpRef, hook: MemoryEffectsHook): void {
  effectHooks.set(opNameOf(op), hook);
  definitionFacts = new WeakMap();
}

const EFFECT_TRAITS: readonly [string, MemoryEffectKind][] = [
  ['MemRead', 'read'],
  ['MemWrite', 'write'],
  ['MemAlloc', 'allocate'],
  ['MemFree', 'free'],
];

/**
 * The op's own memory effects (not those of nested ops), or undefined when the op does not describe its
 * effects (MLIR: the op does not implement MemoryEffectOpInterface).
 */
export function getMemoryEffects(op: Operation): MemoryEffect[] | undefined {
  const hook = effectHooks.get(op.name);
  if (hook) return hook(op);
  const def = op.def;
  if (!def) return undefined;
  // The traits' effects are the same for every op of a definition: worked out once (frozen, shared).
  let effects = traitEffects.get(def);
  if (effects === undefined) {
    effects = effectsOfTraits(def) ?? null;
    traitEffects.set(def, effects);
  }
  return effects ?? undefined;
}

const traitEffects = new WeakMap<OpDefinition, MemoryEffect[] | null>();

function effectsOfTraits(def: OpDefinition): MemoryEffect[] | undefined {
  const has = (t: string): boolean => def.traits.has(t);
  if (has('Pure') || has('NoMemoryEffect')) return Object.freeze([]) as unknown as MemoryEffect[];
  let effects: MemoryEffect[] | undefined;
  for (const [trait, kind] of EFFECT_TRAITS) {
    if (!has(trait)) continue;
    (effects ??= []).push(Object.freeze({ kind, resource: 'default' }));
  }
  // ODS spelling: `MemoryEffects<MemRead, MemWrite>`.
  for (const t of def.traits) {
    const m = /^MemoryEffects<(.*)>$/.exec(t);
    if (!m) continue;
    effects ??= [];
    for (const part of m[1]!.split(',').map((x) => x.trim())) {
      const k = EFFECT_TRAITS.find(([name]) => name === part.replace(/<.*$/, ''));
      if (k) effects.push(Object.freeze({ kind: k[1], resource: 'default' }));
    }
  }
  return effects ? (Object.freeze(effects) as MemoryEffect[]) : undefined;
}

/** Whether the op implements the memory-effect interface (it has an effect hook or effect trait). */
export function hasMemoryEffectInterface(op: Operation): boolean {
  return getMemoryEffects(op) !== undefined;
}

export function hasRecursiveMemoryEffects(op: Operation): boolean {
  return op.hasTrait('RecursiveMemoryEffects');
}

/**
 * MLIR's Speculation::Speculatability: 'speculatable' (may run anywhere), 'recursive' (when every nested op
 * is), 'not'.
 */
export type Speculatability = 'speculatable' | 'recursive' | 'not';
export type SpeculatabilityHook = (op: Operation) => Speculatability;
const speculationHooks = new Map<string, SpeculatabilityHook>();

/** Declares the speculatability of every op named `opName` (MLIR's ConditionallySpeculatable; overrides the traits). */
export function registerSpeculatability(opName: string, hook: SpeculatabilityHook): void {
  speculationHooks.set(opName, hook);
}

/** MLIR's isPure: memory-effect free and speculatable (`Pure`, recursively for `RecursiveMemoryEffects`). */
export function isPure(op: Operation): boolean {
  return isSpeculatable(op) && isMemoryEffectFree(op);
}

/**
 * Whether the op may be executed speculatively: `Pure`/`AlwaysSpeculatable` ops are; `RecursivelySpeculatable`
 * ops are when every nested op is (MLIR's isSpeculatable).
 */
export function isSpeculatable(op: Operation): boolean {
  const hook = speculationHooks.get(op.name);
  const kind = hook ? hook(op) : op.hasTrait('Pure') || op.hasTrait('AlwaysSpeculatable') ? 'speculatable' : op.hasTrait('RecursivelySpeculatable') ? 'recursive' : 'not';
  if (kind !== 'recursive') return kind === 'speculatable';
  for (const r of op.regions) for (const b of r.blocks) for (const o of b.ops) if (!isSpeculatable(o)) return false;
  return true;
}

/**
 * Facts that hold for every op of a definition without an effect hook or `RecursiveMemoryEffects` (most ops):
 * worked out once per definition, as the greedy driver, region DCE and CSE ask them of every op of a lowered
 * module. Null for definitions whose answers depend on the op instance.
 */
interface DefinitionFacts {
  /** wouldOpBeTriviallyDead. */
  readonly deadIfUnused: boolean;
  /** isMemoryEffectFree. */
  readonly effectFree: boolean;
}

/** By definition; null: the answers depend on the op. Replaced when an effect hook is registered. */
let definitionFacts = new WeakMap<OpDefinition, DefinitionFacts | null>();

function factsOf(op: Operation): DefinitionFacts | null {
  const def = op.def;
  if (def === undefined) return null;
  let f = definitionFacts.get(def);
  if (f === undefined) {
    f = computeFacts(def);
    definitionFacts.set(def, f);
  }
  return f;
}

function computeFacts(def: OpDefinition): DefinitionFacts | null {
  if (effectHooks.has(def.name) || def.traits.has('RecursiveMemoryEffects')) return null;
  let effects = traitEffects.get(def);
  if (effects === undefined) {
    effects = effectsOfTraits(def) ?? null;
    traitEffects.set(def, effects);
  }
  // Trait effects are on no particular value, so only reads leave an unused op droppable.
  const onlyReads = effects !== null && effects.every((e) => e.kind === 'read');
  return {
    deadIfUnused: !def.traits.has('Terminator') && !def.traits.has('Symbol') && onlyReads,
    effectFree: effects !== null && effects.length === 0,
  };
}

/** MLIR's isMemoryEffectFree: no effects of its own and (for recursive ops) none in nested ops. */
export function isMemoryEffectFree(op: Operation): boolean {
  const facts = factsOf(op);
  if (facts !== null) return facts.effectFree;
  const effects = getMemoryEffects(op);
  if (effects) {
    if (effects.length) return false;
    if (!hasRecursiveMemoryEffects(op)) return true;
  } else if (!hasRecursiveMemoryEffects(op)) {
    return false;
  }
  for (const r of op.regions) for (const b of r.blocks) for (const o of b.ops) if (!isMemoryEffectFree(o)) return false;
  return true;
}

/**
 * The effects of the op and every nested op (for `RecursiveMemoryEffects` ops), or undefined when some
 * op's effects are unknown (MLIR's getEffectsRecursively).
 */
export function getEffectsRecursively(root: Operation): MemoryEffect[] | undefined {
  const out: MemoryEffect[] = [];
  const stack: Operation[] = [root];
  while (stack.length) {
    const op = stack.pop()!;
    const own = getMemoryEffects(op);
    const recursive = hasRecursiveMemoryEffects(op);
    if (own) out.push(...own);
    else if (!recursive) return undefined;
    if (recursive) for (const r of op.regions) for (const b of r.blocks) for (const o of b.ops) stack.push(o);
  }
  return out;
}

/** Whether the op has exactly one kind of effect, `kind` (MLIR's hasSingleEffect<Kind>). */
export function hasSingleEffect(op: Operation, kind: MemoryEffectKind): boolean {
  const effects = getMemoryEffects(op);
  if (!effects || effects.length === 0) return false;
  return effects.every((e) => e.kind === kind);
}

/** Whether the op has an effect of `kind` (its own, not nested ones). */
export function hasEffect(op: Operation, kind: MemoryEffectKind): boolean {
  return getMemoryEffects(op)?.some((e) => e.kind === kind) ?? false;
}

export function isTerminator(op: Operation): boolean {
  return op.hasTrait('Terminator');
}

export function isConstantLike(op: Operation): boolean {
  return op.hasTrait('ConstantLike');
}

export function isCommutative(op: Operation): boolean {
  return op.hasTrait('Commutative');
}

export function isIsolatedFromAbove(op: Operation): boolean {
  return op.hasTrait('IsolatedFromAbove');
}

/**
 * MLIR's mightHaveTrait<IsIsolatedFromAbove>: unregistered ops might be isolated too, so passes that must
 * not look through isolated regions treat them as isolated.
 */
export function mightBeIsolatedFromAbove(op: Operation): boolean {
  return !op.def || op.hasTrait('IsolatedFromAbove');
}

/** MLIR's mightHaveTrait<IsTerminator>: registered terminators, and unregistered ops that end a block. */
export function mightBeTerminator(op: Operation): boolean {
  if (op.def) return op.hasTrait('Terminator');
  const b = op.parent;
  return !!b && b.lastOp === op;
}

function isSymbol(op: Operation): boolean {
  return op.hasTrait('Symbol');
}

/**
 * MLIR's wouldOpBeTriviallyDead: the op could be erased if its results were unused: it is not a
 * terminator or symbol, and it (and, for recursive ops, every nested op) only reads memory or allocates
 * its own results.
 */
export function wouldOpBeTriviallyDead(root: Operation): boolean {
  const facts = factsOf(root);
  if (facts !== null) return facts.deadIfUnused;
  if (mightBeTerminator(root)) return false;
  if (isSymbol(root)) return false;
  const stack: Operation[] = [root];
  while (stack.length) {
    const op = stack.pop()!;
    const recursive = hasRecursiveMemoryEffects(op);
    if (recursive) for (const r of op.regions) for (const b of r.blocks) for (const o of b.ops) stack.push(o);
    const effects = getMemoryEffects(op);
    if (effects) {
      // Droppable: every effect reads, or is on a value this op allocates (one of its results).
      for (const e of effects) {
        if (e.kind === 'read') continue;
        const v = e.value;
        if (v === undefined || !effects.some((a) => a.kind === 'allocate' && a.value === v && v.definingOp === op)) return false;
      }
      continue;
    }
    if (recursive) continue;
    return false;
  }
  return true;
}

/** MLIR's isOpTriviallyDead: unused and `wouldOpBeTriviallyDead`. */
export function isOpTriviallyDead(op: Operation): boolean {
  for (const r of op.results) if (r.numberOfUses !== 0) return false;
  return wouldOpBeTriviallyDead(op);
}

// ---------------------------------------------------------------------------------------------------
// Branch ops (MLIR's BranchOpInterface): which operand group each successor's block arguments come from.

const branchOps = new Map<string, readonly string[]>();

/**
 * Declares `opName` a branch: `groups[i]` is the name of the operand group (in its definition) forwarded
 * to successor `i` (e.g. `cf.cond_br`: ['trueDestOperands', 'falseDestOperands']).
 */
export function registerBranchOp(opName: string, groups: readonly string[]): void {
  branchOps.set(opName, groups);
}

/**
 * The successor operand groups of a branch op: registered ones, or by ODS convention the groups named
 * `<successor>Operands` (`dest` → `destOperands`, `trueDest` → `trueDestOperands`) when every successor
 * has one.
 */
function branchGroups(op: Operation): readonly string[] | undefined {
  const reg = branchOps.get(op.name);
  if (reg) return reg;
  const def = op.def;
  if (!def || def.successors.length === 0 || def.successors.some((s) => s.variadic)) return undefined;
  const groups = def.successors.map((s) => `${s.name}Operands`);
  return groups.every((g) => def.operands.some((o) => o.name === g)) ? groups : undefined;
}

export function isBranchOp(op: Operation): boolean {
  return branchGroups(op) !== undefined;
}

/** The index range [start, start + count) of the operands forwarded to successor `succ`, if a branch. */
export function successorOperandRange(op: Operation, succ: number): { start: number; count: number } | undefined {
  const groups = branchGroups(op);
  const def = op.def;
  if (!groups || !def) return undefined;
  const g = def.operands.findIndex((o) => o.name === groups[succ]);
  if (g < 0) return undefined;
  const sizes = op.groupSizes();
  let start = 0;
  for (let i = 0; i < g; i++) start += sizes[i]!;
  return { start, count: sizes[g]! };
}

/** The values forwarded to successor `succ` of a branch op. */
export function successorOperands(op: Operation, succ: number): Value[] | undefined {
  const r = successorOperandRange(op, succ);
  return r ? op.operandValues.slice(r.start, r.start + r.count) : undefined;
}

/** Replaces the operands forwarded to successor `succ` (updating operand segment sizes). */
export function setSuccessorOperands(op: Operation, succ: number, values: readonly Value[]): void {
  const groups = branchGroups(op);
  const def = op.def;
  const r = successorOperandRange(op, succ);
  if (!groups || !def || !r) throw new Error(`${op.name} is not a registered branch op`);
  const g = def.operands.findIndex((o) => o.name === groups[succ]);
  const all = op.operandValues;
  all.splice(r.start, r.count, ...values);
  if (op.operandSegments) {
    const seg = [...op.operandSegments];
    seg[g] = values.length;
    op.operandSegments = seg;
  }
  spliceOperandsFrom(op, r.start, all);
}

/**
 * Sets the operand list to `values`, which equals the current list before `from`: operands from `from` on
 * are relinked in order (as MLIR shifts operand storage), those before are untouched.
 */
function spliceOperandsFrom(op: Operation, from: number, values: readonly Value[]): void {
  const keep = op.operands.slice(0, from);
  for (const o of op.operands.slice(from)) o.detach();
  op.operands = keep;
  values.slice(from).forEach((v, i) => op.operands.push(new OpOperand(op, from + i, v)));
}
