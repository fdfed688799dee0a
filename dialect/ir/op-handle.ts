/**
 * Typed op handles: what `defineOp` returns for an op declaration. A handle answers `is(op)` and reads an op's
 * operands, results, attributes and regions by the names the declaration gives them, with types derived from
 * the declaration itself (no per-op accessor code):
 *
 *   export const LoadOp = defineOp({ name: 'tt.load', operands: ['ptr', 'mask?', 'other?'], ... });
 *   if (LoadOp.is(op)) { const mask = LoadOp.mask(op); ... }   // Value | undefined
 *
 * Operand kinds give the accessor's type: a single operand is a `Value`, an optional one `Value | undefined`, a
 * variadic group `Value[]` (results likewise, as `OpResult`s); an attribute is the class its kind stores, or
 * `| undefined` when optional without a default (an absent attribute with a default reads as the default, as
 * ODS getters do); a region is a `Region` (`Region[]` when variadic). Names that would shadow the handle's own
 * members (`is`, `opName`, `def`) get no accessor.
 *
 * An operand accessor also says where its operand sits in an op's operand list (`LoadOp.mask.positions(op)`:
 * `[2]`, or `[]` when the optional mask is absent), derived from the declaration as ODS's
 * `getODSOperandIndexAndLength` is: single and optional groups, one variadic group taking the rest, or the
 * `operandSegmentSizes` of ops with several variable-size groups. Code that works on operand positions rather
 * than values uses it, above all the LLVM lowering's conversion adaptor (`ctx.lowered(LoadOp.mask)`, see
 * lowering/conversion.ts), MLIR's generated `OpAdaptor` getters. Code that handles any op of an operand
 * structure rather than one op (any one-operand op, any binary op) uses the structural accessors of
 * operand-traits.ts, which are operand accessors too.
 */
import type { Attribute } from './attribute.js';
import { inferGroupSizes } from './operand-groups.js';
import type { Operation, OpResult, Region, Value } from './ir.js';
import type { AttrSpec, OpDefinition, OpDefinitionInit, OperandKind, OperandSpec, RegionSpec, ResultSpec } from './op-definition.js';

type Reserved = 'is' | 'opName' | 'def';

type SpecName<S> = S extends string
  ? S extends `${infer N}*`
    ? N
    : S extends `${infer N}?`
      ? N
      : S
  : S extends { readonly name: infer N extends string }
    ? N
    : never;

type SpecKind<S> = S extends string
  ? S extends `${string}*`
    ? 'variadic'
    : S extends `${string}?`
      ? 'optional'
      : 'single'
  : S extends { readonly kind: infer K }
    ? K
    : S extends { readonly variadic: true }
      ? 'variadic'
      : 'single';

export type Grouped<K, V> = K extends 'single' ? V : K extends 'optional' ? V | undefined : V[];

type ListOf<L> = L extends readonly unknown[] ? L[number] : never;

type ValueAccessors<L, V> = {
  readonly [S in ListOf<L> as Exclude<SpecName<S>, Reserved>]: (op: Operation) => Grouped<SpecKind<S>, V>;
};

/**
 * The accessor of a named operand group of kind `K`: reads it (`Value`, `Value | undefined` or `Value[]`) and
 * gives its positions in `op.operandValues`.
 */
export interface OperandAccessor<K extends OperandKind = OperandKind> {
  (op: Operation): Grouped<K, Value>;
  /** The operand's name in its declaration (`mask`). */
  readonly operandName: string;
  readonly kind: K;
  /** The positions of the group in `op.operandValues`: one for a single operand, 0 or 1 optional, n variadic. */
  positions(op: Operation): number[];
}

type OperandAccessors<L> = {
  readonly [S in ListOf<L> as Exclude<SpecName<S>, Reserved>]: OperandAccessor<SpecKind<S> & OperandKind>;
};

type AttrValue<S> = S extends { readonly kind: { parse(...args: never[]): infer A } } ? A : Attribute;
type AttrPresence<S> = S extends { readonly optional: true } ? (S extends { readonly default: Attribute } ? never : undefined) : never;
type AttrAccessors<L> = {
  readonly [S in ListOf<L> as Exclude<SpecName<S>, Reserved>]: (op: Operation) => AttrValue<S> | AttrPresence<S>;
};

type RegionAccessors<L> = {
  readonly [S in ListOf<L> as Exclude<SpecName<S>, Reserved>]: (op: Operation) => Grouped<SpecKind<S>, Region>;
};

declare const opKind: unique symbol;

/**
 * An op that a handle's `is` has recognised as op `N`. The brand is never stored; it only lets `is` narrow
 * (`if (!ForOp.is(op)) return;` leaves `op` defined) without narrowing the other branch to `never`.
 */
export type OpOf<N extends string = string> = Operation & { readonly [opKind]: N };

export interface OpHandleCore<N extends string = string> {
  /** The op's full name (`tt.load`). */
  readonly opName: N;
  /** The registered definition. */
  readonly def: OpDefinition;
  /** Whether `op` is an instance of this op (false for undefined). */
  is(op: Operation | undefined): op is OpOf<N>;
}

export type OpHandle<I extends OpDefinitionInit = OpDefinitionInit> = OpHandleCore<I['name']> &
  OperandAccessors<I['operands']> &
  ValueAccessors<I['results'], OpResult> &
  AttrAccessors<I['attributes']> &
  RegionAccessors<I['regions']>;

/** An op named by its handle or its full name, where ops are registered (folders, patterns, effects, lowerings). */
export type OpRef = string | OpHandleCore;

export function opNameOf(ref: OpRef): string {
  return typeof ref === 'string' ? ref : ref.opName;
}

const RESERVED: ReadonlySet<string> = new Set(['is', 'opName', 'def']);

type Groups = readonly { readonly kind: OperandKind }[];

/**
 * The [start, size] of group `index` of `groups` in a list of `total` values (sizes: single 1, optional 0/1,
 * one variadic the rest; `segments` when the op records them). `what` names the group in errors.
 */
function groupRange(
  groups: Groups,
  index: number,
  total: number,
  segments: readonly number[] | undefined,
  sameVariadicSize: boolean,
  opName: string,
  what: string,
): [number, number] {
  const sizes = segments ?? inferGroupSizes(groups, total, sameVariadicSize, opName, what);
  let start = 0;
  for (let i = 0; i < index; i++) start += sizes[i]!;
  return [start, sizes[index]!];
}

/** The accessor of group `index` of `groups`, and the positions of the group in `list(op)`. */
function groupAccessor<V>(
  groups: Groups,
  index: number,
  list: (op: Operation) => readonly V[],
  segments: (op: Operation) => readonly number[] | undefined,
  what: string,
  sameVariadicSize = false,
  // The list's length and one entry without building the list (operand values are made per call).
  count: (op: Operation) => number = (op) => list(op).length,
  at: (op: Operation, i: number) => V | undefined = (op, i) => list(op)[i],
): { read: (op: Operation) => V | V[] | undefined; positions: (op: Operation) => number[] } {
  const kind = groups[index]!.kind;
  if (kind === 'single' && groups.slice(0, index).every((g) => g.kind === 'single')) {
    // Only single groups before it: its position is its index.
    return {
      read: (op) => {
        const v = at(op, index);
        if (v === undefined) throw new Error(`${op.name} has no ${what}`);
        return v;
      },
      positions: (op) => {
        if (index >= count(op)) throw new Error(`${op.name} has no ${what}`);
        return [index];
      },
    };
  }
  const range = (op: Operation): [number, number] =>
    groupRange(groups, index, count(op), segments(op), sameVariadicSize, op.name, what);
  return {
    read: (op) => {
      const [start, size] = range(op);
      if (kind === 'variadic') return list(op).slice(start, start + size);
      const v = size > 0 && start < count(op) ? at(op, start) : undefined;
      if (kind === 'optional') return v;
      if (v === undefined) throw new Error(`${op.name} has no ${what}`);
      return v;
    },
    positions: (op) => {
      const [start, size] = range(op);
      const end = Math.min(start + size, count(op));
      if (kind === 'single' && end <= start) throw new Error(`${op.name} has no ${what}`);
      return Array.from({ length: Math.max(0, end - start) }, (_, i) => start + i);
    },
  };
}

/** An operand accessor: `read` with the group's name, kind and positions attached. */
export function makeOperandAccessor<K extends OperandKind>(
  operandName: string,
  kind: K,
  read: (op: Operation) => Value | Value[] | undefined,
  positions: (op: Operation) => number[],
): OperandAccessor<K> {
  return Object.assign((op: Operation) => read(op), { operandName, kind, positions }) as OperandAccessor<K>;
}

/** Builds the handle of a registered definition. */
export function makeOpHandle<const I extends OpDefinitionInit>(_init: I, def: OpDefinition): OpHandle<I> {
  const name = def.name;
  const handle: Record<string, unknown> = {
    opName: name,
    def,
    is: (op: Operation | undefined): boolean => op !== undefined && op.name === name,
  };
  const define = (key: string, fn: unknown): void => {
    if (RESERVED.has(key) || key in handle) return;
    handle[key] = fn;
  };
  def.operands.forEach((o: OperandSpec, i) => {
    const g = groupAccessor(
      def.operands,
      i,
      (op) => op.operandValues,
      (op) => op.operandSegments,
      `operand '${o.name}'`,
      def.traits.has('SameVariadicOperandSize'),
      (op) => op.operands.length,
      (op, k) => op.operands[k]?.value,
    );
    define(o.name, makeOperandAccessor(o.name, o.kind, g.read as (op: Operation) => Value | Value[] | undefined, g.positions));
  });
  def.results.forEach((r: ResultSpec, i) =>
    define(r.name, groupAccessor(def.results, i, (op) => op.results, () => undefined, `result '${r.name}'`).read),
  );
  def.attributes.forEach((a: AttrSpec) => {
    const dflt = a.default;
    const required = !a.optional && dflt === undefined;
    define(a.name, (op: Operation): Attribute | undefined => {
      const v = op.getAttr(a.name) ?? dflt;
      if (v === undefined && required) throw new Error(`${op.name} has no attribute '${a.name}'`);
      return v;
    });
  });
  const regionGroups = def.regions.map((r: RegionSpec) => ({ kind: r.variadic ? ('variadic' as const) : ('single' as const) }));
  def.regions.forEach((r: RegionSpec, i) => define(r.name, groupAccessor(regionGroups, i, (op) => op.regions, () => undefined, `region '${r.name}'`).read));
  return handle as OpHandle<I>;
}

/** Whether `op` is an instance of any of `handles` (MLIR's `isa<A, B, ...>(op)`); false for undefined. */
export function isAnyOf<N extends string>(op: Operation | undefined, handles: readonly OpHandleCore<N>[]): op is OpOf<N> {
  return handles.some((h) => h.is(op));
}
