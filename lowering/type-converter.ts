/**
 * Triton 3.6's TritonGPUToLLVMTypeConverter: how TritonGPU types become LLVM dialect types.
 *
 * - integers, f16/bf16/f32/f64 stay; every fp8 (and smaller) float type becomes `i8` (LLVM has no fp8);
 *   `index` becomes `i32` (Triton overrides the index bit width to 32);
 * - `!tt.ptr<T, as>` becomes `!llvm.ptr<as>`; `!tt.tensordesc<...>` becomes `!llvm.ptr<1>`;
 * - a distributed tensor becomes `!llvm.struct<(E, E, ...)>` with one field per register of the layout
 *   (`getTotalElemsPerThread`; field i holds the element of register i of the linear layout), E the
 *   converted element type;
 * - a shared-memory descriptor becomes `!llvm.struct<(ptr<3>, i32 x rank)>` (base pointer and the offsets
 *   of the view along each dim, Triton's SharedMemoryObject);
 * - `!ttg.async.token` becomes `i32`.
 */
import { FloatType, IndexType, IntegerType, RankedTensorType, Type, FunctionType } from '../dialect/ir/type.js';
import { LLVMPointerType, LLVMStructType, LLVMFunctionType, LLVMVoidType } from '../dialect/llvm/types.js';
import { PointerType, TensorDescType } from '../dialect/tt/types.js';
import { AsyncTokenType, MemDescType } from '../dialect/ttg/types.js';
import { getTotalElemsPerThread } from '../dialect/ttg/layout-queries.js';

export const i32Type = (): IntegerType => IntegerType.get(32);

/** The LLVM type of a scalar (or tensor element) type. */
export function convertElementType(t: Type): Type {
  if (t instanceof IndexType) return IntegerType.get(32);
  if (t instanceof IntegerType) return t.isSignless ? t : IntegerType.get(t.width);
  if (t instanceof FloatType) {
    if (t.kind === 'f16' || t.kind === 'bf16' || t.kind === 'f32' || t.kind === 'f64') return t;
    if (t.kind === 'tf32') return FloatType.get('f32');
    return IntegerType.get(Math.max(8, t.width));
  }
  if (t instanceof PointerType) return LLVMPointerType.get(t.addressSpace);
  // Triton's type converter: a tensor descriptor is a generic pointer (to its CUtensorMap).
  if (t instanceof TensorDescType) return LLVMPointerType.get(0);
  if (t instanceof AsyncTokenType) return IntegerType.get(32);
  return t;
}

/** Number of LLVM values a TritonGPU value lowers to (registers of a tensor, 1 + rank for a memdesc, else 1). */
export function numLoweredValues(t: Type): number {
  if (t instanceof RankedTensorType && t.encoding) return getTotalElemsPerThread(t.encoding, t.shape);
  if (t instanceof MemDescType) return 1 + t.shape.length;
  return 1;
}

/** The types of the values a TritonGPU value lowers to (see numLoweredValues). */
export function loweredValueTypes(t: Type): Type[] {
  if (t instanceof RankedTensorType && t.encoding) {
    const e = convertElementType(t.elementType);
    return new Array<Type>(getTotalElemsPerThread(t.encoding, t.shape)).fill(e);
  }
  if (t instanceof MemDescType) {
    return [LLVMPointerType.get(3), ...new Array<Type>(t.shape.length).fill(IntegerType.get(32))];
  }
  return [convertElementType(t)];
}

/** True when a value of type `t` is represented by a struct of several values (tensors, memdescs). */
export function isAggregateType(t: Type): boolean {
  return (t instanceof RankedTensorType && t.encoding !== undefined) || t instanceof MemDescType;
}

/** The single LLVM type of a TritonGPU type (structs for tensors and memdescs). */
export function convertType(t: Type): Type {
  if (isAggregateType(t)) return LLVMStructType.getLiteral(loweredValueTypes(t));
  if (t instanceof FunctionType) return convertFunctionType(t.inputs, t.results);
  return convertElementType(t);
}

/** `!llvm.func<R (A...)>` of a function signature (several results packed in a struct, none as void). */
export function convertFunctionType(inputs: readonly Type[], results: readonly Type[]): LLVMFunctionType {
  const res =
    results.length === 0
      ? LLVMVoidType.get()
      : results.length === 1
        ? convertType(results[0]!)
        : LLVMStructType.getLiteral(results.map(convertType));
  return LLVMFunctionType.get(res, inputs.map(convertType));
}
