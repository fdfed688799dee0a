/** `#ttg.blocked<{sizePerThread = [..], threadsPerWarp = [..], warpsPerCTA = [..], order = [..][, CGALayout = [..]]}>`. */
import type { AsmParser, AsmPrinter } from '../../ir/asm-interfaces.js';
import { registerAttrParser } from '../../ir/dialect-registry.js';
import { intern } from '../../ir/type.js';
import { StructuralTable } from '../../ir/uniquer.js';
import type { LinearLayout } from '../../linear-layout/linear-layout.js';
import { blockedToLinearLayout, fmaDotToLinearLayout } from '../linear/distributed.js';
import type { RawLayout } from '../linear/raw.js';
import {
  type Bases,
  DistributedEncodingAttr,
  checked,
  nameLoc,
  cgaParam,
  freezeBases,
  freezeInts,
  isPow2,
  joinInts,
  parseAngleDict,
  printCGA,
  uintArrayParam,
  verifyCGA,
  verifyOrder,
} from './common.js';
import type { DotOperandEncodingAttr } from './dot-operand.js';

/** Front table of BlockedEncodingAttr.get (see StructuralTable). */
const blockedTable = new StructuralTable<BlockedEncodingAttr>();

export class BlockedEncodingAttr extends DistributedEncodingAttr {
  private constructor(
    readonly sizePerThread: readonly number[],
    readonly threadsPerWarp: readonly number[],
    readonly warpsPerCTA: readonly number[],
    readonly order: readonly number[],
    /** Bases of the CGA layout's `block` dimension; empty for one CTA. */
    readonly cgaLayout: Bases,
  ) {
    super();
  }

  static get(p: {
    sizePerThread: readonly number[];
    threadsPerWarp: readonly number[];
    warpsPerCTA: readonly number[];
    order: readonly number[];
    cgaLayout?: Bases;
  }): BlockedEncodingAttr {
    const cga = p.cgaLayout ?? [];
    // Layout passes ask for the same blocked layouts again and again (one per tensor type converted): find the
    // uniqued attribute by its integer lists instead of printing a fresh one (each list behind its length, so that
    // different splits of the same numbers stay apart).
    const parts: unknown[] = [];
    for (const xs of [p.sizePerThread, p.threadsPerWarp, p.warpsPerCTA, p.order, ...cga]) parts.push(xs.length, ...xs);
    parts.push(cga.length);
    return blockedTable.get(parts, () =>
      intern(
        new BlockedEncodingAttr(
          freezeInts(p.sizePerThread),
          freezeInts(p.threadsPerWarp),
          freezeInts(p.warpsPerCTA),
          freezeInts(p.order),
          freezeBases(cga),
        ),
      ),
    );
  }

  get rank(): number {
    return this.sizePerThread.length;
  }

  override get aliasName(): string {
    return 'blocked';
  }
  getCGALayout(): Bases {
    return this.cgaLayout;
  }
  getRepOrder(): number[] {
    return [...this.order];
  }
  protected buildLinearLayout(shape: readonly number[]): LinearLayout {
    return blockedToLinearLayout(shape, this).toLinearLayout();
  }

  // As the parent of a dot operand (an FMA dot), the operand repeats in the blocked order.
  override getRepOrderForOperand(_opIdx: number): number[] {
    return [...this.order];
  }
  override dotOperandLinearLayout(shape: readonly number[], dot: DotOperandEncodingAttr): RawLayout {
    return fmaDotToLinearLayout(shape, dot, this);
  }
  override verifyDotOperand(_opIdx: number, kWidth: number): string | undefined {
    if (kWidth !== 0) return 'ttg.dot_op kWidth parameter is not supported when the parent is a blocked layout';
    return undefined;
  }

  print(p: AsmPrinter): void {
    p.write(
      `#ttg.blocked<{sizePerThread = [${joinInts(this.sizePerThread)}], threadsPerWarp = [${joinInts(this.threadsPerWarp)}], warpsPerCTA = [${joinInts(this.warpsPerCTA)}], order = [${joinInts(this.order)}]`,
    );
    printCGA(p, this.cgaLayout);
    p.write('}>');
  }

  verify(): string | undefined {
    const r = this.sizePerThread.length;
    if (this.threadsPerWarp.length !== r || this.warpsPerCTA.length !== r || this.order.length !== r) {
      return 'sizePerThread, threadsPerWarp, warpsPerCTA, and order must all have the same rank.';
    }
    if (!this.sizePerThread.every(isPow2)) return 'Every element in sizePerThread must be a power of two.';
    if (!this.threadsPerWarp.every(isPow2)) return 'Every element in threadsPerWarp must be a power of two.';
    if (!this.warpsPerCTA.every(isPow2)) return 'Every element in warpsPerCTA must be a power of two.';
    const cga = verifyCGA(this.cgaLayout, r);
    if (cga) return cga;
    return verifyOrder(this.order);
  }
}

registerAttrParser('ttg.blocked', (p: AsmParser) => {
  const at = nameLoc(p, 'blocked');
  const params = parseAngleDict(p, at);
  let sizePerThread: number[] = [];
  let threadsPerWarp: number[] = [];
  let warpsPerCTA: number[] = [];
  let order: number[] = [];
  for (const e of params) {
    if (e.name === 'sizePerThread') sizePerThread = uintArrayParam(p, e, 'number of elements per thread');
    else if (e.name === 'threadsPerWarp') threadsPerWarp = uintArrayParam(p, e, 'number of threads per warp');
    else if (e.name === 'warpsPerCTA') warpsPerCTA = uintArrayParam(p, e, 'number of warps per CTA');
    else if (e.name === 'order') order = uintArrayParam(p, e, 'order');
    else if (e.name !== 'CGALayout') p.error(`unexpected key: ${e.name}`, e.keyPos);
  }
  const cgaLayout = cgaParam(p, params.find((e) => e.name === 'CGALayout'), sizePerThread.length);
  return checked(p, at, BlockedEncodingAttr.get({ sizePerThread, threadsPerWarp, warpsPerCTA, order, cgaLayout }));
});
