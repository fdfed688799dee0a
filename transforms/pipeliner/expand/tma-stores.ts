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
import { IntegerAttr } from '../../../dialect/ir/attribute.js';
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

const STORE_OPS = new Set(['tt.descriptor_store', 'tt.descriptor_reduce', 'tt.descriptor_scatter']);

function storeSrc(op: Operation): Value {
  return op.name === 'tt.descriptor_scatter' ? op.operand(3) : op.operand(1);
}

/** Whether `desc` is a kernel (public function) argument, i.e. a descriptor built on the host. */
function isHostSideDescriptor(desc: Value): boolean {
  if (desc.definingOp) return false;
  const owner = (desc as unknown as { owner: { parentOp: Operation | undefined } }).owner;
  const fn = owner.parentOp;
  if (!fn || fn.name !== 'tt.func') return false;
  const vis = fn.getAttr('sym_visibility');
  return vis === undefined || String((vis as { value?: string }).value ?? '') === 'public';
}

function tmaStores(forOp: Operation): Operation[] {
  const out: Operation[] = [];
  const visit = (op: Operation): void => {
    if (STORE_OPS.has(op.name)) out.push(op);
    else if (op.name === 'scf.for') return;
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
      const enc = (st.operand(0).type as TensorDescType).blockType.encoding;
      if (!enc) throw new DiagnosticError(onOp(new Diagnostic('error', 'Internal Error: Tensor descriptor should have encoding set', st.loc), st));
      const t = MemDescType.get({ shape: src.shape, elementType: src.elementType, encoding: enc, memorySpace: SharedMemorySpaceAttr.get(), mutableMemory: true });
      alloc = b.create({ name: 'ttg.local_alloc', resultTypes: [t], loc: st.loc }).result(0);
      allocs.set(key, alloc);
    }
    storeToAlloc.set(st, alloc);
  }
  const hasDeviceSideTMA = stores.some((s) => !isHostSideDescriptor(s.operand(0)));
  for (const st of stores) {
    const alloc = storeToAlloc.get(st)!;
    const b = new Builder();
    b.setInsertionPoint(st);
    b.create({ name: 'ttng.async_tma_store_wait', attributes: [['pendings', IntegerAttr.i32(0)]], loc: st.loc });
    b.create({ name: 'ttg.local_store', operands: [storeSrc(st), alloc], loc: st.loc });
    b.create({ name: 'ttng.fence_async_shared', attributes: [['bCluster', IntegerAttr.get(IntegerType.get(1), 0)]], loc: st.loc });
    const desc = st.operand(0);
    if (st.name === 'tt.descriptor_store') {
      b.create({ name: 'ttng.async_tma_copy_local_to_global', operands: [desc, ...st.operandValues.slice(2), alloc], loc: st.loc });
    } else if (st.name === 'tt.descriptor_reduce') {
      b.create({ name: 'ttng.async_tma_reduce', operands: [desc, ...st.operandValues.slice(2), alloc], attributes: [['kind', st.getAttr('kind')!]], loc: st.loc });
    } else {
      b.create({ name: 'ttng.async_tma_scatter', operands: [desc, st.operand(1), st.operand(2), alloc], loc: st.loc });
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
