/**
 * `#ttg.linear<{register = [[0, 1], ...], lane = [...], warp = [...], block = [...]}>`: a distributed layout
 * given directly by the bases of its linear layout (output dims dim0..dimN-1, sizes inferred from the bases).
 */
import type { AsmParser, AsmPrinter } from '../../ir/asm-interfaces.js';
import { registerAttrParser } from '../../ir/dialect-registry.js';
import { intern } from '../../ir/type.js';
import type { LinearLayout } from '../../linear-layout/linear-layout.js';
import { linearEncodingToLinearLayout } from '../linear/distributed.js';
import { reversedIota } from '../linear/read.js';
import { orderPerDim } from './cga.js';
import {
  type Bases,
  DistributedEncodingAttr,
  basesAreSurjective,
  checked,
  nameLoc,
  formatBases,
  freezeBases,
  parseAngleDict,
  rankOfBases,
  requiredBases,
  verifyBasesShape,
} from './common.js';

export const DISTRIBUTED_IN_DIMS = ['register', 'lane', 'warp', 'block'] as const;

export class LinearEncodingAttr extends DistributedEncodingAttr {
  private constructor(
    readonly register: Bases,
    readonly lane: Bases,
    readonly warp: Bases,
    readonly block: Bases,
    readonly outRank: number,
  ) {
    super();
  }

  /** `rank` is needed only when every in-dim has no bases. */
  static get(p: { register: Bases; lane: Bases; warp: Bases; block: Bases }, rank?: number): LinearEncodingAttr {
    const r = rankOfBases([p.register, p.lane, p.warp, p.block]) || rank || 0;
    return intern(
      new LinearEncodingAttr(freezeBases(p.register), freezeBases(p.lane), freezeBases(p.warp), freezeBases(p.block), r),
    );
  }

  get rank(): number {
    return this.outRank;
  }

  /** The bases in Triton's order: register, lane, warp, block. */
  namedBases(): [string, Bases][] {
    return [
      ['register', this.register],
      ['lane', this.lane],
      ['warp', this.warp],
      ['block', this.block],
    ];
  }

  override get aliasName(): string {
    return 'linear';
  }
  getCGALayout(): Bases {
    return this.block;
  }
  /** Reps follow the register order (LinearEncodingAttr::getRepOrder is its getOrder). */
  getRepOrder(): number[] {
    return orderPerDim(this.register, reversedIota(this.rank));
  }
  /** CTA tiles follow the block bases, then the register order. */
  override getCTAOrder(): number[] {
    return orderPerDim(this.block, this.getRepOrder());
  }
  protected buildLinearLayout(shape: readonly number[]): LinearLayout {
    return linearEncodingToLinearLayout(shape, this).toLinearLayout();
  }

  print(p: AsmPrinter): void {
    p.write(
      `#ttg.linear<{register = ${formatBases(this.register)}, lane = ${formatBases(this.lane)}, warp = ${formatBases(this.warp)}, block = ${formatBases(this.block)}}>`,
    );
  }

  verify(): string | undefined {
    if (this.outRank === 0) return 'Empty Layout not supported';
    const shape = verifyBasesShape(this.namedBases(), this.outRank);
    if (shape) return shape;
    for (const [, bs] of this.namedBases()) {
      if (bs.some((b) => b.filter((v) => v !== 0).length > 1)) {
        return 'In a distributed layout, each base must move in at most one dimension.';
      }
    }
    if (!basesAreSurjective([this.register, this.lane, this.warp, this.block], this.outRank)) {
      return 'Layout is expected to be surjective, i.e. every `out` coordinate can be reached by some `in` coordinate';
    }
    return undefined;
  }
}

registerAttrParser('ttg.linear', (p: AsmParser) => {
  const at = nameLoc(p, 'linear');
  const params = parseAngleDict(p, at);
  // Triton reads the bases after the closing `>` and reports there.
  const after = p.pos();
  const [register, lane, warp, block] = requiredBases(p, params, DISTRIBUTED_IN_DIMS, after) as [
    number[][],
    number[][],
    number[][],
    number[][],
  ];
  // The rank is read off the bases; without any there is nothing to infer it from.
  if (rankOfBases([register, lane, warp, block]) === 0) p.error('Empty Layout not supported', after);
  return checked(p, at, LinearEncodingAttr.get({ register, lane, warp, block }));
});
