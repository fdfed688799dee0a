/**
 * `ttng.fence_async_shared {bCluster}` → `nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>,
 * space = #nvvm.shared_space<cta|cluster>}` (Triton 3.6's FenceAsyncSharedOpConversion), i.e. PTX
 * `fence.proxy.async.shared::cta` (`::cluster` with bCluster): orders the generic-proxy shared memory writes
 * before it with the async-proxy accesses (wgmma, TMA) after it.
 */
import { IntegerAttr } from '../dialect/ir/attribute.js';
import { NVVMEnumAttr } from '../dialect/nvvm/attrs.js';
import { registerLowering } from './conversion.js';
import { FenceAsyncSharedOp } from '../dialect/ttng/ops.js';

registerLowering(FenceAsyncSharedOp, (op, ctx) => {
  const c = op.getAttr('bCluster');
  const cluster = c instanceof IntegerAttr && Number(c.value) !== 0;
  ctx.b.create('nvvm.fence.proxy', [], [], [
    ['kind', NVVMEnumAttr.get('proxy_kind', 'async.shared')],
    ['space', NVVMEnumAttr.get('shared_space', cluster ? 'cluster' : 'cta')],
  ]);
});
