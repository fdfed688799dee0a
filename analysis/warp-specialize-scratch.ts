/**
 * Shared memory that warp specialization needs (Triton 3.6's Allocation.cpp / WarpSpecializeOp): each
 * `ttg.warp_specialize` a scratch buffer for its explicit captures, packed like a struct (8-byte aligned), and the
 * function one byte per partition warp (the largest count over its `ttg.warp_specialize` ops) for the switch-loop
 * state of every worker warp, live for the whole function.
 */
import { DiagnosticError, opError } from '../dialect/ir/diagnostics.js';
import type { Operation } from '../dialect/ir/ir.js';
import { FloatType, IntegerType, type Type } from '../dialect/ir/type.js';
import { PointerType, TensorDescType } from '../dialect/tt/types.js';
import { SharedMemorySpaceAttr } from '../dialect/ttg/attrs/memory-space.js';
import { WarpSpecializeOp, WarpSpecializePartitionsOp } from '../dialect/ttg/ops.js';
import { MemDescType } from '../dialect/ttg/types.js';

/** Bytes a captured scalar takes in shared memory; undefined for a type Triton does not size. */
function captureBytes(t: Type): number | undefined {
  if (t instanceof IntegerType || t instanceof FloatType) return Math.ceil(t.width / 8);
  if (t instanceof PointerType || t instanceof TensorDescType) return 8;
  if (t instanceof MemDescType) return t.memorySpace instanceof SharedMemorySpaceAttr ? 8 + t.shape.length * 4 : 8;
  return undefined;
}

/** The capture buffer of a `ttg.warp_specialize`: its size and alignment. */
export function warpSpecializeCaptureSizeAlign(ws: Operation): { size: number; alignment: number } {
  const parts = ws.regions[1]?.blocks[0]?.ops[0];
  const captures = WarpSpecializePartitionsOp.is(parts) ? parts.operandValues : [];
  let size = 0;
  for (const v of captures) {
    const bytes = captureBytes(v.type);
    if (bytes === undefined) throw new DiagnosticError(opError(ws, `shared memory size for scalar type is unspecified: ${v.type.key}`));
    size += bytes;
  }
  return { size, alignment: 8 };
}

/** Bytes of warp state the function needs: the most partition warps of any of its `ttg.warp_specialize` ops. */
export function warpStateBytes(func: Operation): number {
  let n = 0;
  func.walk((op) => {
    if (!WarpSpecializeOp.is(op)) return;
    const total = WarpSpecializeOp.partitionNumWarps(op).values.reduce((a, b) => a + b, 0);
    n = Math.max(n, total);
  });
  return n;
}
