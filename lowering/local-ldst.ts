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
import { type ColumnAction, LinearLayout } from '../dialect/linear-layout/linear-layout.js';
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

/** The register→offset map of an access with its broadcast registers dropped (Triton's cvt). */
function cvtOf(acc: SmemAccess, offsetElems: number): LinearLayout {
  const kept = acc.regCols.filter((c) => c !== 0);
  return LinearLayout.fromBasesWithSizes(
    [
      [REG, kept.map((c) => [c])],
      ['lane', acc.laneCols.map((c) => [c])],
      ['warp', acc.warpCols.map((c) => [c])],
    ],
    [['offset', offsetElems]],
    false,
  );
}

/**
 * Triton's largestVectorisation of an access: the vector (elements) and the permutation of the non-broadcast
 * register bits; `vectorRegBits` are the original register bits forming the vector.
 */
export function tritonVector(acc: SmemAccess, bits: number, offsetElems: number, maxVecElems?: number): { elems: number; permutation: ColumnAction; vectorRegBits: number[] } {
  const kept = acc.regCols.flatMap((c, i) => (c !== 0 ? [i] : []));
  const { elems, permutation } = largestVectorisation(cvtOf(acc, offsetElems), bits, maxVecElems);
  const vectorRegBits = permutation
    .getAction()
    .slice(0, Math.log2(elems))
    .map((k) => kept[k]!);
  return { elems, permutation, vectorRegBits };
}

/**
 * Triton's lowerLdSt: calls `access(ptr, regs)` for every vector in Triton's order, `ptr` the vector's shared
 * address (`!llvm.ptr<3>`), `regs` its registers (original register indices, first element first; broadcast
 * registers excluded). `maxVecElems` caps the vector and forbids register permutations (Triton's
 * maybeMaxVecElems). Returns the vector width, or undefined (nothing emitted) when Triton's additive addressing
 * would be wrong for this map.
 */
export function lowerLdSt(
  ctx: LoweringContext,
  base: Value,
  acc: SmemAccess,
  bits: number,
  addr: LocalLdStAddressing,
  maxVecElems: number | undefined,
  access: (ptr: Value, regs: number[]) => void,
): number | undefined {
  const b = ctx.b;
  const bytes = bits / 8;
  // 1. Broadcast registers dropped.
  const kept = acc.regCols.flatMap((c, i) => (c !== 0 ? [i] : []));
  const nKept = 2 ** kept.length;
  const cvt = cvtOf(acc, addr.offsetElems);
  // 2. The vector.
  const { elems: vec, permutation } = tritonVector(acc, bits, addr.offsetElems, maxVecElems);
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
  // Adding the additive offsets equals XORing them only when no other offset bit can be set under them; Triton's
  // own layouts always comply, arbitrary linear layouts need not (then the caller takes its general path).
  const frontBits = front.reduce((m, i) => m | reps[i]!, 0);
  const backBits = back.reduce((m, i) => m | reps[i]!, touched);
  if (frontBits & backBits) return undefined;
  const order = [...front, ...back];
  const finalCols = order.map((i) => reps[i]!);
  const nAdditive = 2 ** front.length;
  // Register index in Triton's final order -> original register, through both permutations.
  const original = (q: number): number => {
    let p = 0;
    order.forEach((src, t) => {
      if ((q >>> t) & 1) p |= 1 << src;
    });
    let k = 0;
    permutation.getAction().forEach((src, t) => {
      if ((p >>> t) & 1) k |= 1 << src;
    });
    return scatter(k, kept);
  };

  // 4. Addresses and accesses.
  const threadBase = tritonThreadBase(ctx, acc.laneCols, acc.warpCols, bytes, { affine: addr.affine ?? b.i32(0), offsetElems: addr.offsetElems });
  const addrs = new ExactAddresses(ctx, base, threadBase);
  for (let i = 0; i < nKept; i += nAdditive) {
    const xorPart = offsetOf(finalCols, i) * bytes;
    for (let j = 0; j < nAdditive; j += vec) {
      const ptr = addrs.at(xorPart, offsetOf(finalCols, j) * bytes);
      access(
        ptr,
        Array.from({ length: vec }, (_, k) => original(i + j + k)),
      );
    }
  }
  return vec;
}

/**
 * Stores `vals` (storage form, one per register; broadcast registers may be undefined) or, without `vals`, loads
 * every register (copies of a broadcast register share its load). `elemTy` is the storage element type.
 * Undefined when Triton's addressing does not apply (see lowerLdSt); nothing is emitted then.
 */
export function emitLocalLdSt(
  ctx: LoweringContext,
  base: Value,
  acc: SmemAccess,
  elemTy: Type,
  bits: number,
  addr: LocalLdStAddressing,
  vals?: readonly (Value | undefined)[],
): Value[] | undefined {
  const b = ctx.b;
  const loaded = new Map<number, Value>();
  const done = lowerLdSt(ctx, base, acc, bits, addr, undefined, (ptr, regs) => {
    if (vals) storeShared(b, ptr, regs.map((r) => vals[r] ?? b.undef(elemTy)));
    else loadShared(b, ptr, elemTy, regs.length).forEach((v, k) => loaded.set(regs[k]!, v));
  });
  if (done === undefined) return undefined;
  if (vals) return [];
  // Broadcast registers take the value of their representative (the register with the broadcast bits cleared).
  const zeroMask = acc.regCols.reduce((m, c, i) => (c === 0 ? m | (1 << i) : m), 0);
  return Array.from({ length: 2 ** acc.regCols.length }, (_, r) => loaded.get(r & ~zeroMask)!);
}
