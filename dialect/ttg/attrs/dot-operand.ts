/**
 * `#ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>`: the register layout of operand A (opIdx 0) or B (opIdx 1)
 * of a dot whose result has the `parent` layout. `kWidth` (elements per thread contiguous along K) is omitted
 * when 0. Printed inline, never aliased.
 */
import type { AsmParser, AsmPrinter } from '../../ir/asm-interfaces.js';
import { IntegerAttr, type Attribute } from '../../ir/attribute.js';
import { registerAttrParser } from '../../ir/dialect-registry.js';
import { intern, type Type } from '../../ir/type.js';
import { AMDMfmaEncodingAttr, AMDWmmaEncodingAttr } from './amd.js';
import { BlockedEncodingAttr } from './blocked.js';
import { DistributedEncodingAttr, checked, parseParamDict, type Param } from './common.js';
import { NvidiaMmaEncodingAttr } from './mma.js';

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
    if (parent instanceof NvidiaMmaEncodingAttr) {
      const modern = parent.isAmpere() || parent.isHopper();
      if (kWidth !== 0 && !modern) return 'ttg.dot_op kWidth parameter can only be non-zero for Ampere or Hopper MMA parent';
      if (kWidth === 0 && modern) return 'ttg.dot_op kWidth parameter is mandatory for Ampere or Hopper MMA parent';
      if (opIdx !== 0 && parent.isHopper()) {
        return 'ttg.dot_op opIdx parameter must be 0 for Hopper MMA parent, since Hopper WGMMA only allows first operand to be in registers';
      }
      return undefined;
    }
    if (parent instanceof AMDWmmaEncodingAttr) {
      if (parent.version === 1 && kWidth !== 8 && kWidth !== 16) {
        return 'ttg.dot_op kWidth parameter must be 8/16 for WMMA v1 (including packed cases for `scaled_dot`)';
      }
      if (parent.version === 2 && ![4, 8, 16].includes(kWidth)) {
        return 'ttg.dot_op kWidth parameter must be 4/8/16 for WMMA v2 (including packed cases for `scaled_dot`)';
      }
      if (parent.version === 3 && kWidth === 0) return 'ttg.dot_op kWidth parameter is mandatory for WMMA v3 ';
      return undefined;
    }
    if (parent instanceof AMDMfmaEncodingAttr) {
      if (kWidth === 0) return 'ttg.dot_op kWidth parameter is mandatory for MFMA parent';
      return undefined;
    }
    if (parent instanceof BlockedEncodingAttr) {
      if (kWidth !== 0) return 'ttg.dot_op kWidth parameter is not supported when the parent is a blocked layout';
      return undefined;
    }
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
