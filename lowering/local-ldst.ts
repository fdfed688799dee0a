/**
 * `ld.shared` / `st.shared` of a distributed tensor through a memdesc, op for op as Triton 3.6's lowerLocalLdSt /
 * lowerLdSt (the path of local_alloc, local_store and local_load when ldmatrix/stmatrix do not apply), so that
 * our LLVM has Triton's addresses and access order:
 *
 * 1. broadcast registers (zero offset) are dropped: stored once, loaded once and copied;
 * 2. the vector is Triton's `largestVectorisation` of the register→offset map (at most 128 bits, register bases
 *    permuted so the vector's are first);
 * 3. the remaining register bases are ordered by `actionAdditiveStrides`: those that touch no bit of a lane or
 *    warp basis (nor of the view's affine offset), or equal a lane/warp basis, come first; their offsets are
 *    added (immediate offsets of the access), the others are XORed into the thread base;
 * 4. thread base (bytes) = applyLinearLayout(lane/warp bases) XOR affine * bytes; per run of additive registers
 *    one `xor` with the run's register offset, per access one `add` and a `gep inbounds i8`.
 *
 * Padded layouts keep the general path (shared-memory.ts).
 */
import type { Value } from '../dialect/ir/ir.js';
import type { Type } from '../dialect/ir/type.js';
import { LinearLayout } from '../dialect/linear-layout/linear-layout.js';
import { largestVectorisation } from '../analysis/bank-conflicts.js';
import type { LoweringContext } from './conversion.js';
import { ExactAddresses, tritonThreadBase } from './ldst-address.js';
import { loadShared, storeShared } from './shared-ld-st.js';
import type { SmemAccess } from './swizzle.js';

const REG = 'register';

/** The offset of register `r` (XOR of the offsets of its set bits). */
function offsetOf(cols: readonly number[], r: number): number {
  let o = 0;
  cols.forEach((c, i) => {
    if ((r >>> i) & 1) o ^= c;
  });
  return o;
}

/** Spreads the bits of `k` onto the bit positions `positions` (least significant first). */
function scatter(k: number, positions: readonly number[]): number {
  let r = 0;
  positions.forEach((p, t) => {
    if ((k >>> t) & 1) r |= 1 << p;
  });
  return r;
}

export interface LocalLdStAddressing {
  /** Runtime element offset of the view (Triton's getShmemOffset); the constant zero when undefined. */
  affine: Value | undefined;
  /** The bits the affine offset may set (getMaskSpanOffsets). */
  affineMask: number;
  /** Size of the shared layout's offset dim (elements). */
  offsetElems: number;
}

/**
 * Stores `vals` (storage form, one per register; broadcast registers may be undefined) or, without `vals`, loads
 * every register (copies of a broadcast register share its load). `elemTy` is the storage element type.
 */
export function emitLocalLdSt(
  ctx: LoweringContext,
  base: Value,
  acc: SmemAccess,
  elemTy: Type,
  bits: number,
  addr: LocalLdStAddressing,
  vals?: readonly (Value | undefined)[],
): Value[] {
  const b = ctx.b;
  const bytes = bits / 8;
  // 1. Broadcast registers dropped.
  const kept = acc.regCols.flatMap((c, i) => (c !== 0 ? [i] : []));
  const nKept = 2 ** kept.length;
  const cvt = LinearLayout.fromBasesWithSizes(
    [
      [REG, kept.map((i) => [acc.regCols[i]!])],
      ['lane', acc.laneCols.map((c) => [c])],
      ['warp', acc.warpCols.map((c) => [c])],
    ],
    [['offset', addr.offsetElems]],
    false,
  );
  // 2. The vector.
  const { elems: vec, permutation } = largestVectorisation(cvt, bits);
  const permCols = permutation.apply(cvt).getBases().get(REG)!.map((v) => v[0]!);
  const vecBits = Math.log2(vec);
  const reps = permCols.map((c, i) => (i < vecBits ? 0 : c));
  // 3. Additive strides first.
  const threadCols = [...acc.laneCols, ...acc.warpCols];
  const touched = threadCols.reduce((m, c) => m | c, addr.affineMask);
  const tile = new Set(threadCols);
  const front: number[] = [];
  const back: number[] = [];
  reps.forEach((c, i) => ((c & touched) === 0 || tile.has(c) ? front : back).push(i));
  const order = [...front, ...back];
  const finalCols = order.map((i) => reps[i]!);
  const nAdditive = 2 ** front.length;
  // Register index of the reduced layout -> original register, through both permutations.
  const toReduced = (q: number): number => {
    let p = 0;
    order.forEach((src, t) => {
      if ((q >>> t) & 1) p |= 1 << src;
    });
    let k = 0;
    permutation.getAction().forEach((src, t) => {
      if ((p >>> t) & 1) k |= 1 << src;
    });
    return k;
  };
  const original = (q: number): number => scatter(toReduced(q), kept);

  // 4. Addresses and accesses.
  const threadBase = tritonThreadBase(ctx, acc.laneCols, acc.warpCols, bytes, { affine: addr.affine ?? b.i32(0), offsetElems: addr.offsetElems });
  const addrs = new ExactAddresses(ctx, base, threadBase);
  const loadedByReduced = new Array<Value>(nKept);
  for (let i = 0; i < nKept; i += nAdditive) {
    const xorPart = offsetOf(finalCols, i) * bytes;
    for (let j = 0; j < nAdditive; j += vec) {
      const ptr = addrs.at(xorPart, offsetOf(finalCols, j) * bytes);
      const regs = Array.from({ length: vec }, (_, k) => i + j + k);
      if (vals) storeShared(b, ptr, regs.map((q) => vals[original(q)] ?? b.undef(elemTy)));
      else loadShared(b, ptr, elemTy, vec).forEach((v, k) => (loadedByReduced[toReduced(regs[k]!)] = v));
    }
  }
  if (vals) return [];
  // Broadcast registers take the value of their representative.
  const keptMask = kept.reduce((m, i) => m | (1 << i), 0);
  const gatherKept = (r: number): number => kept.reduce((k, p, t) => k | (((r >>> p) & 1) << t), 0);
  return Array.from({ length: 2 ** acc.regCols.length }, (_, r) => loadedByReduced[gatherKept(r & keptMask)]!);
}
