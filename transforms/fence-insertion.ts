/**
 * `--triton-nvidia-gpu-fence-insertion=compute-capability=NN` (Triton 3.6's TritonGPUFenceInsertion): on
 * sm90+, every dot (DotOpInterface, post-order) whose A or B memdesc operand may hold data written through the
 * generic proxy gets a `ttng.fence_async_shared {bCluster = false}` before it.
 *
 * The writers are found along the operand's def chain (one visited set per operand): a `ttg.local_alloc` with a
 * source tensor; the first `ttg.local_store` among an alloc's users (through chains of single-use memdesc
 * views), which ends the search; scf.for iter args through their init and yielded values; warp-specialize
 * partition arguments through the captures; any other block argument stands for the op owning its block. The
 * fence then moves in front of each enclosing loop that contains none of the writers, and is dropped when the
 * op before it is already such a fence.
 */
import { IntegerAttr } from '../dialect/ir/attribute.js';
import { createOperation } from '../dialect/ir/create.js';
import { BlockArgument, type Operation, type Value } from '../dialect/ir/ir.js';
import { IntegerType } from '../dialect/ir/type.js';
import { MemDescType } from '../dialect/ttg/types.js';
import { registerPass } from './pass.js';
import { requireTritonGpuIR } from './preconditions.js';
import { LocalAllocOp, LocalStoreOp, WarpSpecializePartitionsOp } from '../dialect/ttg/ops.js';
import { ForOp } from '../dialect/scf/ops.js';
import { FenceAsyncSharedOp } from '../dialect/ttng/ops.js';

/** scf.parallel / scf.forall have no declaration here; named for parity with Triton's loop set. */
const UNDECLARED_LOOPS = new Set(['scf.parallel', 'scf.forall']);

function isLoop(op: Operation): boolean {
  return op.hasTrait('LoopLikeOpInterface') || UNDECLARED_LOOPS.has(op.name);
}

/** Follows a single-use chain of memdesc views from `op`. */
function throughViews(op: Operation): Operation {
  let cur = op;
  for (;;) {
    const uses = cur.results.flatMap((r) => r.uses);
    if (uses.length !== 1 || !cur.hasTrait('MemDescViewTrait')) return cur;
    cur = uses[0]!.owner;
  }
}

/** The ops through which `operand` may have been written from registers (see the file comment). */
function copyRegToSharedOps(operand: Value): Set<Operation> {
  const visited = new Set<Value>();
  const result = new Set<Operation>();
  const visit = (v: Value): void => {
    if (visited.has(v)) return;
    visited.add(v);
    if (!(v.type instanceof MemDescType)) return;
    const def = v.definingOp;
    if (def) {
      if (LocalAllocOp.is(def)) {
        if (def.operands.length > 0) result.add(def);
        for (const user of def.result().users) {
          const u = throughViews(user);
          if (LocalStoreOp.is(u)) {
            result.add(u);
            return;
          }
        }
      }
      for (const o of def.operandValues) visit(o);
      return;
    }
    if (!(v instanceof BlockArgument)) return;
    const owner = v.owner.parentOp;
    if (ForOp.is(owner)) {
      const iter = v.index - 1;
      visit(ForOp.initArgs(owner)[iter]!);
      visit(ForOp.region(owner).blocks[0]!.terminator!.operand(iter));
      return;
    }
    if (WarpSpecializePartitionsOp.is(owner)) {
      // The captures are operands of the partitions op in this IR.
      visit(WarpSpecializePartitionsOp.explicitCaptures(owner)[v.index]!);
      return;
    }
    if (owner) result.add(owner);
  };
  visit(operand);
  return result;
}

function fenceAttrs(op: Operation): IntegerAttr | undefined {
  const a = op.getAttr('bCluster');
  return a instanceof IntegerAttr ? a : undefined;
}

export function insertFences(module: Operation, computeCapability: number): void {
  if (computeCapability < 90) return;
  const dots: Operation[] = [];
  module.walkPostOrder((op) => {
    if (op.hasTrait('DotOpInterface')) dots.push(op);
  });
  for (const dot of dots) {
    // DotOpInterface: A and B are the first two operands of every dot-like op.
    const [a, b] = dot.operandValues;
    const aOps = copyRegToSharedOps(a!);
    const bOps = copyRegToSharedOps(b!);
    if (aOps.size === 0 && bOps.size === 0) continue;
    const fence = createOperation({
      name: FenceAsyncSharedOp.opName,
      attributes: [['bCluster', IntegerAttr.get(IntegerType.get(1), 0)]],
      loc: dot.loc,
    });
    dot.parent!.insertBefore(dot, fence);
    for (let loop = fence.getParentWhere(isLoop); loop; loop = fence.getParentWhere(isLoop)) {
      if ([...aOps].some((o) => loop.isAncestorOf(o))) break;
      if ([...bOps].some((o) => loop.isAncestorOf(o))) break;
      fence.moveBefore(loop);
    }
    const prev = fence.prevOp;
    if (FenceAsyncSharedOp.is(prev) && fenceAttrs(prev)?.value === fenceAttrs(fence)?.value) fence.erase();
  }
}

registerPass({
  name: 'triton-nvidia-gpu-fence-insertion',
  className: 'TritonGPUFenceInsertion',
  description: 'Insert fences across generic and async proxy',
  options: {
    'compute-capability': { type: 'int', default: 90, description: 'device compute capability' },
  },
  run(module, options, ctx) {
    if (!requireTritonGpuIR(module, ctx, 'triton-nvidia-gpu-fence-insertion')) return;
    insertFences(module, options['compute-capability']);
  },
});
