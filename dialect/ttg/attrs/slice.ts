/** `#ttg.slice<{dim = D, parent = #parent}>`: the parent layout with dimension D removed (no alias of its own). */
import type { AsmParser, AsmPrinter } from '../../ir/asm-interfaces.js';
import { IntegerAttr, type Attribute } from '../../ir/attribute.js';
import { registerAttrParser } from '../../ir/dialect-registry.js';
import { intern, type Type } from '../../ir/type.js';
import { StructuralTable } from '../../ir/uniquer.js';
import type { LinearLayout } from '../../linear-layout/linear-layout.js';
import { sliceLinearLayout } from '../linear/distributed.js';
import { RawLayout } from '../linear/raw.js';
import { fail } from '../linear/utils.js';
import { type Bases, DistributedEncodingAttr, checked, nameLoc, parseAngleDict } from './common.js';

/** Front table of SliceEncodingAttr.get (see StructuralTable). */
const sliceTable = new StructuralTable<SliceEncodingAttr>();

export class SliceEncodingAttr extends DistributedEncodingAttr {
  private constructor(
    readonly dim: number,
    readonly parent: DistributedEncodingAttr,
  ) {
    super();
  }

  static get(dim: number, parent: DistributedEncodingAttr): SliceEncodingAttr {
    // By its parts (the parent is uniqued): layout inference asks for the same slices per op and per query.
    return sliceTable.get([dim, parent], () => intern(new SliceEncodingAttr(dim, parent)));
  }

  get rank(): number {
    return this.parent.rank - 1;
  }

  /** The parent's CGA layout without the sliced dim. */
  getCGALayout(): Bases {
    return this.parent.getCGALayout().map((b) => b.filter((_, i) => i !== this.dim));
  }
  /** The parent's rep order without the sliced dim. */
  getRepOrder(): number[] {
    return this.parent
      .getRepOrder()
      .filter((d) => d !== this.dim)
      .map((d) => (d > this.dim ? d - 1 : d));
  }
  /** The parent's layout over the padded shape, with the sliced dim removed. */
  protected buildLinearLayout(shape: readonly number[]): LinearLayout {
    if (shape.length !== this.rank) fail(`shape rank ${shape.length} does not match the rank ${this.rank} of the slice layout`);
    const parentLL = this.parent.toLinearLayout(this.paddedShape(shape));
    return sliceLinearLayout(RawLayout.fromLinearLayout(parentLL), this.dim).toLinearLayout();
  }

  print(p: AsmPrinter): void {
    p.write(`#ttg.slice<{dim = ${this.dim}, parent = `);
    p.printAttribute(this.parent);
    p.write('}>');
  }

  override children(): readonly (Type | Attribute)[] {
    return [this.parent];
  }

  verify(): string | undefined {
    const rank = this.parent.rank;
    if (rank <= 1) return 'parent layout must have at least rank >= 2';
    if (this.dim >= rank) return `slice dim=${this.dim} must be less than the parent rank=${rank}`;
    return undefined;
  }

  /** `shape` of this slice with a 1 inserted at `dim` (a shape for the parent layout). */
  paddedShape(shape: readonly number[]): number[] {
    const out = [...shape];
    out.splice(this.dim, 0, 1);
    return out;
  }
}

registerAttrParser('ttg.slice', (p: AsmParser) => {
  const at = nameLoc(p, 'slice');
  const params = parseAngleDict(p, at);
  const dimP = params.find((e) => e.name === 'dim');
  const parentP = params.find((e) => e.name === 'parent');
  if (!dimP) p.error(`expected 'dim' in #ttg.slice`, at);
  if (!(dimP.value instanceof IntegerAttr) || dimP.value.isBool() || dimP.value.value < 0n) {
    p.error('expected a non-negative integer for dim', dimP.valuePos);
  }
  if (!parentP || !(parentP.value instanceof DistributedEncodingAttr)) {
    p.error('expected a distributed encoding trait', parentP ? parentP.valuePos : at);
  }
  return checked(p, at, SliceEncodingAttr.get(Number(dimP.value.value), parentP.value));
});
