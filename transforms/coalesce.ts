/**
 * `--tritongpu-coalesce`: gives every global memory access through a tensor of pointers (tt.load, tt.store,
 * tt.atomic_rmw, tt.atomic_cas, ttg.async_copy_global_to_local) a blocked layout that lets each thread
 * access a vector of consecutive elements, reproducing Triton 3.6's Coalesce pass
 * (buildCoalescedEncoding). From the AxisInfo analysis of the pointer: the layout order is the dims by
 * decreasing contiguity; the elements per thread along the fastest dim are the alignment (divisibility in
 * elements, bounded by the contiguity and the dim size) capped at 128 bits, raised to the best such value
 * among the other accesses of the same shape and order connected to this one (MLIR's getSlice), bounded by
 * elements/threads, and for writes capped again at the op's own value. Threads and warps are then spread
 * by `BlockedEncodingAttr::get`. Each access is rewritten with `ttg.convert_layout`s of its tensor operands
 * to that layout (created even when the layout already matches) and of its results back to theirs.
 * Descriptor loads/stores get a row-major layout vectorized up to 128 bits.
 */
import type { Attribute } from '../dialect/ir/attribute.js';
import { createOperation } from '../dialect/ir/create.js';
import type { Operation, Value } from '../dialect/ir/ir.js';
import { RankedTensorType, type Type } from '../dialect/ir/type.js';
import { SharedEncodingAttr, type Bases } from '../dialect/ttg/attrs/index.js';
import { elementBitWidth } from '../dialect/ttg/types.js';
import { PointerType } from '../dialect/tt/types.js';
import { ModuleAxisInfoAnalysis } from '../analysis/axis-info.js';
import { registerPass } from './pass.js';
import {
  argSortDesc,
  blockedFromShape,
  cgaBasesOf,
  iota,
  productOf,
  shapePerCTAFromCGA,
} from '../dialect/ttg/utils/layout.js';
import { lookupNumWarps, lookupThreadsPerWarp } from '../dialect/ttg/context.js';
import { AtomicCASOp, AtomicRMWOp, DescriptorGatherOp, DescriptorLoadOp, DescriptorReduceOp, DescriptorScatterOp, DescriptorStoreOp, LoadOp, StoreOp } from '../dialect/tt/ops.js';
import { AsyncCopyGlobalToLocalOp, ConvertLayoutOp } from '../dialect/ttg/ops.js';

// ---- memory accesses --------------------------------------------------------------------------------

/** The pointer operand an op accesses global memory through (Triton's getMemAccessPtr). */
export function getMemAccessPtr(op: Operation): Value | undefined {
  if (LoadOp.is(op)) return LoadOp.ptr(op);
  if (AtomicRMWOp.is(op)) return AtomicRMWOp.ptr(op);
  if (AtomicCASOp.is(op)) return AtomicCASOp.ptr(op);
  if (StoreOp.is(op)) return StoreOp.ptr(op);
  if (AsyncCopyGlobalToLocalOp.is(op)) return AsyncCopyGlobalToLocalOp.src(op);
  return undefined;
}

/** Bit width of the elements accessed through a tensor of pointers (getElementBitWidth). */
function accessBitWidth(t: RankedTensorType): number {
  const el = t.elementType;
  return elementBitWidth(el instanceof PointerType ? el.pointee : el);
}

const u32 = (x: bigint): number => Number(BigInt.asUintN(32, x));

/**
 * getNumElementsPerThread: the vector width the pointer's axis info allows along `order[0]`: its divisibility
 * in elements, its contiguity and the dim size, capped at `maxVecBits`.
 */
export function numElementsPerThread(
  op: Operation,
  order: readonly number[],
  analysis: ModuleAxisInfoAnalysis,
  shapePerCTA: readonly number[],
  maxVecBits = 128,
): number {
  const ptr = getMemAccessPtr(op)!;
  const ty = ptr.type as RankedTensorType;
  const info = analysis.getAxisInfo(ptr);
  const o0 = order[0]!;
  const elemNumBits = accessBitWidth(ty);
  const elemNumBytes = Math.max(Math.trunc(elemNumBits / 8), 1);
  const maxMultipleBytes = u32(info?.div(o0) ?? 1n);
  const maxMultiple = Math.max(Math.trunc(maxMultipleBytes / elemNumBytes), 1);
  const contig = info?.cont(o0) ?? 1n;
  const dim = BigInt(shapePerCTA[o0] ?? 1);
  const maxContig = u32(contig < dim ? contig : dim);
  const alignment = Math.min(maxMultiple, maxContig);
  return Math.min(alignment, Math.trunc(maxVecBits / elemNumBits));
}

/**
 * MLIR's getSlice(op): every op connected to `op` through operand definitions (a block argument leads to its
 * single-region, single-block parent op; isolated-from-above ops stop the walk), users of results and ops
 * nested in regions.
 */
export function connectedSlice(root: Operation): Set<Operation> {
  const seen = new Set<Operation>([root]);
  const queue: Operation[] = [root];
  const isolated = (op: Operation): boolean => op.hasTrait('IsolatedFromAbove');
  const add = (op: Operation): void => {
    if (seen.has(op)) return;
    seen.add(op);
    queue.push(op);
  };
  while (queue.length) {
    const x = queue.shift()!;
    if (!isolated(x)) {
      for (const v of x.operandValues) {
        const def = v.definingOp;
        if (def) {
          if (!isolated(def)) add(def);
        } else {
          const p = v.parentBlock?.parentOp;
          if (p && p.regions.length === 1 && p.regions[0]!.blocks.length === 1 && !isolated(p)) add(p);
        }
      }
    }
    for (const r of x.regions) for (const b of r.blocks) for (const o of b.ops) add(o);
    for (const r of x.results) for (const u of r.uses) add(u.owner);
  }
  return seen;
}

const sameArray = (a: readonly number[], b: readonly number[]): boolean => a.length === b.length && a.every((x, i) => x === b[i]);

/** buildCoalescedEncoding: the blocked layout for the memory access `op`. */
export function buildCoalescedEncoding(
  analysis: ModuleAxisInfoAnalysis,
  op: Operation,
  numWarps: number,
  threadsPerWarp: number,
  cga: Bases,
  shapePerCTA: readonly number[],
  maxVecBits = 128,
): Attribute {
  const ptr = getMemAccessPtr(op)!;
  const refType = ptr.type as RankedTensorType;
  const contiguity = analysis.getAxisInfo(ptr)?.contiguity ?? [];
  const order = argSortDesc(contiguity);
  const sameOrder: Operation[] = [op];
  if (ptr.definingOp) {
    for (const use of connectedSlice(op)) {
      const val = getMemAccessPtr(use);
      if (!val || !(val.type instanceof RankedTensorType) || !sameArray(val.type.shape, refType.shape) || sameOrder.includes(use)) continue;
      const cur = argSortDesc(analysis.getAxisInfo(val)?.contiguity ?? []);
      if (sameArray(cur, order)) sameOrder.push(use);
    }
  }
  const numElems = productOf(shapePerCTA);
  const numThreads = numWarps * threadsPerWarp;
  let perThread = numElementsPerThread(op, order, analysis, shapePerCTA, maxVecBits);
  for (const other of sameOrder) {
    if (other === op) continue;
    perThread = Math.max(perThread, numElementsPerThread(other, order, analysis, shapePerCTA, maxVecBits));
  }
  perThread = Math.min(perThread, Math.max(Math.trunc(numElems / numThreads), 1));
  if (!LoadOp.is(op)) {
    // Writes keep each thread within one vector store (no gaps at the warp level).
    perThread = Math.min(perThread, numElementsPerThread(op, order, analysis, shapePerCTA, maxVecBits));
  }
  const sizePerThread = new Array<number>(refType.rank).fill(1);
  sizePerThread[order[0]!] = perThread;
  return blockedFromShape(refType.shape, sizePerThread, order, numWarps, threadsPerWarp, cga);
}

/** Row-major layout for descriptor loads/stores: vectorized up to 128 bits (pickDescriptorLoadStoreLayout). */
function descriptorLayout(numWarps: number, threadsPerWarp: number, type: RankedTensorType): Attribute {
  const cga = cgaBasesOf(type.encoding);
  const perCTA = shapePerCTAFromCGA(cga, type.shape);
  const numElemsPerThread = Math.max(Math.trunc(productOf(perCTA) / (numWarps * threadsPerWarp)), 1);
  const maxVectorSize = Math.trunc(128 / elementBitWidth(type.elementType));
  const sizePerThread = new Array<number>(type.rank).fill(1);
  sizePerThread[type.rank - 1] = Math.min(numElemsPerThread, maxVectorSize);
  const order = iota(type.rank).reverse();
  return blockedFromShape(type.shape, sizePerThread, order, numWarps, threadsPerWarp, cga);
}

const withEncoding = (t: Type, enc: Attribute): Type => (t as RankedTensorType).withEncoding(enc);

/**
 * convertDistributedOpEncoding: rewrites `op` to work in `encoding`: each tensor operand (except shared-memory
 * ones) goes through a `ttg.convert_layout` to it, results take it and are converted back for their users.
 */
export function convertDistributedOpEncoding(encoding: Attribute, op: Operation): Operation {
  const block = op.parent!;
  // The x offsets of descriptor gathers/scatters keep their own (1-D) layout.
  const skip = DescriptorGatherOp.is(op) || DescriptorScatterOp.is(op) ? 1 : -1;
  const newArgs = op.operandValues.map((v, i) => {
    const t = v.type;
    if (t instanceof RankedTensorType && !(t.encoding instanceof SharedEncodingAttr) && i !== skip) {
      const cvt = createOperation({ name: ConvertLayoutOp.opName, operands: [v], resultTypes: [withEncoding(t, encoding)], loc: op.loc });
      block.insertBefore(op, cvt);
      return cvt.result(0);
    }
    return v;
  });
  op.setOperands(newArgs);
  const isAsync = AsyncCopyGlobalToLocalOp.is(op);
  let after: Operation = op;
  for (const r of op.results) {
    const oldType = r.type;
    const newType = isAsync ? oldType : withEncoding(oldType, encoding);
    if (newType === oldType) continue;
    r.type = newType;
    const back = createOperation({ name: ConvertLayoutOp.opName, operands: [r], resultTypes: [oldType], loc: op.loc });
    block.insertAfter(after, back);
    after = back;
    r.replaceUsesWithIf(back.result(0), (u) => u.owner !== back);
  }
  return op;
}

/** The store-like descriptor ops (DescriptorStoreLikeOpInterface), each with a `src` operand. */
const DESCRIPTOR_STORES = [DescriptorStoreOp, DescriptorReduceOp, DescriptorScatterOp];

/** Runs the coalescing on a module. */
export function coalesce(module: Operation): void {
  const analysis = new ModuleAxisInfoAnalysis(module);
  const layoutMap = new Map<Operation, Attribute>();
  const threadsPerWarp = lookupThreadsPerWarp(module);
  module.walkPostOrder((curr) => {
    const ptr = getMemAccessPtr(curr);
    if (!ptr) return;
    const t = ptr.type;
    if (!(t instanceof RankedTensorType) || !(t.elementType instanceof PointerType)) return;
    const numWarps = lookupNumWarps(curr);
    const cga = cgaBasesOf(t.encoding);
    layoutMap.set(curr, buildCoalescedEncoding(analysis, curr, numWarps, threadsPerWarp, cga, shapePerCTAFromCGA(cga, t.shape)));
  });
  module.walkPostOrder((op) => {
    if ((DescriptorLoadOp.is(op) || DescriptorGatherOp.is(op)) && op.results.length === 1 && op.result().type instanceof RankedTensorType) {
      layoutMap.set(op, descriptorLayout(lookupNumWarps(op), threadsPerWarp, op.result().type as RankedTensorType));
    }
    const src = DESCRIPTOR_STORES.find((h) => h.is(op))?.src(op).type;
    if (src instanceof RankedTensorType) layoutMap.set(op, descriptorLayout(lookupNumWarps(op), threadsPerWarp, src));
  });
  for (const [op, enc] of layoutMap) convertDistributedOpEncoding(enc, op);
}

registerPass({
  name: 'tritongpu-coalesce',
  className: 'TritonGPUCoalesce',
  description: 'coalesce',
  run(module) {
    coalesce(module);
  },
});
