/**
 * `--triton-nvidia-mma-lowering` (Triton 3.6's TritonNvidiaGPUMMALoweringPass), with the greedy driver's defaults
 * (folding, constant CSE, aggressive region simplification; inputs without Blackwell MMAs only see those):
 * - a synchronous `ttng.tc_gen5_mma(_scaled)` becomes asynchronous with a fresh one-shot mbarrier as completion
 *   barrier (allocated and initialised before it, waited on phase 0 under the MMA's predicate and invalidated
 *   after it);
 * - scales of `ttng.tc_gen5_mma_scaled` in shared memory are copied to tensor memory (`ttng.tmem_alloc` with the
 *   scales encoding, rows = the MMA's M or N, and `ttng.tmem_copy`);
 * - `ttng.tc_gen5_commit`s that follow an MMA across pure ops (with the same predicate, or any when the MMA's
 *   predicate is constant true) become completion barriers of the MMA, when what defines their barrier and
 *   predicate can be moved above it.
 */
import { IntegerAttr, UnitAttr } from '../dialect/ir/attribute.js';
import type { Operation, Value } from '../dialect/ir/ir.js';
import type { PatternRewriter } from '../dialect/ir/rewriter.js';
import { isPure } from '../dialect/ir/traits.js';
import { IntegerType } from '../dialect/ir/type.js';
import { SwizzledSharedEncodingAttr } from '../dialect/ttg/attrs/shared.js';
import { SharedMemorySpaceAttr } from '../dialect/ttg/attrs/memory-space.js';
import { getCTASplitNum } from '../dialect/ttg/layout-queries.js';
import { MemDescType } from '../dialect/ttg/types.js';
import { TensorMemoryScalesEncodingAttr, TensorMemorySpaceAttr } from '../dialect/ttng/attrs.js';
import { applyPatternsGreedily } from '../dialect/ir/rewrite/greedy.js';
import type { RewritePattern } from '../dialect/ir/rewrite/pattern.js';
import { registerPass } from './pass.js';
import { ConstantOp } from '../dialect/arith/ops.js';
import { TCGen5CommitOp } from '../dialect/ttng/mma-v5-effects.js';
import { LocalAllocOp } from '../dialect/ttg/ops.js';
import { InitBarrierOp, InvalBarrierOp, TMEMAllocOp, TMEMCopyOp, WaitBarrierOp } from '../dialect/ttng/ops.js';
import { TCGen5MMAOp, TCGen5MMAScaledOp } from '../dialect/ttng/mma-v5-ops.js';

const MMAV5 = [TCGen5MMAOp, TCGen5MMAScaledOp];
type MmaV5Handle = (typeof MMAV5)[number];
const i1 = IntegerType.get(1);

function constant(rw: PatternRewriter, loc: Operation['loc'], type: IntegerType, v: number): Value {
  return rw.create({ name: ConstantOp.opName, resultTypes: [type], attributes: [['value', IntegerAttr.get(type, v)]], loc }).result(0);
}

/** MMAv5OpInterface::addCompletionBarrier: appends a barrier and its predicate. */
function addCompletionBarrier(rw: PatternRewriter, mma: Operation, barrier: Value, pred: Value): void {
  rw.modifyOpInPlace(mma, () => {
    const names = mma.def!.operands.map((o) => o.name);
    const groups = names.map((n) => [...mma.operandGroup(n)]);
    groups[names.indexOf('barriers')]!.push(barrier);
    groups[names.indexOf('barrier_preds')]!.push(pred);
    mma.setOperands(groups.flat());
    mma.operandSegments = groups.map((g) => g.length);
  });
}

function syncMmaLowering(mma: MmaV5Handle): RewritePattern {
  return {
    name: 'SyncMMALowering',
    rootName: mma.opName,
    matchAndRewrite(op, rw) {
      if (mma.is_async(op) !== undefined) return false;
      const loc = op.loc;
      const barrierType = MemDescType.get({
        shape: [1],
        elementType: IntegerType.get(64),
        encoding: SwizzledSharedEncodingAttr.get({ vec: 1, perPhase: 1, maxPhase: 1, order: [0] }),
        memorySpace: SharedMemorySpaceAttr.get(),
        mutableMemory: true,
      });
      const barrier = rw.create({ name: LocalAllocOp.opName, resultTypes: [barrierType], loc }).result(0);
      rw.create({ name: InitBarrierOp.opName, operands: [barrier], attributes: [['count', IntegerAttr.i32(1)]], loc });
      addCompletionBarrier(rw, op, barrier, constant(rw, loc, i1, 1));
      rw.modifyOpInPlace(op, () => op.setAttr('is_async', UnitAttr.get()));
      rw.setInsertionPointAfter(op);
      const phase = constant(rw, loc, IntegerType.get(32), 0);
      rw.create({ name: WaitBarrierOp.opName, operands: [barrier, phase, mma.pred(op)], operandSegments: [1, 1, 1, 0], loc });
      rw.create({ name: InvalBarrierOp.opName, operands: [barrier], loc });
      return true;
    },
  };
}

const SCALES_TO_TMEM: RewritePattern = {
  name: 'TCGen5MMAScaleSharedToTmemConversion',
  rootName: TCGen5MMAScaledOp.opName,
  matchAndRewrite(op, rw) {
    let changed = false;
    const blockM = (TCGen5MMAScaledOp.a(op).type as MemDescType).shape[0]!;
    const bShape = (TCGen5MMAScaledOp.b(op).type as MemDescType).shape;
    const blockN = bShape[bShape.length - 1]!;
    for (const [scale, rows] of [
      [TCGen5MMAScaledOp.a_scale, blockM],
      [TCGen5MMAScaledOp.b_scale, blockN],
    ] as const) {
      const v = scale(op);
      const t = v.type as MemDescType;
      if (!(t.memorySpace instanceof SharedMemorySpaceAttr)) continue;
      const numElems = t.shape.reduce((a, b) => a * b, 1);
      const split = getCTASplitNum(t.encoding);
      const enc = TensorMemoryScalesEncodingAttr.get(split[0] ?? 1, split[1] ?? 1);
      const tmemType = MemDescType.get({ shape: [rows, numElems / rows], elementType: t.elementType, encoding: enc, memorySpace: TensorMemorySpaceAttr.get(), mutableMemory: true });
      const alloc = rw.create({ name: TMEMAllocOp.opName, resultTypes: [tmemType], loc: op.loc }).result(0);
      rw.create({ name: TMEMCopyOp.opName, operands: [v, alloc], loc: op.loc });
      const index = op.operands.findIndex((o) => o.value === v);
      rw.modifyOpInPlace(op, () => op.setOperand(index, alloc));
      changed = true;
    }
    return changed;
  },
};

function isConstTrue(v: Value | undefined): boolean {
  const def = v?.definingOp;
  if (!def || !ConstantOp.is(def)) return false;
  const a = ConstantOp.value(def);
  return a instanceof IntegerAttr && a.isBool() && a.value !== 0n;
}

/** moveDefiningOpsBefore: moves the pure ops after `target` (same block) that `val` depends on above it. */
function moveDefiningOpsBefore(val: Value, target: Operation): boolean {
  const toMove: Operation[] = [];
  const collect = (v: Value): boolean => {
    const def = v.definingOp;
    if (!def || def.parent !== target.parent || !target.isBeforeInBlock(def)) return true;
    if (!isPure(def)) return false;
    for (const o of def.operandValues) if (!collect(o)) return false;
    if (!toMove.includes(def)) toMove.push(def);
    return true;
  };
  if (!collect(val)) return false;
  for (const op of toMove) op.moveBefore(target);
  return true;
}

function mergeCommitIntoMma(mma: MmaV5Handle): RewritePattern {
  return {
    name: 'MergeCommitIntoMMA',
    rootName: mma.opName,
    matchAndRewrite(op, rw) {
      const mmaPred = mma.pred(op);
      const commits: [Operation, Value | undefined][] = [];
      for (let next = op.nextOp; next; next = next.nextOp) {
        if (TCGen5CommitOp.is(next)) {
          const pred = TCGen5CommitOp.pred(next);
          if (isConstTrue(mmaPred) || mmaPred === pred) commits.push([next, pred]);
        } else if (!isPure(next)) break;
      }
      if (commits.length === 0) return false;
      for (const [commit, p] of commits) {
        const pred = p ?? constant(rw, op.loc, i1, 1);
        const barrier = TCGen5CommitOp.barrier(commit);
        if (!moveDefiningOpsBefore(barrier, op) || !moveDefiningOpsBefore(pred, op)) continue;
        addCompletionBarrier(rw, op, barrier, pred);
        rw.eraseOp(commit);
      }
      return true;
    },
  };
}

export function lowerMmas(mod: Operation): void {
  applyPatternsGreedily(mod, [...MMAV5.map(syncMmaLowering), SCALES_TO_TMEM, ...MMAV5.map(mergeCommitIntoMma)]);
}

registerPass({
  name: 'triton-nvidia-mma-lowering',
  className: 'TritonNvidiaGPUMMALoweringPass',
  description: 'lower mma operations if needed',
  run(mod) {
    lowerMmas(mod);
  },
});
