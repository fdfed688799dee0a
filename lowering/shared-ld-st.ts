/**
 * One `ld.shared` / `st.shared` of a vector of elements, built as Triton 3.6's lowerLdStShared and NVIDIA
 * TargetInfo (storeDShared / loadDShared) build it, so that our LLVM has Triton's shape op for op: the values
 * travel as a vector that each step unpacks and repacks (canonicalize keeps these element moves, as in Triton's
 * own output), and shared memory is moved as integers:
 *
 * - floats are bitcast to integers of their width (pointers and sub-byte integers are already stored as i64 /
 *   i8, see `storageType`);
 * - a vector of more than four elements narrower than 32 bits moves as `vector<N x i32>` (each i32 packs 32/w
 *   elements): PTX `ld/st.shared` has `.v2` and `.v4` only; one wider than 128 bits is split;
 * - a store always stores a vector (`vector<1xiW>` for one element); a load of one element loads the scalar and
 *   a vector load goes through a struct of its elements (`ld.shared.v4` returns four registers);
 * - the alignment is the access's size in bytes (at most `maxAlign`).
 *
 *   storeShared(b, ptr, [x0, x1])     // two f32: llvm.store %v, %ptr {alignment = 8} : vector<2xi32>
 *   loadShared(b, ptr, f16, 8)        // eight f16: llvm.load -> vector<4xi32>, unpacked to f16
 */
import type { Value } from '../dialect/ir/ir.js';
import { FloatType, IntegerType, VectorType, type Type } from '../dialect/ir/type.js';
import { LLVMStructType } from '../dialect/llvm/types.js';
import type { LLVMBuilder } from './builder.js';

function bitsOf(t: Type): number {
  if (t instanceof IntegerType || t instanceof FloatType) return t.width;
  throw new Error(`shared memory access of a ${t.key} element`);
}

function vectorOf(v: Value): { elemTy: Type; n: number } {
  const t = v.type as VectorType;
  return { elemTy: t.elementType, n: t.shape[0]! };
}

/** Stores `vals` (one element type, storage form) at `ptr` with one vector store. */
export function storeShared(b: LLVMBuilder, ptr: Value, vals: readonly Value[], maxAlign = 16): void {
  storeVector(b, ptr, b.packVector(vals), maxAlign);
}

function storeVector(b: LLVMBuilder, ptr: Value, vec: Value, maxAlign: number): void {
  const { elemTy, n } = vectorOf(vec);
  const bits = bitsOf(elemTy);
  if (!(elemTy instanceof IntegerType)) {
    const ints = b.unpackVector(vec).map((v) => b.bitcast(v, IntegerType.get(bits)));
    storeVector(b, ptr, b.packVector(ints), maxAlign);
    return;
  }
  if (n > 4 && bits < 32) {
    const per = 32 / bits;
    const elems = b.unpackVector(vec);
    const words: Value[] = [];
    for (let i = 0; i < n / per; i++) words.push(b.bitcast(b.packVector(elems.slice(i * per, (i + 1) * per)), IntegerType.get(32)));
    storeVector(b, ptr, b.packVector(words), maxAlign);
    return;
  }
  if (n * bits > 128) {
    const max = 128 / bits;
    const elems = b.unpackVector(vec);
    for (let i = 0; i < n / max; i++) {
      storeVector(b, b.gep(ptr, elemTy, b.i32(i * max), ptr.type, true), b.packVector(elems.slice(i * max, (i + 1) * max)), maxAlign);
    }
    return;
  }
  b.store(vec, ptr, Math.min((n * bits) / 8, maxAlign));
}

/** Loads `n` elements of `elemTy` (storage form) at `ptr` with one load; returns them in order. */
export function loadShared(b: LLVMBuilder, ptr: Value, elemTy: Type, n: number, maxAlign = 16): Value[] {
  return b.unpackVector(loadVector(b, ptr, elemTy, n, maxAlign));
}

function loadVector(b: LLVMBuilder, ptr: Value, elemTy: Type, n: number, maxAlign: number): Value {
  const bits = bitsOf(elemTy);
  const iw = IntegerType.get(bits);
  if (!(elemTy instanceof IntegerType)) {
    return b.packVector(b.unpackVector(loadVector(b, ptr, iw, n, maxAlign)).map((v) => b.bitcast(v, elemTy)));
  }
  if (n > 4 && bits < 32) {
    const per = 32 / bits;
    const words = b.unpackVector(loadVector(b, ptr, IntegerType.get(32), n / per, maxAlign));
    return b.packVector(words.flatMap((w) => b.unpackVector(b.bitcast(w, VectorType.get([per], iw)))));
  }
  if (n * bits > 128) {
    const max = 128 / bits;
    const vals: Value[] = [];
    for (let i = 0; i < n / max; i++) vals.push(...b.unpackVector(loadVector(b, b.gep(ptr, elemTy, b.i32(i * max), ptr.type, true), elemTy, max, maxAlign)));
    return b.packVector(vals);
  }
  const align = Math.min((n * bits) / 8, maxAlign);
  if (n === 1) return b.packVector([b.load(ptr, iw, align)]);
  const loaded = b.load(ptr, VectorType.get([n], iw), align);
  const elems: Value[] = [];
  for (let i = 0; i < n; i++) elems.push(b.extractElement(loaded, i));
  return b.packVector(b.unpackStruct(b.packStruct(elems, LLVMStructType.getLiteral(elems.map(() => iw)))));
}
