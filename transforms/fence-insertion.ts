/**
 * `--triton-nvidia-gpu-fence-insertion=compute-capability=NN` (Triton 3.6's TritonGPUFenceInsertion): on
 * sm90+, a tensor-core MMA that reads shared memory through the async proxy (`ttng.warp_group_dot` with a
 * Hopper MMA result, `ttng.tc_gen5_mma*`) gets a `ttng.fence_async_shared {bCluster = false}` before it when its
 * A or B operand may have been written by a register → shared copy through the generic proxy
 * (`ttg.local_alloc` with a source tensor, found by walking the memdesc's def chain through views; scf.for iter args via their init and yielded values,
 * warp-specialize partition arguments via the captures; any other block argument counts as a copy). The fence
 * is hoisted out of the enclosing loops while none of the dependent operands is defined inside the loop.
 */
import { IntegerAttr } from '../dialect/ir/attribute.js';
import { createOperation } from '../dialect/ir/create.js';
import { BlockArgument, type Operation, type Value } from '../dialect/ir/ir.js';
import { IntegerType, RankedTensorType } from '../dialect/ir/type.js';
import { NvidiaMmaEncodingAttr } from '../dialect/ttg/attrs/mma.js';
import { MemDescType } from '../dialect/ttg/types.js';
import { registerPass } from './pass.js';
import { ForOp } from '../dialect/scf/ops.js';
import { LocalAllocOp } from '../dialect/ttg/ops.js';

const LOOP_OPS = new Set(['scf.for', 'scf.while', 'scf.parallel']);

function isLoop(op: Operation): boolean {
  return LOOP_OPS.has(op.name) || op.hasTrait('LoopLikeOpInterface');
}

/** Whether the memdesc `v` may hold data copied from registers (see the file comment). */
function dependsOnCopyRegToShared(v: Value, visited: Set<Value> = new Set()): boolean {
  if (visited.has(v)) return false;
  visited.add(v);
  if (!(v.type instanceof MemDescType)) return false;
  const def = v.definingOp;
  if (def) {
    if (LocalAllocOp.is(def) && LocalAllocOp.src(def) !== undefined) return true;
    // Each operand gets a fresh visited set, as in Triton.
    return def.operandValues.some((o) => dependsOnCopyRegToShared(o));
  }
  if (!(v instanceof BlockArgument)) return true;
  const owner = v.owner.parentOp;
  if (owner && ForOp.is(owner)) {
    const iter = v.index - 1;
    if (iter < 0) return false;
    const init = ForOp.initArgs(owner)[iter];
    if (init && dependsOnCopyRegToShared(init, visited)) return true;
    const body = ForOp.region(owner).blocks[0];
    const yielded = body?.ops[body.ops.length - 1]?.operandValues[iter];
    return yielded ? dependsOnCopyRegToShared(yielded, visited) : true;
  }
  if (owner?.name === 'ttg.warp_specialize.partitions') {
    const capture = owner.operandValues[v.index];
    return capture ? dependsOnCopyRegToShared(capture, visited) : true;
  }
  // Any other block argument (cf successors, other regions): conservatively a copy.
  return true;
}

function isAsyncMma(op: Operation): boolean {
  if (op.name === 'ttng.warp_group_dot') {
    const t = op.numResults > 0 ? op.result(0).type : undefined;
    return t instanceof RankedTensorType && t.encoding instanceof NvidiaMmaEncodingAttr && t.encoding.isHopper();
  }
  return op.name.startsWith('ttng.tc_gen5_mma');
}

/** The op containing the block that defines `v`. */
function definingScope(v: Value): Operation | undefined {
  return v.parentBlock?.parentOp;
}

export function insertFences(module: Operation, computeCapability: number): void {
  if (computeCapability < 90) return;
  const mmas: Operation[] = [];
  module.walk((op) => {
    if (isAsyncMma(op)) mmas.push(op);
  });
  for (const op of mmas) {
    const a = op.operand(0);
    const b = op.operand(1);
    const aDep = dependsOnCopyRegToShared(a);
    const bDep = dependsOnCopyRegToShared(b);
    if (!aDep && !bDep) continue;
    const fence = createOperation({
      name: 'ttng.fence_async_shared',
      attributes: [['bCluster', IntegerAttr.get(IntegerType.get(1), 0)]],
      loc: op.loc,
    });
    op.parent!.insertBefore(op, fence);
    // Hoist out of loops none of whose dependent operands is defined inside.
    for (let loop = fence.getParentWhere(isLoop); loop; loop = fence.getParentWhere(isLoop)) {
      const aScope = aDep ? definingScope(a) : undefined;
      const bScope = bDep ? definingScope(b) : undefined;
      if (aScope && loop.isAncestorOf(aScope)) break;
      if (bScope && loop.isAncestorOf(bScope)) break;
      fence.moveBefore(loop);
    }
  }
}

registerPass({
  name: 'triton-nvidia-gpu-fence-insertion',
  className: 'TritonGPUFenceInsertion',
  description: 'Insert fences across generic and async proxy',
  options: {
    'compute-capability': { type: 'int', default: 90, description: 'device compute capability' },
  },
  run(module, options) {
    insertFences(module, Number(options['compute-capability']));
  },
});
