/**
 * `#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2][, CGALayout = [..]], instrShape = [16, 8]}>`:
 * the accumulator layout of NVIDIA tensor-core instructions (v2 = mma.sync on Ampere, v3 = wgmma on Hopper).
 */
import type { AsmParser, AsmPrinter } from '../../ir/asm-interfaces.js';
import { registerAttrParser } from '../../ir/dialect-registry.js';
import { intern } from '../../ir/type.js';
import type { LinearLayout } from '../../linear-layout/linear-layout.js';
import { nvidiaDotToLinearLayout, nvidiaMmaToLinearLayout } from '../linear/distributed.js';
import type { RawLayout } from '../linear/raw.js';
import {
  type Bases,
  MmaEncodingAttr,
  checked,
  nameLoc,
  cgaParam,
  freezeBases,
  freezeInts,
  joinInts,
  parseAngleDict,
  printCGA,
  uintArrayParam,
  uintParam,
  verifyCGA,
} from './common.js';
import type { DotOperandEncodingAttr } from './dot-operand.js';

export class NvidiaMmaEncodingAttr extends MmaEncodingAttr {
  private constructor(
    readonly versionMajor: number,
    readonly versionMinor: number,
    readonly warpsPerCTA: readonly number[],
    readonly cgaLayout: Bases,
    readonly instrShape: readonly number[],
  ) {
    super();
  }

  static get(p: {
    versionMajor: number;
    versionMinor?: number;
    warpsPerCTA: readonly number[];
    cgaLayout?: Bases;
    instrShape: readonly number[];
  }): NvidiaMmaEncodingAttr {
    return intern(
      new NvidiaMmaEncodingAttr(
        p.versionMajor,
        p.versionMinor ?? 0,
        freezeInts(p.warpsPerCTA),
        freezeBases(p.cgaLayout ?? []),
        freezeInts(p.instrShape),
      ),
    );
  }

  get rank(): number {
    return this.warpsPerCTA.length;
  }
  isVolta(): boolean {
    return this.versionMajor === 1;
  }
  isTuring(): boolean {
    return this.versionMajor === 2 && this.versionMinor === 1;
  }
  isAmpere(): boolean {
    return this.versionMajor === 2;
  }
  isHopper(): boolean {
    return this.versionMajor === 3;
  }

  getCGALayout(): Bases {
    return this.cgaLayout;
  }
  protected buildLinearLayout(shape: readonly number[]): LinearLayout {
    return nvidiaMmaToLinearLayout(shape, this).toLinearLayout();
  }
  override dotOperandLinearLayout(shape: readonly number[], dot: DotOperandEncodingAttr): RawLayout {
    return nvidiaDotToLinearLayout(shape, dot, this);
  }
  override verifyDotOperand(opIdx: number, kWidth: number): string | undefined {
    const modern = this.isAmpere() || this.isHopper();
    if (kWidth !== 0 && !modern) return 'ttg.dot_op kWidth parameter can only be non-zero for Ampere or Hopper MMA parent';
    if (kWidth === 0 && modern) return 'ttg.dot_op kWidth parameter is mandatory for Ampere or Hopper MMA parent';
    if (opIdx !== 0 && this.isHopper()) {
      return 'ttg.dot_op opIdx parameter must be 0 for Hopper MMA parent, since Hopper WGMMA only allows first operand to be in registers';
    }
    return undefined;
  }

  print(p: AsmPrinter): void {
    p.write(
      `#ttg.nvidia_mma<{versionMajor = ${this.versionMajor}, versionMinor = ${this.versionMinor}, warpsPerCTA = [${joinInts(this.warpsPerCTA)}]`,
    );
    printCGA(p, this.cgaLayout);
    p.write(`, instrShape = [${joinInts(this.instrShape)}]}>`);
  }

  /** Triton 3.6 checks nothing when the attribute is built; only the CGA layout must be well formed. */
  verify(): string | undefined {
    return verifyCGA(this.cgaLayout, this.rank);
  }
}

registerAttrParser('ttg.nvidia_mma', (p: AsmParser) => {
  const at = nameLoc(p, 'nvidia_mma');
  const params = parseAngleDict(p, at);
  let versionMajor = 0;
  let versionMinor = 0;
  let warpsPerCTA: number[] = [];
  let instrShape: number[] = [];
  // Unknown keys are ignored, as Triton's parser does.
  for (const e of params) {
    if (e.name === 'versionMajor') versionMajor = uintParam(p, e, 'versionMajor');
    else if (e.name === 'versionMinor') versionMinor = uintParam(p, e, 'versionMinor');
    else if (e.name === 'warpsPerCTA') warpsPerCTA = uintArrayParam(p, e, 'warpsPerCTA');
    else if (e.name === 'instrShape') instrShape = uintArrayParam(p, e, 'instrShape');
  }
  const cgaLayout = cgaParam(p, params.find((e) => e.name === 'CGALayout'), warpsPerCTA.length);
  return checked(p, at, NvidiaMmaEncodingAttr.get({ versionMajor, versionMinor, warpsPerCTA, cgaLayout, instrShape }));
});
