/**
 * Helpers shared by the reduce, scan and gather lowerings (Triton's ReduceScanCommon.h and the NVIDIA
 * TargetInfo shuffle / shared-memory primitives):
 *
 * - `shuffle(b, kind, v, offset)`: `nvvm.shfl.sync` of any scalar: values narrower than 32 bits are bitcast and
 *   zero-extended to i32, 64-bit values (and pointers) are moved as two 32-bit halves;
 * - `storeShared` / `loadShared`: scalar shared-memory accesses, predicated through inline PTX
 *   (`@$p st.shared.bN [ $0 + 0 ], $1;`) when a predicate is given, plain `llvm.store` / `llvm.load` otherwise;
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

/** A shared-memory address as the 32-bit register inline PTX takes (`[ $k + 0 ]` with an `r` operand). */
function sharedAddr32(b: LLVMBuilder, ptr: Value): Value {
  return b.ptrtoint(ptr, i32());
}

/**
 * Stores a scalar to shared memory. With `pred`, the store is `@pred st.shared.bN` inline PTX (sub-byte values
 * are widened to 8 bits, 8-bit ones travel in a 16-bit register); without, a plain `llvm.store`.
 */
export function storeShared(b: LLVMBuilder, ptr: Value, val: Value, pred?: Value): void {
  if (!pred) {
    b.store(val, ptr);
    return;
  }
  const t = val.type;
  if (t instanceof LLVMPointerType) {
    storeShared(b, ptr, b.ptrtoint(val, IntegerType.get(64)), pred);
    return;
  }
  const bits = scalarBits(t);
  let x = t instanceof IntegerType ? val : b.bitcast(val, IntegerType.get(bits));
  let width = bits;
  if (bits < 8) {
    x = b.zext(x, IntegerType.get(8));
    width = 8;
  }
  let constraint = width === 64 ? 'l' : width === 32 ? 'r' : 'h';
  if (width === 8) {
    x = b.zext(x, IntegerType.get(16));
    constraint = 'h';
  }
  ptx(b, `@$2 st.shared.b${width} [ $0 + 0 ], $1;`, [], [
    [sharedAddr32(b, ptr), 'r'],
    [x, constraint],
    [pred, 'b'],
  ], []);
}

/** Loads a scalar of (lowered) type `t` from shared memory, predicated like storeShared when `pred` is given. */
export function loadShared(b: LLVMBuilder, ptr: Value, t: Type, pred?: Value): Value {
  if (!pred) return b.load(ptr, t);
  if (t instanceof LLVMPointerType) return b.inttoptr(loadShared(b, ptr, IntegerType.get(64), pred), t);
  const bits = scalarBits(t);
  const width = Math.max(8, bits);
  const regTy = IntegerType.get(width === 8 ? 16 : width);
  const constraint = width === 64 ? '=l' : width === 32 ? '=r' : '=h';
  let x = ptx(b, `@$2 ld.shared.b${width} $0, [ $1 + 0 ];`, [constraint], [
    [sharedAddr32(b, ptr), 'r'],
    [pred, 'b'],
  ], [regTy])[0]!;
  if (regTy.width !== bits) x = b.trunc(x, IntegerType.get(bits));
  if (!(t instanceof IntegerType)) x = b.bitcast(x, t);
  return x;
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
