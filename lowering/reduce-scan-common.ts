/**
 * Helpers shared by the reduce, scan and gather lowerings (Triton's ReduceScanCommon.h and the NVIDIA
 * TargetInfo shuffle / shared-memory primitives):
 *
 * - `shuffle(b, kind, v, offset)`: `nvvm.shfl.sync` of any scalar: values narrower than 32 bits are bitcast and
 *   zero-extended to i32, 64-bit values (and pointers) are moved as two 32-bit halves;
 * - `storeShared` / `loadShared`: scalar shared-memory accesses, predicated through inline PTX
 *   (`@$p st.shared.bN [ $0 + 0 ], $1;`) in Triton's TargetInfo op order when a predicate is given, plain
 *   `llvm.store` / `llvm.load` otherwise;
 * - `combine(ctx, region, acc, cur)`: applies a reduce/scan combine region to (acc..., cur...);
 * - `scratchBases(ctx, op, elems)`: one shared-memory base per operand in the op's scratch buffer, the widest
 *   element types first (Triton's getSmemBases);
 * - `pext(b, x, mask)`: the bits of `x` selected by `mask`, packed to the low bits.
 */
import type { Operation, Region, Value } from '../dialect/ir/ir.js';
import { FloatType, IntegerType, RankedTensorType, VectorType, type Type } from '../dialect/ir/type.js';
import { LLVMPointerType } from '../dialect/llvm/types.js';
import type { LLVMBuilder } from './builder.js';
import type { LoweringContext } from './conversion.js';
import { ptx } from './ptx.js';
import { UnsupportedInputError } from '../dialect/ir/diagnostics.js';
import { convertElementType } from './type-converter.js';
import { constantIntValue } from './layout-indices.js';

/** Bit width of a lowered scalar type (pointers count as 64 bits). */
export function scalarBits(t: Type): number {
  if (t instanceof IntegerType || t instanceof FloatType) return t.width;
  if (t instanceof LLVMPointerType) return 64;
  throw new UnsupportedInputError(`cannot lower values of type ${t.key} (no bit width)`);
}

const i32 = (): IntegerType => IntegerType.get(32);
/** The widest value shuffled piecewise (wider ones would unroll into thousands of shuffles per value). */
const MAX_SHUFFLE_BITS = 1024;

/** Shuffle clamp operand per kind (Triton: 0x1f for bfly/idx/down, 0 for up). */
function clampFor(kind: 'bfly' | 'up' | 'down' | 'idx'): number {
  return kind === 'up' ? 0 : 0x1f;
}

/** `nvvm.shfl.sync` of a scalar of any type; `offset` is the lane mask/offset/index (constant or value). */
export function shuffle(b: LLVMBuilder, kind: 'bfly' | 'up' | 'down' | 'idx', v: Value, offset: number | Value): Value {
  const t = v.type;
  const off = typeof offset === 'number' ? b.i32(offset) : offset;
  const clamp = b.i32(clampFor(kind));
  if (t instanceof LLVMPointerType) {
    const asInt = b.ptrtoint(v, IntegerType.get(64));
    return b.inttoptr(shuffle(b, kind, asInt, off), t);
  }
  const bits = scalarBits(t);
  if (bits > 32 && bits % 32 === 0 && bits <= MAX_SHUFFLE_BITS) {
    // As Triton does for 64 bits: one shuffle per 32-bit piece of a vector bitcast.
    const n = bits / 32;
    const vt = VectorType.get([n], i32());
    const vec = b.bitcast(v, vt);
    const parts: Value[] = [];
    for (let k = 0; k < n; k++) parts.push(b.shflSync(kind, b.extractElement(vec, k), off, clamp));
    let out = b.undef(vt);
    parts.forEach((p, k) => (out = b.insertElement(out, p, k)));
    return b.bitcast(out, t);
  }
  if (bits > 32) throw new UnsupportedInputError(`cannot shuffle a ${bits}-bit value across lanes`);
  let x = v;
  if (!(t instanceof IntegerType)) x = b.bitcast(x, IntegerType.get(bits));
  if (bits < 32) x = b.zext(x, i32());
  let r = b.shflSync(kind, x, off, clamp);
  if (bits < 32) r = b.trunc(r, IntegerType.get(bits));
  if (!(t instanceof IntegerType)) r = b.bitcast(r, t);
  return r;
}

/** `vals` packed in a vector (Triton's packLLVector: undef, then insertelement at i32 positions). */
function packVector(b: LLVMBuilder, vals: readonly Value[]): Value {
  let v = b.undef(VectorType.get([vals.length], vals[0]!.type));
  vals.forEach((x, i) => (v = b.insertElement(v, x, b.i32(i))));
  return v;
}

/** The elements of a vector (Triton's unpackLLVector: extractelement at i32 positions); a scalar as is. */
function unpackVector(b: LLVMBuilder, v: Value): Value[] {
  if (!(v.type instanceof VectorType)) return [v];
  const out: Value[] = [];
  for (let i = 0; i < v.type.shape[0]!; i++) out.push(b.extractElement(v, b.i32(i)));
  return out;
}

/** Triton's isConstantTruePred: an `llvm.mlir.constant` i1 true. */
function isConstantTrue(v: Value): boolean {
  const c = constantIntValue(v);
  return c !== undefined && c !== 0 && v.type instanceof IntegerType && v.type.width === 1;
}

/** The PTX register letter of an 8..64-bit shared access (Triton's getConstraintForBitwidth: 8 bits in `h`). */
function sharedConstraint(bits: number): string {
  return bits === 64 ? 'l' : bits === 32 ? 'r' : 'h';
}

/**
 * Stores a scalar to shared memory. With `pred`, op for op as Triton's TargetInfo::storeShared (storeDShared):
 * the value packed in a one-element vector, non-integers unpacked, bitcast (pointers: ptrtoint) to an integer
 * and packed again, sub-byte values zero-extended to i8 likewise, then `@pred st.shared.bN [ ptr + 0 ]` inline
 * PTX on the shared pointer and the vector (a plain `llvm.store` of the vector when the predicate is the
 * constant true). Without `pred`, a plain `llvm.store` of the scalar.
 */
export function storeShared(b: LLVMBuilder, ptr: Value, val: Value, pred?: Value): void {
  if (!pred) {
    b.store(val, ptr);
    return;
  }
  storeSharedVector(b, ptr, packVector(b, [val]), pred);
}

function storeSharedVector(b: LLVMBuilder, ptr: Value, vec: Value, pred: Value): void {
  const elemTy = (vec.type as VectorType).elementType;
  const bits = scalarBits(elemTy);
  if (bits < 8) {
    const vals = unpackVector(b, vec).map((v) => b.zext(b.bitcast(v, IntegerType.get(bits)), IntegerType.get(8)));
    storeSharedVector(b, ptr, packVector(b, vals), pred);
    return;
  }
  if (!(elemTy instanceof IntegerType)) {
    const vals = unpackVector(b, vec).map((v) => (v.type instanceof LLVMPointerType ? b.ptrtoint(v, IntegerType.get(bits)) : b.bitcast(v, IntegerType.get(bits))));
    storeSharedVector(b, ptr, packVector(b, vals), pred);
    return;
  }
  if (isConstantTrue(pred)) {
    b.store(vec, ptr, bits / 8);
    return;
  }
  ptx(b, `@$2 st.shared.b${bits} [ $0 + 0 ], $1;`, [], [
    [ptr, 'r'],
    [vec, sharedConstraint(bits)],
    [pred, 'b'],
  ], []);
}

/**
 * Loads a scalar of (lowered) type `t` from shared memory. With `pred`, op for op as Triton's
 * TargetInfo::loadShared (loadDShared): `@pred ld.shared.bN` inline PTX into an integer (a plain `llvm.load`
 * when the predicate is the constant true), packed into a one-element vector and unpacked at each level that
 * converts it back (bitcast for floats, inttoptr for pointers, trunc for sub-byte types). Without `pred`, a
 * plain `llvm.load`.
 */
export function loadShared(b: LLVMBuilder, ptr: Value, t: Type, pred?: Value): Value {
  if (!pred) return b.load(ptr, t);
  return unpackVector(b, loadSharedVector(b, ptr, t, pred))[0]!;
}

/** One element of type `t` as a one-element vector (a sub-byte type comes back as a scalar, as in Triton). */
function loadSharedVector(b: LLVMBuilder, ptr: Value, t: Type, pred: Value): Value {
  const bits = scalarBits(t);
  if (bits < 8) {
    const byte = unpackVector(b, loadSharedVector(b, ptr, IntegerType.get(8), pred))[0]!;
    return b.bitcast(b.trunc(byte, IntegerType.get(bits)), t);
  }
  if (!(t instanceof IntegerType)) {
    const vals = unpackVector(b, loadSharedVector(b, ptr, IntegerType.get(bits), pred)).map((v) => (t instanceof LLVMPointerType ? b.inttoptr(v, t) : b.bitcast(v, t)));
    return packVector(b, vals);
  }
  const loaded = isConstantTrue(pred)
    ? b.load(ptr, t, bits / 8)
    : ptx(b, `@$2 ld.shared.b${bits} $0, [ $1 + 0 ];`, ['=' + sharedConstraint(bits)], [
        [ptr, 'r'],
        [pred, 'b'],
      ], [t])[0]!;
  return packVector(b, [loaded]);
}

/** Applies a combine region to `acc` and `cur` (one value per operand each); an empty `acc` yields `cur`. */
export function combine(ctx: LoweringContext, region: Region, acc: readonly Value[], cur: readonly Value[]): Value[] {
  if (acc.length === 0) return [...cur];
  return ctx.lowerScalarRegion(region, [...acc, ...cur]);
}

/** The lowered element types of the tensor operands of a reduce/scan. */
export function operandElementTypes(op: Operation): Type[] {
  return op.operandValues.map((v) => convertElementType((v.type as RankedTensorType).elementType));
}

/**
 * Per-operand bases inside the op's scratch buffer holding `elems` elements each: operands are laid out by
 * decreasing element width (stable), each after the previous one (Triton's getSmemBases).
 */
export function scratchBases(ctx: LoweringContext, op: Operation, elems: number): Value[] {
  const b = ctx.b;
  const types = operandElementTypes(op);
  const order = types.map((_, i) => i).sort((x, y) => scalarBits(types[y]!) - scalarBits(types[x]!) || x - y);
  const base = ctx.sharedMemoryBase(op);
  const bases = new Array<Value>(types.length);
  let prev: number | undefined;
  for (const i of order) {
    bases[i] = prev === undefined ? base : b.gep(bases[prev]!, types[prev]!, b.i32(elems), base.type);
    prev = i;
  }
  return bases;
}

/** Bytes of `elems` elements of every operand of a reduce/scan (what scratchBases lays out). */
export function scratchBytes(op: Operation, elems: number): number {
  return operandElementTypes(op).reduce((acc, t) => acc + Math.ceil(scalarBits(t) / 8) * elems, 0);
}

/** The bits of `x` at the set positions of `mask`, packed into the low bits (PTX-free software pext). */
export function pext(b: LLVMBuilder, x: Value, mask: number): Value {
  let out: Value | undefined;
  let packed = 0;
  let bit = 0;
  while (bit < 32) {
    if (!((mask >>> bit) & 1)) {
      bit++;
      continue;
    }
    let len = 0;
    while (bit + len < 32 && (mask >>> (bit + len)) & 1) len++;
    const groupMask = ((2 ** len - 1) * 2 ** bit) | 0;
    let term = b.and(x, b.i32(groupMask));
    const shift = bit - packed;
    if (shift > 0) term = b.lshr(term, b.i32(shift));
    out = out ? b.or(out, term, true) : term;
    packed += len;
    bit += len;
  }
  return out ?? b.i32(0);
}

/** Positions of the set bits of `m`, lowest first. */
export function bitsOf(m: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < 31; i++) if ((m >>> i) & 1) out.push(i);
  return out;
}
