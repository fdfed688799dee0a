/**
 * The pipeliner's coarse schedule (Triton 3.6's CoarseSchedule): each op of a loop body gets a stage (the
 * iteration offset it runs at once pipelined) and a cluster (its rank among the ops of a stage; clusters form
 * one ordered list shared by all stages). A cluster's id is its position in that list, so inserting a cluster
 * before another renumbers the ones after it, as Triton's list of ids does.
 *
 * Serialised on the IR as `loop.stage` / `loop.cluster` (i32) on the body's ops and `tt.scheduled_max_stage` on
 * the loop (`serialize` / `CoarseSchedule.deserialize`).
 */
import type { Operation } from '../../dialect/ir/ir.js';
import { BlockArgument, type Value } from '../../dialect/ir/ir.js';
import {
  ATTR_LOOP_CLUSTER,
  ATTR_LOOP_STAGE,
  ATTR_SCHEDULED_MAX_STAGE,
  bodyOps,
  intAttr,
  nestedOperands,
  setI32Attr,
} from './latency-utils.js';

/** One cluster; its id is its current position in the schedule's cluster list. */
export class Cluster {
  constructor(readonly list: ClusterList) {}
  get id(): number {
    return this.list.indexOf(this);
  }
}

/** The ordered list of clusters. */
export class ClusterList {
  private readonly items: Cluster[] = [];
  get size(): number {
    return this.items.length;
  }
  get first(): Cluster | undefined {
    return this.items[0];
  }
  indexOf(c: Cluster): number {
    const i = this.items.indexOf(c);
    if (i < 0) throw new Error('cluster not in this schedule');
    return i;
  }
  all(): readonly Cluster[] {
    return this.items;
  }
  newAtBack(): Cluster {
    const c = new Cluster(this);
    this.items.push(c);
    return c;
  }
  newAtFront(): Cluster {
    const c = new Cluster(this);
    this.items.unshift(c);
    return c;
  }
  /** A new cluster right before `c`. */
  newBefore(c: Cluster): Cluster {
    const n = new Cluster(this);
    this.items.splice(this.indexOf(c), 0, n);
    return n;
  }
  isBefore(a: Cluster, b: Cluster): boolean {
    return a !== b && this.indexOf(a) < this.indexOf(b);
  }
}

export interface StageCluster {
  stage: number;
  cluster: Cluster;
}

export class CoarseSchedule {
  readonly clusters = new ClusterList();
  /** Ops by insertion order (a MapVector in Triton). */
  readonly ops = new Map<Operation, StageCluster>();

  constructor(public numStages = 0) {}

  get empty(): boolean {
    return this.ops.size === 0;
  }
  has(op: Operation): boolean {
    return this.ops.has(op);
  }
  get(op: Operation): StageCluster | undefined {
    return this.ops.get(op);
  }
  /** The entry of an op that must be scheduled. */
  at(op: Operation): StageCluster {
    const e = this.ops.get(op);
    if (!e) throw new Error(`${op.name} is not in the schedule`);
    return e;
  }
  erase(op: Operation): void {
    this.ops.delete(op);
  }

  insert(op: Operation, stage: number, cluster: Cluster): void {
    if (stage >= this.numStages) this.numStages = stage + 1;
    this.ops.set(op, { stage, cluster });
  }

  insertIfAbsent(op: Operation, stage: number, cluster: Cluster): boolean {
    if (this.ops.has(op)) return false;
    this.insert(op, stage, cluster);
    return true;
  }

  /** Inserts, or moves an op to an earlier stage, or to an earlier cluster of the same stage. */
  insertMinimum(op: Operation, stage: number, cluster: Cluster): boolean {
    const cur = this.ops.get(op);
    if (!cur) {
      // Triton inserts into the map directly here: the stage count is left as it is.
      this.ops.set(op, { stage, cluster });
      return true;
    }
    if (stage < cur.stage) {
      this.ops.set(op, { stage, cluster });
      return true;
    }
    if (stage > cur.stage) return false;
    if (this.clusters.isBefore(cluster, cur.cluster)) {
      this.ops.set(op, { stage, cluster: cluster });
      return true;
    }
    return false;
  }

  /**
   * Schedules the producers of `op`'s (nested) operands in `op`'s block at (stage, cluster), transitively;
   * with `includeArg`, a loop-carried operand stands for the value the loop yields for it. With `insertIfEarlier`
   * an already scheduled producer moves when this is earlier (insertMinimum), else it is left alone; either way
   * the walk goes on only through producers that were (re)scheduled. Every producer gets the same (stage,
   * cluster), so the result does not depend on the visiting order: a worklist replaces Triton's recursion (long
   * def-use chains would overflow the stack).
   */
  insertDepsOfOp(op: Operation, stage: number, cluster: Cluster, includeArg: boolean, insertIfEarlier = false): boolean {
    let inserted = false;
    const work: Operation[] = [op];
    while (work.length) {
      const cur = work.pop()!;
      const block = cur.parent;
      for (const operand of nestedOperands(cur)) {
        let v: Value = operand;
        const seen = new Set<Value>();
        while (v instanceof BlockArgument) {
          if (!includeArg || seen.has(v)) break;
          seen.add(v);
          if (v.index > 0 && v.owner === block) {
            v = block.terminator!.operand(v.index - 1);
            continue;
          }
          break;
        }
        const def = v.definingOp;
        if (!def || def.parent !== block) continue;
        const ok = insertIfEarlier ? this.insertMinimum(def, stage, cluster) : this.insertIfAbsent(def, stage, cluster);
        if (ok) {
          inserted = true;
          work.push(def);
        }
      }
    }
    return inserted;
  }

  /** Shifts stages so that the first used one is 0, and sets the stage count to the span used. */
  shrinkToFit(): void {
    let min = Number.MAX_SAFE_INTEGER;
    let max = Number.MIN_SAFE_INTEGER;
    for (const e of this.ops.values()) {
      min = Math.min(min, e.stage);
      max = Math.max(max, e.stage);
    }
    for (const e of this.ops.values()) e.stage -= min;
    this.numStages = max - min + 1;
  }

  /**
   * Splits the cluster of `op`: the ops of the loop body before `op` in that cluster move to a new cluster right
   * before it. Returns `op`'s cluster.
   */
  splitClusterBefore(op: Operation, forOp: Operation): Cluster {
    const cluster = this.at(op).cluster;
    let fresh: Cluster | undefined;
    for (const o of bodyOps(forOp)) {
      if (o === op) break;
      const e = this.ops.get(o);
      if (e && e.cluster === cluster) {
        fresh ??= this.clusters.newBefore(cluster);
        e.cluster = fresh;
      }
    }
    return cluster;
  }

  /** Whether `a` comes before `b` in the pipelined loop (stage, then cluster, then body order). */
  isOpBefore(a: Operation, b: Operation): boolean {
    const ea = this.at(a);
    const eb = this.at(b);
    if (ea.stage !== eb.stage) return ea.stage < eb.stage;
    if (ea.cluster !== eb.cluster) return this.clusters.isBefore(ea.cluster, eb.cluster);
    return a.isBeforeInBlock(b);
  }
  isOpInEarlierCluster(a: Operation, b: Operation): boolean {
    return this.clusters.isBefore(this.at(a).cluster, this.at(b).cluster);
  }
  isOpInSameCluster(a: Operation, b: Operation): boolean {
    return this.at(a).cluster === this.at(b).cluster;
  }

  /** The scheduled ops of the loop body, cluster by cluster, in body order within a cluster. */
  opsInOrder(forOp: Operation): { op: Operation; stage: number; cluster: Cluster }[] {
    const buckets: { op: Operation; stage: number; cluster: Cluster }[][] = this.clusters.all().map(() => []);
    for (const op of bodyOps(forOp)) {
      const e = this.ops.get(op);
      if (!e) continue;
      buckets[e.cluster.id]!.push({ op, stage: e.stage, cluster: e.cluster });
    }
    return buckets.flat();
  }

  /** Writes `loop.stage` / `loop.cluster` on the scheduled ops and `tt.scheduled_max_stage` on the loop. */
  serialize(forOp: Operation): void {
    for (const { op, stage, cluster } of this.opsInOrder(forOp)) {
      setI32Attr(op, ATTR_LOOP_STAGE, stage);
      setI32Attr(op, ATTR_LOOP_CLUSTER, cluster.id);
    }
    let maxStage = this.numStages - 1;
    const prev = intAttr(forOp, ATTR_SCHEDULED_MAX_STAGE);
    if (prev !== undefined) maxStage = Math.max(maxStage, prev);
    setI32Attr(forOp, ATTR_SCHEDULED_MAX_STAGE, maxStage);
  }

  /**
   * Reads a loop's serialised schedule (undefined when the loop has no `tt.scheduled_max_stage`). With
   * `normalizeClusterIds`, cluster ids min..max become 0..max-min; otherwise clusters 0..max are created.
   */
  static deserialize(forOp: Operation, normalizeClusterIds = true): CoarseSchedule | undefined {
    const maxStage = intAttr(forOp, ATTR_SCHEDULED_MAX_STAGE);
    if (maxStage === undefined) return undefined;
    let minCluster = -1;
    let maxCluster = -1;
    for (const op of bodyOps(forOp)) {
      const s = intAttr(op, ATTR_LOOP_STAGE);
      const c = intAttr(op, ATTR_LOOP_CLUSTER);
      if (s === undefined || c === undefined) continue;
      if (maxCluster < 0) {
        minCluster = c;
        maxCluster = c;
        continue;
      }
      maxCluster = Math.max(maxCluster, c);
      minCluster = Math.min(minCluster, c);
    }
    const sched = new CoarseSchedule(maxStage + 1);
    const byId = new Map<number, Cluster>();
    for (let i = normalizeClusterIds ? minCluster : 0; i <= maxCluster; i++) byId.set(i, sched.clusters.newAtBack());
    for (const op of bodyOps(forOp)) {
      const s = intAttr(op, ATTR_LOOP_STAGE);
      if (s === undefined) continue;
      const c = intAttr(op, ATTR_LOOP_CLUSTER);
      let cluster = c === undefined ? undefined : byId.get(c);
      if (!cluster) {
        // Triton's map default-constructs a missing id's cluster; give it a fresh one at the back.
        cluster = sched.clusters.newAtBack();
        if (c !== undefined) byId.set(c, cluster);
      }
      sched.insert(op, s, cluster);
    }
    return sched;
  }
}

/**
 * Schedules the producers of every scheduled op with it (same stage and cluster), stage by stage, moving a
 * producer to the earliest (stage, cluster) that needs it.
 */
export function scheduleDependencies(forOp: Operation, schedule: CoarseSchedule): void {
  const inOrder = schedule.opsInOrder(forOp);
  for (let stage = 0; stage < schedule.numStages; stage++) {
    for (const e of inOrder) {
      if (e.stage !== stage) continue;
      schedule.insertDepsOfOp(e.op, stage, e.cluster, false, true);
    }
  }
}
