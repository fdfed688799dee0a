/**
 * Op definitions, the way MLIR's ODS declares them: operands, results, attributes, regions, successors,
 * traits, a verifier, and one declarative assembly format that both the parser and the printer interpret.
 * Dialects call `defineOp` once per op; everything else looks definitions up with `getOpDefinition`.
 */
import type { AsmParser, AsmPrinter } from './asm-interfaces.js';
import type { Attribute } from './attribute.js';
import type { Operation } from './ir.js';
import type { Location } from './location.js';
import type { Type } from './type.js';
import { makeOpHandle, type OpHandle } from './op-handle.js';

export type OperandKind = 'single' | 'optional' | 'variadic';

/**
 * An op verifier's message that MLIR emits with `op->emitError(...)` rather than `emitOpError`: reported as
 * is, without the `'name' op ` prefix (e.g. Triton's `miss encoding of C operand` on `tt.dot`).
 */
export class PlainVerifyError {
  constructor(readonly message: string) {}
}

/** What an op's `verify` returns: nothing when valid, else an `emitOpError` text or a `PlainVerifyError`. */
export type OpVerifyResult = string | PlainVerifyError | undefined;

export interface OperandSpec {
  readonly name: string;
  readonly kind: OperandKind;
  /** Type constraint: checked by the verifier. */
  readonly type?: TypeConstraint;
  /**
   * ODS `TypesMatchWith` from another operand: the custom form does not write this operand's type, the parser
   * derives it from `operand`'s type (undefined: no type to derive; the operand's own type is used).
   */
  readonly typeFrom?: { readonly operand: string; readonly derive: (t: Type) => Type | undefined };
}

export interface ResultSpec {
  readonly name: string;
  readonly kind: OperandKind;
  readonly type?: TypeConstraint;
}

export interface TypeConstraint {
  readonly description: string;
  matches(t: Type): boolean;
  /**
   * When the constraint is one dialect type class (e.g. `ttg.memdesc`), `type($x)` prints that type
   * without its `!dialect.name` prefix and parses it that way, unless wrapped in `qualified(...)`.
   */
  readonly dialectType?: string;
}

/**
 * How an attribute is written where the assembly format names it (`$predicate`, `$axis`, `$value`)
 * and what values it may take. The stored value is always an `Attribute`.
 */
export interface AttrKind<A extends Attribute = Attribute> {
  readonly description: string;
  /** Reads the attribute; its result type is the attribute class the kind stores (typed op handles use it). */
  parse(p: AsmParser): A;
  print(p: AsmPrinter, value: Attribute): void;
  /** Whether the next token can start this attribute (decides optional groups it anchors). */
  canStart?(token: { kind: number; text: string }): boolean;
  /** Returns an error message when `value` is not of this kind. */
  verify?(value: Attribute): string | undefined;
  /**
   * Whether `value` is of the attribute class this property is stored as. MLIR converts an op's properties to
   * their storage when it reads the op, before any verifier runs, and rejects a value of another class there
   * ("invalid properties {...} for op X: Invalid attribute `name` in property conversion: ...").
   */
  storage?(value: Attribute): boolean;
  /**
   * Stored as a native property (ODS `EnumProp`) rather than an attribute: MLIR words its constraint failure
   * "property 'x' failed to satisfy constraint" instead of "attribute 'x' ...".
   */
  readonly nativeProperty?: boolean;
  /**
   * A UnitAttr bound in a format (`(`allow_reorder` $allow_reorder^)?`): its presence is the text of the
   * group around it, the variable itself reads and writes nothing (as ODS does for UnitAttr).
   */
  readonly isUnit?: boolean;
}

export interface AttrSpec<A extends Attribute = Attribute> {
  readonly name: string;
  readonly kind: AttrKind<A>;
  readonly optional?: boolean;
  /** Value assumed when absent; attributes equal to it are elided from `attr-dict`, as ODS does. */
  readonly default?: Attribute;
}

export interface RegionSpec {
  readonly name: string;
  readonly variadic?: boolean;
}

export interface SuccessorSpec {
  readonly name: string;
  readonly variadic?: boolean;
}

/** Hooks for `custom<Name>(...)` format directives, registered by name. */
export interface CustomDirective {
  parse(p: OpFormatParser, op: PendingOp, args: readonly FormatRef[]): void;
  print(p: OpFormatPrinter, op: Operation, args: readonly FormatRef[]): void;
}

/** What a `custom<...>` directive receives for each of its arguments. */
export type FormatRef =
  | { readonly kind: 'operand'; readonly name: string }
  | { readonly kind: 'attr'; readonly name: string }
  | { readonly kind: 'region'; readonly name: string }
  | { readonly kind: 'successor'; readonly name: string }
  | { readonly kind: 'type'; readonly of: string }
  | { readonly kind: 'attr-dict' };

/** The op being assembled by the format parser. Operands are unresolved names until the end. */
export interface PendingOp {
  readonly name: string;
  readonly def: OpDefinition;
  /** Unresolved operands per group name. */
  operands: Map<string, OperandRef[]>;
  /** Types per operand group name (filled by `type(...)` directives). */
  operandTypes: Map<string, Type[]>;
  resultTypes: Map<string, Type[]>;
  attributes: Map<string, Attribute>;
  /** Parsed regions per region group name (created by the parser). */
  regions: Map<string, unknown[]>;
  successors: Map<string, unknown[]>;
  /** The number of results named at the use site (`%0:3 = ...`). */
  readonly numResultsAtUseSite: number;
  /** Where the op's name was read: MLIR's OperationState location while the op is parsed (implicit terminators get it). */
  readonly sourceLoc?: Location;
}

export interface OperandRef {
  readonly name: string;
  readonly index: number;
  readonly pos: number;
}

/** Parser services a custom directive may use, beyond AsmParser. */
export interface OpFormatParser extends AsmParser {
  parseOperandRef(): OperandRef;
  parseOptionalOperandRef(): OperandRef | undefined;
  /** Resolves an operand reference in the current scope (forward references allowed). */
  resolveOperand(ref: OperandRef, type: Type): import('./ir.js').Value;
  /** Parses `{...}` into a region; `args` are entry block arguments already known (e.g. a function's). */
  parseRegion(args?: readonly RegionArgument[], enableNameShadowing?: boolean): unknown;
  parseOptionalAttrDict(into: Map<string, Attribute>): void;
  parseSuccessor(): unknown;
  /** Parses an optional trailing `loc(...)` (for block arguments printed inline). */
  parseOptionalLocation(): Attribute | undefined;
  peekToken(): { kind: number; text: string };
}

export interface RegionArgument {
  readonly ref: OperandRef;
  readonly type: Type;
  readonly loc?: Attribute;
}

/** Printer services a custom directive may use, beyond AsmPrinter. */
export interface OpFormatPrinter extends AsmPrinter {
  printOperand(v: import('./ir.js').Value): void;
  printOperands(vs: readonly import('./ir.js').Value[]): void;
  printRegion(region: import('./ir.js').Region, opts?: { printEntryBlockArgs?: boolean; printEmptyBlock?: boolean; printBlockTerminators?: boolean }): void;
  printOptionalAttrDict(op: Operation, elided?: readonly string[], withKeyword?: boolean): void;
  printSuccessor(block: import('./ir.js').Block): void;
  printSuccessorAndOperands(block: import('./ir.js').Block, operands: readonly import('./ir.js').Value[]): void;
  /** Prints a block argument `%name: type` with its location when debug info is on. */
  printBlockArgumentDecl(arg: import('./ir.js').BlockArgument, withLoc: boolean): void;
  /** Prints ` loc(...)` of a region argument inline (no alias), as MLIR does for argument locations. */
  printArgumentLocation(loc: import('./location.js').Location): void;
  printNewline(): void;
  readonly printDebugInfo: boolean;
}

export interface OpDefinition {
  readonly name: string;
  readonly summary: string;
  readonly operands: readonly OperandSpec[];
  readonly results: readonly ResultSpec[];
  readonly attributes: readonly AttrSpec[];
  readonly regions: readonly RegionSpec[];
  readonly successors: readonly SuccessorSpec[];
  readonly traits: ReadonlySet<string>;
  /** Declarative assembly format (ODS syntax); absent ops print in the generic form. */
  readonly format?: string;
  /**
   * OpAsmOpInterface::getDefaultDialect: inside this op's regions, ops of this dialect print without
   * their `dialect.` prefix (`builtin` for `builtin.module`); unset means none.
   */
  readonly defaultDialect?: string;
  /** Extra checks beyond operand/result/attribute constraints; returns an error message. */
  readonly verify?: (op: Operation) => OpVerifyResult;
  /** Names of results for the printer (MLIR's getAsmResultNames), e.g. `c32_i32` for constants. */
  readonly resultNames?: (op: Operation) => (string | undefined)[];
  /**
   * Infers result types when the format does not print them all; `known` holds the result types
   * the format did print (undefined where absent), e.g. `tt.split` prints only `type($outLHS)`.
   */
  readonly inferResultTypes?: (
    operandTypes: readonly Type[],
    attrs: ReadonlyMap<string, Attribute>,
    known?: readonly (Type | undefined)[],
  ) => Type[];
}

export interface OpDefinitionInit {
  name: string;
  summary?: string;
  operands?: readonly (OperandSpec | string)[];
  results?: readonly (ResultSpec | string)[];
  attributes?: readonly AttrSpec[];
  regions?: readonly (RegionSpec | string)[];
  successors?: readonly (SuccessorSpec | string)[];
  traits?: readonly string[];
  format?: string;
  defaultDialect?: string;
  verify?: (op: Operation) => OpVerifyResult;
  resultNames?: (op: Operation) => (string | undefined)[];
  inferResultTypes?: (
    operandTypes: readonly Type[],
    attrs: ReadonlyMap<string, Attribute>,
    known?: readonly (Type | undefined)[],
  ) => Type[];
}

/** `name`, `name?` (optional) or `name*` (variadic), as shorthand for operand/result specs. */
function spec(s: OperandSpec | string): OperandSpec {
  if (typeof s !== 'string') return s;
  if (s.endsWith('*')) return { name: s.slice(0, -1), kind: 'variadic' };
  if (s.endsWith('?')) return { name: s.slice(0, -1), kind: 'optional' };
  return { name: s, kind: 'single' };
}

const registry = new Map<string, OpDefinition>();
const customDirectives = new Map<string, CustomDirective>();

/**
 * Declares an op and returns its typed handle (ops/handle.ts): `is(op)` and one accessor per operand, result,
 * attribute and region, named as the declaration names them (`ConvertLayoutOp.src(op)`, `LoadOp.mask(op)`).
 */
export function defineOp<const I extends OpDefinitionInit>(init: I): OpHandle<I> {
  return makeOpHandle(init, registerDefinition(init));
}

function registerDefinition(init: OpDefinitionInit): OpDefinition {
  if (registry.has(init.name)) throw new Error(`op ${init.name} defined twice`);
  const def: OpDefinition = {
    name: init.name,
    summary: init.summary ?? '',
    operands: (init.operands ?? []).map(spec),
    results: (init.results ?? []).map(spec),
    attributes: init.attributes ?? [],
    regions: (init.regions ?? []).map((r) => (typeof r === 'string' ? { name: r.replace(/\*$/, ''), variadic: r.endsWith('*') } : r)),
    successors: (init.successors ?? []).map((r) =>
      typeof r === 'string' ? { name: r.replace(/\*$/, ''), variadic: r.endsWith('*') } : r,
    ),
    traits: new Set(init.traits ?? []),
    ...(init.format !== undefined ? { format: init.format } : {}),
    ...(init.defaultDialect !== undefined ? { defaultDialect: init.defaultDialect } : {}),
    ...(init.verify ? { verify: init.verify } : {}),
    ...(init.resultNames ? { resultNames: init.resultNames } : {}),
    ...(init.inferResultTypes ? { inferResultTypes: init.inferResultTypes } : {}),
  };
  registry.set(def.name, def);
  return def;
}

export function getOpDefinition(name: string): OpDefinition | undefined {
  return registry.get(name);
}

export function allOpDefinitions(): OpDefinition[] {
  return [...registry.values()];
}

let dialectCache: { size: number; names: Set<string> } | undefined;
/** Namespaces with at least one registered op (MLIR's loaded dialects). */
export function knownDialects(): ReadonlySet<string> {
  if (!dialectCache || dialectCache.size !== registry.size) {
    dialectCache = { size: registry.size, names: new Set([...registry.keys()].map((n) => n.slice(0, Math.max(0, n.indexOf('.'))))) };
  }
  return dialectCache.names;
}

export function defineCustomDirective(name: string, d: CustomDirective): void {
  if (customDirectives.has(name)) throw new Error(`custom directive ${name} defined twice`);
  customDirectives.set(name, d);
}

export function getCustomDirective(name: string): CustomDirective | undefined {
  return customDirectives.get(name);
}
