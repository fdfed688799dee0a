/**
 * The fold / canonicalization registry: what MLIR keeps on each op (`fold`, `getCanonicalizationPatterns`)
 * and each dialect (`materializeConstant`, dialect canonicalization patterns), registered by name.
 *
 * ## Folders
 *
 *   registerFolder('arith.addi', (op, operands) => {
 *     // operands[i] is the constant value of operand i (an Attribute) or undefined when not constant.
 *     if (isZero(operands[1])) return op.operand(0);   // fold to an existing value
 *     return constFoldBinaryInt(operands, (a, b) => a + b);  // fold to a constant (Attribute) or undefined
 *   });
 *
 * A folder returns (MLIR's OpFoldResult conventions):
 * - `undefined`: no fold;
 * - for a single-result op, a `Value` or an `Attribute` replacing the result; returning the op's own
 *   result means "modified in place" (the folder changed operands/attributes itself);
 * - for any op, an array with one `Value | Attribute` per result; an empty array means "modified in place".
 * Folders must not create or erase ops, and must not change anything when they return `undefined`.
 * Attributes are turned into ops by the constant materializer of the folded op's dialect.
 * After the op's own folder fails (or folds in place), trait folds run as in MLIR: `Commutative` moves
 * constant operands to the end, `Involution` folds op(op(x)) to x, `Idempotent` folds op(op(x)) to op(x)
 * (and op(x, x) to x for binary ops).
 *
 * An op with the `ConstantLike` trait is a constant: its folder (called with no operands) must return its
 * value as an Attribute; without a folder its `value` attribute is used.
 *
 * ## Constant materializers
 *
 *   registerConstantMaterializer('tt', (builder, value, type, loc) => materializeArithConstant(builder, value, type, loc));
 *
 * Called with the builder positioned where the constant must go; returns the created ConstantLike op, or
 * undefined when the value/type cannot be materialized (the fold is then abandoned).
 *
 * ## Canonicalization patterns
 *
 *   registerCanonicalization('ttg.convert_layout', [
 *     { name: 'ConvertOfSplat', benefit: 1, matchAndRewrite(op, rewriter) { ...; return true; } },
 *     { name: 'ReshapeOfConvert', rootName: 'tt.reshape', matchAndRewrite(op, rewriter) { ... } },
 *   ]);
 *
 * `registerCanonicalization(opName, patterns)` is MLIR's `Op::getCanonicalizationPatterns` of `opName`:
 * each pattern's `rootName` defaults to `opName`, but may name another op (Triton registers patterns rooted
 * at `tt.reshape` from `ttg.convert_layout`), or be `'*'` to match any op. The canonicalizer collects
 * dialect patterns first (`registerDialectCanonicalization`), then each op's patterns in op-name order
 * (MLIR's sorted registered operations), and tries the patterns rooted at an op by decreasing benefit,
 * registration order among equal benefits. A pattern returns true iff it changed the IR; it must then use
 * the rewriter for every change (create/replaceOp/eraseOp/modifyOpInPlace...) so the driver sees it.
 */
import type { Attribute } from '../attribute.js';
import { DenseElementsAttr, FloatAttr, IntegerAttr, normalizeInt } from '../attribute.js';
import type { Builder } from '../builder.js';
import { Value, type Operation } from '../ir.js';
import type { Location } from '../location.js';
import { FloatType, type Type } from '../type.js';
import { isCommutative, isConstantLike } from '../traits.js';
import type { RewritePattern } from './pattern.js';
import { opNameOf, type OpRef } from '../op-handle.js';
import type { OpDefinition } from '../op-definition.js';

export type OpFoldResult = Value | Attribute;
export type FoldResult = OpFoldResult | readonly OpFoldResult[] | undefined;
export type Folder = (op: Operation, operands: readonly (Attribute | undefined)[]) => FoldResult;
export type ConstantMaterializer = (builder: Builder, value: Attribute, type: Type, loc: Location) => Operation | undefined;

const folders = new Map<string, Folder>();
const materializers = new Map<string, ConstantMaterializer>();
const opPatterns = new Map<string, RewritePattern[]>();
const dialectPatterns = new Map<string, RewritePattern[]>();
/** Bumped by every pattern registration, so that a frozen set of all patterns can be reused until it changes. */
let patternsVersion = 0;
export function canonicalizationPatternsVersion(): number {
  return patternsVersion;
}

/** Registers the folder of `opName` (one per op; registering again replaces it). */
export function registerFolder(op: OpRef, folder: Folder): void {
  folders.set(opNameOf(op), folder);
}

export function getFolder(opName: string): Folder | undefined {
  return folders.get(opName);
}

/** Registers how constants of `dialect` (the prefix of op names, e.g. 'arith') are materialized. */
export function registerConstantMaterializer(dialect: string, fn: ConstantMaterializer): void {
  materializers.set(dialect, fn);
}

/** The dialect namespace of an op name (`arith.addi` → `arith`). */
export function dialectOf(opName: string): string {
  const i = opName.indexOf('.');
  return i < 0 ? '' : opName.slice(0, i);
}

/** Materializes `value` as a constant of `type` with `dialect`'s materializer at the builder's insertion point. */
export function materializeConstant(dialect: string, builder: Builder, value: Attribute, type: Type, loc: Location): Operation | undefined {
  const fn = materializers.get(dialect);
  return fn ? fn(builder, value, type, loc) : undefined;
}

/** Adds canonicalization patterns contributed by `opName` (see the file comment for ordering). */
export function registerCanonicalization(op: OpRef, patterns: RewritePattern | readonly RewritePattern[]): void {
  const opName = opNameOf(op);
  const list = opPatterns.get(opName) ?? [];
  for (const p of Array.isArray(patterns) ? patterns : [patterns as RewritePattern]) list.push(p.rootName ? p : { ...p, rootName: opName, matchAndRewrite: p.matchAndRewrite.bind(p) });
  opPatterns.set(opName, list);
  patternsVersion++;
}

/** Adds canonicalization patterns contributed by a dialect (collected before the ops' patterns). */
export function registerDialectCanonicalization(dialect: string, patterns: RewritePattern | readonly RewritePattern[]): void {
  const list = dialectPatterns.get(dialect) ?? [];
  list.push(...(Array.isArray(patterns) ? patterns : [patterns as RewritePattern]));
  dialectPatterns.set(dialect, list);
  patternsVersion++;
}

/** All canonicalization patterns, in the order MLIR's canonicalizer collects them. */
export function getCanonicalizationPatterns(): RewritePattern[] {
  const out: RewritePattern[] = [];
  for (const list of dialectPatterns.values()) out.push(...list);
  for (const name of [...opPatterns.keys()].sort()) out.push(...opPatterns.get(name)!);
  return out;
}

// ---------------------------------------------------------------------------------------------------
// Constants (MLIR's m_Constant)

const NO_OPERANDS: readonly (Attribute | undefined)[] = Object.freeze([]);

/** The constant value of `op` if it is ConstantLike (folding it with no operands), else undefined. */
export function constantValueOfOp(op: Operation): Attribute | undefined {
  if (!isConstantLike(op)) return undefined;
  const f = folders.get(op.name);
  if (f) {
    const r = f(op, NO_OPERANDS);
    const v = Array.isArray(r) ? r[0] : r;
    return v !== undefined && !isValue(v) ? (v as Attribute) : undefined;
  }
  return op.getAttr('value');
}

/** The constant a value is defined by (MLIR's matchPattern(v, m_Constant(&attr))). */
export function getConstantValue(v: Value | undefined): Attribute | undefined {
  const def = v?.definingOp;
  return def ? constantValueOfOp(def) : undefined;
}

export function isValue(x: OpFoldResult | undefined): x is Value {
  return x instanceof Value;
}

// ---------------------------------------------------------------------------------------------------
// Folding an operation (MLIR's Operation::fold, with the op's fold hook and trait folds)

/**
 * Folds `op`: pushes one result per op result onto `results` (or none for an in-place fold) and returns
 * true on success. Constant operands are found with `getConstantValue`.
 */
export function foldOperation(op: Operation, results: OpFoldResult[]): boolean {
  // Most ops of a lowered module have neither a folder nor a folding trait: skip looking for constant operands.
  if (!mayFold(op)) return false;
  const slots = op.operands;
  const operands = new Array<Attribute | undefined>(slots.length);
  for (let i = 0; i < slots.length; i++) operands[i] = getConstantValue(slots[i]!.value);
  return foldOperationWith(op, operands, results);
}

/** Whether folding `op` can do anything: it has a folder or a trait that folds (foldOperation is false otherwise). */
export function mayFold(op: Operation): boolean {
  return folders.has(op.name) || hasTraitFolds(op);
}

/** Whether the op's definition has a trait that folds (TRAIT_FOLDS), by definition. */
const traitFolds = new WeakMap<OpDefinition, boolean>();
function hasTraitFolds(op: Operation): boolean {
  const def = op.def;
  if (def === undefined) return false;
  let f = traitFolds.get(def);
  if (f === undefined) {
    f = [...def.traits].some((t) => TRAIT_FOLDS.has(t));
    traitFolds.set(def, f);
  }
  return f;
}

/** `foldOperation` with the operands' constant values given. */
export function foldOperationWith(op: Operation, operands: readonly (Attribute | undefined)[], results: OpFoldResult[]): boolean {
  const f = folders.get(op.name);
  if (!f) return foldTraits(op, operands, results);
  let r: FoldResult;
  try {
    r = f(op, operands);
  } catch {
    // A folder meeting IR it does not expect (unusual types) does not fold.
    return foldTraits(op, operands, results);
  }
  if (op.results.length === 1 && r !== undefined && !Array.isArray(r)) {
    const single = r as OpFoldResult;
    if (single === op.result(0)) {
      // Folded in place; trait folds may still apply.
      foldTraits(op, operands, results);
      return true;
    }
    results.push(single);
    return true;
  }
  if (r === undefined || (Array.isArray(r) && r.length === 0)) {
    if (foldTraits(op, operands, results)) return true;
    return r !== undefined;
  }
  const arr = r as readonly OpFoldResult[];
  if (arr.length !== op.results.length) throw new Error(`folder of ${op.name} returned ${arr.length} results for ${op.results.length}`);
  results.push(...arr);
  return true;
}

type TraitFold = (op: Operation, operands: readonly (Attribute | undefined)[], results: OpFoldResult[]) => boolean;
/** The folds of traits, by trait name (the only traits that fold). */
const TRAIT_FOLDS: ReadonlyMap<string, TraitFold> = new Map<string, TraitFold>([
  ['Commutative', (op, operands) => foldCommutative(op, operands)],
  ['Involution', (op, _operands, results) => pushFolded(results, foldInvolution(op))],
  ['Idempotent', (op, _operands, results) => pushFolded(results, foldIdempotent(op))],
]);
function pushFolded(results: OpFoldResult[], r: Value | undefined): boolean {
  if (!r) return false;
  results.push(r);
  return true;
}

/** Trait folds, tried in the op's trait order (first success wins). */
function foldTraits(op: Operation, operands: readonly (Attribute | undefined)[], results: OpFoldResult[]): boolean {
  for (const t of op.def?.traits ?? []) if (TRAIT_FOLDS.get(t)?.(op, operands, results)) return true;
  return false;
}

/** Moves constant operands after the non-constant ones (stable); true if anything moved. */
function foldCommutative(op: Operation, operands: readonly (Attribute | undefined)[]): boolean {
  if (!isCommutative(op) || op.operands.length < 2) return false;
  const n = op.operands.length;
  const first = operands.findIndex((a, i) => i < n && a !== undefined);
  if (first < 0) return false;
  const idx = [...Array(n).keys()];
  const tail = idx.slice(first);
  const nonConst = tail.filter((i) => operands[i] === undefined);
  if (nonConst.length === 0) return false;
  const constant = tail.filter((i) => operands[i] !== undefined);
  const order = [...idx.slice(0, first), ...nonConst, ...constant];
  const values = op.operandValues;
  // Relink only the operands whose value changes, in position order.
  order.forEach((from, to) => {
    if (values[from] !== values[to]) op.setOperand(to, values[from]!);
  });
  return true;
}

function foldInvolution(op: Operation): Value | undefined {
  if (op.operands.length !== 1) return undefined;
  const arg = op.operand(0).definingOp;
  if (arg && arg.name === op.name) return arg.operand(0);
  return undefined;
}

function foldIdempotent(op: Operation): Value | undefined {
  if (op.operands.length === 1) {
    const arg = op.operand(0).definingOp;
    if (arg && arg.name === op.name) return op.operand(0);
  } else if (op.operands.length === 2 && op.operand(0) === op.operand(1)) {
    return op.operand(0);
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------------
// Attribute matchers (MLIR's m_Zero, m_One, m_ConstantInt, float matchers), usable on folder operands.

/** The integer value of an integer attribute or integer splat (MLIR's m_ConstantInt), else undefined. */
export function intOrSplatValue(a: Attribute | undefined): bigint | undefined {
  if (a instanceof IntegerAttr) return a.value;
  if (a instanceof DenseElementsAttr && a.isSplat && !(a.type.elementType instanceof FloatType)) return normalizeInt(a.type.elementType, BigInt(a.splatValue()));
  return undefined;
}

/** The float value of a float attribute or float splat, else undefined. */
export function floatOrSplatValue(a: Attribute | undefined): number | undefined {
  if (a instanceof FloatAttr) return a.value;
  if (a instanceof DenseElementsAttr && a.isSplat && a.type.elementType instanceof FloatType) return Number(a.splatValue());
  return undefined;
}

export function isZeroInt(a: Attribute | undefined): boolean {
  return intOrSplatValue(a) === 0n;
}

/** m_One: integer 1 (for i1, `true`). */
export function isOneInt(a: Attribute | undefined): boolean {
  return intOrSplatValue(a) === 1n;
}
