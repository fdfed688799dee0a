/**
 * Shared-memory layouts (all aliased `#shared`):
 * - `#ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0][, CGALayout = ..]}>`
 * - `#ttg.amd_rotating_shared<{...same parameters...}>`
 * - `#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16[, fp4Padded = true][, rank = 3 | , CGALayout = ..]}>`
 * - `#ttg.shared_linear<{offset = [[..]][, block = [[..]]]}, alignment = 16>`
 * - `#ttg.padded_shared<[32:+4, 64:+8] {order = [1, 0], shape = [64, 64]}>` or `<[..] {offset = [..], block = [..]}>`
 */
import type { AsmParser, AsmPrinter } from '../../ir/asm-interfaces.js';
import { registerAttrParser } from '../../ir/dialect-registry.js';
import { intern } from '../../ir/type.js';
import type { LinearLayout } from '../../linear-layout/linear-layout.js';
import {
  amdRotatingSharedToLinearLayout,
  nvmmaSharedToLinearLayout,
  sharedLinearToLinearLayout,
  swizzledSharedToLinearLayout,
} from '../linear/shared.js';
import { getMatrixOrder } from '../linear/utils.js';
import { orderPerDim } from './cga.js';
import {
  type Bases,
  SharedEncodingAttr,
  basesEqual,
  basesRank,
  boolParam,
  checked,
  nameLoc,
  cgaParam,
  formatBases,
  freezeBases,
  freezeInts,
  isPow2,
  joinInts,
  parseAngleDict,
  parseParamDict,
  printCGA,
  rankOfBases,
  requiredBases,
  uintArrayParam,
  uintParam,
  verifyBasesShape,
  verifyCGA,
  verifyOrder,
} from './common.js';

// ---- swizzled ----------------------------------------------------------------------------------------

abstract class SwizzledBase extends SharedEncodingAttr {
  protected constructor(
    readonly vec: number,
    readonly perPhase: number,
    readonly maxPhase: number,
    readonly order: readonly number[],
    readonly cgaLayout: Bases,
  ) {
    super();
  }
  protected abstract readonly mnemonic: string;
  get rank(): number {
    return this.order.length;
  }
  getCGALayout(): Bases {
    return this.cgaLayout;
  }
  getOrder(_shape: readonly number[]): number[] {
    return [...this.order];
  }
  print(p: AsmPrinter): void {
    p.write(
      `#ttg.${this.mnemonic}<{vec = ${this.vec}, perPhase = ${this.perPhase}, maxPhase = ${this.maxPhase}, order = [${joinInts(this.order)}]`,
    );
    printCGA(p, this.cgaLayout);
    p.write('}>');
  }
  verify(): string | undefined {
    return verifyCGA(this.cgaLayout, this.order.length) ?? verifyOrder(this.order);
  }
}

export interface SwizzledParams {
  vec: number;
  perPhase: number;
  maxPhase: number;
  order: readonly number[];
  cgaLayout?: Bases;
}

export class SwizzledSharedEncodingAttr extends SwizzledBase {
  protected readonly mnemonic = 'swizzled_shared';
  protected buildLinearLayout(shape: readonly number[]): LinearLayout {
    return swizzledSharedToLinearLayout(shape, this).toLinearLayout();
  }
  static get(p: SwizzledParams): SwizzledSharedEncodingAttr {
    return intern(
      new SwizzledSharedEncodingAttr(p.vec, p.perPhase, p.maxPhase, freezeInts(p.order), freezeBases(p.cgaLayout ?? [])),
    );
  }
}

/** AMD's rotating swizzle: the same parameters as swizzled_shared, with the phase rotated per block of rows. */
export class AMDRotatingSharedEncodingAttr extends SwizzledBase {
  protected readonly mnemonic = 'amd_rotating_shared';
  protected buildLinearLayout(shape: readonly number[]): LinearLayout {
    return amdRotatingSharedToLinearLayout(shape, this).toLinearLayout();
  }
  static get(p: SwizzledParams): AMDRotatingSharedEncodingAttr {
    return intern(
      new AMDRotatingSharedEncodingAttr(p.vec, p.perPhase, p.maxPhase, freezeInts(p.order), freezeBases(p.cgaLayout ?? [])),
    );
  }
}

function parseSwizzled(p: AsmParser, at: number): SwizzledParams {
  const params = parseAngleDict(p, at);
  let vec = 0;
  let perPhase = 0;
  let maxPhase = 0;
  let order: number[] = [];
  for (const e of params) {
    if (e.name === 'vec') vec = uintParam(p, e, 'vec');
    else if (e.name === 'perPhase') perPhase = uintParam(p, e, 'perPhase');
    else if (e.name === 'maxPhase') maxPhase = uintParam(p, e, 'maxPhase');
    else if (e.name === 'order') order = uintArrayParam(p, e, 'order');
    else if (e.name !== 'CGALayout') p.error(`unexpected key: ${e.name}`, e.keyPos);
  }
  const cgaLayout = cgaParam(p, params.find((e) => e.name === 'CGALayout'), order.length);
  return { vec, perPhase, maxPhase, order, cgaLayout };
}

registerAttrParser('ttg.swizzled_shared', (p: AsmParser) => {
  const at = nameLoc(p, 'swizzled_shared');
  return checked(p, at, SwizzledSharedEncodingAttr.get(parseSwizzled(p, at)));
});
registerAttrParser('ttg.amd_rotating_shared', (p: AsmParser) => {
  const at = nameLoc(p, 'amd_rotating_shared');
  return checked(p, at, AMDRotatingSharedEncodingAttr.get(parseSwizzled(p, at)));
});

// ---- NVMMA -------------------------------------------------------------------------------------------

export class NVMMASharedEncodingAttr extends SharedEncodingAttr {
  private constructor(
    readonly swizzlingByteWidth: number,
    readonly transposed: boolean,
    readonly elementBitWidth: number,
    readonly fp4Padded: boolean,
    readonly cgaLayout: Bases,
    readonly layoutRank: number,
  ) {
    super();
  }

  static get(p: {
    swizzlingByteWidth: number;
    transposed?: boolean;
    elementBitWidth: number;
    fp4Padded?: boolean;
    cgaLayout?: Bases;
    rank?: number;
  }): NVMMASharedEncodingAttr {
    const cga = p.cgaLayout ?? [];
    const rank = cga.length ? cga[0]!.length : (p.rank ?? 2);
    return intern(
      new NVMMASharedEncodingAttr(p.swizzlingByteWidth, p.transposed ?? false, p.elementBitWidth, p.fp4Padded ?? false, freezeBases(cga), rank),
    );
  }

  get rank(): number {
    return this.layoutRank;
  }
  /** Elements per 16-byte swizzle unit (1 without swizzling). */
  get vec(): number {
    return this.swizzlingByteWidth === 0 ? 1 : 128 / this.elementBitWidth;
  }
  get perPhase(): number {
    return this.swizzlingByteWidth === 0 ? 1 : 128 / this.swizzlingByteWidth;
  }
  get maxPhase(): number {
    return this.swizzlingByteWidth === 0 ? 1 : this.swizzlingByteWidth / 16;
  }
  get alignment(): number {
    return 128 * this.maxPhase;
  }
  override getAlignment(): number {
    return this.alignment;
  }
  getCGALayout(): Bases {
    return this.cgaLayout;
  }
  /** Row-major unless transposed (a 1-D layout has the one dim). */
  getOrder(shape: readonly number[]): number[] {
    if (shape.length === 1) return [0];
    return getMatrixOrder(shape.length, !this.transposed);
  }
  protected buildLinearLayout(shape: readonly number[]): LinearLayout {
    return nvmmaSharedToLinearLayout(shape, this).toLinearLayout();
  }

  print(p: AsmPrinter): void {
    p.write(
      `#ttg.nvmma_shared<{swizzlingByteWidth = ${this.swizzlingByteWidth}, transposed = ${this.transposed}, elementBitWidth = ${this.elementBitWidth}`,
    );
    if (this.fp4Padded) p.write(', fp4Padded = true');
    if (this.cgaLayout.length === 0 && this.layoutRank !== 2) p.write(`, rank = ${this.layoutRank}`);
    else printCGA(p, this.cgaLayout);
    p.write('}>');
  }

  /** Triton 3.6 checks nothing else when the attribute is built (any swizzle width or element width parses). */
  verify(): string | undefined {
    return verifyCGA(this.cgaLayout, this.layoutRank);
  }

  /** The values Triton's lowering supports: a non-zero element width and a swizzle of 0, 32, 64 or 128 bytes. */
  checkSupported(): string | undefined {
    if (this.elementBitWidth === 0) return 'elementBitWidth must be non-zero';
    if (![0, 32, 64, 128].includes(this.swizzlingByteWidth)) return 'swizzlingByteWidth must be 0, 32, 64, or 128';
    return undefined;
  }
}

registerAttrParser('ttg.nvmma_shared', (p: AsmParser) => {
  const at = nameLoc(p, 'nvmma_shared');
  const params = parseAngleDict(p, at);
  let swizzlingByteWidth = 0;
  let transposed = false;
  // Triton 3.6 leaves elementBitWidth uninitialised when the key is absent; its build deterministically
  // prints 23 then (observed in every context tried). We reproduce that value; it is not a real width, and
  // the linear-layout code rejects it (elementBitWidth must be a power of two) instead of computing garbage.
  let elementBitWidth = 23;
  let fp4Padded = false;
  let rank = 2;
  for (const e of params) {
    if (e.name === 'swizzlingByteWidth') swizzlingByteWidth = uintParam(p, e, 'swizzlingByteWidth');
    else if (e.name === 'transposed') transposed = boolParam(p, e, 'transposed');
    else if (e.name === 'elementBitWidth') elementBitWidth = uintParam(p, e, 'elementBitWidth');
    else if (e.name === 'fp4Padded') fp4Padded = boolParam(p, e, 'fp4Padded');
    else if (e.name === 'rank') rank = uintParam(p, e, 'rank');
    else if (e.name !== 'CGALayout') p.error(`unexpected key: ${e.name}`, e.keyPos);
  }
  const cgaLayout = cgaParam(p, params.find((e) => e.name === 'CGALayout'), rank);
  return checked(
    p,
    at,
    NVMMASharedEncodingAttr.get({ swizzlingByteWidth, transposed, elementBitWidth, fp4Padded, cgaLayout, rank }),
  );
});

// ---- shared_linear -----------------------------------------------------------------------------------

export class SharedLinearEncodingAttr extends SharedEncodingAttr {
  private constructor(
    readonly offset: Bases,
    readonly block: Bases,
    readonly outRank: number,
    readonly alignment: number,
  ) {
    super();
  }

  static get(p: { offset: Bases; block?: Bases; alignment: number }, rank?: number): SharedLinearEncodingAttr {
    const block = p.block ?? [];
    const r = rankOfBases([p.offset, block]) || rank || 0;
    return intern(new SharedLinearEncodingAttr(freezeBases(p.offset), freezeBases(block), r, p.alignment));
  }

  get rank(): number {
    return this.outRank;
  }
  namedBases(): [string, Bases][] {
    return [
      ['offset', this.offset],
      ['block', this.block],
    ];
  }
  override getAlignment(): number {
    return this.alignment;
  }
  getCGALayout(): Bases {
    return this.block;
  }
  /** Dims as the offset bases move them, then from the last dim down. */
  getOrder(_shape: readonly number[]): number[] {
    return orderPerDim(this.offset, [...Array(this.rank).keys()].reverse());
  }
  /** The allocation's trailing dims must be the sizes the bases span. */
  override verifyAllocShape(allocShape: readonly number[]): string | undefined {
    const block = allocShape.slice(allocShape.length - this.rank);
    const sizes = new Array<number>(this.rank).fill(1);
    for (const b of [...this.offset, ...this.block]) b.forEach((v, i) => (sizes[i] = Math.max(sizes[i]!, 2 ** Math.ceil(Math.log2(v + 1)))));
    for (let d = 0; d < block.length; d++) {
      if (block[d] !== sizes[d]) return `Mismatch in expected shape for dimension ${d}. Expected: ${block[d]}, got: ${sizes[d]}`;
    }
    return undefined;
  }
  protected buildLinearLayout(shape: readonly number[]): LinearLayout {
    return sharedLinearToLinearLayout(shape, this).toLinearLayout();
  }

  print(p: AsmPrinter): void {
    p.write(`#ttg.shared_linear<{offset = ${formatBases(this.offset)}`);
    if (this.block.length) p.write(`, block = ${formatBases(this.block)}`);
    p.write(`}, alignment = ${this.alignment}>`);
  }

  verify(): string | undefined {
    if (!isPow2(this.alignment)) return 'alignment must be a positive power of two';
    if (this.outRank === 0) return 'Empty Layout not supported';
    const shape = verifyBasesShape(this.namedBases(), this.outRank);
    if (shape) return shape;
    const all = [this.offset, this.block];
    const { rank, outBits } = basesRank(all, this.outRank);
    if (rank !== outBits) return 'The layout must be surjective';
    const nonZero = [...this.offset, ...this.block].filter((b) => b.some((v) => v !== 0)).length;
    if (nonZero !== rank) return 'After removing the zero bases the layout must be bijective';
    return undefined;
  }
}

registerAttrParser('ttg.shared_linear', (p: AsmParser) => {
  const at = nameLoc(p, 'shared_linear');
  p.expect('<');
  const params = parseParamDict(p);
  const bad = params.find((e) => e.name === 'alignment');
  if (bad) p.error('alignment must be specified outside of the linear layout braces', bad.keyPos);
  const extra = params.find((e) => e.name !== 'offset' && e.name !== 'block');
  if (extra) p.error('SharedLinearEncodingAttr must have exactly two attributes: offset and block', extra.keyPos);
  p.expect(',');
  if (!p.consumeKeywordIf('alignment')) p.error("expected 'alignment'");
  p.expect('=');
  const apos = p.pos();
  const v = p.parseInteger();
  if (v < 0n || v > 0xffffffffn) p.error('expected an unsigned alignment', apos);
  const alignment = Number(v);
  p.expect('>');
  // Triton reads the bases after the closing `>` and reports there.
  const after = p.pos();
  const offset = requiredBases(p, params, ['offset'], after)[0]!;
  const blockP = params.find((e) => e.name === 'block');
  const block = blockP ? requiredBases(p, params, ['block'], after)[0]! : [];
  if (rankOfBases([offset, block]) === 0) p.error('Empty Layout not supported', after);
  return checked(p, at, SharedLinearEncodingAttr.get({ offset, block, alignment }));
});

// ---- padded_shared -----------------------------------------------------------------------------------

/** Triton's orderPerDim: dims in the order the bases of `bases` first move them, then the rest from `fallback`. */
export function orderFromBases(bases: Bases, fallback: readonly number[]): number[] {
  const order: number[] = [];
  for (const b of bases) {
    const i = b.findIndex((v) => v !== 0);
    if (i >= 0 && !order.includes(i)) order.push(i);
  }
  for (const d of fallback) if (!order.includes(d)) order.push(d);
  return order;
}

/** Bases of the identity layout of `shape` whose fastest dims come first in `order`. */
export function identityBases(shape: readonly number[], order: readonly number[]): number[][] {
  const out: number[][] = [];
  for (const d of order) {
    for (let v = 1; v < shape[d]!; v *= 2) {
      const b = new Array<number>(shape.length).fill(0);
      b[d] = v;
      out.push(b);
    }
  }
  return out;
}

export class PaddedSharedEncodingAttr extends SharedEncodingAttr {
  private constructor(
    readonly intervals: readonly number[],
    readonly paddings: readonly number[],
    readonly offset: Bases,
    readonly block: Bases,
    readonly outRank: number,
  ) {
    super();
  }

  static get(p: { intervals: readonly number[]; paddings: readonly number[]; offset: Bases; block?: Bases }, rank?: number): PaddedSharedEncodingAttr {
    const block = p.block ?? [];
    const r = rankOfBases([p.offset, block]) || rank || 0;
    return intern(
      new PaddedSharedEncodingAttr(freezeInts(p.intervals), freezeInts(p.paddings), freezeBases(p.offset), freezeBases(block), r),
    );
  }

  /** The identity-mapped form: `order` fastest first over `shape`. */
  static getIdentity(intervals: readonly number[], paddings: readonly number[], order: readonly number[], shape: readonly number[]): PaddedSharedEncodingAttr {
    return PaddedSharedEncodingAttr.get({ intervals, paddings, offset: identityBases(shape, order) }, shape.length);
  }

  get rank(): number {
    return this.outRank;
  }
  namedBases(): [string, Bases][] {
    return [
      ['offset', this.offset],
      ['block', this.block],
    ];
  }
  /** Out-dim sizes of the linear component. */
  get shape(): number[] {
    const sizes = new Array<number>(this.outRank).fill(1);
    for (const b of [...this.offset, ...this.block]) b.forEach((v, i) => (sizes[i] = Math.max(sizes[i]!, 2 ** Math.ceil(Math.log2(v + 1)))));
    return sizes;
  }
  /** Triton's getOrder: dims as the offset bases move them, then from the last dim down. */
  get order(): number[] {
    const fallback = [...Array(this.outRank).keys()].reverse();
    return orderFromBases(this.offset, fallback);
  }
  getOrder(_shape: readonly number[]): number[] {
    return this.order;
  }
  getCGALayout(): Bases {
    return this.block;
  }
  /** The linear component's sizes must be the allocation's (without a leading pipelining dim). */
  override verifyAllocShape(allocShape: readonly number[]): string | undefined {
    const rank = this.rank;
    const expected = rank === allocShape.length - 1 ? allocShape.slice(1) : allocShape;
    const sizes = this.shape;
    for (let d = 0; d < rank; d++) {
      if (sizes[d] !== expected[d]) return `Mismatch in expected shape for dimension ${d}. Expected: ${expected[d]}, got: ${sizes[d]}`;
    }
    return undefined;
  }
  protected buildLinearLayout(shape: readonly number[]): LinearLayout {
    return sharedLinearToLinearLayout(shape, this).toLinearLayout();
  }

  print(p: AsmPrinter): void {
    p.write('#ttg.padded_shared<[');
    p.write(this.intervals.map((iv, i) => `${iv}:+${this.paddings[i]}`).join(', '));
    p.write('] {');
    const shape = this.shape;
    if (this.block.length === 0 && basesEqual(this.offset, identityBases(shape, this.order))) {
      p.write(`order = [${joinInts(this.order)}], shape = [${joinInts(shape)}]`);
    } else {
      p.write(`offset = ${formatBases(this.offset)}, block = ${formatBases(this.block)}`);
    }
    p.write('}>');
  }

  /** Number of elements including padding for a tensor of `shape` (Triton's getPaddedSize). */
  paddedSize(shape: readonly number[]): number {
    const unpadded = shape.reduce((a, b) => a * b, 1);
    let padding = 0;
    this.intervals.forEach((iv, i) => {
      const pad = this.paddings[i]!;
      padding += Math.floor(unpadded / iv) * pad;
      if (unpadded % iv === 0) padding -= pad;
    });
    return unpadded + padding;
  }

  verify(): string | undefined {
    if (this.intervals.length !== this.paddings.length) {
      return `intervals size (${this.intervals.length}) must match paddings size (${this.paddings.length})`;
    }
    if (this.intervals.length === 0) return 'must have at least one interval-padding pair';
    if (!this.intervals.every(isPow2)) return 'interval values must all be power of two';
    if (!this.paddings.every(isPow2)) return 'padding values must all be power of two';
    if (new Set(this.intervals).size !== this.intervals.length) return 'interval values cannot have duplicates';
    if (this.outRank === 0) return 'linearComponent cannot be empty';
    const shape = verifyBasesShape(this.namedBases(), this.outRank);
    if (shape) return shape;
    const all = [this.offset, this.block];
    const { rank, outBits } = basesRank(all, this.outRank);
    const nBases = this.offset.length + this.block.length;
    if (rank !== outBits || rank !== nBases) return 'Broadcasting is not supported.';
    for (const b of [...this.offset, ...this.block]) {
      if (b.filter((v) => v !== 0).length > 1) return 'Each offset basis must move in at most one dimension.';
      if (!b.every((v) => v === 0 || isPow2(v))) return 'Each offset basis must be 0 or a power of two.';
    }
    return undefined;
  }
}

registerAttrParser('ttg.padded_shared', (p: AsmParser) => {
  const at = nameLoc(p, 'padded_shared');
  p.expect('<');
  p.expect('[');
  const intervals: number[] = [];
  const paddings: number[] = [];
  const uint = (): number => {
    const pos = p.pos();
    const v = p.parseInteger();
    if (v < 0n || v > 0xffffffffn) p.error('expected an unsigned integer', pos);
    return Number(v);
  };
  do {
    intervals.push(uint());
    p.expect(':');
    p.expect('+');
    paddings.push(uint());
  } while (p.consumeIf(','));
  p.expect(']');
  const params = parseParamDict(p);
  // Triton reports errors in the dictionary at the `>` that follows it.
  const dictPos = p.pos();
  let attr: PaddedSharedEncodingAttr;
  if (params.some((e) => e.name === 'offset' || e.name === 'block')) {
    const extra = params.find((e) => e.name !== 'offset' && e.name !== 'block');
    if (extra) p.error(`Unexpected attribute ${extra.name} found`, extra.keyPos);
    const [offset, block] = requiredBases(p, params, ['offset', 'block'], dictPos) as [number[][], number[][]];
    if (rankOfBases([offset, block]) === 0) p.error('Empty Layout not supported', dictPos);
    attr = PaddedSharedEncodingAttr.get({ intervals, paddings, offset, block });
  } else {
    let order: number[] = [];
    let shape: number[] = [];
    for (const e of params) {
      if (e.name === 'order') order = uintArrayParam(p, e, 'order');
      else if (e.name === 'shape') shape = uintArrayParam(p, e, 'shape');
      else p.error(`Unexpected attribute ${e.name} found`, e.keyPos);
    }
    if (order.length !== shape.length) p.error('Mismatch of shape and order ranks in padded layout', dictPos);
    const bad = verifyOrder(order);
    if (bad) p.error(bad, dictPos);
    if (!shape.every(isPow2)) p.error('shape must be powers of two in padded layout', dictPos);
    attr = PaddedSharedEncodingAttr.getIdentity(intervals, paddings, order, shape);
  }
  p.expect('>');
  return checked(p, at, attr);
});
