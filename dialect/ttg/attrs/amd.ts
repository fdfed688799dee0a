/**
 * AMD accumulator layouts:
 * `#ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = true
 *   [, CGALayout = ..][, tilesPerWarp = ..][, elementBitWidth = 64]}>` (CDNA matrix cores, wave64) and
 * `#ttg.amd_wmma<{version = 2, isTranspose = false, warpsPerCTA = [2, 2][, CGALayout][, tilesPerWarp][, instrShape]}>`
 * (RDNA, wave32).
 */
import type { AsmParser, AsmPrinter } from '../../ir/asm-interfaces.js';
import { registerAttrParser } from '../../ir/dialect-registry.js';
import { intern } from '../../ir/type.js';
import type { LinearLayout } from '../../linear-layout/linear-layout.js';
import { mfmaDotToLinearLayout, mfmaToLinearLayout, wmmaDotToLinearLayout, wmmaToLinearLayout } from '../linear/distributed.js';
import type { RawLayout } from '../linear/raw.js';
import {
  type Bases,
  MmaEncodingAttr,
  arraysEqual,
  boolParam,
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

export class AMDMfmaEncodingAttr extends MmaEncodingAttr {
  private constructor(
    readonly version: number,
    readonly warpsPerCTA: readonly number[],
    readonly instrShape: readonly number[],
    readonly isTransposed: boolean,
    readonly cgaLayout: Bases,
    readonly tilesPerWarp: readonly number[],
    readonly elementBitWidth: number,
  ) {
    super();
  }

  static get(p: {
    version: number;
    warpsPerCTA: readonly number[];
    instrShape: readonly number[];
    isTransposed: boolean;
    cgaLayout?: Bases;
    tilesPerWarp?: readonly number[];
    elementBitWidth?: number;
  }): AMDMfmaEncodingAttr {
    const tiles = p.tilesPerWarp && p.tilesPerWarp.length ? p.tilesPerWarp : p.instrShape.map(() => 1);
    return intern(
      new AMDMfmaEncodingAttr(
        p.version,
        freezeInts(p.warpsPerCTA),
        freezeInts(p.instrShape),
        p.isTransposed,
        freezeBases(p.cgaLayout ?? []),
        freezeInts(tiles),
        p.elementBitWidth ?? 32,
      ),
    );
  }

  get rank(): number {
    return this.warpsPerCTA.length;
  }
  get mDim(): number {
    return this.instrShape[0] ?? 0;
  }
  get nDim(): number {
    return this.instrShape[1] ?? 0;
  }
  hasUnitTilesPerWarp(): boolean {
    return this.tilesPerWarp.every((x) => x === 1);
  }

  getCGALayout(): Bases {
    return this.cgaLayout;
  }
  protected buildLinearLayout(shape: readonly number[]): LinearLayout {
    return mfmaToLinearLayout(shape, this).toLinearLayout();
  }
  override dotOperandLinearLayout(shape: readonly number[], dot: DotOperandEncodingAttr): RawLayout {
    return mfmaDotToLinearLayout(shape, dot, this);
  }
  override verifyDotOperand(_opIdx: number, kWidth: number): string | undefined {
    if (kWidth === 0) return 'ttg.dot_op kWidth parameter is mandatory for MFMA parent';
    return undefined;
  }

  print(p: AsmPrinter): void {
    p.write(
      `#ttg.amd_mfma<{version = ${this.version}, warpsPerCTA = [${joinInts(this.warpsPerCTA)}], instrShape = [${joinInts(this.instrShape)}], isTransposed = ${this.isTransposed}`,
    );
    printCGA(p, this.cgaLayout);
    if (!this.hasUnitTilesPerWarp()) p.write(`, tilesPerWarp = [${joinInts(this.tilesPerWarp)}]`);
    if (this.elementBitWidth !== 32) p.write(`, elementBitWidth = ${this.elementBitWidth}`);
    p.write('}>');
  }

  verify(): string | undefined {
    if (this.version > 4) return 'version must be in the [0, 4] range';
    if (this.instrShape.length < 2) return 'instrShape must have at least two entries (mDim, nDim)';
    const m = this.mDim;
    const n = this.nDim;
    const ok = (m === 32 && n === 32) || (m === 16 && n === 16) || (m === 64 && n === 4) || (m === 4 && n === 64);
    if (!ok) return `invalid (mDim, nDim) combination: (${m}, ${n})`;
    if (this.elementBitWidth !== 32 && this.elementBitWidth !== 64) return 'elementBitWidth must be 32 or 64';
    return verifyCGA(this.cgaLayout, this.rank);
  }
}

registerAttrParser('ttg.amd_mfma', (p: AsmParser) => {
  const at = nameLoc(p, 'amd_mfma');
  const params = parseAngleDict(p, at);
  let version = 0;
  let warpsPerCTA: number[] = [];
  let instrShape: number[] = [];
  let isTransposed = false;
  let tilesPerWarp: number[] = [];
  let elementBitWidth = 32;
  for (const e of params) {
    if (e.name === 'version') version = uintParam(p, e, 'version');
    else if (e.name === 'warpsPerCTA') warpsPerCTA = uintArrayParam(p, e, 'warpsPerCTA');
    else if (e.name === 'instrShape') instrShape = uintArrayParam(p, e, 'instrShape');
    else if (e.name === 'isTransposed') isTransposed = boolParam(p, e, 'isTransposed');
    else if (e.name === 'tilesPerWarp') tilesPerWarp = uintArrayParam(p, e, 'tilesPerWarp');
    else if (e.name === 'elementBitWidth') elementBitWidth = uintParam(p, e, 'elementBitWidth');
  }
  const cgaLayout = cgaParam(p, params.find((e) => e.name === 'CGALayout'), warpsPerCTA.length);
  return checked(
    p,
    at,
    AMDMfmaEncodingAttr.get({ version, warpsPerCTA, instrShape, isTransposed, cgaLayout, tilesPerWarp, elementBitWidth }),
  );
});

/** The WMMA instruction shape assumed when none is written. */
export const WMMA_DEFAULT_INSTR_SHAPE: readonly number[] = Object.freeze([16, 16, 16]);

export class AMDWmmaEncodingAttr extends MmaEncodingAttr {
  private constructor(
    readonly version: number,
    readonly isTransposed: boolean,
    readonly warpsPerCTA: readonly number[],
    readonly tilesPerWarp: readonly number[],
    readonly cgaLayout: Bases,
    readonly instrShape: readonly number[],
  ) {
    super();
  }

  static get(p: {
    version: number;
    isTransposed?: boolean;
    warpsPerCTA: readonly number[];
    tilesPerWarp?: readonly number[];
    cgaLayout?: Bases;
    instrShape?: readonly number[];
  }): AMDWmmaEncodingAttr {
    const instr = p.instrShape ?? WMMA_DEFAULT_INSTR_SHAPE;
    const tiles = p.tilesPerWarp && p.tilesPerWarp.length ? p.tilesPerWarp : instr.map(() => 1);
    return intern(
      new AMDWmmaEncodingAttr(
        p.version,
        p.isTransposed ?? false,
        freezeInts(p.warpsPerCTA),
        freezeInts(tiles),
        freezeBases(p.cgaLayout ?? []),
        freezeInts(instr),
      ),
    );
  }

  get rank(): number {
    return this.warpsPerCTA.length;
  }
  hasUnitTilesPerWarp(): boolean {
    return this.tilesPerWarp.every((x) => x === 1);
  }

  getCGALayout(): Bases {
    return this.cgaLayout;
  }
  protected buildLinearLayout(shape: readonly number[]): LinearLayout {
    return wmmaToLinearLayout(shape, this).toLinearLayout();
  }
  override dotOperandLinearLayout(shape: readonly number[], dot: DotOperandEncodingAttr): RawLayout {
    return wmmaDotToLinearLayout(shape, dot, this);
  }
  override verifyDotOperand(_opIdx: number, kWidth: number): string | undefined {
    if (this.version === 1 && kWidth !== 8 && kWidth !== 16) {
      return 'ttg.dot_op kWidth parameter must be 8/16 for WMMA v1 (including packed cases for `scaled_dot`)';
    }
    if (this.version === 2 && ![4, 8, 16].includes(kWidth)) {
      return 'ttg.dot_op kWidth parameter must be 4/8/16 for WMMA v2 (including packed cases for `scaled_dot`)';
    }
    if (this.version === 3 && kWidth === 0) return 'ttg.dot_op kWidth parameter is mandatory for WMMA v3 ';
    return undefined;
  }

  print(p: AsmPrinter): void {
    p.write(
      `#ttg.amd_wmma<{version = ${this.version}, isTranspose = ${this.isTransposed}, warpsPerCTA = [${joinInts(this.warpsPerCTA)}]`,
    );
    printCGA(p, this.cgaLayout);
    if (!this.hasUnitTilesPerWarp()) p.write(`, tilesPerWarp = [${joinInts(this.tilesPerWarp)}]`);
    if (!arraysEqual(this.instrShape, WMMA_DEFAULT_INSTR_SHAPE)) p.write(`, instrShape = [${joinInts(this.instrShape)}]`);
    p.write('}>');
  }

  verify(): string | undefined {
    if (this.version < 1 || this.version > 3) return 'WMMA version must be in the [1, 3] range';
    const s = this.instrShape.join(',');
    if (this.version === 1 && s !== '16,16,16') return 'invalid WMMA v1 instruction shape';
    if (this.version === 2 && s !== '16,16,16' && s !== '16,16,32') return 'invalid WMMA v2 instruction shape';
    if (this.version === 3 && !['16,16,4', '16,16,32', '16,16,64', '16,16,128'].includes(s)) {
      return 'invalid WMMA v3 instruction shape';
    }
    return verifyCGA(this.cgaLayout, this.rank);
  }
}

registerAttrParser('ttg.amd_wmma', (p: AsmParser) => {
  const at = nameLoc(p, 'amd_wmma');
  const params = parseAngleDict(p, at);
  let version = 0;
  let isTransposed = false;
  let warpsPerCTA: number[] = [];
  let tilesPerWarp: number[] = [];
  let instrShape: number[] = [...WMMA_DEFAULT_INSTR_SHAPE];
  for (const e of params) {
    if (e.name === 'version') version = uintParam(p, e, 'version');
    else if (e.name === 'isTranspose') isTransposed = boolParam(p, e, 'isTranspose');
    else if (e.name === 'warpsPerCTA') warpsPerCTA = uintArrayParam(p, e, 'warpsPerCTA');
    else if (e.name === 'tilesPerWarp') tilesPerWarp = uintArrayParam(p, e, 'tilesPerWarp');
    else if (e.name === 'instrShape') instrShape = uintArrayParam(p, e, 'instrShape');
  }
  const cgaLayout = cgaParam(p, params.find((e) => e.name === 'CGALayout'), warpsPerCTA.length);
  return checked(p, at, AMDWmmaEncodingAttr.get({ version, isTransposed, warpsPerCTA, tilesPerWarp, cgaLayout, instrShape }));
});
