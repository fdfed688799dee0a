/**
 * The coarse schedule the software pipeliner works from (Triton 3.6's CoarseSchedule): each op of a loop
 * body is given a pipeline stage and an ordering cluster. Clusters form an ordered list whose entries can be
 * inserted anywhere; an op's position in the final loop is (cluster, then its place in the body).
 *
 * Read from / written to the IR as `loop.stage` / `loop.cluster` on the body's ops and `tt.scheduled_max_stage`
 * on the loop (the attributes `tritongpu-schedule-loops` leaves). Reading renumbers the clusters from the
 * smallest id found (normalized), as the pipeliner does.
 */
import { IntegerAttr } from '../../../dialect/ir/attribute.js';
import type { Operation } from '../../../dialect/ir/ir.js';
import { forBody } from './loop-utils.js';

export const LOOP_STAGE = 'loop.stage';
export const LOOP_CLUSTER = 'loop.cluster';
export const SCHEDULED_MAX_STAGE = 'tt.scheduled_max_stage';

/** One ordering cluster: `id` is its position in the list (kept up to date on insertion). */
export interface Cluster {
  id: number;
}

export interface StageCluster {
  stage: number;
  cluster: Cluster | undefined;
}

export class CoarseSchedule {
  /** The clusters, in order. */
  readonly clusters: Cluster[] = [];
  readonly entries = new Map<Operation, StageCluster>();
  numStages: number;

  constructor(numStages = 0) {
    this.numStages = numStages;
  }

  newAtBack(): Cluster {
    const c = { id: this.clusters.length };
    this.clusters.push(c);
    return c;
  }

  /** A new cluster right before `c` (ids of `c` and later clusters shift by one). */
  newBefore(c: Cluster): Cluster {
    const i = this.clusters.indexOf(c);
    const n = { id: c.id };
    this.clusters.splice(i, 0, n);
    for (let k = i + 1; k < this.clusters.length; k++) this.clusters[k]!.id++;
    return n;
  }

  isBefore(a: Cluster | undefined, b: Cluster | undefined): boolean {
    if (a === b) return false;
    for (const c of this.clusters) {
      if (c === a) return true;
      if (c === b) return false;
    }
    throw new Error('One or both clusters not found in clusters list!');
  }

  insert(op: Operation, stage: number, cluster: Cluster | undefined): void {
    if (stage >= this.numStages) this.numStages = stage + 1;
    this.entries.set(op, { stage, cluster });
  }

  insertIfAbsent(op: Operation, stage: number, cluster: Cluster | undefined): boolean {
    if (this.entries.has(op)) return false;
    this.insert(op, stage, cluster);
    return true;
  }

  /** Keeps the earlier of the existing and the given (stage, cluster). */
  insertMinimum(op: Operation, stage: number, cluster: Cluster | undefined): boolean {
    const cur = this.entries.get(op);
    if (!cur) {
      this.insert(op, stage, cluster);
      return true;
    }
    if (stage < cur.stage) {
      cur.stage = stage;
      cur.cluster = cluster;
      return true;
    }
    if (stage > cur.stage) return false;
    const from = cluster ? this.clusters.indexOf(cluster) : -1;
    for (let k = from + 1; k < this.clusters.length; k++) {
      if (this.clusters[k] === cur.cluster) {
        if (cur.cluster === cluster) return false;
        cur.cluster = cluster;
        return true;
      }
    }
    return false;
  }

  has(op: Operation): boolean {
    return this.entries.has(op);
  }

  /** The op's (stage, cluster), or stage 0 with no cluster when unscheduled (as MapVector's operator[]). */
  get(op: Operation): StageCluster {
    const e = this.entries.get(op);
    return e ? { stage: e.stage, cluster: e.cluster } : { stage: 0, cluster: undefined };
  }

  /** Whether `a` runs before `b` in the pipelined loop: earlier stage, then earlier cluster, then body order. */
  isOpBefore(a: Operation, b: Operation): boolean {
    const x = this.get(a);
    const y = this.get(b);
    if (x.stage !== y.stage) return x.stage < y.stage;
    if (x.cluster !== y.cluster) return this.isBefore(x.cluster, y.cluster);
    return a.isBeforeInBlock(b);
  }

  isOpInEarlierCluster(a: Operation, b: Operation): boolean {
    return this.isBefore(this.get(a).cluster, this.get(b).cluster);
  }

  isOpInSameCluster(a: Operation, b: Operation): boolean {
    return this.get(a).cluster === this.get(b).cluster;
  }

  /**
   * Moves the ops of `op`'s cluster that precede `op` in the body into a new cluster right before it; returns
   * `op`'s cluster (Triton's splitClusterBefore).
   */
  splitClusterBefore(op: Operation, forOp: Operation): Cluster | undefined {
    const cluster = this.get(op).cluster;
    let split: Cluster | undefined;
    for (const o of bodyOpsWithoutTerminator(forOp)) {
      if (o === op) break;
      const e = this.entries.get(o);
      if (!e || e.cluster !== cluster || !cluster) continue;
      split ??= this.newBefore(cluster);
      e.cluster = split;
    }
    return cluster;
  }

  erase(op: Operation): void {
    this.entries.delete(op);
  }

  /** Schedules the in-body producers of `op`'s operands (nested ones too) like `op`, recursively. */
  insertDepsOfOp(op: Operation, stage: number, cluster: Cluster | undefined, includeArg: boolean, insertIfEarlier: boolean): boolean {
    let inserted = false;
    for (const operand of nestedOperands(op)) {
      let v = operand;
      const seen = new Set<unknown>();
      while (v.definingOp === undefined) {
        if (!includeArg || seen.has(v)) break;
        seen.add(v);
        const arg = v as unknown as { index: number; owner: unknown };
        if (arg.index > 0 && arg.owner === op.parent) {
          v = op.parent!.terminator!.operand(arg.index - 1);
          continue;
        }
        break;
      }
      const def = v.definingOp;
      if (def && def.parent === op.parent) {
        const ok = insertIfEarlier ? this.insertMinimum(def, stage, cluster) : this.insertIfAbsent(def, stage, cluster);
        if (ok) {
          inserted = true;
          this.insertDepsOfOp(def, stage, cluster, includeArg, insertIfEarlier);
        }
      }
    }
    return inserted;
  }

  /** Scheduled body ops ordered by cluster, then by body position, with their stage. */
  opsInOrder(forOp: Operation): { op: Operation; stage: number; cluster: Cluster }[] {
    const buckets: { op: Operation; stage: number; cluster: Cluster }[][] = this.clusters.map(() => []);
    for (const op of bodyOpsWithoutTerminator(forOp)) {
      const e = this.entries.get(op);
      if (!e || !e.cluster) continue;
      buckets[e.cluster.id]!.push({ op, stage: e.stage, cluster: e.cluster });
    }
    return buckets.flat();
  }

  /** Writes `loop.stage`/`loop.cluster` on the scheduled ops and `tt.scheduled_max_stage` on the loop. */
  serialize(forOp: Operation): void {
    for (const { op, stage, cluster } of this.opsInOrder(forOp)) {
      op.setAttr(LOOP_STAGE, IntegerAttr.i32(stage));
      op.setAttr(LOOP_CLUSTER, IntegerAttr.i32(cluster.id));
    }
    let maxStage = this.numStages - 1;
    const prev = readMaxStage(forOp);
    if (prev !== undefined) maxStage = Math.max(maxStage, prev);
    forOp.setAttr(SCHEDULED_MAX_STAGE, IntegerAttr.i32(maxStage));
  }

  /** Reads the schedule of `forOp`; undefined when the loop carries no `tt.scheduled_max_stage`. */
  static deserialize(forOp: Operation): CoarseSchedule | undefined {
    const maxStage = readMaxStage(forOp);
    if (maxStage === undefined) return undefined;
    const s = new CoarseSchedule(maxStage + 1);
    let min = -1;
    let max = -1;
    for (const op of bodyOpsWithoutTerminator(forOp)) {
      const c = intAttr(op, LOOP_CLUSTER);
      if (c === undefined || intAttr(op, LOOP_STAGE) === undefined) continue;
      if (max < 0) {
        min = c;
        max = c;
      } else {
        min = Math.min(min, c);
        max = Math.max(max, c);
      }
    }
    const byId = new Map<number, Cluster>();
    for (let i = min; i < max + 1; i++) byId.set(i, s.newAtBack());
    for (const op of bodyOpsWithoutTerminator(forOp)) {
      const stage = intAttr(op, LOOP_STAGE);
      if (stage === undefined) continue;
      const c = intAttr(op, LOOP_CLUSTER);
      s.insert(op, stage, c === undefined ? undefined : byId.get(c));
    }
    return s;
  }
}

/** Schedules the dependencies of the scheduled ops, stage by stage, like the op that needs them. */
export function scheduleDependencies(forOp: Operation, schedule: CoarseSchedule): void {
  const ordered = schedule.opsInOrder(forOp);
  for (let stage = 0; stage < schedule.numStages; stage++) {
    for (const e of ordered) {
      if (e.stage !== stage) continue;
      schedule.insertDepsOfOp(e.op, stage, e.cluster, false, true);
    }
  }
}

export function readMaxStage(forOp: Operation): number | undefined {
  return intAttr(forOp, SCHEDULED_MAX_STAGE);
}

function intAttr(op: Operation, name: string): number | undefined {
  const a = op.getAttr(name);
  return a instanceof IntegerAttr ? Number(a.value) : undefined;
}

export function bodyOpsWithoutTerminator(forOp: Operation): Operation[] {
  const ops = forBody(forOp).ops;
  return ops.slice(0, ops.length - 1);
}

/** Operands of `op` and of every op nested in it, each value once, in walk order. */
export function nestedOperands(op: Operation): import('../../../dialect/ir/ir.js').Value[] {
  const out = new Set<import('../../../dialect/ir/ir.js').Value>();
  op.walkPostOrder((n) => {
    for (const v of n.operandValues) out.add(v);
  });
  return [...out];
}
