/**
 * `#ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>`: the register layout of operand A (opIdx 0) or B (opIdx 1)
 * of a dot whose result has the `parent` layout. `kWidth` (elements per thread contiguous along K) is omitted
 * when 0. Printed inline, never aliased.
 */
import type { AsmParser, AsmPrinter } from '../../ir/asm-interfaces.js';
import { IntegerAttr, type Attribute } from '../../ir/attribute.js';
import { registerAttrParser } from '../../ir/dialect-registry.js';
import { intern, type Type } from '../../ir/type.js';
import type { LinearLayout } from '../../linear-layout/linear-layout.js';
import { checkRank } from '../linear/distributed.js';
import { fail } from '../linear/utils.js';
import { type Bases, DistributedEncodingAttr, LayoutEncodingAttr, checked, parseParamDict, type Param } from './common.js';

export class DotOperandEncodingAttr extends DistributedEncodingAttr {
  private constructor(
    readonly opIdx: number,
    readonly parent: Attribute,
    readonly kWidth: number,
  ) {
    super();
  }

  static get(opIdx: number, parent: Attribute, kWidth = 0): DotOperandEncodingAttr {
    return intern(new DotOperandEncodingAttr(opIdx, parent, kWidth));
  }

  get rank(): number {
    return this.parent instanceof DistributedEncodingAttr ? this.parent.rank : 0;
  }

  /** The parent's CGA layout, broadcast along K (the operand is the same in every CTA along K). */
  getCGALayout(): Bases {
    const parent = this.parent;
    if (!(parent instanceof LayoutEncodingAttr)) fail(`no CGA layout for ${parent.key}`);
    const kDim = this.opIdx === 0 ? this.rank - 1 : this.rank - 2;
    return parent.getCGALayout().map((b) => b.map((v, i) => (i === kDim ? 0 : v)));
  }
  /** The parent decides how the operand's tiles repeat (Triton's DotOperandEncodingAttr::getRepOrder). */
  getRepOrder(): number[] {
    const order = this.parent instanceof DistributedEncodingAttr ? this.parent.getRepOrderForOperand(this.opIdx) : undefined;
    return order ?? fail(`getRepOrder not implemented for ${this.key}`);
  }
  protected buildLinearLayout(shape: readonly number[]): LinearLayout {
    checkRank(shape, this.rank, 'dot_op');
    const parent = this.parent;
    const ll = parent instanceof DistributedEncodingAttr ? parent.dotOperandLinearLayout(shape, this) : undefined;
    return (ll ?? fail(`unsupported dot_op parent ${parent.key}`)).toLinearLayout();
  }

  print(p: AsmPrinter): void {
    p.write(`#ttg.dot_op<{opIdx = ${this.opIdx}, parent = `);
    p.printAttribute(this.parent);
    if (this.kWidth !== 0) p.write(`, kWidth = ${this.kWidth}`);
    p.write('}>');
  }

  override children(): readonly (Type | Attribute)[] {
    return [this.parent];
  }

  verify(): string | undefined {
    const { opIdx, parent, kWidth } = this;
    if (opIdx !== 0 && opIdx !== 1) return `ttg.dot_op opIdx parameter can be 0 or 1, got: ${opIdx}`;
    if (parent instanceof DistributedEncodingAttr) return parent.verifyDotOperand(opIdx, kWidth);
    return `ttg.dot_op unexpected parent layout: ${parent.key}`;
  }
}

registerAttrParser('ttg.dot_op', (p: AsmParser) => {
  // The generated (struct) parser reports at the `<`, missing parameters at the closing `}`.
  const at = p.pos();
  p.expect('<');
  const params = parseParamDict(p);
  const end = p.pos() - 1;
  p.expect('>');
  const seen = new Map<string, Param>();
  for (const e of params) {
    if (!['opIdx', 'parent', 'kWidth'].includes(e.name) || seen.has(e.name)) {
      p.error(`duplicate or unknown struct parameter name: ${e.name}`, e.valuePos);
    }
    seen.set(e.name, e);
  }
  const uint = (e: Param): number => {
    if (!(e.value instanceof IntegerAttr) || e.value.isBool() || e.value.value < 0n || e.value.value > 0xffffffffn) {
      p.error(`failed to parse TTG_DotOperandEncodingAttr parameter '${e.name}' which is to be a \`unsigned\``, e.valuePos);
    }
    return Number(e.value.value);
  };
  const opIdx = seen.get('opIdx');
  const parent = seen.get('parent');
  if (!opIdx) p.error('struct is missing required parameter: opIdx', end);
  if (!parent) p.error('struct is missing required parameter: parent', end);
  const kWidth = seen.get('kWidth');
  return checked(p, at, DotOperandEncodingAttr.get(uint(opIdx), parent.value, kWidth ? uint(kWidth) : 0));
});
