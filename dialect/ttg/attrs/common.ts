/**
 * Shared machinery for the TritonGPU layout attributes: the attribute families (distributed, MMA, shared),
 * the `<{key = value, ...}>` parameter dictionaries Triton's hand-written parsers read, the CGA layout that
 * most encodings carry, and small integer helpers.
 *
 * Every encoding is an immutable, uniqued `Attribute` (built through `intern`); its `print` writes the text
 * Triton 3.6 prints, prefix included (`#ttg.blocked<{...}>`). Parsers are registered by name
 * (`registerAttrParser('ttg.blocked', ...)`) and are called after the `#ttg.blocked` token. A parse error is
 * always reported through `p.error(message, position)`, at the key or value at fault.
 */
import type { AsmParser, AsmPrinter, SourcePos } from '../../ir/asm-interfaces.js';
import { ArrayAttr, Attribute, IntegerAttr, UnitAttr } from '../../ir/attribute.js';
import { IntegerType } from '../../ir/type.js';
import type { LinearLayout } from '../../linear-layout/linear-layout.js';
import type { RawLayout } from '../linear/raw.js';
import { basesPerDim, fitToShape, llOrder } from '../linear/read.js';
import { REGISTER, fail, getMatrixOrder, getOrderForDotOperand } from '../linear/utils.js';
import { cgaCTAsPerCGA, cgaOrder, cgaSplitNum } from './cga.js';
import type { DotOperandEncodingAttr } from './dot-operand.js';

// ---- families -------------------------------------------------------------------------------------

/** Linear layouts already built, per layout and shape (attributes are uniqued, so the layout is the key). */
const linearLayoutCache = new Map<LayoutEncodingAttr, Map<string, LinearLayout>>();
/** Registers per thread along each dim, per layout and shape (a function of the cached linear layout). */
const elemsPerThreadCache = new Map<LayoutEncodingAttr, Map<string, readonly number[]>>();

/** Triton's layouts are defined on power-of-two shapes only. */
export function checkPow2Shape(shape: readonly number[]): void {
  if (!shape.every((d) => Number.isInteger(d) && d >= 1 && (d & (d - 1)) === 0)) {
    fail(`shape [${shape.join(', ')}] must be positive powers of 2`);
  }
}

/**
 * An encoding of a tensor or memory descriptor (Triton's LayoutEncodingTrait). Every kind answers the queries
 * below itself, so adding a kind is its class plus its parser registration; the compiler checks the abstract ones.
 */
export abstract class LayoutEncodingAttr extends Attribute {
  /** Number of tensor dimensions the layout describes. */
  abstract get rank(): number;
  /** Triton's parse-time invariants (the attribute's `verify`); a message when violated. */
  abstract verify(): string | undefined;
  /** The CGA layout: bases of the `block` in-dim, one per CTA bit (Triton's getCTALayout). Empty for one CTA. */
  abstract getCGALayout(): Bases;
  /** The order of the layout's dims over `shape`, fastest first (Triton's getOrder). */
  abstract getOrder(shape: readonly number[]): number[];
  /**
   * The linear layout over `shape` (the allocation shape for shared layouts), uncached: callers use
   * `toLinearLayout`, which checks the shape and caches.
   */
  protected abstract buildLinearLayout(shape: readonly number[]): LinearLayout;

  /** The alias Triton's OpAsmInterface gives this kind (`#blocked`, `#mma`, ...), none by default. */
  get aliasName(): string | undefined {
    return undefined;
  }

  /** The linear layout of this encoding over `shape` (Triton's toLinearLayout), cached per shape. */
  toLinearLayout(shape: readonly number[]): LinearLayout {
    let perShape = linearLayoutCache.get(this);
    if (!perShape) linearLayoutCache.set(this, (perShape = new Map()));
    const key = shape.join('x');
    const hit = perShape.get(key);
    if (hit) return hit;
    checkPow2Shape(shape);
    const ll = this.buildLinearLayout(shape);
    perShape.set(key, ll);
    return ll;
  }

  /** CTAs per CGA along each dim (Triton's getCTAsPerCGA). */
  getCTAsPerCGA(): number[] {
    return cgaCTAsPerCGA(this.getCGALayout(), this.rank);
  }
  /** Tiles the tensor is split into across CTAs, per dim (Triton's getCTASplitNum). */
  getCTASplitNum(): number[] {
    return cgaSplitNum(this.getCGALayout(), this.rank);
  }
  /** The order of CTA tiles (Triton's getCTAOrder). */
  getCTAOrder(): number[] {
    return cgaOrder(this.getCGALayout(), this.rank);
  }
  /** Number of CTAs (Triton's getNumCTAs). */
  getNumCTAs(): number {
    return product(this.getCTAsPerCGA());
  }
}

/**
 * Layouts that distribute a tensor over registers, lanes, warps and CTAs (DistributedEncodingTrait). Besides
 * the trait's queries, a kind that can be the parent of a `dot_op` answers the three dot-operand hooks; the
 * others keep the defaults, which say "not a dot-operand parent".
 */
export abstract class DistributedEncodingAttr extends LayoutEncodingAttr {
  /** The order of reps (tiles of this layout that tile a larger tensor), fastest first (Triton's getRepOrder). */
  abstract getRepOrder(): number[];

  getOrder(shape: readonly number[]): number[] {
    return llOrder(this.toLinearLayout(shape));
  }
  /** Registers per thread along each dim, broadcast registers included (Triton's getElemsPerThread). */
  getElemsPerThread(shape: readonly number[]): number[] {
    // Kept next to the linear layout it is read from: the lowering asks it for every op, and fitting the layout
    // to the shape builds a new linear layout each time.
    let perShape = elemsPerThreadCache.get(this);
    if (!perShape) elemsPerThreadCache.set(this, (perShape = new Map()));
    const key = shape.join('x');
    let elems = perShape.get(key);
    if (!elems) perShape.set(key, (elems = basesPerDim(fitToShape(this.toLinearLayout(shape), shape), REGISTER, false)));
    return [...elems];
  }
  /** Registers per thread (Triton's getTotalElemsPerThread). */
  getTotalElemsPerThread(shape: readonly number[]): number {
    return product(this.getElemsPerThread(shape));
  }

  /** The rep order of operand `opIdx` of a dot with this result layout (MmaEncodingTrait's getRepOrderForOperand). */
  getRepOrderForOperand(_opIdx: number): number[] | undefined {
    return undefined;
  }
  /** The linear layout of `dot` (whose parent this is) over `shape`. */
  dotOperandLinearLayout(_shape: readonly number[], _dot: DotOperandEncodingAttr): RawLayout | undefined {
    return undefined;
  }
  /** DotOperandEncodingAttr::verify's checks of `opIdx` and `kWidth` for this parent. */
  verifyDotOperand(_opIdx: number, _kWidth: number): string | undefined {
    return `ttg.dot_op unexpected parent layout: ${this.key}`;
  }
}

/** Tensor-core accumulator layouts (MmaEncodingTrait): `nvidia_mma`, `amd_mfma`, `amd_wmma`. */
export abstract class MmaEncodingAttr extends DistributedEncodingAttr {
  override get aliasName(): string | undefined {
    return 'mma';
  }
  getRepOrder(): number[] {
    return getMatrixOrder(this.rank, true);
  }
  override getRepOrderForOperand(opIdx: number): number[] {
    return getOrderForDotOperand(opIdx, this.rank, true);
  }
}

/** Shared-memory layouts (SharedEncodingTrait). */
export abstract class SharedEncodingAttr extends LayoutEncodingAttr {
  override get aliasName(): string | undefined {
    return 'shared';
  }
  /** The default alignment of an allocation in this layout (Triton's getAlignment). */
  getAlignment(): number {
    return 16;
  }
  /** MemDescType::verify's check of the allocation shape against the layout; a message when violated. */
  verifyAllocShape(_allocShape: readonly number[]): string | undefined {
    return undefined;
  }
}

// ---- CGA layouts ----------------------------------------------------------------------------------

/** Bases of the `block` input dimension of a CGA layout (one entry per CTA bit, `rank` components each). */
export type Bases = readonly (readonly number[])[];

/** Prints `, CGALayout = [[1, 0]]` when the CGA layout is not the trivial single-CTA one. */
export function printCGA(p: AsmPrinter, cga: Bases): void {
  if (cga.length === 0) return;
  p.write(', CGALayout = ' + formatBases(cga));
}

/** `[[0, 1], [2, 0]]` */
export function formatBases(bases: Bases): string {
  return '[' + bases.map((b) => '[' + b.join(', ') + ']').join(', ') + ']';
}

/** `1, 2, 3` */
export function joinInts(xs: readonly number[]): string {
  return xs.join(', ');
}

/**
 * Checks a CGA layout as Triton 3.6 builds it (`LinearLayout(bases, standardOutDimNames)`): every basis has
 * `rank` components and the bases reach every point of the out-dims their maxima imply (surjective).
 */
export function verifyCGA(cga: Bases, rank: number): string | undefined {
  for (const b of cga) {
    if (b.length !== rank) return `'CGALayout' entry length does not match rank ${rank}`;
    if (b.some((v) => v < 0)) return 'CGALayout entries must be non-negative';
  }
  if (!basesAreSurjective([cga], rank)) {
    return 'CGALayout must be surjective: every CTA tile must be reached by some block';
  }
  return undefined;
}

// ---- integers --------------------------------------------------------------------------------------

export function isPow2(x: number): boolean {
  return Number.isInteger(x) && x > 0 && (x & (x - 1)) === 0;
}

export function product(xs: readonly number[]): number {
  return xs.reduce((a, b) => a * b, 1);
}

/** True when `order` is a permutation of `0..order.length-1`. */
export function isPermutation(order: readonly number[]): boolean {
  const seen = new Set<number>();
  for (const o of order) {
    if (!Number.isInteger(o) || o < 0 || o >= order.length || seen.has(o)) return false;
    seen.add(o);
  }
  return true;
}

export function verifyOrder(order: readonly number[]): string | undefined {
  if (!isPermutation(order)) return `order must be a permutation of 0..(rank-1), but was [${joinInts(order)}]`;
  return undefined;
}

export function arraysEqual(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

export function basesEqual(a: Bases, b: Bases): boolean {
  return a.length === b.length && a.every((x, i) => arraysEqual(x, b[i]!));
}

/** Deep-frozen copy of a basis list. */
export function freezeBases(bases: Bases): Bases {
  return Object.freeze(bases.map((b) => Object.freeze([...b])));
}

export function freezeInts(xs: readonly number[]): readonly number[] {
  return Object.freeze([...xs]);
}

// ---- `<{key = value, ...}>` parameter dictionaries ---------------------------------------------

/** One `key = value` of a parameter dictionary, with the positions of its key and value. */
export interface Param {
  readonly name: string;
  readonly value: Attribute;
  readonly keyPos: SourcePos;
  readonly valuePos: SourcePos;
}

/**
 * Parses `{key = attr, ...}` (the dictionary attribute Triton's custom parsers read). A key without `= value`
 * is a unit attribute, as in MLIR. Duplicate keys are an error, located at the second one.
 */
export function parseParamDict(p: AsmParser): Param[] {
  const out: Param[] = [];
  p.expect('{');
  if (p.consumeIf('}')) return out;
  do {
    const keyPos = p.pos();
    const name = p.parseKeyword('attribute name');
    if (name === '') p.error('expected valid attribute name', keyPos);
    if (out.some((e) => e.name === name)) p.error(`duplicate key '${name}' in dictionary attribute`, keyPos);
    let value: Attribute = UnitAttr.get();
    let valuePos = p.pos();
    if (p.consumeIf('=')) {
      valuePos = p.pos();
      value = p.parseAttribute();
    }
    out.push({ name, value, keyPos, valuePos });
  } while (p.consumeIf(','));
  p.expect('}');
  return out;
}

/**
 * Parses `<{...}>` and returns the entries sorted by name, the order in which Triton's parsers see them (they
 * read a DictionaryAttr, which is sorted); so the first unexpected key reported is the one Triton reports.
 * When `nameLoc` is given, semantic errors about the entries are reported there, as Triton reports them at
 * the attribute's mnemonic.
 */
export function parseAngleDict(p: AsmParser, nameLoc?: SourcePos): Param[] {
  p.expect('<');
  const d = parseParamDict(p);
  p.expect('>');
  d.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return nameLoc === undefined ? d : d.map((e) => ({ ...e, keyPos: nameLoc, valuePos: nameLoc }));
}

/**
 * The position of the attribute's mnemonic (`blocked` in `#ttg.blocked<`), where MLIR reports errors found by
 * an attribute's parser or verifier; the mnemonic token ends where the parameters begin.
 */
export function nameLoc(p: AsmParser, mnemonic: string): SourcePos {
  return Math.max(0, p.pos() - mnemonic.length);
}

/** An unsigned integer parameter (Triton's parseIntAttrValue). */
export function uintParam(p: AsmParser, e: Param, desc: string): number {
  return uintValue(p, e.value, e.valuePos, desc);
}

function uintValue(p: AsmParser, a: Attribute, pos: SourcePos, desc: string): number {
  if (!(a instanceof IntegerAttr) || (a.type instanceof IntegerType && a.type.width === 1 && a.type.isSignless)) {
    p.error(`expected an integer type in ${desc}`, pos);
  }
  if (a.value < 0n) p.error(`expected an unsigned integer value in ${desc}`, pos);
  if (a.value > 0xffffffffn) p.error(`integer value too large in ${desc}`, pos);
  return Number(a.value);
}

/** An array of unsigned integers (Triton's parseIntArrayAttr). */
export function uintArrayParam(p: AsmParser, e: Param, desc: string): number[] {
  if (!(e.value instanceof ArrayAttr)) p.error(`expected an array for ${desc}`, e.valuePos);
  return e.value.elements.map((x) => uintValue(p, x, e.valuePos, desc));
}

/** A boolean parameter (`true` / `false`). */
export function boolParam(p: AsmParser, e: Param, desc: string): boolean {
  const a = e.value;
  if (!(a instanceof IntegerAttr) || !a.isBool()) p.error(`expected a bool type in ${desc}`, e.valuePos);
  return a.value !== 0n;
}

/** A list of bases `[[0, 1], [2, 0]]` for the in-dim `name` (Triton's parseLinearLayout). */
export function basesParam(p: AsmParser, e: Param): number[][] {
  if (!(e.value instanceof ArrayAttr)) p.error(`Expected array of arrays for basis of '${e.name}'`, e.valuePos);
  return e.value.elements.map((b) => {
    if (!(b instanceof ArrayAttr)) p.error(`Expected array of integers in basis for '${e.name}'`, e.valuePos);
    return b.elements.map((x) => {
      if (!(x instanceof IntegerAttr) || x.isBool()) p.error(`Expected integer in basis for '${e.name}'`, e.valuePos);
      return Number(BigInt.asIntN(32, x.value));
    });
  });
}

/** The CGA layout parameter: a list of `rank`-long unsigned bases (Triton's parseCGAAttr). */
export function cgaParam(p: AsmParser, e: Param | undefined, rank: number): number[][] {
  if (!e) return [];
  if (!(e.value instanceof ArrayAttr)) p.error(`expected array value for 'CGALayout'`, e.valuePos);
  return e.value.elements.map((b) => {
    if (!(b instanceof ArrayAttr)) p.error(`expected an array for CGALayout entry`, e.valuePos);
    const vals = b.elements.map((x) => uintValue(p, x, e.valuePos, 'CGALayout entry'));
    if (vals.length !== rank) p.error(`'CGALayout' entry length does not match rank ${rank}`, e.valuePos);
    return vals;
  });
}

/** Reports a failed verifier at the start of the attribute, as MLIR's getChecked does. */
export function checked<T extends LayoutEncodingAttr>(p: AsmParser, at: SourcePos, attr: T): T {
  const msg = attr.verify();
  if (msg !== undefined) p.error(msg, at);
  return attr;
}

/** Reads the linear-layout style bases `names` from a parameter dictionary (all required). */
export function requiredBases(p: AsmParser, params: readonly Param[], names: readonly string[], at: SourcePos): number[][][] {
  return names.map((n) => {
    const e = params.find((x) => x.name === n);
    if (!e) p.error(`Expected basis of '${n}' not found`, at);
    return basesParam(p, e);
  });
}

/** The rank of a layout given by bases: the length of the first basis of any in-dim, else 0. */
export function rankOfBases(all: readonly Bases[]): number {
  for (const bs of all) if (bs.length > 0) return bs[0]!.length;
  return 0;
}

/** Checks that every basis of every in-dim has `rank` non-negative components. */
export function verifyBasesShape(all: readonly (readonly [string, Bases])[], rank: number): string | undefined {
  for (const [name, bs] of all) {
    for (const b of bs) {
      if (b.length !== rank) {
        return `Invalid bases passed to LinearLayout.  Expect all bases to have the same size, equal to outDimNames.size() (${rank}).  But this failed for in dimension '${name}'.`;
      }
      if (b.some((v) => v < 0)) {
        return `Invalid bases passed to LinearLayout.  Expected all basis values to be non-negative, but found a negative value for in dimension '${name}'.`;
      }
    }
  }
  return undefined;
}

/** Smallest power of two strictly above `v` (llvm::NextPowerOf2), 1 for 0. */
export function nextPow2Above(v: number): number {
  let p = 1;
  while (p <= v) p *= 2;
  return p;
}

/** Out-dim sizes Triton infers from bases: the next power of two above each dimension's maximum. */
export function inferredSizes(all: readonly Bases[], rank: number): number[] {
  const sizes = new Array<number>(rank).fill(1);
  for (const bs of all) for (const b of bs) b.forEach((v, i) => (sizes[i] = Math.max(sizes[i]!, nextPow2Above(v))));
  return sizes;
}

/** GF(2) rank of the bases (all in-dims together) and the number of output bits of the inferred out space. */
export function basesRank(all: readonly Bases[], rank: number, sizes = inferredSizes(all, rank)): { rank: number; outBits: number } {
  const offsets: number[] = [];
  let total = 0;
  for (const s of sizes) {
    offsets.push(total);
    total += Math.log2(s);
  }
  const rows: bigint[] = [];
  for (const bs of all) {
    for (const b of bs) {
      let c = 0n;
      b.forEach((v, i) => (c |= BigInt(v) << BigInt(offsets[i]!)));
      rows.push(c);
    }
  }
  let r = 0;
  for (let bit = total - 1; bit >= 0; bit--) {
    const mask = 1n << BigInt(bit);
    const pivot = rows.findIndex((x, i) => i >= r && (x & mask) !== 0n);
    if (pivot < 0) continue;
    [rows[r], rows[pivot]] = [rows[pivot]!, rows[r]!];
    for (let i = 0; i < rows.length; i++) if (i !== r && (rows[i]! & mask) !== 0n) rows[i] = rows[i]! ^ rows[r]!;
    r++;
  }
  return { rank: r, outBits: total };
}

/**
 * True when the bases (of all in-dims together) reach every point of the output space whose sizes are
 * inferred as Triton's `LinearLayout(bases, outDimNames)` does.
 */
export function basesAreSurjective(all: readonly Bases[], rank: number): boolean {
  const r = basesRank(all, rank);
  return r.rank === r.outBits;
}
