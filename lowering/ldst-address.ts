/**
 * Shared memory addresses op for op as Triton 3.6's lowerLdSt and lowerLdStMatrix build them, for the accesses
 * that pass `ExactAddressing` (layout conversions through shared memory):
 *
 *   base  = applyLinearLayout(zeros(bytes) x {lane: laneBases, warp: warpBases} -> offset[offsetElems * bytes],
 *                             register = 0, lane, warp)          // in bytes
 *   base  = base xor (affine * bytes)
 *   addr  = gep i8 (base xor xorPart) + addPart                  // per access, zero constants included
 *
 * The size of the offset dim matters: the GF(2) product (matrixVectorProd) combines a diagonal with `or` only
 * when every output row on it is written once, rows above the bases included. `tritonThreadBase` builds the
 * base and the affine term, `ExactAddresses` the per-access XOR (once per run of accesses sharing it) and ADD.
 */
import type { Value } from '../dialect/ir/ir.js';
import { IntegerType } from '../dialect/ir/type.js';
import { LinearLayout } from '../dialect/linear-layout/linear-layout.js';
import { LLVMPointerType } from '../dialect/llvm/types.js';
import type { LoweringContext } from './conversion.js';
import { applyLinearLayout } from './layout-indices.js';

/** Addressing in Triton's exact op order: the affine offset (elements) and the offset dim's size (elements). */
export interface ExactAddressing {
  affine: Value;
  offsetElems: number;
}

/** The thread part of the byte address (lane/warp bases in elements), XORed with the affine term. */
export function tritonThreadBase(ctx: LoweringContext, laneBases: readonly number[], warpBases: readonly number[], bytes: number, exact: ExactAddressing): Value {
  const b = ctx.b;
  const regBits = Math.log2(bytes);
  const ll = LinearLayout.fromBasesWithSizes(
    [
      ['register', Array.from({ length: regBits }, () => [0])],
      ['lane', laneBases.map((c) => [c * bytes])],
      ['warp', warpBases.map((c) => [c * bytes])],
    ],
    [['offset', exact.offsetElems * bytes]],
    false,
  );
  const [lane, warp] = ctx.laneWarp();
  const base = applyLinearLayout(b, ll, [
    ['register', b.i32(0)],
    ['lane', lane],
    ['warp', warp],
  ])[0]![1];
  return b.xor(base, b.mul(exact.affine, b.i32(bytes)));
}

/** Per-access byte addresses from a thread base: a new XOR whenever the XOR part changes, an ADD always. */
export class ExactAddresses {
  #last: { xorPart: number; value: Value } | undefined;
  constructor(
    private readonly ctx: LoweringContext,
    private readonly smemBase: Value,
    private readonly threadBase: Value,
  ) {}
  /** `gep inbounds i8 base[(threadBase xor xorPart) + addPart]` (byte constants). */
  at(xorPart: number, addPart: number): Value {
    const b = this.ctx.b;
    if (this.#last?.xorPart !== xorPart) this.#last = { xorPart, value: b.xor(this.threadBase, b.i32(xorPart)) };
    const off = b.add(this.#last.value, b.i32(addPart));
    return b.gep(this.smemBase, IntegerType.get(8), off, LLVMPointerType.get(3), true);
  }
}
