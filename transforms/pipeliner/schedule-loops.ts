/**
 * `--tritongpu-schedule-loops` (Triton 3.6's TritonGPUScheduleLoops): turns the `tt.latency` attributes that
 * assign-latencies left into a coarse schedule of each innermost `scf.for` (`loop.stage` / `loop.cluster` on its
 * ops, `tt.scheduled_max_stage` on the loop), and removes the latencies.
 *
 * Decided from: the latencies and the def-use graph of the loop body. The stage of an op downstream of a latency
 * op is (longest latency path of the loop) - (longest latency path from the op to the end of the body); each
 * stage gets one cluster, later stages first. Then: `scf.if`s that feed scheduled ops go to a prologue cluster
 * (at the stage of their first consumer), other `scf.if`s to an epilogue cluster in the last stage; producers are
 * pulled into the (stage, cluster) of their earliest consumer; values yielded to a scheduled op of an earlier
 * stage go one stage later, in a cluster just before the consumer's (loads stay with the consumer); everything
 * else goes to the last stage, in the first cluster after its last-stage producers.
 *
 * Loops that are outer loops, yield a block argument, contain a `gpu.barrier` or have no latency op are left
 * alone; a `tt.warp_specialize` loop without latencies is re-scheduled from its serialised schedule.
 */
import { exceptionAsOpError } from '../../dialect/ir/diagnostics.js';
import type { Operation } from '../../dialect/ir/ir.js';
import { BlockArgument } from '../../dialect/ir/ir.js';
import { registerPass } from '../pass.js';
import {
  ATTR_WARP_SPECIALIZE,
  ancestorInBlock,
  bodyOps,
  collectForOps,
  deserializeLatencies,
  isOuterLoop,
  loopBody,
  loopHasDistGreaterThanOne,
  loopYield,
  nestedOperands,
  resultUsers,
} from './latency-utils.js';
import { type Cluster, CoarseSchedule, scheduleDependencies } from './schedule.js';
import { BarrierOp } from '../../dialect/gpu/ops.js';
import { opNameOf } from '../../dialect/ir/op-handle.js';
import { IfOp } from '../../dialect/scf/ops.js';
import { DescriptorGatherOp, DescriptorLoadOp, LoadOp } from '../../dialect/tt/ops.js';
import { AsyncCopyGlobalToLocalOp, LocalLoadOp, LocalStoreOp } from '../../dialect/ttg/ops.js';
import { TCGen5MMAOp, TCGen5MMAScaledOp } from '../../dialect/ttng/mma-v5-ops.js';
import { ArriveBarrierOp, AsyncTMACopyGlobalToLocalOp, TMEMLoadOp, TMEMStoreOp, WaitBarrierOp } from '../../dialect/ttng/ops.js';
import { AsyncTMAGatherOp } from '../../dialect/ttng/tma-gather-op.js';

function hasGpuBarriers(forOp: Operation): boolean {
  let found = false;
  forOp.walk((op) => {
    if (BarrierOp.is(op)) found = true;
  });
  return found;
}

/** The preconditions of pipelining a loop: innermost, no loop-carried block argument, no gpu.barrier. */
export function isSafeToPipeline(forOp: Operation): boolean {
  return !loopHasDistGreaterThanOne(forOp) && !isOuterLoop(forOp) && !hasGpuBarriers(forOp);
}

/** Stages from the latency paths (see the file comment), one cluster per stage, and an epilogue for scf.ifs. */
function scheduleKeyOps(forOp: Operation, latencies: ReadonlyMap<Operation, number>): CoarseSchedule {
  const body = loopBody(forOp);
  const terminator = loopYield(forOp);
  const latOps = bodyOps(forOp).filter((op) => latencies.has(op));
  if (latOps.length === 0) return new CoarseSchedule(0);

  // The longest latency path from each op downstream of a latency op to the end of the body (users in nested
  // regions count as their ancestor in the body; the yield does not count). An explicit post-order walk, as
  // long def-use chains would overflow the stack.
  const distance = new Map<Operation, number>();
  const usersInBody = (op: Operation): Operation[] => {
    const out: Operation[] = [];
    for (const user of resultUsers(op)) {
      const inBlock = ancestorInBlock(body, user);
      if (inBlock && inBlock !== terminator) out.push(inBlock);
    }
    return out;
  };
  const computeDistance = (root: Operation): number => {
    // Users come after their producer in the block (or contain it in a nested region), so there is no cycle.
    const stack: { op: Operation; users: Operation[]; next: number }[] = [];
    if (!distance.has(root)) stack.push({ op: root, users: usersInBody(root), next: 0 });
    while (stack.length) {
      const top = stack[stack.length - 1]!;
      if (top.next < top.users.length) {
        const u = top.users[top.next++]!;
        if (!distance.has(u)) stack.push({ op: u, users: usersInBody(u), next: 0 });
        continue;
      }
      stack.pop();
      let maxDist = -1;
      for (const u of top.users) maxDist = Math.max(maxDist, distance.get(u)!);
      distance.set(top.op, (latencies.get(top.op) ?? 0) + Math.max(maxDist, 0));
    }
    return distance.get(root)!;
  };
  let maxDistance = 0;
  for (const op of latOps) maxDistance = Math.max(maxDistance, computeDistance(op));

  const opToStage = new Map<Operation, number>();
  for (const [op, d] of distance) if (d >= 0) opToStage.set(op, maxDistance - d);
  const maxStage = Math.max(...opToStage.values());
  const schedule = new CoarseSchedule(maxStage + 1);
  const clusters: Cluster[] = [];
  for (let i = 0; i <= maxStage; i++) clusters.push(schedule.clusters.newAtBack());
  for (const [op, stage] of opToStage) schedule.insert(op, stage, clusters[maxStage - stage]!);

  // scf.ifs downstream of the latency ops go as late as possible, unless something scheduled depends on them.
  const epilogue = schedule.clusters.newAtBack();
  for (const [op, stage] of opToStage) {
    if (!IfOp.is(op) || latencies.has(op)) continue;
    if (forwardSliceHas(op, (o) => opToStage.has(o))) continue;
    schedule.insert(op, stage, epilogue);
  }
  return schedule;
}

const WS_LATENCY_OPS: ReadonlySet<string> = new Set(
  [
    LoadOp,
    DescriptorLoadOp,
    DescriptorGatherOp,
    LocalStoreOp,
    LocalLoadOp,
    TMEMLoadOp,
    TMEMStoreOp,
    AsyncCopyGlobalToLocalOp,
    AsyncTMACopyGlobalToLocalOp,
    AsyncTMAGatherOp,
    TCGen5MMAOp,
    TCGen5MMAScaledOp,
    WaitBarrierOp,
    ArriveBarrierOp,
  ].map(opNameOf),
);

function initialSchedule(forOp: Operation, latencies: ReadonlyMap<Operation, number>): CoarseSchedule {
  if (!isSafeToPipeline(forOp)) return new CoarseSchedule(0);
  if (bodyOps(forOp).some((op) => latencies.has(op))) return scheduleKeyOps(forOp, latencies);
  if (forOp.getAttr(ATTR_WARP_SPECIALIZE) === undefined) return new CoarseSchedule(0);
  const schedule = CoarseSchedule.deserialize(forOp);
  if (!schedule) return new CoarseSchedule(0);
  // A loop split out of a warp-specialized loop: keep its stages unless its latency ops all share one stage.
  const ops = bodyOps(forOp);
  const stages = new Set<number>();
  for (const op of ops) {
    if (!latencies.has(op) && !WS_LATENCY_OPS.has(op.name)) continue;
    const e = schedule.get(op);
    if (e) stages.add(e.stage);
  }
  if (stages.size <= 1) {
    const flat = new CoarseSchedule(1);
    const cluster = flat.clusters.newAtFront();
    for (const op of ops) flat.insert(op, 0, cluster);
    return flat;
  }
  schedule.shrinkToFit();
  return schedule;
}

/**
 * The union of MLIR's getBackwardSlice(op) (omitBlockArguments, uses from above included) over `roots`: the
 * producers of their operands and of the values their nested ops use from above, transitively. One walk for all
 * roots (a root is in the union only as another root's producer, as the def-use graph has no cycle).
 */
function backwardSliceUnion(roots: readonly Operation[]): Set<Operation> {
  const slice = new Set<Operation>();
  const work: Operation[] = [...roots];
  while (work.length) {
    const op = work.pop()!;
    if (op.hasTrait('IsolatedFromAbove')) continue;
    const values = op.regions.length ? nestedOperands(op) : op.operandValues;
    for (const v of values) {
      const def = v.definingOp;
      if (def && !slice.has(def)) {
        slice.add(def);
        work.push(def);
      }
    }
  }
  return slice;
}

/** Whether some op of MLIR's forward slice of `op` (its users and nested ops, transitively) satisfies `pred`. */
function forwardSliceHas(op: Operation, pred: (o: Operation) => boolean): boolean {
  const seen = new Set<Operation>([op]);
  const work: Operation[] = [op];
  while (work.length) {
    const cur = work.pop()!;
    const next: Operation[] = [];
    for (const r of cur.regions) for (const b of r.blocks) next.push(...b.ops);
    for (const res of cur.results) for (const u of res.uses) next.push(u.owner);
    for (const o of next) {
      if (seen.has(o)) continue;
      if (pred(o)) return true;
      seen.add(o);
      work.push(o);
    }
  }
  return false;
}

/**
 * scf.ifs feeding scheduled ops go to a new first cluster (at the stage of their earliest consumer), the other
 * scf.ifs of the body to a new last cluster in the last stage. Returns the cluster that was first before.
 */
function schedulePrologueAndEpilogue(forOp: Operation, schedule: CoarseSchedule): Cluster {
  const afterPrologue = schedule.clusters.first ?? schedule.clusters.newAtBack();
  const ifStage = new Map<Operation, number>();
  const inOrder = schedule.opsInOrder(forOp);
  for (let stage = 0; stage < schedule.numStages; stage++) {
    const roots = inOrder.filter((e) => e.stage === stage).map((e) => e.op);
    for (const op of backwardSliceUnion(roots)) if (IfOp.is(op) && !ifStage.has(op)) ifStage.set(op, stage);
  }
  if (ifStage.size) {
    const prologue = schedule.clusters.newAtFront();
    for (const [ifOp, stage] of ifStage) schedule.insertIfAbsent(ifOp, stage, prologue);
  }
  const epilogue = schedule.clusters.newAtBack();
  for (const op of bodyOps(forOp)) {
    if (IfOp.is(op) && !ifStage.has(op)) schedule.insertIfAbsent(op, schedule.numStages - 1, epilogue);
  }
  return afterPrologue;
}

/**
 * A scheduled op that reads a loop-carried value from an earlier stage than the last: the unscheduled producer of
 * the yielded value goes one stage later, in a cluster right before the op's (a load stays with the op).
 */
function scheduleDistanceOneDependencies(forOp: Operation, schedule: CoarseSchedule): void {
  const numStages = schedule.numStages;
  const before = new Map<Cluster, Cluster>();
  for (const op of bodyOps(forOp)) {
    const e = schedule.get(op);
    if (!e) continue;
    const { stage, cluster } = e;
    if (stage === numStages - 1) continue;
    for (const operand of nestedOperands(op)) {
      if (!(operand instanceof BlockArgument) || operand.index === 0 || operand.owner !== op.parent) continue;
      const v = op.parent.terminator!.operand(operand.index - 1);
      const def = v.definingOp;
      if (!def || schedule.has(def)) continue;
      if (LoadOp.is(def)) {
        schedule.insertIfAbsent(def, stage, cluster);
        schedule.insertDepsOfOp(def, stage, cluster, true, true);
      } else {
        let c = before.get(cluster);
        if (!c) {
          c = schedule.clusters.newBefore(cluster);
          before.set(cluster, c);
        }
        schedule.insertIfAbsent(def, stage + 1, c);
        schedule.insertDepsOfOp(def, stage + 1, c, true, true);
      }
    }
  }
}

/**
 * Everything unscheduled goes to the last stage, in `afterPrologue` or, when a last-stage producer sits in a
 * later cluster, in that producer's cluster.
 */
function scheduleRemainingToLastStage(forOp: Operation, schedule: CoarseSchedule, afterPrologue: Cluster): void {
  const last = schedule.numStages - 1;
  const opToCluster = new Map<Operation, Cluster>();
  for (const op of bodyOps(forOp)) if (!schedule.has(op)) opToCluster.set(op, afterPrologue);
  const queue: Operation[] = [];
  for (const e of schedule.opsInOrder(forOp)) if (e.stage === last) queue.push(e.op);
  while (queue.length) {
    const op = queue.pop()!;
    for (const user of resultUsers(op)) {
      const userCluster = opToCluster.get(user);
      if (!userCluster) continue;
      const opCluster = schedule.get(op)?.cluster ?? opToCluster.get(op)!;
      if (userCluster.id < opCluster.id) {
        opToCluster.set(user, opCluster);
        queue.push(user);
      }
    }
  }
  for (const [op, cluster] of opToCluster) schedule.insert(op, last, cluster);
}

function scheduleLoop(forOp: Operation, latencies: ReadonlyMap<Operation, number>): void {
  const schedule = initialSchedule(forOp, latencies);
  if (schedule.empty) return;
  const afterPrologue = schedulePrologueAndEpilogue(forOp, schedule);
  scheduleDependencies(forOp, schedule);
  scheduleDistanceOneDependencies(forOp, schedule);
  scheduleRemainingToLastStage(forOp, schedule, afterPrologue);
  schedule.serialize(forOp);
}

export function scheduleLoops(module: Operation): void {
  const latencies = deserializeLatencies(module);
  for (const forOp of collectForOps(module)) {
    try {
      scheduleLoop(forOp, latencies);
    } catch (e) {
      throw exceptionAsOpError(forOp, e) ?? e;
    }
  }
}

registerPass({
  name: 'tritongpu-schedule-loops',
  className: 'TritonGPUScheduleLoops',
  description: 'software pipeline loop scheduling',
  run(module) {
    scheduleLoops(module);
  },
});
