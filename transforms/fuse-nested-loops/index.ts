/**
 * `--tritongpu-fuse-nested-loops` (Triton's FuseNestedLoops): flattens a loop nest into one `scf.for` so that
 * the pipeliner sees a single loop (persistent kernels).
 *
 * Per `tt.func`, the loop nests are found (loop-nest.ts). A nest is fused when its root carries
 * `ttg.always-fuse` (testing), or when it is exactly one outer loop marked `tt.flatten` with one inner loop.
 * The latter is first prepared: the outer loop's invariant code is hoisted (MLIR's LICM rule), pure ops of
 * the prologue used only after the inner loop (dots excepted) sink below it, and the inner loop is made to run
 * at least once: it is marked `ttg.must-execute` when an `llvm.intr.assume` says lb < ub, else (bounds
 * invariant to the outer loop, after hoisting) the nest is versioned on `len(inner) == 0`, the then branch
 * running a copy of the outer loop without the inner loop; a nest that cannot be prepared is left alone.
 * Then the nest is fused leaf to root (fuse-one-level.ts).
 */
import type { Operation } from '../../dialect/ir/ir.js';
import { IRMapping } from '../../dialect/ir/builder.js';
import { UnitAttr } from '../../dialect/ir/attribute.js';
import { isPure } from '../../dialect/ir/traits.js';
import { hoistLoopInvariantOps } from '../licm.js';
import { registerPass } from '../pass.js';
import { operationProperlyDominates } from '../../dialect/ir/rewrite/dominance.js';
import { boundsOuterInvariant, fuseOneLevel, MUST_EXECUTE_ATTR } from './fuse-one-level.js';
import { CMP_EQ, CMP_SGT, CMP_SLT, CMP_UGT, CMP_ULT, computeNumIters, hoistOpsBefore, LocBuilder } from './ir-helpers.js';
import { findLoopNests, type LoopNest, type LoopNestNode } from './loop-nest.js';
import { CmpIOp } from '../../dialect/arith/ops.js';
import { AssumeOp } from '../../dialect/llvm/ops.js';
import { ForOp } from '../../dialect/scf/ops.js';
import { FuncOp } from '../../dialect/tt/ops.js';

const FLATTEN_ATTR = 'tt.flatten';
const ALWAYS_FUSE_ATTR = 'ttg.always-fuse';
const WARP_SPECIALIZE_ATTR = 'tt.warp_specialize';

function flatten(node: LoopNestNode): void {
  for (const c of node.children) flatten(c);
  fuseOneLevel(node);
}

function shouldFuse(nest: LoopNest): boolean {
  const root = nest.root.loop;
  if (root.getAttr(ALWAYS_FUSE_ATTR) !== undefined) return true;
  return nest.size === 2 && nest.root.children.length === 1 && root.getAttr(FLATTEN_ATTR) !== undefined;
}

/** Sinks the pure prologue ops whose users all come after the inner loop (or sink too) to just after it. */
function sinkPrologueIntoEpilogue(outer: Operation, inner: Operation): void {
  const body = outer.region(0).blocks[0]!;
  const prologue = body.ops.slice(0, body.ops.indexOf(inner));
  const inEpilogue = (op: Operation): boolean => operationProperlyDominates(inner, op, false);
  const sunk = new Set<Operation>();
  for (const op of [...prologue].reverse()) {
    if (!isPure(op) || op.hasTrait('DotOpInterface')) continue;
    const ok = op.results.every((r) => r.uses.every((u) => inEpilogue(u.owner) || sunk.has(u.owner)));
    if (ok) sunk.add(op);
  }
  if (sunk.size) hoistOpsBefore(body, inner.nextOp, sunk);
}

/** An `llvm.intr.assume` of `ub > lb` (or `lb < ub`) for the loop. */
function tripCountKnownPositive(loop: Operation): boolean {
  const [lb, ub] = [ForOp.lowerBound(loop), ForOp.upperBound(loop)];
  const unsigned = ForOp.unsignedCmp(loop) !== undefined;
  for (const cmp of ub.users) {
    if (!CmpIOp.is(cmp) || !cmp.result().users.some((u) => AssumeOp.is(u))) continue;
    const pred = Number(CmpIOp.predicate(cmp).value);
    const [lhs, rhs] = [CmpIOp.lhs(cmp), CmpIOp.rhs(cmp)];
    if (pred === (unsigned ? CMP_UGT : CMP_SGT) && lhs === ub && rhs === lb) return true;
    if (pred === (unsigned ? CMP_ULT : CMP_SLT) && lhs === lb && rhs === ub) return true;
  }
  return false;
}

/** Makes the inner loop known to run at least once; false when that is not possible. */
function speculateInnerLoopLength(outer: Operation, inner: Operation): boolean {
  if (tripCountKnownPositive(inner)) {
    inner.setAttr(MUST_EXECUTE_ATTR, UnitAttr.get());
    return true;
  }
  const toHoist = new Set<Operation>();
  if (!boundsOuterInvariant(outer, inner, toHoist)) return false;
  hoistOpsBefore(outer.parent!, outer, toHoist);
  inner.setAttr(MUST_EXECUTE_ATTR, UnitAttr.get());

  const b = new LocBuilder(inner.loc);
  b.setInsertionPoint(outer);
  const len = computeNumIters(b, ForOp.lowerBound(inner), ForOp.upperBound(inner), ForOp.step(inner));
  const empty = b.cmpi(CMP_EQ, len, b.intConstant(len.type, 0));
  const ifOp = b.emptyIf(outer.results.map((r) => r.type), empty);

  b.createBlock(ifOp.region(0));
  const copy = b.clone(outer, new IRMapping());
  b.yield(copy.results);
  const innerCopy = clonedInnerLoop(copy, outer, inner);
  const inits = innerCopy.operandValues.slice(3);
  innerCopy.results.forEach((r, i) => r.replaceAllUsesWith(inits[i]!));
  innerCopy.erase();
  copy.removeAttr(WARP_SPECIALIZE_ATTR);

  outer.results.forEach((r, i) => r.replaceAllUsesWith(ifOp.result(i)));
  const elseBlock = b.createBlock(ifOp.region(1));
  outer.remove();
  elseBlock.append(outer);
  b.yield(outer.results);
  return true;
}

/** The copy of `inner` inside `copy`, a clone of `outer` (same position in the body). */
function clonedInnerLoop(copy: Operation, outer: Operation, inner: Operation): Operation {
  const idx = outer.region(0).blocks[0]!.ops.indexOf(inner);
  return copy.region(0).blocks[0]!.ops[idx]!;
}

function prepareNest(nest: LoopNest): boolean {
  const outer = nest.root.loop;
  const inner = nest.root.children[0]!.loop;
  hoistLoopInvariantOps(outer, false);
  sinkPrologueIntoEpilogue(outer, inner);
  return speculateInnerLoopLength(outer, inner);
}

export function fuseNestedLoops(module: Operation): void {
  for (const func of module.region(0).blocks[0]?.ops ?? []) {
    if (!FuncOp.is(func)) continue;
    const nests: LoopNest[] = [];
    findLoopNests(func, nests);
    for (const nest of nests) {
      if (!shouldFuse(nest)) continue;
      if (nest.root.loop.getAttr(ALWAYS_FUSE_ATTR) === undefined && !prepareNest(nest)) continue;
      flatten(nest.root);
    }
  }
}

export const FUSE_NESTED_LOOPS_PASS = registerPass({
  name: 'tritongpu-fuse-nested-loops',
  className: 'TritonGPUFuseNestedLoops',
  description: 'Fuse nested loops for pipelining',
  run(module) {
    fuseNestedLoops(module);
  },
});
