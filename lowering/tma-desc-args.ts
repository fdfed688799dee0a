/**
 * Triton's handleByvalTmaDescArgs: a kernel argument marked `tt.nv_tma_desc = 1` is a host-built TMA descriptor
 * passed by value in parameter space: `llvm.byval = !llvm.array<128 x i8>`, `nvvm.grid_constant` (the kernel
 * may take its address without a local copy) and `llvm.align = 64`.
 */
import { DictionaryAttr, IntegerAttr, TypeAttr, UnitAttr, type Attribute } from '../dialect/ir/attribute.js';
import { IntegerType } from '../dialect/ir/type.js';
import { LLVMArrayType } from '../dialect/llvm/types.js';

/** The argument attributes with the by-value descriptor attributes added where `tt.nv_tma_desc` is set. */
export function withByvalTmaDescAttrs(dict: Attribute): Attribute {
  if (!(dict instanceof DictionaryAttr) || dict.get('tt.nv_tma_desc') === undefined) return dict;
  return DictionaryAttr.get([
    ...dict.entries,
    { name: 'llvm.byval', value: TypeAttr.get(LLVMArrayType.get(IntegerType.get(8), 128)) },
    { name: 'nvvm.grid_constant', value: UnitAttr.get() },
    { name: 'llvm.align', value: IntegerAttr.get(IntegerType.get(32), 64) },
  ]);
}
