// Which register layouts tcgen05.ld/st can move to and from tensor memory (dialect/ttng/tmem-layouts.ts), against
// Triton 3.6: test/fixtures/tmem-compat-triton36.json holds 596 (layout, TMEM memdesc, warps) triples with
// Triton's answer, read off its ttng.tmem_store verifier ("'ttng.tmem_store' op source" exactly when the layout is
// not TMEM-compatible), run through Triton 3.6's wheel: random blocked layouts and mutations (swapped lane /
// register bases, permuted registers, swapped warps, broadcast registers) of the default 32x32b layout, over f32 /
// bf16 / packed and unpacked f16 / i8 memdescs, blockM 64 and 128, repeated blocks, 4 and 8 warps.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from '../api/ir.js';
import type { Operation } from '../dialect/ir/ir.js';
import { RankedTensorType } from '../dialect/ir/type.js';
import { MemDescType } from '../dialect/ttg/types.js';
import { TMEMStoreOp } from '../dialect/ttng/ops.js';
import { isTmemCompatible } from '../dialect/ttng/tmem-layouts.js';

interface Case {
  numWarps: number;
  tensor: string;
  memdesc: string;
  compatible: boolean;
}

const CASES = JSON.parse(readFileSync(new URL('./fixtures/tmem-compat-triton36.json', import.meta.url), 'utf8')) as Case[];

function answer(c: Case): boolean {
  const m = parse(`module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = ${c.numWarps} : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @f(%x: ${c.tensor}, %m: ${c.memdesc}) {
    %true = arith.constant true
    ttng.tmem_store %x, %m, %true : ${c.tensor} -> ${c.memdesc}
    tt.return
  }
}`);
  let store: Operation | undefined;
  m.walk((op) => {
    if (TMEMStoreOp.is(op)) store = op;
  });
  const src = TMEMStoreOp.src(store!).type;
  const dst = TMEMStoreOp.dst(store!).type;
  if (!(src instanceof RankedTensorType) || !(dst instanceof MemDescType)) throw new Error('bad case');
  return isTmemCompatible(store!, src, dst);
}

describe('TMEM-compatible register layouts, as Triton 3.6', () => {
  it(`agrees with Triton on all ${CASES.length} cases`, () => {
    const wrong = CASES.filter((c) => answer(c) !== c.compatible).map((c) => `${c.tensor} / ${c.memdesc} (${c.numWarps} warps): Triton says ${c.compatible}`);
    expect(wrong).toEqual([]);
    // Both answers occur.
    expect(CASES.filter((c) => c.compatible).length).toBeGreaterThan(100);
    expect(CASES.filter((c) => !c.compatible).length).toBeGreaterThan(100);
  });
});
