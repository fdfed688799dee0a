// bankConflictsMemDesc (analysis/bank-conflicts.ts) against the numbers Triton 3.6's gluon get_shared_bank_conflicts
// gives for the same register / shared encodings (asked through the wheel's binding; the difftest conversions kind
// compares many more).
import { describe, expect, it } from 'vitest';
import '../dialect/index.js';
import { bankConflictsMemDesc } from '../analysis/bank-conflicts.js';
import { toLinearLayout } from '../dialect/ttg/to-linear-layout.js';
import { parseEncodingText } from '../parser/encoding-text.js';

const blocked = (spt: number[], tpw: number[], wpc: number[], order: number[]): string =>
  `#ttg.blocked<{sizePerThread = [${spt.join(', ')}], threadsPerWarp = [${tpw.join(', ')}], warpsPerCTA = [${wpc.join(', ')}], order = [${order.join(', ')}]}>`;
const swizzled = (vec: number, perPhase: number, maxPhase: number, order: number[]): string =>
  `#ttg.swizzled_shared<{vec = ${vec}, perPhase = ${perPhase}, maxPhase = ${maxPhase}, order = [${order.join(', ')}]}>`;

function conflicts(reg: string, shared: string, shape: number[], bits: number): number {
  return bankConflictsMemDesc(toLinearLayout(shape, parseEncodingText(reg)), toLinearLayout(shape, parseEncodingText(shared)), bits);
}

describe('bankConflictsMemDesc (Triton 3.6 get_shared_bank_conflicts)', () => {
  it('row-major 8-wide vectors into an unswizzled or swizzled row-major buffer: none', () => {
    expect(conflicts(blocked([1, 8], [4, 8], [4, 1], [1, 0]), swizzled(1, 1, 1, [1, 0]), [64, 64], 16)).toBe(0);
    expect(conflicts(blocked([1, 8], [4, 8], [4, 1], [1, 0]), swizzled(8, 1, 8, [1, 0]), [64, 64], 16)).toBe(0);
  });

  it('column vectors into a row-major buffer conflict', () => {
    expect(conflicts(blocked([8, 1], [8, 4], [1, 4], [0, 1]), swizzled(1, 1, 1, [1, 0]), [64, 64], 16)).toBe(7);
    expect(conflicts(blocked([1, 1], [1, 32], [4, 1], [1, 0]), swizzled(1, 1, 1, [0, 1]), [32, 32], 32)).toBe(31);
  });

  it('an nvmma 128-byte swizzle', () => {
    expect(conflicts(blocked([1, 4], [8, 4], [4, 1], [1, 0]), '#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>', [64, 64], 16)).toBe(1);
  });
});
