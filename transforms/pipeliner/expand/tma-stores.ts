/**
 * TMA store pipelining (Triton 3.6's TMAStoresPipeline.cpp), the last step of `tritongpu-pipeline`, on loops
 * with more than one stage: every `tt.descriptor_store` / `tt.descriptor_reduce` / `tt.descriptor_scatter` of
 * the loop body (not of nested loops) becomes
 *   `ttng.async_tma_store_wait {pendings = 0}`, `ttg.local_store` into a shared buffer (one per tensor
 *   shape and element type, allocated before the loop with the descriptor's encoding),
 *   `ttng.fence_async_shared`, then the asynchronous TMA copy from that buffer;
 * after the loop: a final store wait and the buffers' deallocation. Descriptors built on the device (not
 * kernel arguments) get the multi-buffered descriptor ring of tma-descriptors.ts (3 stages).
 */
import { IntegerAttr, StringAttr } from '../../../dialect/ir/attribute.js';
import { Diagnostic, DiagnosticError, onOp } from '../../../dialect/ir/diagnostics.js';
import { Builder } from '../../../dialect/ir/builder.js';
import type { Operation, Value } from '../../../dialect/ir/ir.js';
import { IntegerType, type RankedTensorType } from '../../../dialect/ir/type.js';
import { SharedMemorySpaceAttr } from '../../../dialect/ttg/attrs/memory-space.js';
import { MemDescType } from '../../../dialect/ttg/types.js';
import type { TensorDescType } from '../../../dialect/tt/types.js';
import { CoarseSchedule } from './coarse-schedule.js';
import { forBody } from './loop-utils.js';
import { lowerTMADescriptors } from './tma-descriptors.js';
import { ForOp } from '../../../dialect/scf/ops.js';
import { DescriptorReduceOp, DescriptorScatterOp, DescriptorStoreOp, FuncOp } from '../../../dialect/tt/ops.js';

const STORE_OPS = [DescriptorStoreOp, DescriptorReduceOp, DescriptorScatterOp];

function storeSrc(op: Operation): Value {
  if (DescriptorScatterOp.is(op)) return DescriptorScatterOp.src(op);
  return DescriptorStoreOp.is(op) ? DescriptorStoreOp.src(op) : DescriptorReduceOp.src(op);
}

function storeDesc(op: Operation): Value {
  if (DescriptorScatterOp.is(op)) return DescriptorScatterOp.desc(op);
  return DescriptorStoreOp.is(op) ? DescriptorStoreOp.desc(op) : DescriptorReduceOp.desc(op);
}

/** Whether `desc` is a kernel (public function) argument, i.e. a descriptor built on the host. */
function isHostSideDescriptor(desc: Value): boolean {
  if (desc.definingOp) return false;
  const owner = (desc as unknown as { owner: { parentOp: Operation | undefined } }).owner;
  const fn = owner.parentOp;
  if (!fn || !FuncOp.is(fn)) return false;
  const vis = FuncOp.sym_visibility(fn);
  return vis === undefined || (vis instanceof StringAttr && vis.value === 'public');
}

function tmaStores(forOp: Operation): Operation[] {
  const out: Operation[] = [];
  const visit = (op: Operation): void => {
    if (STORE_OPS.some((h) => h.is(op))) out.push(op);
    else if (ForOp.is(op)) return;
    for (const r of op.regions) for (const b of r.blocks) for (const o of b.ops) visit(o);
  };
  for (const o of forBody(forOp).ops) visit(o);
  return out;
}

/** Pipelines the loop's TMA stores; returns whether there were any. */
export function pipelineTMAStores(forOp: Operation): boolean {
  const stores = tmaStores(forOp);
  if (!stores.length) return false;
  const allocs = new Map<string, Value>();
  const storeToAlloc = new Map<Operation, Value>();
  for (const st of stores) {
    const src = storeSrc(st).type as RankedTensorType;
    const key = `${src.shape.join('x')}:${String(src.elementType)}`;
    let alloc = allocs.get(key);
    if (!alloc) {
      const b = new Builder();
      b.setInsertionPoint(forOp);
      const enc = (storeDesc(st).type as TensorDescType).blockType.encoding;
      if (!enc) throw new DiagnosticError(onOp(new Diagnostic('error', 'Internal Error: Tensor descriptor should have encoding set', st.loc), st));
      const t = MemDescType.get({ shape: src.shape, elementType: src.elementType, encoding: enc, memorySpace: SharedMemorySpaceAttr.get(), mutableMemory: true });
      alloc = b.create({ name: 'ttg.local_alloc', resultTypes: [t], loc: st.loc }).result(0);
      allocs.set(key, alloc);
    }
    storeToAlloc.set(st, alloc);
  }
  const hasDeviceSideTMA = stores.some((s) => !isHostSideDescriptor(storeDesc(s)));
  for (const st of stores) {
    const alloc = storeToAlloc.get(st)!;
    const b = new Builder();
    b.setInsertionPoint(st);
    b.create({ name: 'ttng.async_tma_store_wait', attributes: [['pendings', IntegerAttr.i32(0)]], loc: st.loc });
    b.create({ name: 'ttg.local_store', operands: [storeSrc(st), alloc], loc: st.loc });
    b.create({ name: 'ttng.fence_async_shared', attributes: [['bCluster', IntegerAttr.get(IntegerType.get(1), 0)]], loc: st.loc });
    const desc = storeDesc(st);
    if (DescriptorStoreOp.is(st)) {
      b.create({ name: 'ttng.async_tma_copy_local_to_global', operands: [desc, ...DescriptorStoreOp.indices(st), alloc], loc: st.loc });
    } else if (DescriptorReduceOp.is(st)) {
      b.create({ name: 'ttng.async_tma_reduce', operands: [desc, ...DescriptorReduceOp.indices(st), alloc], attributes: [['kind', DescriptorReduceOp.kind(st)]], loc: st.loc });
    } else {
      b.create({ name: 'ttng.async_tma_scatter', operands: [desc, DescriptorScatterOp.x_offsets(st), DescriptorScatterOp.y_offset(st), alloc], loc: st.loc });
    }
    st.erase();
  }
  const b = new Builder();
  b.setInsertionPointAfter(forOp);
  b.create({ name: 'ttng.async_tma_store_wait', attributes: [['pendings', IntegerAttr.i32(0)]], loc: forOp.loc });
  for (const alloc of storeToAlloc.values()) b.create({ name: 'ttg.local_dealloc', operands: [alloc], loc: forOp.loc });
  if (hasDeviceSideTMA) lowerTMADescriptors(forOp, new CoarseSchedule(3));
  return true;
}
